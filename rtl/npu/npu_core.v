// npu_core — fetch, decode, scalar/fp/address units, hardware loops, configuration
// registers, interlocks and traps of the npu.
//
// Two stages. Fetch: the instruction memory (npu_imem, a synchronous SRAM) reads
// the word at fpc at a clock edge; the word is the decode/issue stage's
// instruction from then on. Decode/issue: at most one instruction issues per
// cycle, in order. Integer, control, fp move/compare (fmax, fmin, fmvif,
// fmvfi, flui, flli) and configuration instructions complete at their issue
// edge; fadd/fsub/fmul/ffma/fcvtif go to the scalar fp pipeline (npu_fpu,
// latency FP_LAT = 4, one per cycle) and fexp/frecip/frsqrt to the vector
// unit's shared special-function unit (one lane, latency SFU_LAT = 6), each
// writing F when it completes; vector instructions go to npu_vector
// (element-wise latency VEC_LAT, reductions 2*log2(VLEN) + 1, both fully
// pipelined; vexp/vrecip/vrsqrt to its
// special-function unit, VLEN/SFU_LANES - 1 + SFU_LAT), DMA instructions start
// an engine in npu_dma and run in the background. Every hazard between them is
// interlocked here: an instruction that would observe a stale value waits (and
// the wait is counted per cause).
//
// Fetch runs one instruction ahead: while pc issues, fpc is fetched, where fpc is
// the instruction that follows pc in sequence — pc + 1, or a loop body's start
// when pc + 1 ends a hardware loop that iterates again (npu_loop_walk on the loop
// stack as pc's issue leaves it), so loop back edges and loop exits cost nothing.
// When the issuing instruction continues anywhere else (a taken branch, j, jal,
// jr, a loop of count 0), the word fetched is dropped and the successor fetched
// at that edge: the decode stage is empty for one cycle (a fetch bubble, counter
// fetch_bubble). A control transfer to the instruction fetch had chosen anyway
// (e.g. a branch to the next instruction) costs nothing. The first instruction
// after reset also waits one cycle for its fetch.
//
// Traps are precise: the trapping instruction has no effect, trap_pc is its pc.
`default_nettype none

`define NPU_ISA_MACROS_ONLY
`include "npu_isa.vh"
`undef NPU_ISA_MACROS_ONLY

