// rvv_top — the rvv accelerator: scalar core (rvv_core, ITCM inside), vector
// unit (rvv_vec, VRF inside), vector load/store unit (rvv_vlsu) and the data
// memory system (rvv_mem: DTCM and the kc_bus DRAM master). The port contract
// for the harness is rvv_top_ports.md.
//
//   core --vq_*--> vec --vl_*--> vlsu --vreq_*--> mem --mem_*--> kc_bus
//   core --sreq_*-----------------------------> mem
//
// The loader port (ld_*, while rst is high) goes to the core (its ITCM takes
// the words in its range and ignores the rest) and to the DTCM (words in its
// range). Scalar loads/stores wait while the vector side has memory work:
// rvv_vec's own count of VLSU instructions not yet done, or the VLSU busy.
`default_nettype none

module rvv_top #(
    // defaults: the RVV_PARAM rows of isa/rvv.def (rtl/rvv/rvv_isa.vh RVV_DEF_*)
    parameter integer VLEN       /* verilator public_flat_rd */ = 128,
    parameter integer LANES      /* verilator public_flat_rd */ = 4,
    parameter integer ITCM_BYTES /* verilator public_flat_rd */ = 65536,
    parameter integer DTCM_BYTES /* verilator public_flat_rd */ = 65536,
    parameter integer BEAT_BYTES /* verilator public_flat_rd */ = 32,
    parameter integer VQ_DEPTH   /* verilator public_flat_rd */ = 8,
    parameter integer NVLSU      /* verilator public_flat_rd */ = 16,
    parameter integer NCOUNTERS  /* verilator public_flat_rd */ = 10
) (
    input  wire                    clk,
    input  wire                    rst,
    // program/data load (while rst is high): one 32-bit word per edge, byte address
    input  wire                    ld_we,
    input  wire [31:0]             ld_addr,
    input  wire [31:0]             ld_wdata,
    // run-time configuration, sampled while rst is high
    input  wire [31:0]             entry,
    input  wire [8*32-1:0]         args,          // a0..a7 (a0 in bits [31:0])
    input  wire [31:0]             dram_bytes,
    // memory port (harness/kc_bus.h)
    output wire                    mem_req_valid,
    input  wire                    mem_req_ready,
    output wire                    mem_req_write,
    output wire [31:0]             mem_req_addr,
    output wire [BEAT_BYTES*8-1:0] mem_req_wdata,
    output wire [BEAT_BYTES-1:0]   mem_req_wstrb,
    input  wire                    mem_resp_valid,
    input  wire [BEAT_BYTES*8-1:0] mem_resp_rdata,
    // status
    output wire                    halted,
    output wire                    trapped,
    output wire [3:0]              trap_cause,
    output wire [31:0]             trap_pc,
    output wire [31:0]             trap_info,
    output wire [NCOUNTERS*32-1:0] perf,
    output wire                    retire_valid,
    output wire [31:0]             retire_pc,
    output wire [31:0]             retire_insn
);
    localparam [31:0] DTCM_BASE = 32'h0020_0000;
    // VLSU load beats in flight (rvv_vlsu's response buffer): the DRAM round trip
    // (~68 cycles) times the VRF write rate (VLEN/8 bytes per cycle) in beats,
    // rounded up to a power of two: 64 at VLEN 128 (needs ~34), 128 at VLEN 256
    // (needs ~68; 64 would cap a stream at ~30 B/cycle)
    localparam integer LQ_BEATS = VLEN >= 256 ? 128 : 64;

    // scalar port
    wire        sreq_valid, sreq_ready, sreq_write, sresp_valid;
    wire [31:0] sreq_addr, sreq_wdata, sresp_rdata;
    wire [3:0]  sreq_wstrb;
    // vector issue, results, status
    wire        vq_valid, vq_ready;
    wire [31:0] vq_insn, vq_pc, vq_xs1, vq_xs2, vq_fs1, vq_vl;
    wire [7:0]  vq_vtype;
    wire [2:0]  vq_frm;
    wire        vx_valid, vx_fp;
    wire [4:0]  vx_rd;
    wire [31:0] vx_data;
    wire        v_idle, vec_mem_busy, v_trap_valid, v_fflags_valid;
    wire [3:0]  v_trap_cause;
    wire [31:0] v_trap_pc, v_trap_info;
    wire [4:0]  v_fflags;
    wire        ev_vec_busy, ev_vlsu_busy, ev_vstall_hazard, ev_vfpu_busy;
    // VLSU
    wire        vl_valid, vl_ready, vl_done;
    wire        vl_safe, vl_walked;        // early loads (rvv_vec header)
    wire [$clog2(NVLSU)-1:0] vl_tag;
    wire [NVLSU-1:0]         vlw_ok;
    wire [31:0] vl_insn, vl_pc, vl_base, vl_stride, vl_vl;
    wire [7:0]  vl_vtype;
    wire [4:0]  vlr_idx, vlw_idx;
    wire [VLEN-1:0] vlr_data, vlw_data;
    wire        vlw_valid;
    wire [VLEN/8-1:0] vlw_be;
    wire        vlsu_busy, vlsu_trap_valid;
    wire [3:0]  vlsu_trap_cause;
    wire [31:0] vlsu_trap_pc, vlsu_trap_info;
    // beat port
    wire        vreq_valid, vreq_ready, vreq_write, vresp_valid;
    wire [31:0] vreq_addr;
    wire [BEAT_BYTES*8-1:0] vreq_wdata, vresp_rdata;
    wire [BEAT_BYTES-1:0]   vreq_wstrb;

    /* verilator lint_off UNUSEDSIGNAL */
    wire [31:0] ld_doff = ld_addr - DTCM_BASE;
    wire        dram_busy;              // (rvv_mem's DRAM activity: not a counter yet)
    /* verilator lint_on UNUSEDSIGNAL */
    wire        ld_dtcm = ld_we && rst && ld_doff < DTCM_BYTES;

    rvv_core #(.ITCM_BYTES(ITCM_BYTES), .DTCM_BYTES(DTCM_BYTES), .VLEN(VLEN),
               .NCOUNTERS(NCOUNTERS)) u_core (
        .clk(clk), .rst(rst), .entry(entry), .args(args), .dram_bytes(dram_bytes),
        .ld_we(ld_we), .ld_addr(ld_addr), .ld_wdata(ld_wdata),
        .sreq_valid(sreq_valid), .sreq_ready(sreq_ready), .sreq_write(sreq_write),
        .sreq_addr(sreq_addr), .sreq_wdata(sreq_wdata), .sreq_wstrb(sreq_wstrb),
        .sresp_valid(sresp_valid), .sresp_rdata(sresp_rdata),
        .vq_valid(vq_valid), .vq_ready(vq_ready), .vq_insn(vq_insn), .vq_pc(vq_pc),
        .vq_xs1(vq_xs1), .vq_xs2(vq_xs2), .vq_fs1(vq_fs1), .vq_vl(vq_vl),
        .vq_vtype(vq_vtype), .vq_frm(vq_frm),
        .vx_valid(vx_valid), .vx_rd(vx_rd), .vx_fp(vx_fp), .vx_data(vx_data),
        .v_idle(v_idle), .v_mem_busy(vec_mem_busy || vlsu_busy),
        .v_trap_valid(v_trap_valid), .v_trap_cause(v_trap_cause), .v_trap_pc(v_trap_pc),
        .v_trap_info(v_trap_info), .v_fflags(v_fflags), .v_fflags_valid(v_fflags_valid),
        .ev_vec_busy(ev_vec_busy), .ev_vlsu_busy(ev_vlsu_busy),
        .ev_vstall_hazard(ev_vstall_hazard), .ev_vfpu_busy(ev_vfpu_busy),
        .halted(halted), .trapped(trapped), .trap_cause(trap_cause), .trap_pc(trap_pc),
        .trap_info(trap_info), .perf(perf),
        .retire_valid(retire_valid), .retire_pc(retire_pc), .retire_insn(retire_insn));

    rvv_vec #(.VLEN(VLEN), .LANES(LANES), .VQ_DEPTH(VQ_DEPTH), .NVLSU(NVLSU)) u_vec (
        .clk(clk), .rst(rst),
        .vq_valid(vq_valid), .vq_ready(vq_ready), .vq_insn(vq_insn), .vq_pc(vq_pc),
        .vq_xs1(vq_xs1), .vq_xs2(vq_xs2), .vq_fs1(vq_fs1), .vq_vl(vq_vl),
        .vq_vtype(vq_vtype), .vq_frm(vq_frm),
        .vx_valid(vx_valid), .vx_rd(vx_rd), .vx_fp(vx_fp), .vx_data(vx_data),
        .v_idle(v_idle), .v_mem_busy(vec_mem_busy),
        .v_trap_valid(v_trap_valid), .v_trap_cause(v_trap_cause), .v_trap_pc(v_trap_pc),
        .v_trap_info(v_trap_info), .v_fflags(v_fflags), .v_fflags_valid(v_fflags_valid),
        .ev_vec_busy(ev_vec_busy), .ev_vlsu_busy(ev_vlsu_busy),
        .ev_vstall_hazard(ev_vstall_hazard), .ev_vfpu_busy(ev_vfpu_busy),
        .vl_valid(vl_valid), .vl_ready(vl_ready), .vl_insn(vl_insn), .vl_pc(vl_pc),
        .vl_base(vl_base), .vl_stride(vl_stride), .vl_vl(vl_vl), .vl_vtype(vl_vtype),
        .vlr_idx(vlr_idx), .vlr_data(vlr_data),
        .vlw_valid(vlw_valid), .vlw_idx(vlw_idx), .vlw_be(vlw_be), .vlw_data(vlw_data),
        .vl_tag(vl_tag), .vl_safe(vl_safe), .vl_walked(vl_walked), .vlw_ok(vlw_ok),
        .vl_done(vl_done),
        .vl_trap_valid(vlsu_trap_valid), .vl_trap_cause(vlsu_trap_cause),
        .vl_trap_pc(vlsu_trap_pc), .vl_trap_info(vlsu_trap_info));

    rvv_vlsu #(.VLEN(VLEN), .BEAT_BYTES(BEAT_BYTES), .DTCM_BYTES(DTCM_BYTES),
               .LQ_BEATS(LQ_BEATS), .NTAG(NVLSU)) u_vlsu (
        .clk(clk), .rst(rst), .dram_bytes(dram_bytes),
        .vl_valid(vl_valid), .vl_ready(vl_ready), .vl_insn(vl_insn), .vl_pc(vl_pc),
        .vl_base(vl_base), .vl_stride(vl_stride), .vl_vl(vl_vl), .vl_vtype(vl_vtype),
        .vl_tag(vl_tag), .vl_safe(vl_safe), .vl_walked(vl_walked), .vlw_ok(vlw_ok),
        .vlr_idx(vlr_idx), .vlr_data(vlr_data),
        .vlw_valid(vlw_valid), .vlw_idx(vlw_idx), .vlw_be(vlw_be), .vlw_data(vlw_data),
        .vl_done(vl_done), .v_mem_busy(vlsu_busy),
        .v_trap_valid(vlsu_trap_valid), .v_trap_cause(vlsu_trap_cause),
        .v_trap_pc(vlsu_trap_pc), .v_trap_info(vlsu_trap_info),
        .vreq_valid(vreq_valid), .vreq_ready(vreq_ready), .vreq_write(vreq_write),
        .vreq_addr(vreq_addr), .vreq_wdata(vreq_wdata), .vreq_wstrb(vreq_wstrb),
        .vresp_valid(vresp_valid), .vresp_rdata(vresp_rdata));

    rvv_mem #(.DTCM_BYTES(DTCM_BYTES), .BEAT_BYTES(BEAT_BYTES),
              .DRAM_RD_MAX(2 * LQ_BEATS)) u_mem (
        .clk(clk), .rst(rst),
        .ld_we(ld_dtcm), .ld_addr(ld_addr), .ld_wdata(ld_wdata),
        .sreq_valid(sreq_valid), .sreq_ready(sreq_ready), .sreq_write(sreq_write),
        .sreq_addr(sreq_addr), .sreq_wdata(sreq_wdata), .sreq_wstrb(sreq_wstrb),
        .sresp_valid(sresp_valid), .sresp_rdata(sresp_rdata),
        .vreq_valid(vreq_valid), .vreq_ready(vreq_ready), .vreq_write(vreq_write),
        .vreq_addr(vreq_addr), .vreq_wdata(vreq_wdata), .vreq_wstrb(vreq_wstrb),
        .vresp_valid(vresp_valid), .vresp_rdata(vresp_rdata),
        .mem_req_valid(mem_req_valid), .mem_req_ready(mem_req_ready),
        .mem_req_write(mem_req_write), .mem_req_addr(mem_req_addr),
        .mem_req_wdata(mem_req_wdata), .mem_req_wstrb(mem_req_wstrb),
        .mem_resp_valid(mem_resp_valid), .mem_resp_rdata(mem_resp_rdata),
        .dram_busy(dram_busy));
endmodule

`default_nettype wire
