// rvv_vdecode — legality and operand-use decode of one vector instruction.
//
// Combinational; the scalar core instantiates it in ID so an illegal vector
// instruction traps precisely at issue, and rvv_vec trusts what reaches vq_*.
// The rules follow the RVV 1.0 spec as QEMU 7.2 applies them (QEMU is the
// judge in co-simulation): register-group alignment for the (effective) LMUL,
// require_vm (a masked op must not write v0 unless its destination is a mask),
// the overlap rules of widening/narrowing/slide/gather/iota/ext ops, SEW
// limits (fp needs SEW=32: Zve32f has no half precision).
//
// vtype = {vma, vta, vsew[2:0], vlmul[2:0]}. vill is not a bit of this byte:
// the core signals it by passing any reserved encoding (vsew >= 3, vlmul =
// 4, or a fractional LMUL below SEW/ELEN) and every vtype-dependent vector
// instruction is then illegal. Whole-register loads/stores/moves do not depend
// on vtype and stay legal.
//
// is_vec: goes to the vector unit (OP-V other than vset*, and LOAD-FP/STORE-FP
// with a vector width). vsetvli/vsetivli/vsetvl are executed by the core.
// Segment loads/stores: unit-stride only (vlseg<nf>e<eew>/vsseg<nf>e<eew>,
// RVV 1.0 / QEMU require_nf: NF*EMUL <= 8 and vd + NF*EMUL <= 32, fractional
// EMUL counting 1). Not supported (illegal here): strided and indexed segment
// loads/stores, fault-only-first loads, fixed-point ops, vadc/vsbc family,
// vcompress, widening/narrowing fp arithmetic (needs fp16), vfwcvt/vfncvt
// forms whose narrow side is fp16.
`default_nettype none

module rvv_vdecode (
    input  wire [31:0] insn,
    input  wire [7:0]  vtype,
    output reg         is_vec,
    output reg         legal,
    output reg         rd_x,
    output reg         rd_f,
    output reg         use_xs1,
    output reg         use_xs2,
    output reg         use_fs1,
    output reg         is_vmem,
    output reg         is_vstore
);
    // --- fields
    wire [6:0] opc    = insn[6:0];
    wire [2:0] f3     = insn[14:12];
    wire [5:0] f6     = insn[31:26];
    wire       vm     = insn[25];
    wire [4:0] vs2    = insn[24:20];
    wire [4:0] vs1    = insn[19:15];
    wire [4:0] vd     = insn[11:7];
    wire [2:0] nf     = insn[31:29];
    wire       mew    = insn[28];
    wire [1:0] mop    = insn[27:26];

    wire [2:0] sew    = vtype[5:3];            // 0:e8 1:e16 2:e32
    wire signed [3:0] lmul = {vtype[2], vtype[2:0]};  // log2 LMUL, -3..3
    wire vill = (sew > 3'd2) || (vtype[2:0] == 3'b100) || (vtype[2:0] == 3'b101) ||
                (vtype[2:0] == 3'b110 && sew != 3'd0) || (vtype[2:0] == 3'b111 && sew == 3'd2);

    localparam [6:0] OP_V = 7'b1010111, LOAD_FP = 7'b0000111, STORE_FP = 7'b0100111;
    localparam [2:0] IVV = 3'd0, FVV = 3'd1, MVV = 3'd2, IVI = 3'd3, IVX = 3'd4, FVF = 3'd5, MVX = 3'd6;

    // register group of 2^emul registers starting at r is aligned
    /* verilator lint_off UNUSEDSIGNAL */
    function automatic al(input [4:0] r, input signed [3:0] emul);
        case (emul)
            4'sd1:   al = (r[0] == 1'b0);
            4'sd2:   al = (r[1:0] == 2'b0);
            4'sd3:   al = (r[2:0] == 3'b0);
            default: al = (emul <= 4'sd3);     // fractional or 1: any register; >8: never
        endcase
    endfunction
    /* verilator lint_on UNUSEDSIGNAL */
    function automatic [4:0] gsz(input signed [3:0] emul);   // registers in a group
        gsz = (emul <= 4'sd0) ? 5'd1 : (5'd1 << emul[1:0]);
    endfunction
    function automatic ovl(input [4:0] a, input signed [3:0] ea, input [4:0] b, input signed [3:0] eb);
        ovl = ({1'b0, a} < {1'b0, b} + {1'b0, gsz(eb)}) && ({1'b0, b} < {1'b0, a} + {1'b0, gsz(ea)});
    endfunction
    // QEMU's require_noover: a wider destination may overlap a (LMUL >= 1)
    // source only in its highest-numbered part.
    function automatic noover(input [4:0] d, input signed [3:0] ed, input [4:0] s, input signed [3:0] es);
        noover = !ovl(d, ed, s, es) ||
                 (gsz(ed) > gsz(es) && es >= 4'sd0 && d < s && !ovl(d, ed, s + gsz(es), es));
    endfunction

    wire rvm = vm || (vd != 5'd0);                       // require_vm
    wire signed [3:0] lw = lmul + 4'sd1;                             // wide EMUL
    wire sss = rvm && al(vd, lmul) && al(vs2, lmul) && (f3 == IVX || f3 == IVI || f3 == FVF || f3 == MVX || al(vs1, lmul));
    wire ss  = rvm && al(vd, lmul) && al(vs2, lmul);
    wire mss = al(vs2, lmul) && (vd == vs2 || noover(vd, 4'sd0, vs2, lmul)) &&
               (f3 == IVX || f3 == IVI || f3 == FVF || f3 == MVX ||
                (al(vs1, lmul) && (vd == vs1 || noover(vd, 4'sd0, vs1, lmul))));
    wire xsrc = (f3 == IVX || f3 == IVI || f3 == MVX || f3 == FVF);
    wire wcom = (lmul < 4'sd3) && (sew < 3'd2) && al(vd, lw) && rvm;
    wire dss  = wcom && al(vs2, lmul) && noover(vd, lw, vs2, lmul) &&
                (xsrc || (al(vs1, lmul) && noover(vd, lw, vs1, lmul)));
    wire dds  = wcom && al(vs2, lw) && (xsrc || (al(vs1, lmul) && noover(vd, lw, vs1, lmul)));
    wire sd   = (lmul < 4'sd3) && (sew < 3'd2) && al(vs2, lw) && al(vd, lmul) && rvm &&
                (vd == vs2 || noover(vd, lmul, vs2, lw));
    wire sds  = sd && (xsrc || al(vs1, lmul));
    wire ds   = wcom && al(vs2, lmul) && noover(vd, lw, vs2, lmul);
    wire e32  = (sew == 3'd2);
    wire red  = al(vs2, lmul);
    wire slide_over = ss && (vd != vs2);
    wire gath = ss && !ovl(vd, lmul, vs2, lmul) && (xsrc || (al(vs1, lmul) && !ovl(vd, lmul, vs1, lmul)));

    // vrgatherei16.vv: vs1 has EEW 16
    wire signed [3:0] l16 = lmul - {2'b0, sew[1:0]} + 4'sd1;
    wire g16 = rvm && (l16 >= -4'sd3) && (l16 <= 4'sd3) && al(vd, lmul) && al(vs2, lmul) && al(vs1, l16) &&
               (vd != vs2) && !ovl(vd, lmul, vs1, l16);

    // vzext/vsext: source EEW = SEW >> k
    reg  [1:0] ek;
    wire signed [3:0] lext = lmul - {2'b0, ek};
    wire ext_ok = ({1'b0, sew} >= {2'b0, ek}) && (lext >= -4'sd3) && (vd != vs2) && al(vd, lmul) &&
                  al(vs2, lext) && rvm && noover(vd, lmul, vs2, lext);

    // vector memory: EEW from width
    reg  [2:0] eew;   // log2(EEW/8), 3 = e64/invalid
    always @(*) begin
        case (f3)
            3'b000:  eew = 3'd0;
            3'b101:  eew = 3'd1;
            3'b110:  eew = 3'd2;
            default: eew = 3'd3;
        endcase
    end
    wire signed [3:0] emem = {1'b0, eew} - {1'b0, sew} + lmul;
    wire whole_ok = vm && (nf == 3'd0 || nf == 3'd1 || nf == 3'd3 || nf == 3'd7) &&
                    ((vd & {2'b00, nf}) == 5'd0);
    // registers a (segment) access spans: (nf+1) << max(EMUL, 0); QEMU's require_nf
    wire [6:0] nf_regs = {3'd0, {1'b0, nf} + 4'd1} << (emem > 4'sd0 ? emem[1:0] : 2'd0);
    wire nf_ok = nf_regs <= 7'd8 && {2'b00, vd} + nf_regs <= 7'd32;
    wire idx_ld_ov = (eew == sew) ? 1'b1 :
                     (eew > sew) ? (vd == vs2 || noover(vd, lmul, vs2, emem)) :
                                   noover(vd, lmul, vs2, emem);

    always @(*) begin
        is_vec = 1'b0; legal = 1'b0; rd_x = 1'b0; rd_f = 1'b0;
        use_xs1 = 1'b0; use_xs2 = 1'b0; use_fs1 = 1'b0; is_vmem = 1'b0; is_vstore = 1'b0;
        ek = 2'd0;
        if (opc == OP_V && f3 != 3'b111) begin
            is_vec  = 1'b1;
            use_xs1 = (f3 == IVX || f3 == MVX);
            use_fs1 = (f3 == FVF);
            if (f3 == IVV || f3 == IVX || f3 == IVI) begin
                case (f6)
                    6'b000000, 6'b001001, 6'b001010, 6'b001011, 6'b100101, 6'b101000, 6'b101001:
                        legal = sss;                                  // vadd vand vor vxor vsll vsrl vsra
                    6'b000010, 6'b000100, 6'b000101, 6'b000110, 6'b000111:
                        legal = sss && f3 != IVI;                     // vsub vminu vmin vmaxu vmax
                    6'b000011: legal = sss && f3 != IVV;              // vrsub
                    6'b100000, 6'b100001: legal = sss;                // vsaddu vsadd
                    6'b100010, 6'b100011: legal = sss && f3 != IVI;   // vssubu vssub
                    6'b011000, 6'b011001, 6'b011100, 6'b011101:
                        legal = mss;                                  // vmseq vmsne vmsleu vmsle
                    6'b011010, 6'b011011: legal = mss && f3 != IVI;   // vmsltu vmslt
                    6'b011110, 6'b011111: legal = mss && f3 != IVV;   // vmsgtu vmsgt
                    6'b010111: legal = vm ? (vs2 == 5'd0 && al(vd, lmul) && (f3 != IVV || al(vs1, lmul)))
                                          : sss;                      // vmv.v.* / vmerge
                    6'b001100: legal = gath;                          // vrgather
                    6'b001110: legal = (f3 != IVV) ? slide_over : g16; // vslideup / vrgatherei16.vv
                    6'b001111: legal = (f3 != IVV) && ss;             // vslidedown
                    6'b101100, 6'b101101: legal = sds;                // vnsrl vnsra
                    6'b100111: legal = (f3 == IVI) && vm && (vs1 == 5'd0 || vs1 == 5'd1 || vs1 == 5'd3 || vs1 == 5'd7) &&
                                       ((vd & vs1) == 5'd0) && ((vs2 & vs1) == 5'd0);  // vmv<nr>r.v
                    default:   legal = 1'b0;
                endcase
                if (f6 != 6'b100111 && vill) legal = 1'b0;
            end else if (f3 == MVV || f3 == MVX) begin
                case (f6)
                    6'b000000, 6'b000001, 6'b000010, 6'b000011, 6'b000100, 6'b000101, 6'b000110, 6'b000111:
                        legal = (f3 == MVV) && red;                   // vred*
                    6'b010000: begin
                        if (f3 == MVV) begin
                            legal = (vs1 == 5'd0 && vm) || vs1 == 5'd16 || vs1 == 5'd17; // vmv.x.s vcpop vfirst
                            rd_x  = legal;
                        end else begin
                            legal = (vs2 == 5'd0 && vm);              // vmv.s.x
                        end
                    end
                    6'b010010: begin                                  // vzext/vsext
                        ek = (vs1[4:1] == 4'd3) ? 2'd1 : (vs1[4:1] == 4'd2) ? 2'd2 : 2'd3;
                        legal = (f3 == MVV) && (vs1[4:1] == 4'd3 || vs1[4:1] == 4'd2) && ext_ok;
                    end
                    6'b010100: begin
                        if (f3 != MVV) legal = 1'b0;
                        else case (vs1)
                            5'd1, 5'd2, 5'd3: legal = rvm && (vd != vs2); // vmsbf vmsof vmsif
                            5'd16: legal = rvm && al(vd, lmul) && noover(vd, lmul, vs2, 4'sd0); // viota
                            5'd17: legal = rvm && al(vd, lmul) && vs2 == 5'd0;  // vid
                            default: legal = 1'b0;
                        endcase
                    end
                    6'b011000, 6'b011001, 6'b011010, 6'b011011, 6'b011100, 6'b011101, 6'b011110, 6'b011111:
                        legal = (f3 == MVV) && vm;                    // mask logicals
                    6'b001110: legal = (f3 == MVX) && slide_over;     // vslide1up
                    6'b010111: legal = (f3 == MVV) && vm && al(vd, lmul) && al(vs2, lmul) && (vd != vs2) &&
                                       !ovl(vd, lmul, vs1, 4'sd0);       // vcompress.vm
                    6'b001111: legal = (f3 == MVX) && ss;             // vslide1down
                    6'b100000, 6'b100001, 6'b100010, 6'b100011, 6'b100100, 6'b100101, 6'b100110, 6'b100111,
                    6'b101001, 6'b101011, 6'b101101, 6'b101111:
                        legal = sss;                                  // vdiv.. vmul.. vmadd vnmsub vmacc vnmsac
                    6'b110000, 6'b110001, 6'b110010, 6'b110011, 6'b111000, 6'b111010, 6'b111011,
                    6'b111100, 6'b111101, 6'b111111:
                        legal = dss;                                  // vwadd(u) vwsub(u) vwmul* vwmacc*
                    6'b111110: legal = (f3 == MVX) && dss;            // vwmaccus
                    6'b110100, 6'b110101, 6'b110110, 6'b110111:
                        legal = dds;                                  // vwadd(u).w vwsub(u).w
                    default:   legal = 1'b0;
                endcase
                if (vill) legal = 1'b0;
                rd_x = rd_x && legal;
            end else begin // FVV / FVF
                case (f6)
                    6'b000000, 6'b000010, 6'b000100, 6'b000110, 6'b001000, 6'b001001, 6'b001010,
                    6'b100000, 6'b100100, 6'b101000, 6'b101001, 6'b101010, 6'b101011,
                    6'b101100, 6'b101101, 6'b101110, 6'b101111:
                        legal = sss;                                  // vfadd vfsub vfmin vfmax vfsgnj* vfdiv vfmul fma
                    6'b100001, 6'b100111: legal = (f3 == FVF) && sss; // vfrdiv vfrsub
                    6'b000001, 6'b000011, 6'b000101, 6'b000111:
                        legal = (f3 == FVV) && red;                   // vfred*
                    6'b011000, 6'b011001, 6'b011011, 6'b011100: legal = mss;  // vmfeq vmfle vmflt vmfne
                    6'b011101, 6'b011111: legal = (f3 == FVF) && mss; // vmfgt vmfge
                    6'b010000: begin
                        legal = vm && (f3 == FVV ? vs1 == 5'd0 : vs2 == 5'd0); // vfmv.f.s / vfmv.s.f
                        rd_f  = (f3 == FVV) && legal;
                    end
                    6'b010111: legal = (f3 == FVF) && (vm ? (vs2 == 5'd0 && al(vd, lmul)) : sss); // vfmv.v.f vfmerge
                    6'b001110: legal = (f3 == FVF) && slide_over;     // vfslide1up
                    6'b001111: legal = (f3 == FVF) && ss;             // vfslide1down
                    6'b010010: begin
                        if (f3 != FVV) legal = 1'b0;
                        else case (vs1)
                            5'd0, 5'd1, 5'd2, 5'd3, 5'd6, 5'd7: legal = ss;        // vfcvt.*
                            5'd10, 5'd11: legal = ds && sew == 3'd1;               // vfwcvt.f.x(u).v
                            5'd16, 5'd17, 5'd22, 5'd23: legal = sd && sew == 3'd1; // vfncvt.x(u).f.w (rtz)
                            default: legal = 1'b0;
                        endcase
                    end
                    6'b010011: legal = (f3 == FVV) && (vs1 == 5'd0 || vs1 == 5'd4 || vs1 == 5'd5 || vs1 == 5'd16) && ss;
                    default:   legal = 1'b0;
                endcase
                // fp needs SEW=32 except the two conversions with a 16-bit integer side
                if (!(f6 == 6'b010010 && vs1[4:3] != 2'b00) && !e32) legal = 1'b0;
                if (vill) legal = 1'b0;
                rd_f = rd_f && legal;
            end
        end else if ((opc == LOAD_FP || opc == STORE_FP) && (f3 == 3'b000 || f3[2:1] == 2'b11 || f3 == 3'b101)) begin
            is_vec    = 1'b1;
            is_vmem   = 1'b1;
            is_vstore = (opc == STORE_FP);
            use_xs1   = 1'b1;
            use_xs2   = (mop == 2'b10);
            if (mew || eew == 3'd3) legal = 1'b0;
            else if (mop == 2'b00 && vs2 == 5'b01000)                   // whole register
                legal = whole_ok && (opc == LOAD_FP || eew == 3'd0);
            else if (mop == 2'b00 && vs2 == 5'b01011)                   // vlm / vsm
                legal = !vill && vm && nf == 3'd0 && eew == 3'd0;
            else if (nf != 3'd0 && !(mop == 2'b00 && vs2 == 5'd0)) legal = 1'b0; // strided/indexed segments
            else if (mop == 2'b00 && vs2 != 5'd0) legal = 1'b0;         // fault-only-first etc.
            else if (mop[0] == 1'b0)                                    // unit-stride (segment) / strided
                legal = !vill && emem >= -4'sd3 && emem <= 4'sd3 && al(vd, emem) && nf_ok &&
                        (opc == STORE_FP || rvm);
            else                                                        // indexed
                legal = !vill && emem >= -4'sd3 && emem <= 4'sd3 && al(vd, lmul) && al(vs2, emem) &&
                        (opc == STORE_FP || (rvm && idx_ld_ov));
        end
    end

    wire unused = &{1'b0, vtype[7:6]};
endmodule

`default_nettype wire
