// rvv_vdecode — legality and operand-use decode of one vector instruction.
//
// Combinational. The rules are the function rvv_vdec (rvv_vdecode.vh), which the
// scalar core calls in ID (memoised: see there) so an illegal vector instruction
// traps precisely at issue; rvv_vec trusts what reaches vq_*.
// The rules follow the RVV 1.0 spec as QEMU 7.2 applies them (QEMU is the
// judge in co-simulation): register-group alignment for the (effective) LMUL,
// require_vm (a masked op must not write v0 unless its destination is a mask),
// the overlap rules of widening/narrowing/slide/gather/iota/ext ops, SEW
// limits (fp needs SEW=32: Zve32f has no half precision).
//
// vtype = {vma, vta, vsew[2:0], vlmul[2:0]}. vill is not a bit of this byte:
// the core signals it by passing any reserved encoding (vsew >= 3, vlmul =
// 4, or a fractional LMUL below SEW/ELEN) and every vtype-dependent vector
// instruction is then illegal. Whole-register loads/stores/moves do not depend
// on vtype and stay legal.
//
// is_vec: goes to the vector unit (OP-V other than vset*, and LOAD-FP/STORE-FP
// with a vector width). vsetvli/vsetivli/vsetvl are executed by the core.
// Segment loads/stores: unit-stride only (vlseg<nf>e<eew>/vsseg<nf>e<eew>,
// RVV 1.0 / QEMU require_nf: NF*EMUL <= 8 and vd + NF*EMUL <= 32, fractional
// EMUL counting 1). Not supported (illegal here): strided and indexed segment
// loads/stores, fault-only-first loads, fixed-point ops, vadc/vsbc family,
// vcompress, widening/narrowing fp arithmetic (needs fp16), vfwcvt/vfncvt
// forms whose narrow side is fp16.
`default_nettype none

module rvv_vdecode (
    input  wire [31:0] insn,
    input  wire [7:0]  vtype,
    output reg         is_vec,
    output reg         legal,
    output reg         rd_x,
    output reg         rd_f,
    output reg         use_xs1,
    output reg         use_xs2,
    output reg         use_fs1,
    output reg         is_vmem,
    output reg         is_vstore
);
`include "rvv_vdecode.vh"   // rvv_vdec: the rules, shared with rvv_core's ID memo

    always @(*) {is_vec, legal, rd_x, rd_f, use_xs1, use_xs2, use_fs1, is_vmem, is_vstore} = rvv_vdec(insn, vtype);
endmodule

`default_nettype wire
