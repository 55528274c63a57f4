// npu_top — the transformer NPU: core (scalar, fp, control, interlocks), vector
// unit with its SRAM, matrix unit (systolic array, matrix SRAM, weight buffers),
// DMA engines, instruction memory. Port contract for the harness:
// rtl/npu/npu_top_ports.md. Sizes default to the values of isa/npu.def (via the
// generated npu_isa.vh), which is also what the ISA document shows.
`default_nettype none

`define NPU_ISA_MACROS_ONLY
`include "npu_isa.vh"
`undef NPU_ISA_MACROS_ONLY

module npu_top #(
    parameter integer VLEN       /* verilator public_flat_rd */ = `NPU_VLEN,
    parameter integer VROWS      /* verilator public_flat_rd */ = `NPU_VROWS,
    parameter integer IMEM_WORDS /* verilator public_flat_rd */ = `NPU_IMEM_WORDS,
    parameter integer LOOP_DEPTH /* verilator public_flat_rd */ = `NPU_LOOP_DEPTH,
    parameter integer NCOUNTERS  /* verilator public_flat_rd */ = `NPU_NCOUNTERS,
    parameter integer MLEN       /* verilator public_flat_rd */ = `NPU_MLEN,
    parameter integer MROWS      /* verilator public_flat_rd */ = `NPU_MROWS,
    parameter integer SFU_LANES  /* verilator public_flat_rd */ = `NPU_SFU_LANES,
    parameter integer VBANKS     /* verilator public_flat_rd */ = `NPU_VBANKS
) (
    input  wire                    clk,
    input  wire                    rst,
    input  wire                    imem_we,
    input  wire [31:0]             imem_addr,
    input  wire [31:0]             imem_wdata,
    input  wire [`NPU_NAREGS*32-1:0] args,
    input  wire [31:0]             dram_bytes,
    output wire                    mem_req_valid,
    input  wire                    mem_req_ready,
    output wire                    mem_req_write,
    output wire [31:0]             mem_req_addr,
    output wire [VLEN*16-1:0]      mem_req_wdata,
    output wire [VLEN*2-1:0]       mem_req_wstrb,
    input  wire                    mem_resp_valid,
    input  wire [VLEN*16-1:0]      mem_resp_rdata,
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
    localparam integer ROWW = $clog2(VROWS);
    localparam integer W    = VLEN * 16;
    localparam integer MROWW = $clog2(MROWS);
    localparam integer FRW  = $clog2(`NPU_NFREGS);   // fp register index
    localparam integer MRW  = $clog2(MLEN + 1);      // mrows, 1..MLEN
    // dld beats land this many cycles after they arrive (npu_dma): as far ahead as
    // the SFU's last group write is from its issue, plus one
    localparam integer LAND = VLEN / SFU_LANES + 5;

    wire [31:0] fetch_pc, insn;
    wire        fetch_re;

    wire            v_issue, vp_busy, vp_first, wbf_valid;
    wire [5:0]      v_funct;
    wire [ROWW-1:0] v_rd, v_ra, v_rb;
    wire [31:0]     v_fs, wbf_val;
    wire [FRW-1:0]  v_fd, wbf_idx;
    // the vector pipeline's hazard view (npu_vector: 3 element-wise stages with a
    // row write to come, 2*log2(VLEN) reduction stages before the fp write-back)
    localparam integer NVR = 3, NVF = 2 * $clog2(VLEN);
    wire [NVR*ROWW-1:0] vp_rows;
    wire [NVR-1:0]  vp_rows_ok;
    wire [NVF*FRW-1:0] vp_fds;
    wire [NVF-1:0]  vp_fds_ok;
    wire [VLEN-1:0] v_lanes;
    wire            sfu_free, sfu_busy;
    wire [5*ROWW-1:0] sfu_rows;
    wire [4:0]      sfu_rows_ok;
    // scalar fexp/frecip/frsqrt on the SFU: issue, fp registers pending, write-back
    wire            sf_iss, sfw_valid;
    wire [1:0]      sf_op;
    wire [31:0]     sf_x, sfw_val;
    wire [5*FRW-1:0] sfu_fds;
    wire [4:0]      sfu_fds_ok;
    wire [FRW-1:0]  sfw_idx;

    wire            dma_ld, dma_st, st_busy, ld_next;
    wire [LAND*VBANKS-1:0] land_banks;
    wire [VBANKS-1:0] st_rbanks;
    wire            v_pre, v_pre_use;
    wire [ROWW-1:0] v_pre_row;
    wire [1:0]      ld_busy, ld_to_m;
    wire [31:0]     dma_addr, dma_nrows, dma_stride;
    wire [ROWW-1:0] dma_vrow, st_lo;
    wire [2*ROWW-1:0] ld_lo;
    wire [15:0]     dma_dlen;
    wire            dma_to_m;

    wire            m_ld_issue, m_ld_trans, m_bsel, m_mac_issue, m_st_issue;
    wire [ROWW-1:0] m_row;
    wire [MRW-1:0]  m_rows;
    wire            m_loader_busy, m_loader_bsel, m_feeder_busy, m_feeder_last, m_array_busy;
    wire [1:0]      m_b_inuse;
    wire [MLEN*W-1:0]       ma_data;
    wire [MLEN*VLEN*16-1:0] m_acc;   // the accumulators as bf16 (npu_pe)

    // DMA: dld writes (landed) and store reads of the vector SRAM, mld writes
    wire            dw0_en, dw1_en, dr0_en, dr1_en, mw0_en, mw1_en;
    wire [ROWW-1:0] dw0_row, dw1_row, dr0_row, dr1_row;
    /* verilator lint_off UNUSEDSIGNAL */   // the matrix SRAM takes the low MROWW bits
    wire [ROWW-1:0] mw0_row, mw1_row;
    /* verilator lint_on UNUSEDSIGNAL */
    wire [VLEN-1:0] dw0_lanes, dw1_lanes, mw0_lanes, mw1_lanes;
    wire [W-1:0]    dw0_data, dw1_data, dr0_data, dr1_data, mw0_data, mw1_data;

    npu_imem #(.WORDS(IMEM_WORDS)) u_imem (
        .clk(clk), .we(imem_we && rst), .waddr(imem_addr), .wdata(imem_wdata),
        .re(fetch_re), .raddr(fetch_pc), .rdata(insn));

    npu_core #(.VLEN(VLEN), .VROWS(VROWS), .IMEM_WORDS(IMEM_WORDS), .LOOP_DEPTH(LOOP_DEPTH),
               .NCOUNTERS(NCOUNTERS), .MLEN(MLEN), .MROWS(MROWS), .VBANKS(VBANKS),
               .SFU_LANES(SFU_LANES), .LAND(LAND), .ROWW(ROWW),
               .FRW(FRW), .MRW(MRW), .NVR(NVR), .NVF(NVF)) u_core (
        .clk(clk), .rst(rst), .args(args), .dram_bytes(dram_bytes),
        .fetch_pc(fetch_pc), .fetch_re(fetch_re), .insn(insn),
        .v_issue(v_issue), .v_funct(v_funct), .v_rd(v_rd), .v_ra(v_ra), .v_rb(v_rb),
        .v_fs(v_fs), .v_fd(v_fd), .v_lanes(v_lanes),
        .v_pre(v_pre), .v_pre_row(v_pre_row), .v_pre_use(v_pre_use),
        .vp_busy(vp_busy), .vp_first(vp_first), .vp_rows(vp_rows), .vp_rows_ok(vp_rows_ok), .vp_fds(vp_fds), .vp_fds_ok(vp_fds_ok),
        .sfu_free(sfu_free), .sfu_busy(sfu_busy), .sfu_rows(sfu_rows), .sfu_rows_ok(sfu_rows_ok),
        .sf_iss(sf_iss), .sf_op(sf_op), .sf_x(sf_x), .sfu_fds(sfu_fds), .sfu_fds_ok(sfu_fds_ok),
        .sfw_valid(sfw_valid), .sfw_idx(sfw_idx), .sfw_val(sfw_val),
        .wbf_valid(wbf_valid), .wbf_idx(wbf_idx), .wbf_val(wbf_val),
        .dma_ld(dma_ld), .dma_st(dma_st), .dma_addr(dma_addr), .dma_vrow(dma_vrow),
        .dma_nrows(dma_nrows), .dma_stride(dma_stride), .dma_dlen(dma_dlen), .dma_to_m(dma_to_m),
        .ld_busy(ld_busy), .ld_to_m(ld_to_m), .ld_lo(ld_lo), .ld_next(ld_next),
        .st_busy(st_busy), .st_lo(st_lo), .land_banks(land_banks), .st_rbanks(st_rbanks),
        .m_ld_issue(m_ld_issue), .m_ld_trans(m_ld_trans), .m_bsel(m_bsel), .m_row(m_row),
        .m_mac_issue(m_mac_issue), .m_rows(m_rows), .m_st_issue(m_st_issue),
        .m_loader_busy(m_loader_busy), .m_loader_bsel(m_loader_bsel),
        .m_feeder_busy(m_feeder_busy), .m_feeder_last(m_feeder_last), .m_b_inuse(m_b_inuse),
        .m_array_busy(m_array_busy),
        .halted(halted), .trapped(trapped), .trap_cause(trap_cause), .trap_pc(trap_pc),
        .trap_info(trap_info), .perf(perf),
        .retire_valid(retire_valid), .retire_pc(retire_pc), .retire_insn(retire_insn));

    npu_vector #(.VLEN(VLEN), .VROWS(VROWS), .MLEN(MLEN), .SFU_LANES(SFU_LANES), .NB(VBANKS),
                 .ROWW(ROWW), .FRW(FRW), .MRW(MRW),
                 .NVR(NVR), .NVF(NVF)) u_vector (
        .clk(clk), .rst(rst),
        .iss_valid(v_issue), .iss_funct(v_funct), .iss_rd(v_rd), .iss_ra(v_ra), .iss_rb(v_rb),
        .iss_fs(v_fs), .iss_fd(v_fd), .iss_lanes(v_lanes), .iss_pre(v_pre_use),
        .pre_en(v_pre), .pre_row(v_pre_row),
        .vp_busy(vp_busy), .vp_first(vp_first), .vp_rows(vp_rows), .vp_rows_ok(vp_rows_ok), .vp_fds(vp_fds), .vp_fds_ok(vp_fds_ok),
        .sfu_free(sfu_free), .sfu_busy(sfu_busy), .sfu_rows(sfu_rows), .sfu_rows_ok(sfu_rows_ok),
        .sf_iss(sf_iss), .sf_op(sf_op), .sf_x(sf_x), .sfu_fds(sfu_fds), .sfu_fds_ok(sfu_fds_ok),
        .sfw_valid(sfw_valid), .sfw_idx(sfw_idx), .sfw_val(sfw_val),
        .wbf_valid(wbf_valid), .wbf_idx(wbf_idx), .wbf_val(wbf_val),
        .dw0_en(dw0_en), .dw0_row(dw0_row), .dw0_lanes(dw0_lanes), .dw0_data(dw0_data),
        .dw1_en(dw1_en), .dw1_row(dw1_row), .dw1_lanes(dw1_lanes), .dw1_data(dw1_data),
        .dr0_en(dr0_en), .dr0_row(dr0_row), .dr0_data(dr0_data),
        .dr1_en(dr1_en), .dr1_row(dr1_row), .dr1_data(dr1_data),
        .ma_en(m_mac_issue), .ma_row(m_row), .ma_data(ma_data),
        .mw_en(m_st_issue), .mw_row(m_row), .mw_rows(m_rows), .mw_acc(m_acc));

    npu_matrix #(.VLEN(VLEN), .MLEN(MLEN), .MROWS(MROWS), .MRW(MRW)) u_matrix (
        .clk(clk), .rst(rst),
        .ld_issue(m_ld_issue), .ld_trans(m_ld_trans), .ld_bsel(m_bsel), .ld_row(m_row[MROWW-1:0]),
        .mac_issue(m_mac_issue), .mac_bsel(m_bsel), .mac_rows(m_rows), .mac_a(ma_data),
        .clear(m_st_issue), .acc_all(m_acc),
        .dw0_en(mw0_en), .dw0_row(mw0_row[MROWW-1:0]), .dw0_lanes(mw0_lanes), .dw0_data(mw0_data),
        .dw1_en(mw1_en), .dw1_row(mw1_row[MROWW-1:0]), .dw1_lanes(mw1_lanes), .dw1_data(mw1_data),
        .loader_busy(m_loader_busy), .loader_bsel(m_loader_bsel), .feeder_busy(m_feeder_busy),
        .feeder_last(m_feeder_last), .b_inuse(m_b_inuse), .array_busy(m_array_busy));

    npu_dma #(.VLEN(VLEN), .ROWW(ROWW), .NB(VBANKS), .LAND(LAND)) u_dma (
        .clk(clk), .rst(rst),
        .cmd_ld(dma_ld), .cmd_st(dma_st), .cmd_addr(dma_addr), .cmd_vrow(dma_vrow),
        .cmd_nrows(dma_nrows), .cmd_stride(dma_stride), .cmd_dlen(dma_dlen), .cmd_to_m(dma_to_m),
        .ld_busy(ld_busy), .ld_to_m(ld_to_m), .ld_lo(ld_lo), .land_banks(land_banks),
        .ld_next(ld_next), .st_busy(st_busy), .st_lo(st_lo),
        .mem_req_valid(mem_req_valid), .mem_req_ready(mem_req_ready),
        .mem_req_write(mem_req_write), .mem_req_addr(mem_req_addr),
        .mem_req_wdata(mem_req_wdata), .mem_req_wstrb(mem_req_wstrb),
        .mem_resp_valid(mem_resp_valid), .mem_resp_rdata(mem_resp_rdata),
        .dw0_en(dw0_en), .dw0_row(dw0_row), .dw0_lanes(dw0_lanes), .dw0_data(dw0_data),
        .dw1_en(dw1_en), .dw1_row(dw1_row), .dw1_lanes(dw1_lanes), .dw1_data(dw1_data),
        .dr0_en(dr0_en), .dr0_row(dr0_row), .dr0_data(dr0_data),
        .dr1_en(dr1_en), .dr1_row(dr1_row), .dr1_data(dr1_data), .st_rbanks(st_rbanks),
        .mw0_en(mw0_en), .mw0_row(mw0_row), .mw0_lanes(mw0_lanes), .mw0_data(mw0_data),
        .mw1_en(mw1_en), .mw1_row(mw1_row), .mw1_lanes(mw1_lanes), .mw1_data(mw1_data));
endmodule

`default_nettype wire
