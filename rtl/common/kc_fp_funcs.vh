// kc_fp_funcs.vh — the shared floating-point datapaths as Verilog functions.
//
// Include it inside a module body:   `include "kc_fp_funcs.vh"
// Functions are module-scoped, so every module that calls them includes this
// file itself; there is deliberately no include guard (a global `define would
// hide the functions from the second module of a design).
//
// Functions rather than modules so that an accelerator can call them inside a
// clocked case statement and Verilator only evaluates the selected operation.
//
// Every function mirrors harness/kc_fp.c operation by operation (same widths,
// same truncations), so the two agree bit for bit; tests/fp checks it. The
// numeric rules (RNE, DAZ, flush when the exact result is below 2^-126, canonical
// NaN 0x7FC00000, error bounds of exp/recip/rsqrt) are in docs/fp.md.
//
// Names starting kc_fp__ are internal helpers.

function automatic kc_fp__is_nan(input [30:0] kfp_x);
    kc_fp__is_nan = (kfp_x[30:23] == 8'hFF) && (kfp_x[22:0] != 23'd0);
endfunction

function automatic kc_fp__is_inf(input [30:0] kfp_x);
    kc_fp__is_inf = (kfp_x[30:23] == 8'hFF) && (kfp_x[22:0] == 23'd0);
endfunction

