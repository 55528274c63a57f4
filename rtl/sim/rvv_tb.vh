// rvv_tb.vh — the rvv's port mapping for the generic testbench rtl/sim/kc_tb.v
// (included inside module kc_tb; see there). rvv_top at its default sizes; the
// load port writes the ITCM and the DTCM by byte address.
`ifdef KC_TB_PARAMS
    localparam integer NCNT     = 10;
    localparam integer NARGS    = 8;
    localparam integer BEAT     = 32;
    localparam integer MAXBEATS = 1 << 16;
    localparam integer MAXLOAD  = 1 << 15;
`else
    rvv_top u_rvv (
        .clk(clk), .rst(rst), .ld_we(ld_we), .ld_addr(ld_addr), .ld_wdata(ld_wdata),
        .entry(entry), .args(args), .dram_bytes(dram_bytes),
        .mem_req_valid(mem_req_valid), .mem_req_ready(mem_req_ready),
        .mem_req_write(mem_req_write), .mem_req_addr(mem_req_addr),
        .mem_req_wdata(mem_req_wdata), .mem_req_wstrb(mem_req_wstrb),
        .mem_resp_valid(mem_resp_valid), .mem_resp_rdata(mem_resp_rdata),
        .halted(halted), .trapped(trapped), .trap_cause(trap_cause), .trap_pc(trap_pc),
        .trap_info(trap_info), .perf(perf),
        .retire_valid(retire_valid), .retire_pc(retire_pc), .retire_insn(retire_insn));
`endif
