// vliw_mv — the MV slot's unit: moves between register files, immediates,
// broadcast, lane insert/extract, and accumulator <-> vector conversion.
// Latency-1 rows (moves) compute in the issue cycle and land at the issue
// edge (w1); latency-2 rows (srs, ups, srs.i16, ups.i16: a conversion per
// lane) compute in the issue cycle, are registered in s1 (advanced only on
// adv: a stalled tile freezes it) and land at the next adv edge (w2).
`default_nettype none

module vliw_mv (
    input  wire         clk,
    input  wire         rst,
    input  wire         adv,
    input  wire         issue,
    input  wire [31:0]  word,
    input  wire [31:0]  ra,        // R[a]
    input  wire [19:0]  pa,        // P[a]
    input  wire [255:0] va,        // V[a]
    input  wire [255:0] vd,        // V[d] (vins)
    input  wire [511:0] qa,        // ACC[a]
    input  wire [6*32-1:0] special, // tid, row, col, ntiles, cyclelo, cyclehi
    output wire         known,
    // file: 0 r, 1 p, 2 m, 3 v, 4 acc
    output wire         w1_en,
    output reg  [2:0]   w1_file,
    output wire [3:0]   w1_idx,
    output reg  [511:0] w1_data,
    output wire         w2_en,
    output wire [2:0]   w2_file,
    output wire [3:0]   w2_idx,
    output wire [511:0] w2_data
);
`include "vliw_isa.vh"
`include "kc_fp_funcs.vh"

    wire is_mov   = (word & VLIW_MASK_MOV)    == VLIW_MATCH_MOV;
    wire is_movpr = (word & VLIW_MASK_MOV_PR) == VLIW_MATCH_MOV_PR;
    wire is_movmr = (word & VLIW_MASK_MOV_MR) == VLIW_MATCH_MOV_MR;
    wire is_movrp = (word & VLIW_MASK_MOV_RP) == VLIW_MATCH_MOV_RP;
    wire is_movrs = (word & VLIW_MASK_MOV_RS) == VLIW_MATCH_MOV_RS;
    wire is_vmov  = (word & VLIW_MASK_VMOV)   == VLIW_MATCH_VMOV;
    wire is_amov  = (word & VLIW_MASK_AMOV)   == VLIW_MATCH_AMOV;
    wire is_vbcst = (word & VLIW_MASK_VBCST)  == VLIW_MATCH_VBCST;
    wire is_abcst = (word & VLIW_MASK_ABCST)  == VLIW_MATCH_ABCST;
    wire is_srs   = (word & VLIW_MASK_SRS)    == VLIW_MATCH_SRS;
    wire is_ups   = (word & VLIW_MASK_UPS)    == VLIW_MATCH_UPS;
    wire is_srsi  = (word & VLIW_MASK_SRS_I16) == VLIW_MATCH_SRS_I16;
    wire is_upsi  = (word & VLIW_MASK_UPS_I16) == VLIW_MATCH_UPS_I16;
    wire is_vext  = (word & VLIW_MASK_VEXT)   == VLIW_MATCH_VEXT;
    wire is_aext  = (word & VLIW_MASK_AEXT)   == VLIW_MATCH_AEXT;
    wire is_vins  = (word & VLIW_MASK_VINS)   == VLIW_MATCH_VINS;
    wire is_movi  = (word & VLIW_MASK_MOVI)   == VLIW_MATCH_MOVI;
    wire is_movip = (word & VLIW_MASK_MOVI_P) == VLIW_MATCH_MOVI_P;
    wire is_movim = (word & VLIW_MASK_MOVI_M) == VLIW_MATCH_MOVI_M;
    wire lat2 = is_srs | is_ups | is_srsi | is_upsi;
    wire lat1 = is_mov | is_movpr | is_movmr | is_movrp | is_movrs | is_vmov | is_amov | is_vbcst |
                is_abcst | is_vext | is_aext | is_vins | is_movi | is_movip | is_movim;
    assign known = lat1 | lat2;

    wire [3:0]  c    = word[VLIW_F_C_LO +: 4];
    wire [4:0]  sh   = word[VLIW_F_C_LO +: 5];
    wire [31:0] simm = {{16{word[15]}}, word[15:0]};

    // ---- latency 1
    always @* begin
        w1_file = 3'd0;
        w1_data = {512{1'b0}};
        if (is_mov)   w1_data[31:0] = ra;
        if (is_movpr) begin w1_file = 3'd1; w1_data[19:0] = ra[19:0]; end
        if (is_movmr) begin w1_file = 3'd2; w1_data[31:0] = ra; end
        if (is_movrp) w1_data[19:0] = pa;
        if (is_movrs) w1_data[31:0] = special[32*word[VLIW_F_A_LO +: 3] +: 32];
        if (is_vmov)  begin w1_file = 3'd3; w1_data[255:0] = va; end
        if (is_amov)  begin w1_file = 3'd4; w1_data = qa; end
        if (is_vbcst) begin w1_file = 3'd3; w1_data[255:0] = {16{ra[15:0]}}; end
        if (is_abcst) begin w1_file = 3'd4; w1_data = {16{ra}}; end
        if (is_vext)  w1_data[15:0] = va[16*c +: 16];
        if (is_aext)  w1_data[31:0] = qa[32*c +: 32];
        if (is_vins)  begin
            w1_file = 3'd3;
            w1_data[255:0] = (vd & ~({240'd0, 16'hffff} << (16*c))) | ({240'd0, ra[15:0]} << (16*c));
        end
        if (is_movi)  w1_data[31:0] = simm;
        if (is_movip) begin w1_file = 3'd1; w1_data[19:0] = word[19:0]; end
        if (is_movim) begin w1_file = 3'd2; w1_data[31:0] = simm; end
    end
    assign w1_en  = issue & lat1;
    assign w1_idx = word[VLIW_F_D_LO +: 4];

    // ---- latency 2: per-lane conversions
    reg [511:0] cv;
    reg [31:0]  rnd;
    reg [32:0]  sum;
    integer i;
    always @* begin
        cv = {512{1'b0}};
        rnd = 32'd0;
        sum = 33'd0;
        i = 0;   // loop variable assigned on every path (no latch in synthesis)
        if (issue & lat2) begin
            for (i = 0; i < 16; i = i + 1) begin
                if (is_srs) cv[16*i +: 16] = kc_fp_to_bf16(qa[32*i +: 32]);
                if (is_ups) cv[32*i +: 32] = kc_fp_from_bf16(va[16*i +: 16]);
                if (is_upsi) cv[32*i +: 32] = {{16{va[16*i+15]}}, va[16*i +: 16]} << sh;
                if (is_srsi) begin
                    rnd = sh == 5'd0 ? 32'd0 : 32'd1 << (sh - 5'd1);
                    sum = ($signed({qa[32*i+31], qa[32*i +: 32]}) + $signed({1'b0, rnd})) >>> sh;
                    cv[16*i +: 16] = $signed(sum) > 33'sd32767 ? 16'h7fff :
                                     $signed(sum) < -33'sd32768 ? 16'h8000 : sum[15:0];
                end
            end
        end
    end
    reg         s1v;
    reg [2:0]   s1f;
    reg [3:0]   s1d;
    reg [511:0] s1dat;
    always @(posedge clk) begin
        if (rst) s1v <= 1'b0;
        else if (adv) s1v <= issue & lat2;
        if (adv && issue && lat2) begin
            s1f   <= (is_srs | is_srsi) ? 3'd3 : 3'd4;
            s1d   <= word[VLIW_F_D_LO +: 4];
            s1dat <= cv;
        end
    end
    assign w2_en   = s1v;
    assign w2_file = s1f;
    assign w2_idx  = s1d;
    assign w2_data = s1dat;
endmodule

`default_nettype wire