module npu_core #(
    parameter integer VLEN       = `NPU_VLEN,
    parameter integer VROWS      = `NPU_VROWS,
    parameter integer IMEM_WORDS = `NPU_IMEM_WORDS,
    parameter integer LOOP_DEPTH = `NPU_LOOP_DEPTH,
    parameter integer NCOUNTERS  = `NPU_NCOUNTERS,
    parameter integer MLEN       = `NPU_MLEN,
    parameter integer MROWS      = `NPU_MROWS,
    parameter integer VBANKS     = `NPU_VBANKS,
    parameter integer SFU_LANES  = `NPU_SFU_LANES,
    parameter integer LAND       = VLEN / SFU_LANES + 5,   // npu_dma's dld landing line
    parameter integer ROWW       = $clog2(VROWS),
    parameter integer FRW        = $clog2(`NPU_NFREGS),   // fp register index
    parameter integer MRW        = $clog2(MLEN + 1),      // mrows, 1..MLEN
    parameter integer NVR        = 3,                     // npu_vector's vp_rows entries
    parameter integer NVF        = 2 * $clog2(VLEN)       // npu_vector's vp_fds entries
) (
    input  wire            clk,
    input  wire            rst,
    input  wire [`NPU_NAREGS*32-1:0] args,
    input  wire [31:0]     dram_bytes,
    // fetch: the instruction memory reads fetch_pc at an edge where fetch_re is set;
    // insn is the word it read (held while fetch_re is low)
    output wire [31:0]     fetch_pc,
    output wire            fetch_re,
    input  wire [31:0]     insn,
    // vector unit
    output wire            v_issue,
    output wire [5:0]      v_funct,
    output wire [ROWW-1:0] v_rd,
    output wire [ROWW-1:0] v_ra,
    output wire [ROWW-1:0] v_rb,
    output wire [31:0]     v_fs,
    output wire [FRW-1:0]  v_fd,
    output wire [VLEN-1:0] v_lanes,
    output wire            v_pre,      // pre-read v_pre_row (the second operand row) now
    output wire [ROWW-1:0] v_pre_row,
    output wire            v_pre_use,  // the issuing instruction's second row is the pre-read one
    input  wire            vp_busy,
    input  wire            vp_first,
    input  wire [NVR*ROWW-1:0] vp_rows,
    input  wire [NVR-1:0]  vp_rows_ok,
    input  wire [NVF*FRW-1:0] vp_fds,
    input  wire [NVF-1:0]  vp_fds_ok,
    input  wire            sfu_free,
    input  wire            sfu_busy,
    input  wire [5*ROWW-1:0] sfu_rows,
    input  wire [4:0]      sfu_rows_ok,
    // scalar special functions on the SFU: issue, fp registers pending, write-back
    output wire            sf_iss,
    output wire [1:0]      sf_op,
    output wire [31:0]     sf_x,
    input  wire [5*FRW-1:0] sfu_fds,
    input  wire [4:0]      sfu_fds_ok,
    input  wire            sfw_valid,
    input  wire [FRW-1:0]  sfw_idx,
    input  wire [31:0]     sfw_val,
    input  wire            wbf_valid,
    input  wire [FRW-1:0]  wbf_idx,
    input  wire [31:0]     wbf_val,
    // DMA
    output wire            dma_ld,
    output wire            dma_st,
    output wire [31:0]     dma_addr,
    output wire [ROWW-1:0] dma_vrow,
    output wire [31:0]     dma_nrows,
    output wire [31:0]     dma_stride,
    output wire [15:0]     dma_dlen,
    output wire            dma_to_m,    // the load targets the matrix SRAM (mld)
    input  wire [1:0]      ld_busy,    // load engine e busy (npu_dma: two, in turn)
    input  wire [1:0]      ld_to_m,    // engine e fills the matrix SRAM
    input  wire [2*ROWW-1:0] ld_lo,    // engine e's first row not yet complete
    input  wire            ld_next,    // the engine the next load goes to
    input  wire            st_busy,
    input  wire [ROWW-1:0] st_lo,
    // vector-SRAM banks: dld writes at the next LAND edges, the store's reads now
    input  wire [LAND*VBANKS-1:0] land_banks,
    input  wire [VBANKS-1:0] st_rbanks,
    // matrix unit
    output wire            m_ld_issue,
    output wire            m_ld_trans,
    output wire            m_bsel,
    output wire [ROWW-1:0] m_row,        // matrix-SRAM row (mldb) / vector-SRAM row (mmac, mst)
    output wire            m_mac_issue,
    output wire [MRW-1:0]  m_rows,
    output wire            m_st_issue,
    input  wire            m_loader_busy,
    input  wire            m_loader_bsel,
    input  wire            m_feeder_busy,
    input  wire            m_feeder_last,
    input  wire [1:0]      m_b_inuse,
    input  wire            m_array_busy,
    // status
    output reg             halted,
    output reg             trapped,
    output reg  [3:0]      trap_cause,
    output reg  [31:0]     trap_pc,
    output reg  [31:0]     trap_info,
    output wire [NCOUNTERS*32-1:0] perf,
    // retire port: the instruction that issued at the last edge (co-simulation)
    output reg             retire_valid,
    output reg  [31:0]     retire_pc,
    output reg  [31:0]     retire_insn
);
`include "npu_isa.vh"
`include "kc_fp_funcs.vh"   // kc_fp_max/min at issue (the arithmetic is in npu_fpu, npu_sfu)

    localparam integer LV  = $clog2(VLEN);
    localparam integer LPW = LOOP_DEPTH > 1 ? $clog2(LOOP_DEPTH) : 1;   // loop-stack index

    // Trap causes (documented in the ISA document and rtl/npu/npu_top_ports.md).
    localparam [3:0] T_ILLEGAL = 4'd1, T_PC = 4'd2, T_VSRAM = 4'd3, T_DRAM = 4'd4,
                     T_ALIGN = 4'd5, T_CONFIG = 4'd6, T_LOOP = 4'd7;

    // ---------------------------------------------------------------- state
    // Architectural state is readable from the simulator (co-simulation compares it
    // with the ISS); public_flat_rd does not change the hardware.
    reg [31:0] pc                         /* verilator public_flat_rd */;   // the decode stage's
    reg        d_valid;   // the decode stage holds the fetched word at pc (else a bubble)
    reg [31:0] fpc;       // being fetched: the instruction after pc in sequence
    reg [31:0] X [0:NPU_NXREGS-1]         /* verilator public_flat_rd */;
    reg [31:0] F [0:NPU_NFREGS-1]         /* verilator public_flat_rd */;
    reg [31:0] A [0:NPU_NAREGS-1]         /* verilator public_flat_rd */;
    reg [31:0] cfg_dstride, cfg_dlen, cfg_vmask, cfg_mrows /* verilator public_flat_rd */;
    reg [16:0] cfg_dsub;   // SRAM rows per DMA row, ceil(dlen / VLEN): set with dlen
    reg [31:0] lp_start [0:LOOP_DEPTH-1];
    reg [31:0] lp_end   [0:LOOP_DEPTH-1];
    reg [31:0] lp_cnt   [0:LOOP_DEPTH-1];
    reg [$clog2(LOOP_DEPTH+1)-1:0] lp_sp;
    reg [31:0] cnt [0:NCOUNTERS-1];
    // ongoing DMA footprints in DRAM, for ordering loads and stores through memory
    reg [31:0] ld_dlo [0:1], ld_dhi [0:1], ld_vhi [0:1];   // per load engine
    reg [31:0] st_dlo, st_dhi, st_vhi;

    assign fetch_pc = fpc;

    // ---------------------------------------------------------------- decode
    // Field positions and widths come from isa/npu.def via npu_isa.vh.
    localparam integer RW  = NPU_F_RD_WIDTH;    // rd, rs1 and rs2 are register indices alike
    localparam integer I16 = NPU_F_IMM16_WIDTH, I14 = NPU_F_IMM14_WIDTH;
    localparam integer O22 = NPU_F_OFF22_WIDTH, C10 = NPU_F_CNT10_WIDTH;
    wire [NPU_F_OPCODE_WIDTH-1:0] op = insn[NPU_F_OPCODE_HI:NPU_F_OPCODE_LO];
    wire [NPU_F_FUNCT_WIDTH-1:0]  fn = insn[NPU_F_FUNCT_HI:NPU_F_FUNCT_LO];
    wire [RW-1:0] rd    = insn[NPU_F_RD_HI:NPU_F_RD_LO];
    wire [RW-1:0] rs1   = insn[NPU_F_RS1_HI:NPU_F_RS1_LO];
    wire [RW-1:0] rs2   = insn[NPU_F_RS2_HI:NPU_F_RS2_LO];
    wire [I16-1:0] imm16 = insn[NPU_F_IMM16_HI:NPU_F_IMM16_LO];
    wire [I14-1:0] imm14 = insn[NPU_F_IMM14_HI:NPU_F_IMM14_LO];
    wire [31:0] simm16 = {{(32-I16){imm16[I16-1]}}, imm16};
    wire [31:0] uimm16 = {{(32-I16){1'b0}}, imm16};
    wire [31:0] simm14 = {{(32-I14){imm14[I14-1]}}, imm14};
    wire [31:0] uimm14 = {{(32-I14){1'b0}}, imm14};
    wire [31:0] soff22 = {{(32-O22){insn[NPU_F_OFF22_HI]}}, insn[NPU_F_OFF22_HI:NPU_F_OFF22_LO]};
    wire [31:0] cnt10  = {{(32-C10){1'b0}}, insn[NPU_F_CNT10_HI:NPU_F_CNT10_LO]};
    wire [RW-1:0] cfgid = rs2;
    wire [4:0]  shamt  = imm16[4:0];            // shift amounts 0..31 (npu_isa_legal checks the range)
    wire        rd_x0  = rd == '0;              // writes to r0 are discarded

    // the scalar fp pipeline's hazard view and write-back (u_fpu, below)
    wire [3*FRW-1:0] fpu_fds;
    wire [2:0]       fpu_fds_ok;
    wire             fpu_busy, fpw_valid;
    wire [FRW-1:0]   fpw_idx;
    wire [31:0]      fpw_val;

    wire [31:0] x_rd  = X[rd];
    wire [31:0] x_rs1 = X[rs1];
    wire [31:0] x_rs2 = X[rs2];

    // fp reads see the vector unit's reduction result the cycle it retires.
    // Functions called from continuous assignments read only their arguments:
    // an event-driven simulator (Icarus, VCS, Questa) re-evaluates such an
    // assignment only when an argument changes (IEEE 1800 10.3.2), so anything
    // else the body read would go stale (tests/icarus checks this).
    function automatic [31:0] fread(input [FRW-1:0] i, input [31:0] f_i, input wb_valid,
                                    input [FRW-1:0] wb_idx, input [31:0] wb_val);
        fread = (wb_valid && wb_idx == i) ? wb_val : f_i;
    endfunction
    wire [31:0] f_rd  = fread(rd, F[rd], wbf_valid, wbf_idx, wbf_val);
    wire [31:0] f_rs1 = fread(rs1, F[rs1], wbf_valid, wbf_idx, wbf_val);
    wire [31:0] f_rs2 = fread(rs2, F[rs2], wbf_valid, wbf_idx, wbf_val);

    wire legal   = npu_isa_legal(insn);
    wire pc_bad  = pc >= IMEM_WORDS;
    wire is_vec  = op == NPU_OP_VADD;
    wire is_fpu  = op == NPU_OP_FADD;
    wire is_dld  = op == NPU_OP_DLD;
    wire is_mld  = op == NPU_OP_MLD;
    wire is_dst  = op == NPU_OP_DST;
    wire is_load = is_dld || is_mld;     // both use the DMA load engine
    wire is_dma  = is_load || is_dst;
    wire is_mat  = op == NPU_OP_MLDB;    // mldb, mldbt, mmac, mst
    wire m_ldb   = is_mat && (fn == NPU_FN_MLDB || fn == NPU_FN_MLDBT);
    wire m_mac   = is_mat && fn == NPU_FN_MMAC;
    wire m_st    = is_mat && fn == NPU_FN_MST;
    wire m_b     = rd[0];
    wire is_halt = op == NPU_OP_HALT && fn == NPU_FN_HALT;
    wire is_loop = op == NPU_OP_LOOP || op == NPU_OP_LOOPI;

    // vector operand use
    wire v_red   = fn == NPU_FN_VREDSUM || fn == NPU_FN_VREDMAX;
    wire v_bcast = fn == NPU_FN_VBCAST;
    wire v_vv    = fn <= NPU_FN_VMIN;                        // two source rows
    wire v_fsrc  = (fn >= NPU_FN_VADDS && fn <= NPU_FN_VMACS) || v_bcast;
    wire v_src1  = !v_bcast;
    wire v_rdsrc = fn == NPU_FN_VMACS;
    wire v_wrow  = !v_red;
    wire v_sfu   = fn == NPU_FN_VEXP || fn == NPU_FN_VRECIP || fn == NPU_FN_VRSQRT;

    // scalar fp: the pipelined functions (npu_fpu) and the special functions (SFU)
    wire f_pipe  = is_fpu && (fn <= NPU_FN_FMUL || fn == NPU_FN_FFMA || fn == NPU_FN_FCVTIF);
    wire f_sfu   = is_fpu && (fn == NPU_FN_FEXP || fn == NPU_FN_FRECIP || fn == NPU_FN_FRSQRT);

    // fp register use, for the interlock with results in flight
    wire fp_ld   = op == NPU_OP_FLUI || op == NPU_OP_FLLI;
    wire f_use_rd  = (is_fpu && fn != NPU_FN_FMVFI) || fp_ld || (is_vec && v_red);
    wire f_use_rs1 = is_fpu && (fn <= NPU_FN_FRSQRT || fn == NPU_FN_FMVFI);
    wire f_use_rs2 = (is_fpu && fn <= NPU_FN_FFMA) || (is_vec && v_fsrc);

    // ---------------------------------------------------------------- traps
    wire [31:0] vmask_ok_hi = VLEN;
    wire vmask_bad = cfg_vmask == 32'd0 || cfg_vmask > vmask_ok_hi;
    function automatic row_bad(input [31:0] r);
        row_bad = r >= VROWS;
    endfunction
    wire vrow_bad_rd  = (v_wrow || v_rdsrc) && !v_red && row_bad(x_rd);
    wire vrow_bad_rs1 = v_src1 && row_bad(x_rs1);
    wire vrow_bad_rs2 = v_vv && row_bad(x_rs2);

    // DMA footprint: SRAM rows [x_rd, x_rd + n*subrows), DRAM bytes [a, a + (n-1)*stride + 2*dlen)
    wire [31:0] d_addr   = A[rs1];
    wire [31:0] d_n      = x_rs2;
    wire [16:0] d_sub    = cfg_dsub;
    // A transfer of more rows than either SRAM has traps (vsram-range: dsub >= 1
    // when dlen is legal), so the row count enters the products clamped to
    // NCL = max(VROWS, MROWS) + 1: NW x 17 and NW x 32-bit multiplies, not
    // 32 x 32, with the same footprint for every transfer that issues and the
    // same trap for every other. The ends are 33 bits: a transfer that issues
    // ends at most at dram_bytes (32 bits) and row VROWS.
    localparam integer NCL = (VROWS > MROWS ? VROWS : MROWS) + 1;
    localparam integer NW  = $clog2(NCL + 1);
    wire [NW-1:0] d_nc     = d_n > NCL ? NW'(NCL) : d_n[NW-1:0];
    wire [NW-1:0] d_nm1    = d_nc - 1'b1;   // (d_n = 0: an empty transfer, no footprint)
    wire [NW+16:0] d_rows  = {17'd0, d_nc} * {{NW{1'b0}}, d_sub};
    wire [NW+31:0] d_span  = {32'd0, d_nm1} * {{NW{1'b0}}, cfg_dstride};
    wire [32:0] d_vend     = {1'b0, x_rd} + 33'(d_rows);
    wire [NW+33:0] d_dend_w = {{(NW+2){1'b0}}, d_addr} + {2'b0, d_span} + (NW+34)'({cfg_dlen, 1'b0});
    wire [32:0] d_dend     = d_dend_w[32:0];
    wire d_empty   = d_n == 32'd0;
    wire dlen_bad  = cfg_dlen == 32'd0 || cfg_dlen > 32'd65535;
    wire align_bad = d_addr[0] || cfg_dstride[0];
    wire dvrow_bad = d_vend > (is_mld ? 33'(MROWS) : 33'(VROWS));
    // matrix: weight loads read VLEN matrix-SRAM rows, mmac/mst use mrows vector-SRAM rows
    wire mrows_bad = cfg_mrows == 32'd0 || cfg_mrows > MLEN;
    wire [32:0] m_ldb_end = {1'b0, x_rs1} + 33'(VLEN);
    wire [32:0] m_a_end   = {1'b0, x_rs1} + {1'b0, cfg_mrows};
    wire [32:0] m_st_end  = {1'b0, x_rd} + {1'b0, cfg_mrows};
    wire dram_bad  = d_dend_w > (NW+34)'(dram_bytes);

    wire [31:0] br_target = pc + simm14;
    wire [31:0] loop_end  = pc + simm16;

    reg       trap_now;
    reg [3:0] trap_c;
    reg [31:0] trap_i;
    always @* begin
        trap_now = 1'b1;
        trap_c   = 4'd0;
        trap_i   = 32'd0;
        if (!d_valid) begin
            trap_now = 1'b0;   // a fetch bubble: nothing to check
        end else if (pc_bad) begin
            trap_c = T_PC; trap_i = pc;
        end else if (!legal) begin
            trap_c = T_ILLEGAL; trap_i = insn;
        end else if (is_vec && vmask_bad) begin
            trap_c = T_CONFIG; trap_i = cfg_vmask;
        end else if (is_vec && vrow_bad_rd) begin
            trap_c = T_VSRAM; trap_i = x_rd;
        end else if (is_vec && vrow_bad_rs1) begin
            trap_c = T_VSRAM; trap_i = x_rs1;
        end else if (is_vec && vrow_bad_rs2) begin
            trap_c = T_VSRAM; trap_i = x_rs2;
        end else if ((m_mac || m_st) && mrows_bad) begin
            trap_c = T_CONFIG; trap_i = cfg_mrows;
        end else if (m_ldb && m_ldb_end > 33'(MROWS)) begin
            trap_c = T_VSRAM; trap_i = x_rs1;
        end else if (m_mac && m_a_end > 33'(VROWS)) begin
            trap_c = T_VSRAM; trap_i = x_rs1;
        end else if (m_st && m_st_end > 33'(VROWS)) begin
            trap_c = T_VSRAM; trap_i = x_rd;
        end else if (is_dma && !d_empty && dlen_bad) begin
            trap_c = T_CONFIG; trap_i = cfg_dlen;
        end else if (is_dma && !d_empty && align_bad) begin
            trap_c = T_ALIGN; trap_i = d_addr[0] ? d_addr : cfg_dstride;
        end else if (is_dma && !d_empty && dvrow_bad) begin
            trap_c = T_VSRAM; trap_i = x_rd;
        end else if (is_dma && !d_empty && dram_bad) begin
            trap_c = T_DRAM; trap_i = d_dend[31:0] - 32'd1;
        end else if (is_loop && (lp_sp == LOOP_DEPTH[$bits(lp_sp)-1:0]
                                 || $signed(simm16) <= 32'sd1)) begin
            trap_c = T_LOOP; trap_i = pc;
        end else begin
            trap_now = 1'b0;
        end
    end

    // ---------------------------------------------------------------- interlocks
    function automatic in_range(input [ROWW-1:0] lo, input [31:0] hi, input [31:0] r);
        in_range = r >= {{(32-ROWW){1'b0}}, lo} && r < hi;
    endfunction
    function automatic overlaps(input [32:0] alo, input [32:0] ahi, input [32:0] blo, input [32:0] bhi);
        overlaps = alo < bhi && blo < ahi;
    endfunction

    // Rows with a write still to come: the vector pipeline's element-wise stages
    // (npu_vector vp_rows) and the special-function unit's (sfu_rows), NPR in all.
    // A row in the list is written at an edge still to come (at the latest the one
    // ending this cycle), so an instruction that reads it now, or would write it
    // before that write lands, waits; it issues at the edge after the write.
    localparam integer NPR = NVR + 5;
    wire [NPR*ROWW-1:0] pend_rows = {vp_rows, sfu_rows};
    wire [NPR-1:0]      pend_ok   = {vp_rows_ok, sfu_rows_ok};
    wire [NPR-1:0]      pend_sfu  = {{NVR{1'b0}}, sfu_rows_ok};
    // pend_at / pend_over: row r / rows [lo, hi) have a write to come (of the entries in ok)
    function automatic pend_at(input [NPR*ROWW-1:0] rows, input [NPR-1:0] ok, input [31:0] r);
        integer q;
        pend_at = 1'b0;
        for (q = 0; q < NPR; q = q + 1)
            if (ok[q] && {{(32-ROWW){1'b0}}, rows[q*ROWW +: ROWW]} == r)
                pend_at = 1'b1;
    endfunction
    function automatic pend_over(input [NPR*ROWW-1:0] rows, input [NPR-1:0] ok, input [31:0] lo, input [32:0] hi);
        integer q;
        pend_over = 1'b0;
        for (q = 0; q < NPR; q = q + 1)
            if (ok[q] && {{(32-ROWW){1'b0}}, rows[q*ROWW +: ROWW]} >= lo &&
                33'(rows[q*ROWW +: ROWW]) < hi)
                pend_over = 1'b1;
    endfunction
    // vector instruction vs the pipelines: a row it reads has a write to come, it
    // writes a row the SFU still writes (the SFU writes later than the element-wise
    // pipeline would; element-wise writes land in issue order, lane-masked, so they
    // need not wait for each other), or (an SFU instruction) the SFU's feed is busy.
    wire st_vec_pend = is_vec && ((v_sfu && !sfu_free) ||
                                  (v_src1 && pend_at(pend_rows, pend_ok, x_rs1)) ||
                                  (v_vv && pend_at(pend_rows, pend_ok, x_rs2)) ||
                                  (v_rdsrc && pend_at(pend_rows, pend_ok, x_rd)) ||
                                  (v_wrow && pend_at(pend_rows, pend_sfu, x_rd)));
    // fp registers with a write to come: a reduction's (its last stage, wbf_*, is
    // forwarded), the fp pipeline's or a scalar SFU entry's (not forwarded). An
    // instruction reading one, or writing one (it would land first), waits. A
    // reduction writing one a reduction still writes need not: reductions
    // deliver in issue order.
    localparam integer NFP = NVF + 5 + 3;   // reductions, SFU entries, npu_fpu stages
    wire [NFP*FRW-1:0] fp_pend    = {vp_fds, sfu_fds, fpu_fds};
    wire [NFP-1:0]     fp_pend_ok = {vp_fds_ok, sfu_fds_ok, fpu_fds_ok};
    wire [NFP-1:0]     fp_pend_nr = {{NVF{1'b0}}, sfu_fds_ok, fpu_fds_ok};   // not reductions
    function automatic fd_pend(input [NFP*FRW-1:0] fds, input [NFP-1:0] ok, input [FRW-1:0] f);
        integer q;
        fd_pend = 1'b0;
        for (q = 0; q < NFP; q = q + 1)
            if (ok[q] && fds[q*FRW +: FRW] == f)
                fd_pend = 1'b1;
    endfunction
    wire st_fp = (f_use_rd && fd_pend(fp_pend, (is_vec && v_red) ? fp_pend_nr : fp_pend_ok, rd)) ||
                 (f_use_rs1 && fd_pend(fp_pend, fp_pend_ok, rs1)) ||
                 (f_use_rs2 && fd_pend(fp_pend, fp_pend_ok, rs2)) ||
                 (f_sfu && !sfu_free);   // the SFU's feed is busy
    // per load engine e: filling vector-SRAM rows [lo_e, ld_vhi[e])
    wire [1:0] vld_busy = ld_busy & ~ld_to_m;
    wire [ROWW-1:0] lo0 = ld_lo[ROWW-1:0], lo1 = ld_lo[2*ROWW-1:ROWW];
    // Per load engine e (vector-SRAM rows [lo_e, ld_vhi[e]) and DRAM bytes
    // [ld_dlo[e], ld_dhi[e]) in flight):
    //   vec_ld_hit[e]  a vector instruction reads or writes a row the engine still fills;
    //   st_over_ld[e]  a store would overtake the engine's load (same DRAM bytes, or
    //                  SRAM rows the load has not filled yet).
    // Plain assignments, not functions reading free signals (see fread).
    wire [1:0] vec_ld_hit, st_over_ld;
    genvar e;
    generate
        for (e = 0; e < 2; e = e + 1) begin : g_ld
            wire [ROWW-1:0] lo = ld_lo[e*ROWW +: ROWW];
            assign vec_ld_hit[e] = vld_busy[e] &&
                ((v_src1 && in_range(lo, ld_vhi[e], x_rs1)) || (v_vv && in_range(lo, ld_vhi[e], x_rs2)) ||
                 (!v_red && in_range(lo, ld_vhi[e], x_rd)));
            assign st_over_ld[e] =
                (ld_busy[e] && overlaps({1'b0, d_addr}, d_dend, {1'b0, ld_dlo[e]}, {1'b0, ld_dhi[e]})) ||
                (vld_busy[e] && overlaps({1'b0, x_rd}, d_vend, 33'(lo), {1'b0, ld_vhi[e]}));
        end
    endgenerate
    wire st_vec_ld = is_vec && |vec_ld_hit;
    wire st_vec_st = is_vec && st_busy && !v_red && in_range(st_lo, st_vhi, x_rd);
    // DMA: one command per engine; a load may not overtake a store to the same SRAM
    // rows or DRAM bytes, nor a store a load (either load engine)
    wire st_dma = !d_empty && (
        (is_load && ld_busy[ld_next]) || (is_dst && st_busy) || (is_mld && m_loader_busy) ||
        (is_load && st_busy && overlaps({1'b0, d_addr}, d_dend, {1'b0, st_dlo}, {1'b0, st_dhi})) ||
        (is_dld && st_busy && overlaps({1'b0, x_rd}, d_vend, 33'(st_lo), {1'b0, st_vhi})) ||
        (is_dst && |st_over_ld) ||
        (!is_mld && pend_over(pend_rows, pend_ok, x_rd, d_vend)));   // dld/dst vs vector and SFU rows
    // matrix unit: one weight loader, one feeder (a new mmac may start on the last
    // step of the previous one), weight buffers in use, the array drained for mst
    function automatic rows_overlap(input [31:0] lo, input [32:0] hi, input [ROWW-1:0] blo, input [31:0] bhi);
        rows_overlap = overlaps({1'b0, lo}, hi, 33'(blo), {1'b0, bhi});
    endfunction
    wire st_mat =
        (m_ldb && (m_loader_busy || m_b_inuse[m_b] ||
                   (ld_busy[0] && ld_to_m[0] && rows_overlap(x_rs1, m_ldb_end, lo0, ld_vhi[0])) ||
                   (ld_busy[1] && ld_to_m[1] && rows_overlap(x_rs1, m_ldb_end, lo1, ld_vhi[1])))) ||
        (m_mac && ((m_feeder_busy && !m_feeder_last) || (m_loader_busy && m_loader_bsel == m_b) ||
                   pend_over(pend_rows, pend_ok, x_rs1, m_a_end) ||
                   (vld_busy[0] && rows_overlap(x_rs1, m_a_end, lo0, ld_vhi[0])) ||
                   (vld_busy[1] && rows_overlap(x_rs1, m_a_end, lo1, ld_vhi[1])))) ||
        (m_st && (m_array_busy || pend_over(pend_rows, pend_ok, x_rd, m_st_end) ||
                  (vld_busy[0] && rows_overlap(x_rd, m_st_end, lo0, ld_vhi[0])) ||
                  (vld_busy[1] && rows_overlap(x_rd, m_st_end, lo1, ld_vhi[1])) ||
                  (st_busy && rows_overlap(x_rd, m_st_end, st_lo, st_vhi))));
    // ---------------------------------------------------------------- banks
    // The vector SRAM's banks (npu_vector: row r in bank r mod VBANKS, one row read
    // and one row write per bank and cycle). An instruction issues only when every
    // bank port it will use is free at the cycle it uses it:
    //   reads, at issue: the operand row ra, the second row (rb, or vmacs's rd)
    //     unless it was pre-read, an mmac's mrows rows. The DMA store's reads this
    //     cycle come first. Two operand rows in one bank: the second is pre-read
    //     into npu_vector's pre_q the first cycle the instruction could otherwise
    //     issue, and it issues after (one cycle more).
    //   writes, reserved at issue: an element-wise row is written at the edge 3
    //     cycles on (VEC_LAT - 1), an SFU row's groups at the edges 5 .. 4 + G on,
    //     an mst's rows at its issue edge. The writes already scheduled then are
    //     those of the element-wise stage 3 and the SFU's group in its last
    //     segment (now), the SFU's group in its first lane stage (3 on), and dld
    //     beats in npu_dma's landing line (each of the next LAND edges: LAND
    //     covers the SFU's reach, so no beat can arrive and collide after).
    // Waits for a bank count as stall_bank.
    localparam integer LB = $clog2(VBANKS);
    localparam integer G  = VLEN / SFU_LANES;
    function automatic [VBANKS-1:0] bank_of(input [LB-1:0] r);
        bank_of = VBANKS'(1) << r;
    endfunction
    // the banks of rows r .. r + n - 1 (n <= MLEN <= VBANKS: distinct banks)
    function automatic [VBANKS-1:0] banks_of(input [LB-1:0] r, input [31:0] n);
        integer q;
        banks_of = '0;
        for (q = 0; q < MLEN; q = q + 1)
            if (q < n) banks_of = banks_of | (VBANKS'(1) << LB'(r + LB'(q)));
    endfunction
    wire [31:0] v_sec     = v_vv ? x_rs2 : x_rd;
    wire        v_sec_use = is_vec && (v_vv || v_rdsrc);
    wire        v_rconf   = v_sec_use && v_src1 && v_sec != x_rs1 && v_sec[LB-1:0] == x_rs1[LB-1:0];
    reg         pre_ok;   // the decode stage's second operand row is in pre_q
    wire [VBANKS-1:0] rd_banks =
        (is_vec && v_src1 ? bank_of(x_rs1[LB-1:0]) : '0) |
        (v_sec_use && !pre_ok ? bank_of(v_sec[LB-1:0]) : '0) |
        (m_mac ? banks_of(x_rs1[LB-1:0], cfg_mrows) : '0);
    // dld writes: now, 3 edges on, and any of the SFU's edges 5 .. 4 + G
    wire [VBANKS-1:0] land_now = land_banks[0 +: VBANKS];
    wire [VBANKS-1:0] land_ew  = land_banks[3*VBANKS +: VBANKS];
    reg  [VBANKS-1:0] land_sfu;
    integer k;
    always @* begin
        land_sfu = '0;
        for (k = 5; k <= 4 + G; k = k + 1)
            land_sfu = land_sfu | land_banks[k*VBANKS +: VBANKS];
    end
    wire [VBANKS-1:0] w_bank  = bank_of(x_rd[LB-1:0]);
    wire [VBANKS-1:0] sfu_at3 = sfu_rows_ok[1] ? bank_of(sfu_rows[ROWW +: LB]) : '0;
    wire [VBANKS-1:0] w_now   = land_now | (vp_rows_ok[2] ? bank_of(vp_rows[2*ROWW +: LB]) : '0) |
                                (sfu_rows_ok[4] ? bank_of(sfu_rows[4*ROWW +: LB]) : '0);
    wire st_bank_pre = v_rconf && !pre_ok;
    wire st_bank = st_bank_pre || |(rd_banks & st_rbanks) ||
                   (is_vec && v_wrow && !v_sfu && |(w_bank & (land_ew | sfu_at3))) ||
                   (is_vec && v_sfu && |(w_bank & land_sfu)) ||
                   (m_st && |(banks_of(x_rd[LB-1:0], cfg_mrows) & w_now));

    wire drained  = ld_busy == 2'b00 && !st_busy && !vp_busy && !sfu_busy && !fpu_busy &&
                    !m_array_busy && !m_loader_busy;
    wire st_drain = is_halt && !drained;

    wire stall_vec = st_vec_pend || st_fp;
    wire stall_dma = st_vec_ld || st_vec_st || (is_dma && st_dma);
    wire running   = !halted && !trapped;
    wire stall_mat = st_mat;
    wire issue     = running && d_valid && !trap_now && !stall_vec && !stall_dma && !stall_mat &&
                     !st_bank && !st_drain;
    wire waiting   = running && d_valid && !trap_now;   // stall counters: a valid instruction waits
    // the pre-read, once nothing but the bank conflict holds the instruction
    // (every write to the row has landed, none can start before it issues) and
    // the store does not read that bank now
    assign v_pre     = waiting && st_bank_pre && !stall_vec && !stall_dma &&
                       !(|(bank_of(v_sec[LB-1:0]) & st_rbanks));
    assign v_pre_row = v_sec[ROWW-1:0];
    assign v_pre_use = pre_ok;

    // ---------------------------------------------------------------- next pc
    // Fall-through pc with zero-overhead loops (npu_loop_walk): at the end of the
    // innermost body jump back while iterations remain, else pop and check the
    // enclosing loop (which may end at the same instruction).
    localparam integer SPW = $clog2(LOOP_DEPTH + 1);
    wire [31:0]    fall_pc;
    wire [SPW-1:0] fall_sp;
    wire           fall_dec;
    wire [LPW-1:0] fall_lvl;
    // A loop with count 0 continues at its end label exactly as if it had fallen
    // through to it (an enclosing loop ending there iterates or pops).
    wire        loop_skip = op == NPU_OP_LOOP && x_rs1 == 32'd0;
    wire [31:0] seq_pc    = loop_skip ? loop_end : pc + 32'd1;
    // The loop stack as flat vectors (the walks' inputs, and an always @* naming
    // words of an unpacked array would be sensitive to the whole array, which
    // Icarus warns about (-Wall); these wires make that sensitivity explicit).
    wire [LOOP_DEPTH*32-1:0] lp_start_v, lp_end_v, lp_cnt_v;
    genvar l;
    generate
        for (l = 0; l < LOOP_DEPTH; l = l + 1) begin : g_lp
            assign lp_start_v[l*32 +: 32] = lp_start[l];
            assign lp_end_v[l*32 +: 32]   = lp_end[l];
            assign lp_cnt_v[l*32 +: 32]   = lp_cnt[l];
        end
    endgenerate
    npu_loop_walk #(.LOOP_DEPTH(LOOP_DEPTH)) u_issue_walk (
        .seq_pc(seq_pc), .sp(lp_sp), .start_v(lp_start_v), .end_v(lp_end_v), .cnt_v(lp_cnt_v),
        .next_pc(fall_pc), .next_sp(fall_sp), .dec(fall_dec), .lvl(fall_lvl));

    // The issuing instruction's successor and the loop stack it leaves (the stack
    // unchanged when nothing issues). Taken branches and jumps override the
    // fall-through pc only: a loop end they sit at still counts (as in the ISS).
    wire loop_push = is_loop && !loop_skip;
    reg            br_taken;
    reg [31:0]     nx_pc;
    reg [SPW-1:0]  nx_sp;
    reg [LOOP_DEPTH*32-1:0] nx_start_v, nx_end_v, nx_cnt_v;
    always @* begin
        case (op)
            NPU_OP_BEQ:  br_taken = x_rs1 == x_rs2;
            NPU_OP_BNE:  br_taken = x_rs1 != x_rs2;
            NPU_OP_BLT:  br_taken = $signed(x_rs1) < $signed(x_rs2);
            NPU_OP_BGE:  br_taken = $signed(x_rs1) >= $signed(x_rs2);
            NPU_OP_BLTU: br_taken = x_rs1 < x_rs2;
            NPU_OP_BGEU: br_taken = x_rs1 >= x_rs2;
            default:     br_taken = 1'b0;
        endcase
        case (op)
            NPU_OP_J:   nx_pc = pc + soff22;
            NPU_OP_JAL: nx_pc = pc + simm16;
            NPU_OP_JR:  nx_pc = x_rs1;
            default:    nx_pc = br_taken ? br_target : loop_push ? pc + 32'd1 : fall_pc;
        endcase
        nx_sp      = lp_sp;
        nx_start_v = lp_start_v;
        nx_end_v   = lp_end_v;
        nx_cnt_v   = lp_cnt_v;
        if (issue) begin
            nx_sp = fall_sp;
            if (fall_dec)
                nx_cnt_v[32*fall_lvl +: 32] = lp_cnt_v[32*fall_lvl +: 32] - 32'd1;
            if (loop_push) begin
                nx_start_v[32*lp_sp[LPW-1:0] +: 32] = pc + 32'd1;
                nx_end_v[32*lp_sp[LPW-1:0] +: 32]   = loop_end;
                nx_cnt_v[32*lp_sp[LPW-1:0] +: 32]   = op == NPU_OP_LOOP ? x_rs1 : cnt10;
                nx_sp = lp_sp + 1'b1;
            end
        end
    end

    // ---------------------------------------------------------------- fetch
    // The decode stage takes a new word at an edge where it is empty or its
    // instruction issues; that word is fpc's unless the instruction issuing goes
    // elsewhere (redirect: the target is fetched instead, one bubble). What fetch
    // reads next is fpc's own successor in sequence, under the loop stack fpc's
    // issue will see (the stack after this edge: fpc issues next unless a
    // redirect drops it, and then its walk is not used).
    wire advance  = running && (!d_valid || issue);
    wire redirect = issue && nx_pc != fpc;
    wire [31:0] fetch_next;
    /* verilator lint_off PINCONNECTEMPTY */
    npu_loop_walk #(.LOOP_DEPTH(LOOP_DEPTH)) u_fetch_walk (
        .seq_pc(fpc + 32'd1), .sp(nx_sp), .start_v(nx_start_v), .end_v(nx_end_v), .cnt_v(nx_cnt_v),
        .next_pc(fetch_next), .next_sp(), .dec(), .lvl());
    /* verilator lint_on PINCONNECTEMPTY */
    assign fetch_re = advance;

    // ---------------------------------------------------------------- issue ports
    assign v_issue = issue && is_vec;
    assign v_funct = fn;
    assign v_rd    = x_rd[ROWW-1:0];
    assign v_ra    = x_rs1[ROWW-1:0];
    assign v_rb    = x_rs2[ROWW-1:0];
    assign v_fs    = f_rs2;
    assign v_fd    = rd;
    genvar g;
    generate
        for (g = 0; g < VLEN; g = g + 1) begin : g_lane
            assign v_lanes[g] = cfg_vmask > g;
        end
    endgenerate

    assign dma_ld     = issue && is_load && !d_empty;
    assign dma_to_m   = is_mld;
    assign dma_st     = issue && is_dst && !d_empty;
    assign dma_addr   = d_addr;
    assign dma_vrow   = x_rd[ROWW-1:0];
    assign dma_nrows  = d_n;
    assign dma_stride = cfg_dstride;
    assign dma_dlen   = cfg_dlen[15:0];

    assign m_ld_issue  = issue && m_ldb;
    assign m_ld_trans  = fn == NPU_FN_MLDBT;
    assign m_bsel      = m_b;
    assign m_row       = m_st ? x_rd[ROWW-1:0] : x_rs1[ROWW-1:0];
    assign m_mac_issue = issue && m_mac;
    assign m_rows      = cfg_mrows[MRW-1:0];
    assign m_st_issue  = issue && m_st;

    // ---------------------------------------------------------------- scalar fp
    assign sf_iss = issue && f_sfu;
    assign sf_op  = fn == NPU_FN_FEXP ? 2'd1 : fn == NPU_FN_FRECIP ? 2'd2 : 2'd3;
    assign sf_x   = f_rs1;
    npu_fpu #(.FRW(FRW)) u_fpu (
        .clk(clk), .rst(rst), .iss(issue && f_pipe), .fn(fn), .fd(rd),
        .a(f_rs1), .b(f_rs2), .c(f_rd), .xi(x_rs1),
        .fds(fpu_fds), .fds_ok(fpu_fds_ok), .busy(fpu_busy),
        .w_valid(fpw_valid), .w_idx(fpw_idx), .w_val(fpw_val));

    generate
        for (g = 0; g < NCOUNTERS; g = g + 1) begin : g_perf
            assign perf[g*32 +: 32] = cnt[g];
        end
    endgenerate

    // ---------------------------------------------------------------- execute
    // Reads the configuration registers directly: called only inside the clocked
    // block below, where it runs at every edge (never from a continuous assignment).
    function automatic [31:0] cfg_read(input [RW-1:0] id);
        case (id)
            NPU_CFG_DSTRIDE: cfg_read = cfg_dstride;
            NPU_CFG_DLEN:    cfg_read = cfg_dlen;
            NPU_CFG_VMASK:   cfg_read = cfg_vmask;
            NPU_CFG_MROWS:   cfg_read = cfg_mrows;
            NPU_CFG_CYCLE:   cfg_read = cnt[0];
            default:              cfg_read = 32'd0;
        endcase
    endfunction

    // SRAM rows per DMA row of dlen elements, ceil(dlen / VLEN) over dlen's low 16
    // bits (a larger dlen traps): registered with dlen so that no DMA issue
    // computes it.
    function automatic [16:0] dsub_of(input [15:0] dlen);
        dsub_of = 17'(({1'b0, dlen} + 17'(VLEN - 1)) >> LV);
    endfunction

    integer i;
    always @(posedge clk) begin
        if (rst) begin
            pc          <= 32'd0;
            fpc         <= 32'd0;
            d_valid     <= 1'b0;
            retire_valid <= 1'b0;
            pre_ok      <= 1'b0;
            halted      <= 1'b0;
            trapped     <= 1'b0;
            trap_cause  <= 4'd0;
            trap_pc     <= 32'd0;
            trap_info   <= 32'd0;
            lp_sp       <= '0;
            cfg_dstride <= NPU_CFG_DSTRIDE_RESET;
            cfg_dlen    <= NPU_CFG_DLEN_RESET;
            cfg_dsub    <= dsub_of(NPU_CFG_DLEN_RESET[15:0]);
            cfg_vmask   <= NPU_CFG_VMASK_RESET;
            cfg_mrows   <= NPU_CFG_MROWS_RESET;
            for (i = 0; i < NPU_NXREGS; i = i + 1)
                X[i] <= 32'd0;
            for (i = 0; i < NPU_NFREGS; i = i + 1)
                F[i] <= 32'd0;
            for (i = 0; i < NPU_NAREGS; i = i + 1)
                A[i] <= args[i*32 +: 32];
            for (i = 0; i < NCOUNTERS; i = i + 1)
                cnt[i] <= 32'd0;
        end else if (!running) begin
            retire_valid <= 1'b0;
            // fp results of instructions that retired before the trap or halt
            // still land (they are architectural)
            if (wbf_valid) F[wbf_idx] <= wbf_val;
            if (sfw_valid) F[sfw_idx] <= sfw_val;
            if (fpw_valid) F[fpw_idx] <= fpw_val;
        end else begin
            retire_valid <= issue;
            if (issue) begin
                retire_pc   <= pc;
                retire_insn <= insn;
            end
            // counters: 0 cycles, 1 instret, 2 vector_busy, 3 dma_load_busy,
            // 4 dma_store_busy, 5 stall_vector, 6 stall_dma, 7 stall_drain,
            // 8 matrix_busy, 9 stall_matrix, 10 fetch_bubble, 11 stall_bank
            cnt[0] <= cnt[0] + 32'd1;
            // vector_busy: the pipelined unit's use (one cycle per instruction,
            // the cycle after its issue) or the SFU busy
            if (vp_first || sfu_busy) cnt[2] <= cnt[2] + 32'd1;
            if (|ld_busy) cnt[3] <= cnt[3] + 32'd1;
            if (st_busy) cnt[4] <= cnt[4] + 32'd1;
            if (waiting && stall_vec) cnt[5] <= cnt[5] + 32'd1;
            else if (waiting && stall_dma) cnt[6] <= cnt[6] + 32'd1;
            else if (waiting && stall_mat) cnt[9] <= cnt[9] + 32'd1;
            else if (waiting && st_bank) cnt[11] <= cnt[11] + 32'd1;
            else if (waiting && st_drain) cnt[7] <= cnt[7] + 32'd1;
            if (m_array_busy) cnt[8] <= cnt[8] + 32'd1;
            if (!d_valid) cnt[10] <= cnt[10] + 32'd1;
            pre_ok <= !issue && !trap_now && (pre_ok || v_pre);

            if (advance) begin
                d_valid <= !redirect;
                fpc     <= redirect ? nx_pc : fetch_next;
            end

            // fp results completing now (never the register an instruction issuing
            // now writes: interlocked)
            if (wbf_valid) F[wbf_idx] <= wbf_val;
            if (sfw_valid) F[sfw_idx] <= sfw_val;
            if (fpw_valid) F[fpw_idx] <= fpw_val;

            if (trap_now) begin
                trapped    <= 1'b1;
                trap_cause <= trap_c;
                trap_pc    <= pc;
                trap_info  <= trap_i;
            end else if (issue) begin
                cnt[1] <= cnt[1] + 32'd1;
                pc     <= nx_pc;
                lp_sp  <= nx_sp;
                for (i = 0; i < LOOP_DEPTH; i = i + 1) begin
                    lp_start[i] <= nx_start_v[i*32 +: 32];
                    lp_end[i]   <= nx_end_v[i*32 +: 32];
                    lp_cnt[i]   <= nx_cnt_v[i*32 +: 32];
                end
                case (op)
                    NPU_OP_HALT: if (is_halt) halted <= 1'b1;
                    NPU_OP_JAL:  if (!rd_x0) X[rd] <= pc + 32'd1;
                    NPU_OP_CSRW, NPU_OP_CSRWI: begin
                        case (cfgid)
                            NPU_CFG_DSTRIDE: cfg_dstride <= op == NPU_OP_CSRW ? x_rs1 : uimm14;
                            NPU_CFG_DLEN: begin
                                cfg_dlen <= op == NPU_OP_CSRW ? x_rs1 : uimm14;
                                cfg_dsub <= dsub_of(op == NPU_OP_CSRW ? x_rs1[15:0] : uimm14[15:0]);
                            end
                            NPU_CFG_VMASK:   cfg_vmask   <= op == NPU_OP_CSRW ? x_rs1 : uimm14;
                            NPU_CFG_MROWS:   cfg_mrows   <= op == NPU_OP_CSRW ? x_rs1 : uimm14;
                            default: ;   // read-only registers ignore writes
                        endcase
                    end
                    NPU_OP_CSRR: if (!rd_x0) X[rd] <= cfg_read(cfgid);
                    NPU_OP_ADD: if (!rd_x0) begin
                        case (fn)
                            NPU_FN_ADD:  X[rd] <= x_rs1 + x_rs2;
                            NPU_FN_SUB:  X[rd] <= x_rs1 - x_rs2;
                            NPU_FN_MUL:  X[rd] <= x_rs1 * x_rs2;
                            NPU_FN_AND:  X[rd] <= x_rs1 & x_rs2;
                            NPU_FN_OR:   X[rd] <= x_rs1 | x_rs2;
                            NPU_FN_XOR:  X[rd] <= x_rs1 ^ x_rs2;
                            NPU_FN_SLL:  X[rd] <= x_rs1 << x_rs2[4:0];
                            NPU_FN_SRL:  X[rd] <= x_rs1 >> x_rs2[4:0];
                            NPU_FN_SRA:  X[rd] <= $signed(x_rs1) >>> x_rs2[4:0];
                            NPU_FN_SLT:  X[rd] <= {31'd0, $signed(x_rs1) < $signed(x_rs2)};
                            NPU_FN_SLTU: X[rd] <= {31'd0, x_rs1 < x_rs2};
                            default: ;
                        endcase
                    end
                    NPU_OP_ADDI: if (!rd_x0) X[rd] <= x_rs1 + simm16;
                    NPU_OP_ANDI: if (!rd_x0) X[rd] <= x_rs1 & uimm16;
                    NPU_OP_ORI:  if (!rd_x0) X[rd] <= x_rs1 | uimm16;
                    NPU_OP_XORI: if (!rd_x0) X[rd] <= x_rs1 ^ uimm16;
                    NPU_OP_SLLI: if (!rd_x0) X[rd] <= x_rs1 << shamt;
                    NPU_OP_SRLI: if (!rd_x0) X[rd] <= x_rs1 >> shamt;
                    NPU_OP_SRAI: if (!rd_x0) X[rd] <= $signed(x_rs1) >>> shamt;
                    NPU_OP_SLTI: if (!rd_x0) X[rd] <= {31'd0, $signed(x_rs1) < $signed(simm16)};
                    NPU_OP_LUI:  if (!rd_x0) X[rd] <= {imm16, {(32-I16){1'b0}}};
                    NPU_OP_MOVAR: begin
                        case (fn)
                            NPU_FN_MOVAR: A[rd] <= x_rs1;
                            NPU_FN_MOVRA: if (!rd_x0) X[rd] <= A[rs1];
                            NPU_FN_ADDA:  A[rd] <= A[rs1] + x_rs2;
                            default: ;
                        endcase
                    end
                    NPU_OP_ADDAI: A[rd] <= A[rs1] + simm16;
                    NPU_OP_FADD: begin
                        case (fn)
                            // (fadd/fsub/fmul/ffma/fcvtif: npu_fpu;
                            // fexp/frecip/frsqrt: the SFU)
                            NPU_FN_FMAX:   F[rd] <= kc_fp_max(f_rs1, f_rs2);
                            NPU_FN_FMIN:   F[rd] <= kc_fp_min(f_rs1, f_rs2);
                            NPU_FN_FMVIF:  F[rd] <= x_rs1;
                            NPU_FN_FMVFI:  if (!rd_x0) X[rd] <= f_rs1;
                            default: ;
                        endcase
                    end
                    NPU_OP_FLUI: F[rd] <= {imm16, {(32-I16){1'b0}}};
                    NPU_OP_FLLI: F[rd] <= {f_rd[31:I16], imm16};
                    NPU_OP_DLD, NPU_OP_MLD: begin
                        ld_dlo[ld_next] <= d_addr; ld_dhi[ld_next] <= d_dend[31:0];
                        ld_vhi[ld_next] <= d_vend[31:0];
                    end
                    NPU_OP_DST: begin
                        st_dlo <= d_addr; st_dhi <= d_dend[31:0]; st_vhi <= d_vend[31:0];
                    end
                    default: ;   // vector instructions and nop: nothing here
                endcase
            end
        end
    end

    /* verilator lint_off UNUSEDSIGNAL */
    wire unused = &{1'b0, rs1[3], rd[3], d_vend[32], d_dend[32]};
    /* verilator lint_on UNUSEDSIGNAL */
endmodule

`default_nettype wire
