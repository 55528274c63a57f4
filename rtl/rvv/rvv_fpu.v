// rvv_fpu — one fp32 lane: the scalar F extension and each Zve32f vector lane
// (one source of RISC-V fp semantics). Operations and operand roles:
// rvv_fpu_ops.vh; numeric rules and timing: docs/fp.md ("rvv").
//
// Pipeline (every op but FDIV/FSQRT, `RVV_FPU_LAT = 3 cycles, one op per cycle):
//   S1  operand register
//   A   fma front end (multiply, align, add: kc_fp__fma_front) and every
//       op that needs no rounding (compare, min/max, class, sign injection,
//       fp->int conversion, rec7/rsqrt7 tables)
//   S2  stage register
//   B   normalise and round (kc_fp__pack_rm, RNE or RTZ, OF/UF/NX)
//   S3  result register = out
// FDIV/FSQRT leave S1 for an iterative radix-4 unit (two restoring radix-2
// steps per cycle, 28 quotient/root bits in 14 cycles) that drops in_ready
// while it runs and hands its result to S2, so results stay in issue order:
// issue -> out_valid takes 17 cycles and the next op can issue 16 cycles
// after the div/sqrt. Denormal inputs read as zero and results below 2^-126
// flush to zero, as every KernelCraft accelerator (rtl/common/kc_fp_funcs.vh).
`default_nettype none
`include "rvv_fpu_ops.vh"

