// rvv_alu — the integer ALU of rvv_core's EX stage. op = {funct7[5], funct3}
// of OP/OP-IMM (8 = sub, 13 = sra); 15 passes a (fmv.x.w / fmv.w.x).
`default_nettype none

module rvv_alu (
    input  wire [3:0]  op,
    input  wire [31:0] a,
    input  wire [31:0] b,
    output reg  [31:0] y
);
    always @(*) begin
        case (op)
            4'd0:    y = a + b;
            4'd8:    y = a - b;
            4'd1:    y = a << b[4:0];
            4'd2:    y = {31'd0, $signed(a) < $signed(b)};
            4'd3:    y = {31'd0, a < b};
            4'd4:    y = a ^ b;
            4'd5:    y = a >> b[4:0];
            4'd13:   y = $signed(a) >>> b[4:0];
            4'd6:    y = a | b;
            4'd7:    y = a & b;
            default: y = a;
        endcase
    end
endmodule

`default_nettype wire
