// vliw_vec — the VEC slot's unit: the accumulator ALU (fp32 lanes), the
// special functions, the reductions across lanes and the vector shuffles.
// fp: rtl/common/kc_fp_funcs.vh (as npu: RNE, denormals flushed, canonical
// NaN; exp/recip/rsqrt with the error bounds of docs/fp.md).
//
// One entry per issued bundle moves down stages s1..s5; the stages advance
// only on `adv` (a stalled tile freezes the unit). An entry lands (writes its
// register) at the adv edge when it sits in stage LAT-1 (LAT from
// vliw_isa.vh): latency L = visible to bundle k+L. What each segment does:
//   seg 0 (issue cycle): operands read; shuffles (vtrn, vcatlo/hi, vsplat,
//          vsel) and the accumulator ALU (aadd, asub, amul, amax, amin, alt,
//          asel, aiota) computed; reductions: tree level 1 (16 -> 8)
//   seg 1: reductions level 2 (8 -> 4)
//   seg 2: reductions levels 3 and 4 (4 -> 1), broadcast to the 16 lanes
//   seg 3, 4: carry
// Special functions (exp, recip, rsqrt; latency 6, land from s5): 16
// kc_sfu_lane pipelines, one step group per segment 0..4 (see that file);
// the entry's kind travels down sk, the lanes hold the data.
// Several entries can land at one edge (e.g. aadd of k-2 and aredsum of k-3):
// each stage is a write port of the register files (vliw_core counts them).
`default_nettype none

module vliw_vec (
    input  wire         clk,
    input  wire         rst,
    input  wire         adv,
    input  wire         issue,
    input  wire [31:0]  word,
    input  wire [511:0] qa,        // ACC[a]
    input  wire [511:0] qb,        // ACC[b]
    input  wire [255:0] va,        // V[a]
    input  wire [255:0] vb,        // V[b]
    input  wire [31:0]  rc,        // R[c]
    output wire         known,
    // landing ports, one per stage s1..s5: [i] = stage i+1
    output wire [4:0]   land_en,
    output wire [4:0]   land_v,    // 1: a vector register (data low 256 bits), 0: an accumulator
    output wire [19:0]  land_idx,  // 4 bits per port
    output wire [5*512-1:0] land_data,
    output wire         busy
);
`include "vliw_isa.vh"
`include "kc_fp_funcs.vh"
`include "vliw_acc_lane.vh"

    wire is_aadd  = (word & VLIW_MASK_AADD)  == VLIW_MATCH_AADD;
    wire is_asub  = (word & VLIW_MASK_ASUB)  == VLIW_MATCH_ASUB;
    wire is_amul  = (word & VLIW_MASK_AMUL)  == VLIW_MATCH_AMUL;
    wire is_amax  = (word & VLIW_MASK_AMAX)  == VLIW_MATCH_AMAX;
    wire is_amin  = (word & VLIW_MASK_AMIN)  == VLIW_MATCH_AMIN;
    wire is_alt   = (word & VLIW_MASK_ALT)   == VLIW_MATCH_ALT;
    wire is_asel  = (word & VLIW_MASK_ASEL)  == VLIW_MATCH_ASEL;
    wire is_aiota = (word & VLIW_MASK_AIOTA) == VLIW_MATCH_AIOTA;
    wire is_aexp  = (word & VLIW_MASK_AEXP)  == VLIW_MATCH_AEXP;
    wire is_arcp  = (word & VLIW_MASK_ARCP)  == VLIW_MATCH_ARCP;
    wire is_arsq  = (word & VLIW_MASK_ARSQRT) == VLIW_MATCH_ARSQRT;
    wire is_rsum  = (word & VLIW_MASK_AREDSUM) == VLIW_MATCH_AREDSUM;
    wire is_rmax  = (word & VLIW_MASK_AREDMAX) == VLIW_MATCH_AREDMAX;
    wire is_vtrn  = (word & VLIW_MASK_VTRN)  == VLIW_MATCH_VTRN;
    wire is_catlo = (word & VLIW_MASK_VCATLO) == VLIW_MATCH_VCATLO;
    wire is_cathi = (word & VLIW_MASK_VCATHI) == VLIW_MATCH_VCATHI;
    wire is_splat = (word & VLIW_MASK_VSPLAT) == VLIW_MATCH_VSPLAT;
    wire is_vsel  = (word & VLIW_MASK_VSEL)  == VLIW_MATCH_VSEL;
    wire is_alu   = is_aadd | is_asub | is_amul | is_amax | is_amin | is_alt | is_asel | is_aiota;
    wire is_sfu   = is_aexp | is_arcp | is_arsq;
    wire is_red   = is_rsum | is_rmax;
    wire is_shuf  = is_vtrn | is_catlo | is_cathi | is_splat | is_vsel;
    assign known = is_alu | is_sfu | is_red | is_shuf;

    // kinds carried down the pipe
    localparam [2:0] K_DONE = 3'd0, K_EXP = 3'd1, K_RCP = 3'd2, K_RSQ = 3'd3, K_RSUM = 3'd4, K_RMAX = 3'd5;

    // the landing stage of this word (LAT - 1)
    reg [2:0] land0;
    always @* begin
        land0 = 3'd1;
        if (is_aadd | is_asub | is_amul | is_amax | is_amin | is_alt | is_asel | is_aiota)
            land0 = VLIW_LAT_AADD[2:0] - 3'd1;
        if (is_sfu)  land0 = VLIW_LAT_AEXP[2:0] - 3'd1;
        if (is_red)  land0 = VLIW_LAT_AREDSUM[2:0] - 3'd1;
        if (is_shuf) land0 = VLIW_LAT_VTRN[2:0] - 3'd1;
    end

    // ---- seg 0: 16 ALU lanes; for a reduction, lanes 0..7 are the tree's
    // level 1 (pairs 2i, 2i+1)
    wire        alu_en = issue & (is_aadd | is_asub | is_amul | is_amax | is_amin | is_alt | is_red);
    wire [2:0]  alu_op = is_aadd | is_rsum ? VLIW_ACC_ADD : is_asub ? VLIW_ACC_SUB : is_amul ? VLIW_ACC_MUL :
                         is_amax | is_rmax ? VLIW_ACC_MAX : is_amin ? VLIW_ACC_MIN : VLIW_ACC_LT;
    wire [511:0] alu_y;
    genvar g;
    generate
        for (g = 0; g < 16; g = g + 1) begin : g_alu
            wire [31:0] la, lb;
            wire        len;
            if (g < 8) begin : g_red1
                assign la  = is_red ? qa[64*g +: 32]      : qa[32*g +: 32];
                assign lb  = is_red ? qa[64*g + 32 +: 32] : qb[32*g +: 32];
                assign len = alu_en;
            end else begin : g_alu_only
                assign la  = qa[32*g +: 32];
                assign lb  = qb[32*g +: 32];
                assign len = alu_en & !is_red;
            end
            vliw_acc_lane u_alu (.en(len), .op(alu_op), .a(la), .b(lb), .y(alu_y[32*g +: 32]));
        end
    endgenerate

    reg [511:0] r0;
    integer i;
    always @* begin
        r0 = {512{1'b0}};
        i = 0;   // loop variable assigned on every path (no latch in synthesis)
        if (issue) begin
            for (i = 0; i < 16; i = i + 1) begin
                if (alu_en)  r0[32*i +: 32] = alu_y[32*i +: 32];
                if (is_asel) r0[32*i +: 32] = rc[i] ? qa[32*i +: 32] : qb[32*i +: 32];
                if (is_aiota) r0[32*i +: 32] = kc_fp_from_int(i);
                if (is_vtrn)  r0[16*i +: 16] = va[16*(4*(i%4)+i/4) +: 16];
                if (is_catlo) r0[16*i +: 16] = i < 8 ? va[16*i +: 16] : vb[16*(i-8) +: 16];
                if (is_cathi) r0[16*i +: 16] = i < 8 ? va[16*(i+8) +: 16] : vb[16*i +: 16];
                if (is_splat) r0[16*i +: 16] = va[16*word[VLIW_F_C_LO +: 4] +: 16];
                if (is_vsel)  r0[16*i +: 16] = rc[i] ? va[16*i +: 16] : vb[16*i +: 16];
            end
            if (is_red) r0[255:0] = alu_y[255:0];   // reduction tree level 1
        end
    end

    // ---- stages
    reg [4:0]   sv;                 // stage i+1 valid
    reg [2:0]   sk   [0:4];
    reg [2:0]   sl   [0:4];         // landing stage (1..5)
    reg         svec [0:4];
    reg [3:0]   sd   [0:4];
    reg [511:0] sdat [0:4];

    // ---- the special functions' lanes
    wire [3:0] sfu_k;               // stage s1..s4 holds an SFU entry
    wire [7:0] sfu_op = {sk[3][1:0], sk[2][1:0], sk[1][1:0], sk[0][1:0]};
    wire [511:0] sfu_y;
    generate
        for (g = 0; g < 4; g = g + 1) begin : g_sfuk
            assign sfu_k[g] = sv[g] && (sk[g] == K_EXP || sk[g] == K_RCP || sk[g] == K_RSQ);
        end
        for (g = 0; g < 16; g = g + 1) begin : g_sfu
            kc_sfu_lane u_sfu (
                .clk(clk), .adv(adv), .in0(issue & is_sfu),
                .op0(is_aexp ? K_EXP[1:0] : is_arcp ? K_RCP[1:0] : K_RSQ[1:0]),
                .x0(qa[32*g +: 32]), .v(sfu_k), .op(sfu_op), .y(sfu_y[32*g +: 32]));
        end
    endgenerate

    // the reductions' levels 2 (seg 1: nodes 0..3), 3 (seg 2: nodes 4, 5) and
    // 4 (seg 2: node 6), one vliw_acc_lane each
    wire red1 = sv[0] && (sk[0] == K_RSUM || sk[0] == K_RMAX);
    wire red2 = sv[1] && (sk[1] == K_RSUM || sk[1] == K_RMAX);
    wire [2:0] red_op1 = sk[0] == K_RMAX ? VLIW_ACC_MAX : VLIW_ACC_ADD;
    wire [2:0] red_op2 = sk[1] == K_RMAX ? VLIW_ACC_MAX : VLIW_ACC_ADD;
    wire [223:0] red_y;
    generate
        for (g = 0; g < 4; g = g + 1) begin : g_red2
            vliw_acc_lane u_node (.en(red1), .op(red_op1), .a(sdat[0][64*g +: 32]), .b(sdat[0][64*g + 32 +: 32]),
                                  .y(red_y[32*g +: 32]));
        end
        for (g = 0; g < 2; g = g + 1) begin : g_red3
            vliw_acc_lane u_node (.en(red2), .op(red_op2), .a(sdat[1][64*g +: 32]), .b(sdat[1][64*g + 32 +: 32]),
                                  .y(red_y[128 + 32*g +: 32]));
        end
    endgenerate
    vliw_acc_lane u_red4 (.en(red2), .op(red_op2), .a(red_y[128 +: 32]), .b(red_y[160 +: 32]), .y(red_y[192 +: 32]));

    // seg 1 and seg 2 computations on s1 / s2
    reg [511:0] n2, n3;
    always @* begin
        n2 = sdat[0];
        if (sv[0]) begin
            if (red1) n2[127:0] = red_y[127:0];   // level 2
        end
        n3 = sdat[1];
        if (red2) n3 = {16{red_y[223:192]}};  // levels 3 and 4, broadcast
    end

    always @(posedge clk) begin
        if (rst) sv <= 5'd0;
        else if (adv) begin
            // an entry leaves after its landing stage
            sv[0] <= issue & known & (land0 > 3'd1 || land0 == 3'd1);
            sv[1] <= sv[0] && sl[0] > 3'd1;
            sv[2] <= sv[1] && sl[1] > 3'd2;
            sv[3] <= sv[2] && sl[2] > 3'd3;
            sv[4] <= sv[3] && sl[3] > 3'd4;
        end
        if (adv) begin
            if (issue & known) begin
                sk[0]   <= is_aexp ? K_EXP : is_arcp ? K_RCP : is_arsq ? K_RSQ :
                           is_rsum ? K_RSUM : is_rmax ? K_RMAX : K_DONE;
                sl[0]   <= land0;
                svec[0] <= is_shuf;
                sd[0]   <= word[VLIW_F_D_LO +: 4];
                sdat[0] <= r0;
            end
            if (sv[0]) begin
                sk[1] <= sk[0];
                sl[1] <= sl[0]; svec[1] <= svec[0]; sd[1] <= sd[0]; sdat[1] <= n2;
            end
            if (sv[1]) begin
                sk[2] <= sk[1]; sl[2] <= sl[1]; svec[2] <= svec[1]; sd[2] <= sd[1]; sdat[2] <= n3;
            end
            if (sv[2]) begin
                sk[3] <= sk[2]; sl[3] <= sl[2]; svec[3] <= svec[2]; sd[3] <= sd[2]; sdat[3] <= sdat[2];
            end
            if (sv[3]) begin
                sk[4] <= sk[3]; sl[4] <= sl[3]; svec[4] <= svec[3]; sd[4] <= sd[3];
                sdat[4] <= sfu_k[3] ? sfu_y : sdat[3];
            end
        end
    end

    assign busy = |sv;
    generate
        for (g = 0; g < 5; g = g + 1) begin : g_land
            assign land_en[g]              = sv[g] && sl[g] == g + 1;
            assign land_v[g]               = svec[g];
            assign land_idx[4*g +: 4]      = sd[g];
            assign land_data[512*g +: 512] = sdat[g];
        end
    endgenerate
endmodule

`default_nettype wire
