// rvv_vtype — what a vset{i}vl{i} makes of a requested vtype: vill for a
// reserved one (reserved bits, vill itself, SEW > ELEN = 32, LMUL 1/8 or LMUL
// below SEW/ELEN, vlmul = 4), as QEMU 7.2 decides; the vtype CSR value then
// (0x8000_0000 when vill). Used in ID (the front vtype the vector decoder
// judges by) and in EX (the architectural one and VLMAX).
`default_nettype none

module rvv_vtype (
    input  wire [31:0] req,
    output wire        vill,
    output wire [31:0] vtype
);
    wire [2:0] lmul = req[2:0];
    wire [2:0] sew  = req[5:3];
    assign vill = req[31:8] != 24'd0 || sew > 3'd2 || lmul == 3'd4 || lmul == 3'd5 ||
                  (lmul == 3'd6 && sew != 3'd0) || (lmul == 3'd7 && sew == 3'd2);
    assign vtype = vill ? 32'h8000_0000 : {24'd0, req[7:0]};
endmodule

`default_nettype wire
