// npu_vector — vector unit and the vector SRAM it computes on.
//
// Pipeline, every instruction but the special functions (fully pipelined: one
// instruction may issue per cycle):
//   issue edge : the operand rows (and the old destination row, for vmacs) are
//                read from the SRAM into its read registers (s0_*);
//   element-wise (VLEN npu_vlane instances): three registered stages, the same
//                for every operation (multiply + align | add | normalise +
//                round, bf16 conversions folded in); the active lanes are
//                written (lane-masked) at the edge ending cycle 3 after issue,
//                so a dependent instruction issues NPU_VEC_LAT = 4 cycles after;
//   reductions (npu_vred): the pairwise tree, two registered stages per level;
//                the fp result reaches the wbf_* register 2*log2(VLEN) cycles
//                after issue, the core forwards it and retires it one edge
//                later: usable 2*log2(VLEN) + 1 cycles after issue.
// Hazards are interlocked in the core (never exposed) with vp_rows / vp_rows_ok
// (every row with an element-wise write still to come) and vp_fds / vp_fds_ok
// (every fp register a reduction has not delivered to wbf_* yet). The writes are
// lane-masked, so an instruction writing a row that an earlier one still writes
// need not wait: both pipelines retire in order and lanes outside the mask keep
// what the SRAM holds when the write lands.
// vexp, vrecip and vrsqrt go to the shared special-function unit (npu_sfu:
// SFU_LANES pipelined lanes, VLEN/SFU_LANES cycles per row, latency
// VLEN/SFU_LANES - 1 + SFU_LAT), which reads its operand row at the issue edge
// and writes the destination row group by group; the core interlocks on its
// sfu_* outputs. The core's scalar fexp/frecip/frsqrt use the same SFU (sf_*:
// one lane, fp32, latency SFU_LAT, written to F through sfw_*).
//
// The SRAM is VBANKS banks (npu_vbank: 1R1W, lane-masked writes), row r in bank
// r mod VBANKS, so each bank serves one row read and one row write per cycle.
// Readers: the issuing instruction (its operand row ra — also the SFU's — and a
// second row, rb or vmacs's rd), a pre-read of that second row into pre_q (the
// core's answer to two operand rows in one bank: read one the cycle before
// issue), an mmac's A rows (MLEN consecutive rows: MLEN banks), the DMA store
// (its one or two rows, first). Writers: the element-wise stage 3, the SFU's
// group leaving its last segment, an mst's rows, a landed dld beat (two
// adjacent rows). The core's issue logic keeps it to one of each per bank and
// cycle (it reserves write slots at issue: npu_core "banks"); a simulation
// check here reports any cycle where it does not.
//
// The arithmetic lives in functions (rtl/common/kc_fp_funcs.vh) called from the
// lanes' and the tree's stage registers, loaded only when the stage holds an
// active lane, so a simulator evaluates only the work in flight.
`default_nettype none

`define NPU_ISA_MACROS_ONLY
`include "npu_isa.vh"
`undef NPU_ISA_MACROS_ONLY

