// vliw_top — the vliw array: ROWS x COLS tiles (vliw_tile), the routing of
// every core's memory and lock requests to the module its window names
// (0 own, 1 west, 2 east, 3 south, 4 north), the program loader, the run
// status (halt, first trap), the array's counters and the DMA engines' one
// kc_bus master port (vliw_bus_arb, round robin over tile * 2 + channel). Port contract:
// rtl/vliw/vliw_top_ports.md; pipeline and timing: rtl/vliw/vliw_core.md.
`default_nettype none

module vliw_top #(
    parameter integer ROWS       /* verilator public_flat_rd */ = 2,
    parameter integer COLS       /* verilator public_flat_rd */ = 2,
    parameter integer PM_BUNDLES /* verilator public_flat_rd */ = 2048,
    parameter integer DM_BYTES   /* verilator public_flat_rd */ = 65536,
    parameter integer NBANKS     /* verilator public_flat_rd */ = 8,
    parameter integer NLOCKS     /* verilator public_flat_rd */ = 16,
    parameter integer BEAT_BYTES /* verilator public_flat_rd */ = 32,
    parameter integer NCOUNTERS  /* verilator public_flat_rd */ = 14,
    parameter integer NBDS       /* verilator public_flat_rd */ = 16,
    parameter integer DMA_INFLIGHT /* verilator public_flat_rd */ = 8,
    parameter integer NT = ROWS * COLS
) (
    input  wire                    clk,
    input  wire                    rst,
    input  wire                    ld_we,
    input  wire [31:0]             ld_addr,
    input  wire [31:0]             ld_wdata,
    input  wire [8*32-1:0]         args,
    input  wire [31:0]             dram_bytes,
    output wire                    mem_req_valid,
    input  wire                    mem_req_ready,
    output wire                    mem_req_write,
    output wire [31:0]             mem_req_addr,
    output wire [BEAT_BYTES*8-1:0] mem_req_wdata,
    output wire [BEAT_BYTES-1:0]   mem_req_wstrb,
    input  wire                    mem_resp_valid,
    input  wire [BEAT_BYTES*8-1:0] mem_resp_rdata,
    output wire                    halted,
    output wire                    trapped,
    output wire [3:0]              trap_cause,
    output wire [31:0]             trap_pc,
    output wire [31:0]             trap_info,
    output wire [NCOUNTERS*64-1:0] perf,
    output wire [NT-1:0]           issue_valid,
    output wire [NT*32-1:0]        issue_pc,
    output wire [NT*3-1:0]         stall_ev
);
    localparam integer PW = $clog2(PM_BUNDLES);

    // ---- DRAM: the DMA channels share one kc_bus port (the beat is a DM line: 32 bytes)
    wire [2*NT-1:0]     b_valid, b_ack;
    wire [2*NT*32-1:0]  b_addr, b_wstrb;
    wire [2*NT*256-1:0] b_wdata;
    wire [NT-1:0]       b_resp;
    vliw_bus_arb #(.NT(NT), .INFLIGHT(DMA_INFLIGHT)) u_bus (
        .clk(clk), .rst(rst), .stop(stop),
        .q_valid(b_valid), .q_addr(b_addr), .q_wdata(b_wdata), .q_wstrb(b_wstrb), .q_ack(b_ack),
        .r_valid(b_resp),
        .mem_req_valid(mem_req_valid), .mem_req_ready(mem_req_ready), .mem_req_write(mem_req_write),
        .mem_req_addr(mem_req_addr), .mem_req_wdata(mem_req_wdata), .mem_req_wstrb(mem_req_wstrb),
        .mem_resp_valid(mem_resp_valid));

    // ---- loader: ld_addr = tile select << 24 | (bundle * 7 + slot); select 0 = every tile
    wire [23:0] ld_word   = ld_addr[23:0];
    wire [23:0] ld_bundle = ld_word / 24'd7;
    /* verilator lint_off UNUSEDSIGNAL */ // the remainder is 0..6
    wire [23:0] ld_slot   = ld_word - ld_bundle * 24'd7;
    /* verilator lint_on UNUSEDSIGNAL */

    // ---- per-tile wires
    wire [NT*3-1:0]     c_valid, c_write, c_grant, c_rvalid;
    wire [NT*9-1:0]     c_win;
    wire [NT*48-1:0]    c_addr;
    wire [NT*768-1:0]   c_wdata, c_rdata;
    wire [NT*96-1:0]    c_wbe;
    wire [NT-1:0]       cl_valid, cl_acq, cl_grant, cl_ovf;
    wire [NT*3-1:0]     cl_win;
    wire [NT*4-1:0]     cl_idx;
    wire [NT*6-1:0]     cl_val;
    wire [NT*15-1:0]    m_valid, m_write, m_grant, m_rvalid;
    wire [NT*15*16-1:0] m_addr;
    wire [NT*15*256-1:0] m_wdata;
    /* verilator lint_off UNUSEDSIGNAL */ // an edge tile's missing neighbours never read
    wire [NT*15*256-1:0] m_rdata;
    /* verilator lint_on UNUSEDSIGNAL */
    wire [NT*15*32-1:0] m_wbe;
    wire [NT*5-1:0]     m_ndenied;
    wire [NT*5-1:0]     l_valid, l_acq, l_grant, l_ovf;
    wire [NT*20-1:0]    l_idx;
    wire [NT*30-1:0]    l_val;
    wire [NT-1:0]       t_halted, t_trapped, t_quiet, t_dquiet, ev_lock, ev_dma, ev_bank;
    wire [NT*2-1:0]     ev_dbusy;
    wire [NT*7-1:0]     ev_dbytes;
    wire [NT*4-1:0]     t_cause;
    wire [NT*32-1:0]    t_pc;
    wire [NT*4-1:0]     t_slot;
    wire [NT*20-1:0]    t_info;
    wire [NT*7-1:0]     ev_slots;
    wire                stop = |t_trapped;

    genvar t, p, s;
    generate
        for (t = 0; t < NT; t = t + 1) begin : g_tile
            localparam integer R = t / COLS, C = t % COLS;
            // neighbour tile of window w (and whether it exists)
            localparam integer TW = t - 1, TE = t + 1, TS = t - COLS, TN = t + COLS;
            localparam [4:0] WOK = {R < ROWS - 1, R > 0, C < COLS - 1, C > 0, 1'b1};
            vliw_tile #(.PM_BUNDLES(PM_BUNDLES), .DM_BYTES(DM_BYTES), .NBANKS(NBANKS), .NLOCKS(NLOCKS),
                        .NBDS(NBDS), .INFLIGHT(DMA_INFLIGHT)) u_tile (
                .clk(clk), .rst(rst), .stop(stop), .args(args), .dram_bytes(dram_bytes),
                .ids({NT[31:0], C[31:0], R[31:0], t[31:0]}), .win_ok(WOK),
                .ld_we(ld_we && rst && (ld_addr[31:24] == 8'd0 || ld_addr[31:24] == t[7:0] + 8'd1)),
                .ld_bundle(ld_bundle[PW-1:0]), .ld_slot(ld_slot[2:0]), .ld_wdata(ld_wdata),
                .c_valid(c_valid[3*t +: 3]), .c_write(c_write[3*t +: 3]), .c_win(c_win[9*t +: 9]),
                .c_addr(c_addr[48*t +: 48]), .c_wdata(c_wdata[768*t +: 768]), .c_wbe(c_wbe[96*t +: 96]),
                .c_grant(c_grant[3*t +: 3]), .c_rdata(c_rdata[768*t +: 768]), .c_rvalid(c_rvalid[3*t +: 3]),
                .c_lk_valid(cl_valid[t]), .c_lk_acq(cl_acq[t]), .c_lk_win(cl_win[3*t +: 3]),
                .c_lk_idx(cl_idx[4*t +: 4]), .c_lk_val(cl_val[6*t +: 6]),
                .c_lk_grant(cl_grant[t]), .c_lk_ovf(cl_ovf[t]),
                .m_valid(m_valid[15*t +: 15]), .m_write(m_write[15*t +: 15]), .m_addr(m_addr[240*t +: 240]),
                .m_wdata(m_wdata[3840*t +: 3840]), .m_wbe(m_wbe[480*t +: 480]), .m_grant(m_grant[15*t +: 15]),
                .m_rdata(m_rdata[3840*t +: 3840]), .m_rvalid(m_rvalid[15*t +: 15]),
                .m_ndenied(m_ndenied[5*t +: 5]),
                .l_valid(l_valid[5*t +: 5]), .l_acq(l_acq[5*t +: 5]), .l_idx(l_idx[20*t +: 20]),
                .l_val(l_val[30*t +: 30]), .l_grant(l_grant[5*t +: 5]), .l_ovf(l_ovf[5*t +: 5]),
                .halted(t_halted[t]), .trapped(t_trapped[t]), .trap_cause(t_cause[4*t +: 4]),
                .trap_pc(t_pc[32*t +: 32]), .trap_slot(t_slot[4*t +: 4]), .trap_info(t_info[20*t +: 20]),
                .quiet(t_quiet[t]), .dma_quiet(t_dquiet[t]),
                .bus_valid(b_valid[2*t +: 2]), .bus_addr(b_addr[64*t +: 64]), .bus_wdata(b_wdata[512*t +: 512]),
                .bus_wstrb(b_wstrb[64*t +: 64]), .bus_ack(b_ack[2*t +: 2]),
                .resp_valid(b_resp[t]), .resp_rdata(mem_resp_rdata[255:0]),
                .ev_dma_busy(ev_dbusy[2*t +: 2]), .ev_dma_bytes(ev_dbytes[7*t +: 7]), .issue_valid(issue_valid[t]), .issue_pc(issue_pc[32*t +: 32]),
                .ev_slots(ev_slots[7*t +: 7]), .ev_stall_lock(ev_lock[t]), .ev_stall_dma(ev_dma[t]),
                .ev_stall_bank(ev_bank[t]));

            // ---- this tile's modules: port group p = 0 own, 1 south, 2 west, 3 east, 4 north
            // neighbour in group p, and the window that neighbour uses to reach this tile
            for (p = 0; p < 5; p = p + 1) begin : g_grp
                localparam integer SRC = p == 0 ? t : p == 1 ? TS : p == 2 ? TW : p == 3 ? TE : TN;
                localparam integer OK  = p == 0 ? 1 : p == 1 ? (R > 0 ? 1 : 0) : p == 2 ? (C > 0 ? 1 : 0) :
                                         p == 3 ? (C < COLS - 1 ? 1 : 0) : (R < ROWS - 1 ? 1 : 0);
                localparam [2:0] WIN   = p == 0 ? 3'd0 : p == 1 ? 3'd4 : p == 2 ? 3'd2 : p == 3 ? 3'd1 : 3'd3;
                localparam integer SI  = OK != 0 ? SRC : 0;
                for (s = 0; s < 3; s = s + 1) begin : g_slot
                    localparam integer MP = 15 * t + 3 * p + s;
                    assign m_valid[MP] = OK != 0 && c_valid[3*SI + s] && c_win[9*SI + 3*s +: 3] == WIN;
                    assign m_write[MP] = c_write[3*SI + s];
                    assign m_addr[16*MP +: 16]   = c_addr[48*SI + 16*s +: 16];
                    assign m_wdata[256*MP +: 256] = c_wdata[768*SI + 256*s +: 256];
                    assign m_wbe[32*MP +: 32]     = c_wbe[96*SI + 32*s +: 32];
                end
                localparam integer LP = 5 * t + p;
                assign l_valid[LP] = OK != 0 && cl_valid[SI] && cl_win[3*SI +: 3] == WIN;
                assign l_acq[LP]   = cl_acq[SI];
                assign l_idx[4*LP +: 4] = cl_idx[4*SI +: 4];
                assign l_val[6*LP +: 6] = cl_val[6*SI +: 6];
            end

            // ---- this core's answers: from the module its window names
            for (s = 0; s < 3; s = s + 1) begin : g_ans
                // port of this core's slot s in each target: own group 0; in the west
                // tile it is that tile's east group (3), east -> west group (2),
                // south -> north group (4), north -> south group (1)
                wire [2:0] w = c_win[9*t + 3*s +: 3];
                localparam integer PO = 15 * t + s;
                localparam integer PWt = 15 * (C > 0 ? TW : 0) + 3 * 3 + s;
                localparam integer PEt = 15 * (C < COLS - 1 ? TE : 0) + 3 * 2 + s;
                localparam integer PSt = 15 * (R > 0 ? TS : 0) + 3 * 4 + s;
                localparam integer PNt = 15 * (R < ROWS - 1 ? TN : 0) + 3 * 1 + s;
                assign c_grant[3*t + s] = w == 3'd0 ? m_grant[PO] :
                                          w == 3'd1 ? (C > 0 && m_grant[PWt]) :
                                          w == 3'd2 ? (C < COLS - 1 && m_grant[PEt]) :
                                          w == 3'd3 ? (R > 0 && m_grant[PSt]) :
                                                      (R < ROWS - 1 && m_grant[PNt]);
                // a read's data comes the next cycle: the one module that granted it says rvalid
                wire r0 = m_rvalid[PO];
                wire r1 = C > 0 && m_rvalid[PWt];
                wire r2 = C < COLS - 1 && m_rvalid[PEt];
                wire r3 = R > 0 && m_rvalid[PSt];
                wire r4 = R < ROWS - 1 && m_rvalid[PNt];
                assign c_rvalid[3*t + s] = r0 | r1 | r2 | r3 | r4;
                assign c_rdata[768*t + 256*s +: 256] =
                    ({256{r0}} & m_rdata[256*PO +: 256]) | ({256{r1}} & m_rdata[256*PWt +: 256]) |
                    ({256{r2}} & m_rdata[256*PEt +: 256]) | ({256{r3}} & m_rdata[256*PSt +: 256]) |
                    ({256{r4}} & m_rdata[256*PNt +: 256]);
            end
            wire [2:0] lw = cl_win[3*t +: 3];
            localparam integer LO  = 5 * t;
            localparam integer LWt = 5 * (C > 0 ? TW : 0) + 3;
            localparam integer LEt = 5 * (C < COLS - 1 ? TE : 0) + 2;
            localparam integer LSt = 5 * (R > 0 ? TS : 0) + 4;
            localparam integer LNt = 5 * (R < ROWS - 1 ? TN : 0) + 1;
            assign cl_grant[t] = lw == 3'd0 ? l_grant[LO] : lw == 3'd1 ? (C > 0 && l_grant[LWt]) :
                                 lw == 3'd2 ? (C < COLS - 1 && l_grant[LEt]) :
                                 lw == 3'd3 ? (R > 0 && l_grant[LSt]) : (R < ROWS - 1 && l_grant[LNt]);
            assign cl_ovf[t]   = lw == 3'd0 ? l_ovf[LO] : lw == 3'd1 ? (C > 0 && l_ovf[LWt]) :
                                 lw == 3'd2 ? (C < COLS - 1 && l_ovf[LEt]) :
                                 lw == 3'd3 ? (R > 0 && l_ovf[LSt]) : (R < ROWS - 1 && l_ovf[LNt]);
        end
    endgenerate

    // ---- status: the run ends when every tile has halted and drained (and DMA is idle)
    assign halted  = &(t_halted & t_quiet & t_dquiet);
    assign trapped = stop;
    // the first trap: the lowest tile id among those that trapped (they stop together)
    reg [3:0]  tc;
    reg [31:0] tp, ti;
    integer k;
    always @* begin
        tc = 4'd0; tp = 32'd0; ti = 32'd0;
        for (k = NT - 1; k >= 0; k = k - 1)
            if (t_trapped[k]) begin
                tc = t_cause[4*k +: 4];
                tp = t_pc[32*k +: 32];
                ti = {k[7:0], t_slot[4*k +: 4], t_info[20*k +: 20]};
            end
    end
    assign trap_cause = tc;
    assign trap_pc    = tp;
    assign trap_info  = ti;

    // ---- per tile, the stall reason the counters below sum (3t: lock, 3t+1: DMA wait, 3t+2: bank)
    generate
        for (t = 0; t < NT; t = t + 1) begin : g_stall
            assign stall_ev[3*t +: 3] = {ev_bank[t], ev_dma[t], ev_lock[t]};
        end
    endgenerate

    // ---- counters (ISSUE13.md order), summed over tiles, while the run lasts
    reg [63:0] cnt [0:NCOUNTERS-1];
    reg [63:0] inc [0:NCOUNTERS-1];
    integer c;
    always @* begin
        for (c = 0; c < NCOUNTERS; c = c + 1) inc[c] = 64'd0;
        inc[0] = 64'd1;
        for (k = 0; k < NT; k = k + 1) begin
            inc[1]  = inc[1] + {63'd0, issue_valid[k]};
            inc[2]  = inc[2] + {63'd0, ev_slots[7*k]};
            inc[3]  = inc[3] + {63'd0, ev_slots[7*k+1]} + {63'd0, ev_slots[7*k+2]};
            inc[4]  = inc[4] + {63'd0, ev_slots[7*k+3]};
            inc[5]  = inc[5] + {63'd0, ev_slots[7*k+4]};
            inc[6]  = inc[6] + {63'd0, ev_slots[7*k+5]};
            inc[7]  = inc[7] + {63'd0, ev_slots[7*k+6]};
            inc[8]  = inc[8] + {63'd0, ev_lock[k]};
            inc[9]  = inc[9] + {63'd0, ev_dma[k]};
            inc[10] = inc[10] + {63'd0, ev_bank[k]};
            inc[11] = inc[11] + {63'd0, ev_dbusy[2*k]} + {63'd0, ev_dbusy[2*k+1]};
            inc[12] = inc[12] + {57'd0, ev_dbytes[7*k +: 7]};
            inc[13] = inc[13] + {59'd0, m_ndenied[5*k +: 5]};
        end
    end
    always @(posedge clk) begin
        for (c = 0; c < NCOUNTERS; c = c + 1)
            if (rst) cnt[c] <= 64'd0;
            else if (!halted && !stop) cnt[c] <= cnt[c] + inc[c];
    end
    genvar pc;
    generate
        for (pc = 0; pc < NCOUNTERS; pc = pc + 1) begin : g_perf
            assign perf[64*pc +: 64] = cnt[pc];
        end
    endgenerate
endmodule

`default_nettype wire
