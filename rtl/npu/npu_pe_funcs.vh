// npu_pe_funcs.vh — the two arithmetic stages of a processing element
// (npu_pe.v): together exactly kc_fp_fma(bf16(a), bf16(b), c) of
// rtl/common/kc_fp_funcs.vh (and harness/kc_fp.c), the ISS's mmac step.
//
// Include it inside a module body (functions are module-scoped; no include
// guard, as kc_fp_funcs.vh). tests/npu/npu_pe_tb.v checks the composition
// against the C model on random and edge operands, and the PE's pipeline on
// random accumulation chains (ctest npu_pe).
//
// Why two functions: a bf16 x bf16 product has at most 16 significant bits, so
// it is exact (no rounding) and can be registered between the stages; only the
// addition rounds. The product keeps an exponent wider than fp32's (a product of
// two tiny or two huge bf16 values is outside the fp32 range, and fma adds it
// to c before rounding, so it must not be flushed or saturated yet).
//
// Product format, 30 bits: {nan, inf, zero, sign, exp[9:0], sig[15:0]}
//   nan   a or b is NaN, or inf x 0            (the result is NaN)
//   inf   a or b is inf, the other not 0/NaN   (inf with the product's sign)
//   zero  a or b is zero (a bf16 denormal reads as zero: DAZ)
//   exp   biased exponent of sig's leading one, two's complement, -125..382
//   sig   the exact significand, normalised: sig[15] = 1, value sig / 2^15
// exp and sig mean something only when nan, inf and zero are all clear.

