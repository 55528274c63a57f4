// rvv_vec — the vector unit (Zve32f, RVV 1.0 subset).
//
// Queue: VQ_DEPTH entries, decoded at enqueue (rvv_vctl: unit, register
// groups read/written). Dispatch in program order from the head to either
// the arithmetic sequencer or the VLSU, when the per-vreg scoreboard allows:
//   pend_w  registers with an arithmetic write outstanding, and the write
//           groups of the in-flight VLSU loads (vf_wr); an instruction
//           reading or writing one waits (RAW, WAW);
//   rbusy   groups the arithmetic sequencer still reads; vlsu_rd groups
//           in-flight VLSU stores/indexed ops still read; a write to one
//           waits (WAR).
// A vector load directly behind a blocked arithmetic instruction dispatches
// ahead of it when the two share no register (loads run ahead).
// Early loads (memory-level parallelism across loop iterations): the first
// load among queue entries 1..VQ_DEPTH-1 dispatches ahead of every older entry
// when it cannot trap (the VLSU's vl_safe: unmasked unit-stride/whole, aligned,
// in range) and the older entries are arithmetic or unit-stride/whole stores
// whose bytes it does not touch, and the free slots can still take every
// store it passes (else a deadlock: it completes only after they dispatch).
// Its DRAM reads go out at once; its VRF writes
// wait (vlw_ok, per slot) until every older entry has dispatched without a
// trap, the older stores dispatched after it have issued all their accesses
// (vl_walked: their VRF reads and faults are behind them), and no older
// arithmetic instruction still reads or writes its group. Older queued
// instructions ignore an early load's write group (their hazard is the load's
// to wait for); younger ones see it as any in-flight load's.
//
// Arithmetic unit: a sequencer walks an instruction in uops of one chunk =
// LANES x 32 bits (VLEN/(32*LANES) uops per register, LMUL registers; uops
// past vl are skipped: tail undisturbed needs no write). Each uop reads its
// operand chunks (VRF ports a/b/c, v0) into the R stage, then either
// rvv_valu (integer, 1 cycle; multiply results held MUL_LAT, divides
// iterate 8*SEW/8 cycles per uop) or LANES rvv_fpu lanes (FPU_LAT, div/sqrt
// iterative) compute it into an in-order write-back slot (NSLOT); the head
// slot writes the VRF (bit-masked: masked-off/tail elements undisturbed) and
// the last uop of an instruction clears its scoreboard bits. Reductions,
// slides, gathers, viota, vcompress run on rvv_vser (element serial),
// mask-register/scalar-move ops on rvv_vmask (one step); both wait for the
// chunk pipe to drain. Widening/narrowing: the uop element width W is the
// widest EEW; narrower operands supply half (quarter) chunks.
//
// VRF (rvv_vrf): 32 x VLEN flops; read ports a, b, c (arith), v0, l (VLSU);
// write ports a (arith, bit mask) and l (VLSU, byte enables).
// Agnostic tail/mask policies are implemented as undisturbed.
// Traps: VLSU access faults (imprecise) and a vector fp op that rounds with
// frm not RNE/RTZ (illegal instruction, raised at dispatch: imprecise).
// v_trap_* is held once raised; the unit stops dispatching.
`default_nettype none
`include "rvv_vops.vh"
`include "rvv_fpu_ops.vh"

module rvv_vec #(
    parameter integer VLEN     = 128,   // bits per vector register
    parameter integer LANES    = 4,     // 32-bit lanes: VLEN/(32*LANES) cycles per register
    parameter integer VQ_DEPTH = 8,     // vector instruction queue entries
    parameter integer NVLSU    = 16     // VLSU instructions tracked in flight (a power of two)
) (
    input  wire              clk,
    input  wire              rst,
    // issue from the scalar core (program order)
    input  wire              vq_valid,
    output wire              vq_ready,
    input  wire [31:0]       vq_insn,
    input  wire [31:0]       vq_pc,
    input  wire [31:0]       vq_xs1,
    input  wire [31:0]       vq_xs2,
    input  wire [31:0]       vq_fs1,
    input  wire [31:0]       vq_vl,
    input  wire [7:0]        vq_vtype,     // {vma, vta, vsew[2:0], vlmul[2:0]}
    input  wire [2:0]        vq_frm,
    // scalar results (vmv.x.s, vfmv.f.s, vcpop.m, vfirst.m)
    output wire              vx_valid,
    output wire [4:0]        vx_rd,
    output wire              vx_fp,
    output wire [31:0]       vx_data,
    // status
    output wire              v_idle,
    output wire              v_mem_busy,
    output wire              v_trap_valid,
    output wire [3:0]        v_trap_cause,
    output wire [31:0]       v_trap_pc,
    output wire [31:0]       v_trap_info,
    output wire [4:0]        v_fflags,
    output wire              v_fflags_valid,
    // counter events
    output wire              ev_vec_busy,
    output wire              ev_vlsu_busy,
    output wire              ev_vstall_hazard,
    output wire              ev_vfpu_busy,
    // VLSU dispatch (program order, after the scoreboard allows it)
    output wire              vl_valid,
    input  wire              vl_ready,
    output wire [31:0]       vl_insn,
    output wire [31:0]       vl_pc,
    output wire [31:0]       vl_base,
    output wire [31:0]       vl_stride,
    output wire [31:0]       vl_vl,
    output wire [7:0]        vl_vtype,
    output wire [$clog2(NVLSU)-1:0] vl_tag, // the slot (of NVLSU) the dispatched instruction takes
    input  wire              vl_safe,      // the offered instruction may dispatch early (VLSU's check)
    input  wire              vl_walked,    // the oldest unwalked instruction issued its last access
    output wire [NVLSU-1:0]  vlw_ok,       // per slot: its load may write the VRF
    // VRF read port for the VLSU (combinational)
    input  wire [4:0]        vlr_idx,
    output wire [VLEN-1:0]   vlr_data,
    // VRF write port for the VLSU
    input  wire              vlw_valid,
    input  wire [4:0]        vlw_idx,
    input  wire [VLEN/8-1:0] vlw_be,
    input  wire [VLEN-1:0]   vlw_data,
    // completion: one pulse per dispatched instruction, in order
    input  wire              vl_done,
    // VLSU access fault (reported when the access executes: imprecise)
    input  wire              vl_trap_valid,
    input  wire [3:0]        vl_trap_cause,
    input  wire [31:0]       vl_trap_pc,
    input  wire [31:0]       vl_trap_info
);
    localparam integer CW    = 32 * LANES;
    localparam integer NCH   = VLEN / CW;            // chunks per register
    localparam integer LNCH  = $clog2(NCH);
    localparam integer KMAX  = CW / 8;               // elements per uop at SEW 8
    localparam integer LKMAX = $clog2(KMAX);
    localparam integer LV    = $clog2(VLEN);
    localparam integer QW    = $clog2(VQ_DEPTH);
    localparam integer NSLOT = 8;
    localparam integer TAGW  = 3;
    localparam integer MUL_LAT = 3;                  // integer multiply pipeline depth
    localparam integer TGW   = $clog2(NVLSU);        // slot index width

    // ------------------------------------------------------------------ decode at enqueue
    wire [2:0] e_unit, e_unit_n;
    wire [5:0] e_op;  wire [3:0] e_sop; wire [4:0] e_fop;
    wire [1:0] e_w, e_ea, e_eb, e_ed;
    wire e_sa, e_sb, e_bscal, e_maskd, e_merge, e_fnot, e_rtz, e_round, e_immu, e_whole, e_vl1;
    wire e_rda, e_rdb, e_rdc, e_wrd, e_rdv0;
    wire [1:0] e_fa, e_fb, e_fc; wire [3:0] e_nr;
    wire signed [3:0] e_ga, e_gb, e_gd;
    wire enq;   // an instruction enters the queue (below)
    // e_* are used only on enq: decoding only then keeps Verilator from
    // re-decoding the word the core holds while the queue is full
    rvv_vctl u_ectl (.en(enq), .insn(vq_insn),
        .vtype(vq_vtype), .unit(e_unit), .op(e_op), .sop(e_sop), .fop(e_fop),
        .w(e_w), .ea(e_ea), .eb(e_eb), .ed(e_ed), .sa(e_sa), .sb(e_sb), .bscal(e_bscal), .mask_dest(e_maskd),
        .merge(e_merge), .fa_sel(e_fa), .fb_sel(e_fb), .fc_sel(e_fc), .f_not(e_fnot), .f_rtz(e_rtz),
        .f_round(e_round), .imm_u(e_immu), .whole(e_whole), .nr(e_nr), .vl1(e_vl1), .rd_a(e_rda), .rd_b(e_rdb),
        .rd_c(e_rdc), .wr_d(e_wrd), .rd_v0(e_rdv0), .ga(e_ga), .gb(e_gb), .gd(e_gd));
    assign e_unit_n = e_unit;
    localparam integer CTLW = 40;   // the sequencer's fields of the decode (s_ctl)
    wire [CTLW-1:0] e_ctl = {e_unit, e_op, e_sop, e_fop, e_w, e_ea, e_eb, e_ed, e_sa, e_sb, e_bscal, e_maskd, e_merge,
                             e_fa, e_fb, e_fc, e_fnot, e_rtz, e_whole};

    function automatic [31:0] gmask(input [4:0] r, input signed [3:0] g);
        reg [63:0] m;
        m = (g <= 4'sd0) ? 64'd1 : ((64'd1 << (6'd1 << g[1:0])) - 64'd1);
        gmask = 32'(m << r);
    endfunction
    reg  [31:0] e_rdm, e_wrm;   // register groups read / written (only on enq)
    always @(*) begin
        e_rdm = 32'd0;
        e_wrm = 32'd0;
        if (enq) begin
            e_rdm = (e_rda ? gmask(vq_insn[24:20], e_ga) : 32'd0) | (e_rdb ? gmask(vq_insn[19:15], e_gb) : 32'd0) |
                    (e_rdc ? gmask(vq_insn[11:7], e_gd) : 32'd0) | (e_rdv0 ? 32'd1 : 32'd0);
            e_wrm = e_wrd ? gmask(vq_insn[11:7], e_gd) : 32'd0;
        end
    end
    wire [31:0] e_scal = (vq_insn[14:12] == 3'd3) ? (e_immu ? {27'd0, vq_insn[19:15]} : {{27{vq_insn[19]}}, vq_insn[19:15]})
                       : (vq_insn[14:12] == 3'd5) ? vq_fs1 : vq_xs1;
    wire e_load = (e_unit == `RVV_U_VLSU) && e_wrd;

    // ------------------------------------------------------------------ queue
    reg [31:0] q_insn [0:VQ_DEPTH-1];
    reg [CTLW-1:0] q_ctl [0:VQ_DEPTH-1];
    reg [31:0] q_pc   [0:VQ_DEPTH-1];
    reg [31:0] q_xs1  [0:VQ_DEPTH-1];
    reg [31:0] q_xs2  [0:VQ_DEPTH-1];
    reg [31:0] q_scal [0:VQ_DEPTH-1];
    reg [31:0] q_vl   [0:VQ_DEPTH-1];
    reg [7:0]  q_vtype[0:VQ_DEPTH-1];
    reg [2:0]  q_frm  [0:VQ_DEPTH-1];
    reg [31:0] q_rdm  [0:VQ_DEPTH-1];
    reg [31:0] q_wrm  [0:VQ_DEPTH-1];
    reg [2:0]  q_unit [0:VQ_DEPTH-1];
    reg        q_load [0:VQ_DEPTH-1];
    reg        q_round[0:VQ_DEPTH-1];
    reg [QW-1:0] qh, qt;
    reg [QW:0]   qn;
    reg [QW:0]   q_nmem;          // VLSU instructions waiting in the queue
    wire [QW-1:0] q1 = qh + 1'b1;
    assign vq_ready = (qn != VQ_DEPTH[QW:0]);
    assign enq = vq_valid && vq_ready;

    // ------------------------------------------------------------------ scoreboard state
    reg  [31:0] pend_w;
    reg  [31:0] rbusy;
    reg  [31:0] vf_wr [0:NVLSU-1];
    reg  [31:0] vf_rd [0:NVLSU-1];
    reg  [TGW-1:0] vf_h, vf_t;
    reg  [TGW:0]   vf_n;
    reg  [31:0] vlsu_rd;
    // early loads: slot state (vf_old: older queue entries not yet dispatched;
    // vf_olds[s]: the slots dispatched after early load s that are older than
    // it in program order)
    reg  [QW:0]      vf_old   [0:NVLSU-1];
    reg  [NVLSU-1:0] vf_olds  [0:NVLSU-1];
    reg  [NVLSU-1:0] vf_early, vf_walk;
    reg  [TGW-1:0]   vf_wk;
    reg  [NVLSU-1:0] vf_live;
    reg  [31:0]      vlsu_wall, vlsu_wn;   // write groups: all in-flight loads / those not early
    // (the slot loops run only with a slot live: Verilator evaluates these
    // blocks every edge, and NVLSU x 32-bit ORs cost a scalar-only loop ~20%)
    always @(*) begin : vlsu_rd_or
        integer k;   // loop index local to the block: a module-level one is a latch to yosys
        vlsu_rd = 32'd0;
        vlsu_wall = 32'd0;
        vlsu_wn = 32'd0;
        vf_live = {NVLSU{1'b0}};
        k = 0;
        if (vf_n != 0)
            for (k = 0; k < NVLSU; k = k + 1) begin
                vf_live[k] = {1'b0, k[TGW-1:0] - vf_h} < vf_n;
                // (a walked instruction has read all it reads: a store's WAR ends
                // there, not at its in-order vl_done, which may wait on an early load)
                if (vf_live[k] && !vf_walk[k]) vlsu_rd = vlsu_rd | vf_rd[k];
                if (vf_live[k]) vlsu_wall = vlsu_wall | vf_wr[k];
                if (vf_live[k] && !vf_early[k]) vlsu_wn = vlsu_wn | vf_wr[k];
            end
    end
    reg trapped;
    reg [3:0] trap_cause; reg [31:0] trap_pc, trap_info;

    // ------------------------------------------------------------------ sequencer state
    reg        s_busy;
    reg [31:0] s_insn, s_pc, s_scal, s_evl, s_vl;
    reg [7:0]  s_vtype;
    reg [2:0]  s_frm;
    reg [31:0] s_u, s_nu;
    reg [31:0] s_wrm;
    reg [7:0]  s_dwait;
    reg        s_started;     // U_SER / U_MSK engine launched
    // The sequencer's control: rvv_vctl's decode of the queue entry, made at
    // enqueue (u_ectl) and carried in the queue (q_ctl), loaded with the
    // instruction at dispatch. A registered copy rather than a second decoder
    // on s_insn: Verilator re-evaluated that decode on every busy cycle (~20%
    // of a simulated vector-loop cycle). Every c_* use is qualified by s_busy
    // (an issue, an engine start, the engines' results), so what the fields
    // hold while the sequencer is idle does not matter.
    wire [2:0] c_unit; wire [5:0] c_op; wire [3:0] c_sop; wire [4:0] c_fop;
    wire [1:0] c_w, c_ea, c_eb, c_ed;
    wire c_sa, c_sb, c_bscal, c_maskd, c_merge, c_fnot, c_rtz, c_whole;
    wire [1:0] c_fa, c_fb, c_fc;
    reg  [CTLW-1:0] s_ctl;
    assign {c_unit, c_op, c_sop, c_fop, c_w, c_ea, c_eb, c_ed, c_sa, c_sb, c_bscal, c_maskd, c_merge,
            c_fa, c_fb, c_fc, c_fnot, c_rtz, c_whole} = s_ctl;
    wire s_vm = s_insn[25];
    wire [4:0] s_vd = s_insn[11:7], s_vs1 = s_insn[19:15], s_vs2 = s_insn[24:20];
    wire s_pipe = (c_unit == `RVV_U_ALU) || (c_unit == `RVV_U_FPU);

    // ------------------------------------------------------------------ slots and R stage
    reg [TAGW-1:0] sl_wp, sl_rp;
    reg [TAGW:0]   sl_n;
    reg [4:0]      sl_idx  [0:NSLOT-1];
    reg [LV:0]     sl_pos  [0:NSLOT-1];
    reg [VLEN-1:0] sl_wm   [0:NSLOT-1];
    reg [KMAX-1:0] sl_act  [0:NSLOT-1];
    reg [1:0]      sl_ed   [0:NSLOT-1];
    reg            sl_mk   [0:NSLOT-1];
    reg            sl_fp   [0:NSLOT-1];
    reg            sl_fnot [0:NSLOT-1];
    reg            sl_last [0:NSLOT-1];
    reg            sl_null [0:NSLOT-1];
    reg [31:0]     sl_clr  [0:NSLOT-1];
    reg [7:0]      sl_lat  [0:NSLOT-1];
    reg [7:0]      sl_wait [0:NSLOT-1];
    reg [LANES-1:0] sl_got [0:NSLOT-1];
    reg            sl_have [0:NSLOT-1];
    reg [CW-1:0]   sl_res  [0:NSLOT-1];

    reg            r_valid, r_fp;
    reg [TAGW-1:0] r_tag;
    reg [CW-1:0]   r_a, r_b, r_c;
    reg [KMAX-1:0] r_m;
    reg [31:0]     r_e0, r_scal;
    reg [5:0]      r_op;
    reg [1:0]      r_w, r_ea, r_eb;
    reg            r_sa, r_sb, r_narrow, r_mk, r_bscal;
    reg [4:0]      r_fop;
    reg [1:0]      r_fa, r_fb, r_fc;
    reg [2:0]      r_rm;

    // fp lanes
    wire [LANES-1:0] f_ready, f_ov;
    wire [31:0]      f_out  [0:LANES-1];
    wire [4:0]       f_flg  [0:LANES-1];
    wire [TAGW-1:0]  f_otag [0:LANES-1];
    wire             f_allready = &f_ready;
    wire             r_stall = r_valid && r_fp && !f_allready;

    // ------------------------------------------------------------------ VRF
    wire [4:0]      ra_idx, rb_idx, rc_idx;
    wire [VLEN-1:0] ra_data, rb_data, rc_data, v0;
    reg             wa_valid;
    reg  [4:0]      wa_idx;
    reg  [VLEN-1:0] wa_mask, wa_data;
    rvv_vrf #(.VLEN(VLEN)) u_vrf (.clk(clk), .rst(rst), .ra_idx(ra_idx), .ra_data(ra_data), .rb_idx(rb_idx), .rb_data(rb_data),
        .rc_idx(rc_idx), .rc_data(rc_data), .v0(v0), .rl_idx(vlr_idx), .rl_data(vlr_data),
        .wa_valid(wa_valid), .wa_idx(wa_idx), .wa_mask(wa_mask), .wa_data(wa_data),
        .wl_valid(vlw_valid), .wl_idx(vlw_idx), .wl_be(vlw_be), .wl_data(vlw_data));

    // ------------------------------------------------------------------ uop address generation
    wire [4:0]  lkw = LKMAX[4:0] - {3'd0, c_w};           // log2 elements per uop
    wire [1:0]  ra_r = c_w - c_ea, rb_r = c_w - c_eb, rd_r = c_w - c_ed;
    wire [31:0] cu_a = s_u >> ra_r, cu_b = s_u >> rb_r, cu_d = s_u >> rd_r;
    wire [31:0] sub_a = s_u & ((32'd1 << ra_r) - 32'd1), sub_b = s_u & ((32'd1 << rb_r) - 32'd1);
    wire [31:0] sub_d = s_u & ((32'd1 << rd_r) - 32'd1);
    wire [31:0] e0  = s_u << lkw;
    wire [4:0] seq_ra = s_vs2 + 5'(cu_a >> LNCH);
    wire [4:0] seq_rb = s_vs1 + 5'(cu_b >> LNCH);
    wire [4:0] seq_rc = s_vd  + 5'(s_u >> LNCH);
    /* verilator lint_off UNUSEDSIGNAL */
    function automatic [CW-1:0] chunk(input [VLEN-1:0] r, input [31:0] cu, input [31:0] sub, input [1:0] rr);
        reg [VLEN-1:0] t;
        t = r >> ((cu & (NCH - 1)) * CW);
        chunk = t[CW-1:0] >> (sub * (CW >> rr));
    endfunction
    /* verilator lint_on UNUSEDSIGNAL */
    // elements [e0, e0+K) inside vl, and their v0 bits
    wire [31:0] left = s_evl - e0;
    wire [KMAX-1:0] kmask = (lkw >= LKMAX[4:0]) ? {KMAX{1'b1}} : ~({KMAX{1'b1}} << (32'd1 << lkw));
    wire [KMAX-1:0] bodym = ((left >= KMAX) ? {KMAX{1'b1}} : ~({KMAX{1'b1}} << left)) & kmask;
    // v0 bits of the uop's elements: a wide shift, done only when a uop issues
    reg  [KMAX-1:0] mbits;
    wire [KMAX-1:0] actm  = bodym & ((s_vm || c_merge || c_whole) ? {KMAX{1'b1}} : mbits);

    wire s_null  = (s_evl == 32'd0);
    wire issue   = s_busy && s_pipe && !trapped && (sl_n != NSLOT[TAGW:0]) && !r_stall && (s_dwait == 8'd0);
    wire issue_last = issue && (s_u + 32'd1 >= s_nu);
    always @(*) begin : v0_bits
        /* verilator lint_off UNUSEDSIGNAL */
        reg [VLEN-1:0] v0s;
        /* verilator lint_on UNUSEDSIGNAL */
        v0s = {VLEN{1'b0}};
        if (issue) v0s = v0 >> e0;
        mbits = v0s[KMAX-1:0];
    end
    wire is_mul = (c_op == `RVV_A_MUL || c_op == `RVV_A_MULH || c_op == `RVV_A_MACC || c_op == `RVV_A_NMSAC ||
                   c_op == `RVV_A_MADD || c_op == `RVV_A_NMSUB);
    wire is_div = (c_op == `RVV_A_DIV || c_op == `RVV_A_REM);

    // ------------------------------------------------------------------ engines
    wire        ser_start = s_busy && (c_unit == `RVV_U_SER) && !s_started && !r_valid && (sl_n == 0);
    wire        msk_start = s_busy && (c_unit == `RVV_U_MSK) && !s_started && !r_valid && (sl_n == 0);
    wire        ser_busy, ser_done, ser_wv, ser_fv, ser_flv;
    wire [4:0]  ser_ra, ser_rb, ser_widx, ser_fop, ser_fl;
    wire [VLEN-1:0] ser_wd, ser_wm;
    wire [2:0]  ser_frm;
    wire [32*LANES-1:0] ser_fa, ser_fb, f_out_all;
    reg  [4:0]  ser_flg;
    wire [2:0]  s_rm = c_rtz ? 3'd1 : s_frm;
    rvv_vser #(.VLEN(VLEN), .LANES(LANES)) u_ser (.clk(clk), .rst(rst), .start(ser_start), .sop(c_sop), .op(c_op), .fop(c_fop),
        .sgn(c_sa), .sew(s_vtype[4:3]), .lmul({s_vtype[2], s_vtype[2:0]}), .vm(s_vm), .evl(s_evl), .scal(s_scal),
        .vd(s_vd), .vs1(s_vs1), .vs2(s_vs2), .rm(s_rm), .busy(ser_busy), .done(ser_done),
        .ra_idx(ser_ra), .ra_data(ra_data), .rb_idx(ser_rb), .rb_data(rb_data), .v0(v0),
        .w_valid(ser_wv), .w_idx(ser_widx), .w_data(ser_wd), .w_mask(ser_wm),
        .f_valid(ser_fv), .f_op(ser_fop), .f_rm(ser_frm), .f_a(ser_fa), .f_b(ser_fb),
        .f_out_valid(f_ov[0]), .f_out(f_out_all), .f_flags(ser_flg), .fl_valid(ser_flv), .fl(ser_fl));
    wire        msk_ov, msk_wr;
    wire [VLEN-1:0] msk_d, msk_m;
    wire [31:0] msk_x;
    rvv_vmask #(.VLEN(VLEN)) u_msk (.clk(clk), .in_valid(msk_start), .op(c_op), .lop(s_insn[28:26]),
        .sew(s_vtype[4:3]), .vm(s_vm), .evl(s_evl), .a(ra_data), .b(rb_data), .v0(v0),
        .out_valid(msk_ov), .out_wr(msk_wr), .out_data(msk_d), .out_mask(msk_m), .out_x(msk_x));

    assign ra_idx = ser_busy ? ser_ra : (c_unit == `RVV_U_MSK) ? s_vs2 : seq_ra;
    assign rb_idx = ser_busy ? ser_rb : (c_unit == `RVV_U_MSK) ? s_vs1 : seq_rb;
    assign rc_idx = seq_rc;

    // ------------------------------------------------------------------ integer EX
    wire            va_ov;
    wire [TAGW-1:0] va_tag;
    wire [CW-1:0]   va_res;
    rvv_valu #(.CW(CW), .TAGW(TAGW)) u_valu (.clk(clk), .in_valid(r_valid && !r_fp), .in_tag(r_tag), .op(r_op),
        .w(r_w), .ea(r_ea), .eb(r_eb), .sa(r_sa), .sb(r_sb), .narrow(r_narrow), .mask_dest(r_mk), .bscal(r_bscal),
        .scal(r_scal), .a(r_a), .b(r_b), .c(r_c), .mbits(r_m), .e0(r_e0),
        .out_valid(va_ov), .out_tag(va_tag), .out_res(va_res));

    // ------------------------------------------------------------------ fp lanes
    genvar gl;
    generate for (gl = 0; gl < LANES; gl = gl + 1) begin : lane
        wire [31:0] la = (r_ea == 2'd1) ? (r_sa ? {{16{r_a[16*gl+15]}}, r_a[16*gl +: 16]} : {16'd0, r_a[16*gl +: 16]})
                                        : r_a[32*gl +: 32];
        wire [31:0] lb = r_bscal ? r_scal : r_b[32*gl +: 32];
        wire [31:0] lc = r_c[32*gl +: 32];
        wire [31:0] pa = (r_fa == 2'd0) ? la : (r_fa == 2'd1) ? lb : lc;
        wire [31:0] pb = (r_fb == 2'd0) ? la : (r_fb == 2'd1) ? lb : lc;
        wire [31:0] pc = (r_fc == 2'd0) ? la : (r_fc == 2'd1) ? lb : lc;
        wire use_ser = ser_busy;   // the serial engine drives every lane (vfredusum uses them all)
        assign f_out_all[32*gl +: 32] = f_out[gl];
        rvv_fpu #(.TAGW(TAGW)) u_fpu (.clk(clk), .rst(rst),
            .in_valid(use_ser ? ser_fv : (r_valid && r_fp && f_allready)), .in_ready(f_ready[gl]),
            .op(use_ser ? ser_fop : r_fop), .rm(use_ser ? ser_frm : r_rm),
            .a(use_ser ? ser_fa[32*gl +: 32] : pa), .b(use_ser ? ser_fb[32*gl +: 32] : pb), .c(pc), .tag(r_tag),
            .out_valid(f_ov[gl]), .out(f_out[gl]), .flags(f_flg[gl]), .out_tag(f_otag[gl]));
    end endgenerate

    // ------------------------------------------------------------------ write-back
    wire [TAGW-1:0] rp = sl_rp;
    wire head_alloc = (sl_n != 0);
    wire wt_int = va_ov && (va_tag == rp) && !sl_have[rp] && (sl_lat[rp] == 8'd0);  // write-through
    wire wb_go  = head_alloc && ((sl_have[rp] && sl_wait[rp] == 8'd0) || wt_int);
    wire [CW-1:0] wb_raw = sl_have[rp] ? sl_res[rp] : va_res;
    // fp results come as one 32-bit word per lane: pack to 16-bit / mask bits here
    // (wires, not a loop in an always block: a loop variable assigned on some
    // paths only is a latch to yosys)
    wire [LANES-1:0]   wb_mk;    // mask results: bit 0 of each lane
    wire [16*LANES-1:0] wb_h16;  // e16 results: low half of each lane
    genvar gp;
    generate for (gp = 0; gp < LANES; gp = gp + 1) begin : g_pack
        assign wb_mk[gp] = wb_raw[32*gp] ^ sl_fnot[rp];
        assign wb_h16[16*gp +: 16] = wb_raw[32*gp +: 16];
    end endgenerate
    wire [CW-1:0] wb_res = !sl_fp[rp] ? wb_raw :
                           sl_mk[rp] ? {{(CW-LANES){1'b0}}, wb_mk} :
                           (sl_ed[rp] == 2'd1) ? {{(CW-16*LANES){1'b0}}, wb_h16} : wb_raw;
    // the VRF write port; the head slot's chunk is shifted into register
    // position only when it is written (a wide shift)
    always @(*) begin
        wa_valid = 1'b0; wa_idx = sl_idx[rp]; wa_data = {VLEN{1'b0}}; wa_mask = {VLEN{1'b0}};
        if (ser_wv) begin
            wa_valid = 1'b1; wa_idx = ser_widx; wa_data = ser_wd; wa_mask = ser_wm;
        end else if (msk_ov) begin
            wa_valid = msk_wr; wa_idx = s_vd; wa_data = msk_d; wa_mask = msk_m;
        end else if (wb_go && !sl_null[rp]) begin
            wa_valid = 1'b1;
            wa_data  = {{(VLEN-CW){1'b0}}, wb_res} << sl_pos[rp];
            wa_mask  = sl_wm[rp];
        end
    end
    // fflags of fp results (active lanes only)
    reg [4:0] fl_acc;
    always @(*) begin : fl_or
        integer m;
        fl_acc = 5'd0;
        ser_flg = 5'd0;
        for (m = 0; m < LANES; m = m + 1)
            if (f_ov[m]) ser_flg = ser_flg | f_flg[m];
        for (m = 0; m < LANES; m = m + 1)
            if (f_ov[m] && !ser_busy && sl_act[f_otag[m]][m]) fl_acc = fl_acc | f_flg[m];   // lane m = element m
    end
    assign v_fflags       = ser_flv ? ser_fl : fl_acc;
    assign v_fflags_valid = ser_flv || (fl_acc != 5'd0);

    // ------------------------------------------------------------------ dispatch
    wire [31:0] h_rdm = q_rdm[qh], h_wrm = q_wrm[qh];
    wire        h_vlsu = (q_unit[qh] == `RVV_U_VLSU);
    wire        seq_free = !s_busy || (issue_last);
    wire        h_haz = (((h_rdm | h_wrm) & (pend_w | vlsu_wn)) != 32'd0) ||
                        ((h_wrm & (vlsu_rd | (h_vlsu ? rbusy : 32'd0))) != 32'd0);
    wire        vf_room = (vf_n != NVLSU[TGW:0]);
    wire        go_arith = (qn != 0) && !trapped && !h_vlsu && seq_free && !h_haz;
    wire        frm_bad = q_round[qh] && (q_frm[qh] > 3'd1);
    // run-ahead load: entry 1, behind a blocked arithmetic head
    wire [31:0] n_rdm = q_rdm[q1], n_wrm = q_wrm[q1];
    wire        n_ok = (qn >= 2) && !h_vlsu && !go_arith && (q_unit[q1] == `RVV_U_VLSU) && q_load[q1] &&
                       (((n_rdm | n_wrm) & (pend_w | vlsu_wall)) == 32'd0) && ((n_wrm & (vlsu_rd | rbusy)) == 32'd0) &&
                       ((n_wrm & (h_rdm | h_wrm)) == 32'd0) && ((n_rdm & h_wrm) == 32'd0);
    wire        h_ok = (qn != 0) && h_vlsu && !h_haz;
    wire        use_n = !h_ok && n_ok;
    // early load: the first load in entries 1.. (scan below)
    reg           ec_ok;
    reg  [QW-1:0] ec_pos;
    wire        use_e = !h_ok && !n_ok && ec_ok;
    wire [QW-1:0] vsel = use_n ? q1 : use_e ? qh + ec_pos : qh;
    assign vl_valid  = !trapped && vf_room && (h_ok || n_ok || (use_e && vl_safe));
    assign vl_tag    = vf_t;
    assign vl_insn   = q_insn[vsel];
    assign vl_pc     = q_pc[vsel];
    assign vl_base   = q_xs1[vsel];
    assign vl_stride = q_xs2[vsel];
    assign vl_vl     = q_vl[vsel];
    assign vl_vtype  = q_vtype[vsel];
    wire        vl_fire = vl_valid && vl_ready;
    wire        pop_h = go_arith || (vl_fire && !use_n && !use_e);
    wire        pop_n = vl_fire && (use_n || use_e);        // an entry behind the head leaves
    wire        deq   = pop_h || pop_n;
    wire [QW-1:0] pop_pos = pop_h ? {QW{1'b0}} : use_n ? {{(QW-1){1'b0}}, 1'b1} : ec_pos;

    // byte range [lo, hi) of a unit-stride or whole-register access ({ok, hi, lo};
    // ok = 0 for any other kind)
    /* verilator lint_off UNUSEDSIGNAL */   // (the fields that say kind and width)
    function automatic [65:0] us_range(input [31:0] insn, input [31:0] base, input [31:0] vl);
    /* verilator lint_on UNUSEDSIGNAL */
        reg [32:0] bytes; reg ok;
        ok = !insn[28] && insn[27:26] == 2'b00 &&
             (insn[14:12] == 3'b000 || insn[14:12] == 3'b101 || insn[14:12] == 3'b110);
        bytes = 33'd0;
        if (insn[24:20] == 5'b00000 && insn[31:29] == 3'd0)
            bytes = {1'b0, vl} << (insn[14:12] == 3'b000 ? 2'd0 : insn[14:12] == 3'b101 ? 2'd1 : 2'd2);
        else if (insn[24:20] == 5'b01000)
            bytes = ({30'd0, insn[31:29]} + 33'd1) << (LV - 3);
        else
            ok = 1'b0;
        us_range = {ok, {1'b0, base} + bytes, base};
    endfunction
    // the candidate: the first load in entries 1..; every older entry is
    // arithmetic or a unit-stride/whole store disjoint from it. Computed only
    // when the head cannot go (Verilator evaluates it every edge otherwise).
    always @(*) begin : early_scan
        integer p;
        reg stop; reg [QW-1:0] ix;
        reg [65:0] rl, ro;
        reg [QW:0] nv;  // older VLSU entries (stores) the candidate passes
        p = 0;          // assigned on every path: yosys infers no latch for it
        ec_ok = 1'b0;
        nv = '0;
        ec_pos = {QW{1'b0}};
        stop = 1'b0;
        ix = qh;
        rl = 66'd0;
        ro = 66'd0;
        if (qn >= 2 && !trapped && !go_arith && !h_ok && !n_ok) begin
            for (p = 1; p < VQ_DEPTH; p = p + 1) begin
                ix = qh + p[QW-1:0];
                if (!stop && p < qn && q_unit[ix] == `RVV_U_VLSU && q_load[ix]) begin
                    stop = 1'b1;
                    rl = us_range(q_insn[ix], q_xs1[ix], q_vl[ix]);
                    if (q_rdm[ix] == 32'd0 && rl[65]) begin
                        ec_ok = 1'b1;
                        ec_pos = p[QW-1:0];
                    end
                end
            end
            for (p = 0; p < VQ_DEPTH - 1; p = p + 1) begin
                ix = qh + p[QW-1:0];
                if (ec_ok && p < ec_pos && q_unit[ix] == `RVV_U_VLSU) begin
                    nv = nv + 1'b1;
                    ro = us_range(q_insn[ix], q_xs1[ix], q_vl[ix]);
                    if (q_load[ix] || !ro[65] || !(rl[64:32] <= {1'b0, ro[31:0]} || ro[64:32] <= {1'b0, rl[31:0]}))
                        ec_ok = 1'b0;
                end
            end
            // every store it passes must still find a slot: the early loads
            // complete only after those stores have dispatched (no deadlock)
            if (32'(vf_n) + 32'(nv) + 32'd1 > 32'(NVLSU))
                ec_ok = 1'b0;
        end
    end
    // an early load's write gate (see the header)
    reg [NVLSU-1:0] vlw_ok_r;
    // (only a live slot's bit matters: the VLSU holds load data of live slots only)
    always @(*) begin : early_gate
        integer s2;
        reg [NVLSU-1:0] unw;   // live slots that have not walked
        vlw_ok_r = {NVLSU{1'b0}};
        unw = vf_live & ~vf_walk;
        s2 = 0;
        if (vf_n != 0)
            for (s2 = 0; s2 < NVLSU; s2 = s2 + 1)
                vlw_ok_r[s2] = !vf_early[s2] && ((vf_olds[s2] & unw) == {NVLSU{1'b0}}) &&
                               ((vf_wr[s2] & (pend_w | rbusy)) == 32'd0);
    end
    assign vlw_ok = vlw_ok_r;

    // ------------------------------------------------------------------ status
    assign v_idle = (qn == 0) && !s_busy && !r_valid && (sl_n == 0) && (vf_n == 0) && !ser_busy && !msk_ov;
    assign v_mem_busy = (q_nmem != 0) || (vf_n != 0);
    assign v_trap_valid = trapped;
    assign v_trap_cause = trap_cause;
    assign v_trap_pc = trap_pc;
    assign v_trap_info = trap_info;
    assign ev_vec_busy = s_busy || r_valid || (sl_n != 0);
    assign ev_vlsu_busy = (vf_n != 0);
    assign ev_vstall_hazard = (qn != 0) && h_haz;
    reg [3:0] f_infl;
    assign ev_vfpu_busy = (f_infl != 0) || ser_busy && (c_sop == `RVV_S_REDF);
    assign vx_valid = msk_ov && (c_op == `RVV_M_MVXS || c_op == `RVV_M_CPOP || c_op == `RVV_M_FIRST) && !msk_wr;
    assign vx_rd = s_vd;
    assign vx_fp = (s_insn[14:12] == 3'd1);
    assign vx_data = msk_x;

    // ------------------------------------------------------------------ state update
    wire [31:0] d_vl = q_vl[qh];
    wire [7:0]  d_vt = q_vtype[qh];
    integer j;
    always @(posedge clk) begin
        if (rst) begin
            qh <= 0; qt <= 0; qn <= 0; q_nmem <= 0;
            pend_w <= 32'd0; rbusy <= 32'd0; vf_h <= '0; vf_t <= '0; vf_n <= '0;
            vf_wk <= '0; vf_early <= {NVLSU{1'b0}}; vf_walk <= {NVLSU{1'b0}};
            trapped <= 1'b0; trap_cause <= 4'd0; trap_pc <= 32'd0; trap_info <= 32'd0;
            s_busy <= 1'b0; s_started <= 1'b0; s_dwait <= 8'd0;
            sl_wp <= 0; sl_rp <= 0; sl_n <= 0; r_valid <= 1'b0; f_infl <= 4'd0;
            for (j = 0; j < NSLOT; j = j + 1) begin sl_have[j] <= 1'b0; sl_got[j] <= {LANES{1'b0}}; sl_wait[j] <= 8'd0; end
        end else begin : upd
            reg [31:0] pset, pclr;
            reg [QW:0] nq;
            reg [TAGW:0] nsl;
            pset = 32'd0; pclr = 32'd0;
            nq = qn; nsl = sl_n;
            // ---- enqueue
            if (enq) begin
                q_insn[qt] <= vq_insn; q_ctl[qt] <= e_ctl; q_pc[qt] <= vq_pc; q_xs1[qt] <= vq_xs1; q_xs2[qt] <= vq_xs2;
                q_scal[qt] <= e_scal; q_vl[qt] <= vq_vl; q_vtype[qt] <= vq_vtype; q_frm[qt] <= vq_frm;
                q_rdm[qt] <= e_rdm; q_wrm[qt] <= e_wrm; q_unit[qt] <= e_unit_n; q_load[qt] <= e_load;
                q_round[qt] <= e_round && (e_unit == `RVV_U_FPU || e_unit == `RVV_U_SER);
                qt <= qt + 1'b1; nq = nq + 1'b1;
            end
            q_nmem <= q_nmem + ((enq && e_unit == `RVV_U_VLSU) ? (QW+1)'(1) : (QW+1)'(0)) - (vl_fire ? (QW+1)'(1) : (QW+1)'(0));
            // ---- sequencer: chunk uops
            if (s_dwait != 8'd0) s_dwait <= s_dwait - 8'd1;
            if (issue) begin
                sl_idx[sl_wp]  <= c_maskd ? s_vd : (s_vd + 5'(cu_d >> LNCH));
                sl_pos[sl_wp]  <= c_maskd ? e0[LV:0] : (LV+1)'(((cu_d & (NCH - 1)) * CW) + (sub_d * (CW >> rd_r)));
                begin : wmask
                    reg [CW-1:0] bm; reg [VLEN-1:0] wm; integer b;
                    bm = {CW{1'b0}};
                    if (c_maskd) bm[KMAX-1:0] = actm;
                    else for (b = 0; b < KMAX; b = b + 1) bm[b*8 +: 8] = {8{actm[b >> c_ed]}};
                    wm = {{(VLEN-CW){1'b0}}, bm};
                    sl_wm[sl_wp] <= c_maskd ? (wm << e0[LV-1:0]) :
                                    (wm << (((cu_d & (NCH - 1)) * CW) + (sub_d * (CW >> rd_r))));
                end
                sl_act[sl_wp]  <= actm;
                sl_ed[sl_wp]   <= c_ed;
                sl_mk[sl_wp]   <= c_maskd;
                sl_fp[sl_wp]   <= (c_unit == `RVV_U_FPU);
                sl_fnot[sl_wp] <= c_fnot;
                sl_last[sl_wp] <= issue_last;
                sl_null[sl_wp] <= s_null;
                sl_clr[sl_wp]  <= s_wrm;
                sl_lat[sl_wp]  <= (c_unit == `RVV_U_ALU && is_mul) ? 8'(MUL_LAT - 1) :
                                  (c_unit == `RVV_U_ALU && is_div) ? (8'd8 << c_w) : 8'd0;
                sl_have[sl_wp] <= s_null;
                sl_wait[sl_wp] <= 8'd0;
                sl_got[sl_wp]  <= {LANES{1'b0}};
                sl_wp <= sl_wp + 1'b1;
                nsl = nsl + 1'b1;
                s_u <= s_u + 32'd1;
                if (c_unit == `RVV_U_ALU && is_div) s_dwait <= 8'd8 << c_w;
                if (issue_last) begin s_busy <= go_arith; rbusy <= go_arith ? h_rdm : 32'd0; end
            end
            // ---- dispatch
            if (go_arith && frm_bad) begin
                trapped <= 1'b1; trap_cause <= 4'd2; trap_pc <= q_pc[qh]; trap_info <= q_insn[qh];
            end else if (go_arith) begin
                s_busy <= 1'b1; s_started <= 1'b0;
                s_insn <= q_insn[qh]; s_ctl <= q_ctl[qh]; s_pc <= q_pc[qh]; s_scal <= q_scal[qh]; s_vtype <= d_vt;
                s_frm <= q_frm[qh]; s_vl <= d_vl; s_wrm <= h_wrm; s_u <= 32'd0;
                rbusy <= h_rdm;
                pset = pset | h_wrm;
                begin : evl_calc
                    reg [31:0] ev; reg [1:0] w0; reg [4:0] lk0;
                    // whole-register moves: nr*VLEN/SEW elements; vmv.s.x / vfmv.s.f: min(vl, 1)
                    if (q_insn[qh][31:26] == 6'b100111 && q_insn[qh][14:12] == 3'd3)
                        ev = ({28'd0, q_insn[qh][18:15]} + 32'd1) << (LV - 5);
                    else if (q_insn[qh][31:26] == 6'b010000 && (q_insn[qh][14:12] == 3'd6 || q_insn[qh][14:12] == 3'd5))
                        ev = (d_vl != 32'd0) ? 32'd1 : 32'd0;
                    else
                        ev = d_vl;
                    s_evl <= ev;
                    // uop element width: widest EEW of the instruction
                    w0 = (q_insn[qh][31:26] == 6'b100111 && q_insn[qh][14:12] == 3'd3) ? 2'd2 : d_vt[4:3];
                    if ((q_insn[qh][14:12] == 3'd2 || q_insn[qh][14:12] == 3'd6) && q_insn[qh][31:30] == 2'b11) w0 = w0 + 2'd1;
                    if ((q_insn[qh][14:12] <= 3'd4 && q_insn[qh][14:12] != 3'd1 && q_insn[qh][14:12] != 3'd2) &&
                        q_insn[qh][31:27] == 5'b10110) w0 = w0 + 2'd1;                      // vnsrl / vnsra
                    if (q_insn[qh][14:12] == 3'd1 && q_insn[qh][31:26] == 6'b010010 && q_insn[qh][19:18] != 2'b00)
                        w0 = 2'd2;                                                         // vfwcvt / vfncvt
                    lk0 = LKMAX[4:0] - {3'd0, w0};
                    s_nu <= (ev == 32'd0) ? 32'd1 : ((ev + (32'd1 << lk0) - 32'd1) >> lk0);
                end
            end
            if (pop_n) begin : qshift
                // entry pop_pos leaves: the entries before it move up one place,
                // the old head slot is dropped
                integer m;
                reg [QW-1:0] a, b;
                for (m = 0; m < VQ_DEPTH - 1; m = m + 1) begin
                    a = qh + m[QW-1:0];
                    b = a + 1'b1;
                    if (m < pop_pos) begin
                        q_insn[b] <= q_insn[a]; q_ctl[b] <= q_ctl[a]; q_pc[b] <= q_pc[a]; q_xs1[b] <= q_xs1[a]; q_xs2[b] <= q_xs2[a];
                        q_scal[b] <= q_scal[a]; q_vl[b] <= q_vl[a]; q_vtype[b] <= q_vtype[a]; q_frm[b] <= q_frm[a];
                        q_rdm[b] <= q_rdm[a]; q_wrm[b] <= q_wrm[a]; q_unit[b] <= q_unit[a]; q_load[b] <= q_load[a];
                        q_round[b] <= q_round[a];
                    end
                end
            end
            if (deq) begin qh <= qh + 1'b1; nq = nq - 1'b1; end
            qn <= nq;
            // ---- VLSU bookkeeping
            // (a VLSU load's write group is pending while its slot is live: vlsu_w*)
            begin : early_bk
                integer s2;
                if (vf_early != {NVLSU{1'b0}} && deq)   // (the loop only when it can act)
                    for (s2 = 0; s2 < NVLSU; s2 = s2 + 1)
                        if (vf_early[s2] && {1'b0, pop_pos} < vf_old[s2]) begin
                            // an older entry left; the last one without a trap makes the load normal
                            vf_old[s2] <= vf_old[s2] - 1'b1;
                            if (vf_old[s2] == (QW+1)'(1) && !trapped && !(go_arith && frm_bad) && !vl_trap_valid)
                                vf_early[s2] <= 1'b0;
                        end
                if (vl_fire) begin
                    vf_old[vf_t]   <= use_e ? {1'b0, ec_pos} : (QW+1)'(0);
                    vf_early[vf_t] <= use_e;
                    vf_walk[vf_t]  <= 1'b0;
                    // the new slot is older than each early load whose older
                    // entries it was among; it starts with no such slots of its own
                    for (s2 = 0; s2 < NVLSU; s2 = s2 + 1)
                        if (s2[TGW-1:0] == vf_t)
                            vf_olds[s2] <= {NVLSU{1'b0}};
                        else
                            vf_olds[s2][vf_t] <= vf_live[s2] && vf_early[s2] && {1'b0, pop_pos} < vf_old[s2];
                end
                if (vl_walked) begin
                    vf_walk[vf_wk] <= 1'b1;
                    vf_wk <= vf_wk + 1'b1;
                end
            end
            if (vl_fire) begin
                vf_wr[vf_t] <= q_wrm[vsel];
                vf_rd[vf_t] <= q_rdm[vsel];
                vf_t <= vf_t + 1'b1;
            end
            if (vl_done)
                vf_h <= vf_h + 1'b1;
            vf_n <= vf_n + (vl_fire ? (TGW+1)'(1) : (TGW+1)'(0)) - (vl_done ? (TGW+1)'(1) : (TGW+1)'(0));
            if (vl_trap_valid && !trapped) begin
                trapped <= 1'b1; trap_cause <= vl_trap_cause; trap_pc <= vl_trap_pc; trap_info <= vl_trap_info;
            end
            if (!r_stall) begin
                r_valid <= issue && !s_null;
                r_fp    <= (c_unit == `RVV_U_FPU);
                r_tag   <= sl_wp;
                if (issue) begin   // operand chunks: wide shifts, only for a uop
                    r_a <= chunk(ra_data, cu_a, sub_a, ra_r);
                    r_b <= chunk(rb_data, cu_b, sub_b, rb_r);
                    r_c <= chunk(rc_data, s_u, 32'd0, 2'd0);
                    r_m <= mbits;
                end
                r_e0    <= e0;
                r_scal  <= s_scal;
                r_op <= c_op; r_w <= c_w; r_ea <= c_ea; r_eb <= c_eb; r_sa <= c_sa; r_sb <= c_sb;
                r_narrow <= (rd_r != 2'd0); r_mk <= c_maskd; r_bscal <= c_bscal;
                r_fop <= c_fop; r_fa <= c_fa; r_fb <= c_fb; r_fc <= c_fc; r_rm <= s_rm;
            end
            // ---- results into slots
            for (j = 0; j < NSLOT; j = j + 1)
                if (sl_wait[j] != 8'd0) sl_wait[j] <= sl_wait[j] - 8'd1;
            if (va_ov && !wt_int) begin
                sl_res[va_tag] <= va_res; sl_have[va_tag] <= 1'b1;
                sl_wait[va_tag] <= (sl_lat[va_tag] == 8'd0) ? 8'd0 : sl_lat[va_tag] - 8'd1;
            end
            if (f_ov != {LANES{1'b0}} && !ser_busy) begin : fcap
                reg [LANES-1:0] hit; integer t, l;
                for (l = 0; l < LANES; l = l + 1)
                    if (f_ov[l]) sl_res[f_otag[l]][32*l +: 32] <= f_out[l];
                for (t = 0; t < NSLOT; t = t + 1) begin
                    for (l = 0; l < LANES; l = l + 1) hit[l] = f_ov[l] && (f_otag[l] == t[TAGW-1:0]);
                    if (hit != {LANES{1'b0}}) begin
                        sl_got[t] <= sl_got[t] | hit;
                        if ((sl_got[t] | hit) == {LANES{1'b1}}) sl_have[t] <= 1'b1;
                    end
                end
            end
            f_infl <= f_infl + ((r_valid && r_fp && f_allready) ? 4'd1 : 4'd0) - ((f_ov[0] && !ser_busy) ? 4'd1 : 4'd0);
            // ---- write-back
            if (wb_go) begin
                sl_have[rp] <= 1'b0;
                sl_rp <= sl_rp + 1'b1;
                nsl = nsl - 1'b1;
                if (sl_last[rp]) pclr = pclr | sl_clr[rp];
            end
            sl_n <= nsl;
            // ---- serial / mask engines
            if (ser_start || msk_start) s_started <= 1'b1;
            if (ser_done || msk_ov) begin
                pclr = pclr | s_wrm;
                s_busy <= 1'b0; rbusy <= 32'd0;
            end
            pend_w <= (pend_w & ~pclr) | pset;
        end
    end

    wire unused = &{1'b0, s_pc, s_vl, s_insn[31:29], s_insn[6:0], s_vtype[7:5], e_nr, e_vl1, sl_idx[0]};
endmodule

`default_nettype wire
