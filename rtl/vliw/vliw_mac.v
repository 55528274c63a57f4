// vliw_mac — the MAC slot's unit: vmmac/vmmul (4x4 x 4x4 bf16 matrix product,
// 64 MACs), vmac/vmsc/vmul (16 lane-wise bf16 MACs), and their int16 forms
// (int32 accumulate, wrapping). fp: rtl/common/kc_fp_funcs.vh (RNE, denormals
// flushed, canonical NaN), products of bf16 are exact in fp32.
//
// Pipeline (latency 4: the result of bundle k lands at the issue edge of
// bundle k+3, visible to k+4). The stage registers advance only on `adv`
// (the tile issues a bundle, or drains after halt), so a stalled tile freezes
// the unit:
//   seg 0 (issue cycle): operands V[a], V[b] read; the products p_k
//                        (64 bf16 x bf16 -> fp32, exact; int16 x int16)
//   seg 1: s = p0 + p1 (matrix) / the product (lane-wise)
//   seg 2: s = s + p2
//   seg 3: s = s + p3; then ACC[d] +/- s (or s alone for vmmul/vmul). ACC[d]
//          is read HERE, from the register file as bundle k+3 sees it: that is
//          the forwarding that lets back-to-back vmmac into one accumulator
//          issue every bundle (the result of k lands at k+3's edge, just
//          before k+1's seg 3 reads it).
// Lanes: vmmac lane 4i+j += sum_k A[4i+k] * B[4k+j], the sum in order
// k = 0..3, each step fp32 RNE, then + ACC.
`default_nettype none

module vliw_mac (
    input  wire         clk,
    input  wire         rst,
    input  wire         adv,        // pipeline advance (issue edge)
    input  wire         issue,      // this slot's word issues at this edge
    input  wire [31:0]  word,
    input  wire [255:0] va,         // V[a] of word
    input  wire [255:0] vb,         // V[b] of word
    output wire         known,      // word is one of this unit's rows
    // the accumulator read of seg 3
    output wire [2:0]   acc_ridx,
    input  wire [511:0] acc_rdata,
    // result landing at the next adv edge
    output wire         wr_en,
    output wire [2:0]   wr_idx,
    output reg  [511:0] wr_data,
    output wire         busy        // an entry in the pipe
);
`include "vliw_isa.vh"
`include "kc_fp_funcs.vh"

    wire is_vmmac = (word & VLIW_MASK_VMMAC) == VLIW_MATCH_VMMAC;
    wire is_vmmul = (word & VLIW_MASK_VMMUL) == VLIW_MATCH_VMMUL;
    wire is_vmac  = (word & VLIW_MASK_VMAC)  == VLIW_MATCH_VMAC;
    wire is_vmsc  = (word & VLIW_MASK_VMSC)  == VLIW_MATCH_VMSC;
    wire is_vmul  = (word & VLIW_MASK_VMUL)  == VLIW_MATCH_VMUL;
    wire is_imac  = (word & VLIW_MASK_VMAC_I16) == VLIW_MATCH_VMAC_I16;
    wire is_imsc  = (word & VLIW_MASK_VMSC_I16) == VLIW_MATCH_VMSC_I16;
    wire is_imul  = (word & VLIW_MASK_VMUL_I16) == VLIW_MATCH_VMUL_I16;
    assign known = is_vmmac | is_vmmul | is_vmac | is_vmsc | is_vmul | is_imac | is_imsc | is_imul;

    // op kinds carried down the pipe
    localparam [2:0] K_MM = 3'd0, K_LANE = 3'd1, K_INT = 3'd2;

    // ---- seg 0: products
    reg [16*4*32-1:0] prod;     // lane l, term k at [32*(4l+k) +: 32]
    integer l, k;
    always @* begin
        prod = {16*4*32{1'b0}};
        if (issue) begin
            for (l = 0; l < 16; l = l + 1) begin
                if (is_vmmac | is_vmmul) begin
                    for (k = 0; k < 4; k = k + 1)
                        prod[32*(4*l+k) +: 32] = kc_fp_mul(kc_fp_from_bf16(va[16*(4*(l/4)+k) +: 16]),
                                                           kc_fp_from_bf16(vb[16*(4*k+(l%4)) +: 16]));
                end else if (is_imac | is_imsc | is_imul) begin
                    prod[32*(4*l) +: 32] = $signed(va[16*l +: 16]) * $signed(vb[16*l +: 16]);
                end else begin
                    prod[32*(4*l) +: 32] = kc_fp_mul(kc_fp_from_bf16(va[16*l +: 16]),
                                                     kc_fp_from_bf16(vb[16*l +: 16]));
                end
            end
        end
    end

    // ---- stage registers (s1 after seg 0, s2, s3)
    reg        v1, v2, v3;
    reg [2:0]  d1, d2, d3;
    reg [2:0]  kd1, kd2, kd3;       // kind
    reg        acc1, acc2, acc3;    // accumulate (else overwrite)
    reg        neg1, neg2, neg3;    // subtract
    reg [2047:0] p1;                // the products
    reg [1023:0] p2;                // lane sum so far + p3 (matrix) / the product
    reg [511:0]  s3;                // lane sum to add (after seg 3's + p3 for matrix)
    reg [511:0]  t3;                // matrix: p3 still to add

    reg [1023:0] n2;
    reg [511:0]  n3s;
    always @* begin
        n2 = {1024{1'b0}};
        n3s = {512{1'b0}};
        if (v1) begin
            for (l = 0; l < 16; l = l + 1) begin
                if (kd1 == K_MM) begin
                    n2[32*l +: 32]       = kc_fp_add(p1[32*(4*l) +: 32], p1[32*(4*l+1) +: 32]);
                    n2[512+32*l +: 32]   = p1[32*(4*l+2) +: 32];
                end else
                    n2[32*l +: 32]       = p1[32*(4*l) +: 32];
            end
        end
        if (v2) begin
            for (l = 0; l < 16; l = l + 1) begin
                if (kd2 == K_MM) n3s[32*l +: 32] = kc_fp_add(p2[32*l +: 32], p2[512+32*l +: 32]);
                else             n3s[32*l +: 32] = p2[32*l +: 32];
            end
        end
    end

    reg [511:0] p3_keep;    // matrix: p3 of each lane, carried from s1
    reg [511:0] p3_keep2;
    always @(posedge clk) begin
        if (rst) begin
            v1 <= 1'b0; v2 <= 1'b0; v3 <= 1'b0;
        end else if (adv) begin
            v1 <= issue & known;
            v2 <= v1;
            v3 <= v2;
        end
        if (adv) begin
            if (issue & known) begin
                d1   <= word[VLIW_F_D_LO +: 3];
                kd1  <= (is_vmmac | is_vmmul) ? K_MM : (is_imac | is_imsc | is_imul) ? K_INT : K_LANE;
                acc1 <= is_vmmac | is_vmac | is_vmsc | is_imac | is_imsc;
                neg1 <= is_vmsc | is_imsc;
                p1   <= prod;
            end
            if (v1) begin
                d2 <= d1; kd2 <= kd1; acc2 <= acc1; neg2 <= neg1; p2 <= n2;
                for (l = 0; l < 16; l = l + 1) p3_keep[32*l +: 32] <= p1[32*(4*l+3) +: 32];
            end
            if (v2) begin
                d3 <= d2; kd3 <= kd2; acc3 <= acc2; neg3 <= neg2; s3 <= n3s;
                p3_keep2 <= p3_keep;
            end
        end
    end
    always @* t3 = p3_keep2;

    // ---- seg 3: the last term, then the accumulator
    reg [31:0] s;
    always @* begin
        wr_data = {512{1'b0}};
        s = 32'd0;
        if (v3) begin
            for (l = 0; l < 16; l = l + 1) begin
                if (kd3 == K_INT) begin
                    s = s3[32*l +: 32];
                    wr_data[32*l +: 32] = !acc3 ? s : neg3 ? acc_rdata[32*l +: 32] - s
                                                           : acc_rdata[32*l +: 32] + s;
                end else begin
                    s = (kd3 == K_MM) ? kc_fp_add(s3[32*l +: 32], t3[32*l +: 32]) : s3[32*l +: 32];
                    wr_data[32*l +: 32] = !acc3 ? s
                                                : neg3 ? kc_fp_sub(acc_rdata[32*l +: 32], s)
                                                       : kc_fp_add(acc_rdata[32*l +: 32], s);
                end
            end
        end
    end
    assign acc_ridx = d3;
    assign wr_en    = v3;
    assign wr_idx   = d3;
    assign busy     = v1 | v2 | v3;
endmodule

`default_nettype wire
