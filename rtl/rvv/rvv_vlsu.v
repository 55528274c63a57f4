// rvv_vlsu — the vector load/store unit.
//
// Supported: unit-stride (vle/vse 8/16/32), unit-stride segment
// (vlseg<nf>e<eew>/vsseg<nf>e<eew>, NF 2..8, EEW 8/16/32), whole register
// (vl<n>re<eew>, vs<n>r), mask (vlm/vsm), strided (vlse/vsse), indexed ordered
// and unordered (vluxei/vloxei/vsuxei/vsoxei, both executed in element order),
// all masked or not where the encoding allows. Not supported (trap
// illegal-instruction, cause 2, info = the instruction word, should the
// decoder let one through): strided and indexed segment accesses,
// fault-only-first, EEW 64, a segment access with EMUL*NF > 8 or past v31.
// Elements must be naturally aligned: a misaligned active element traps
// (load/store address misaligned, cause 4/6, info = its address); RVV allows it.
//
// One instruction at a time walks its accesses (the issue side); responses are
// drained behind it, so the next instruction issues while the previous one's
// data is still arriving.
//
// Issue side, per instruction (state RUN):
//  - unit-stride, whole-register, mask: a walk over the beats the access spans.
//    Each beat's active bytes (range, tail, v0) are computed; a beat without
//    one is skipped. Loads issue one beat per cycle. Stores read one vector
//    register per cycle (the VLSU's single VRF read port), so a beat spanning
//    two registers takes two cycles: the beat is assembled in `sbuf` and sent
//    with its active bytes as strobes.
//  - strided, indexed, segment: one element per cycle, one beat request per
//    element (the element's bytes only). A segment access is walked as a
//    stream of vl*NF contiguous elements (field f of segment i at base +
//    (i*NF + f)*EEW/8: a stride of EEW/8) whose register group byte offset is
//    i*EEW/8 + f*EMUL*VLEN/8 (fo, stepped per field); v0 bit i masks all the
//    fields of segment i (one cycle per field, skipped or not). Loads read the index register through the
//    VRF read port each cycle; indexed stores keep the index register in a
//    one-register cache and read the data register in the same port.
//  Every access is range checked before it is issued (DTCM or the DRAM window
//  [0x8000_0000, +dram_bytes); anything else, ITCM included, is an access
//  fault: v_trap with cause 5/7, the instruction's pc, info = the address of
//  the failing element: the element itself, or in a beat the first active one,
//  or the first one past the end of the region its first active one is in). A trap stops the VLSU (the
//  core stops with it); accesses issued before it complete.
//
// Drain side (loads): each load request pushes its meta entry (VRF group byte
// offset of the beat's byte 0, active-byte mask, the registers it covers) into
// a FIFO of LQ_BEATS; responses arrive in order into a data FIFO of the same
// depth (a 1-write 1-read register file). The meta FIFO's occupancy is the
// credit count: a read is issued only when its response has a slot, since
// kc_bus has no response back-pressure. Each cycle one (beat, register) piece
// is merged into a one-register write buffer with byte enables; the buffer is
// written to the VRF (vlw_*, one register per cycle, masked/tail bytes
// untouched) when the next piece targets another register or the instruction
// ends (a marker entry). So the drain moves VLEN/8 bytes per cycle: at VLEN
// 128 a 32-byte beat takes two cycles, at VLEN 256 one.
//
// Early loads (rvv_vec dispatches a load ahead of older instructions; see
// rvv_vec.md "Memory timing"): vl_safe says the offered instruction is one
// that may go early (an unmasked unit-stride/whole load that cannot trap and
// whose beats the load queue has room for: no walk stalls behind early data);
// vl_walked pulses when an instruction's last access has been issued (in
// dispatch order); each load's meta entries carry its rvv_vec slot (vl_tag)
// and the drain takes a piece or end marker only while that slot's vlw_ok is
// high, so an early load's data waits in the queue until its older
// instructions are out of the way.
//
// Completion: vl_done pulses once per instruction in dispatch order: a store
// when its last beat has been accepted by rvv_mem (so a scalar access after
// vl_done sees it), a load when its last register write is on vlw_* (vl_done is high in
// that same cycle or later: both take effect at the same edge).
`default_nettype none

module rvv_vlsu #(
    parameter integer VLEN       = 128,
    parameter integer BEAT_BYTES = 32,
    parameter integer DTCM_BYTES = 65536,
    parameter integer LQ_BEATS   = 64,     // load beats in flight (power of two)
    parameter integer NTAG       = 16      // rvv_vec's in-flight slots (vl_tag, vlw_ok; its NVLSU)
) (
    input  wire                    clk,
    input  wire                    rst,
    input  wire [31:0]             dram_bytes,
    // dispatch (program order)
    input  wire                    vl_valid,
    output wire                    vl_ready,
    input  wire [31:0]             vl_insn,
    input  wire [31:0]             vl_pc,
    input  wire [31:0]             vl_base,
    input  wire [31:0]             vl_stride,
    input  wire [31:0]             vl_vl,
    /* verilator lint_off UNUSEDSIGNAL */   // (vsew only)
    input  wire [7:0]              vl_vtype,
    /* verilator lint_on UNUSEDSIGNAL */
    input  wire [$clog2(NTAG)-1:0] vl_tag,      // rvv_vec's slot of the dispatched instruction
    output wire                    vl_safe,     // the offered instruction is an unmasked
                                                // unit-stride/whole load that cannot trap
                                                // and whose beats fit the load queue
    output wire                    vl_walked,   // an instruction's accesses have all been
                                                // issued (in dispatch order)
    input  wire [NTAG-1:0]         vlw_ok,      // per slot: its load may write the VRF
    // VRF read port (combinational)
    output reg  [4:0]              vlr_idx,
    input  wire [VLEN-1:0]         vlr_data,
    // VRF write port
    output reg                     vlw_valid,
    output reg  [4:0]              vlw_idx,
    output reg  [VLEN/8-1:0]       vlw_be,
    output reg  [VLEN-1:0]         vlw_data,
    output wire                    vl_done,
    // status
    output wire                    v_mem_busy,
    output wire                    v_trap_valid,
    output reg  [3:0]              v_trap_cause,
    output reg  [31:0]             v_trap_pc,
    output reg  [31:0]             v_trap_info,
    // beat port to rvv_mem
    output wire                    vreq_valid,
    input  wire                    vreq_ready,
    output wire                    vreq_write,
    output wire [31:0]             vreq_addr,
    output wire [BEAT_BYTES*8-1:0] vreq_wdata,
    output wire [BEAT_BYTES-1:0]   vreq_wstrb,
    input  wire                    vresp_valid,
    input  wire [BEAT_BYTES*8-1:0] vresp_rdata
);
    localparam integer VB   = VLEN / 8;
    localparam integer LVB  = $clog2(VB);
    localparam integer BEAT = BEAT_BYTES;
    localparam integer BW   = BEAT * 8;
    localparam integer OFFW = $clog2(BEAT);
    localparam integer LQW  = $clog2(LQ_BEATS);
    localparam integer RW   = 4;                          // register within a group (0..8)
    localparam integer GW   = $clog2(VLEN + 2 * BEAT) + 1; // signed group byte offset
    localparam integer TGW  = $clog2(NTAG);
    localparam [31:0] DTCM_BASE = 32'h0020_0000;
    localparam [31:0] DRAM_BASE = 32'h8000_0000;
    localparam [31:0] DTCM_END  = DTCM_BASE + DTCM_BYTES;

    // instructions awaiting vl_done: enough for a stream of one-register loads
    // to cover the DRAM latency (a bit each)
    localparam integer CQ_DEPTH = 64;
    localparam integer CQW  = $clog2(CQ_DEPTH);

    // IDLE: waiting; V0: reads v0 (masked, dispatched while the previous one
    // finished); RUN: walking; FIN: pushes a load's end marker; TRAP: stopped
    localparam [2:0] S_IDLE = 3'd0, S_RUN = 3'd1, S_FIN = 3'd2, S_TRAP = 3'd3, S_V0 = 3'd4;

    // ---- dispatch decode ---------------------------------------------------------
    wire [2:0] d_nf    = vl_insn[31:29];
    wire       d_mew   = vl_insn[28];
    wire [1:0] d_mop   = vl_insn[27:26];
    wire       d_vm    = vl_insn[25];
    wire [4:0] d_lumop = vl_insn[24:20];
    wire [2:0] d_width = vl_insn[14:12];
    wire       d_store = vl_insn[5];
    reg  [1:0] d_leew;
    reg        d_weok;
    always @* begin
        d_weok = 1'b1;
        case (d_width)
            3'b000:  d_leew = 2'd0;
            3'b101:  d_leew = 2'd1;
            3'b110:  d_leew = 2'd2;
            default: begin d_leew = 2'd0; d_weok = 1'b0; end
        endcase
    end
    wire d_nf_pow2 = d_nf == 3'd0 || d_nf == 3'd1 || d_nf == 3'd3 || d_nf == 3'd7;
    wire d_us      = d_mop == 2'b00 && d_lumop == 5'b00000 && d_nf == 3'd0;
    wire d_whole   = d_mop == 2'b00 && d_lumop == 5'b01000 && d_nf_pow2 && d_vm &&
                     (!d_store || d_width == 3'b000);
    wire d_mask    = d_mop == 2'b00 && d_lumop == 5'b01011 && d_nf == 3'd0 && d_vm &&
                     d_width == 3'b000;
    wire d_strided = d_mop == 2'b10 && d_nf == 3'd0;
    wire d_indexed = d_mop[0] && d_nf == 3'd0 && !vl_vtype[5] && vl_vtype[4:3] != 2'b11;
    // unit-stride segment: NF fields of EMUL = EEW/SEW*LMUL registers each
    // (a fractional EMUL takes one); RVV 1.0: EMUL*NF <= 8, vd + EMUL*NF <= 32
    wire d_seg     = d_mop == 2'b00 && d_lumop == 5'b00000 && d_nf != 3'd0;
    wire signed [3:0] d_emul = $signed({2'b00, d_leew}) - $signed({2'b00, vl_vtype[4:3]}) +
                               $signed({vl_vtype[2], vl_vtype[2:0]});
    wire [1:0]  d_eg    = d_emul > 4'sd0 ? d_emul[1:0] : 2'd0;        // log2 registers per field
    wire [6:0]  d_sregs = {3'd0, {1'b0, d_nf} + 4'd1} << d_eg;       // registers the access spans
    wire d_seg_ok  = !vl_vtype[5] && d_emul >= -4'sd3 && d_emul <= 4'sd3 && d_sregs <= 7'd8 &&
                     {2'b00, vl_insn[11:7]} + d_sregs <= 7'd32;
    wire d_legal   = d_weok && !d_mew && (d_us || d_whole || d_mask || d_strided || d_indexed ||
                                          (d_seg && d_seg_ok));
    wire [1:0]  d_ls  = d_indexed ? vl_vtype[4:3] : d_mask ? 2'd0 : d_leew;
    wire [31:0] d_whole_bytes = {28'd0, {1'b0, d_nf} + 4'd1} << LVB;
    wire [31:0] d_evl = d_mask  ? (vl_vl + 32'd7) >> 3 :
                        d_whole ? d_whole_bytes >> d_leew : vl_vl;

    // ---- instruction state ---------------------------------------------------------
    reg  [2:0]  st;
    reg         i_store, i_unit, i_indexed, i_masked;
    reg  [1:0]  i_ls, i_lis;
    reg  [2:0]  i_nf;             // segment fields - 1 (0: not a segment access)
    reg  [31:0] i_fstep;          // group bytes per segment field (EMUL registers)
    reg  [4:0]  i_vd, i_vs2;
    reg  [31:0] i_base, i_stride, i_end, i_evl, i_pc;
    reg  [TGW-1:0] i_tag;
    reg  [VLEN-1:0] v0q;
    wire [31:0] s_bytes = 32'd1 << i_ls;

    wire fin_direct;             // the walk ends this cycle without a marker
    wire accept = vl_valid && vl_ready;
    assign vl_ready = st == S_IDLE || fin_direct;
    wire d_masked = !d_vm && (d_us || d_strided || d_indexed || d_seg);

    // ---- output request register ---------------------------------------------------
    reg            oq_valid, oq_write;
    reg  [CQW-1:0] oq_tag;  // the completion slot of the instruction oq's beat is from
    reg  [31:0]    oq_addr;
    reg  [BW-1:0]  oq_wdata;
    reg  [BEAT-1:0] oq_wstrb;
    wire out_free = !oq_valid || vreq_ready;
    assign vreq_valid = oq_valid;
    assign vreq_write = oq_write;
    assign vreq_addr  = oq_addr;
    assign vreq_wdata = oq_wdata;
    assign vreq_wstrb = oq_wstrb;

    // ---- meta / data FIFOs (drain side) -------------------------------------------
    reg             mq_marker [0:LQ_BEATS-1];   // an instruction's end, no beat
    reg             mq_end    [0:LQ_BEATS-1];   // the instruction's last entry
    reg  [4:0]      mq_vd     [0:LQ_BEATS-1];
    reg  [RW-1:0]   mq_rlo    [0:LQ_BEATS-1];
    reg  [RW-1:0]   mq_rhi    [0:LQ_BEATS-1];
    reg  [GW-1:0]   mq_goff   [0:LQ_BEATS-1];
    reg  [BEAT-1:0] mq_be     [0:LQ_BEATS-1];
    reg  [TGW-1:0]  mq_tag    [0:LQ_BEATS-1];   // the load's rvv_vec slot (its vlw_ok bit)
    reg  [LQW-1:0]  mq_w, mq_r;
    reg  [LQW:0]    mq_n;
    reg  [BW-1:0]   dq        [0:LQ_BEATS-1];
    reg  [LQW-1:0]  dq_w, dq_r;
    reg  [LQW:0]    dq_n;
    wire meta_free = mq_n != LQ_BEATS[LQW:0];

    // ---- region checks ---------------------------------------------------------------
    function automatic in_dtcm(input [31:0] a);
        in_dtcm = (a - DTCM_BASE) < DTCM_BYTES;
    endfunction
    function automatic in_dram(input [31:0] a, input [31:0] size);
        in_dram = (a - DRAM_BASE) < size;
    endfunction
    // [lo, hi] lies in one region; else the first byte that does not
    function automatic [32:0] rng_check(input [31:0] lo, input [31:0] hi, input [31:0] size);
        if ((in_dtcm(lo) && in_dtcm(hi)) || (in_dram(lo, size) && in_dram(hi, size)))
            rng_check = {1'b1, 32'd0};
        else if (in_dtcm(lo))
            rng_check = {1'b0, DTCM_END};
        else if (in_dram(lo, size))
            rng_check = {1'b0, DRAM_BASE + size};
        else
            rng_check = {1'b0, lo};
    endfunction

    // ---- run-ahead check -------------------------------------------------------------
    // rvv_vec dispatches a load ahead of older queued instructions only when it
    // cannot trap: legal, unmasked unit-stride or whole-register, aligned, its
    // whole byte range in one region (checked here, where the regions are known)
    /* verilator lint_off UNUSEDSIGNAL */
    wire [32:0] d_chk = rng_check(vl_base, vl_base + (d_evl << d_ls) - 32'd1, dram_bytes);
    /* verilator lint_on UNUSEDSIGNAL */
    // ... and only when the load queue has room for all its beats (plus an end
    // marker, plus a last push of the walk that may be ending this cycle): the
    // loads already early may hold their entries until an older store has
    // walked, and that store can walk only after this load's walk ends. Without
    // the room, a run of early loads filled the queue and the walk stalled for
    // good (NVLSU 16: 15 LMUL 8 loads of 5 beats > LQ_BEATS 64).
    /* verilator lint_off UNUSEDSIGNAL */
    wire [31:0] d_beats = ({{(32 - OFFW){1'b0}}, vl_base[OFFW-1:0]} + (d_evl << d_ls) + (BEAT - 1)) >> OFFW;
    /* verilator lint_on UNUSEDSIGNAL */
    wire        d_room  = d_beats + 32'd2 <= LQ_BEATS - {{(31 - LQW){1'b0}}, mq_n};
    assign vl_safe = d_legal && !d_store && d_vm && (d_us || d_whole) && d_room &&
                     (vl_base & ((32'd1 << d_leew) - 32'd1)) == 32'd0 && (d_evl == 32'd0 || d_chk[32]);

    // ---- unit-stride walk: the current beat --------------------------------------
    reg  [31:0]   ba;            // beat address
    reg  [RW-1:0] ur;            // register within the group (stores)
    reg           uc0;           // first register piece of this beat (stores)
    reg  [BW-1:0] sbuf;          // store beat being assembled
    wire [31:0] u_lo   = ba < i_base ? i_base : ba;
    wire [31:0] u_rem  = i_end - ba;
    wire        u_last = u_rem <= BEAT;
    wire [31:0] u_hi   = u_last ? i_end - 32'd1 : ba + (BEAT - 1);
    wire [31:0] u_glo  = u_lo - i_base;
    wire [31:0] u_ghi  = u_hi - i_base;
    wire [31:0] u_gba  = ba - i_base;                     // may be negative (first beat)
    wire [OFFW-1:0] u_lo_off = u_lo[OFFW-1:0];
    wire [OFFW-1:0] u_hi_off = u_hi[OFFW-1:0];
    // The beat's wide datapath is computed in blocks that do work only while a
    // unit-stride walk runs (a masked one for the v0 bits, a store for the data
    // piece): Verilator evaluates every combinational block on every edge, idle
    // or not, and these were a large part of the model's time.
    wire u_run = st == S_RUN && i_unit;
    reg  [BEAT-1:0] u_mx;        // mask bit of each byte's element, from u_lo on
    always @* begin : u_mask
        /* verilator lint_off UNUSEDSIGNAL */
        reg [VLEN-1:0] mw;
        /* verilator lint_on UNUSEDSIGNAL */
        integer m;   // loop indices local to their blocks: assigned on some paths only,
                     // a module-level one is a latch to yosys
        u_mx = {BEAT{1'b1}};
        mw = {VLEN{1'b0}};        // every path assigns the temporaries: no latch
        m = 0;
        if (u_run && i_masked) begin
            mw = v0q >> (u_glo >> i_ls);
            for (m = 0; m < BEAT; m = m + 1)
                u_mx[m] = mw[m >> i_ls];
        end
    end
    wire [BEAT-1:0] u_rng = ({BEAT{1'b1}} << u_lo_off) & ({BEAT{1'b1}} >> ~u_hi_off);
    wire [BEAT-1:0] u_be  = (u_mx << u_lo_off) & u_rng;
    wire            u_act = |u_be;
    // the range check covers the active bytes only (a masked-off element may lie
    // outside memory): first and last active byte of the beat (unmasked: the
    // range's ends)
    reg  [OFFW-1:0] u_fa, u_la;
    always @* begin : u_ends
        integer m;
        u_fa = u_lo_off;
        u_la = u_hi_off;
        m = 0;
        if (u_run && i_masked) begin
            u_fa = {OFFW{1'b0}};
            u_la = {OFFW{1'b0}};
            for (m = BEAT - 1; m >= 0; m = m - 1)
                if (u_be[m]) u_fa = m[OFFW-1:0];
            for (m = 0; m < BEAT; m = m + 1)
                if (u_be[m]) u_la = m[OFFW-1:0];
        end
    end
    wire [32:0] u_chk = rng_check({ba[31:OFFW], u_fa}, {ba[31:OFFW], u_la}, dram_bytes);
    // stores: the register piece in this beat (loads send no data)
    wire [31:0] u_rg0   = {{(32 - RW - LVB){1'b0}}, ur, {LVB{1'b0}}};      // group offset of reg ur
    wire [31:0] u_sh    = BEAT - (u_rg0 - u_gba);                          // bytes, 1..BEAT+VB-1
    /* verilator lint_off UNUSEDSIGNAL */
    wire [31:0] u_rend  = u_rg0 + (VB - 1);
    wire [31:0] u_rnext = (u_ghi + 32'd1) >> LVB;
    /* verilator lint_on UNUSEDSIGNAL */
    reg  [BW-1:0] u_piece;
    always @* begin : u_store
        /* verilator lint_off UNUSEDSIGNAL */
        reg [BW+VLEN+BW-1:0] wsh;
        /* verilator lint_on UNUSEDSIGNAL */
        u_piece = {BW{1'b0}};
        wsh = {(BW+VLEN+BW){1'b0}};
        if (u_run && i_store) begin
            wsh = {{BW{1'b0}}, vlr_data, {BW{1'b0}}} >> {u_sh, 3'b000};
            u_piece = wsh[BW-1:0];
        end
    end
    wire [BW-1:0] u_sdata = uc0 ? u_piece : (sbuf | u_piece);
    wire          u_pend  = u_rend >= u_ghi;             // this piece ends the beat

    // ---- element walk (strided / indexed) --------------------------------------------
    reg  [31:0]     ei;          // element (segment) index
    reg  [2:0]      fi;          // segment field
    reg  [31:0]     fo;          // group byte offset of field fi
    reg  [31:0]     sacc;        // strided (segment: element) address
    reg             icv;         // index register cache (indexed stores)
    reg  [4:0]      icr;
    reg  [VLEN-1:0] icd;
    /* verilator lint_off UNUSEDSIGNAL */
    wire [31:0] e_doff = (ei << i_ls) + fo;
    wire [31:0] e_ioff = ei << i_lis;
    /* verilator lint_on UNUSEDSIGNAL */
    wire [4:0]  e_dreg = i_vd + e_doff[LVB +: 5];
    wire [4:0]  e_ireg = i_vs2 + e_ioff[LVB +: 5];
    wire        e_ihit = icv && icr == e_ireg;
    // the element's v0 bit, index and store data: wide shifts, done only while
    // an element walk runs and only those it needs (see the unit walk)
    reg         e_v0b;
    reg  [31:0] e_idx, e_word;
    always @* begin : e_data
        /* verilator lint_off UNUSEDSIGNAL */
        reg [VLEN-1:0] v0sh, ish, dsh;
        /* verilator lint_on UNUSEDSIGNAL */
        e_v0b  = 1'b1;
        e_idx  = 32'd0;
        e_word = 32'd0;
        v0sh = {VLEN{1'b0}};
        ish = {VLEN{1'b0}};
        dsh = {VLEN{1'b0}};
        if (st == S_RUN && !i_unit) begin
            if (i_masked) begin
                v0sh  = v0q >> ei;
                e_v0b = v0sh[0];
            end
            if (i_indexed) begin
                ish   = (i_store ? icd : vlr_data) >> {e_ioff[LVB-1:0], 3'b000};
                e_idx = i_lis == 2'd0 ? {24'd0, ish[7:0]} :
                        i_lis == 2'd1 ? {16'd0, ish[15:0]} : ish[31:0];
            end
            if (i_store) begin
                dsh    = vlr_data >> {e_doff[LVB-1:0], 3'b000};
                e_word = i_ls == 2'd0 ? {4{dsh[7:0]}} :
                         i_ls == 2'd1 ? {2{dsh[15:0]}} : dsh[31:0];
            end
        end
    end
    wire [31:0] e_addr = i_indexed ? i_base + e_idx : sacc;
    wire        e_act  = e_v0b;
    wire        e_mis  = (e_addr & (s_bytes - 32'd1)) != 0;
    wire [32:0] e_chk  = rng_check(e_addr, e_addr + s_bytes - 32'd1, dram_bytes);
    wire [OFFW-1:0] e_off = e_addr[OFFW-1:0];
    // s ones (4'b0001 << 4 wraps to 0, and 0 - 1 is 4'b1111)
    wire [BEAT-1:0] e_be  = {{(BEAT - 4){1'b0}}, (4'b0001 << s_bytes[2:0]) - 4'd1} << e_off;

    // VRF read port
    always @* begin
        vlr_idx = 5'd0;                                    // v0, latched at dispatch
        if (st == S_RUN) begin
            if (i_unit)
                vlr_idx = i_vd + {{(5 - RW + 1){1'b0}}, ur[RW-2:0]};
            else if (i_indexed && !(i_store && e_ihit))
                vlr_idx = e_ireg;
            else
                vlr_idx = e_dreg;
        end
    end

    // ---- issue step --------------------------------------------------------------------
    // u_*: unit walk; e_*: element walk. A walk ends with its last beat/element:
    // a load whose last request leaves then marks it as the end; a load whose
    // last beat/element was skipped (masked) pushes an end marker in FIN.
    reg  [CQW:0] cq_n;
    reg          cq_kind [0:CQ_DEPTH-1];  // 1 = load (waits for its drain)
    reg  [CQW-1:0] cq_w, cq_r;
    wire cq_room = cq_n != CQ_DEPTH[CQW:0];
    wire run_u   = st == S_RUN && i_unit && cq_room;
    wire run_e   = st == S_RUN && !i_unit && cq_room;
    wire u_skip  = run_u && !u_act;
    wire u_fault = run_u && u_act && !u_chk[32];
    wire u_can   = run_u && u_act && u_chk[32] && out_free && (i_store || meta_free);
    wire u_emit  = u_can && (!i_store || u_pend);          // a request leaves this cycle
    wire u_beat_done = u_skip || u_emit;
    wire e_skip  = run_e && !e_act;
    wire e_fill  = run_e && e_act && i_indexed && i_store && !e_ihit;
    wire e_ready = run_e && e_act && !e_fill;
    wire e_fault = e_ready && (e_mis || !e_chk[32]);
    wire e_emit  = e_ready && !e_mis && e_chk[32] && out_free && (i_store || meta_free);
    wire u_final = u_beat_done && u_last;
    wire e_final = (e_skip || e_emit) && ei + 32'd1 == i_evl && fi == i_nf;
    wire end_on_req = (u_final && u_emit) || (e_final && e_emit);
    assign fin_direct = (u_final || e_final) && (i_store || end_on_req);
    wire fin_go  = st == S_FIN && (i_store || meta_free) && cq_room;
    wire push_meta = (!i_store && (u_emit || e_emit)) || (fin_go && !i_store);
    wire cq_push = fin_direct || fin_go;
    assign vl_walked = cq_push;

    always @(posedge clk) begin
        if (rst) begin
            st <= S_IDLE;
            oq_valid <= 1'b0;
            icv <= 1'b0;
        end else begin
            if (vreq_ready)
                oq_valid <= 1'b0;
            if (u_emit || e_emit)
                oq_tag <= cq_w;            // the slot this instruction takes when it ends
            case (st)
                S_V0: begin
                    v0q <= vlr_data;
                    st  <= S_RUN;
                end
                S_RUN: begin
                    if (u_fault || e_fault) begin
                        st <= S_TRAP;
                        v_trap_pc <= i_pc;
                        if (e_fault && e_mis) begin
                            v_trap_cause <= i_store ? 4'd6 : 4'd4;
                            v_trap_info  <= e_addr;
                        end else begin
                            v_trap_cause <= i_store ? 4'd7 : 4'd5;
                            v_trap_info  <= u_fault ? u_chk[31:0] : e_chk[31:0];
                        end
                    end
                    if (u_final || e_final)
                        st <= fin_direct ? S_IDLE : S_FIN;
                    // unit walk
                    if (u_can && i_store) begin
                        sbuf <= u_sdata;
                        uc0  <= u_pend;
                        if (!u_pend)
                            ur <= ur + 1'b1;
                    end
                    if (u_beat_done) begin
                        ba  <= ba + BEAT;
                        ur  <= u_rnext[RW-1:0];
                        uc0 <= 1'b1;
                    end
                    if (u_emit) begin
                        oq_valid <= 1'b1;
                        oq_write <= i_store;
                        oq_addr  <= ba;
                        oq_wdata <= u_sdata;
                        oq_wstrb <= u_be;
                    end
                    // element walk
                    if (e_fill) begin
                        icv <= 1'b1;
                        icr <= e_ireg;
                        icd <= vlr_data;
                    end
                    if (e_skip || e_emit) begin
                        sacc <= sacc + i_stride;
                        if (fi == i_nf) begin
                            ei <= ei + 32'd1;
                            fi <= 3'd0;
                            fo <= 32'd0;
                        end else begin
                            fi <= fi + 3'd1;
                            fo <= fo + i_fstep;
                        end
                    end
                    if (e_emit) begin
                        oq_valid <= 1'b1;
                        oq_write <= i_store;
                        oq_addr  <= {e_addr[31:OFFW], {OFFW{1'b0}}};
                        oq_wdata <= {(BEAT / 4){e_word}};
                        oq_wstrb <= e_be;
                    end
                end
                S_FIN: if (fin_go)
                    st <= S_IDLE;
                default: ;   // S_IDLE; S_TRAP stays until reset
            endcase
            if (accept) begin
                i_store   <= d_store;
                i_unit    <= d_us || d_whole || d_mask;
                i_indexed <= d_indexed;
                i_masked  <= d_masked;
                i_ls      <= d_ls;
                i_lis     <= d_leew;
                i_vd      <= vl_insn[11:7];
                i_vs2     <= vl_insn[24:20];
                i_base    <= vl_base;
                i_stride  <= d_seg ? 32'd1 << d_leew : vl_stride;
                i_nf      <= d_seg ? d_nf : 3'd0;
                i_fstep   <= VB << d_eg;
                i_end     <= vl_base + (d_evl << d_ls);
                i_evl     <= d_evl;
                i_pc      <= vl_pc;
                i_tag     <= vl_tag;
                if (st == S_IDLE)
                    v0q   <= vlr_data;     // the read port shows v0 while idle
                ba        <= {vl_base[31:OFFW], {OFFW{1'b0}}};
                ur        <= {RW{1'b0}};
                uc0       <= 1'b1;
                ei        <= 32'd0;
                fi        <= 3'd0;
                fo        <= 32'd0;
                sacc      <= vl_base;
                icv       <= 1'b0;
                if (!d_legal) begin
                    st <= S_TRAP;
                    v_trap_cause <= 4'd2;
                    v_trap_pc    <= vl_pc;
                    v_trap_info  <= vl_insn;
                end else if ((d_us || d_whole || d_seg) && d_evl != 0 &&
                             (vl_base & ((32'd1 << d_leew) - 32'd1)) != 0) begin
                    // unit-stride: a misaligned base misaligns every element
                    // (strided and indexed accesses are checked per element)
                    st <= S_TRAP;
                    v_trap_cause <= d_store ? 4'd6 : 4'd4;
                    v_trap_pc    <= vl_pc;
                    v_trap_info  <= vl_base;
                end else if (d_evl == 0)
                    st <= S_FIN;
                else
                    st <= d_masked && st != S_IDLE ? S_V0 : S_RUN;
            end
        end
    end

    // the meta entry a load request (or the end marker) pushes
    wire [GW-1:0] m_goff = i_unit ? u_gba[GW-1:0] : e_doff[GW-1:0] - {{(GW - OFFW){1'b0}}, e_off};
    wire [RW-1:0] m_rlo  = i_unit ? u_glo[LVB +: RW] : e_doff[LVB +: RW];
    wire [RW-1:0] m_rhi  = i_unit ? u_ghi[LVB +: RW] : e_doff[LVB +: RW];
    wire [BEAT-1:0] m_be = i_unit ? u_be : e_be;

    // ---- drain -------------------------------------------------------------------------
    reg             dr_mid;      // in the middle of a beat's register pieces
    reg  [RW-1:0]   dr_r;
    reg             wb_valid;    // the one-register write buffer
    reg  [4:0]      wb_idx;
    reg  [VB-1:0]   wb_be;
    reg  [VLEN-1:0] wb_data;
    reg             wb_end;      // ... and it is its instruction's last write
    reg  [CQW:0]    dn;          // loads drained, not yet reported done

    // the head entry's load may write the VRF only once rvv_vec allows it (a
    // load dispatched ahead of older instructions waits for them: vlw_ok)
    wire            h_any    = mq_n != 0 && vlw_ok[mq_tag[mq_r]];
    wire            h_marker = mq_marker[mq_r];
    wire [RW-1:0]   h_r      = dr_mid ? dr_r : mq_rlo[mq_r];
    wire            h_piece  = h_any && !h_marker && dq_n != 0;
    wire            h_lastp  = h_piece && h_r == mq_rhi[mq_r];
    wire            h_pend   = h_lastp && mq_end[mq_r];
    // a marker ends the instruction whose data is in the buffer (it waits a
    // cycle when the buffer holds an earlier instruction's closed write)
    wire            h_mark   = h_any && h_marker && !(wb_valid && wb_end);
    wire            h_pop    = h_mark || h_lastp;
    wire [4:0]      h_idx    = mq_vd[mq_r] + {{(5 - RW + 1){1'b0}}, h_r[RW-2:0]};
    /* verilator lint_off UNUSEDSIGNAL */
    wire [31:0]     h_sh     = {{(32 - RW - LVB){1'b0}}, h_r, {LVB{1'b0}}} -
                               {{(32 - GW){mq_goff[mq_r][GW-1]}}, mq_goff[mq_r]} + VB;
    /* verilator lint_on UNUSEDSIGNAL */
    wire            h_merge = h_piece && wb_valid && !wb_end && wb_idx == h_idx;
    wire            h_flush = wb_valid && (wb_end || h_mark || (h_piece && !h_merge));
    wire            h_done  = (h_flush && wb_end) || h_mark;   // a load fully written
    // the piece's data and byte enables (bit mask h_bm), shifted into register
    // position only when there is a piece (see the unit walk)
    reg  [VLEN-1:0] h_data, h_bm;
    reg  [VB-1:0]   h_be;
    always @* begin : h_shift
        /* verilator lint_off UNUSEDSIGNAL */
        reg [VB*8+BW+VB*8-1:0] wd;
        reg [VB+BEAT+VB-1:0]   wb;
        /* verilator lint_on UNUSEDSIGNAL */
        integer k;
        h_data = {VLEN{1'b0}};
        h_be   = {VB{1'b0}};
        h_bm   = {VLEN{1'b0}};
        wd = {(VB*8+BW+VB*8){1'b0}};
        wb = {(VB+BEAT+VB){1'b0}};
        k = 0;
        if (h_piece) begin
            wd = {{(VB*8){1'b0}}, dq[dq_r], {(VB*8){1'b0}}} >> {h_sh, 3'b000};
            wb = {{VB{1'b0}}, mq_be[mq_r], {VB{1'b0}}} >> h_sh;
            h_data = wd[VLEN-1:0];
            h_be   = wb[VB-1:0];
            for (k = 0; k < VB; k = k + 1)
                h_bm[8*k +: 8] = {8{h_be[k]}};
        end
    end

    // ---- completion ----------------------------------------------------------------------
    // a store is done once its last beat has left for rvv_mem (a scalar access
    // after vl_done must not overtake it), a load once its last write is out
    wire         cq_pop = cq_n != 0 && (cq_kind[cq_r] ? dn != 0 : !(oq_valid && oq_tag == cq_r));
    assign vl_done = cq_pop;

    always @(posedge clk) begin
        if (rst) begin
            mq_w <= 0; mq_r <= 0; mq_n <= 0;
            dq_w <= 0; dq_r <= 0; dq_n <= 0;
            dr_mid <= 1'b0;
            wb_valid <= 1'b0;
            vlw_valid <= 1'b0;
            wb_end <= 1'b0;
            dn <= 0;
            cq_w <= 0; cq_r <= 0; cq_n <= 0;
        end else begin
            // meta push / pop
            if (push_meta) begin
                mq_marker[mq_w] <= st == S_FIN;
                mq_end[mq_w]    <= st == S_FIN || end_on_req;
                mq_vd[mq_w]     <= i_vd;
                mq_rlo[mq_w]    <= m_rlo;
                mq_rhi[mq_w]    <= m_rhi;
                mq_goff[mq_w]   <= m_goff;
                mq_be[mq_w]     <= m_be;
                mq_tag[mq_w]    <= i_tag;
                mq_w <= mq_w + 1'b1;
            end
            if (h_pop)
                mq_r <= mq_r + 1'b1;
            mq_n <= mq_n + {{LQW{1'b0}}, push_meta} - {{LQW{1'b0}}, h_pop};
            // data push / pop
            if (vresp_valid) begin
                dq[dq_w] <= vresp_rdata;
                dq_w <= dq_w + 1'b1;
            end
            if (h_lastp)
                dq_r <= dq_r + 1'b1;
            dq_n <= dq_n + {{LQW{1'b0}}, vresp_valid} - {{LQW{1'b0}}, h_lastp};
            // pieces
            if (h_piece) begin
                dr_mid <= !h_pop;
                dr_r   <= h_r + 1'b1;
            end
            vlw_valid <= h_flush;
            if (h_flush) begin
                vlw_idx  <= wb_idx;
                vlw_be   <= wb_be;
                vlw_data <= wb_data;
            end
            if (h_piece) begin
                wb_valid <= 1'b1;
                wb_end   <= h_pend;
                wb_idx   <= h_idx;
                wb_be    <= h_merge ? wb_be | h_be : h_be;
                wb_data  <= h_merge ? (wb_data & ~h_bm) | (h_data & h_bm) : h_data;
            end else if (h_flush) begin
                wb_valid <= 1'b0;
                wb_end   <= 1'b0;
            end
            // completion
            if (cq_push) begin
                cq_kind[cq_w] <= !i_store;
                cq_w <= cq_w + 1'b1;
            end
            if (cq_pop)
                cq_r <= cq_r + 1'b1;
            cq_n <= cq_n + {{CQW{1'b0}}, cq_push} - {{CQW{1'b0}}, cq_pop};
            dn <= dn + {{CQW{1'b0}}, h_done} - {{CQW{1'b0}}, cq_pop && cq_kind[cq_r]};
        end
    end

    assign v_mem_busy   = st != S_IDLE || cq_n != 0 || oq_valid;
    assign v_trap_valid = st == S_TRAP;
endmodule

`default_nettype wire
