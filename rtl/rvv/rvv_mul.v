// rvv_mul — 32x32 multiply (mul, mulh, mulhsu, mulhu) in two register stages
// aligned with the pipeline: stage 1 (EX) forms four 17x17 partial products of
// the sign-extended operands, stage 2 (MEM) adds them; the product is in the
// stage-2 register when the instruction reaches WB. en1/en2 are the pipeline's
// EX->MEM and MEM->WB advances, so the unit freezes with the pipeline.
`default_nettype none

module rvv_mul (
    input  wire        clk,
    input  wire        en1,
    input  wire        en2,
    input  wire [1:0]  op,      // funct3[1:0]: 0 mul, 1 mulh, 2 mulhsu, 3 mulhu
    input  wire [31:0] a,
    input  wire [31:0] b,
    output wire [31:0] result
);
    wire sa = (op == 2'd1 || op == 2'd2) & a[31];   // a signed for mulh, mulhsu
    wire sb = (op == 2'd1) & b[31];                 // b signed for mulh only

    // a = ah * 2^16 + al with al unsigned (16 bits) and ah signed (17 bits)
    wire signed [16:0] ah = {sa, a[31:16]};
    wire signed [16:0] bh = {sb, b[31:16]};
    wire signed [16:0] al = {1'b0, a[15:0]};
    wire signed [16:0] bl = {1'b0, b[15:0]};

    reg signed [33:0] p_ll, p_lh, p_hl, p_hh;
    reg               hi1;
    reg        [31:0] res;

    wire [63:0] hh  = {{30{p_hh[33]}}, p_hh};
    wire [63:0] mid = {{30{p_lh[33]}}, p_lh} + {{30{p_hl[33]}}, p_hl};
    wire [63:0] ll  = {{30{p_ll[33]}}, p_ll};
    wire [63:0] sum = (hh << 32) + (mid << 16) + ll;

    always @(posedge clk) begin
        if (en1) begin
            p_ll <= al * bl;
            p_lh <= al * bh;
            p_hl <= ah * bl;
            p_hh <= ah * bh;
            hi1  <= op != 2'd0;
        end
        if (en2) begin
            res <= hi1 ? sum[63:32] : sum[31:0];
        end
    end
    assign result = res;
endmodule

`default_nettype wire
