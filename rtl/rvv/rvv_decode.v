// rvv_decode — scalar decode of one instruction (RV32IMF + Zicsr, machine mode)
// for the ID stage of rvv_core. Combinational. Vector instructions (OP-V other
// than vset*, LOAD-FP/STORE-FP with a vector width) are only recognised here
// (opv): rvv_vdecode judges them. vset{i}vl{i} are decoded here (the core
// executes them). CSR legality is rvv_csr's (the core asks it with csr_write).
//
// Rounding: rm = RNE or RTZ (static), or DYN with frm one of those; any other
// mode makes the instruction illegal (the fpu implements only these two).
`default_nettype none
`include "rvv_fpu_ops.vh"

module rvv_decode (
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
    wire [6:0] opc = insn[6:0];
    wire [2:0] f3  = insn[14:12];
    wire [6:0] f7  = insn[31:25];
    wire [4:0] rd  = insn[11:7];
    wire [4:0] rs1 = insn[19:15];
    wire [4:0] rs2 = insn[24:20];

    wire [31:0] imm_i = {{20{insn[31]}}, insn[31:20]};
    wire [31:0] imm_s = {{20{insn[31]}}, insn[31:25], insn[11:7]};
    wire [31:0] imm_b = {{19{insn[31]}}, insn[31], insn[7], insn[30:25], insn[11:8], 1'b0};
    wire [31:0] imm_u = {insn[31:12], 12'd0};
    wire [31:0] imm_j = {{11{insn[31]}}, insn[31], insn[19:12], insn[20], insn[30:21], 1'b0};

    // rounding mode of an fp op that rounds: legal iff it resolves to RNE/RTZ
    wire [2:0] rm_res = (f3 == 3'd7) ? frm : f3;
    wire       rm_ok  = rm_res == 3'd0 || rm_res == 3'd1;

    always @(*) begin
        legal = 1'b0; opv = 1'b0; imm = imm_i; alu_op = 4'd0; a_sel = 2'd0; b_imm = 1'b1;
        branch = 1'b0; jal = 1'b0; jalr = 1'b0; load = 1'b0; store = 1'b0;
        msize = f3[1:0]; munsigned = f3[2]; mul = 1'b0; div = 1'b0;
        fpu = 1'b0; fop = `RVV_FOP_FADD; rm = rm_res; csr = 1'b0; csr_write = 1'b0;
        ecall = 1'b0; ebreak = 1'b0; fence = 1'b0; vset = 2'd0;
        use1 = 1'b0; f1 = 1'b0; use2 = 1'b0; f2 = 1'b0; use3 = 1'b0; wr = 1'b0; wf = 1'b0;
        case (opc)
            7'b0110111: begin legal = 1'b1; imm = imm_u; a_sel = 2'd2; wr = 1'b1; end          // lui
            7'b0010111: begin legal = 1'b1; imm = imm_u; a_sel = 2'd1; wr = 1'b1; end          // auipc
            7'b1101111: begin legal = 1'b1; imm = imm_j; jal = 1'b1; wr = 1'b1; end            // jal
            7'b1100111: begin legal = f3 == 3'd0; jalr = 1'b1; use1 = 1'b1; wr = 1'b1; end      // jalr
            7'b1100011: begin                                                                  // branches
                legal = f3 != 3'd2 && f3 != 3'd3; imm = imm_b; branch = 1'b1;
                use1 = 1'b1; use2 = 1'b1; b_imm = 1'b0;
            end
            7'b0000011: begin                                                                  // loads
                legal = f3 == 3'd0 || f3 == 3'd1 || f3 == 3'd2 || f3 == 3'd4 || f3 == 3'd5;
                load = 1'b1; use1 = 1'b1; wr = 1'b1;
            end
            7'b0100011: begin                                                                  // stores
                legal = f3 == 3'd0 || f3 == 3'd1 || f3 == 3'd2; imm = imm_s;
                store = 1'b1; use1 = 1'b1; use2 = 1'b1;
            end
            7'b0010011: begin                                                                  // op-imm
                use1 = 1'b1; wr = 1'b1; alu_op = {1'b0, f3};
                case (f3)
                    3'd1:    legal = f7 == 7'd0;
                    3'd5:    begin legal = f7 == 7'd0 || f7 == 7'b0100000; alu_op = {f7[5], f3}; end
                    default: legal = 1'b1;
                endcase
            end
            7'b0110011: begin                                                                  // op
                use1 = 1'b1; use2 = 1'b1; wr = 1'b1; b_imm = 1'b0; alu_op = {f7[5], f3};
                if (f7 == 7'b0000001) begin
                    legal = 1'b1; mul = ~f3[2]; div = f3[2];
                end else if (f7 == 7'b0100000) legal = f3 == 3'd0 || f3 == 3'd5;
                else legal = f7 == 7'd0;
            end
            7'b0001111: begin legal = f3 == 3'd0 || f3 == 3'd1; fence = f3 == 3'd0; end        // fence, fence.i
            7'b1110011: begin                                                                  // system
                if (f3 == 3'd0) begin
                    legal  = insn[31:21] == 11'd0 && rs1 == 5'd0 && rd == 5'd0;
                    ecall  = ~insn[20];
                    ebreak = insn[20];
                end else begin
                    legal = f3 != 3'd4; csr = 1'b1; wr = 1'b1;
                    use1  = ~f3[2];
                    csr_write = f3[1:0] == 2'd1 || rs1 != 5'd0;
                end
            end
            7'b0000111: begin                                                                  // flw / vector loads
                if (f3 == 3'd2) begin legal = 1'b1; load = 1'b1; use1 = 1'b1; wr = 1'b1; wf = 1'b1; end
                else opv = 1'b1;
            end
            7'b0100111: begin                                                                  // fsw / vector stores
                if (f3 == 3'd2) begin
                    legal = 1'b1; store = 1'b1; imm = imm_s; use1 = 1'b1; use2 = 1'b1; f2 = 1'b1;
                end else opv = 1'b1;
            end
            7'b1000011, 7'b1000111, 7'b1001011, 7'b1001111: begin                             // fused multiply-add
                legal = insn[26:25] == 2'b00 && rm_ok; fpu = 1'b1;
                fop = `RVV_FOP_FMADD + {3'd0, opc[3:2]};
                use1 = 1'b1; f1 = 1'b1; use2 = 1'b1; f2 = 1'b1; use3 = 1'b1; wr = 1'b1; wf = 1'b1;
            end
            7'b1010011: begin                                                                  // op-fp
                use1 = 1'b1; f1 = 1'b1; wr = 1'b1; wf = 1'b1; fpu = 1'b1;
                case (f7)
                    7'b0000000, 7'b0000100, 7'b0001000, 7'b0001100: begin                      // fadd fsub fmul fdiv
                        legal = rm_ok; use2 = 1'b1; f2 = 1'b1;
                        fop = `RVV_FOP_FADD + {3'd0, f7[3:2]};
                        if (f7[3:2] == 2'd3) fop = `RVV_FOP_FDIV;
                    end
                    7'b0101100: begin legal = rm_ok && rs2 == 5'd0; fop = `RVV_FOP_FSQRT; end
                    7'b0010000: begin                                                          // fsgnj[n|x]
                        legal = f3 <= 3'd2; use2 = 1'b1; f2 = 1'b1;
                        fop = `RVV_FOP_FSGNJ + {3'd0, f3[1:0]};
                    end
                    7'b0010100: begin                                                          // fmin fmax
                        legal = f3 <= 3'd1; use2 = 1'b1; f2 = 1'b1;
                        fop = f3[0] ? `RVV_FOP_FMAX : `RVV_FOP_FMIN;
                    end
                    7'b1010000: begin                                                          // fle flt feq
                        legal = f3 <= 3'd2; use2 = 1'b1; f2 = 1'b1; wf = 1'b0;
                        fop = `RVV_FOP_FLE - {3'd0, f3[1:0]};
                    end
                    7'b1100000: begin                                                          // fcvt.w[u].s
                        legal = rm_ok && rs2[4:1] == 4'd0; wf = 1'b0;
                        fop = rs2[0] ? `RVV_FOP_CVT_WU_S : `RVV_FOP_CVT_W_S;
                    end
                    7'b1101000: begin                                                          // fcvt.s.w[u]
                        legal = rm_ok && rs2[4:1] == 4'd0; f1 = 1'b0;
                        fop = rs2[0] ? `RVV_FOP_CVT_S_WU : `RVV_FOP_CVT_S_W;
                    end
                    7'b1110000: begin                                                          // fmv.x.w, fclass
                        legal = rs2 == 5'd0 && f3 <= 3'd1; wf = 1'b0;
                        fop = `RVV_FOP_FCLASS; fpu = f3[0];
                        alu_op = 4'd15; a_sel = 2'd0;                                           // fmv: pass a
                    end
                    7'b1111000: begin                                                          // fmv.w.x
                        legal = rs2 == 5'd0 && f3 == 3'd0; f1 = 1'b0; fpu = 1'b0; alu_op = 4'd15;
                    end
                    default: legal = 1'b0;
                endcase
            end
            7'b1010111: begin                                                                  // OP-V
                if (f3 == 3'd7) begin
                    legal = 1'b1; wr = 1'b1;
                    if (!insn[31])      begin vset = 2'd1; use1 = 1'b1; imm = {21'd0, insn[30:20]}; end
                    else if (insn[30])  begin vset = 2'd2; imm = {22'd0, insn[29:20]}; end
                    else                begin vset = 2'd3; use1 = 1'b1; use2 = 1'b1; legal = f7[5:0] == 6'd0; end
                end else opv = 1'b1;
            end
            default: ;
        endcase
        if (!wf && rd == 5'd0) wr = 1'b0;
    end
endmodule

`default_nettype wire
