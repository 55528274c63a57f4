// rvv_div — div, divu, rem, remu: one quotient bit per cycle (restoring
// division of the magnitudes, 32 cycles + 1 to fix the signs). Division by
// zero and the signed overflow (-2^31 / -1) take the RISC-V results at once.
// Protocol: start (one cycle, while !busy && !done) -> busy ... -> done with
// result held until clear.
`default_nettype none

module rvv_div (
    input  wire        clk,
    input  wire        rst,
    input  wire        start,
    input  wire [1:0]  op,      // funct3[1:0]: 0 div, 1 divu, 2 rem, 3 remu
    input  wire [31:0] a,
    input  wire [31:0] b,
    input  wire        clear,
    output reg         busy,
    output reg         done,
    output reg  [31:0] result
);
    reg [31:0] quo, rem_r, dvs;
    reg [5:0]  cnt;
    reg        neg_q, neg_r, want_rem;

    wire        sgn = ~op[0];
    wire        a_neg = sgn & a[31];
    wire        b_neg = sgn & b[31];
    wire [31:0] a_mag = a_neg ? -a : a;
    wire [31:0] b_mag = b_neg ? -b : b;

    // one restoring step: shift the next dividend bit into the partial remainder
    wire [32:0] trial = {rem_r, quo[31]} - {1'b0, dvs};
    wire        fits  = ~trial[32];

    always @(posedge clk) begin
        if (rst) begin
            busy <= 1'b0;
            done <= 1'b0;
        end else if (start) begin
            if (b == 32'd0) begin
                result <= op[1] ? a : 32'hffff_ffff;
                done   <= 1'b1;
            end else if (sgn && a == 32'h8000_0000 && b == 32'hffff_ffff) begin
                result <= op[1] ? 32'd0 : 32'h8000_0000;
                done   <= 1'b1;
            end else begin
                busy     <= 1'b1;
                quo      <= a_mag;
                rem_r    <= 32'd0;
                dvs      <= b_mag;
                cnt      <= 6'd32;
                neg_q    <= a_neg ^ b_neg;
                neg_r    <= a_neg;
                want_rem <= op[1];
            end
        end else if (busy) begin
            if (cnt != 6'd0) begin
                rem_r <= fits ? trial[31:0] : {rem_r[30:0], quo[31]};
                quo   <= {quo[30:0], fits};
                cnt   <= cnt - 6'd1;
            end else begin
                busy   <= 1'b0;
                done   <= 1'b1;
                result <= want_rem ? (neg_r ? -rem_r : rem_r) : (neg_q ? -quo : quo);
            end
        end else if (clear) begin
            done <= 1'b0;
        end
    end
endmodule

`default_nettype wire
