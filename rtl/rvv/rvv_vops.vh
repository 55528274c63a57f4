// rvv_vops.vh — rvv_vec's internal operation codes (rvv_vctl -> execution units).
`ifndef RVV_VOPS_VH
`define RVV_VOPS_VH
// units
`define RVV_U_VLSU 3'd0
`define RVV_U_ALU  3'd1
`define RVV_U_FPU  3'd2
`define RVV_U_SER  3'd3
`define RVV_U_MSK  3'd4
// integer element ops (U_ALU, and the op of an integer reduction)
`define RVV_A_ADD   6'd0
`define RVV_A_SUB   6'd1
`define RVV_A_RSUB  6'd2
`define RVV_A_AND   6'd3
`define RVV_A_OR    6'd4
`define RVV_A_XOR   6'd5
`define RVV_A_SLL   6'd6
`define RVV_A_SRL   6'd7
`define RVV_A_SRA   6'd8
`define RVV_A_MIN   6'd9
`define RVV_A_MAX   6'd10
`define RVV_A_MERGE 6'd11
`define RVV_A_MVB   6'd12
`define RVV_A_MVA   6'd13
`define RVV_A_SEQ   6'd14
`define RVV_A_SNE   6'd15
`define RVV_A_SLT   6'd16
`define RVV_A_SLE   6'd17
`define RVV_A_SGT   6'd18
`define RVV_A_MUL   6'd19
`define RVV_A_MULH  6'd20
`define RVV_A_DIV   6'd21
`define RVV_A_REM   6'd22
`define RVV_A_MACC  6'd23
`define RVV_A_NMSAC 6'd24
`define RVV_A_MADD  6'd25
`define RVV_A_NMSUB 6'd26
`define RVV_A_ID    6'd27
`define RVV_A_SADD  6'd28   // saturating add/sub: signedness from sa (vsadd/vsaddu, vssub/vssubu)
`define RVV_A_SSUB  6'd29
// serial-engine sub-ops (U_SER)
`define RVV_S_REDI     4'd0
`define RVV_S_REDF     4'd1
`define RVV_S_SLUP     4'd2
`define RVV_S_SLDN     4'd3
`define RVV_S_SL1UP    4'd4
`define RVV_S_SL1DN    4'd5
`define RVV_S_GATH     4'd6
`define RVV_S_GATHX    4'd7
`define RVV_S_GATH16   4'd8
`define RVV_S_IOTA     4'd9
`define RVV_S_COMPRESS 4'd10
`define RVV_S_REDFU    4'd11   // vfredusum: lane-parallel partial sums, then a tree
// one-step mask/scalar ops (U_MSK)
`define RVV_M_LOGIC 6'd0
`define RVV_M_CPOP  6'd1
`define RVV_M_FIRST 6'd2
`define RVV_M_SBF   6'd3
`define RVV_M_SIF   6'd4
`define RVV_M_SOF   6'd5
`define RVV_M_MVXS  6'd6
`endif