// Stage M: the exact product of two bf16 values (an 8 x 8 multiply, an
// exponent add and a one-bit normalisation).
function automatic [29:0] npu_pe_mul(input [15:0] pm_a, input [15:0] pm_b);
    reg pm_az, pm_bz, pm_ai, pm_bi, pm_an, pm_bn, pm_nan, pm_inf, pm_zero;
    reg [15:0] pm_m;
    reg [9:0]  pm_e;
    begin
        pm_az = pm_a[14:7] == 8'd0;
        pm_bz = pm_b[14:7] == 8'd0;
        pm_ai = pm_a[14:7] == 8'hFF && pm_a[6:0] == 7'd0;
        pm_bi = pm_b[14:7] == 8'hFF && pm_b[6:0] == 7'd0;
        pm_an = pm_a[14:7] == 8'hFF && pm_a[6:0] != 7'd0;
        pm_bn = pm_b[14:7] == 8'hFF && pm_b[6:0] != 7'd0;
        pm_nan  = pm_an || pm_bn || (pm_ai && pm_bz) || (pm_bi && pm_az);
        pm_inf  = (pm_ai || pm_bi) && !pm_nan;
        pm_zero = (pm_az || pm_bz) && !pm_nan && !pm_inf;
        // (1.a)(1.b) in [1, 4): 2.14 fixed point, leading one at bit 15 or 14
        pm_m = {8'd0, 1'b1, pm_a[6:0]} * {8'd0, 1'b1, pm_b[6:0]};
        pm_e = {2'b00, pm_a[14:7]} + {2'b00, pm_b[14:7]} + {9'd0, pm_m[15]} - 10'd127;
        npu_pe_mul = {pm_nan, pm_inf, pm_zero, pm_a[15] ^ pm_b[15], pm_e,
                      pm_m[15] ? pm_m : {pm_m[14:0], 1'b0}};
    end
endfunction

// Leading zeros of a nonzero 30-bit value, in log steps (0..29).
function automatic [4:0] npu_pe__clz30(input [29:0] pz_x);
    reg [31:0] pz_n;
    reg [4:0]  pz_c;
    begin
        pz_n = {pz_x, 2'b11};   // the two ones stop the count at 29 (pz_x is nonzero)
        pz_c = 5'd0;
        if (pz_n[31:16] == 16'd0) begin pz_n = pz_n << 16; pz_c = pz_c + 5'd16; end
        if (pz_n[31:24] == 8'd0)  begin pz_n = pz_n << 8;  pz_c = pz_c + 5'd8;  end
        if (pz_n[31:28] == 4'd0)  begin pz_n = pz_n << 4;  pz_c = pz_c + 5'd4;  end
        if (pz_n[31:30] == 2'd0)  begin pz_n = pz_n << 2;  pz_c = pz_c + 5'd2;  end
        if (!pz_n[31])            pz_c = pz_c + 5'd1;
        npu_pe__clz30 = pz_c;
    end
endfunction

// Stage A: c + p, one rounding (RNE), denormal results flushed to signed zero,
// special values exactly as kc_fp_fma. A two-path adder (the accumulate loop is
// the array's longest path, so its two slow steps, the alignment shift and the
// normalisation after a cancellation, are kept on separate paths) over a 30-bit
// window: the operand with the larger exponent, X, has its leading one at bit 28
// (bit 29 takes a carry), the other, Y, below it shifted right by the exponent
// difference d. c's 24 significand bits sit at [28:5], the product's 16 at
// [28:13], so both carry at least five zero bits below.
//   far path (an addition, or a subtraction with d >= 2, or c zero): Y is
//     shifted by d, the bits it loses ORed into a sticky bit st. Y loses bits
//     only when d >= 6: then Y < 2^23 and the result keeps its leading one at
//     bit 27 or above, so guard and round lie inside the window and st is exact
//     (a subtraction takes one more unit off and lets st stand for the fraction,
//     as kc_fp__fma_front). With d >= 2 the result is >= 2^27: normalising is a
//     shift by at most two.
//   near path (a subtraction with d <= 1, where all but a few bits may cancel):
//     Y is shifted by at most one, losing nothing, and the difference is exact;
//     its three possible forms (d = 0 either way, p ahead by one, c ahead by
//     one) are formed side by side with the exponent compare, which then picks
//     one; a leading-zero count normalises it.
// One rounder takes either path's normalised result.
function automatic [31:0] npu_pe_add(input [29:0] pa_p, input [31:0] pa_c);
    reg pa_pn, pa_pi, pa_pz, pa_sp, pa_sc, pa_cn, pa_ci, pa_cz;
    reg pa_pbig, pa_sub, pa_near, pa_st, pa_sf, pa_sn, pa_s, pa_up, pa_zero;
    reg [9:0]  pa_pe, pa_ex, pa_d, pa_e, pa_er;
    reg [4:0]  pa_sh, pa_lz, pa_lzn;
    reg [1:0]  pa_lzf;
    reg [23:0] pa_xs, pa_ys, pa_cm;
    reg [29:0] pa_u, pa_yw, pa_v, pa_dxy, pa_P, pa_C, pa_magf, pa_magn, pa_nm, pa_n0r, pa_np, pa_nc;
    reg [30:0] pa_n0;
    reg [10:0] pa_dpc;
    reg [9:0]  pa_dcp;
    reg [24:0] pa_mant;
    begin
        pa_pn = pa_p[29];
        pa_pi = pa_p[28];
        pa_pz = pa_p[27];
        pa_sp = pa_p[26];
        pa_pe = pa_p[25:16];
        pa_sc = pa_c[31];
        pa_cn = pa_c[30:23] == 8'hFF && pa_c[22:0] != 23'd0;
        pa_ci = pa_c[30:23] == 8'hFF && pa_c[22:0] == 23'd0;
        pa_cz = pa_c[30:23] == 8'd0;
        pa_cm = pa_cz ? 24'd0 : {1'b1, pa_c[22:0]};
        pa_sub = pa_sp != pa_sc;
        pa_P = {1'b0, pa_p[15:0], 13'd0};
        pa_C = {1'b0, pa_cm, 5'd0};
        // X: the product when its exponent is not below c's (or c is zero). Both
        // exponent differences are formed side by side and the sign of one picks.
        pa_dpc = {pa_pe[9], pa_pe} - {3'b000, pa_c[30:23]};
        pa_dcp = {2'b00, pa_c[30:23]} - pa_pe;
        pa_pbig = pa_cz || !pa_dpc[10];
        pa_ex = pa_pbig ? pa_pe : {2'b00, pa_c[30:23]};
        pa_d  = pa_pbig ? pa_dpc[9:0] : pa_dcp;
        pa_near = pa_sub && !pa_cz && (pa_dpc == 11'd0 || pa_dpc == 11'd1 || pa_dpc == 11'h7FF);
        // far path. d >= 30 shifts everything out (d < 0 only when c is zero: Y = 0)
        pa_xs = pa_pbig ? {pa_p[15:0], 8'd0} : pa_cm;
        pa_ys = pa_pbig ? pa_cm : {pa_p[15:0], 8'd0};
        pa_sf = pa_pbig ? pa_sp : pa_sc;
        pa_sh = pa_d[9:5] != 5'd0 ? 5'd31 : pa_d[4:0];
        pa_u  = {1'b0, pa_xs, 5'd0};
        pa_yw = {1'b0, pa_ys, 5'd0};
        pa_v  = pa_yw >> pa_sh;
        pa_st = !pa_near && (pa_yw & ~(30'h3FFFFFFF << pa_sh)) != 30'd0;
        pa_dxy = pa_u - pa_v - {29'd0, pa_st};   // (no borrow: X > Y here)
        pa_magf = pa_sub ? pa_dxy : pa_u + pa_v;
        pa_lzf = pa_magf[29] ? 2'd0 : pa_magf[28] ? 2'd1 : 2'd2;
        // near path: the candidate differences, exact
        pa_n0  = {1'b0, pa_P} - {1'b0, pa_C};   // equal exponents, p - c
        pa_n0r = pa_C - pa_P;                   //                  c - p
        pa_np  = pa_P - (pa_C >> 1);            // p's exponent one above c's
        pa_nc  = pa_C - (pa_P >> 1);            // c's exponent one above p's
        if (pa_dpc == 11'd1) begin
            pa_magn = pa_np;  pa_sn = pa_sp;
        end else if (pa_dpc == 11'h7FF) begin
            pa_magn = pa_nc;  pa_sn = pa_sc;
        end else if (!pa_n0[30]) begin
            pa_magn = pa_n0[29:0]; pa_sn = pa_sp;
        end else begin
            pa_magn = pa_n0r; pa_sn = pa_sc;
        end
        pa_lzn = npu_pe__clz30(pa_magn);
        pa_zero = pa_near && pa_magn == 30'd0;    // exact cancellation
        // normalise (leading one to bit 29) and round to 24 bits
        pa_s  = pa_near ? pa_sn : pa_sf;
        pa_lz = pa_near ? pa_lzn : {3'd0, pa_lzf};
        pa_nm = pa_near ? pa_magn << pa_lzn : pa_magf << pa_lzf;
        pa_e  = pa_ex + 10'd1 - {5'd0, pa_lz};   // biased exponent of the exact sum
        pa_mant = {1'b0, pa_nm[29:6]};
        pa_up = pa_nm[5] && ((|pa_nm[4:0]) || pa_st || pa_mant[0]);
        pa_mant = pa_mant + {24'd0, pa_up};
        pa_er = pa_e + {9'd0, pa_mant[24]};       // a carry out of rounding: 2^(e+1)
        if (pa_pn || pa_cn)
            npu_pe_add = 32'h7FC00000;
        else if (pa_pi)
            npu_pe_add = (pa_ci && pa_sc != pa_sp) ? 32'h7FC00000 : {pa_sp, 8'hFF, 23'd0};
        else if (pa_ci)
            npu_pe_add = pa_c;
        else if (pa_pz)
            npu_pe_add = pa_cz ? {pa_sp & pa_sc, 31'd0} : pa_c;
        else if (pa_zero)
            npu_pe_add = 32'd0;                            // exact cancellation: +0
        else if ($signed(pa_e) <= 10'sd0)
            npu_pe_add = {pa_s, 31'd0};                    // tiny before rounding: flush
        else if ($signed(pa_er) >= 10'sd255)
            npu_pe_add = {pa_s, 8'hFF, 23'd0};             // overflow (after rounding)
        else
            npu_pe_add = {pa_s, pa_er[7:0], pa_mant[22:0]};   // (a carry left [22:0] zero)
    end
endfunction