module npu_vector #(
    parameter integer VLEN  = `NPU_VLEN,
    parameter integer VROWS = `NPU_VROWS,
    parameter integer MLEN  = `NPU_MLEN,
    parameter integer SFU_LANES = `NPU_SFU_LANES,
    parameter integer NB    = `NPU_VBANKS,
    parameter integer ROWW  = $clog2(VROWS),
    parameter integer W     = VLEN * 16,
    parameter integer FRW   = $clog2(`NPU_NFREGS),   // fp register index
    parameter integer MRW   = $clog2(MLEN + 1),      // mrows, 1..MLEN
    parameter integer NVR   = 3,                     // element-wise stages with a row write to come
    parameter integer NVF   = 2 * $clog2(VLEN)       // reduction stages before wbf_*
) (
    input  wire            clk,
    input  wire            rst,
    // issue (from the core; valid only when the core really issues)
    input  wire            iss_valid,
    input  wire [5:0]      iss_funct,
    input  wire [ROWW-1:0] iss_rd,      // destination row (also read: vmacs)
    input  wire [ROWW-1:0] iss_ra,
    input  wire [ROWW-1:0] iss_rb,
    input  wire [31:0]     iss_fs,      // scalar operand (forwarded fp register)
    input  wire [FRW-1:0]  iss_fd,      // fp destination (reductions)
    input  wire [VLEN-1:0] iss_lanes,   // active lanes (from vmask)
    input  wire            iss_pre,     // the second operand row was pre-read into pre_q
    // pre-read of an issue's second operand row (the cycle before it issues)
    input  wire            pre_en,
    input  wire [ROWW-1:0] pre_row,
    // a scalar fexp/frecip/frsqrt (into fp register iss_fd) issues to the SFU
    input  wire            sf_iss,
    input  wire [1:0]      sf_op,       // 1 exp, 2 recip, 3 rsqrt
    input  wire [31:0]     sf_x,
    // hazard view of the pipeline: rows with an element-wise write still to come,
    // fp registers a reduction has not delivered to wbf_* yet
    output wire            vp_busy,     // an instruction in the pipeline (wbf_* included)
    output wire            vp_first,    // an instruction in its first stage (one cycle each)
    output wire [NVR*ROWW-1:0] vp_rows,
    output wire [NVR-1:0]  vp_rows_ok,
    output wire [NVF*FRW-1:0] vp_fds,
    output wire [NVF-1:0]  vp_fds_ok,
    // hazard view of the special-function unit (npu_sfu)
    output wire            sfu_free,    // an SFU instruction may issue now
    output wire            sfu_busy,
    output wire [5*ROWW-1:0] sfu_rows,  // rows with an SFU write still to come
    output wire [4:0]      sfu_rows_ok,
    output wire [5*FRW-1:0] sfu_fds,    // fp registers a scalar SFU entry still writes
    output wire [4:0]      sfu_fds_ok,
    output wire            sfw_valid,   // a scalar SFU result, written to F at this edge
    output wire [FRW-1:0]  sfw_idx,
    output wire [31:0]     sfw_val,
    // fp write-back (registered; the core forwards it and writes its register file)
    output wire            wbf_valid,
    output wire [FRW-1:0]  wbf_idx,
    output wire [31:0]     wbf_val,
    // DMA load: two lane-masked row writes per cycle
    input  wire            dw0_en,
    input  wire [ROWW-1:0] dw0_row,
    input  wire [VLEN-1:0] dw0_lanes,
    input  wire [W-1:0]    dw0_data,
    input  wire            dw1_en,
    input  wire [ROWW-1:0] dw1_row,
    input  wire [VLEN-1:0] dw1_lanes,
    input  wire [W-1:0]    dw1_data,
    // DMA store: one or two row reads in the cycle a beat is presented
    input  wire            dr0_en,
    input  wire [ROWW-1:0] dr0_row,
    output wire [W-1:0]    dr0_data,
    input  wire            dr1_en,
    input  wire [ROWW-1:0] dr1_row,
    output wire [W-1:0]    dr1_data,
    // matrix unit: A tile read (MLEN rows from ma_row, when an mmac issues) and
    // accumulator write-back
    input  wire            ma_en,
    input  wire [ROWW-1:0] ma_row,
    output wire [MLEN*W-1:0] ma_data,
    input  wire            mw_en,
    input  wire [ROWW-1:0] mw_row,
    input  wire [MRW-1:0]  mw_rows,     // mrows: the rows an mmac reads, an mst writes
    input  wire [MLEN*W-1:0] mw_acc     // the accumulators as bf16 rows (npu_pe)
);
`include "npu_isa.vh"
`include "kc_fp_funcs.vh"

    localparam integer LB    = $clog2(NB);
    localparam integer BROWS = VROWS / NB;
    localparam integer BRW   = $clog2(BROWS);

    /* verilator lint_off UNUSEDSIGNAL */   // each takes its part of the row number
    function automatic [LB-1:0] bk(input [ROWW-1:0] r);     // a row's bank
        bk = r[LB-1:0];
    endfunction
    function automatic [BRW-1:0] bix(input [ROWW-1:0] r);   // its row in the bank
        bix = r[ROWW-1:LB];
    endfunction
    /* verilator lint_on UNUSEDSIGNAL */

    // the SRAM read registers (loaded at the issue edge)
    reg            s0_valid, s0_red;
    reg [5:0]      s0_funct;
    reg [ROWW-1:0] s0_rd;
    reg [W-1:0]    s0_a, s0_b;
    reg [31:0]     s0_fs;
    reg [FRW-1:0]  s0_fd;
    reg [VLEN-1:0] s0_lanes;
    // element-wise stages 1, 2: valid, destination row, active lanes
    reg            v1, v2;
    reg [ROWW-1:0] rd1, rd2;
    reg [VLEN-1:0] ln1, ln2;

    function automatic is_reduction(input [5:0] f);
        is_reduction = (f == NPU_FN_VREDSUM) || (f == NPU_FN_VREDMAX);
    endfunction

    function automatic is_sfu(input [5:0] f);
        is_sfu = (f == NPU_FN_VEXP) || (f == NPU_FN_VRECIP) || (f == NPU_FN_VRSQRT);
    endfunction
    // ---- the banks' read ports
    wire [NB*W-1:0] rdata;                 // bank b's read data in slice b
    reg  [W-1:0]    pre_q;                 // a pre-read second operand row
    wire            a_use   = iss_valid && iss_funct != NPU_FN_VBCAST;
    wire            sec_vm  = iss_funct == NPU_FN_VMACS;
    wire [ROWW-1:0] sec_row = sec_vm ? iss_rd : iss_rb;
    wire            sec_use = iss_valid && (iss_funct <= NPU_FN_VMIN || sec_vm) && !iss_pre;
    // Bank b's row of d (constant part-selects: a simulator copies the one row,
    // synthesis makes an NB-way multiplexer)
    function automatic [W-1:0] bank_row(input [NB*W-1:0] d, input [LB-1:0] b);
        integer q;
        bank_row = {W{1'b0}};
        for (q = 0; q < NB; q = q + 1)
            if (b == LB'(q)) bank_row = d[q*W +: W];
    endfunction
    // The special functions: the operand row is the same SRAM read as s0_a's.
    wire [W-1:0]    row_a   = bank_row(rdata, bk(iss_ra));
    wire [W-1:0]    row_sec = iss_pre ? pre_q : bank_row(rdata, bk(sec_row));
    wire            sfu_w_en;
    wire [ROWW-1:0] sfu_w_row;
    wire [VLEN-1:0] sfu_w_lanes;
    wire [W-1:0]    sfu_w_data;
    npu_sfu #(.VLEN(VLEN), .SFU_LANES(SFU_LANES), .ROWW(ROWW), .FRW(FRW)) u_sfu (
        .clk(clk), .rst(rst), .iss(iss_valid && is_sfu(iss_funct)),
        .iss_op(sf_iss ? sf_op : iss_funct == NPU_FN_VEXP ? 2'd1 : iss_funct == NPU_FN_VRECIP ? 2'd2 : 2'd3),
        .iss_rd(iss_rd), .iss_a(row_a), .iss_lanes(iss_lanes),
        .s_iss(sf_iss), .s_x(sf_x), .s_fd(iss_fd),
        .free(sfu_free), .busy(sfu_busy), .rows(sfu_rows), .rows_ok(sfu_rows_ok),
        .w_en(sfu_w_en), .w_row(sfu_w_row), .w_lanes(sfu_w_lanes), .w_data(sfu_w_data),
        .fds(sfu_fds), .fds_ok(sfu_fds_ok), .sw_en(sfw_valid), .sw_idx(sfw_idx), .sw_val(sfw_val));

    wire s0_ew = s0_valid && !s0_red;

    // ---- element-wise: VLEN lanes, three stages
    wire [W-1:0] y;
    genvar g;
    generate
        for (g = 0; g < VLEN; g = g + 1) begin : g_lane
            npu_vlane u_lane (
                .clk(clk), .e1(s0_ew && s0_lanes[g]), .fn(s0_funct),
                .a(s0_a[g*16 +: 16]), .b(s0_b[g*16 +: 16]), .d(s0_b[g*16 +: 16]), .s(s0_fs),
                .e2(v1 && ln1[g]), .e3(v2 && ln2[g]), .y(y[g*16 +: 16]));
        end
    endgenerate

    // ---- reductions
    wire            red_busy;
    wire [(NVF-1)*FRW-1:0] red_fds;
    wire [NVF-2:0]  red_fds_ok;
    npu_vred #(.VLEN(VLEN), .FRW(FRW)) u_red (
        .clk(clk), .rst(rst), .in_valid(s0_valid && s0_red), .in_max(s0_funct == NPU_FN_VREDMAX),
        .in_fd(s0_fd), .in_row(s0_a), .in_lanes(s0_lanes),
        .busy(red_busy), .fds(red_fds), .fds_ok(red_fds_ok),
        .wb_valid(wbf_valid), .wb_idx(wbf_idx), .wb_val(wbf_val));

    assign vp_busy    = s0_valid || v1 || v2 || red_busy;
    assign vp_first   = s0_valid;
    assign vp_rows    = {rd2, rd1, s0_rd};
    assign vp_rows_ok = {v2, v1, s0_ew};
    assign vp_fds     = {red_fds, s0_fd};
    assign vp_fds_ok  = {red_fds_ok, s0_valid && s0_red};

    always @(posedge clk) begin
        if (rst) begin
            s0_valid <= 1'b0;
            v1       <= 1'b0;
            v2       <= 1'b0;
        end else begin
            s0_valid <= iss_valid && !is_sfu(iss_funct);
            v1       <= s0_ew;
            v2       <= v1;
        end
        if (iss_valid && !is_sfu(iss_funct)) begin
            s0_red   <= is_reduction(iss_funct);
            s0_funct <= iss_funct;
            s0_rd    <= iss_rd;
            s0_a     <= row_a;
            s0_b     <= row_sec;       // rb, or vmacs's old destination row
            s0_fs    <= iss_fs;
            s0_fd    <= iss_fd;
            s0_lanes <= iss_lanes;
        end
        rd1 <= s0_rd; ln1 <= s0_lanes;
        rd2 <= rd1;   ln2 <= ln1;
        if (pre_en) pre_q <= bank_row(rdata, bk(pre_row));
    end

    // ---- banks: each port's user (at most one: the core's issue logic) and data
    localparam integer MLW = MLEN > 1 ? $clog2(MLEN) : 1;
    wire [W-1:0] mw_rowd [0:MLEN-1];   // mst's rows
    genvar b;
    generate
        for (b = 0; b < MLEN; b = b + 1) begin : g_mw
            assign mw_rowd[b] = mw_acc[b*W +: W];
        end
        for (b = 0; b < NB; b = b + 1) begin : g_bank
            // the mmac / mst row in this bank: ma_row + ((b - ma_row) mod NB)
            wire [LB-1:0]   ma_off = LB'(b) - bk(ma_row);
            wire [LB-1:0]   mw_off = LB'(b) - bk(mw_row);
            wire [ROWW-1:0] ma_r   = ma_row + ROWW'(ma_off);   // wraps; rows past the tile are don't-cares
            wire [ROWW-1:0] mw_r   = mw_row + ROWW'(mw_off);
            // read port: the DMA store first (the core waits for it)
            wire r_d0  = dr0_en && bk(dr0_row) == LB'(b);
            wire r_d1  = dr1_en && bk(dr1_row) == LB'(b);
            wire r_pre = pre_en && bk(pre_row) == LB'(b);
            wire r_a   = a_use && bk(iss_ra) == LB'(b);
            wire r_sec = sec_use && bk(sec_row) == LB'(b);
            wire r_ma  = ma_en && 32'(ma_off) < 32'(mw_rows);   // the mrows rows an mmac uses
            wire [BRW-1:0] raddr = r_d0 ? bix(dr0_row) : r_d1 ? bix(dr1_row) : r_pre ? bix(pre_row) :
                                   r_a ? bix(iss_ra) : r_sec ? bix(sec_row) : bix(ma_r);
            // write port
            wire w_v   = v2 && bk(rd2) == LB'(b);
            wire w_sfu = sfu_w_en && bk(sfu_w_row) == LB'(b);
            wire w_mst = mw_en && 32'(mw_off) < 32'(mw_rows);
            wire w_d0  = dw0_en && bk(dw0_row) == LB'(b);
            wire w_d1  = dw1_en && bk(dw1_row) == LB'(b);
            wire [BRW-1:0]  waddr  = w_v ? bix(rd2) : w_sfu ? bix(sfu_w_row) : w_mst ? bix(mw_r) :
                                     w_d0 ? bix(dw0_row) : bix(dw1_row);
            wire [VLEN-1:0] wlanes = w_v ? ln2 : w_sfu ? sfu_w_lanes : w_mst ? {VLEN{1'b1}} :
                                     w_d0 ? dw0_lanes : dw1_lanes;
            wire [W-1:0]    wdata  = w_v ? y : w_sfu ? sfu_w_data : w_mst ? mw_rowd[mw_off[MLW-1:0]] :
                                     w_d0 ? dw0_data : dw1_data;
            npu_vbank #(.VLEN(VLEN), .ROWS(BROWS)) u_bank (
                .clk(clk), .we(w_v || w_sfu || w_mst || w_d0 || w_d1), .waddr(waddr),
                .wlanes(wlanes), .wdata(wdata), .raddr(raddr), .rdata(rdata[b*W +: W]));
`ifndef SYNTHESIS
            // The ports' discipline (kept by the core): two users of a port in one
            // cycle would be a lost write or a wrong read.
            always @(posedge clk)
                if (!rst) begin
                    if (32'(w_v) + 32'(w_sfu) + 32'(w_mst) + 32'(w_d0) + 32'(w_d1) > 1)
                        $error("npu_vector: two writes to vector-SRAM bank %0d in one cycle", b);
                    if ((r_d1 && bix(dr1_row) != raddr) || (r_pre && bix(pre_row) != raddr) ||
                        (r_a && bix(iss_ra) != raddr) || (r_sec && bix(sec_row) != raddr) ||
                        (r_ma && bix(ma_r) != raddr))
                        $error("npu_vector: two row reads from vector-SRAM bank %0d in one cycle", b);
                end
`endif
        end
    endgenerate

    assign dr0_data = bank_row(rdata, bk(dr0_row));
    assign dr1_data = bank_row(rdata, bk(dr1_row));
    generate
        for (g = 0; g < MLEN; g = g + 1) begin : g_ma
            assign ma_data[g*W +: W] = bank_row(rdata, bk(ma_row + ROWW'(g)));
        end
    endgenerate
endmodule

`default_nettype wire
