// rvv_valu — integer EX stage of the chunk pipe: one chunk (LANES x 32 bits,
// i.e. CW/SEW elements at SEW 8/16/32) per cycle, result registered.
//
// Operands arrive compact (element i of operand x at bits [i*EEWx +: EEWx]);
// each element is sign- or zero-extended to 64 bits, so one signed 64-bit
// datapath serves signed and unsigned forms, widening (W = 2*SEW, sources
// narrower) and narrowing (result truncated to W/2) alike. The multiply and
// divide results leave here after one cycle; rvv_vec holds them in the
// write-back slot for the multiplier's pipeline depth / the divider's
// iteration count, so the timing matches a pipelined multiplier and an
// iterative divider (the data path here is just their functional model).
// Computation happens in the clocked block, on valid cycles only.
`default_nettype none
`include "rvv_vops.vh"

module rvv_valu #(
    parameter integer CW   = 128,      // chunk bits (32 * LANES)
    parameter integer TAGW = 3
) (
    input  wire              clk,
    input  wire              in_valid,
    input  wire [TAGW-1:0]   in_tag,
    input  wire [5:0]        op,
    input  wire [1:0]        w,          // element width of the operation (log2 bytes)
    input  wire [1:0]        ea,         // EEW of a / b (log2 bytes)
    input  wire [1:0]        eb,
    input  wire              sa,
    input  wire              sb,
    input  wire              narrow,     // result packed at w-1
    input  wire              mask_dest,  // result is one bit per element
    input  wire              bscal,
    input  wire [31:0]       scal,
    input  wire [CW-1:0]     a,
    input  wire [CW-1:0]     b,
    input  wire [CW-1:0]     c,          // old vd elements at width w (multiply-add)
    input  wire [CW/8-1:0]   mbits,      // v0 bit per element (vmerge)
    input  wire [31:0]       e0,         // index of element 0 of this chunk (vid)
    output reg               out_valid,
    output reg  [TAGW-1:0]   out_tag,
    output reg  [CW-1:0]     out_res
);
    localparam integer KMAX = CW / 8;

    function automatic signed [63:0] ext(input [31:0] v, input [1:0] e, input s);
        case (e)
            2'd0:    ext = s ? {{56{v[7]}}, v[7:0]}   : {56'd0, v[7:0]};
            2'd1:    ext = s ? {{48{v[15]}}, v[15:0]} : {48'd0, v[15:0]};
            default: ext = s ? {{32{v[31]}}, v}       : {32'd0, v};
        endcase
    endfunction

    // Clamps the exact sum/difference v to the element width's range (vxsat is
    // not kept: rvv has no fixed-point CSRs, see rvv_vec.md).
    function automatic signed [63:0] sat(input signed [63:0] v, input [1:0] e, input s);
        reg signed [63:0] hi, lo;
        begin
            hi = s ? ((64'sd1 <<< ((8 << e) - 1)) - 64'sd1) : ((64'sd1 <<< (8 << e)) - 64'sd1);
            lo = s ? -(64'sd1 <<< ((8 << e) - 1)) : 64'sd0;
            sat = v > hi ? hi : v < lo ? lo : v;
        end
    endfunction

    // the whole chunk; called only on valid cycles from the clocked block
    function automatic [CW-1:0] calc(input [5:0] f_op, input [1:0] f_w, input [1:0] f_ea, input [1:0] f_eb,
                                     input f_sa, input f_sb, input f_narrow, input f_mask, input f_bscal,
                                     input [31:0] f_scal, input [CW-1:0] f_a, input [CW-1:0] f_b,
                                     input [CW-1:0] f_c, input [KMAX-1:0] f_m, input [31:0] f_e0);
        /* verilator lint_off UNUSEDSIGNAL */
        reg signed [63:0] av, bv, cv, rv;   // results use the low 32 bits
        /* verilator lint_on UNUSEDSIGNAL */
        reg [5:0]  sh;
        reg [CW+31:0] xa, xb, xc;
        integer i;
        begin
            calc = {CW{1'b0}};
            xa = {32'd0, f_a};
            xb = {32'd0, f_b};
            xc = {32'd0, f_c};
            for (i = 0; i < KMAX; i = i + 1) begin
                if (i < (KMAX >> f_w)) begin
                    av = ext(xa[(i << (3 + f_ea)) +: 32], f_ea, f_sa);
                    bv = f_bscal ? ext(f_scal, f_eb, f_sb) : ext(xb[(i << (3 + f_eb)) +: 32], f_eb, f_sb);
                    cv = ext(xc[(i << (3 + f_w)) +: 32], f_w, 1'b1);
                    sh = bv[5:0] & ((6'd8 << f_w) - 6'd1);
                    case (f_op)
                        `RVV_A_ADD:   rv = av + bv;
                        `RVV_A_SUB:   rv = av - bv;
                        `RVV_A_RSUB:  rv = bv - av;
                        `RVV_A_AND:   rv = av & bv;
                        `RVV_A_OR:    rv = av | bv;
                        `RVV_A_XOR:   rv = av ^ bv;
                        `RVV_A_SLL:   rv = av << sh;
                        `RVV_A_SRL,
                        `RVV_A_SRA:   rv = av >>> sh;
                        `RVV_A_MIN:   rv = (av < bv) ? av : bv;
                        `RVV_A_MAX:   rv = (av > bv) ? av : bv;
                        `RVV_A_MERGE: rv = f_m[i] ? bv : av;
                        `RVV_A_MVB:   rv = bv;
                        `RVV_A_MVA:   rv = av;
                        `RVV_A_SEQ:   rv = {63'd0, av == bv};
                        `RVV_A_SNE:   rv = {63'd0, av != bv};
                        `RVV_A_SLT:   rv = {63'd0, av < bv};
                        `RVV_A_SLE:   rv = {63'd0, av <= bv};
                        `RVV_A_SGT:   rv = {63'd0, av > bv};
                        `RVV_A_MUL:   rv = av * bv;
                        `RVV_A_MULH:  rv = (av * bv) >>> (6'd8 << f_w);
                        `RVV_A_DIV:   rv = (bv == 64'sd0) ? -64'sd1 : av / bv;
                        `RVV_A_REM:   rv = (bv == 64'sd0) ? av : av % bv;
                        `RVV_A_MACC:  rv = cv + av * bv;
                        `RVV_A_NMSAC: rv = cv - av * bv;
                        `RVV_A_MADD:  rv = av + bv * cv;
                        `RVV_A_NMSUB: rv = av - bv * cv;
                        `RVV_A_ID:    rv = {32'd0, f_e0 + i};
                        `RVV_A_SADD,
                        `RVV_A_SSUB:  rv = sat(f_op == `RVV_A_SADD ? av + bv : av - bv, f_w, f_sa);
                        default:      rv = 64'sd0;
                    endcase
                    if (f_mask)
                        calc[i] = rv[0];
                    else if (f_narrow)
                        calc = calc | ({{(CW-32){1'b0}}, rv[31:0] & ((32'd1 << (4 << f_w)) - 32'd1)} << (i << (2 + f_w)));
                    else
                        calc = calc | ({{(CW-32){1'b0}}, rv[31:0] & ((f_w == 2'd2) ? 32'hffffffff : ((32'd1 << (8 << f_w)) - 32'd1))} << (i << (3 + f_w)));
                end
            end
        end
    endfunction

    always @(posedge clk) begin
        out_valid <= in_valid;
        out_tag   <= in_tag;
        if (in_valid)
            out_res <= calc(op, w, ea, eb, sa, sb, narrow, mask_dest, bscal, scal, a, b, c, mbits, e0);
    end
endmodule

`default_nettype wire
