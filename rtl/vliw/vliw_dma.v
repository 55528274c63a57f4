// vliw_dma — a tile's DMA engine: the buffer-descriptor table (NBDS x 12
// fields, written by the core's bd.set at its issue edge, read by a channel
// when it loads a BD), the two channels (vliw_dma_ch: ch0 DRAM -> DM, ch1 DM
// -> DRAM) and the engine's trap. Rules: docs/vliw_timing.md "DMA".
//
// A trap of a channel (bd-invalid / dm-access / dma-fault at a BD load,
// lock-overflow at a release) is registered here with slot 7 + channel (ch0
// first) and pc = the tile's next pc (the bundle at I: vliw_core's issue_pc),
// as the ISS's t->pc; vliw_tile gives the core's own trap precedence (a lower
// slot in the same cycle).
`default_nettype none

module vliw_dma #(
    parameter integer DM_BYTES = 65536,
    parameter integer NLOCKS   = 16,
    parameter integer NBDS     = 16,
    parameter integer INFLIGHT = 8
) (
    input  wire                 clk,
    input  wire                 rst,
    input  wire                 stop,
    input  wire [31:0]          dram_bytes,
    input  wire [31:0]          pc,
    // core control (S slot, at the issue edge)
    input  wire                 bd_we,
    input  wire [3:0]           bd_idx,
    /* verilator lint_off UNUSEDSIGNAL */ // ids 16..27: bit 4 is always set
    input  wire [4:0]           bd_field,     // VLIW_CFG id 16..27
    /* verilator lint_on UNUSEDSIGNAL */
    input  wire [31:0]          bd_data,
    input  wire [1:0]           start,
    input  wire [3:0]           start_bd,
    output wire [1:0]           qfull,
    output wire [1:0]           idle,
    output wire                 quiet,
    // DM ports (ch0, ch1)
    output wire [1:0]           dm_valid,
    output wire [1:0]           dm_write,
    output wire [2*16-1:0]      dm_addr,
    output wire [2*256-1:0]     dm_wdata,
    output wire [2*32-1:0]      dm_wbe,
    input  wire [1:0]           dm_grant,
    input  wire [255:0]         dm_rdata,     // ch1's port
    // lock ports (ch0, ch1)
    output wire [1:0]           lk_valid,
    output wire [1:0]           lk_acq,
    output wire [2*$clog2(NLOCKS)-1:0] lk_idx,
    output wire [2*6-1:0]       lk_val,
    input  wire [1:0]           lk_grant,
    input  wire [1:0]           lk_ovf,
    // bus (ch0, ch1)
    output wire [1:0]           bus_valid,
    output wire [2*32-1:0]      bus_addr,
    output wire [2*256-1:0]     bus_wdata,
    output wire [2*32-1:0]      bus_wstrb,
    input  wire [1:0]           bus_ack,
    input  wire                 resp_valid,   // a read beat for ch0
    input  wire [255:0]         resp_rdata,
    // events, trap
    output wire [1:0]           ev_busy,
    output wire [6:0]           ev_bytes,
    output reg                  trapped,
    output reg  [3:0]           trap_cause,
    output reg  [31:0]          trap_pc,
    output reg                  trap_ch,
    output reg  [19:0]          trap_info
);
    localparam integer IW = $clog2(NLOCKS);

    reg  [12*32-1:0] bdt [0:NBDS-1];
    wire [7:0]       ld_idx;
    wire [13:0]      bytes;
    wire [1:0]       t_v, quiet_ch;
    wire [7:0]       t_cause;
    wire [39:0]      t_info;

    genvar c;
    generate
        for (c = 0; c < 2; c = c + 1) begin : g_ch
            wire [3:0] li = ld_idx[4*c +: 4];
            vliw_dma_ch #(.OUT(c), .DM_BYTES(DM_BYTES), .NLOCKS(NLOCKS), .NBDS(NBDS), .INFLIGHT(INFLIGHT)) u_ch (
                .clk(clk), .rst(rst), .stop(stop), .dram_bytes(dram_bytes),
                .start(start[c]), .start_bd(start_bd), .qfull(qfull[c]), .idle(idle[c]), .quiet(quiet_ch[c]),
                .ld_idx(ld_idx[4*c +: 4]), .ld_bd({28'd0, li} < NBDS ? bdt[li] : {12*32{1'b0}}),
                .dm_valid(dm_valid[c]), .dm_addr(dm_addr[16*c +: 16]), .dm_wdata(dm_wdata[256*c +: 256]),
                .dm_wbe(dm_wbe[32*c +: 32]), .dm_grant(dm_grant[c]), .dm_rdata(dm_rdata),
                .lk_valid(lk_valid[c]), .lk_acq(lk_acq[c]), .lk_idx(lk_idx[IW*c +: IW]), .lk_val(lk_val[6*c +: 6]),
                .lk_grant(lk_grant[c]), .lk_ovf(lk_ovf[c]),
                .bus_valid(bus_valid[c]), .bus_addr(bus_addr[32*c +: 32]), .bus_wdata(bus_wdata[256*c +: 256]),
                .bus_wstrb(bus_wstrb[32*c +: 32]), .bus_ack(bus_ack[c]),
                .resp_valid(c == 0 && resp_valid), .resp_rdata(resp_rdata),
                .ev_busy(ev_busy[c]), .ev_bytes(bytes[7*c +: 7]),
                .trap(t_v[c]), .trap_cause(t_cause[4*c +: 4]), .trap_info(t_info[20*c +: 20]));
        end
    endgenerate
    assign dm_write = 2'b01;
    assign quiet    = &quiet_ch;
    assign ev_bytes = bytes[6:0] + bytes[13:7];

    integer i;
    always @(posedge clk) begin
        if (rst) begin
            for (i = 0; i < NBDS; i = i + 1) bdt[i] <= {12*32{1'b0}};
            trapped <= 1'b0; trap_cause <= 4'd0; trap_pc <= 32'd0; trap_ch <= 1'b0; trap_info <= 20'd0;
        end else if (!stop) begin
            if (bd_we && {28'd0, bd_idx} < NBDS) bdt[bd_idx][32*bd_field[3:0] +: 32] <= bd_data;
            if (!trapped && |t_v) begin
                trapped    <= 1'b1;
                trap_ch    <= !t_v[0];
                trap_cause <= t_v[0] ? t_cause[3:0] : t_cause[7:4];
                trap_info  <= t_v[0] ? t_info[19:0] : t_info[39:20];
                trap_pc    <= pc;
            end
        end
    end
endmodule

`default_nettype wire
