// rvv_vdecode.vh — the vector decoder as a function, rvv_vdec(insn, vtype):
// legality and operand use of one vector instruction (the rules: rvv_vdecode.v's
// header). The one source of these rules: rvv_vdecode (the combinational module)
// is a call of it, and rvv_core calls it directly in ID only when the word or the
// front vtype changed (a memo: Verilator evaluates every combinational block on
// every clock, and this decode was ~15% of a simulated cycle while ID stalls).
// Included inside a module; the names it declares start with vd_/VD_ (and rvv_vdec).
// Result: {is_vec, legal, rd_x, rd_f, use_xs1, use_xs2, use_fs1, is_vmem, is_vstore}.

    localparam [6:0] VD_OP_V = 7'b1010111, VD_LOAD_FP = 7'b0000111, VD_STORE_FP = 7'b0100111;
    localparam [2:0] VD_IVV = 3'd0, VD_FVV = 3'd1, VD_MVV = 3'd2, VD_IVI = 3'd3, VD_IVX = 3'd4,
                     VD_FVF = 3'd5, VD_MVX = 3'd6;

    // register group of 2^emul registers starting at r is aligned
    /* verilator lint_off UNUSEDSIGNAL */
    function automatic vd_al(input [4:0] r, input signed [3:0] emul);
        case (emul)
            4'sd1:   vd_al = (r[0] == 1'b0);
            4'sd2:   vd_al = (r[1:0] == 2'b0);
            4'sd3:   vd_al = (r[2:0] == 3'b0);
            default: vd_al = (emul <= 4'sd3);     // fractional or 1: any register; >8: never
        endcase
    endfunction
    /* verilator lint_on UNUSEDSIGNAL */
    function automatic [4:0] vd_gsz(input signed [3:0] emul);   // registers in a group
        vd_gsz = (emul <= 4'sd0) ? 5'd1 : (5'd1 << emul[1:0]);
    endfunction
    function automatic vd_ovl(input [4:0] a, input signed [3:0] ea, input [4:0] b, input signed [3:0] eb);
        vd_ovl = ({1'b0, a} < {1'b0, b} + {1'b0, vd_gsz(eb)}) && ({1'b0, b} < {1'b0, a} + {1'b0, vd_gsz(ea)});
    endfunction
    // QEMU's require_noover: a wider destination may overlap a (LMUL >= 1)
    // source only in its highest-numbered part.
    function automatic vd_noover(input [4:0] d, input signed [3:0] ed, input [4:0] s, input signed [3:0] es);
        vd_noover = !vd_ovl(d, ed, s, es) ||
                    (vd_gsz(ed) > vd_gsz(es) && es >= 4'sd0 && d < s && !vd_ovl(d, ed, s + vd_gsz(es), es));
    endfunction

    /* verilator lint_off UNUSEDSIGNAL */   // vt[7:6] (vta, vma) do not decide legality
    function automatic [8:0] rvv_vdec(input [31:0] w, input [7:0] vt);
    /* verilator lint_on UNUSEDSIGNAL */
        reg [6:0] opc;
        reg [2:0] f3, nf, sew, eew;
        reg [5:0] f6;
        reg [4:0] vs2, vs1, vd;
        reg [1:0] mop, ek;
        reg       vm, mew, vill, rvm, sss, ss, mss, xsrc, wcom, dss, dds, sd, sds, ds, e32, red;
        reg       slide_over, gath, g16, ext_ok, whole_ok, nf_ok, idx_ld_ov;
        reg signed [3:0] lmul, lw, l16, lext, emem;
        reg [6:0] nf_regs;
        reg       o_is_vec, o_legal, o_rd_x, o_rd_f, o_use_xs1, o_use_xs2, o_use_fs1, o_is_vmem, o_is_vstore;
        begin
        // --- fields
        opc    = w[6:0];
        f3     = w[14:12];
        f6     = w[31:26];
        vm     = w[25];
        vs2    = w[24:20];
        vs1    = w[19:15];
        vd     = w[11:7];
        nf     = w[31:29];
        mew    = w[28];
        mop    = w[27:26];

        sew    = vt[5:3];                 // 0:e8 1:e16 2:e32
        lmul   = {vt[2], vt[2:0]};     // log2 LMUL, -3..3
        vill   = (sew > 3'd2) || (vt[2:0] == 3'b100) || (vt[2:0] == 3'b101) ||
                 (vt[2:0] == 3'b110 && sew != 3'd0) || (vt[2:0] == 3'b111 && sew == 3'd2);

        rvm  = vm || (vd != 5'd0);                       // require_vm
        lw   = lmul + 4'sd1;                             // wide EMUL
        sss  = rvm && vd_al(vd, lmul) && vd_al(vs2, lmul) &&
               (f3 == VD_IVX || f3 == VD_IVI || f3 == VD_FVF || f3 == VD_MVX || vd_al(vs1, lmul));
        ss   = rvm && vd_al(vd, lmul) && vd_al(vs2, lmul);
        mss  = vd_al(vs2, lmul) && (vd == vs2 || vd_noover(vd, 4'sd0, vs2, lmul)) &&
               (f3 == VD_IVX || f3 == VD_IVI || f3 == VD_FVF || f3 == VD_MVX ||
                (vd_al(vs1, lmul) && (vd == vs1 || vd_noover(vd, 4'sd0, vs1, lmul))));
        xsrc = (f3 == VD_IVX || f3 == VD_IVI || f3 == VD_MVX || f3 == VD_FVF);
        wcom = (lmul < 4'sd3) && (sew < 3'd2) && vd_al(vd, lw) && rvm;
        dss  = wcom && vd_al(vs2, lmul) && vd_noover(vd, lw, vs2, lmul) &&
               (xsrc || (vd_al(vs1, lmul) && vd_noover(vd, lw, vs1, lmul)));
        dds  = wcom && vd_al(vs2, lw) && (xsrc || (vd_al(vs1, lmul) && vd_noover(vd, lw, vs1, lmul)));
        sd   = (lmul < 4'sd3) && (sew < 3'd2) && vd_al(vs2, lw) && vd_al(vd, lmul) && rvm &&
               (vd == vs2 || vd_noover(vd, lmul, vs2, lw));
        sds  = sd && (xsrc || vd_al(vs1, lmul));
        ds   = wcom && vd_al(vs2, lmul) && vd_noover(vd, lw, vs2, lmul);
        e32  = (sew == 3'd2);
        red  = vd_al(vs2, lmul);
        slide_over = ss && (vd != vs2);
        gath = ss && !vd_ovl(vd, lmul, vs2, lmul) &&
               (xsrc || (vd_al(vs1, lmul) && !vd_ovl(vd, lmul, vs1, lmul)));

        // vrgatherei16.vv: vs1 has EEW 16
        l16  = lmul - {2'b0, sew[1:0]} + 4'sd1;
        g16  = rvm && (l16 >= -4'sd3) && (l16 <= 4'sd3) && vd_al(vd, lmul) && vd_al(vs2, lmul) &&
               vd_al(vs1, l16) && (vd != vs2) && !vd_ovl(vd, lmul, vs1, l16);

        // vector memory: EEW from width, log2(EEW/8), 3 = e64/invalid
        case (f3)
            3'b000:  eew = 3'd0;
            3'b101:  eew = 3'd1;
            3'b110:  eew = 3'd2;
            default: eew = 3'd3;
        endcase
        emem     = {1'b0, eew} - {1'b0, sew} + lmul;
        whole_ok = vm && (nf == 3'd0 || nf == 3'd1 || nf == 3'd3 || nf == 3'd7) &&
                   ((vd & {2'b00, nf}) == 5'd0);
        // registers a (segment) access spans: (nf+1) << max(EMUL, 0); QEMU's require_nf
        nf_regs  = {3'd0, {1'b0, nf} + 4'd1} << (emem > 4'sd0 ? emem[1:0] : 2'd0);
        nf_ok    = nf_regs <= 7'd8 && {2'b00, vd} + nf_regs <= 7'd32;
        idx_ld_ov = (eew == sew) ? 1'b1 :
                    (eew > sew) ? (vd == vs2 || vd_noover(vd, lmul, vs2, emem)) :
                                  vd_noover(vd, lmul, vs2, emem);

        o_is_vec = 1'b0; o_legal = 1'b0; o_rd_x = 1'b0; o_rd_f = 1'b0;
        o_use_xs1 = 1'b0; o_use_xs2 = 1'b0; o_use_fs1 = 1'b0; o_is_vmem = 1'b0; o_is_vstore = 1'b0;
        ek = 2'd0;
        lext = 4'sd0;
        ext_ok = 1'b0;
        if (opc == VD_OP_V && f3 != 3'b111) begin
            o_is_vec  = 1'b1;
            o_use_xs1 = (f3 == VD_IVX || f3 == VD_MVX);
            o_use_fs1 = (f3 == VD_FVF);
            if (f3 == VD_IVV || f3 == VD_IVX || f3 == VD_IVI) begin
                case (f6)
                    6'b000000, 6'b001001, 6'b001010, 6'b001011, 6'b100101, 6'b101000, 6'b101001:
                        o_legal = sss;                                  // vadd vand vor vxor vsll vsrl vsra
                    6'b000010, 6'b000100, 6'b000101, 6'b000110, 6'b000111:
                        o_legal = sss && f3 != VD_IVI;                     // vsub vminu vmin vmaxu vmax
                    6'b000011: o_legal = sss && f3 != VD_IVV;              // vrsub
                    6'b100000, 6'b100001: o_legal = sss;                // vsaddu vsadd
                    6'b100010, 6'b100011: o_legal = sss && f3 != VD_IVI;   // vssubu vssub
                    6'b011000, 6'b011001, 6'b011100, 6'b011101:
                        o_legal = mss;                                  // vmseq vmsne vmsleu vmsle
                    6'b011010, 6'b011011: o_legal = mss && f3 != VD_IVI;   // vmsltu vmslt
                    6'b011110, 6'b011111: o_legal = mss && f3 != VD_IVV;   // vmsgtu vmsgt
                    6'b010111: o_legal = vm ? (vs2 == 5'd0 && vd_al(vd, lmul) && (f3 != VD_IVV || vd_al(vs1, lmul)))
                                          : sss;                      // vmv.v.* / vmerge
                    6'b001100: o_legal = gath;                          // vrgather
                    6'b001110: o_legal = (f3 != VD_IVV) ? slide_over : g16; // vslideup / vrgatherei16.vv
                    6'b001111: o_legal = (f3 != VD_IVV) && ss;             // vslidedown
                    6'b101100, 6'b101101: o_legal = sds;                // vnsrl vnsra
                    6'b100111: o_legal = (f3 == VD_IVI) && vm && (vs1 == 5'd0 || vs1 == 5'd1 || vs1 == 5'd3 || vs1 == 5'd7) &&
                                       ((vd & vs1) == 5'd0) && ((vs2 & vs1) == 5'd0);  // vmv<nr>r.v
                    default:   o_legal = 1'b0;
                endcase
                if (f6 != 6'b100111 && vill) o_legal = 1'b0;
            end else if (f3 == VD_MVV || f3 == VD_MVX) begin
                case (f6)
                    6'b000000, 6'b000001, 6'b000010, 6'b000011, 6'b000100, 6'b000101, 6'b000110, 6'b000111:
                        o_legal = (f3 == VD_MVV) && red;                   // vred*
                    6'b010000: begin
                        if (f3 == VD_MVV) begin
                            o_legal = (vs1 == 5'd0 && vm) || vs1 == 5'd16 || vs1 == 5'd17; // vmv.x.s vcpop vfirst
                            o_rd_x  = o_legal;
                        end else begin
                            o_legal = (vs2 == 5'd0 && vm);              // vmv.s.x
                        end
                    end
                    6'b010010: begin                                  // vzext/vsext
                        ek = (vs1[4:1] == 4'd3) ? 2'd1 : (vs1[4:1] == 4'd2) ? 2'd2 : 2'd3;
                        lext = lmul - {2'b0, ek};
                        ext_ok = ({1'b0, sew} >= {2'b0, ek}) && (lext >= -4'sd3) && (vd != vs2) &&
                                 vd_al(vd, lmul) && vd_al(vs2, lext) && rvm && vd_noover(vd, lmul, vs2, lext);
                        o_legal = (f3 == VD_MVV) && (vs1[4:1] == 4'd3 || vs1[4:1] == 4'd2) && ext_ok;
                    end
                    6'b010100: begin
                        if (f3 != VD_MVV) o_legal = 1'b0;
                        else case (vs1)
                            5'd1, 5'd2, 5'd3: o_legal = rvm && (vd != vs2); // vmsbf vmsof vmsif
                            5'd16: o_legal = rvm && vd_al(vd, lmul) && vd_noover(vd, lmul, vs2, 4'sd0); // viota
                            5'd17: o_legal = rvm && vd_al(vd, lmul) && vs2 == 5'd0;  // vid
                            default: o_legal = 1'b0;
                        endcase
                    end
                    6'b011000, 6'b011001, 6'b011010, 6'b011011, 6'b011100, 6'b011101, 6'b011110, 6'b011111:
                        o_legal = (f3 == VD_MVV) && vm;                    // mask logicals
                    6'b001110: o_legal = (f3 == VD_MVX) && slide_over;     // vslide1up
                    6'b010111: o_legal = (f3 == VD_MVV) && vm && vd_al(vd, lmul) && vd_al(vs2, lmul) && (vd != vs2) &&
                                       !vd_ovl(vd, lmul, vs1, 4'sd0);       // vcompress.vm
                    6'b001111: o_legal = (f3 == VD_MVX) && ss;             // vslide1down
                    6'b100000, 6'b100001, 6'b100010, 6'b100011, 6'b100100, 6'b100101, 6'b100110, 6'b100111,
                    6'b101001, 6'b101011, 6'b101101, 6'b101111:
                        o_legal = sss;                                  // vdiv.. vmul.. vmadd vnmsub vmacc vnmsac
                    6'b110000, 6'b110001, 6'b110010, 6'b110011, 6'b111000, 6'b111010, 6'b111011,
                    6'b111100, 6'b111101, 6'b111111:
                        o_legal = dss;                                  // vwadd(u) vwsub(u) vwmul* vwmacc*
                    6'b111110: o_legal = (f3 == VD_MVX) && dss;            // vwmaccus
                    6'b110100, 6'b110101, 6'b110110, 6'b110111:
                        o_legal = dds;                                  // vwadd(u).w vwsub(u).w
                    default:   o_legal = 1'b0;
                endcase
                if (vill) o_legal = 1'b0;
                o_rd_x = o_rd_x && o_legal;
            end else begin // VD_FVV / VD_FVF
                case (f6)
                    6'b000000, 6'b000010, 6'b000100, 6'b000110, 6'b001000, 6'b001001, 6'b001010,
                    6'b100000, 6'b100100, 6'b101000, 6'b101001, 6'b101010, 6'b101011,
                    6'b101100, 6'b101101, 6'b101110, 6'b101111:
                        o_legal = sss;                                  // vfadd vfsub vfmin vfmax vfsgnj* vfdiv vfmul fma
                    6'b100001, 6'b100111: o_legal = (f3 == VD_FVF) && sss; // vfrdiv vfrsub
                    6'b000001, 6'b000011, 6'b000101, 6'b000111:
                        o_legal = (f3 == VD_FVV) && red;                   // vfred*
                    6'b011000, 6'b011001, 6'b011011, 6'b011100: o_legal = mss;  // vmfeq vmfle vmflt vmfne
                    6'b011101, 6'b011111: o_legal = (f3 == VD_FVF) && mss; // vmfgt vmfge
                    6'b010000: begin
                        o_legal = vm && (f3 == VD_FVV ? vs1 == 5'd0 : vs2 == 5'd0); // vfmv.f.s / vfmv.s.f
                        o_rd_f  = (f3 == VD_FVV) && o_legal;
                    end
                    6'b010111: o_legal = (f3 == VD_FVF) && (vm ? (vs2 == 5'd0 && vd_al(vd, lmul)) : sss); // vfmv.v.f vfmerge
                    6'b001110: o_legal = (f3 == VD_FVF) && slide_over;     // vfslide1up
                    6'b001111: o_legal = (f3 == VD_FVF) && ss;             // vfslide1down
                    6'b010010: begin
                        if (f3 != VD_FVV) o_legal = 1'b0;
                        else case (vs1)
                            5'd0, 5'd1, 5'd2, 5'd3, 5'd6, 5'd7: o_legal = ss;        // vfcvt.*
                            5'd10, 5'd11: o_legal = ds && sew == 3'd1;               // vfwcvt.f.x(u).v
                            5'd16, 5'd17, 5'd22, 5'd23: o_legal = sd && sew == 3'd1; // vfncvt.x(u).f.w (rtz)
                            default: o_legal = 1'b0;
                        endcase
                    end
                    6'b010011: o_legal = (f3 == VD_FVV) && (vs1 == 5'd0 || vs1 == 5'd4 || vs1 == 5'd5 || vs1 == 5'd16) && ss;
                    default:   o_legal = 1'b0;
                endcase
                // fp needs SEW=32 except the two conversions with a 16-bit integer side
                if (!(f6 == 6'b010010 && vs1[4:3] != 2'b00) && !e32) o_legal = 1'b0;
                if (vill) o_legal = 1'b0;
                o_rd_f = o_rd_f && o_legal;
            end
        end else if ((opc == VD_LOAD_FP || opc == VD_STORE_FP) && (f3 == 3'b000 || f3[2:1] == 2'b11 || f3 == 3'b101)) begin
            o_is_vec    = 1'b1;
            o_is_vmem   = 1'b1;
            o_is_vstore = (opc == VD_STORE_FP);
            o_use_xs1   = 1'b1;
            o_use_xs2   = (mop == 2'b10);
            if (mew || eew == 3'd3) o_legal = 1'b0;
            else if (mop == 2'b00 && vs2 == 5'b01000)                   // whole register
                o_legal = whole_ok && (opc == VD_LOAD_FP || eew == 3'd0);
            else if (mop == 2'b00 && vs2 == 5'b01011)                   // vlm / vsm
                o_legal = !vill && vm && nf == 3'd0 && eew == 3'd0;
            else if (nf != 3'd0 && !(mop == 2'b00 && vs2 == 5'd0)) o_legal = 1'b0; // strided/indexed segments
            else if (mop == 2'b00 && vs2 != 5'd0) o_legal = 1'b0;         // fault-only-first etc.
            else if (mop[0] == 1'b0)                                    // unit-stride (segment) / strided
                o_legal = !vill && emem >= -4'sd3 && emem <= 4'sd3 && vd_al(vd, emem) && nf_ok &&
                        (opc == VD_STORE_FP || rvm);
            else                                                        // indexed
                o_legal = !vill && emem >= -4'sd3 && emem <= 4'sd3 && vd_al(vd, lmul) && vd_al(vs2, emem) &&
                        (opc == VD_STORE_FP || (rvm && idx_ld_ov));
        end
        rvv_vdec = {o_is_vec, o_legal, o_rd_x, o_rd_f, o_use_xs1, o_use_xs2, o_use_fs1, o_is_vmem, o_is_vstore};
        end
    endfunction
