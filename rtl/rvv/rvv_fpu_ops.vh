// rvv_fpu_ops.vh — operation codes of rvv_fpu (the 5-bit `op` input).
//
// One fp32 lane serves the scalar F extension and every Zve32f vector lane,
// so the RISC-V semantics live in one place. The caller maps instruction
// operands onto a, b, c (e.g. vfmacc.vv vd,vs1,vs2 is FMADD a=vs1 b=vs2 c=vd;
// vfrsub.vf is FSUB a=f[rs1] b=vs2). Integer inputs/outputs are raw 32-bit
// patterns in a / out. rm: 0 RNE, 1 RTZ (other modes are never sent).
//
//  code op            out                           flags (NV DZ exact; OF UF NX best effort)
//  0    FADD          a + b                         NV OF UF NX
//  1    FSUB          a - b                         NV OF UF NX
//  2    FMUL          a * b                         NV OF UF NX
//  3    FMADD         (a * b) + c, one rounding     NV OF UF NX
//  4    FMSUB         (a * b) - c                   NV OF UF NX
//  5    FNMSUB        -(a * b) + c                  NV OF UF NX
//  6    FNMADD        -(a * b) - c                  NV OF UF NX
//  7    FDIV          a / b        (iterative)      NV DZ OF UF NX
//  8    FSQRT         sqrt(a)      (iterative)      NV NX
//  9    FMIN          minimumNumber(a, b)           NV (sNaN)
//  10   FMAX          maximumNumber(a, b)           NV (sNaN)
//  11   FSGNJ         {b[31], a[30:0]}              none (bit operation, no NaN canonicalisation)
//  12   FSGNJN        {~b[31], a[30:0]}             none
//  13   FSGNJX        {a[31]^b[31], a[30:0]}        none
//  14   FEQ           a == b ? 1 : 0  (quiet)       NV on sNaN
//  15   FLT           a < b ? 1 : 0   (signalling)  NV on any NaN
//  16   FLE           a <= b ? 1 : 0  (signalling)  NV on any NaN
//  17   FCLASS        10-bit class mask of a        none
//  18   CVT_W_S       int32(a), saturating          NV NX
//  19   CVT_WU_S      uint32(a), saturating         NV NX
//  20   CVT_S_W       float(signed a)               NX
//  21   CVT_S_WU      float(unsigned a)             NX
//  22   REC7          ~1/a, 7 bits (vfrec7.v)       NV DZ UF NX (UF NX: a result below 2^-126, flushed)
//  23   RSQRT7        ~1/sqrt(a), 7 bits            NV DZ
//  24   CVT_W16_S     int16(a) saturating, sign-extended to 32 bits     NV NX
//  25   CVT_WU16_S    uint16(a) saturating, zero-extended to 32 bits    NV NX
//  26..31             reserved: out = 0, flags = 0
//
// flags is {NV, DZ, OF, UF, NX} (fflags bit order 4..0). Denormal inputs read as
// zero and results below 2^-126 flush to zero (docs/fp.md, "rvv"), except FSGNJ*
// and FCLASS, which see the raw bits.
`ifndef RVV_FPU_OPS_VH
`define RVV_FPU_OPS_VH
`define RVV_FOP_FADD       5'd0
`define RVV_FOP_FSUB       5'd1
`define RVV_FOP_FMUL       5'd2
`define RVV_FOP_FMADD      5'd3
`define RVV_FOP_FMSUB      5'd4
`define RVV_FOP_FNMSUB     5'd5
`define RVV_FOP_FNMADD     5'd6
`define RVV_FOP_FDIV       5'd7
`define RVV_FOP_FSQRT      5'd8
`define RVV_FOP_FMIN       5'd9
`define RVV_FOP_FMAX       5'd10
`define RVV_FOP_FSGNJ      5'd11
`define RVV_FOP_FSGNJN     5'd12
`define RVV_FOP_FSGNJX     5'd13
`define RVV_FOP_FEQ        5'd14
`define RVV_FOP_FLT        5'd15
`define RVV_FOP_FLE        5'd16
`define RVV_FOP_FCLASS     5'd17
`define RVV_FOP_CVT_W_S    5'd18
`define RVV_FOP_CVT_WU_S   5'd19
`define RVV_FOP_CVT_S_W    5'd20
`define RVV_FOP_CVT_S_WU   5'd21
`define RVV_FOP_REC7       5'd22
`define RVV_FOP_RSQRT7     5'd23
`define RVV_FOP_CVT_W16_S  5'd24
`define RVV_FOP_CVT_WU16_S 5'd25
// Cycles from issue (in_valid && in_ready) to out_valid for every op but
// FDIV/FSQRT (those: in_ready drops while they iterate; see docs/fp.md).
`define RVV_FPU_LAT        3
// rm values
`define RVV_FRM_RNE        3'd0
`define RVV_FRM_RTZ        3'd1
`endif
