// vliw_dma_ch — one DMA channel of a tile (OUT = 0: ch0 DRAM -> DM, OUT = 1:
// ch1 DM -> DRAM), exactly the per-cycle pipeline of docs/vliw_timing.md "DMA"
// (the ISS, isa/vliw_iss_dma.c, runs the same rules).
//
// State IDLE, ACQ, XFER, REL (each at least one cycle). Phase 0 of a cycle is
// combinational here: an IDLE channel loads the NEXT BD of the chain it just
// finished, else pops its queue; the BD row (ld_bd, from vliw_dma's table at
// ld_idx) is checked in that cycle (bd-invalid, dm-access, dma-fault) and the
// channel is ACQ for that same cycle, so its acquire goes to the lock module
// at once. Everything that decides a bank or bus request (the candidates) is a
// function of the registered state only, as the document's "decided at phase 0
// from the state after the previous cycle" asks.
//
// The transfer walks rows (i2 outer, i1 inner) with two cursors: the read
// cursor issues read units (ch0: bus reads of DRAM beats, ch1: DM line reads)
// in order, at most INFLIGHT issued and not retired; the write cursor writes
// one destination line per unit (ch0: a DM write, ch1: a bus write) once every
// read unit holding its bytes arrived in an earlier cycle, realigning the two
// source lines it spans. Sequence numbers (rd_seq issued, arr_seq arrived,
// ret_seq retired, wr_seq0 = the current write row's first read unit) are
// compared by modular difference; the read buffer has INFLIGHT lines.
// ch1's DM read data comes from the bank's output register the cycle after the
// grant: it is forwarded to the write side that cycle and kept from then on.
`default_nettype none

module vliw_dma_ch #(
    parameter integer OUT      = 0,
    parameter integer DM_BYTES = 65536,
    parameter integer NLOCKS   = 16,
    parameter integer NBDS     = 16,
    parameter integer INFLIGHT = 8
) (
    input  wire                 clk,
    input  wire                 rst,
    input  wire                 stop,        // the array trapped: freeze
    input  wire [31:0]          dram_bytes,
    // queue: a dma.start issued this cycle (seen from the next one)
    input  wire                 start,
    input  wire [3:0]           start_bd,
    output wire                 qfull,       // after this cycle's pop (dma.start waits)
    output wire                 idle,        // after phase 0: IDLE, queue empty (dma.wait)
    output wire                 quiet,       // registered: IDLE, queue empty, no NEXT pending
    // BD table read (phase 0)
    output wire [3:0]           ld_idx,
    input  wire [12*32-1:0]     ld_bd,
    // DM port (ch0 writes, ch1 reads), lowest bank priority
    output wire                 dm_valid,
    output wire [15:0]          dm_addr,
    output wire [255:0]         dm_wdata,
    output wire [31:0]          dm_wbe,
    input  wire                 dm_grant,
    input  wire [255:0]         dm_rdata,
    // lock module port (own module)
    output wire                 lk_valid,
    output wire                 lk_acq,
    output wire [$clog2(NLOCKS)-1:0] lk_idx,
    output wire [5:0]           lk_val,
    input  wire                 lk_grant,
    input  wire                 lk_ovf,
    // bus (vliw_bus_arb): ch0 reads, ch1 writes
    output wire                 bus_valid,
    output wire [31:0]          bus_addr,
    output wire [255:0]         bus_wdata,
    output wire [31:0]          bus_wstrb,
    input  wire                 bus_ack,     // accepted by kc_dram at this edge
    input  wire                 resp_valid,  // a read beat of this channel arrives
    input  wire [255:0]         resp_rdata,
    // events and trap (this cycle)
    output wire                 ev_busy,
    output wire [6:0]           ev_bytes,
    output reg                  trap,
    output reg  [3:0]           trap_cause,
    output reg  [19:0]          trap_info
);
`include "vliw_trap.vh"
    localparam integer IW = $clog2(NLOCKS);
    localparam integer LW = $clog2(INFLIGHT);
    localparam [1:0] S_IDLE = 2'd0, S_ACQ = 2'd1, S_XFER = 2'd2, S_REL = 2'd3;
    // BD fields (bd.set field - 16)
    localparam integer F_DRAM = 0, F_DM = 1, F_LEN0 = 2, F_CNT1 = 3, F_DS1 = 4, F_MS1 = 5,
                       F_CNT2 = 6, F_DS2 = 7, F_MS2 = 8, F_ACQ = 9, F_REL = 10, F_NEXT = 11;

    wire go = !stop;

    reg  [1:0]  st;
    reg  [31:0] f [0:11];        // the running BD's copy
    reg  [3:0]  q0, q1;
    reg  [1:0]  qn;

    // ---- phase 0: load
    wire [31:0] b [0:11];
    genvar gf;
    generate
        for (gf = 0; gf < 12; gf = gf + 1) begin : g_bd
            assign b[gf] = ld_bd[32*gf +: 32];
        end
    endgenerate
    wire        nx_en = f[F_NEXT][4];
    wire        ld    = go && st == S_IDLE && (nx_en || qn != 2'd0);
    wire        pop   = ld && !nx_en;
    assign ld_idx     = nx_en ? f[F_NEXT][3:0] : q0;
    wire [1:0]  qn_a  = qn - {1'b0, pop};

    /* verilator lint_off UNUSEDSIGNAL */ // a lock field: bits 13 (enable) and 12:6 (id)
    function automatic lock_bad(input [31:0] x);
        lock_bad = x[13] && (x[12:10] != 3'd0 || {28'd0, x[9:6]} >= NLOCKS);
    endfunction
    /* verilator lint_on UNUSEDSIGNAL */
    wire bd_bad = b[F_CNT1] == 32'd0 || b[F_CNT1][31:16] != 16'd0 ||
                  b[F_CNT2] == 32'd0 || b[F_CNT2][31:16] != 16'd0 ||
                  b[F_LEN0] == 32'd0 || b[F_LEN0][31:16] != 16'd0 || b[F_LEN0][0] ||
                  b[F_DRAM][0] || b[F_DM][0] || b[F_DS1][0] || b[F_MS1][0] || b[F_DS2][0] || b[F_MS2][0] ||
                  lock_bad(b[F_ACQ]) || lock_bad(b[F_REL]) ||
                  (b[F_NEXT][4] && {28'd0, b[F_NEXT][3:0]} >= NBDS);
    // the rows' extremes are at the corners (i1, i2) in {0, CNT1-1} x {0, CNT2-1}
    wire signed [16:0] c1m = {1'b0, b[F_CNT1][15:0] - 16'd1};
    wire signed [16:0] c2m = {1'b0, b[F_CNT2][15:0] - 16'd1};
    wire signed [49:0] pd1 = c1m * $signed(b[F_DS1]);
    wire signed [49:0] pd2 = c2m * $signed(b[F_DS2]);
    wire signed [49:0] pm1 = c1m * $signed(b[F_MS1]);
    wire signed [49:0] pm2 = c2m * $signed(b[F_MS2]);
    wire signed [49:0] len_s = {34'd0, b[F_LEN0][15:0]};
    wire [31:0] dmb32 = DM_BYTES;
    wire signed [49:0] DMB = {18'd0, dmb32};
    reg  [3:0]  ck_cause;
    reg  [19:0] ck_info;
    reg signed [49:0] ad, am;
    integer k;
    always @* begin
        ck_cause = VLIW_TRAP_NONE; ck_info = 20'd0; ad = 50'sd0; am = 50'sd0;
        for (k = 3; k >= 0; k = k - 1) begin
            am = $signed({18'd0, b[F_DM]}) + (k[0] ? pm1 : 50'sd0) + (k[1] ? pm2 : 50'sd0);
            ad = $signed({18'd0, b[F_DRAM]}) + (k[0] ? pd1 : 50'sd0) + (k[1] ? pd2 : 50'sd0);
            // lowest corner first; in a corner the DM check before the DRAM check
            if (ad < 0 || ad + len_s > $signed({18'd0, dram_bytes})) begin
                ck_cause = VLIW_TRAP_DMA_FAULT; ck_info = ad[19:0];
            end
            if (am < 0 || am + len_s > DMB) begin
                ck_cause = VLIW_TRAP_DM_ACCESS; ck_info = am[19:0];
            end
        end
    end
    wire ld_trap = ld && (bd_bad || ck_cause != VLIW_TRAP_NONE);
    wire ld_ok   = ld && !ld_trap;

    wire [1:0]  est   = ld_ok ? S_ACQ : st;      // the state after phase 0
    /* verilator lint_off UNUSEDSIGNAL */ // checked at the load: the window bits are 0
    wire [31:0] e_acq = ld ? b[F_ACQ] : f[F_ACQ];
    /* verilator lint_on UNUSEDSIGNAL */

    assign idle    = est == S_IDLE && qn_a == 2'd0;
    assign qfull   = qn_a == 2'd2;
    assign quiet   = st == S_IDLE && qn == 2'd0 && !nx_en;
    assign ev_busy = est != S_IDLE;

    // ---- lock phase: ACQ acquires, REL releases (the own module)
    wire acq_req = go && est == S_ACQ && e_acq[13];
    wire rel_req = go && st == S_REL && f[F_REL][13];
    assign lk_valid = acq_req || rel_req;
    assign lk_acq   = est == S_ACQ;
    assign lk_idx   = est == S_ACQ ? e_acq[6 +: IW] : f[F_REL][6 +: IW];
    assign lk_val   = est == S_ACQ ? e_acq[5:0] : f[F_REL][5:0];
    wire acq_ok     = est == S_ACQ && (!e_acq[13] || lk_grant);
    wire rel_ovf    = rel_req && lk_ovf;

    always @* begin
        trap = ld_trap || rel_ovf;
        trap_cause = ld_trap ? (bd_bad ? VLIW_TRAP_BD_INVALID : ck_cause) : VLIW_TRAP_LOCK_OVERFLOW;
        trap_info  = ld_trap ? (bd_bad ? {16'd0, ld_idx} : ck_info) : {{(20-IW){1'b0}}, f[F_REL][6 +: IW]};
    end

    // ---- transfer: geometry
    wire [16:0] len   = {1'b0, f[F_LEN0][15:0]};
    wire [31:0] s1    = OUT != 0 ? f[F_MS1] : f[F_DS1];   // source strides
    wire [31:0] s2    = OUT != 0 ? f[F_MS2] : f[F_DS2];
    wire [31:0] t1    = OUT != 0 ? f[F_DS1] : f[F_MS1];   // destination strides
    wire [31:0] t2    = OUT != 0 ? f[F_DS2] : f[F_MS2];
    wire [15:0] cnt1m = f[F_CNT1][15:0] - 16'd1;
    wire [15:0] cnt2m = f[F_CNT2][15:0] - 16'd1;

    // read cursor
    reg  [31:0] rd_src, rd_bsrc;
    reg  [15:0] rd_i1, rd_i2;
    reg  [11:0] rd_idx;
    reg         rd_done;
    reg  [15:0] rd_seq, arr_seq, ret_seq;
    /* verilator lint_off UNUSEDSIGNAL */ // line numbers of byte sums: the low 5 bits drop
    wire [16:0] rd_endb = {12'd0, rd_src[4:0]} + len - 17'd1;
    /* verilator lint_on UNUSEDSIGNAL */
    wire [11:0] rd_nm1  = rd_endb[16:5];                       // units of the row - 1
    wire [15:0] rd_out   = rd_seq - ret_seq;                   // issued, not retired
    wire        can_read = st == S_XFER && !rd_done && {16'd0, rd_out} < INFLIGHT;
    wire [31:0] rd_line  = {rd_src[31:5] + {15'd0, rd_idx}, 5'd0};

    // write cursor
    reg  [31:0] wr_src, wr_bsrc, wr_dst, wr_bdst;
    reg  [15:0] wr_i1, wr_i2;
    reg  [11:0] wr_idx;
    reg  [15:0] wr_seq0;
    reg         wr_done;
    wire [4:0]  sa = wr_src[4:0];
    wire [4:0]  da = wr_dst[4:0];
    /* verilator lint_off UNUSEDSIGNAL */ // as rd_endb; w_ret, w_nb < 2^16, 2^7
    wire [16:0] w_sendb = {12'd0, sa} + len - 17'd1;
    wire [16:0] w_dendb = {12'd0, da} + len - 17'd1;
    wire [11:0] w_nsm1 = w_sendb[16:5];                        // read units of the row - 1
    wire [11:0] w_ndm1 = w_dendb[16:5];                        // write units of the row - 1
    wire        w_lastu = wr_idx == w_ndm1;
    // the unit's row byte range [lo, hi): line start at row offset 32 j - da
    wire [17:0] w_end  = {1'b0, wr_idx, 5'd0} + 18'd32 - {13'd0, da};
    wire [17:0] w_lo   = wr_idx == 12'd0 ? 18'd0 : {1'b0, wr_idx, 5'd0} - {13'd0, da};
    wire [17:0] w_hi   = w_lastu ? {1'b0, len} : w_end;
    wire [17:0] w_last = ({13'd0, sa} + w_hi - 18'd1) >> 5;
    wire [17:0] w_ret  = w_lastu ? {6'd0, w_nsm1} + 18'd1 : ({13'd0, sa} + w_hi) >> 5;
    wire [15:0] w_arr  = arr_seq - wr_seq0;
    wire        w_ready = st == S_XFER && !wr_done && {2'd0, w_arr} > w_last;
    wire [17:0] w_nb    = w_hi - w_lo;
    /* verilator lint_on UNUSEDSIGNAL */
    wire [6:0]  w_bytes = w_nb[6:0];
    wire [31:0] w_line  = {wr_dst[31:5] + {15'd0, wr_idx}, 5'd0};

    // realignment: destination byte p comes from source offset p + delta of
    // the two source lines A (slot sl) and B (sl + 1)
    reg  [255:0]  buf_q [0:INFLIGHT-1];
    reg           byp_v;                // ch1: a DM read granted last cycle
    reg  [LW-1:0] byp_slot;
    wire [4:0]    delta = sa - da;
    wire [LW-1:0] sl_a  = wr_seq0[LW-1:0] + wr_idx[LW-1:0] - {{(LW-1){1'b0}}, sa < da};
    wire [LW-1:0] sl_b  = sl_a + {{(LW-1){1'b0}}, 1'b1};
    wire [255:0]  ln_a  = byp_v && byp_slot == sl_a ? dm_rdata : buf_q[sl_a];
    wire [255:0]  ln_b  = byp_v && byp_slot == sl_b ? dm_rdata : buf_q[sl_b];
    wire [511:0]  pair  = {ln_b, ln_a} >> {delta, 3'b000};
    reg  [31:0]   w_mask;
    reg  [17:0]   off;
    integer p;
    always @* begin
        w_mask = 32'd0; off = 18'd0;
        for (p = 0; p < 32; p = p + 1) begin
            off = {1'b0, wr_idx, 5'd0} + p[17:0] - {13'd0, da};   // row offset of byte p
            w_mask[p] = !off[17] && off < {1'b0, len};
        end
    end
    reg  [255:0] w_data;
    integer e;
    always @* begin
        for (e = 0; e < 32; e = e + 1) w_data[8*e +: 8] = w_mask[e] ? pair[8*e +: 8] : 8'd0;
    end

    // ---- requests
    wire w_do   = OUT != 0 ? bus_ack : dm_grant;       // the write unit is performed
    wire r_do   = OUT != 0 ? dm_grant : bus_ack;       // the read unit is issued
    assign dm_valid  = go && (OUT != 0 ? can_read : w_ready);
    assign dm_addr   = OUT != 0 ? rd_line[15:0] : w_line[15:0];
    assign dm_wdata  = w_data;
    assign dm_wbe    = w_mask;
    assign bus_valid = go && (OUT != 0 ? w_ready : can_read);
    assign bus_addr  = OUT != 0 ? w_line : rd_line;
    assign bus_wdata = w_data;
    assign bus_wstrb = w_mask;
    assign ev_bytes  = w_do ? w_bytes : 7'd0;

    wire w_rowend = w_do && w_lastu;
    wire w_xend   = w_rowend && wr_i1 == cnt1m && wr_i2 == cnt2m;
    wire r_rowend = r_do && rd_idx == rd_nm1;

    integer i;
    always @(posedge clk) begin
        if (rst) begin
            st <= S_IDLE; qn <= 2'd0; q0 <= 4'd0; q1 <= 4'd0;
            for (i = 0; i < 12; i = i + 1) f[i] <= 32'd0;
            rd_src <= 32'd0; rd_bsrc <= 32'd0; rd_i1 <= 16'd0; rd_i2 <= 16'd0; rd_idx <= 12'd0;
            rd_done <= 1'b0; rd_seq <= 16'd0; arr_seq <= 16'd0; ret_seq <= 16'd0;
            wr_src <= 32'd0; wr_bsrc <= 32'd0; wr_dst <= 32'd0; wr_bdst <= 32'd0;
            wr_i1 <= 16'd0; wr_i2 <= 16'd0; wr_idx <= 12'd0; wr_seq0 <= 16'd0; wr_done <= 1'b0;
            byp_v <= 1'b0; byp_slot <= {LW{1'b0}};
        end else if (go) begin
            // queue: pop (phase 0), then this cycle's dma.start
            if (pop) q0 <= q1;
            if (start) begin
                if (qn_a == 2'd0) q0 <= start_bd;
                else q1 <= start_bd;
            end
            qn <= qn_a + {1'b0, start};
            // state
            case (est)
                S_ACQ:  if (acq_ok) st <= S_XFER; else st <= S_ACQ;
                S_XFER: if (w_xend) st <= S_REL;
                S_REL:  st <= S_IDLE;
                default: st <= S_IDLE;
            endcase
            if (ld_ok) begin
                for (i = 0; i < 12; i = i + 1) f[i] <= b[i];
                rd_src  <= OUT != 0 ? b[F_DM] : b[F_DRAM];
                rd_bsrc <= OUT != 0 ? b[F_DM] : b[F_DRAM];
                wr_src  <= OUT != 0 ? b[F_DM] : b[F_DRAM];
                wr_bsrc <= OUT != 0 ? b[F_DM] : b[F_DRAM];
                wr_dst  <= OUT != 0 ? b[F_DRAM] : b[F_DM];
                wr_bdst <= OUT != 0 ? b[F_DRAM] : b[F_DM];
                rd_i1 <= 16'd0; rd_i2 <= 16'd0; rd_idx <= 12'd0; rd_done <= 1'b0;
                wr_i1 <= 16'd0; wr_i2 <= 16'd0; wr_idx <= 12'd0; wr_done <= 1'b0;
                rd_seq <= 16'd0; arr_seq <= 16'd0; ret_seq <= 16'd0; wr_seq0 <= 16'd0;
            end else if (ld_trap) begin
                for (i = 0; i < 12; i = i + 1) f[i] <= b[i];
            end
            // read cursor: a unit issued
            if (r_do) begin
                rd_seq <= rd_seq + 16'd1;
                if (!r_rowend) rd_idx <= rd_idx + 12'd1;
                else begin
                    rd_idx <= 12'd0;
                    if (rd_i1 != cnt1m) begin
                        rd_i1 <= rd_i1 + 16'd1; rd_src <= rd_src + s1;
                    end else if (rd_i2 != cnt2m) begin
                        rd_i1 <= 16'd0; rd_i2 <= rd_i2 + 16'd1;
                        rd_bsrc <= rd_bsrc + s2; rd_src <= rd_bsrc + s2;
                    end else rd_done <= 1'b1;
                end
            end
            // arrivals: ch0 from the bus, ch1 at its DM grant (data next cycle)
            byp_v <= OUT != 0 && dm_grant;
            if (OUT != 0 && dm_grant) byp_slot <= rd_seq[LW-1:0];
            if (OUT != 0 && byp_v) buf_q[byp_slot] <= dm_rdata;
            if (OUT == 0 && resp_valid) buf_q[arr_seq[LW-1:0]] <= resp_rdata;
            if ((OUT != 0 && dm_grant) || (OUT == 0 && resp_valid)) arr_seq <= arr_seq + 16'd1;
            // write cursor: a unit written retires what later units do not need
            if (w_do) begin
                ret_seq <= wr_seq0 + w_ret[15:0];
                if (!w_lastu) wr_idx <= wr_idx + 12'd1;
                else begin
                    wr_idx  <= 12'd0;
                    wr_seq0 <= wr_seq0 + {4'd0, w_nsm1} + 16'd1;
                    if (wr_i1 != cnt1m) begin
                        wr_i1 <= wr_i1 + 16'd1; wr_src <= wr_src + s1; wr_dst <= wr_dst + t1;
                    end else if (wr_i2 != cnt2m) begin
                        wr_i1 <= 16'd0; wr_i2 <= wr_i2 + 16'd1;
                        wr_bsrc <= wr_bsrc + s2; wr_src <= wr_bsrc + s2;
                        wr_bdst <= wr_bdst + t2; wr_dst <= wr_bdst + t2;
                    end else wr_done <= 1'b1;
                end
            end
        end
    end
endmodule

`default_nettype wire
