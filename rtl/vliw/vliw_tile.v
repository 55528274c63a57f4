// vliw_tile — one tile: the core (vliw_core), its data memory module
// (vliw_dm) and its lock module (vliw_locks). The core's memory and lock
// requests leave the tile (vliw_top routes each by its window to the owning
// tile); the memory and lock modules take the routed requests of the own core
// and the neighbours (ports in the priority order of ISSUE13.md: own L0, L1,
// ST; then each neighbour in tile-id order, south, west, east, north, its L0,
// L1, ST; then the tile's DMA (vliw_dma) ch0, ch1. The DMA's bus requests
// leave the tile for vliw_top's vliw_bus_arb.
`default_nettype none

module vliw_tile #(
    parameter integer PM_BUNDLES = 2048,
    parameter integer DM_BYTES   = 65536,
    parameter integer NBANKS     = 8,
    parameter integer NLOCKS     = 16,
    parameter integer NBDS       = 16,
    parameter integer INFLIGHT   = 8
) (
    input  wire                 clk,
    input  wire                 rst,
    input  wire                 stop,
    input  wire [8*32-1:0]      args,
    input  wire [31:0]          dram_bytes,
    input  wire [4*32-1:0]      ids,
    input  wire [4:0]           win_ok,
    input  wire                 ld_we,
    input  wire [$clog2(PM_BUNDLES)-1:0] ld_bundle,
    input  wire [2:0]           ld_slot,
    input  wire [31:0]          ld_wdata,
    // the core's requests (to vliw_top's routing)
    output wire [2:0]           c_valid,
    output wire [2:0]           c_write,
    output wire [3*3-1:0]       c_win,
    output wire [3*16-1:0]      c_addr,
    output wire [3*256-1:0]     c_wdata,
    output wire [3*32-1:0]      c_wbe,
    input  wire [2:0]           c_grant,
    input  wire [3*256-1:0]     c_rdata,
    input  wire [2:0]           c_rvalid,
    output wire                 c_lk_valid,
    output wire                 c_lk_acq,
    output wire [2:0]           c_lk_win,
    output wire [3:0]           c_lk_idx,
    output wire [5:0]           c_lk_val,
    input  wire                 c_lk_grant,
    input  wire                 c_lk_ovf,
    // this tile's memory module: 15 core ports (own 3, then 4 neighbours x 3)
    input  wire [14:0]          m_valid,
    input  wire [14:0]          m_write,
    input  wire [15*16-1:0]     m_addr,
    input  wire [15*256-1:0]    m_wdata,
    input  wire [15*32-1:0]     m_wbe,
    output wire [14:0]          m_grant,
    output wire [15*256-1:0]    m_rdata,
    output wire [14:0]          m_rvalid,
    output wire [4:0]           m_ndenied,
    // this tile's lock module: 5 core ports (own, then 4 neighbours)
    input  wire [4:0]           l_valid,
    input  wire [4:0]           l_acq,
    input  wire [5*4-1:0]       l_idx,
    input  wire [5*6-1:0]       l_val,
    output wire [4:0]           l_grant,
    output wire [4:0]           l_ovf,
    // the DMA's bus requests (ch0 reads, ch1 writes) and ch0's read beats
    output wire [1:0]           bus_valid,
    output wire [2*32-1:0]      bus_addr,
    output wire [2*256-1:0]     bus_wdata,
    output wire [2*32-1:0]      bus_wstrb,
    input  wire [1:0]           bus_ack,
    input  wire                 resp_valid,
    input  wire [255:0]         resp_rdata,
    // status, co-simulation, events
    output wire                 halted,
    output wire                 trapped,
    output wire [3:0]           trap_cause,
    output wire [31:0]          trap_pc,
    output wire [3:0]           trap_slot,      // 0..6, DMA 7 + channel
    output wire [19:0]          trap_info,
    output wire                 quiet,          // the core drained
    output wire                 dma_quiet,      // both channels idle, queues empty
    output wire                 issue_valid,
    output wire [31:0]          issue_pc,
    output wire [6:0]           ev_slots,
    output wire                 ev_stall_lock,
    output wire                 ev_stall_dma,
    output wire                 ev_stall_bank,
    output wire [1:0]           ev_dma_busy,
    output wire [6:0]           ev_dma_bytes
);
    // DMA control from the core (issue edge) and the channels' answers
    wire        bd_we;
    wire [3:0]  bd_idx;
    wire [4:0]  bd_field;
    wire [31:0] bd_data;
    wire [1:0]  dma_start;
    wire [3:0]  dma_start_bd;
    wire [1:0]  dma_qfull, dma_idle;
    // the core's trap; the DMA's (slot 7 + ch) only when the core did not trap
    // (both in one cycle: the core's slot is lower)
    wire        c_trapped, d_trapped, d_ch;
    wire [3:0]  c_cause, d_cause;
    wire [31:0] c_tpc, d_tpc;
    wire [2:0]  c_slot;
    wire [19:0] c_info, d_info;
    assign trapped    = c_trapped | d_trapped;
    assign trap_cause = c_trapped ? c_cause : d_cause;
    assign trap_pc    = c_trapped ? c_tpc : d_tpc;
    assign trap_slot  = c_trapped ? {1'b0, c_slot} : (d_ch ? 4'd8 : 4'd7);
    assign trap_info  = c_trapped ? c_info : d_info;

    vliw_core #(.PM_BUNDLES(PM_BUNDLES), .DM_BYTES(DM_BYTES)) u_core (
        .clk(clk), .rst(rst), .stop(stop), .args(args), .ids(ids), .win_ok(win_ok),
        .ld_we(ld_we), .ld_bundle(ld_bundle), .ld_slot(ld_slot), .ld_wdata(ld_wdata),
        .mreq_valid(c_valid), .mreq_write(c_write), .mreq_win(c_win), .mreq_addr(c_addr),
        .mreq_wdata(c_wdata), .mreq_wbe(c_wbe), .mreq_grant(c_grant), .mrdata(c_rdata),
        .mrvalid(c_rvalid),
        .lk_valid(c_lk_valid), .lk_acq(c_lk_acq), .lk_win(c_lk_win), .lk_idx(c_lk_idx),
        .lk_val(c_lk_val), .lk_grant(c_lk_grant), .lk_ovf(c_lk_ovf),
        .bd_we(bd_we), .bd_idx(bd_idx), .bd_field(bd_field), .bd_data(bd_data),
        .dma_start(dma_start), .dma_start_bd(dma_start_bd), .dma_qfull(dma_qfull), .dma_idle(dma_idle),
        .halted(halted), .trapped(c_trapped), .trap_cause(c_cause), .trap_pc(c_tpc),
        .trap_slot(c_slot), .trap_info(c_info), .quiet(quiet),
        .issue_valid(issue_valid), .issue_pc(issue_pc), .ev_slots(ev_slots),
        .ev_stall_lock(ev_stall_lock), .ev_stall_dma(ev_stall_dma), .ev_stall_bank(ev_stall_bank));

    // the DMA engine
    localparam integer IW = $clog2(NLOCKS);
    wire [1:0]       x_valid, x_write, x_grant, x_lvalid, x_lacq, x_lgrant, x_lovf;
    wire [2*16-1:0]  x_addr;
    wire [2*256-1:0] x_wdata;
    wire [2*32-1:0]  x_wbe;
    wire [2*IW-1:0]  x_lidx;
    wire [2*6-1:0]   x_lval;
    /* verilator lint_off UNUSEDSIGNAL */ // ch0 writes: its read data and rvalid are never used
    wire [16:0]     dm_grant, dm_rvalid;
    wire [17*256-1:0] dm_rdata;
    /* verilator lint_on UNUSEDSIGNAL */
    vliw_dma #(.DM_BYTES(DM_BYTES), .NLOCKS(NLOCKS), .NBDS(NBDS), .INFLIGHT(INFLIGHT)) u_dma (
        .clk(clk), .rst(rst), .stop(stop), .dram_bytes(dram_bytes), .pc(issue_pc),
        .bd_we(bd_we), .bd_idx(bd_idx), .bd_field(bd_field), .bd_data(bd_data),
        .start(dma_start), .start_bd(dma_start_bd), .qfull(dma_qfull), .idle(dma_idle), .quiet(dma_quiet),
        .dm_valid(x_valid), .dm_write(x_write), .dm_addr(x_addr), .dm_wdata(x_wdata), .dm_wbe(x_wbe),
        .dm_grant(x_grant), .dm_rdata(dm_rdata[16*256 +: 256]),
        .lk_valid(x_lvalid), .lk_acq(x_lacq), .lk_idx(x_lidx), .lk_val(x_lval),
        .lk_grant(x_lgrant), .lk_ovf(x_lovf),
        .bus_valid(bus_valid), .bus_addr(bus_addr), .bus_wdata(bus_wdata), .bus_wstrb(bus_wstrb),
        .bus_ack(bus_ack), .resp_valid(resp_valid), .resp_rdata(resp_rdata),
        .ev_busy(ev_dma_busy), .ev_bytes(ev_dma_bytes),
        .trapped(d_trapped), .trap_cause(d_cause), .trap_pc(d_tpc), .trap_ch(d_ch), .trap_info(d_info));

    // memory module: the 15 core ports + the 2 DMA ports (lowest priority)
    vliw_dm #(.DM_BYTES(DM_BYTES), .NBANKS(NBANKS), .NREQ(17)) u_dm (
        .clk(clk),
        .req_valid({x_valid, m_valid}), .req_write({x_write, m_write}), .req_addr({x_addr, m_addr}),
        .req_wdata({x_wdata, m_wdata}), .req_wbe({x_wbe, m_wbe}),
        .req_grant(dm_grant), .rdata(dm_rdata), .rvalid(dm_rvalid), .ndenied(m_ndenied));
    assign m_grant  = dm_grant[14:0];
    assign x_grant  = dm_grant[16:15];
    assign m_rvalid = dm_rvalid[14:0];
    assign m_rdata  = dm_rdata[15*256-1:0];

    // lock module: the 5 core ports + the 2 DMA ports
    wire [6:0] lk_grant, lk_ovf;
    wire [7*IW-1:0] lk_idx;
    genvar g;
    generate
        for (g = 0; g < 5; g = g + 1) begin : g_lidx
            assign lk_idx[IW*g +: IW] = l_idx[4*g +: IW];
        end
    endgenerate
    assign lk_idx[7*IW-1:5*IW] = x_lidx;
    vliw_locks #(.NLOCKS(NLOCKS), .NLREQ(7)) u_locks (
        .clk(clk), .rst(rst),
        .req_valid({x_lvalid, l_valid}), .req_acq({x_lacq, l_acq}),
        .req_idx(lk_idx), .req_val({x_lval, l_val}),
        .req_grant(lk_grant), .req_ovf(lk_ovf));
    assign l_grant = lk_grant[4:0];
    assign l_ovf   = lk_ovf[4:0];
    assign x_lgrant = lk_grant[6:5];
    assign x_lovf   = lk_ovf[6:5];
endmodule

`default_nettype wire
