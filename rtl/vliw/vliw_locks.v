// vliw_locks — the lock module of one tile's memory: NLOCKS 6-bit counters
// (0..63, reset 0) with acquire/release requests from the requesters that can
// reach this module, in priority order (port 0 first). vliw_tile wires them
// as: the owning core, the neighbour cores in tile-id order (south, west,
// east, north), then DMA ch0, ch1 — the bank order of vliw_dm.
//
// Per cycle the requests are applied one after the other in that order, so an
// acquire sees the value left by the earlier requests of the same cycle:
//   acquire L, n: granted when value >= n, then value -= n; else not granted
//                 (the requester retries next cycle);
//   release L, n: value += n; a sum past 63 is refused and flagged (ovf: the
//                 requester traps lock-overflow) and the value is unchanged.
// A requester asks only when everything else about its bundle/BD is ready,
// so a grant is a commitment (nothing is undone).
`default_nettype none

module vliw_locks #(
    parameter integer NLOCKS = 16,
    parameter integer NLREQ  = 7
) (
    input  wire                        clk,
    input  wire                        rst,
    input  wire [NLREQ-1:0]            req_valid,
    input  wire [NLREQ-1:0]            req_acq,   // 1 acquire, 0 release
    input  wire [NLREQ*$clog2(NLOCKS)-1:0] req_idx,
    input  wire [NLREQ*6-1:0]          req_val,
    output reg  [NLREQ-1:0]            req_grant,
    output reg  [NLREQ-1:0]            req_ovf
);
    localparam integer IW = $clog2(NLOCKS);

    reg [NLOCKS*6-1:0] value /* verilator public_flat_rd */;
    reg [NLOCKS*6-1:0] nxt;
    reg [5:0]          cur;
    reg [6:0]          sum;
    reg [IW-1:0]       id;
    integer i;
    always @* begin
        nxt       = value;
        req_grant = {NLREQ{1'b0}};
        req_ovf   = {NLREQ{1'b0}};
        cur = 6'd0; sum = 7'd0; id = {IW{1'b0}};
        for (i = 0; i < NLREQ; i = i + 1) begin
            if (req_valid[i]) begin
                id  = req_idx[IW*i +: IW];
                cur = nxt[6*id +: 6];
                if (req_acq[i]) begin
                    if (cur >= req_val[6*i +: 6]) begin
                        req_grant[i]  = 1'b1;
                        nxt[6*id +: 6] = cur - req_val[6*i +: 6];
                    end
                end else begin
                    sum = {1'b0, cur} + {1'b0, req_val[6*i +: 6]};
                    if (sum[6]) req_ovf[i] = 1'b1;
                    else begin
                        req_grant[i]  = 1'b1;
                        nxt[6*id +: 6] = sum[5:0];
                    end
                end
            end
        end
    end

    always @(posedge clk) begin
        if (rst) value <= {NLOCKS*6{1'b0}};
        else if (|req_valid) value <= nxt;
    end
endmodule

`default_nettype wire
