// npu_sfu — the vector unit's shared special-function unit: vexp, vrecip,
// vrsqrt over a row of VLEN lanes on SFU_LANES pipelined lanes
// (rtl/common/kc_sfu_lane.v, five segments of 64-bit multiplies each).
//
// Timing (G = VLEN / SFU_LANES groups of SFU_LANES lanes):
//   issue edge   : the operand row (read from the vector SRAM by npu_vector)
//                  is loaded into the feed register;
//   cycles 1..G  : group g (lanes g*SFU_LANES ..) enters segment 0 in cycle
//                  1 + g; the feed register shifts one group down per cycle,
//                  so no lane multiplexer is needed;
//   cycle 5 + g  : segment 4 packs group g, and its active lanes are written
//                  to the destination row at that cycle's edge (a lane-masked
//                  write, the same kind the DMA does).
// So the whole row is written at the edge ending cycle G + 4 after issue: a
// dependent instruction issues G - 1 + SFU_LAT cycles after it (SFU_LAT = 6).
// The feed takes a new instruction at the edge its last group enters the lanes
// (`free`): SFU instructions issue every G cycles, pipelined behind each other.
//
// Hazards are interlocked by the core with `rows` / `rows_ok`: the destination
// row of the instruction in the feed register and of every group in a lane
// stage, i.e. every row with a write still to come. The operand row is read
// whole at issue, so later writes to it need not wait.
//
// The core's scalar fexp/frecip/frsqrt use the same unit (s_iss): a scalar is
// one group of one lane (lane 0, fp32 in and out, no bf16 rounding), so it
// holds the feed for one cycle and its result reaches F SFU_LAT cycles after
// issue (sw_*), the F register it writes pending in fds / fds_ok meanwhile.
// A vector SFU instruction and a scalar one thus share the lanes' throughput
// exactly as two vector ones do.
`default_nettype none

module npu_sfu #(
    parameter integer VLEN      = 16,
    parameter integer SFU_LANES = 4,
    parameter integer ROWW      = 11,
    parameter integer W         = VLEN * 16,
    parameter integer FRW       = 4,
    parameter integer NE        = 5            // rows in flight: the feed + 4 lane stages (fixed)
) (
    input  wire            clk,
    input  wire            rst,
    input  wire            iss,          // an SFU instruction issues (the core checked `free`)
    input  wire [1:0]      iss_op,       // kc_sfu_lane's op: 1 exp, 2 recip, 3 rsqrt
    input  wire [ROWW-1:0] iss_rd,
    input  wire [W-1:0]    iss_a,        // the operand row, as read at the issue edge
    input  wire [VLEN-1:0] iss_lanes,    // active lanes (vmask)
    input  wire            s_iss,        // a scalar fexp/frecip/frsqrt issues (op iss_op)
    input  wire [31:0]     s_x,          // its operand (fp32)
    input  wire [FRW-1:0]  s_fd,         // its destination fp register
    output wire            free,
    output wire            busy,
    output wire [NE*ROWW-1:0] rows,
    output wire [NE-1:0]   rows_ok,
    // write port: a group's lanes of row w_row (data for the other lanes is don't-care)
    output wire            w_en,
    output wire [ROWW-1:0] w_row,
    output wire [VLEN-1:0] w_lanes,
    output wire [W-1:0]    w_data,
    // scalar entries: fp registers with a write to come, and the write port
    output wire [NE*FRW-1:0] fds,
    output wire [NE-1:0]   fds_ok,
    output wire            sw_en,
    output wire [FRW-1:0]  sw_idx,
    output wire [31:0]     sw_val
);
`include "kc_fp_funcs.vh"
    localparam integer SL = SFU_LANES;
    localparam integer G  = VLEN / SL;
    localparam integer GW = G > 1 ? $clog2(G) : 1;

    // ---- feed: the row being fed, one group per cycle (lanes of the current
    // group in the low bits)
    reg            f_busy;
    reg [GW-1:0]   f_grp;
    reg [1:0]      f_op;
    reg [ROWW-1:0] f_rd;
    reg [W-1:0]    f_a;
    reg [VLEN-1:0] f_lanes;
    reg            f_sc;        // the feed holds a scalar (its fp32 operand in f_a[31:0])
    wire f_last = f_sc || f_grp == GW'(G - 1);
    assign free = !f_busy || f_last;

    // ---- per lane stage s1..s4: the group's op, index, row and active lanes
    reg [3:0]      sv;
    reg [1:0]      sop  [1:4];
    reg [GW-1:0]   sgrp [1:4];
    reg [ROWW-1:0] srd  [1:4];
    reg [SL-1:0]   sln  [1:4];
    reg [4:1]      ssc;         // the stage holds a scalar (srd: its fp register)

    integer i;
    always @(posedge clk) begin
        if (rst) begin
            f_busy <= 1'b0;
            sv     <= 4'd0;
        end else begin
            sv <= {sv[2:0], f_busy};
            if (iss || s_iss) begin
                f_busy  <= 1'b1;
                f_sc    <= s_iss;
                f_grp   <= '0;
                f_op    <= iss_op;
                f_rd    <= s_iss ? ROWW'(s_fd) : iss_rd;
                f_a     <= s_iss ? W'(s_x) : iss_a;
                f_lanes <= s_iss ? VLEN'(1) : iss_lanes;
            end else if (f_busy) begin
                f_busy  <= !f_last;
                f_grp   <= f_grp + 1'b1;
                f_a     <= f_a >> (SL * 16);
                f_lanes <= f_lanes >> SL;
            end
        end
        sop[1] <= f_op; sgrp[1] <= f_grp; srd[1] <= f_rd; sln[1] <= f_lanes[SL-1:0];
        ssc[1] <= f_sc;
        for (i = 2; i <= 4; i = i + 1) begin
            sop[i] <= sop[i-1]; sgrp[i] <= sgrp[i-1]; srd[i] <= srd[i-1]; sln[i] <= sln[i-1];
            ssc[i] <= ssc[i-1];
        end
    end

    // ---- the lanes
    wire [SL*32-1:0] y;
    wire [SL*16-1:0] y16;
    genvar k;
    generate
        for (k = 0; k < SL; k = k + 1) begin : g_lane
            // lane 0 also takes a scalar's fp32 operand
            wire [31:0] x0 = (k == 0 && f_sc) ? f_a[31:0] : kc_fp_from_bf16(f_a[k*16 +: 16]);
            kc_sfu_lane u_lane (
                .clk(clk), .adv(1'b1), .in0(f_busy), .op0(f_op), .x0(x0), .v(sv),
                .op({sop[4], sop[3], sop[2], sop[1]}), .y(y[k*32 +: 32]));
            assign y16[k*16 +: 16] = kc_fp_to_bf16(y[k*32 +: 32]);
        end
    endgenerate

    // ---- write-back of the group leaving segment 4
    assign w_en  = sv[3] && !ssc[4];
    assign w_row = srd[4];
    generate
        for (k = 0; k < G; k = k + 1) begin : g_grp
            assign w_lanes[k*SL +: SL] = sgrp[4] == GW'(k) ? sln[4] : {SL{1'b0}};
            assign w_data[k*SL*16 +: SL*16] = y16;
        end
    endgenerate

    // ---- a scalar leaving segment 4: lane 0's fp32 result
    assign sw_en  = sv[3] && ssc[4];
    assign sw_idx = srd[4][FRW-1:0];
    assign sw_val = y[31:0];

    // ---- rows (vector entries) and fp registers (scalar entries) with a
    // write still to come
    wire [NE-1:0] in_use = {sv, f_busy};
    wire [NE-1:0] is_sc  = {ssc, f_sc};
    assign rows    = {srd[4], srd[3], srd[2], srd[1], f_rd};
    assign rows_ok = in_use & ~is_sc;
    generate
        for (k = 0; k < NE; k = k + 1) begin : g_fd
            assign fds[k*FRW +: FRW] = rows[k*ROWW +: FRW];
        end
    endgenerate
    assign fds_ok  = in_use & is_sc;
    assign busy    = |in_use;
endmodule

`default_nettype wire
