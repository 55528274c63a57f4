// npu_tb.vh — the npu's port mapping for the generic testbench rtl/sim/kc_tb.v
// (included inside module kc_tb; see there). The load port writes the
// instruction memory: ld_addr is the word index. npu_top has no entry port
// (it starts at pc 0).
`ifdef KC_TB_PARAMS
`define NPU_ISA_MACROS_ONLY
`include "npu_isa.vh"
`undef NPU_ISA_MACROS_ONLY

    localparam integer NCNT     = `NPU_NCOUNTERS;
    localparam integer NARGS    = `NPU_NAREGS;
    localparam integer BEAT     = `NPU_VLEN * 2;
    localparam integer MAXBEATS = 1 << 18;   // 8 MiB of image at the default width
    localparam integer MAXLOAD  = `NPU_IMEM_WORDS;
`else
    npu_top u_npu (
        .clk(clk), .rst(rst), .imem_we(ld_we), .imem_addr(ld_addr), .imem_wdata(ld_wdata),
        .args(args), .dram_bytes(dram_bytes),
        .mem_req_valid(mem_req_valid), .mem_req_ready(mem_req_ready),
        .mem_req_write(mem_req_write), .mem_req_addr(mem_req_addr),
        .mem_req_wdata(mem_req_wdata), .mem_req_wstrb(mem_req_wstrb),
        .mem_resp_valid(mem_resp_valid), .mem_resp_rdata(mem_resp_rdata),
        .halted(halted), .trapped(trapped), .trap_cause(trap_cause), .trap_pc(trap_pc),
        .trap_info(trap_info), .perf(perf),
        .retire_valid(retire_valid), .retire_pc(retire_pc), .retire_insn(retire_insn));
`endif
