// rvv_vctl — execution control of one (legal) vector instruction for rvv_vec.
//
// rvv_vdecode decides legality (the core traps on it); this module says how
// rvv_vec executes what passed: which unit, which operation, the element
// widths of each operand (log2 bytes) and the register groups it reads and
// writes (for the scoreboard). Decoded once, at enqueue (rvv_vec carries the
// sequencer's fields in its queue).
//
// Units: U_VLSU memory (H3's VLSU), U_ALU integer chunk pipe, U_FPU fp chunk
// pipe (LANES rvv_fpu), U_SER element-serial engine (reductions, slides,
// gathers, viota, vcompress), U_MSK one-step mask/scalar-move ops.
`default_nettype none
`include "rvv_fpu_ops.vh"
`include "rvv_vops.vh"

module rvv_vctl (
    input  wire        en,        // decode (else the outputs are the defaults): Verilator
                                  // then skips the decode of an idle instruction register
    input  wire [31:0] insn,
    input  wire [7:0]  vtype,
    output reg  [2:0]  unit,
    output reg  [5:0]  op,        // RVV_A_* (ALU, also the reduction op of U_SER), RVV_S_*, RVV_M_*
    output reg  [3:0]  sop,       // U_SER sub-operation
    output reg  [4:0]  fop,       // RVV_FOP_* for U_FPU and fp reductions
    output reg  [1:0]  w,         // uop element width, log2 bytes
    output reg  [1:0]  ea,        // EEW of vs2 (operand a)
    output reg  [1:0]  eb,        // EEW of vs1 / scalar (operand b)
    output reg  [1:0]  ed,        // EEW of vd (destination, and operand c)
    output reg         sa,        // sign-extend a
    output reg         sb,        // sign-extend b
    output reg         bscal,     // b is the scalar (x, imm or f), broadcast
    output reg         mask_dest, // writes one mask bit per element
    output reg         merge,     // v0 selects between a and b; every body element written
    output reg  [1:0]  fa_sel,    // fpu a/b/c sources: 0 a(vs2) 1 b(vs1/f) 2 c(vd)
    output reg  [1:0]  fb_sel,
    output reg  [1:0]  fc_sel,
    output reg         f_not,     // invert compare (vmfne)
    output reg         f_rtz,     // static round-towards-zero
    output reg         f_round,   // uses frm (traps when frm is not RNE/RTZ)
    output reg         imm_u,     // immediate is uimm5 (shifts, slides, gathers)
    output reg         whole,     // vmv<nr>r: evl = nr*VLEN/SEW, unmasked
    output reg  [3:0]  nr,        // vmv<nr>r register count
    output reg         vl1,       // vmv.s.x / vfmv.s.f: evl = min(vl, 1)
    output reg         rd_a,      // register reads (scoreboard)
    output reg         rd_b,
    output reg         rd_c,
    output reg         wr_d,
    output reg         rd_v0,
    output reg  signed [3:0] ga,  // group EMUL log2 of vs2 / vs1 / vd
    output reg  signed [3:0] gb,
    output reg  signed [3:0] gd
);
    wire [2:0] f3  = insn[14:12];
    wire [5:0] f6  = insn[31:26];
    wire       vm  = insn[25];
    wire [4:0] vs1 = insn[19:15];
    wire [4:0] vs2 = insn[24:20];
    wire [1:0] sew = vtype[4:3];
    wire unused = &{1'b0, insn[11:7], vtype[7:5]};
    wire signed [3:0] lmul = {vtype[2], vtype[2:0]};
    wire [6:0] opc = insn[6:0];
    localparam [2:0] IVV = 3'd0, FVV = 3'd1, MVV = 3'd2, IVI = 3'd3, IVX = 3'd4, FVF = 3'd5, MVX = 3'd6;
    wire [2:0] mwidth = insn[14:12];
    reg  [1:0] meew;

    always @(*) begin
        unit = `RVV_U_ALU; op = `RVV_A_ADD; sop = 4'd0; fop = `RVV_FOP_FADD;
        w = sew; ea = sew; eb = sew; ed = sew; sa = 1'b1; sb = 1'b1;
        bscal = (f3 == IVX || f3 == IVI || f3 == MVX || f3 == FVF);
        mask_dest = 1'b0; merge = 1'b0; fa_sel = 2'd0; fb_sel = 2'd1; fc_sel = 2'd2;
        f_not = 1'b0; f_rtz = 1'b0; f_round = 1'b0; imm_u = 1'b0; whole = 1'b0; nr = 4'd1; vl1 = 1'b0;
        rd_a = 1'b1; rd_b = !(f3 == IVX || f3 == IVI || f3 == MVX || f3 == FVF); rd_c = 1'b0; wr_d = 1'b1;
        rd_v0 = !vm; ga = lmul; gb = lmul; gd = lmul;
        meew = 2'd0;
        if (en) begin   // (body not re-indented: keeps the history readable)
        case (mwidth)
            3'b101:  meew = 2'd1;
            3'b110:  meew = 2'd2;
            default: meew = 2'd0;
        endcase
        if (opc != 7'b1010111) begin                 // vector load/store
            unit = `RVV_U_VLSU;
            rd_b = 1'b0;
            rd_a = (insn[26] == 1'b1);               // indexed: vs2 holds indices
            ga   = {2'b0, meew} - {2'b0, sew} + lmul;
            gd   = (insn[27:26] == 2'b00 || insn[27:26] == 2'b10) ? {2'b0, meew} - {2'b0, sew} + lmul : lmul;
            wr_d = (opc == 7'b0000111);
            rd_c = (opc == 7'b0100111);
            if (insn[27:26] == 2'b00 && vs2 == 5'b01000) begin   // whole register
                gd = (insn[31:29] == 3'd7) ? 4'sd3 : (insn[31:29] == 3'd3) ? 4'sd2 : (insn[31:29] == 3'd1) ? 4'sd1 : 4'sd0;
                rd_v0 = 1'b0;
            end else if (insn[27:26] == 2'b00 && vs2 == 5'b01011) gd = 4'sd0;   // vlm / vsm
            else if (insn[27:26] == 2'b00 && vs2 == 5'b00000 && insn[31:29] != 3'd0) begin
                // unit-stride segment: NF groups of EMUL registers from vd; the
                // scoreboard's groups are powers of two, so NF is rounded up
                // (vlseg3: 4 groups; legal NF*EMUL <= 8 keeps gd <= 3)
                gd = (gd > 4'sd0 ? gd : 4'sd0) +
                     ((insn[31:29] == 3'd1) ? 4'sd1 : (insn[31:29] <= 3'd3) ? 4'sd2 : 4'sd3);
            end
        end else case (f3)
            IVV, IVX, IVI: begin
                imm_u = (f6 == 6'b100101 || f6 == 6'b101000 || f6 == 6'b101001 || f6 == 6'b101100 ||
                         f6 == 6'b101101 || f6 == 6'b001100 || f6 == 6'b001110 || f6 == 6'b001111);
                case (f6)
                    6'b000000: op = `RVV_A_ADD;
                    6'b000010: op = `RVV_A_SUB;
                    6'b100000: begin op = `RVV_A_SADD; sa = 1'b0; sb = 1'b0; end   // vsaddu
                    6'b100001: op = `RVV_A_SADD;                                    // vsadd
                    6'b100010: begin op = `RVV_A_SSUB; sa = 1'b0; sb = 1'b0; end   // vssubu
                    6'b100011: op = `RVV_A_SSUB;                                    // vssub
                    6'b000011: op = `RVV_A_RSUB;
                    6'b000100: begin op = `RVV_A_MIN; sa = 1'b0; sb = 1'b0; end
                    6'b000101: op = `RVV_A_MIN;
                    6'b000110: begin op = `RVV_A_MAX; sa = 1'b0; sb = 1'b0; end
                    6'b000111: op = `RVV_A_MAX;
                    6'b001001: op = `RVV_A_AND;
                    6'b001010: op = `RVV_A_OR;
                    6'b001011: op = `RVV_A_XOR;
                    6'b001100: begin unit = `RVV_U_SER; sop = (f3 == IVV) ? `RVV_S_GATH : `RVV_S_GATHX; end
                    6'b001110: begin
                        unit = `RVV_U_SER;
                        if (f3 == IVV) begin sop = `RVV_S_GATH16; gb = lmul - {2'b0, sew} + 4'sd1; end
                        else sop = `RVV_S_SLUP;
                    end
                    6'b001111: begin unit = `RVV_U_SER; sop = `RVV_S_SLDN; end
                    6'b010111: begin
                        if (vm) begin op = `RVV_A_MVB; rd_a = 1'b0; end
                        else begin op = `RVV_A_MERGE; merge = 1'b1; end
                    end
                    6'b011000: begin op = `RVV_A_SEQ; mask_dest = 1'b1; end
                    6'b011001: begin op = `RVV_A_SNE; mask_dest = 1'b1; end
                    6'b011010: begin op = `RVV_A_SLT; mask_dest = 1'b1; sa = 1'b0; sb = 1'b0; end
                    6'b011011: begin op = `RVV_A_SLT; mask_dest = 1'b1; end
                    6'b011100: begin op = `RVV_A_SLE; mask_dest = 1'b1; sa = 1'b0; sb = 1'b0; end
                    6'b011101: begin op = `RVV_A_SLE; mask_dest = 1'b1; end
                    6'b011110: begin op = `RVV_A_SGT; mask_dest = 1'b1; sa = 1'b0; sb = 1'b0; end
                    6'b011111: begin op = `RVV_A_SGT; mask_dest = 1'b1; end
                    6'b100101: op = `RVV_A_SLL;
                    6'b100111: begin
                        // vmv<nr>r: a byte copy, independent of vtype (legal under vill): done at e32
                        op = `RVV_A_MVA; whole = 1'b1; rd_b = 1'b0; rd_v0 = 1'b0; nr = {1'b0, vs1[2:0]} + 4'd1;
                        w = 2'd2; ea = 2'd2; ed = 2'd2;
                        ga = (vs1[2:0] == 3'd7) ? 4'sd3 : (vs1[2:0] == 3'd3) ? 4'sd2 : (vs1[2:0] == 3'd1) ? 4'sd1 : 4'sd0;
                        gd = ga;
                    end
                    6'b101000: begin op = `RVV_A_SRL; sa = 1'b0; end
                    6'b101001: op = `RVV_A_SRA;
                    6'b101100, 6'b101101: begin
                        op = f6[0] ? `RVV_A_SRA : `RVV_A_SRL; sa = f6[0];
                        w = sew + 2'd1; ea = sew + 2'd1; ga = lmul + 4'sd1; sb = 1'b0;
                    end
                    default: op = `RVV_A_ADD;
                endcase
                if (mask_dest) gd = 4'sd0;
            end
            MVV, MVX: begin
                case (f6)
                    6'b000000, 6'b000001, 6'b000010, 6'b000011, 6'b000100, 6'b000101, 6'b000110, 6'b000111: begin
                        unit = `RVV_U_SER; sop = `RVV_S_REDI; gb = 4'sd0; gd = 4'sd0;
                        case (f6[2:0])
                            3'd0: op = `RVV_A_ADD;
                            3'd1: op = `RVV_A_AND;
                            3'd2: op = `RVV_A_OR;
                            3'd3: op = `RVV_A_XOR;
                            3'd4: begin op = `RVV_A_MIN; sa = 1'b0; sb = 1'b0; end
                            3'd5: op = `RVV_A_MIN;
                            3'd6: begin op = `RVV_A_MAX; sa = 1'b0; sb = 1'b0; end
                            default: op = `RVV_A_MAX;
                        endcase
                    end
                    6'b010000: begin
                        if (f3 == MVV) begin
                            unit = `RVV_U_MSK; wr_d = 1'b0; rd_b = 1'b0; ga = 4'sd0;
                            op = (vs1 == 5'd0) ? `RVV_M_MVXS : (vs1 == 5'd16) ? `RVV_M_CPOP : `RVV_M_FIRST;
                        end else begin
                            op = `RVV_A_MVB; vl1 = 1'b1; rd_a = 1'b0; gd = 4'sd0;
                        end
                    end
                    6'b010010: begin   // vzext / vsext
                        op = `RVV_A_MVA; rd_b = 1'b0; sa = vs1[0];
                        ea = (vs1[2:1] == 2'b10) ? sew - 2'd2 : sew - 2'd1;
                        ga = lmul - ((vs1[2:1] == 2'b10) ? 4'sd2 : 4'sd1);
                    end
                    6'b010100: begin
                        if (vs1 == 5'd17) begin op = `RVV_A_ID; rd_a = 1'b0; rd_b = 1'b0; end
                        else if (vs1 == 5'd16) begin unit = `RVV_U_SER; sop = `RVV_S_IOTA; ga = 4'sd0; rd_b = 1'b0; end
                        else begin
                            unit = `RVV_U_MSK; rd_b = 1'b0; ga = 4'sd0; gd = 4'sd0;
                            op = (vs1 == 5'd1) ? `RVV_M_SBF : (vs1 == 5'd2) ? `RVV_M_SOF : `RVV_M_SIF;
                        end
                    end
                    6'b010111: begin unit = `RVV_U_SER; sop = `RVV_S_COMPRESS; gb = 4'sd0; rd_v0 = 1'b0; end
                    6'b011000, 6'b011001, 6'b011010, 6'b011011, 6'b011100, 6'b011101, 6'b011110, 6'b011111: begin
                        unit = `RVV_U_MSK; op = `RVV_M_LOGIC; ga = 4'sd0; gb = 4'sd0; gd = 4'sd0;
                    end
                    6'b001110: begin unit = `RVV_U_SER; sop = `RVV_S_SL1UP; end
                    6'b001111: begin unit = `RVV_U_SER; sop = `RVV_S_SL1DN; end
                    6'b100000: begin op = `RVV_A_DIV; sa = 1'b0; sb = 1'b0; end
                    6'b100001: op = `RVV_A_DIV;
                    6'b100010: begin op = `RVV_A_REM; sa = 1'b0; sb = 1'b0; end
                    6'b100011: op = `RVV_A_REM;
                    6'b100100: begin op = `RVV_A_MULH; sa = 1'b0; sb = 1'b0; end
                    6'b100101: op = `RVV_A_MUL;
                    6'b100110: begin op = `RVV_A_MULH; sb = 1'b0; end
                    6'b100111: op = `RVV_A_MULH;
                    6'b101001: begin op = `RVV_A_MADD; rd_c = 1'b1; end
                    6'b101011: begin op = `RVV_A_NMSUB; rd_c = 1'b1; end
                    6'b101101: begin op = `RVV_A_MACC; rd_c = 1'b1; end
                    6'b101111: begin op = `RVV_A_NMSAC; rd_c = 1'b1; end
                    default: begin     // 11xxxx widening
                        w = sew + 2'd1; ed = sew + 2'd1; gd = lmul + 4'sd1;
                        sa = f6[0]; sb = f6[0];
                        if (f6[5:2] == 4'b1100) op = f6[1] ? `RVV_A_SUB : `RVV_A_ADD;
                        else if (f6[5:2] == 4'b1101) begin
                            op = f6[1] ? `RVV_A_SUB : `RVV_A_ADD; ea = sew + 2'd1; ga = lmul + 4'sd1;
                        end else if (f6[5:2] == 4'b1110) begin
                            op = `RVV_A_MUL;                          // 111000 u*u, 111010 s(vs2)*u(vs1), 111011 s*s
                            sa = f6[1]; sb = f6[1] & f6[0];
                        end else begin
                            op = `RVV_A_MACC; rd_c = 1'b1;
                            case (f6[1:0])
                                2'b00:   begin sa = 1'b0; sb = 1'b0; end   // vwmaccu
                                2'b01:   begin sa = 1'b1; sb = 1'b1; end   // vwmacc
                                2'b10:   begin sa = 1'b1; sb = 1'b0; end   // vwmaccus: signed vs2 * unsigned x
                                default: begin sa = 1'b0; sb = 1'b1; end   // vwmaccsu: signed vs1 * unsigned vs2
                            endcase
                        end
                    end
                endcase
            end
            default: begin     // FVV / FVF
                unit = `RVV_U_FPU; f_round = 1'b1;
                case (f6)
                    6'b000000: fop = `RVV_FOP_FADD;
                    6'b000010: fop = `RVV_FOP_FSUB;
                    6'b100111: begin fop = `RVV_FOP_FSUB; fa_sel = 2'd1; fb_sel = 2'd0; end   // vfrsub
                    6'b100000: fop = `RVV_FOP_FDIV;
                    6'b100001: begin fop = `RVV_FOP_FDIV; fa_sel = 2'd1; fb_sel = 2'd0; end   // vfrdiv
                    6'b100100: fop = `RVV_FOP_FMUL;
                    6'b000100: begin fop = `RVV_FOP_FMIN; f_round = 1'b0; end
                    6'b000110: begin fop = `RVV_FOP_FMAX; f_round = 1'b0; end
                    6'b001000: begin fop = `RVV_FOP_FSGNJ; f_round = 1'b0; end
                    6'b001001: begin fop = `RVV_FOP_FSGNJN; f_round = 1'b0; end
                    6'b001010: begin fop = `RVV_FOP_FSGNJX; f_round = 1'b0; end
                    6'b000001, 6'b000011, 6'b000101, 6'b000111: begin
                        unit = `RVV_U_SER; sop = (f6 == 6'b000001) ? `RVV_S_REDFU : `RVV_S_REDF; gb = 4'sd0; gd = 4'sd0;
                        fop = (f6[2:1] == 2'b10) ? `RVV_FOP_FMIN : (f6[2:1] == 2'b11) ? `RVV_FOP_FMAX : `RVV_FOP_FADD;
                        f_round = (f6[2] == 1'b0);
                    end
                    6'b011000: begin fop = `RVV_FOP_FEQ; mask_dest = 1'b1; f_round = 1'b0; end
                    6'b011100: begin fop = `RVV_FOP_FEQ; mask_dest = 1'b1; f_not = 1'b1; f_round = 1'b0; end
                    6'b011001: begin fop = `RVV_FOP_FLE; mask_dest = 1'b1; f_round = 1'b0; end
                    6'b011011: begin fop = `RVV_FOP_FLT; mask_dest = 1'b1; f_round = 1'b0; end
                    6'b011101: begin fop = `RVV_FOP_FLT; mask_dest = 1'b1; f_round = 1'b0; fa_sel = 2'd1; fb_sel = 2'd0; end
                    6'b011111: begin fop = `RVV_FOP_FLE; mask_dest = 1'b1; f_round = 1'b0; fa_sel = 2'd1; fb_sel = 2'd0; end
                    6'b010000: begin
                        f_round = 1'b0;
                        if (f3 == FVV) begin unit = `RVV_U_MSK; op = `RVV_M_MVXS; wr_d = 1'b0; rd_b = 1'b0; ga = 4'sd0; end
                        else begin unit = `RVV_U_ALU; op = `RVV_A_MVB; vl1 = 1'b1; rd_a = 1'b0; gd = 4'sd0; end
                    end
                    6'b010111: begin
                        unit = `RVV_U_ALU; f_round = 1'b0;
                        if (vm) begin op = `RVV_A_MVB; rd_a = 1'b0; end
                        else begin op = `RVV_A_MERGE; merge = 1'b1; end
                    end
                    6'b001110: begin unit = `RVV_U_SER; sop = `RVV_S_SL1UP; f_round = 1'b0; end
                    6'b001111: begin unit = `RVV_U_SER; sop = `RVV_S_SL1DN; f_round = 1'b0; end
                    6'b010010: begin
                        rd_b = 1'b0;
                        case (vs1[2:0])
                            3'd0: fop = `RVV_FOP_CVT_WU_S;
                            3'd1: fop = `RVV_FOP_CVT_W_S;
                            3'd2: fop = `RVV_FOP_CVT_S_WU;
                            3'd3: fop = `RVV_FOP_CVT_S_W;
                            3'd6: begin fop = `RVV_FOP_CVT_WU_S; f_rtz = 1'b1; end
                            default: begin fop = `RVV_FOP_CVT_W_S; f_rtz = 1'b1; end
                        endcase
                        if (vs1[4:3] == 2'b01) begin       // vfwcvt.f.x(u).v: 16-bit ints -> fp32
                            w = 2'd2; ed = 2'd2; ea = 2'd1; sa = vs1[0]; gd = lmul + 4'sd1;
                            fop = vs1[0] ? `RVV_FOP_CVT_S_W : `RVV_FOP_CVT_S_WU;
                        end else if (vs1[4:3] == 2'b10) begin   // vfncvt.x(u).f.w: fp32 -> int16
                            w = 2'd2; ea = 2'd2; ed = 2'd1; ga = lmul + 4'sd1;
                            fop = vs1[0] ? `RVV_FOP_CVT_W16_S : `RVV_FOP_CVT_WU16_S;
                        end
                        f_round = !f_rtz;
                    end
                    6'b010011: begin
                        rd_b = 1'b0;
                        case (vs1)
                            5'd0:    fop = `RVV_FOP_FSQRT;
                            5'd4:    fop = `RVV_FOP_RSQRT7;
                            5'd5:    fop = `RVV_FOP_REC7;
                            default: begin fop = `RVV_FOP_FCLASS; f_round = 1'b0; end
                        endcase
                    end
                    6'b101000: begin fop = `RVV_FOP_FMADD;  rd_c = 1'b1; fa_sel = 2'd1; fb_sel = 2'd2; fc_sel = 2'd0; end
                    6'b101001: begin fop = `RVV_FOP_FNMADD; rd_c = 1'b1; fa_sel = 2'd1; fb_sel = 2'd2; fc_sel = 2'd0; end
                    6'b101010: begin fop = `RVV_FOP_FMSUB;  rd_c = 1'b1; fa_sel = 2'd1; fb_sel = 2'd2; fc_sel = 2'd0; end
                    6'b101011: begin fop = `RVV_FOP_FNMSUB; rd_c = 1'b1; fa_sel = 2'd1; fb_sel = 2'd2; fc_sel = 2'd0; end
                    6'b101100: begin fop = `RVV_FOP_FMADD;  rd_c = 1'b1; fa_sel = 2'd1; fb_sel = 2'd0; end
                    6'b101101: begin fop = `RVV_FOP_FNMADD; rd_c = 1'b1; fa_sel = 2'd1; fb_sel = 2'd0; end
                    6'b101110: begin fop = `RVV_FOP_FMSUB;  rd_c = 1'b1; fa_sel = 2'd1; fb_sel = 2'd0; end
                    default:   begin fop = `RVV_FOP_FNMSUB; rd_c = 1'b1; fa_sel = 2'd1; fb_sel = 2'd0; end
                endcase
                if (mask_dest) gd = 4'sd0;
            end
        endcase
        if (unit == `RVV_U_MSK && op != `RVV_M_LOGIC) rd_b = 1'b0;
        if (op == `RVV_A_MERGE && unit == `RVV_U_ALU) rd_v0 = 1'b1;
        end
    end
endmodule

`default_nettype wire
