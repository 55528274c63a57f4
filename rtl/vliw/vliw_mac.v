// vliw_mac — the MAC slot's unit: vmmac/vmmul (4x4 x 4x4 bf16 matrix product,
// 64 MACs), vmac/vmsc/vmul (16 lane-wise bf16 MACs), and their int16 forms
// (int32 accumulate, wrapping). fp: rtl/common/kc_fp_funcs.vh (RNE, denormals
// flushed, canonical NaN), products of bf16 are exact in fp32.
//
// Pipeline (latency 4: the result of bundle k lands at the issue edge of
// bundle k+3, visible to k+4). The stage registers advance only on `adv`
// (the tile issues a bundle, or drains after halt), so a stalled tile freezes
// the unit. One fp operation per segment (vliw_mac_lane, 16 instances):
//   seg 0 (issue cycle): operands V[a], V[b] read; the products p_k
//                        (64 bf16 x bf16 -> fp32, exact; int16 x int16)
//   seg 1: x = p0 + p1 and y = p2 + p3 (matrix; lane-wise forms carry p0)
//   seg 2: s = x + y
//   seg 3: ACC[d] +/- s (or s alone for vmmul/vmul). ACC[d] is read HERE,
//          from the register file as bundle k+3 sees it: that is the
//          forwarding that lets back-to-back vmmac into one accumulator
//          issue every bundle (the result of k lands at k+3's edge, just
//          before k+1's seg 3 reads it).
// Lanes: vmmac lane 4i+j += (A[4i]B[j] + A[4i+1]B[4+j]) + (A[4i+2]B[8+j] +
// A[4i+3]B[12+j]), each add fp32 RNE (the ISS and docs/vliw_timing.md use
// this tree order).
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
    output wire [511:0] wr_data,
    output wire         busy        // an entry in the pipe
);
`include "vliw_isa.vh"

    wire is_vmmac = (word & VLIW_MASK_VMMAC) == VLIW_MATCH_VMMAC;
    wire is_vmmul = (word & VLIW_MASK_VMMUL) == VLIW_MATCH_VMMUL;
    wire is_vmac  = (word & VLIW_MASK_VMAC)  == VLIW_MATCH_VMAC;
    wire is_vmsc  = (word & VLIW_MASK_VMSC)  == VLIW_MATCH_VMSC;
    wire is_vmul  = (word & VLIW_MASK_VMUL)  == VLIW_MATCH_VMUL;
    wire is_imac  = (word & VLIW_MASK_VMAC_I16) == VLIW_MATCH_VMAC_I16;
    wire is_imsc  = (word & VLIW_MASK_VMSC_I16) == VLIW_MATCH_VMSC_I16;
    wire is_imul  = (word & VLIW_MASK_VMUL_I16) == VLIW_MATCH_VMUL_I16;
    assign known = is_vmmac | is_vmmul | is_vmac | is_vmsc | is_vmul | is_imac | is_imsc | is_imul;

    wire is_mm  = is_vmmac | is_vmmul;
    wire is_int = is_imac | is_imsc | is_imul;
    wire in0    = issue & known;

    // ---- control pipe (s1 after seg 0, s2, s3)
    reg        v1, v2, v3;
    reg [2:0]  d1, d2, d3;
    reg        mm1, mm2;
    reg        fp1, fp2, fp3;
    reg        acc1, acc2, acc3;    // accumulate (else overwrite)
    reg        neg1, neg2, neg3;    // subtract
    always @(posedge clk) begin
        if (rst) begin
            v1 <= 1'b0; v2 <= 1'b0; v3 <= 1'b0;
        end else if (adv) begin
            v1 <= in0;
            v2 <= v1;
            v3 <= v2;
        end
        if (adv) begin
            if (in0) begin
                d1   <= word[VLIW_F_D_LO +: 3];
                mm1  <= is_mm;
                fp1  <= !is_int;
                acc1 <= is_vmmac | is_vmac | is_vmsc | is_imac | is_imsc;
                neg1 <= is_vmsc | is_imsc;
            end
            if (v1) begin d2 <= d1; mm2 <= mm1; fp2 <= fp1; acc2 <= acc1; neg2 <= neg1; end
            if (v2) begin d3 <= d2; fp3 <= fp2; acc3 <= acc2; neg3 <= neg2; end
        end
    end

    // ---- the 16 lanes; operand routing: matrix lane 4i+j takes row i of A
    // and column j of B, lane-wise forms take lane l of both (term 0)
    genvar l, k;
    generate
        for (l = 0; l < 16; l = l + 1) begin : g_lane
            wire [63:0] ta, tb;
            for (k = 0; k < 4; k = k + 1) begin : g_term
                if (k == 0) begin : g_t0
                    assign ta[15:0] = is_mm ? va[16*(4*(l/4)) +: 16] : va[16*l +: 16];
                    assign tb[15:0] = is_mm ? vb[16*(l%4) +: 16]     : vb[16*l +: 16];
                end else begin : g_tk
                    assign ta[16*k +: 16] = va[16*(4*(l/4)+k) +: 16];
                    assign tb[16*k +: 16] = vb[16*(4*k+(l%4)) +: 16];
                end
            end
            vliw_mac_lane u_lane (
                .clk(clk), .adv(adv),
                .in0(in0), .fp0(!is_int), .a(ta), .b(tb),
                .v1(v1), .mm1(mm1), .v2(v2), .mm2(mm2),
                .v3(v3), .fp3(fp3), .acc3(acc3), .neg3(neg3),
                .acc_in(acc_rdata[32*l +: 32]), .y(wr_data[32*l +: 32]));
        end
    endgenerate

    assign acc_ridx = d3;
    assign wr_en    = v3;
    assign wr_idx   = d3;
    assign busy     = v1 | v2 | v3;
endmodule

`default_nettype wire
