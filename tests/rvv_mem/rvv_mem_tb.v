// rvv_mem_tb — rvv_vlsu + rvv_mem with a stand-in VRF, for test_rvv_mem.cpp.
// The VRF is 32 x VLEN flops with the VLSU's ports (one combinational read,
// one byte-enabled write) plus a test port to set and inspect registers while
// the VLSU is idle. kc_bus goes out to the harness DRAM model.
`default_nettype none

module rvv_mem_tb #(
    parameter integer VLEN       = 128,
    parameter integer BEAT_BYTES = 32,
    parameter integer DTCM_BYTES = 65536,
    parameter integer LQ_BEATS   = 64
) (
    input  wire                    clk,
    input  wire                    rst,
    input  wire [31:0]             dram_bytes,
    input  wire                    ld_we,
    input  wire [31:0]             ld_addr,
    input  wire [31:0]             ld_wdata,
    input  wire                    vl_valid,
    output wire                    vl_ready,
    input  wire [31:0]             vl_insn,
    input  wire [31:0]             vl_pc,
    input  wire [31:0]             vl_base,
    input  wire [31:0]             vl_stride,
    input  wire [31:0]             vl_vl,
    input  wire [7:0]              vl_vtype,
    output wire                    vl_done,
    output wire                    v_mem_busy,
    output wire                    v_trap_valid,
    output wire [3:0]              v_trap_cause,
    output wire [31:0]             v_trap_pc,
    output wire [31:0]             v_trap_info,
    input  wire                    sreq_valid,
    output wire                    sreq_ready,
    input  wire                    sreq_write,
    input  wire [31:0]             sreq_addr,
    input  wire [31:0]             sreq_wdata,
    input  wire [3:0]              sreq_wstrb,
    output wire                    sresp_valid,
    output wire [31:0]             sresp_rdata,
    output wire                    mem_req_valid,
    input  wire                    mem_req_ready,
    output wire                    mem_req_write,
    output wire [31:0]             mem_req_addr,
    output wire [BEAT_BYTES*8-1:0] mem_req_wdata,
    output wire [BEAT_BYTES-1:0]   mem_req_wstrb,
    input  wire                    mem_resp_valid,
    input  wire [BEAT_BYTES*8-1:0] mem_resp_rdata,
    output wire                    dram_busy,
    // test port to the VRF
    input  wire                    tb_vw_en,
    input  wire [4:0]              tb_vw_idx,
    input  wire [VLEN-1:0]         tb_vw_data,
    input  wire [4:0]              tb_vr_idx,
    output wire [VLEN-1:0]         tb_vr_data
);
    reg  [VLEN-1:0] vrf [0:31];
    wire [4:0]      vlr_idx;
    wire            vlw_valid;
    /* verilator lint_off UNUSEDSIGNAL */
    wire            vl_safe, vl_walked;   // rvv_vec's early-load handshake (not exercised here)
    /* verilator lint_on UNUSEDSIGNAL */
    wire [4:0]      vlw_idx;
    wire [VLEN/8-1:0] vlw_be;
    wire [VLEN-1:0] vlw_data;
    reg  [VLEN-1:0] bm;
    integer i;
    always @* begin
        for (i = 0; i < VLEN / 8; i = i + 1)
            bm[8*i +: 8] = {8{vlw_be[i]}};
    end
    always @(posedge clk) begin
        if (tb_vw_en)
            vrf[tb_vw_idx] <= tb_vw_data;
        else if (vlw_valid)
            vrf[vlw_idx] <= (vrf[vlw_idx] & ~bm) | (vlw_data & bm);
    end
    assign tb_vr_data = vrf[tb_vr_idx];

    wire                    vreq_valid, vreq_ready, vreq_write, vresp_valid;
    wire [31:0]             vreq_addr;
    wire [BEAT_BYTES*8-1:0] vreq_wdata, vresp_rdata;
    wire [BEAT_BYTES-1:0]   vreq_wstrb;

    rvv_vlsu #(.VLEN(VLEN), .BEAT_BYTES(BEAT_BYTES), .DTCM_BYTES(DTCM_BYTES), .LQ_BEATS(LQ_BEATS)) u_vlsu (
        .clk(clk), .rst(rst), .dram_bytes(dram_bytes),
        .vl_valid(vl_valid), .vl_ready(vl_ready), .vl_insn(vl_insn), .vl_pc(vl_pc),
        .vl_base(vl_base), .vl_stride(vl_stride), .vl_vl(vl_vl), .vl_vtype(vl_vtype),
        .vl_tag(4'd0), .vl_safe(vl_safe), .vl_walked(vl_walked), .vlw_ok(16'hffff),
        .vlr_idx(vlr_idx), .vlr_data(vrf[vlr_idx]),
        .vlw_valid(vlw_valid), .vlw_idx(vlw_idx), .vlw_be(vlw_be), .vlw_data(vlw_data),
        .vl_done(vl_done), .v_mem_busy(v_mem_busy), .v_trap_valid(v_trap_valid),
        .v_trap_cause(v_trap_cause), .v_trap_pc(v_trap_pc), .v_trap_info(v_trap_info),
        .vreq_valid(vreq_valid), .vreq_ready(vreq_ready), .vreq_write(vreq_write),
        .vreq_addr(vreq_addr), .vreq_wdata(vreq_wdata), .vreq_wstrb(vreq_wstrb),
        .vresp_valid(vresp_valid), .vresp_rdata(vresp_rdata));

    rvv_mem #(.DTCM_BYTES(DTCM_BYTES), .BEAT_BYTES(BEAT_BYTES)) u_mem (
        .clk(clk), .rst(rst), .ld_we(ld_we), .ld_addr(ld_addr), .ld_wdata(ld_wdata),
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
