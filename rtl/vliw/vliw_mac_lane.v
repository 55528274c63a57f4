// vliw_mac_lane — one of the MAC unit's 16 output lanes (vliw_mac holds the
// control pipe and instantiates 16 of these): one fp/int operation per stage
// of the latency-4 pipe, a separate module so synthesis elaborates its fp
// datapaths once instead of once per lane.
//   seg 0: the four products p_k = a_k x b_k (bf16 -> fp32, exact) or the
//          int16 product (lane-wise forms use term 0 only)
//   seg 1: matrix: x = p0 + p1, y = p2 + p3 (two adders side by side)
//   seg 2: matrix: s = x + y
//   seg 3: ACC +/- s (or s alone), ACC read by the parent in this segment
// The matrix sum is the tree (p0 + p1) + (p2 + p3), each add fp32 RNE
// (kc_fp_funcs.vh); the ISS (isa/vliw_iss_exec.c mac_row) and
// docs/vliw_timing.md "Latency" use the same order.
// Stage registers load on `adv` when the stage's entry is valid, as the parent.
`default_nettype none

module vliw_mac_lane (
    input  wire        clk,
    input  wire        adv,
    // seg 0
    input  wire        in0,        // an entry issues
    input  wire        fp0,        // fp (else int16)
    input  wire [63:0] a,          // four bf16/int16 terms (lane-wise: term 0)
    input  wire [63:0] b,
    // control of the later stages (held by the parent)
    input  wire        v1,
    input  wire        mm1,        // matrix form
    input  wire        v2,
    input  wire        mm2,
    input  wire        v3,
    input  wire        fp3,
    input  wire        acc3,       // accumulate (else overwrite)
    input  wire        neg3,       // subtract the term
    input  wire [31:0] acc_in,     // ACC[d] lane, read in seg 3
    output reg  [31:0] y
);
`include "kc_fp_funcs.vh"

    // ---- seg 0: products
    reg [127:0] p0;
    integer k;
    always @* begin
        p0 = 128'd0;
        k = 0;   // loop variable assigned on every path (no latch in synthesis)
        if (in0) begin
            if (fp0) begin
                for (k = 0; k < 4; k = k + 1)
                    p0[32*k +: 32] = kc_fp_mul(kc_fp_from_bf16(a[16*k +: 16]), kc_fp_from_bf16(b[16*k +: 16]));
            end else
                p0[31:0] = $signed(a[15:0]) * $signed(b[15:0]);
        end
    end

    // ---- seg 1: two adders (matrix) / carry
    reg [127:0] p1;
    reg [63:0]  n2;
    always @* begin
        n2 = {32'd0, p1[31:0]};
        if (v1 && mm1) begin
            n2[31:0]  = kc_fp_add(p1[31:0],  p1[63:32]);
            n2[63:32] = kc_fp_add(p1[95:64], p1[127:96]);
        end
    end

    // ---- seg 2: the tree's root (matrix) / carry
    reg [63:0] x2;
    reg [31:0] n3;
    always @* begin
        n3 = x2[31:0];
        if (v2 && mm2) n3 = kc_fp_add(x2[31:0], x2[63:32]);
    end

    // ---- seg 3: the accumulator
    reg [31:0] s3;
    always @* begin
        y = 32'd0;
        if (v3) begin
            if (!acc3)     y = s3;
            else if (!fp3) y = neg3 ? acc_in - s3 : acc_in + s3;
            else           y = kc_fp_add(acc_in, {s3[31] ^ neg3, s3[30:0]});
        end
    end

    always @(posedge clk) begin
        if (adv) begin
            if (in0) p1 <= p0;
            if (v1)  x2 <= n2;
            if (v2)  s3 <= n3;
        end
    end
endmodule

`default_nettype wire
