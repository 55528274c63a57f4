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
//   seg 1: reductions level 2 (8 -> 4); special function of each lane
//          (16 lanes of exp / recip / rsqrt from the registered operand)
//   seg 2: reductions levels 3 and 4 (4 -> 1), broadcast to the 16 lanes
//   seg 3, 4: carry (the special functions land from s5: latency 6)
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

    // ---- seg 0
    reg [511:0] r0;
    integer i;
    always @* begin
        r0 = {512{1'b0}};
        if (issue) begin
            for (i = 0; i < 16; i = i + 1) begin
                if (is_aadd) r0[32*i +: 32] = kc_fp_add(qa[32*i +: 32], qb[32*i +: 32]);
                if (is_asub) r0[32*i +: 32] = kc_fp_sub(qa[32*i +: 32], qb[32*i +: 32]);
                if (is_amul) r0[32*i +: 32] = kc_fp_mul(qa[32*i +: 32], qb[32*i +: 32]);
                if (is_amax) r0[32*i +: 32] = kc_fp_max(qa[32*i +: 32], qb[32*i +: 32]);
                if (is_amin) r0[32*i +: 32] = kc_fp_min(qa[32*i +: 32], qb[32*i +: 32]);
                if (is_alt)  r0[32*i +: 32] = kc_fp_lt(qa[32*i +: 32], qb[32*i +: 32]) ? 32'h3f800000 : 32'd0;
                if (is_asel) r0[32*i +: 32] = rc[i] ? qa[32*i +: 32] : qb[32*i +: 32];
                if (is_aiota) r0[32*i +: 32] = kc_fp_from_int(i);
                if (is_sfu)  r0[32*i +: 32] = qa[32*i +: 32];
                if (is_vtrn)  r0[16*i +: 16] = va[16*(4*(i%4)+i/4) +: 16];
                if (is_catlo) r0[16*i +: 16] = i < 8 ? va[16*i +: 16] : vb[16*(i-8) +: 16];
                if (is_cathi) r0[16*i +: 16] = i < 8 ? va[16*(i+8) +: 16] : vb[16*i +: 16];
                if (is_splat) r0[16*i +: 16] = va[16*word[VLIW_F_C_LO +: 4] +: 16];
                if (is_vsel)  r0[16*i +: 16] = rc[i] ? va[16*i +: 16] : vb[16*i +: 16];
            end
            for (i = 0; i < 8; i = i + 1) begin   // reduction tree level 1: pairs (2i, 2i+1)
                if (is_rsum) r0[32*i +: 32] = kc_fp_add(qa[64*i +: 32], qa[64*i+32 +: 32]);
                if (is_rmax) r0[32*i +: 32] = kc_fp_max(qa[64*i +: 32], qa[64*i+32 +: 32]);
            end
        end
    end

    // ---- stages
    reg [4:0]   sv;                 // stage i+1 valid
    reg [2:0]   sk   [0:4];
    reg [2:0]   sl   [0:4];         // landing stage (1..5)
    reg         svec [0:4];
    reg [3:0]   sd   [0:4];
    reg [511:0] sdat [0:4];

    // seg 1 and seg 2 computations on s1 / s2
    reg [511:0] n2, n3;
    always @* begin
        n2 = sdat[0];
        if (sv[0]) begin
            for (i = 0; i < 16; i = i + 1) begin
                if (sk[0] == K_EXP) n2[32*i +: 32] = kc_fp_exp(sdat[0][32*i +: 32]);
                if (sk[0] == K_RCP) n2[32*i +: 32] = kc_fp_recip(sdat[0][32*i +: 32]);
                if (sk[0] == K_RSQ) n2[32*i +: 32] = kc_fp_rsqrt(sdat[0][32*i +: 32]);
            end
            for (i = 0; i < 4; i = i + 1) begin   // level 2
                if (sk[0] == K_RSUM) n2[32*i +: 32] = kc_fp_add(sdat[0][64*i +: 32], sdat[0][64*i+32 +: 32]);
                if (sk[0] == K_RMAX) n2[32*i +: 32] = kc_fp_max(sdat[0][64*i +: 32], sdat[0][64*i+32 +: 32]);
            end
        end
        n3 = sdat[1];
        if (sv[1] && sk[1] == K_RSUM)
            n3 = {16{kc_fp_add(kc_fp_add(sdat[1][0 +: 32], sdat[1][32 +: 32]),
                               kc_fp_add(sdat[1][64 +: 32], sdat[1][96 +: 32]))}};
        if (sv[1] && sk[1] == K_RMAX)
            n3 = {16{kc_fp_max(kc_fp_max(sdat[1][0 +: 32], sdat[1][32 +: 32]),
                               kc_fp_max(sdat[1][64 +: 32], sdat[1][96 +: 32]))}};
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
                sk[1] <= sk[0] == K_EXP || sk[0] == K_RCP || sk[0] == K_RSQ ? K_DONE : sk[0];
                sl[1] <= sl[0]; svec[1] <= svec[0]; sd[1] <= sd[0]; sdat[1] <= n2;
            end
            if (sv[1]) begin
                sk[2] <= K_DONE; sl[2] <= sl[1]; svec[2] <= svec[1]; sd[2] <= sd[1]; sdat[2] <= n3;
            end
            if (sv[2]) begin
                sk[3] <= K_DONE; sl[3] <= sl[2]; svec[3] <= svec[2]; sd[3] <= sd[2]; sdat[3] <= sdat[2];
            end
            if (sv[3]) begin
                sk[4] <= K_DONE; sl[4] <= sl[3]; svec[4] <= svec[3]; sd[4] <= sd[3]; sdat[4] <= sdat[3];
            end
        end
    end

    assign busy = |sv;
    genvar g;
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
