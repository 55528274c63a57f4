// rvv_decode — scalar decode of one instruction (RV32IMF + Zicsr, machine mode)
// for the ID stage of rvv_core. Combinational. Which words are instructions is
// the table's (isa/rvv.def through the generated rvv_isa.vh match/mask
// constants; fence.i and fence.tso are not in it, so they are illegal); the
// controls come from the opcode/funct fields, as the hardware decodes them. Vector instructions (OP-V other
// than vset*, LOAD-FP/STORE-FP with a vector width) are only recognised here
// (opv): rvv_vdecode judges them. vset{i}vl{i} are decoded here (the core
// executes them). CSR legality is rvv_csr's (the core asks it with csr_write).
//
// Rounding: rm = RNE or RTZ (static), or DYN with frm one of those; any other
// mode makes the instruction illegal (the fpu implements only these two).
`default_nettype none
`include "rvv_fpu_ops.vh"

module rvv_decode (
    input  wire        clk,         // the memo only (below): the decode is combinational
    input  wire        rst,
    input  wire [31:0] insn,
    input  wire [2:0]  frm,
    output reg         legal,       // a scalar instruction this core executes
    output reg         opv,         // a vector instruction (ask rvv_vdecode)
    output reg  [31:0] imm,
    output reg  [3:0]  alu_op,      // RVV_ALU_* (rvv_alu)
    output reg  [1:0]  a_sel,       // 0 rs1, 1 pc, 2 zero
    output reg         b_imm,       // operand b is the immediate
    output reg         branch, jal, jalr,
    output reg         load, store,
    output reg  [1:0]  msize,       // 0 byte, 1 half, 2 word
    output reg         munsigned,
    output reg         mul, div,    // funct3[1:0] selects the operation
    output reg         fpu,
    output reg  [4:0]  fop,
    output reg  [2:0]  rm,          // resolved rounding mode (0 RNE, 1 RTZ)
    output reg         csr,
    output reg         csr_write,   // the access writes (csrrw*, or rs1/uimm != 0)
    output reg         ecall, ebreak, fence,
    output reg  [1:0]  vset,        // 0 none, 1 vsetvli, 2 vsetivli, 3 vsetvl
    output reg         use1, f1,    // reads rs1 (from the f file when f1)
    output reg         use2, f2,    // reads rs2
    output reg         use3,        // reads f[rs3]
    output reg         wr, wf       // writes rd (x when !wf; x0 never), f[rd] when wf
);
`include "rvv_isa.vh"

    wire [6:0] opc = insn[6:0];
    wire [2:0] f3  = insn[14:12];
    wire [6:0] f7  = insn[31:25];
    wire [4:0] rd  = insn[11:7];
    wire [4:0] rs1 = insn[19:15];

    wire [31:0] imm_i = {{20{insn[31]}}, insn[31:20]};
    wire [31:0] imm_s = {{20{insn[31]}}, insn[31:25], insn[11:7]};
    wire [31:0] imm_b = {{19{insn[31]}}, insn[31], insn[7], insn[30:25], insn[11:8], 1'b0};
    wire [31:0] imm_u = {insn[31:12], 12'd0};
    wire [31:0] imm_j = {{11{insn[31]}}, insn[31], insn[19:12], insn[20], insn[30:21], 1'b0};

    // the scalar rows of isa/rvv.def (rvv_isa.vh): the one list of encodings this
    // core executes; the case below derives the controls from the fields
    // (a function: evaluated only when the memo below misses)
    function automatic listed(input [31:0] w);
        listed =
            ((w & RVV_MASK_LUI) == RVV_MATCH_LUI) | ((w & RVV_MASK_AUIPC) == RVV_MATCH_AUIPC)
          | ((w & RVV_MASK_JAL) == RVV_MATCH_JAL) | ((w & RVV_MASK_JALR) == RVV_MATCH_JALR)
          | ((w & RVV_MASK_BEQ) == RVV_MATCH_BEQ) | ((w & RVV_MASK_BNE) == RVV_MATCH_BNE)
          | ((w & RVV_MASK_BLT) == RVV_MATCH_BLT) | ((w & RVV_MASK_BGE) == RVV_MATCH_BGE)
          | ((w & RVV_MASK_BLTU) == RVV_MATCH_BLTU) | ((w & RVV_MASK_BGEU) == RVV_MATCH_BGEU)
          | ((w & RVV_MASK_LB) == RVV_MATCH_LB) | ((w & RVV_MASK_LH) == RVV_MATCH_LH)
          | ((w & RVV_MASK_LW) == RVV_MATCH_LW) | ((w & RVV_MASK_LBU) == RVV_MATCH_LBU)
          | ((w & RVV_MASK_LHU) == RVV_MATCH_LHU) | ((w & RVV_MASK_SB) == RVV_MATCH_SB)
          | ((w & RVV_MASK_SH) == RVV_MATCH_SH) | ((w & RVV_MASK_SW) == RVV_MATCH_SW)
          | ((w & RVV_MASK_ADDI) == RVV_MATCH_ADDI) | ((w & RVV_MASK_SLTI) == RVV_MATCH_SLTI)
          | ((w & RVV_MASK_SLTIU) == RVV_MATCH_SLTIU) | ((w & RVV_MASK_XORI) == RVV_MATCH_XORI)
          | ((w & RVV_MASK_ORI) == RVV_MATCH_ORI) | ((w & RVV_MASK_ANDI) == RVV_MATCH_ANDI)
          | ((w & RVV_MASK_SLLI) == RVV_MATCH_SLLI) | ((w & RVV_MASK_SRLI) == RVV_MATCH_SRLI)
          | ((w & RVV_MASK_SRAI) == RVV_MATCH_SRAI) | ((w & RVV_MASK_ADD) == RVV_MATCH_ADD)
          | ((w & RVV_MASK_SUB) == RVV_MATCH_SUB) | ((w & RVV_MASK_SLL) == RVV_MATCH_SLL)
          | ((w & RVV_MASK_SLT) == RVV_MATCH_SLT) | ((w & RVV_MASK_SLTU) == RVV_MATCH_SLTU)
          | ((w & RVV_MASK_XOR) == RVV_MATCH_XOR) | ((w & RVV_MASK_SRL) == RVV_MATCH_SRL)
          | ((w & RVV_MASK_SRA) == RVV_MATCH_SRA) | ((w & RVV_MASK_OR) == RVV_MATCH_OR)
          | ((w & RVV_MASK_AND) == RVV_MATCH_AND) | ((w & RVV_MASK_FENCE) == RVV_MATCH_FENCE)
          | ((w & RVV_MASK_ECALL) == RVV_MATCH_ECALL) | ((w & RVV_MASK_EBREAK) == RVV_MATCH_EBREAK)
          | ((w & RVV_MASK_MUL) == RVV_MATCH_MUL) | ((w & RVV_MASK_MULH) == RVV_MATCH_MULH)
          | ((w & RVV_MASK_MULHSU) == RVV_MATCH_MULHSU) | ((w & RVV_MASK_MULHU) == RVV_MATCH_MULHU)
          | ((w & RVV_MASK_DIV) == RVV_MATCH_DIV) | ((w & RVV_MASK_DIVU) == RVV_MATCH_DIVU)
          | ((w & RVV_MASK_REM) == RVV_MATCH_REM) | ((w & RVV_MASK_REMU) == RVV_MATCH_REMU)
          | ((w & RVV_MASK_CSRRW) == RVV_MATCH_CSRRW) | ((w & RVV_MASK_CSRRS) == RVV_MATCH_CSRRS)
          | ((w & RVV_MASK_CSRRC) == RVV_MATCH_CSRRC) | ((w & RVV_MASK_CSRRWI) == RVV_MATCH_CSRRWI)
          | ((w & RVV_MASK_CSRRSI) == RVV_MATCH_CSRRSI) | ((w & RVV_MASK_CSRRCI) == RVV_MATCH_CSRRCI)
          | ((w & RVV_MASK_FLW) == RVV_MATCH_FLW) | ((w & RVV_MASK_FSW) == RVV_MATCH_FSW)
          | ((w & RVV_MASK_FMADD_S) == RVV_MATCH_FMADD_S) | ((w & RVV_MASK_FMSUB_S) == RVV_MATCH_FMSUB_S)
          | ((w & RVV_MASK_FNMSUB_S) == RVV_MATCH_FNMSUB_S)
          | ((w & RVV_MASK_FNMADD_S) == RVV_MATCH_FNMADD_S) | ((w & RVV_MASK_FADD_S) == RVV_MATCH_FADD_S)
          | ((w & RVV_MASK_FSUB_S) == RVV_MATCH_FSUB_S) | ((w & RVV_MASK_FMUL_S) == RVV_MATCH_FMUL_S)
          | ((w & RVV_MASK_FDIV_S) == RVV_MATCH_FDIV_S) | ((w & RVV_MASK_FSQRT_S) == RVV_MATCH_FSQRT_S)
          | ((w & RVV_MASK_FSGNJ_S) == RVV_MATCH_FSGNJ_S) | ((w & RVV_MASK_FSGNJN_S) == RVV_MATCH_FSGNJN_S)
          | ((w & RVV_MASK_FSGNJX_S) == RVV_MATCH_FSGNJX_S) | ((w & RVV_MASK_FMIN_S) == RVV_MATCH_FMIN_S)
          | ((w & RVV_MASK_FMAX_S) == RVV_MATCH_FMAX_S) | ((w & RVV_MASK_FCVT_W_S) == RVV_MATCH_FCVT_W_S)
          | ((w & RVV_MASK_FCVT_WU_S) == RVV_MATCH_FCVT_WU_S)
          | ((w & RVV_MASK_FMV_X_W) == RVV_MATCH_FMV_X_W) | ((w & RVV_MASK_FEQ_S) == RVV_MATCH_FEQ_S)
          | ((w & RVV_MASK_FLT_S) == RVV_MATCH_FLT_S) | ((w & RVV_MASK_FLE_S) == RVV_MATCH_FLE_S)
          | ((w & RVV_MASK_FCLASS_S) == RVV_MATCH_FCLASS_S)
          | ((w & RVV_MASK_FCVT_S_W) == RVV_MATCH_FCVT_S_W)
          | ((w & RVV_MASK_FCVT_S_WU) == RVV_MATCH_FCVT_S_WU)
          | ((w & RVV_MASK_FMV_W_X) == RVV_MATCH_FMV_W_X) | ((w & RVV_MASK_VSETVLI) == RVV_MATCH_VSETVLI)
          | ((w & RVV_MASK_VSETIVLI) == RVV_MATCH_VSETIVLI) | ((w & RVV_MASK_VSETVL) == RVV_MATCH_VSETVL);
    endfunction

    // rounding mode of an fp op that rounds: legal iff it resolves to RNE/RTZ
    wire [2:0] rm_res = (f3 == 3'd7) ? frm : f3;
    wire       rm_ok  = rm_res == 3'd0 || rm_res == 3'd1;

    // The memo: the outputs of the last edge's (insn, frm), kept in flops. When
    // neither changed (an instruction held in ID: a stall, the common case in a
    // vector loop) the outputs are the kept ones and the decode below is not
    // evaluated: Verilator otherwise evaluates every combinational block on
    // every clock. Same values either way (a pure function of insn and frm).
    localparam integer NOUT = 74;
    reg  [31:0]     m_insn;
    reg  [2:0]      m_frm;
    reg             m_ok;
    reg  [NOUT-1:0] m_out;
    wire            hit = m_ok && insn == m_insn && frm == m_frm;
    wire [NOUT-1:0] outs = {legal, opv, imm, alu_op, a_sel, b_imm, branch, jal, jalr, load, store, msize,
                            munsigned, mul, div, fpu, fop, rm, csr, csr_write, ecall, ebreak, fence, vset,
                            use1, f1, use2, f2, use3, wr, wf};
    always @(posedge clk) begin
        m_ok   <= ~rst;
        m_insn <= insn;
        m_frm  <= frm;
        m_out  <= outs;
    end

    always @(*) begin : decode
        reg rounds;   // the op rounds: rm must resolve to RNE/RTZ
        rounds = 1'b0;
        if (hit) begin
            {legal, opv, imm, alu_op, a_sel, b_imm, branch, jal, jalr, load, store, msize,
             munsigned, mul, div, fpu, fop, rm, csr, csr_write, ecall, ebreak, fence, vset,
             use1, f1, use2, f2, use3, wr, wf} = m_out;
        end else begin
            opv = 1'b0; imm = imm_i; alu_op = 4'd0; a_sel = 2'd0; b_imm = 1'b1;
            branch = 1'b0; jal = 1'b0; jalr = 1'b0; load = 1'b0; store = 1'b0;
            msize = f3[1:0]; munsigned = f3[2]; mul = 1'b0; div = 1'b0;
            fpu = 1'b0; fop = `RVV_FOP_FADD; rm = rm_res; csr = 1'b0; csr_write = 1'b0;
            ecall = 1'b0; ebreak = 1'b0; fence = 1'b0; vset = 2'd0;
            use1 = 1'b0; f1 = 1'b0; use2 = 1'b0; f2 = 1'b0; use3 = 1'b0; wr = 1'b0; wf = 1'b0;
            case (opc)
                7'b0110111: begin imm = imm_u; a_sel = 2'd2; wr = 1'b1; end          // lui
                7'b0010111: begin imm = imm_u; a_sel = 2'd1; wr = 1'b1; end          // auipc
                7'b1101111: begin imm = imm_j; jal = 1'b1; wr = 1'b1; end            // jal
                7'b1100111: begin jalr = 1'b1; use1 = 1'b1; wr = 1'b1; end      // jalr
                7'b1100011: begin                                                                  // branches
                    imm = imm_b; branch = 1'b1;
                    use1 = 1'b1; use2 = 1'b1; b_imm = 1'b0;
                end
                7'b0000011: begin                                                                  // loads
                    load = 1'b1; use1 = 1'b1; wr = 1'b1;
                end
                7'b0100011: begin                                                                  // stores
                    imm = imm_s;
                    store = 1'b1; use1 = 1'b1; use2 = 1'b1;
                end
                7'b0010011: begin                                                                  // op-imm
                    use1 = 1'b1; wr = 1'b1; alu_op = {1'b0, f3};
                    if (f3 == 3'd5) alu_op = {f7[5], f3};
                end
                7'b0110011: begin                                                                  // op
                    use1 = 1'b1; use2 = 1'b1; wr = 1'b1; b_imm = 1'b0; alu_op = {f7[5], f3};
                    mul = f7 == 7'b0000001 && !f3[2];
                    div = f7 == 7'b0000001 && f3[2];
                end
                7'b0001111: begin fence = 1'b1; end                                            // fence
                7'b1110011: begin                                                                  // system
                    if (f3 == 3'd0) begin
                        ecall  = ~insn[20];
                        ebreak = insn[20];
                    end else begin
                        csr = 1'b1; wr = 1'b1;
                        use1  = ~f3[2];
                        csr_write = f3[1:0] == 2'd1 || rs1 != 5'd0;
                    end
                end
                7'b0000111: begin                                                                  // flw / vector loads
                    if (f3 == 3'd2) begin load = 1'b1; use1 = 1'b1; wr = 1'b1; wf = 1'b1; end
                    else opv = 1'b1;
                end
                7'b0100111: begin                                                                  // fsw / vector stores
                    if (f3 == 3'd2) begin
                        store = 1'b1; imm = imm_s; use1 = 1'b1; use2 = 1'b1; f2 = 1'b1;
                    end else opv = 1'b1;
                end
                7'b1000011, 7'b1000111, 7'b1001011, 7'b1001111: begin                             // fused multiply-add
                    rounds = 1'b1; fpu = 1'b1;
                    fop = `RVV_FOP_FMADD + {3'd0, opc[3:2]};
                    use1 = 1'b1; f1 = 1'b1; use2 = 1'b1; f2 = 1'b1; use3 = 1'b1; wr = 1'b1; wf = 1'b1;
                end
                7'b1010011: begin                                                                  // op-fp
                    use1 = 1'b1; f1 = 1'b1; wr = 1'b1; wf = 1'b1; fpu = 1'b1;
                    case (f7)
                        7'b0000000, 7'b0000100, 7'b0001000, 7'b0001100: begin                      // fadd fsub fmul fdiv
                            rounds = 1'b1; use2 = 1'b1; f2 = 1'b1;
                            fop = `RVV_FOP_FADD + {3'd0, f7[3:2]};
                            if (f7[3:2] == 2'd3) fop = `RVV_FOP_FDIV;
                        end
                        7'b0101100: begin rounds = 1'b1; fop = `RVV_FOP_FSQRT; end
                        7'b0010000: begin                                                          // fsgnj[n|x]
                            use2 = 1'b1; f2 = 1'b1;
                            fop = `RVV_FOP_FSGNJ + {3'd0, f3[1:0]};
                        end
                        7'b0010100: begin                                                          // fmin fmax
                            use2 = 1'b1; f2 = 1'b1;
                            fop = f3[0] ? `RVV_FOP_FMAX : `RVV_FOP_FMIN;
                        end
                        7'b1010000: begin                                                          // fle flt feq
                            use2 = 1'b1; f2 = 1'b1; wf = 1'b0;
                            fop = `RVV_FOP_FLE - {3'd0, f3[1:0]};
                        end
                        7'b1100000: begin                                                          // fcvt.w[u].s
                            rounds = 1'b1; wf = 1'b0;
                            fop = insn[20] ? `RVV_FOP_CVT_WU_S : `RVV_FOP_CVT_W_S;
                        end
                        7'b1101000: begin                                                          // fcvt.s.w[u]
                            rounds = 1'b1; f1 = 1'b0;
                            fop = insn[20] ? `RVV_FOP_CVT_S_WU : `RVV_FOP_CVT_S_W;
                        end
                        7'b1110000: begin                                                          // fmv.x.w, fclass
                            wf = 1'b0;
                            fop = `RVV_FOP_FCLASS; fpu = f3[0];
                            alu_op = 4'd15; a_sel = 2'd0;                                           // fmv: pass a
                        end
                        7'b1111000: begin                                                          // fmv.w.x
                            f1 = 1'b0; fpu = 1'b0; alu_op = 4'd15;
                        end
                        default: ;
                    endcase
                end
                7'b1010111: begin                                                                  // OP-V
                    if (f3 == 3'd7) begin
                        wr = 1'b1;
                        if (!insn[31])      begin vset = 2'd1; use1 = 1'b1; imm = {21'd0, insn[30:20]}; end
                        else if (insn[30])  begin vset = 2'd2; imm = {22'd0, insn[29:20]}; end
                        else                begin vset = 2'd3; use1 = 1'b1; use2 = 1'b1; end
                    end else opv = 1'b1;
                end
                default: ;
            endcase
            if (!wf && rd == 5'd0) wr = 1'b0;
            legal = ~opv & listed(insn) & (~rounds | rm_ok);
        end
    end
endmodule

`default_nettype wire