module rvv_fpu #(parameter TAGW = 8) (
    input  wire            clk,
    input  wire            rst,
    input  wire            in_valid,
    output wire            in_ready,   // 0 while an iterative div/sqrt runs
    input  wire [4:0]      op,         // RVV_FOP_*
    input  wire [2:0]      rm,         // 0 RNE, 1 RTZ
    input  wire [31:0]     a,
    input  wire [31:0]     b,
    input  wire [31:0]     c,
    input  wire [TAGW-1:0] tag,
    output wire            out_valid,
    output wire [31:0]     out,
    output wire [4:0]      flags,      // {NV, DZ, OF, UF, NX}
    output wire [TAGW-1:0] out_tag
);
`include "kc_fp_funcs.vh"

    localparam [31:0] QNAN = 32'h7FC00000;
    localparam [31:0] ONE  = 32'h3F800000;
    localparam [4:0]  NV = 5'b10000, DZ = 5'b01000, UF = 5'b00010, NX = 5'b00001;
    localparam [3:0]  DS_LAST = 4'd13; // 14 iteration cycles x 2 bits = 28 bits

    // vfrec7 / vfrsqrt7 significand tables (RVV 1.0 spec; entry i at [7*i +: 7]).
    // rec7 index: significand[22:16]; rsqrt7 index: {exponent[0], significand[22:17]}.
    localparam [7*128-1:0] REC7_T = {
        7'd0, 7'd1, 7'd1, 7'd2, 7'd2, 7'd3, 7'd3, 7'd4,
        7'd4, 7'd5, 7'd5, 7'd6, 7'd7, 7'd7, 7'd8, 7'd8,
        7'd9, 7'd9, 7'd10, 7'd11, 7'd11, 7'd12, 7'd12, 7'd13,
        7'd14, 7'd14, 7'd15, 7'd15, 7'd16, 7'd17, 7'd17, 7'd18,
        7'd19, 7'd19, 7'd20, 7'd21, 7'd21, 7'd22, 7'd23, 7'd23,
        7'd24, 7'd25, 7'd25, 7'd26, 7'd27, 7'd28, 7'd28, 7'd29,
        7'd30, 7'd31, 7'd31, 7'd32, 7'd33, 7'd34, 7'd35, 7'd35,
        7'd36, 7'd37, 7'd38, 7'd39, 7'd40, 7'd40, 7'd41, 7'd42,
        7'd43, 7'd44, 7'd45, 7'd46, 7'd47, 7'd48, 7'd49, 7'd50,
        7'd51, 7'd52, 7'd53, 7'd54, 7'd55, 7'd56, 7'd57, 7'd58,
        7'd59, 7'd60, 7'd61, 7'd62, 7'd63, 7'd64, 7'd65, 7'd66,
        7'd68, 7'd69, 7'd70, 7'd71, 7'd72, 7'd74, 7'd75, 7'd76,
        7'd77, 7'd79, 7'd80, 7'd81, 7'd83, 7'd84, 7'd85, 7'd87,
        7'd88, 7'd90, 7'd91, 7'd93, 7'd94, 7'd96, 7'd97, 7'd99,
        7'd100, 7'd102, 7'd104, 7'd105, 7'd107, 7'd109, 7'd110, 7'd112,
        7'd114, 7'd116, 7'd117, 7'd119, 7'd121, 7'd123, 7'd125, 7'd127};
    localparam [7*128-1:0] RSQRT7_T = {
        7'd53, 7'd54, 7'd55, 7'd56, 7'd56, 7'd57, 7'd58, 7'd59,
        7'd59, 7'd60, 7'd61, 7'd62, 7'd63, 7'd63, 7'd64, 7'd65,
        7'd66, 7'd67, 7'd68, 7'd69, 7'd70, 7'd70, 7'd71, 7'd72,
        7'd73, 7'd74, 7'd75, 7'd76, 7'd77, 7'd78, 7'd79, 7'd80,
        7'd82, 7'd83, 7'd84, 7'd85, 7'd86, 7'd87, 7'd88, 7'd90,
        7'd91, 7'd92, 7'd93, 7'd95, 7'd96, 7'd97, 7'd99, 7'd100,
        7'd102, 7'd103, 7'd105, 7'd106, 7'd108, 7'd109, 7'd111, 7'd113,
        7'd114, 7'd116, 7'd118, 7'd119, 7'd121, 7'd123, 7'd125, 7'd127,
        7'd0, 7'd1, 7'd1, 7'd2, 7'd2, 7'd3, 7'd3, 7'd4,
        7'd4, 7'd5, 7'd6, 7'd6, 7'd7, 7'd7, 7'd8, 7'd9,
        7'd9, 7'd10, 7'd10, 7'd11, 7'd12, 7'd12, 7'd13, 7'd14,
        7'd14, 7'd15, 7'd16, 7'd16, 7'd17, 7'd18, 7'd19, 7'd19,
        7'd20, 7'd21, 7'd22, 7'd23, 7'd23, 7'd24, 7'd25, 7'd26,
        7'd27, 7'd28, 7'd29, 7'd30, 7'd30, 7'd31, 7'd32, 7'd33,
        7'd34, 7'd35, 7'd36, 7'd38, 7'd39, 7'd40, 7'd41, 7'd42,
        7'd43, 7'd44, 7'd46, 7'd47, 7'd48, 7'd50, 7'd51, 7'd52};

    /* verilator lint_off UNUSEDSIGNAL */ // each looks at the fields it needs
    function automatic is_nan(input [31:0] x);
        is_nan = kc_fp__is_nan(x[30:0]);
    endfunction
    function automatic is_snan(input [31:0] x);
        is_snan = kc_fp__is_nan(x[30:0]) && !x[22];
    endfunction
    function automatic is_inf(input [31:0] x);
        is_inf = kc_fp__is_inf(x[30:0]);
    endfunction
    function automatic is_zero(input [31:0] x); // DAZ: denormals are zeros
        is_zero = kc_fp__is_zero(x[30:23]);
    endfunction
    /* verilator lint_on UNUSEDSIGNAL */

    // ---------------- S1: operand register ----------------
    reg            s1_v;
    reg [4:0]      s1_op;
    reg            s1_rtz;
    reg [31:0]     s1_a, s1_b, s1_c;
    reg [TAGW-1:0] s1_tag;
    wire           s1_ds = (s1_op == `RVV_FOP_FDIV) || (s1_op == `RVV_FOP_FSQRT);
    reg            ds_busy;

    // Low from the cycle a div/sqrt sits in S1 until its last iteration, so
    // nothing issued after it can overtake it.
    assign in_ready = !(s1_v && s1_ds) && !ds_busy;

    always @(posedge clk) begin
        if (rst) s1_v <= 1'b0;
        else     s1_v <= in_valid && in_ready;
        if (in_valid && in_ready) begin
            s1_op  <= op;
            s1_rtz <= (rm == `RVV_FRM_RTZ);
            s1_a   <= a;
            s1_b   <= b;
            s1_c   <= c;
            s1_tag <= tag;
        end
    end

    // ---------------- stage A ----------------
    // fma family: the effective operands of one a*b+c.
    reg [31:0] fa, fb, fc;
    reg        is_fma, is_cvt_s;
    // The stage's two datapaths as one value each, computed here once: the S2
    // register block splits them into fields (a function call on the right of a
    // concatenated `<=` is evaluated by Verilator once per target field: six
    // fma front ends per op).
    reg [124:0] a_front;   // kc_fp__fma_front
    reg [36:0]  a_direct;  // direct_op: {flags, result}
    always @* begin
        fa = s1_a;
        fb = s1_b;
        fc = s1_c;
        is_fma = 1'b0;
        is_cvt_s = 1'b0;
        a_front = 125'd0;
        a_direct = 37'd0;
        if (s1_v) begin   // decoded only for an op in S1 (Verilator skips it when idle)
        is_fma = 1'b1;
        case (s1_op)
            `RVV_FOP_FADD:   begin fb = ONE; fc = s1_b; end
            `RVV_FOP_FSUB:   begin fb = ONE; fc = {~s1_b[31], s1_b[30:0]}; end
            `RVV_FOP_FMUL:   fc = 32'h80000000; // -0 keeps a zero product's sign
            `RVV_FOP_FMADD:  ;
            `RVV_FOP_FMSUB:  fc = {~s1_c[31], s1_c[30:0]};
            `RVV_FOP_FNMSUB: fa = {~s1_a[31], s1_a[30:0]};
            `RVV_FOP_FNMADD: begin fa = {~s1_a[31], s1_a[30:0]}; fc = {~s1_c[31], s1_c[30:0]}; end
            `RVV_FOP_CVT_S_W, `RVV_FOP_CVT_S_WU: begin is_fma = 1'b0; is_cvt_s = 1'b1; end
            default:         is_fma = 1'b0;
        endcase
        if (is_fma)
            a_front = kc_fp__fma_front(fa, fb, fc);
        else if (!is_cvt_s)
            a_direct = direct_op(s1_op, s1_a, s1_b, s1_rtz);
        end
    end

    // invalid: a signalling NaN, inf * 0 (even with a quiet NaN addend, as
    // RISC-V), or a finite-operand inf product meeting an opposite inf addend
    function automatic fma_invalid(input [31:0] x, input [31:0] y, input [31:0] z);
        fma_invalid = is_snan(x) || is_snan(y) || is_snan(z) ||
                      (is_inf(x) && is_zero(y)) || (is_zero(x) && is_inf(y)) ||
                      ((is_inf(x) || is_inf(y)) && !is_nan(x) && !is_nan(y) &&
                       is_inf(z) && (z[31] != (x[31] ^ y[31])));
    endfunction

    // fp -> int32/uint32/int16/uint16, saturating: {flags, result}. value =
    // {1,m} * 2^(e-23); f holds it with 32 fraction bits for e in [-1, 31]
    // (below: |x| < 1/2, above: out of every range).
    function automatic [36:0] to_int(input [4:0] fop, input [31:0] x, input rtz);
        reg [63:0] f;
        reg [32:0] mag, posmax, negmax;
        reg        big, inx;
        begin
            f = 64'd0;
            big = 1'b0;
            inx = 1'b0;
            mag = 33'd0;
            if (is_zero(x)) begin
                inx = 1'b0;
            end else if (x[30:23] >= 8'd159) begin // e >= 32, inf, NaN
                big = 1'b1;
            end else if (x[30:23] < 8'd126) begin  // |x| < 1/2
                inx = 1'b1;
            end else begin
                f = {1'b1, x[22:0], 40'd0} >> (8'd158 - x[30:23]);
                inx = |f[31:0];
                mag = {1'b0, f[63:32]} + {32'd0, !rtz && f[31] && ((|f[30:0]) || f[32])};
            end
            case (fop)
                `RVV_FOP_CVT_W_S:   begin posmax = 33'h07FFFFFFF; negmax = 33'h080000000; end
                `RVV_FOP_CVT_WU_S:  begin posmax = 33'h0FFFFFFFF; negmax = 33'd0; end
                `RVV_FOP_CVT_W16_S: begin posmax = 33'h000007FFF; negmax = 33'h000008000; end
                default:            begin posmax = 33'h00000FFFF; negmax = 33'd0; end
            endcase
            if (is_nan(x) || (!x[31] && (big || mag > posmax)))
                to_int = {NV, posmax[31:0]};
            else if (x[31] && (big || mag > negmax))
                to_int = {NV, 32'd0 - negmax[31:0]};
            else
                to_int = {inx ? NX : 5'd0, x[31] ? 32'd0 - mag[31:0] : mag[31:0]};
        end
    endfunction

    // vfrec7 / vfrsqrt7: {flags, result}
    function automatic [36:0] rec7(input [31:0] x);
        reg [7:0] e;
        begin
            e = 8'd253 - x[30:23];                // output exponent, for x[30:23] <= 252
            if (is_nan(x))
                rec7 = {is_snan(x) ? NV : 5'd0, QNAN};
            else if (is_inf(x))
                rec7 = {5'd0, x[31], 31'd0};
            else if (is_zero(x))
                rec7 = {DZ, x[31], 8'hFF, 23'd0};
            else if (x[30:23] >= 8'd253)          // the spec's result is subnormal: flushed
                rec7 = {UF | NX, x[31], 31'd0};
            else
                rec7 = {5'd0, x[31], e, REC7_T[7 * x[22:16] +: 7], 16'd0};
        end
    endfunction

    function automatic [36:0] rsqrt7(input [31:0] x);
        /* verilator lint_off UNUSEDSIGNAL */ // floor((3*127 - 1 - e) / 2): bit 0 dropped
        reg [8:0] e2;
        /* verilator lint_on UNUSEDSIGNAL */
        begin
            e2 = 9'd380 - {1'b0, x[30:23]};
            if (is_nan(x))
                rsqrt7 = {is_snan(x) ? NV : 5'd0, QNAN};
            else if (is_zero(x))
                rsqrt7 = {DZ, x[31], 8'hFF, 23'd0};
            else if (x[31])
                rsqrt7 = {NV, QNAN};
            else if (is_inf(x))
                rsqrt7 = 37'd0;
            else
                rsqrt7 = {5'd0, 1'b0, e2[8:1], RSQRT7_T[7 * {x[23], x[22:17]} +: 7], 16'd0};
        end
    endfunction

    // fclass on the raw bits: a denormal is reported as subnormal, as in QEMU
    function automatic [9:0] fclass(input [31:0] x);
        reg norm, sub, zero;
        begin
            norm = x[30:23] != 8'd0 && x[30:23] != 8'hFF;
            sub  = x[30:23] == 8'd0 && x[22:0] != 23'd0;
            zero = x[30:0] == 31'd0;
            fclass = {is_nan(x) && x[22], is_snan(x), !x[31] && is_inf(x), !x[31] && norm,
                      !x[31] && sub, !x[31] && zero, x[31] && zero, x[31] && sub,
                      x[31] && norm, x[31] && is_inf(x)};
        end
    endfunction

    // Every op finished without the rounder: {flags, result}. Compares use
    // IEEE equality (+0 == -0) on DAZ values; kc_fp_lt orders -0 < +0.
    function automatic [36:0] direct_op(input [4:0] fop, input [31:0] x, input [31:0] y,
                                        input rtz);
        reg nan2, snan2, bothz;
        begin
            nan2  = is_nan(x) || is_nan(y);
            snan2 = is_snan(x) || is_snan(y);
            bothz = is_zero(x) && is_zero(y);
            case (fop)
                `RVV_FOP_FMIN:   direct_op = {snan2 ? NV : 5'd0, kc_fp_min(x, y)};
                `RVV_FOP_FMAX:   direct_op = {snan2 ? NV : 5'd0, kc_fp_max(x, y)};
                `RVV_FOP_FSGNJ:  direct_op = {5'd0, y[31], x[30:0]};
                `RVV_FOP_FSGNJN: direct_op = {5'd0, ~y[31], x[30:0]};
                `RVV_FOP_FSGNJX: direct_op = {5'd0, x[31] ^ y[31], x[30:0]};
                `RVV_FOP_FEQ:
                    direct_op = {snan2 ? NV : 5'd0, 31'd0,
                                 !nan2 && (bothz || (!kc_fp_lt(x, y) && !kc_fp_lt(y, x)))};
                `RVV_FOP_FLT:
                    direct_op = {nan2 ? NV : 5'd0, 31'd0, !bothz && kc_fp_lt(x, y)};
                `RVV_FOP_FLE:
                    direct_op = {nan2 ? NV : 5'd0, 31'd0, !nan2 && (bothz || !kc_fp_lt(y, x))};
                `RVV_FOP_FCLASS: direct_op = {5'd0, 22'd0, fclass(x)};
                `RVV_FOP_CVT_W_S, `RVV_FOP_CVT_WU_S, `RVV_FOP_CVT_W16_S, `RVV_FOP_CVT_WU16_S:
                    direct_op = to_int(fop, x, rtz);
                `RVV_FOP_REC7:   direct_op = rec7(x);
                `RVV_FOP_RSQRT7: direct_op = rsqrt7(x);
                default:         direct_op = 37'd0;
            endcase
        end
    endfunction

    // int -> fp: the magnitude goes to the rounder as it is. This and the
    // div/sqrt start's operand facts (below) are computed only for an op that
    // uses them: as wires, Verilator evaluated them on every edge, idle or not.
    reg        cvt_neg;
    reg [31:0] cvt_mag;
    always @* begin
        cvt_neg = 1'b0;
        cvt_mag = 32'd0;
        if (is_cvt_s) begin
            cvt_neg = (s1_op == `RVV_FOP_CVT_S_W) && s1_a[31];
            cvt_mag = cvt_neg ? 32'd0 - s1_a : s1_a;
        end
    end

    // ---------------- FDIV / FSQRT: iterative unit ----------------
    // Restoring digit recurrence, two radix-2 steps per cycle.
    // div:  q = floor(ma * 2^27 / mb), ma/mb in (1/2, 2): 27-28 significant bits.
    // sqrt: q = floor(sqrt(m * 2^31)), m = ma (even exponent) or 2*ma (odd): 28 bits.
    // The remainder's non-zero-ness is the sticky bit; kc_fp__pack_rm rounds.
    reg  [3:0]      ds_cnt;
    reg             ds_sqrt, ds_rtz, ds_sgn, ds_spec;
    reg  [31:0]     ds_spec_res;
    reg  [4:0]      ds_flg;
    reg  [9:0]      ds_base;
    reg  [TAGW-1:0] ds_tag;
    reg  [31:0]     ds_rem;
    reg  [27:0]     ds_q;
    reg  [23:0]     ds_den;
    reg  [55:0]     ds_x;

    // one radix-2 step: {rem, q, x}
    function automatic [115:0] ds_step(input sq, input [31:0] rem, input [27:0] q, input [55:0] x,
                                       input [23:0] den);
        reg [31:0] r, t;
        begin
            if (sq) begin
                r = {rem[29:0], x[55:54]};
                t = {2'b00, q[27:0], 2'b01};
            end else begin
                r = rem;
                t = {8'd0, den};
            end
            if (r >= t) begin
                r = r - t;
                ds_step = {sq ? r : {r[30:0], 1'b0}, q[26:0], 1'b1, x[53:0], 2'b00};
            end else
                ds_step = {sq ? r : {r[30:0], 1'b0}, q[26:0], 1'b0, x[53:0], 2'b00};
        end
    endfunction

    // two iterations per cycle, computed only while one runs (as wires Verilator
    // evaluated both steps of every lane's unit every cycle, idle or not)
    reg [115:0] ds_s2;
    always @* begin : ds_iter
        reg [115:0] ds_s1;
        ds_s1 = 116'd0;
        ds_s2 = 116'd0;
        if (ds_busy) begin
            ds_s1 = ds_step(ds_sqrt, ds_rem, ds_q, ds_x, ds_den);
            ds_s2 = ds_step(ds_sqrt, ds_s1[115:84], ds_s1[83:56], ds_s1[55:0], ds_den);
        end
    end
    wire         ds_done = ds_busy && (ds_cnt == DS_LAST);

    // operand facts and exponent bookkeeping at start (value = q * 2^base),
    // only with a div/sqrt in S1
    reg       a_nan, a_zero, b_nan, ab_snan;
    reg [9:0] div_base, sqrt_base;
    reg       sq_odd;
    always @* begin : ds_start
        /* verilator lint_off UNUSEDSIGNAL */ // even: halved by dropping bit 0
        reg [9:0] sq_e;
        /* verilator lint_on UNUSEDSIGNAL */
        a_nan = 1'b0;
        a_zero = 1'b0;
        b_nan = 1'b0;
        ab_snan = 1'b0;
        div_base = 10'd0;
        sqrt_base = 10'd0;
        sq_odd = 1'b0;
        sq_e = 10'd0;
        if (s1_v && s1_ds) begin
            a_nan     = is_nan(s1_a);
            a_zero    = is_zero(s1_a);
            b_nan     = is_nan(s1_b);
            ab_snan   = is_snan(s1_a) || is_snan(s1_b);
            div_base  = {2'b00, s1_a[30:23]} - {2'b00, s1_b[30:23]} - 10'd27;
            sq_odd    = !s1_a[23];               // unbiased exponent odd <=> biased even
            sq_e      = {2'b00, s1_a[30:23]} - 10'd127 - {9'd0, sq_odd};
            sqrt_base = {sq_e[9], sq_e[9:1]} - 10'd27;
        end
    end

    always @(posedge clk) begin
        if (rst) begin
            ds_busy <= 1'b0;
        end else if (s1_v && s1_ds) begin
            ds_busy <= 1'b1;
            ds_cnt  <= 4'd0;
            ds_sqrt <= (s1_op == `RVV_FOP_FSQRT);
            ds_rtz  <= s1_rtz;
            ds_tag  <= s1_tag;
            ds_q    <= 28'd0;
            ds_den  <= {1'b1, s1_b[22:0]};
            ds_spec <= 1'b1;
            ds_flg  <= 5'd0;
            ds_spec_res <= QNAN;
            if (s1_op == `RVV_FOP_FSQRT) begin
                ds_sgn  <= 1'b0;
                ds_base <= sqrt_base;
                ds_rem  <= 32'd0;
                ds_x    <= sq_odd ? {1'b1, s1_a[22:0], 32'd0} : {1'b0, 1'b1, s1_a[22:0], 31'd0};
                if (a_nan)
                    ds_flg <= is_snan(s1_a) ? NV : 5'd0;
                else if (a_zero)
                    ds_spec_res <= {s1_a[31], 31'd0};
                else if (s1_a[31])
                    ds_flg <= NV;
                else if (is_inf(s1_a))
                    ds_spec_res <= s1_a;
                else
                    ds_spec <= 1'b0;
            end else begin
                ds_sgn  <= s1_a[31] ^ s1_b[31];
                ds_base <= div_base;
                ds_rem  <= {8'd0, 1'b1, s1_a[22:0]};
                ds_x    <= 56'd0;
                if (a_nan || b_nan)
                    ds_flg <= ab_snan ? NV : 5'd0;
                else if ((is_inf(s1_a) && is_inf(s1_b)) || (a_zero && is_zero(s1_b)))
                    ds_flg <= NV;
                else if (is_inf(s1_a))
                    ds_spec_res <= {s1_a[31] ^ s1_b[31], 8'hFF, 23'd0};
                else if (is_zero(s1_b)) begin
                    ds_spec_res <= {s1_a[31] ^ s1_b[31], 8'hFF, 23'd0};
                    ds_flg <= DZ;
                end else if (is_inf(s1_b) || a_zero)
                    ds_spec_res <= {s1_a[31] ^ s1_b[31], 31'd0};
                else
                    ds_spec <= 1'b0;
            end
        end else if (ds_busy) begin
            ds_rem <= ds_s2[115:84];
            ds_q   <= ds_s2[83:56];
            ds_x   <= ds_s2[55:0];
            ds_cnt <= ds_cnt + 4'd1;
            if (ds_done)
                ds_busy <= 1'b0;
        end
    end

    // ---------------- S2 ----------------
    reg            s2_v, s2_direct, s2_rtz, s2_sgn, s2_st;
    reg [31:0]     s2_res;
    reg [4:0]      s2_flg;
    reg [9:0]      s2_base;
    reg [79:0]     s2_mag;
    reg [TAGW-1:0] s2_tag;
    always @(posedge clk) begin
        if (rst) s2_v <= 1'b0;
        else     s2_v <= (s1_v && !s1_ds) || ds_done;
        if (ds_done) begin
            // S1 is empty now (in_ready was low): the div/sqrt takes the slot
            s2_direct <= ds_spec;
            s2_res    <= ds_spec_res;
            s2_flg    <= ds_flg;
            s2_rtz    <= ds_rtz;
            s2_sgn    <= ds_sgn;
            s2_st     <= ds_s2[115:84] != 32'd0;
            s2_base   <= ds_base;
            s2_mag    <= {52'd0, ds_s2[83:56]};
            s2_tag    <= ds_tag;
        end else if (s1_v) begin
            // stage A is evaluated inside the clocked block so that Verilator
            // computes only the issued op's datapath, and nothing when idle
            s2_rtz <= s1_rtz;
            s2_tag <= s1_tag;
            if (is_fma) begin
                {s2_direct, s2_res, s2_sgn, s2_st, s2_base, s2_mag} <= a_front;
                s2_flg <= fma_invalid(fa, fb, fc) ? NV : 5'd0;
            end else if (is_cvt_s) begin
                s2_direct <= 1'b0;
                s2_flg    <= 5'd0;
                s2_sgn    <= cvt_neg;
                s2_st     <= 1'b0;
                s2_base   <= 10'd0;
                s2_mag    <= {48'd0, cvt_mag};
            end else begin
                s2_direct <= 1'b1;
                {s2_flg, s2_res} <= a_direct;
            end
        end
    end

    // ---------------- stage B (round) and S3, the result register ----------------
    // the rounder once per op in S2 (see a_front), nothing when idle
    reg [34:0] b_round;   // kc_fp__pack_rm: {OF UF NX, result}
    always @* begin
        b_round = 35'd0;
        if (s2_v && !s2_direct)
            b_round = kc_fp__pack_rm(s2_sgn, s2_mag, {{22{s2_base[9]}}, s2_base}, s2_st, s2_rtz);
    end
    reg            s3_v;
    reg [31:0]     s3_res;
    reg [4:0]      s3_flg;
    reg [2:0]      s3_rflg;  // OF UF NX of the rounder
    reg [TAGW-1:0] s3_tag;
    always @(posedge clk) begin
        if (rst) s3_v <= 1'b0;
        else     s3_v <= s2_v;
        if (s2_v) begin
            s3_flg <= s2_flg;
            s3_tag <= s2_tag;
            if (s2_direct) begin
                s3_res  <= s2_res;
                s3_rflg <= 3'd0;
            end else
                {s3_rflg, s3_res} <= b_round;
        end
    end

    assign out_valid = s3_v;
    assign out       = s3_res;
    assign flags     = s3_flg | {2'b00, s3_rflg};
    assign out_tag   = s3_tag;
endmodule
`default_nettype wire