// DAZ: a denormal reads as zero, so "zero" means exponent field 0.
function automatic kc_fp__is_zero(input [7:0] kfp_e);
    kc_fp__is_zero = (kfp_e == 8'd0);
endfunction

function automatic [31:0] kc_fp__daz(input [31:0] kfp_x);
    kc_fp__daz = (kfp_x[30:23] == 8'd0) ? {kfp_x[31], 31'd0} : kfp_x;
endfunction

// Leading zeros of a 64-bit value (64 for zero), in log steps.
function automatic integer kc_fp__clz64(input [63:0] kfp_x);
    reg [63:0] kfp_n;
    integer kfp_c;
    begin
        kfp_n = kfp_x;
        kfp_c = 0;
        if (kfp_n == 64'd0)
            kfp_c = 64;
        else begin
            if (kfp_n[63:32] == 32'd0) begin kfp_n = kfp_n << 32; kfp_c = kfp_c + 32; end
            if (kfp_n[63:48] == 16'd0) begin kfp_n = kfp_n << 16; kfp_c = kfp_c + 16; end
            if (kfp_n[63:56] == 8'd0) begin kfp_n = kfp_n << 8; kfp_c = kfp_c + 8; end
            if (kfp_n[63:60] == 4'd0) begin kfp_n = kfp_n << 4; kfp_c = kfp_c + 4; end
            if (kfp_n[63:62] == 2'd0) begin kfp_n = kfp_n << 2; kfp_c = kfp_c + 2; end
            if (!kfp_n[63]) kfp_c = kfp_c + 1;
        end
        kc_fp__clz64 = kfp_c;
    end
endfunction

// Rounds (mag + g) * 2^base to fp32 (0 <= g < 1, g > 0 exactly when st).
// mag's leading one is the exact value's, so e <= 0 below is exact
// tininess before rounding: flush to signed zero.
// The 80-bit mag is normalised in 64-bit pieces, which Verilator evaluates as
// native integers (an 80-bit shift is a multi-word library call in every lane
// and PE, once a third of the simulation time): with a leading one in the top
// 16 bits, [79:16] shifts left by lz < 16 and pulls in the top of [15:0];
// otherwise mag < 2^64 and [63:0] shifts by its own count. top and low are the
// normalised value's bits [79:16] and [15:0], as harness/kc_fp.c's norm.
// kc_fp__pack_rm also rounds toward zero when kfp_rtz (for rvv's RTZ mode;
// every npu caller goes through kc_fp__pack, RNE) and returns the IEEE flags
// {overflow, underflow (= flushed a nonzero value), inexact, result}.
function automatic [34:0] kc_fp__pack_rm(input kfp_sgn, input [79:0] kfp_mag, input integer kfp_base,
                                         input kfp_st, input kfp_rtz);
    reg [63:0] kfp_top;
    reg [15:0] kfp_low;
    integer kfp_lz, kfp_e;
    reg [24:0] kfp_mant;
    reg kfp_flush, kfp_nx;
    begin
        if (kfp_mag[79:64] != 16'd0) begin
            kfp_lz = kc_fp__clz64({kfp_mag[79:64], 48'd0});
            kfp_top = (kfp_mag[79:16] << kfp_lz) | ({48'd0, kfp_mag[15:0]} >> (16 - kfp_lz));
            kfp_low = kfp_mag[15:0] << kfp_lz;
        end else begin
            kfp_lz = kc_fp__clz64(kfp_mag[63:0]);
            kfp_top = kfp_mag[63:0] << kfp_lz;
            kfp_low = 16'd0;
            kfp_lz = kfp_lz + 16;
        end
        kfp_e = 79 - kfp_lz + kfp_base + 127;
        kfp_flush = (kfp_mag == 80'd0) || (kfp_e <= 0);
        kfp_mant = {1'b0, kfp_top[63:40]};
        if (!kfp_rtz && kfp_top[39] && ((|kfp_top[38:0]) || (|kfp_low) || kfp_st || kfp_mant[0]))
            kfp_mant = kfp_mant + 25'd1;
        if (kfp_mant[24]) begin
            kfp_mant = kfp_mant >> 1;
            kfp_e = kfp_e + 1;
        end
        kfp_nx = (|kfp_top[39:0]) || (|kfp_low) || kfp_st;
        if (kfp_flush)
            kc_fp__pack_rm = {1'b0, kfp_nx || (kfp_mag != 80'd0), kfp_nx || (kfp_mag != 80'd0),
                              kfp_sgn, 31'd0};
        else if (kfp_e >= 255)
            kc_fp__pack_rm = {3'b101, kfp_sgn, kfp_rtz ? {8'hFE, 23'h7FFFFF} : {8'hFF, 23'd0}};
        else
            kc_fp__pack_rm = {2'b00, kfp_nx, kfp_sgn, kfp_e[7:0], kfp_mant[22:0]};
    end
endfunction

function automatic [31:0] kc_fp__pack(input kfp_sgn, input [79:0] kfp_mag, input integer kfp_base,
                                      input kfp_st);
    /* verilator lint_off UNUSEDSIGNAL */ // the flags: npu does not keep them
    reg [34:0] kfp_r;
    /* verilator lint_on UNUSEDSIGNAL */
    begin
        kfp_r = kc_fp__pack_rm(kfp_sgn, kfp_mag, kfp_base, kfp_st, 1'b0);
        kc_fp__pack = kfp_r[31:0];
    end
endfunction

// a * b + c with one rounding, in steps that a pipeline can put registers
// between (npu_vlane: mul | add | round; rvv_fpu: front | round):
//   kc_fp__fma_mul   multiplies the significands and, from the exponents only
//                    (in parallel with the multiply, as an FMA's aligner does),
//                    shifts the addend into place; decides the operand special
//                    cases. Returns {special, special result[31:0], sign u,
//                    sign v, sticky, base[9:0] (signed), u[47:0], v[79:0]}.
//   kc_fp__fma_add   adds u and v (|u - v| when the signs differ): returns
//                    kc_fp__fma_front's format (below).
//   kc_fp__fma_front = kc_fp__fma_add(kc_fp__fma_mul(a, b, c)): returns
//                    {special, special result[31:0], sign, sticky, base[9:0]
//                    (signed), mag[79:0]}: when special (NaN, inf, zero operand,
//                    exact cancellation) the result is the given value, otherwise
//                    kc_fp__pack_rm(sign, mag, base, sticky) (kc_fp__fma_round).
function automatic [173:0] kc_fp__fma_mul(input [31:0] kfp_a, input [31:0] kfp_b,
                                          input [31:0] kfp_c);
    reg kfp_sp, kfp_sc, kfp_su, kfp_sv, kfp_st;
    reg [23:0] kfp_mc;
    reg [47:0] kfp_prod, kfp_u;
    reg [79:0] kfp_v;
    integer kfp_ea, kfp_eb, kfp_ec, kfp_d;
    /* verilator lint_off UNUSEDSIGNAL */ // base is within [-300, 210]: 10 bits returned
    integer kfp_base;
    /* verilator lint_on UNUSEDSIGNAL */
    reg [31:0] kfp_sv_res;
    reg kfp_spec;
    reg [4:0] kfp_nd;
    begin
        kfp_sp = kfp_a[31] ^ kfp_b[31];
        kfp_sc = kfp_c[31];
        kfp_ea = {24'd0, kfp_a[30:23]};
        kfp_eb = {24'd0, kfp_b[30:23]};
        kfp_ec = {24'd0, kfp_c[30:23]};
        kfp_mc = kc_fp__is_zero(kfp_c[30:23]) ? 24'd0 : {1'b1, kfp_c[22:0]};
        kfp_prod = {1'b1, kfp_a[22:0]} * {1'b1, kfp_b[22:0]};
        // d: position of the addend's lsb relative to the product's lsb
        kfp_d = kfp_ec - kfp_ea - kfp_eb + 150;
        kfp_nd = 5'd0 - kfp_d[4:0]; // -d, used for -23 <= d <= -1
        kfp_su = kfp_sp;
        kfp_sv = kfp_sc;
        kfp_st = 1'b0;
        kfp_u = kfp_prod;
        kfp_v = 80'd0;
        kfp_base = kfp_ea + kfp_eb - 300;
        if (kfp_mc != 24'd0 && kfp_d > 50) begin
            // product below 1/8 ulp of the addend: only a sticky bit
            kfp_u = {21'd0, kfp_mc, 3'd0};
            kfp_su = kfp_sc;
            kfp_sv = kfp_sp;
            kfp_st = 1'b1;
            kfp_base = kfp_ec - 153;
        end else if (kfp_d >= 0) begin
            // mc << d (d <= 50) as 64-bit shifts, not one 80-bit one
            if (kfp_d < 40)
                kfp_v = {16'd0, {40'd0, kfp_mc} << kfp_d[5:0]};
            else
                kfp_v = {{16'd0, kfp_mc} << (kfp_d[5:0] - 6'd40), 40'd0};
        end else if (kfp_d <= -24) begin
            kfp_st = (kfp_mc != 24'd0);
        end else begin
            kfp_v = {56'd0, kfp_mc >> kfp_nd};
            kfp_st = (kfp_mc & ~(24'hFFFFFF << kfp_nd)) != 24'd0;
        end
        kfp_spec = 1'b1;
        if (kc_fp__is_nan(kfp_a[30:0]) || kc_fp__is_nan(kfp_b[30:0]) ||
            kc_fp__is_nan(kfp_c[30:0]))
            kfp_sv_res = 32'h7FC00000;
        else if (kc_fp__is_inf(kfp_a[30:0]) || kc_fp__is_inf(kfp_b[30:0])) begin
            if (kc_fp__is_zero(kfp_a[30:23]) || kc_fp__is_zero(kfp_b[30:23]) ||
                (kc_fp__is_inf(kfp_c[30:0]) && kfp_sc != kfp_sp))
                kfp_sv_res = 32'h7FC00000;
            else
                kfp_sv_res = {kfp_sp, 8'hFF, 23'd0};
        end else if (kc_fp__is_inf(kfp_c[30:0]))
            kfp_sv_res = kfp_c;
        else if (kc_fp__is_zero(kfp_a[30:23]) || kc_fp__is_zero(kfp_b[30:23]))
            kfp_sv_res = kc_fp__is_zero(kfp_c[30:23]) ? {kfp_sp & kfp_sc, 31'd0} : kfp_c;
        else begin
            kfp_spec = 1'b0;
            kfp_sv_res = 32'd0;
        end
        kc_fp__fma_mul = {kfp_spec, kfp_sv_res, kfp_su, kfp_sv, kfp_st, kfp_base[9:0], kfp_u, kfp_v};
    end
endfunction

function automatic [124:0] kc_fp__fma_add(input [173:0] kfp_m);
    reg kfp_su, kfp_sv, kfp_st, kfp_spec;
    reg [79:0] kfp_u, kfp_v, kfp_mag;
    begin
        kfp_su = kfp_m[140];
        kfp_sv = kfp_m[139];
        kfp_st = kfp_m[138];
        kfp_u = {32'd0, kfp_m[127:80]};
        kfp_v = kfp_m[79:0];
        if (kfp_su == kfp_sv) begin
            kfp_mag = kfp_u + kfp_v;
        end else if (kfp_u >= kfp_v + {79'd0, kfp_st}) begin
            kfp_mag = kfp_u - kfp_v - {79'd0, kfp_st};
        end else begin
            kfp_mag = kfp_v - kfp_u;
            kfp_su = kfp_sv;
        end
        // the operands' special cases first, then exact cancellation: +0 (RNE and RTZ alike)
        kfp_spec = kfp_m[173] || (kfp_mag == 80'd0 && !kfp_st);
        kc_fp__fma_add = {kfp_spec, kfp_m[173] ? kfp_m[172:141] : 32'd0, kfp_su, kfp_st,
                          kfp_m[137:128], kfp_mag};
    end
endfunction

function automatic [124:0] kc_fp__fma_front(input [31:0] kfp_a, input [31:0] kfp_b,
                                            input [31:0] kfp_c);
    kc_fp__fma_front = kc_fp__fma_add(kc_fp__fma_mul(kfp_a, kfp_b, kfp_c));
endfunction

// kc_fp__fma_front's result rounded to fp32 (RNE).
function automatic [31:0] kc_fp__fma_round(input [124:0] kfp_f);
    /* verilator lint_off UNUSEDSIGNAL */ // the flags: npu does not keep them
    reg [34:0] kfp_r;
    /* verilator lint_on UNUSEDSIGNAL */
    begin
        kfp_r = kc_fp__pack_rm(kfp_f[91], kfp_f[79:0], {{22{kfp_f[89]}}, kfp_f[89:80]}, kfp_f[90], 1'b0);
        kc_fp__fma_round = kfp_f[124] ? kfp_f[123:92] : kfp_r[31:0];
    end
endfunction

// a * b + c, one rounding (RNE, or toward zero when kfp_rtz): {flags[2:0], result}
// as kc_fp__pack_rm.
function automatic [34:0] kc_fp_fma_rm(input [31:0] kfp_a, input [31:0] kfp_b, input [31:0] kfp_c,
                                       input kfp_rtz);
    reg [124:0] kfp_f;
    integer kfp_base;
    begin
        kfp_f = kc_fp__fma_front(kfp_a, kfp_b, kfp_c);
        kfp_base = {{22{kfp_f[89]}}, kfp_f[89:80]};
        if (kfp_f[124])
            kc_fp_fma_rm = {3'b000, kfp_f[123:92]};
        else
            kc_fp_fma_rm = kc_fp__pack_rm(kfp_f[91], kfp_f[79:0], kfp_base, kfp_f[90], kfp_rtz);
    end
endfunction

function automatic [31:0] kc_fp_fma(input [31:0] kfp_a, input [31:0] kfp_b, input [31:0] kfp_c);
    /* verilator lint_off UNUSEDSIGNAL */ // the flags: npu does not keep them
    reg [34:0] kfp_r;
    /* verilator lint_on UNUSEDSIGNAL */
    begin
        kfp_r = kc_fp_fma_rm(kfp_a, kfp_b, kfp_c, 1'b0);
        kc_fp_fma = kfp_r[31:0];
    end
endfunction

function automatic [31:0] kc_fp_add(input [31:0] kfp_a, input [31:0] kfp_b);
    kc_fp_add = kc_fp_fma(kfp_a, 32'h3F800000, kfp_b);
endfunction

function automatic [31:0] kc_fp_sub(input [31:0] kfp_a, input [31:0] kfp_b);
    kc_fp_sub = kc_fp_fma(kfp_a, 32'h3F800000, {~kfp_b[31], kfp_b[30:0]});
endfunction

function automatic [31:0] kc_fp_mul(input [31:0] kfp_a, input [31:0] kfp_b);
    kc_fp_mul = kc_fp_fma(kfp_a, kfp_b, 32'h80000000);
endfunction

// Monotonic unsigned key of a non-NaN value: -0 sorts just below +0.
function automatic [31:0] kc_fp__key(input [31:0] kfp_x);
    kc_fp__key = kfp_x[31] ? ~kfp_x : {1'b1, kfp_x[30:0]};
endfunction

// a < b with -0 < +0; 0 when either is NaN.
function automatic kc_fp_lt(input [31:0] kfp_a, input [31:0] kfp_b);
    kc_fp_lt = !kc_fp__is_nan(kfp_a[30:0]) && !kc_fp__is_nan(kfp_b[30:0]) &&
               (kc_fp__key(kc_fp__daz(kfp_a)) < kc_fp__key(kc_fp__daz(kfp_b)));
endfunction

function automatic [31:0] kc_fp_max(input [31:0] kfp_a, input [31:0] kfp_b);
    if (kc_fp__is_nan(kfp_a[30:0]) && kc_fp__is_nan(kfp_b[30:0]))
        kc_fp_max = 32'h7FC00000;
    else if (kc_fp__is_nan(kfp_a[30:0]))
        kc_fp_max = kc_fp__daz(kfp_b);
    else if (kc_fp__is_nan(kfp_b[30:0]))
        kc_fp_max = kc_fp__daz(kfp_a);
    else
        kc_fp_max = kc_fp_lt(kfp_a, kfp_b) ? kc_fp__daz(kfp_b) : kc_fp__daz(kfp_a);
endfunction

function automatic [31:0] kc_fp_min(input [31:0] kfp_a, input [31:0] kfp_b);
    if (kc_fp__is_nan(kfp_a[30:0]) && kc_fp__is_nan(kfp_b[30:0]))
        kc_fp_min = 32'h7FC00000;
    else if (kc_fp__is_nan(kfp_a[30:0]))
        kc_fp_min = kc_fp__daz(kfp_b);
    else if (kc_fp__is_nan(kfp_b[30:0]))
        kc_fp_min = kc_fp__daz(kfp_a);
    else
        kc_fp_min = kc_fp_lt(kfp_a, kfp_b) ? kc_fp__daz(kfp_a) : kc_fp__daz(kfp_b);
endfunction

// int32 -> fp32, round to nearest even.
function automatic [31:0] kc_fp_from_int(input [31:0] kfp_i);
    reg [31:0] kfp_mag;
    begin
        kfp_mag = kfp_i[31] ? 32'd0 - kfp_i : kfp_i;
        kc_fp_from_int = kc_fp__pack(kfp_i[31], {48'd0, kfp_mag}, 0, 1'b0);
    end
endfunction

// fp32 -> bf16, round to nearest even on the low half: round up when the low
// half exceeds 0x8000, or equals it and the kept lsb is odd. A carry out of
// the mantissa bumps the exponent and reaches inf exactly on overflow.
function automatic [15:0] kc_fp_to_bf16(input [31:0] kfp_x);
    if (kc_fp__is_nan(kfp_x[30:0]))
        kc_fp_to_bf16 = 16'h7FC0;
    else if (kc_fp__is_zero(kfp_x[30:23]))
        kc_fp_to_bf16 = {kfp_x[31], 15'd0};
    else if (kc_fp__is_inf(kfp_x[30:0]))
        kc_fp_to_bf16 = kfp_x[31:16];
    else
        kc_fp_to_bf16 = kfp_x[31:16] + {15'd0, kfp_x[15] & ((|kfp_x[14:0]) | kfp_x[16])};
endfunction

function automatic [31:0] kc_fp_from_bf16(input [15:0] kfp_h);
    if (kc_fp__is_nan({kfp_h[14:0], 16'd0}))
        kc_fp_from_bf16 = 32'h7FC00000;
    else
        kc_fp_from_bf16 = kc_fp__daz({kfp_h, 16'd0});
endfunction

// The special functions are written as steps (seed / Newton or Horner steps /
// pack) so that a pipelined unit (rtl/common/kc_sfu_lane.v) can put the steps
// in different stages and still be the same function bit for bit: the
// kc_fp_recip/rsqrt/exp below are exactly the composition of their steps.

// 1/x: 2/m by the linear seed (48 - 16m)/17 and three Newton steps, Q30.
function automatic [63:0] kc_fp__recip_m(input [22:0] kfp_frac);
    kc_fp__recip_m = {33'd0, 1'b1, kfp_frac, 7'd0};
endfunction

function automatic [63:0] kc_fp__recip_seed(input [22:0] kfp_x);
    if (kfp_x[22:0] == 23'd0)
        kc_fp__recip_seed = 64'd1 << 31;
    else
        kc_fp__recip_seed = 64'd3031741621 - ((kc_fp__recip_m(kfp_x) * 64'd1010580540) >> 30);
endfunction

// one Newton step (none when the mantissa is 1: the seed is exact)
function automatic [63:0] kc_fp__recip_step(input [22:0] kfp_x, input [63:0] kfp_y);
    reg [63:0] kfp_t;
    begin
        kfp_t = (kc_fp__recip_m(kfp_x) * kfp_y) >> 30;
        if (kfp_x[22:0] == 23'd0)
            kc_fp__recip_step = kfp_y;
        else
            kc_fp__recip_step = (kfp_y * ((64'd1 << 31) - (kfp_t >> 1))) >> 30;
    end
endfunction

function automatic [31:0] kc_fp__recip_pack(input [31:0] kfp_x, input [63:0] kfp_y);
    integer kfp_ex;
    begin
        kfp_ex = {24'd0, kfp_x[30:23]};
        if (kc_fp__is_nan(kfp_x[30:0]))
            kc_fp__recip_pack = 32'h7FC00000;
        else if (kc_fp__is_zero(kfp_x[30:23]))
            kc_fp__recip_pack = {kfp_x[31], 8'hFF, 23'd0};
        else if (kc_fp__is_inf(kfp_x[30:0]))
            kc_fp__recip_pack = {kfp_x[31], 31'd0};
        else
            kc_fp__recip_pack = kc_fp__pack(kfp_x[31], {16'd0, kfp_y}, 96 - kfp_ex, 1'b0);
    end
endfunction

function automatic [31:0] kc_fp_recip(input [31:0] kfp_x);
    kc_fp_recip = kc_fp__recip_pack(kfp_x, kc_fp__recip_step(kfp_x[22:0], kc_fp__recip_step(kfp_x[22:0],
                  kc_fp__recip_step(kfp_x[22:0], kc_fp__recip_seed(kfp_x[22:0])))));
endfunction

// 1/sqrt(x): m' in [1,4), linear seed per half, three Newton steps, Q30.
function automatic [63:0] kc_fp__rsqrt_m(input [23:0] kfp_x);
    // odd unbiased exponent <=> even biased exponent (x[23] = 0)
    kc_fp__rsqrt_m = !kfp_x[23] ? {32'd0, 1'b1, kfp_x[22:0], 8'd0} : {33'd0, 1'b1, kfp_x[22:0], 7'd0};
endfunction

function automatic [63:0] kc_fp__rsqrt_seed(input [23:0] kfp_x);
    reg [63:0] kfp_m;
    begin
        kfp_m = kc_fp__rsqrt_m(kfp_x);
        if (kfp_m == (64'd1 << 30))
            kc_fp__rsqrt_seed = 64'd1 << 30;
        else
            kc_fp__rsqrt_seed = !kfp_x[23] ? 64'd967284659 - ((kfp_m * 64'd111189606) >> 30)
                                : 64'd1367947084 - ((kfp_m * 64'd314491699) >> 30);
    end
endfunction

// one Newton step (none when m' is 1: the seed is exact)
function automatic [63:0] kc_fp__rsqrt_step(input [23:0] kfp_x, input [63:0] kfp_y);
    reg [63:0] kfp_m, kfp_y2, kfp_t;
    begin
        kfp_m = kc_fp__rsqrt_m(kfp_x);
        kfp_y2 = (kfp_y * kfp_y) >> 30;
        kfp_t = (kfp_m * kfp_y2) >> 30;
        if (kfp_m == (64'd1 << 30))
            kc_fp__rsqrt_step = kfp_y;
        else
            kc_fp__rsqrt_step = (kfp_y * ((64'd3 << 30) - kfp_t)) >> 31;
    end
endfunction

function automatic [31:0] kc_fp__rsqrt_pack(input [31:0] kfp_x, input [63:0] kfp_y);
    integer kfp_e;
    reg kfp_odd;
    begin
        kfp_e = {24'd0, kfp_x[30:23]} - 127;
        kfp_odd = kfp_e[0];
        if (kc_fp__is_nan(kfp_x[30:0]))
            kc_fp__rsqrt_pack = 32'h7FC00000;
        else if (kc_fp__is_zero(kfp_x[30:23]))
            kc_fp__rsqrt_pack = {kfp_x[31], 8'hFF, 23'd0};
        else if (kfp_x[31])
            kc_fp__rsqrt_pack = 32'h7FC00000;
        else if (kc_fp__is_inf(kfp_x[30:0]))
            kc_fp__rsqrt_pack = 32'd0;
        else
            kc_fp__rsqrt_pack = kc_fp__pack(1'b0, {16'd0, kfp_y}, -30 - ((kfp_e - (kfp_odd ? 1 : 0)) >>> 1), 1'b0);
    end
endfunction

function automatic [31:0] kc_fp_rsqrt(input [31:0] kfp_x);
    kc_fp_rsqrt = kc_fp__rsqrt_pack(kfp_x, kc_fp__rsqrt_step(kfp_x[23:0], kc_fp__rsqrt_step(kfp_x[23:0],
                  kc_fp__rsqrt_step(kfp_x[23:0], kc_fp__rsqrt_seed(kfp_x[23:0])))));
endfunction

// e^x = 2^(n + f), n = round(x log2 e), 2^f by a degree-7 Taylor polynomial
// in Q30 (Horner). Coefficients ln2^k/k! Q30, as in kc_fp.c.
// Range reduction: {n, f} (n: bits [95:64], f: bits [63:0], both signed;
// |n| <= 185 whenever the result is not a special case).
function automatic [95:0] kc_fp__exp_reduce(input [31:0] kfp_x);
    integer kfp_e, kfp_sh;
    reg [63:0] kfp_p, kfp_tmag;
    reg signed [63:0] kfp_t, kfp_n;
    begin
        kfp_e = {24'd0, kfp_x[30:23]} - 127;
        kfp_sh = 31 - kfp_e;
        kfp_p = {40'd0, 1'b1, kfp_x[22:0]} * 64'd396564993198; // log2(e) Q38
        kfp_tmag = (kfp_sh >= 64 || kfp_sh < 0) ? 64'd0 : kfp_p >> kfp_sh[5:0];
        kfp_t = kfp_x[31] ? -$signed(kfp_tmag) : $signed(kfp_tmag);
        kfp_n = (kfp_t + 64'sd536870912) >>> 30;
        kc_fp__exp_reduce = {kfp_n[31:0], kfp_t - (kfp_n <<< 30)};
    end
endfunction

// Horner step k (1..7): y = c_k + y f, from y = c_0 = 16377
function automatic signed [63:0] kc_fp__exp_step(input integer kfp_k, input signed [63:0] kfp_y,
                                                 input signed [63:0] kfp_f);
    reg signed [63:0] kfp_c;
    begin
        case (kfp_k)
            1: kfp_c = 64'sd165394;
            2: kfp_c = 64'sd1431680;
            3: kfp_c = 64'sd10327387;
            4: kfp_c = 64'sd59597083;
            5: kfp_c = 64'sd257941248;
            6: kfp_c = 64'sd744261118;
            default: kfp_c = 64'sd1073741824;
        endcase
        kc_fp__exp_step = kfp_c + ((kfp_y * kfp_f) >>> 30);
    end
endfunction

function automatic [31:0] kc_fp__exp_pack(input [31:0] kfp_x, input signed [31:0] kfp_n,
                                          input signed [63:0] kfp_y);
    integer kfp_e;
    begin
        kfp_e = {24'd0, kfp_x[30:23]} - 127;
        if (kc_fp__is_nan(kfp_x[30:0]))
            kc_fp__exp_pack = 32'h7FC00000;
        else if (kc_fp__is_inf(kfp_x[30:0]))
            kc_fp__exp_pack = kfp_x[31] ? 32'd0 : 32'h7F800000;
        else if (kc_fp__is_zero(kfp_x[30:23]))
            kc_fp__exp_pack = 32'h3F800000;
        else if (kfp_e >= 7)
            kc_fp__exp_pack = kfp_x[31] ? 32'd0 : 32'h7F800000;
        else
            kc_fp__exp_pack = kc_fp__pack(1'b0, {16'd0, kfp_y}, kfp_n - 30, 1'b0);
    end
endfunction

function automatic [31:0] kc_fp_exp(input [31:0] kfp_x);
    reg [95:0] kfp_nf;
    reg signed [63:0] kfp_y;
    integer kfp_k;
    begin
        kfp_nf = kc_fp__exp_reduce(kfp_x);
        kfp_y = 64'sd16377;
        for (kfp_k = 1; kfp_k <= 7; kfp_k = kfp_k + 1)
            kfp_y = kc_fp__exp_step(kfp_k, kfp_y, kfp_nf[63:0]);
        kc_fp_exp = kc_fp__exp_pack(kfp_x, kfp_nf[95:64], kfp_y);
    end
endfunction
