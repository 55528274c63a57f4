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
//
// Hardware: one short chain per lock, all locks side by side. Lock L's chain
// visits the requests in priority order; a request acts only on its own lock,
// so lock L's result depends only on the requests that name L. Each step
// computes value - n and value + n (7-bit: the borrow refuses an acquire, the
// carry is the overflow) and keeps one; a request's grant is the OR over the
// locks of "this lock's step granted it" (one lock matches). Depth: NLREQ
// add/select steps plus the index decode, instead of a chain of indexed
// read-modify-writes of the whole lock array (rtl/vliw/vliw_core.md, synthesis).
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
    reg [6:0]          dn, up;
    reg [NLREQ-1:0]    g, o;
    integer i, L;
    always @* begin
        nxt       = value;
        req_grant = {NLREQ{1'b0}};
        req_ovf   = {NLREQ{1'b0}};
        cur = 6'd0; dn = 7'd0; up = 7'd0; g = {NLREQ{1'b0}}; o = {NLREQ{1'b0}};
        i = 0; L = 0;
        if (|req_valid) begin
            for (L = 0; L < NLOCKS; L = L + 1) begin
                cur = value[6*L +: 6];
                g = {NLREQ{1'b0}};
                o = {NLREQ{1'b0}};
                for (i = 0; i < NLREQ; i = i + 1) begin
                    dn = {1'b0, cur} - {1'b0, req_val[6*i +: 6]};
                    up = {1'b0, cur} + {1'b0, req_val[6*i +: 6]};
                    if (req_valid[i] && req_idx[IW*i +: IW] == L[IW-1:0]) begin
                        if (req_acq[i]) begin
                            g[i] = !dn[6];
                            if (!dn[6]) cur = dn[5:0];
                        end else begin
                            g[i] = !up[6];
                            o[i] = up[6];
                            if (!up[6]) cur = up[5:0];
                        end
                    end
                end
                nxt[6*L +: 6] = cur;
                req_grant = req_grant | g;
                req_ovf   = req_ovf | o;
            end
        end
    end

    always @(posedge clk) begin
        if (rst) value <= {NLOCKS*6{1'b0}};
        else if (|req_valid) value <= nxt;
    end
endmodule

`default_nettype wire
