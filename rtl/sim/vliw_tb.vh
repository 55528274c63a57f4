// vliw_tb.vh — the vliw's port mapping for the generic testbench rtl/sim/kc_tb.v
// (included inside module kc_tb; see there). vliw_top at its default sizes (2 x 2
// tiles). The load port writes program slot words: ld_addr = tile select << 24 |
// bundle * 7 + slot (select 0: every tile), as verilated/vliw_shim.cpp's load.
// perf holds 64-bit counters: NCNT counts its 32-bit words (counter i = words
// 2i, 2i+1). There is no retire port (per-tile issue ports instead: left open, as
// the per-tile stall port is).
// The data memories are not cleared here (the shim clears them by backdoor):
// kernels compared under Icarus read only DM they wrote.
`ifdef KC_TB_PARAMS
    localparam integer NCNT     = 28;
    localparam integer NARGS    = 8;
    localparam integer BEAT     = 32;
    localparam integer MAXBEATS = 1 << 15;
    localparam integer MAXLOAD  = 1 << 16;
`else
    vliw_top u_vliw (
        .clk(clk), .rst(rst), .ld_we(ld_we), .ld_addr(ld_addr), .ld_wdata(ld_wdata),
        .args(args), .dram_bytes(dram_bytes),
        .mem_req_valid(mem_req_valid), .mem_req_ready(mem_req_ready),
        .mem_req_write(mem_req_write), .mem_req_addr(mem_req_addr),
        .mem_req_wdata(mem_req_wdata), .mem_req_wstrb(mem_req_wstrb),
        .mem_resp_valid(mem_resp_valid), .mem_resp_rdata(mem_resp_rdata),
        .halted(halted), .trapped(trapped), .trap_cause(trap_cause), .trap_pc(trap_pc),
        .trap_info(trap_info), .perf(perf), .issue_valid(), .issue_pc(), .stall_ev());
    assign retire_valid = 1'b0;
    assign retire_pc = 32'd0;
    assign retire_insn = 32'd0;
`endif
