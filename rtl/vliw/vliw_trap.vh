// vliw_trap.vh — trap cause numbers of the vliw array (trap_cause of
// vliw_top; the ISS and the harness name them with the same numbers, see
// rtl/vliw/vliw_core.md "Traps"). Include inside a module body.
/* verilator lint_off UNUSEDPARAM */
localparam [3:0] VLIW_TRAP_NONE          = 4'd0;
localparam [3:0] VLIW_TRAP_ILLEGAL       = 4'd1;
localparam [3:0] VLIW_TRAP_PM_FETCH      = 4'd2;
localparam [3:0] VLIW_TRAP_DM_ACCESS     = 4'd3;
localparam [3:0] VLIW_TRAP_MISALIGNED    = 4'd4;
localparam [3:0] VLIW_TRAP_WRITE_CONFLICT = 4'd5;
localparam [3:0] VLIW_TRAP_LOCK_OVERFLOW = 4'd6;
localparam [3:0] VLIW_TRAP_DMA_FAULT     = 4'd7;
localparam [3:0] VLIW_TRAP_BD_INVALID    = 4'd8;
/* verilator lint_on UNUSEDPARAM */
