// rtl/rvv/rvv_isa.vh - GENERATED from isa/rvv.def by rvv_isagen. DO NOT EDIT.
// Regenerate after changing the table: cmake --build build --target isa-regen
//   (or: ./build/isa/rvv_isagen --root .). A ctest fails while this copy is stale.
//
// Include it INSIDE a module body: it declares only localparams and a function and
// has no include guard, so every module that includes it gets its own copy.
// Decode: word is instruction X iff (word & RVV_MASK_X) == RVV_MATCH_X; no two rows
// overlap. X is the mnemonic in upper case with '.' as '_' (vfadd.vv: VFADD_VV).
// rvv_isa_listed(w) says whether w is one of the 383 instructions this core supports
// (legality that depends on vtype, register-group alignment or the rounding mode is
// the decoder's job).

/* verilator lint_off UNUSEDPARAM */
// Hardware defaults (the RTL's parameters default to these)
localparam int RVV_DEF_VLEN = 128;  // bits per vector register
localparam int RVV_DEF_LANES = 4;  // 32-bit lanes per vector unit: one register per cycle at VLEN 128
localparam int RVV_DEF_ITCM_BYTES = 65536;  // instruction TCM at 0x00100000 (fetch only)
localparam int RVV_DEF_DTCM_BYTES = 65536;  // data TCM at 0x00200000: rodata/data/bss/stack, 1-cycle access
localparam int RVV_DEF_BEAT_BYTES = 32;  // bytes per DRAM/DTCM beat
localparam int RVV_DEF_VQ_DEPTH = 8;  // vector instruction queue entries between the scalar core and the vector unit
localparam int RVV_DEF_NVLSU = 16;  // vector memory instructions in flight (dispatched to the VLSU, not yet complete)
localparam int RVV_DEF_NCOUNTERS = 10;  // performance counters (mhpmcounter3.. after mcycle/minstret)

// I
localparam logic [31:0] RVV_MATCH_LUI = 32'h00000037;  // lui (xd uimm20)
localparam logic [31:0] RVV_MASK_LUI = 32'h0000007f;
localparam logic [31:0] RVV_MATCH_AUIPC = 32'h00000017;  // auipc (xd uimm20)
localparam logic [31:0] RVV_MASK_AUIPC = 32'h0000007f;
localparam logic [31:0] RVV_MATCH_JAL = 32'h0000006f;  // jal (xd joff)
localparam logic [31:0] RVV_MASK_JAL = 32'h0000007f;
localparam logic [31:0] RVV_MATCH_JALR = 32'h00000067;  // jalr (xd iaddr)
localparam logic [31:0] RVV_MASK_JALR = 32'h0000707f;
localparam logic [31:0] RVV_MATCH_BEQ = 32'h00000063;  // beq (xs1 xs2 boff)
localparam logic [31:0] RVV_MASK_BEQ = 32'h0000707f;
localparam logic [31:0] RVV_MATCH_BNE = 32'h00001063;  // bne (xs1 xs2 boff)
localparam logic [31:0] RVV_MASK_BNE = 32'h0000707f;
localparam logic [31:0] RVV_MATCH_BLT = 32'h00004063;  // blt (xs1 xs2 boff)
localparam logic [31:0] RVV_MASK_BLT = 32'h0000707f;
localparam logic [31:0] RVV_MATCH_BGE = 32'h00005063;  // bge (xs1 xs2 boff)
localparam logic [31:0] RVV_MASK_BGE = 32'h0000707f;
localparam logic [31:0] RVV_MATCH_BLTU = 32'h00006063;  // bltu (xs1 xs2 boff)
localparam logic [31:0] RVV_MASK_BLTU = 32'h0000707f;
localparam logic [31:0] RVV_MATCH_BGEU = 32'h00007063;  // bgeu (xs1 xs2 boff)
localparam logic [31:0] RVV_MASK_BGEU = 32'h0000707f;
localparam logic [31:0] RVV_MATCH_LB = 32'h00000003;  // lb (xd iaddr)
localparam logic [31:0] RVV_MASK_LB = 32'h0000707f;
localparam logic [31:0] RVV_MATCH_LH = 32'h00001003;  // lh (xd iaddr)
localparam logic [31:0] RVV_MASK_LH = 32'h0000707f;
localparam logic [31:0] RVV_MATCH_LW = 32'h00002003;  // lw (xd iaddr)
localparam logic [31:0] RVV_MASK_LW = 32'h0000707f;
localparam logic [31:0] RVV_MATCH_LBU = 32'h00004003;  // lbu (xd iaddr)
localparam logic [31:0] RVV_MASK_LBU = 32'h0000707f;
localparam logic [31:0] RVV_MATCH_LHU = 32'h00005003;  // lhu (xd iaddr)
localparam logic [31:0] RVV_MASK_LHU = 32'h0000707f;
localparam logic [31:0] RVV_MATCH_SB = 32'h00000023;  // sb (xs2 saddr)
localparam logic [31:0] RVV_MASK_SB = 32'h0000707f;
localparam logic [31:0] RVV_MATCH_SH = 32'h00001023;  // sh (xs2 saddr)
localparam logic [31:0] RVV_MASK_SH = 32'h0000707f;
localparam logic [31:0] RVV_MATCH_SW = 32'h00002023;  // sw (xs2 saddr)
localparam logic [31:0] RVV_MASK_SW = 32'h0000707f;
localparam logic [31:0] RVV_MATCH_ADDI = 32'h00000013;  // addi (xd xs1 imm12)
localparam logic [31:0] RVV_MASK_ADDI = 32'h0000707f;
localparam logic [31:0] RVV_MATCH_SLTI = 32'h00002013;  // slti (xd xs1 imm12)
localparam logic [31:0] RVV_MASK_SLTI = 32'h0000707f;
localparam logic [31:0] RVV_MATCH_SLTIU = 32'h00003013;  // sltiu (xd xs1 imm12)
localparam logic [31:0] RVV_MASK_SLTIU = 32'h0000707f;
localparam logic [31:0] RVV_MATCH_XORI = 32'h00004013;  // xori (xd xs1 imm12)
localparam logic [31:0] RVV_MASK_XORI = 32'h0000707f;
localparam logic [31:0] RVV_MATCH_ORI = 32'h00006013;  // ori (xd xs1 imm12)
localparam logic [31:0] RVV_MASK_ORI = 32'h0000707f;
localparam logic [31:0] RVV_MATCH_ANDI = 32'h00007013;  // andi (xd xs1 imm12)
localparam logic [31:0] RVV_MASK_ANDI = 32'h0000707f;
localparam logic [31:0] RVV_MATCH_SLLI = 32'h00001013;  // slli (xd xs1 shamt)
localparam logic [31:0] RVV_MASK_SLLI = 32'hfe00707f;
localparam logic [31:0] RVV_MATCH_SRLI = 32'h00005013;  // srli (xd xs1 shamt)
localparam logic [31:0] RVV_MASK_SRLI = 32'hfe00707f;
localparam logic [31:0] RVV_MATCH_SRAI = 32'h40005013;  // srai (xd xs1 shamt)
localparam logic [31:0] RVV_MASK_SRAI = 32'hfe00707f;
localparam logic [31:0] RVV_MATCH_ADD = 32'h00000033;  // add (xd xs1 xs2)
localparam logic [31:0] RVV_MASK_ADD = 32'hfe00707f;
localparam logic [31:0] RVV_MATCH_SUB = 32'h40000033;  // sub (xd xs1 xs2)
localparam logic [31:0] RVV_MASK_SUB = 32'hfe00707f;
localparam logic [31:0] RVV_MATCH_SLL = 32'h00001033;  // sll (xd xs1 xs2)
localparam logic [31:0] RVV_MASK_SLL = 32'hfe00707f;
localparam logic [31:0] RVV_MATCH_SLT = 32'h00002033;  // slt (xd xs1 xs2)
localparam logic [31:0] RVV_MASK_SLT = 32'hfe00707f;
localparam logic [31:0] RVV_MATCH_SLTU = 32'h00003033;  // sltu (xd xs1 xs2)
localparam logic [31:0] RVV_MASK_SLTU = 32'hfe00707f;
localparam logic [31:0] RVV_MATCH_XOR = 32'h00004033;  // xor (xd xs1 xs2)
localparam logic [31:0] RVV_MASK_XOR = 32'hfe00707f;
localparam logic [31:0] RVV_MATCH_SRL = 32'h00005033;  // srl (xd xs1 xs2)
localparam logic [31:0] RVV_MASK_SRL = 32'hfe00707f;
localparam logic [31:0] RVV_MATCH_SRA = 32'h40005033;  // sra (xd xs1 xs2)
localparam logic [31:0] RVV_MASK_SRA = 32'hfe00707f;
localparam logic [31:0] RVV_MATCH_OR = 32'h00006033;  // or (xd xs1 xs2)
localparam logic [31:0] RVV_MASK_OR = 32'hfe00707f;
localparam logic [31:0] RVV_MATCH_AND = 32'h00007033;  // and (xd xs1 xs2)
localparam logic [31:0] RVV_MASK_AND = 32'hfe00707f;
localparam logic [31:0] RVV_MATCH_FENCE = 32'h0000000f;  // fence (pred succ)
localparam logic [31:0] RVV_MASK_FENCE = 32'hf00fffff;
localparam logic [31:0] RVV_MATCH_ECALL = 32'h00000073;  // ecall ()
localparam logic [31:0] RVV_MASK_ECALL = 32'hffffffff;
localparam logic [31:0] RVV_MATCH_EBREAK = 32'h00100073;  // ebreak ()
localparam logic [31:0] RVV_MASK_EBREAK = 32'hffffffff;

// M
localparam logic [31:0] RVV_MATCH_MUL = 32'h02000033;  // mul (xd xs1 xs2)
localparam logic [31:0] RVV_MASK_MUL = 32'hfe00707f;
localparam logic [31:0] RVV_MATCH_MULH = 32'h02001033;  // mulh (xd xs1 xs2)
localparam logic [31:0] RVV_MASK_MULH = 32'hfe00707f;
localparam logic [31:0] RVV_MATCH_MULHSU = 32'h02002033;  // mulhsu (xd xs1 xs2)
localparam logic [31:0] RVV_MASK_MULHSU = 32'hfe00707f;
localparam logic [31:0] RVV_MATCH_MULHU = 32'h02003033;  // mulhu (xd xs1 xs2)
localparam logic [31:0] RVV_MASK_MULHU = 32'hfe00707f;
localparam logic [31:0] RVV_MATCH_DIV = 32'h02004033;  // div (xd xs1 xs2)
localparam logic [31:0] RVV_MASK_DIV = 32'hfe00707f;
localparam logic [31:0] RVV_MATCH_DIVU = 32'h02005033;  // divu (xd xs1 xs2)
localparam logic [31:0] RVV_MASK_DIVU = 32'hfe00707f;
localparam logic [31:0] RVV_MATCH_REM = 32'h02006033;  // rem (xd xs1 xs2)
localparam logic [31:0] RVV_MASK_REM = 32'hfe00707f;
localparam logic [31:0] RVV_MATCH_REMU = 32'h02007033;  // remu (xd xs1 xs2)
localparam logic [31:0] RVV_MASK_REMU = 32'hfe00707f;

// ZICSR
localparam logic [31:0] RVV_MATCH_CSRRW = 32'h00001073;  // csrrw (xd csr xs1)
localparam logic [31:0] RVV_MASK_CSRRW = 32'h0000707f;
localparam logic [31:0] RVV_MATCH_CSRRS = 32'h00002073;  // csrrs (xd csr xs1)
localparam logic [31:0] RVV_MASK_CSRRS = 32'h0000707f;
localparam logic [31:0] RVV_MATCH_CSRRC = 32'h00003073;  // csrrc (xd csr xs1)
localparam logic [31:0] RVV_MASK_CSRRC = 32'h0000707f;
localparam logic [31:0] RVV_MATCH_CSRRWI = 32'h00005073;  // csrrwi (xd csr zimm)
localparam logic [31:0] RVV_MASK_CSRRWI = 32'h0000707f;
localparam logic [31:0] RVV_MATCH_CSRRSI = 32'h00006073;  // csrrsi (xd csr zimm)
localparam logic [31:0] RVV_MASK_CSRRSI = 32'h0000707f;
localparam logic [31:0] RVV_MATCH_CSRRCI = 32'h00007073;  // csrrci (xd csr zimm)
localparam logic [31:0] RVV_MASK_CSRRCI = 32'h0000707f;

// F
localparam logic [31:0] RVV_MATCH_FLW = 32'h00002007;  // flw (fd iaddr)
localparam logic [31:0] RVV_MASK_FLW = 32'h0000707f;
localparam logic [31:0] RVV_MATCH_FSW = 32'h00002027;  // fsw (fs2 saddr)
localparam logic [31:0] RVV_MASK_FSW = 32'h0000707f;
localparam logic [31:0] RVV_MATCH_FMADD_S = 32'h00000043;  // fmadd.s (fd fs1 fs2 fs3 rm)
localparam logic [31:0] RVV_MASK_FMADD_S = 32'h0600007f;
localparam logic [31:0] RVV_MATCH_FMSUB_S = 32'h00000047;  // fmsub.s (fd fs1 fs2 fs3 rm)
localparam logic [31:0] RVV_MASK_FMSUB_S = 32'h0600007f;
localparam logic [31:0] RVV_MATCH_FNMSUB_S = 32'h0000004b;  // fnmsub.s (fd fs1 fs2 fs3 rm)
localparam logic [31:0] RVV_MASK_FNMSUB_S = 32'h0600007f;
localparam logic [31:0] RVV_MATCH_FNMADD_S = 32'h0000004f;  // fnmadd.s (fd fs1 fs2 fs3 rm)
localparam logic [31:0] RVV_MASK_FNMADD_S = 32'h0600007f;
localparam logic [31:0] RVV_MATCH_FADD_S = 32'h00000053;  // fadd.s (fd fs1 fs2 rm)
localparam logic [31:0] RVV_MASK_FADD_S = 32'hfe00007f;
localparam logic [31:0] RVV_MATCH_FSUB_S = 32'h08000053;  // fsub.s (fd fs1 fs2 rm)
localparam logic [31:0] RVV_MASK_FSUB_S = 32'hfe00007f;
localparam logic [31:0] RVV_MATCH_FMUL_S = 32'h10000053;  // fmul.s (fd fs1 fs2 rm)
localparam logic [31:0] RVV_MASK_FMUL_S = 32'hfe00007f;
localparam logic [31:0] RVV_MATCH_FDIV_S = 32'h18000053;  // fdiv.s (fd fs1 fs2 rm)
localparam logic [31:0] RVV_MASK_FDIV_S = 32'hfe00007f;
localparam logic [31:0] RVV_MATCH_FSQRT_S = 32'h58000053;  // fsqrt.s (fd fs1 rm)
localparam logic [31:0] RVV_MASK_FSQRT_S = 32'hfff0007f;
localparam logic [31:0] RVV_MATCH_FSGNJ_S = 32'h20000053;  // fsgnj.s (fd fs1 fs2)
localparam logic [31:0] RVV_MASK_FSGNJ_S = 32'hfe00707f;
localparam logic [31:0] RVV_MATCH_FSGNJN_S = 32'h20001053;  // fsgnjn.s (fd fs1 fs2)
localparam logic [31:0] RVV_MASK_FSGNJN_S = 32'hfe00707f;
localparam logic [31:0] RVV_MATCH_FSGNJX_S = 32'h20002053;  // fsgnjx.s (fd fs1 fs2)
localparam logic [31:0] RVV_MASK_FSGNJX_S = 32'hfe00707f;
localparam logic [31:0] RVV_MATCH_FMIN_S = 32'h28000053;  // fmin.s (fd fs1 fs2)
localparam logic [31:0] RVV_MASK_FMIN_S = 32'hfe00707f;
localparam logic [31:0] RVV_MATCH_FMAX_S = 32'h28001053;  // fmax.s (fd fs1 fs2)
localparam logic [31:0] RVV_MASK_FMAX_S = 32'hfe00707f;
localparam logic [31:0] RVV_MATCH_FCVT_W_S = 32'hc0000053;  // fcvt.w.s (xd fs1 rm)
localparam logic [31:0] RVV_MASK_FCVT_W_S = 32'hfff0007f;
localparam logic [31:0] RVV_MATCH_FCVT_WU_S = 32'hc0100053;  // fcvt.wu.s (xd fs1 rm)
localparam logic [31:0] RVV_MASK_FCVT_WU_S = 32'hfff0007f;
localparam logic [31:0] RVV_MATCH_FMV_X_W = 32'he0000053;  // fmv.x.w (xd fs1)
localparam logic [31:0] RVV_MASK_FMV_X_W = 32'hfff0707f;
localparam logic [31:0] RVV_MATCH_FEQ_S = 32'ha0002053;  // feq.s (xd fs1 fs2)
localparam logic [31:0] RVV_MASK_FEQ_S = 32'hfe00707f;
localparam logic [31:0] RVV_MATCH_FLT_S = 32'ha0001053;  // flt.s (xd fs1 fs2)
localparam logic [31:0] RVV_MASK_FLT_S = 32'hfe00707f;
localparam logic [31:0] RVV_MATCH_FLE_S = 32'ha0000053;  // fle.s (xd fs1 fs2)
localparam logic [31:0] RVV_MASK_FLE_S = 32'hfe00707f;
localparam logic [31:0] RVV_MATCH_FCLASS_S = 32'he0001053;  // fclass.s (xd fs1)
localparam logic [31:0] RVV_MASK_FCLASS_S = 32'hfff0707f;
localparam logic [31:0] RVV_MATCH_FCVT_S_W = 32'hd0000053;  // fcvt.s.w (fd xs1 rm)
localparam logic [31:0] RVV_MASK_FCVT_S_W = 32'hfff0007f;
localparam logic [31:0] RVV_MATCH_FCVT_S_WU = 32'hd0100053;  // fcvt.s.wu (fd xs1 rm)
localparam logic [31:0] RVV_MASK_FCVT_S_WU = 32'hfff0007f;
localparam logic [31:0] RVV_MATCH_FMV_W_X = 32'hf0000053;  // fmv.w.x (fd xs1)
localparam logic [31:0] RVV_MASK_FMV_W_X = 32'hfff0707f;

// V
localparam logic [31:0] RVV_MATCH_VSETVLI = 32'h00007057;  // vsetvli (xd xs1 vtypei11)
localparam logic [31:0] RVV_MASK_VSETVLI = 32'h8000707f;
localparam logic [31:0] RVV_MATCH_VSETIVLI = 32'hc0007057;  // vsetivli (xd zimm vtypei10)
localparam logic [31:0] RVV_MASK_VSETIVLI = 32'hc000707f;
localparam logic [31:0] RVV_MATCH_VSETVL = 32'h80007057;  // vsetvl (xd xs1 xs2)
localparam logic [31:0] RVV_MASK_VSETVL = 32'hfe00707f;
localparam logic [31:0] RVV_MATCH_VLE8_V = 32'h00000007;  // vle8.v (vd vaddr vm)
localparam logic [31:0] RVV_MASK_VLE8_V = 32'hfdf0707f;
localparam logic [31:0] RVV_MATCH_VLE16_V = 32'h00005007;  // vle16.v (vd vaddr vm)
localparam logic [31:0] RVV_MASK_VLE16_V = 32'hfdf0707f;
localparam logic [31:0] RVV_MATCH_VLE32_V = 32'h00006007;  // vle32.v (vd vaddr vm)
localparam logic [31:0] RVV_MASK_VLE32_V = 32'hfdf0707f;
localparam logic [31:0] RVV_MATCH_VSE8_V = 32'h00000027;  // vse8.v (vs3 vaddr vm)
localparam logic [31:0] RVV_MASK_VSE8_V = 32'hfdf0707f;
localparam logic [31:0] RVV_MATCH_VSE16_V = 32'h00005027;  // vse16.v (vs3 vaddr vm)
localparam logic [31:0] RVV_MASK_VSE16_V = 32'hfdf0707f;
localparam logic [31:0] RVV_MATCH_VSE32_V = 32'h00006027;  // vse32.v (vs3 vaddr vm)
localparam logic [31:0] RVV_MASK_VSE32_V = 32'hfdf0707f;
localparam logic [31:0] RVV_MATCH_VLM_V = 32'h02b00007;  // vlm.v (vd vaddr)
localparam logic [31:0] RVV_MASK_VLM_V = 32'hfff0707f;
localparam logic [31:0] RVV_MATCH_VSM_V = 32'h02b00027;  // vsm.v (vs3 vaddr)
localparam logic [31:0] RVV_MASK_VSM_V = 32'hfff0707f;
localparam logic [31:0] RVV_MATCH_VLSE8_V = 32'h08000007;  // vlse8.v (vd vaddr xs2 vm)
localparam logic [31:0] RVV_MASK_VLSE8_V = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VLSE16_V = 32'h08005007;  // vlse16.v (vd vaddr xs2 vm)
localparam logic [31:0] RVV_MASK_VLSE16_V = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VLSE32_V = 32'h08006007;  // vlse32.v (vd vaddr xs2 vm)
localparam logic [31:0] RVV_MASK_VLSE32_V = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VSSE8_V = 32'h08000027;  // vsse8.v (vs3 vaddr xs2 vm)
localparam logic [31:0] RVV_MASK_VSSE8_V = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VSSE16_V = 32'h08005027;  // vsse16.v (vs3 vaddr xs2 vm)
localparam logic [31:0] RVV_MASK_VSSE16_V = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VSSE32_V = 32'h08006027;  // vsse32.v (vs3 vaddr xs2 vm)
localparam logic [31:0] RVV_MASK_VSSE32_V = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VLUXEI8_V = 32'h04000007;  // vluxei8.v (vd vaddr vs2 vm)
localparam logic [31:0] RVV_MASK_VLUXEI8_V = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VLUXEI16_V = 32'h04005007;  // vluxei16.v (vd vaddr vs2 vm)
localparam logic [31:0] RVV_MASK_VLUXEI16_V = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VLUXEI32_V = 32'h04006007;  // vluxei32.v (vd vaddr vs2 vm)
localparam logic [31:0] RVV_MASK_VLUXEI32_V = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VLOXEI8_V = 32'h0c000007;  // vloxei8.v (vd vaddr vs2 vm)
localparam logic [31:0] RVV_MASK_VLOXEI8_V = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VLOXEI16_V = 32'h0c005007;  // vloxei16.v (vd vaddr vs2 vm)
localparam logic [31:0] RVV_MASK_VLOXEI16_V = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VLOXEI32_V = 32'h0c006007;  // vloxei32.v (vd vaddr vs2 vm)
localparam logic [31:0] RVV_MASK_VLOXEI32_V = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VSUXEI8_V = 32'h04000027;  // vsuxei8.v (vs3 vaddr vs2 vm)
localparam logic [31:0] RVV_MASK_VSUXEI8_V = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VSUXEI16_V = 32'h04005027;  // vsuxei16.v (vs3 vaddr vs2 vm)
localparam logic [31:0] RVV_MASK_VSUXEI16_V = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VSUXEI32_V = 32'h04006027;  // vsuxei32.v (vs3 vaddr vs2 vm)
localparam logic [31:0] RVV_MASK_VSUXEI32_V = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VSOXEI8_V = 32'h0c000027;  // vsoxei8.v (vs3 vaddr vs2 vm)
localparam logic [31:0] RVV_MASK_VSOXEI8_V = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VSOXEI16_V = 32'h0c005027;  // vsoxei16.v (vs3 vaddr vs2 vm)
localparam logic [31:0] RVV_MASK_VSOXEI16_V = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VSOXEI32_V = 32'h0c006027;  // vsoxei32.v (vs3 vaddr vs2 vm)
localparam logic [31:0] RVV_MASK_VSOXEI32_V = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VL1RE8_V = 32'h02800007;  // vl1re8.v (vd vaddr)
localparam logic [31:0] RVV_MASK_VL1RE8_V = 32'hfff0707f;
localparam logic [31:0] RVV_MATCH_VL1RE16_V = 32'h02805007;  // vl1re16.v (vd vaddr)
localparam logic [31:0] RVV_MASK_VL1RE16_V = 32'hfff0707f;
localparam logic [31:0] RVV_MATCH_VL1RE32_V = 32'h02806007;  // vl1re32.v (vd vaddr)
localparam logic [31:0] RVV_MASK_VL1RE32_V = 32'hfff0707f;
localparam logic [31:0] RVV_MATCH_VL2RE8_V = 32'h22800007;  // vl2re8.v (vd vaddr)
localparam logic [31:0] RVV_MASK_VL2RE8_V = 32'hfff0707f;
localparam logic [31:0] RVV_MATCH_VL2RE16_V = 32'h22805007;  // vl2re16.v (vd vaddr)
localparam logic [31:0] RVV_MASK_VL2RE16_V = 32'hfff0707f;
localparam logic [31:0] RVV_MATCH_VL2RE32_V = 32'h22806007;  // vl2re32.v (vd vaddr)
localparam logic [31:0] RVV_MASK_VL2RE32_V = 32'hfff0707f;
localparam logic [31:0] RVV_MATCH_VL4RE8_V = 32'h62800007;  // vl4re8.v (vd vaddr)
localparam logic [31:0] RVV_MASK_VL4RE8_V = 32'hfff0707f;
localparam logic [31:0] RVV_MATCH_VL4RE16_V = 32'h62805007;  // vl4re16.v (vd vaddr)
localparam logic [31:0] RVV_MASK_VL4RE16_V = 32'hfff0707f;
localparam logic [31:0] RVV_MATCH_VL4RE32_V = 32'h62806007;  // vl4re32.v (vd vaddr)
localparam logic [31:0] RVV_MASK_VL4RE32_V = 32'hfff0707f;
localparam logic [31:0] RVV_MATCH_VL8RE8_V = 32'he2800007;  // vl8re8.v (vd vaddr)
localparam logic [31:0] RVV_MASK_VL8RE8_V = 32'hfff0707f;
localparam logic [31:0] RVV_MATCH_VL8RE16_V = 32'he2805007;  // vl8re16.v (vd vaddr)
localparam logic [31:0] RVV_MASK_VL8RE16_V = 32'hfff0707f;
localparam logic [31:0] RVV_MATCH_VL8RE32_V = 32'he2806007;  // vl8re32.v (vd vaddr)
localparam logic [31:0] RVV_MASK_VL8RE32_V = 32'hfff0707f;
localparam logic [31:0] RVV_MATCH_VS1R_V = 32'h02800027;  // vs1r.v (vs3 vaddr)
localparam logic [31:0] RVV_MASK_VS1R_V = 32'hfff0707f;
localparam logic [31:0] RVV_MATCH_VS2R_V = 32'h22800027;  // vs2r.v (vs3 vaddr)
localparam logic [31:0] RVV_MASK_VS2R_V = 32'hfff0707f;
localparam logic [31:0] RVV_MATCH_VS4R_V = 32'h62800027;  // vs4r.v (vs3 vaddr)
localparam logic [31:0] RVV_MASK_VS4R_V = 32'hfff0707f;
localparam logic [31:0] RVV_MATCH_VS8R_V = 32'he2800027;  // vs8r.v (vs3 vaddr)
localparam logic [31:0] RVV_MASK_VS8R_V = 32'hfff0707f;
localparam logic [31:0] RVV_MATCH_VLSEG2E32_V = 32'h20006007;  // vlseg2e32.v (vd vaddr vm)
localparam logic [31:0] RVV_MASK_VLSEG2E32_V = 32'hfdf0707f;
localparam logic [31:0] RVV_MATCH_VLSEG3E32_V = 32'h40006007;  // vlseg3e32.v (vd vaddr vm)
localparam logic [31:0] RVV_MASK_VLSEG3E32_V = 32'hfdf0707f;
localparam logic [31:0] RVV_MATCH_VLSEG4E32_V = 32'h60006007;  // vlseg4e32.v (vd vaddr vm)
localparam logic [31:0] RVV_MASK_VLSEG4E32_V = 32'hfdf0707f;
localparam logic [31:0] RVV_MATCH_VLSEG5E32_V = 32'h80006007;  // vlseg5e32.v (vd vaddr vm)
localparam logic [31:0] RVV_MASK_VLSEG5E32_V = 32'hfdf0707f;
localparam logic [31:0] RVV_MATCH_VLSEG6E32_V = 32'ha0006007;  // vlseg6e32.v (vd vaddr vm)
localparam logic [31:0] RVV_MASK_VLSEG6E32_V = 32'hfdf0707f;
localparam logic [31:0] RVV_MATCH_VLSEG7E32_V = 32'hc0006007;  // vlseg7e32.v (vd vaddr vm)
localparam logic [31:0] RVV_MASK_VLSEG7E32_V = 32'hfdf0707f;
localparam logic [31:0] RVV_MATCH_VLSEG8E32_V = 32'he0006007;  // vlseg8e32.v (vd vaddr vm)
localparam logic [31:0] RVV_MASK_VLSEG8E32_V = 32'hfdf0707f;
localparam logic [31:0] RVV_MATCH_VSSEG2E32_V = 32'h20006027;  // vsseg2e32.v (vs3 vaddr vm)
localparam logic [31:0] RVV_MASK_VSSEG2E32_V = 32'hfdf0707f;
localparam logic [31:0] RVV_MATCH_VSSEG3E32_V = 32'h40006027;  // vsseg3e32.v (vs3 vaddr vm)
localparam logic [31:0] RVV_MASK_VSSEG3E32_V = 32'hfdf0707f;
localparam logic [31:0] RVV_MATCH_VSSEG4E32_V = 32'h60006027;  // vsseg4e32.v (vs3 vaddr vm)
localparam logic [31:0] RVV_MASK_VSSEG4E32_V = 32'hfdf0707f;
localparam logic [31:0] RVV_MATCH_VSSEG5E32_V = 32'h80006027;  // vsseg5e32.v (vs3 vaddr vm)
localparam logic [31:0] RVV_MASK_VSSEG5E32_V = 32'hfdf0707f;
localparam logic [31:0] RVV_MATCH_VSSEG6E32_V = 32'ha0006027;  // vsseg6e32.v (vs3 vaddr vm)
localparam logic [31:0] RVV_MASK_VSSEG6E32_V = 32'hfdf0707f;
localparam logic [31:0] RVV_MATCH_VSSEG7E32_V = 32'hc0006027;  // vsseg7e32.v (vs3 vaddr vm)
localparam logic [31:0] RVV_MASK_VSSEG7E32_V = 32'hfdf0707f;
localparam logic [31:0] RVV_MATCH_VSSEG8E32_V = 32'he0006027;  // vsseg8e32.v (vs3 vaddr vm)
localparam logic [31:0] RVV_MASK_VSSEG8E32_V = 32'hfdf0707f;
localparam logic [31:0] RVV_MATCH_VADD_VV = 32'h00000057;  // vadd.vv (vd vs2 vs1 vm)
localparam logic [31:0] RVV_MASK_VADD_VV = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VADD_VX = 32'h00004057;  // vadd.vx (vd vs2 xs1 vm)
localparam logic [31:0] RVV_MASK_VADD_VX = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VADD_VI = 32'h00003057;  // vadd.vi (vd vs2 simm5 vm)
localparam logic [31:0] RVV_MASK_VADD_VI = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VSUB_VV = 32'h08000057;  // vsub.vv (vd vs2 vs1 vm)
localparam logic [31:0] RVV_MASK_VSUB_VV = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VSUB_VX = 32'h08004057;  // vsub.vx (vd vs2 xs1 vm)
localparam logic [31:0] RVV_MASK_VSUB_VX = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VRSUB_VX = 32'h0c004057;  // vrsub.vx (vd vs2 xs1 vm)
localparam logic [31:0] RVV_MASK_VRSUB_VX = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VRSUB_VI = 32'h0c003057;  // vrsub.vi (vd vs2 simm5 vm)
localparam logic [31:0] RVV_MASK_VRSUB_VI = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VMINU_VV = 32'h10000057;  // vminu.vv (vd vs2 vs1 vm)
localparam logic [31:0] RVV_MASK_VMINU_VV = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VMINU_VX = 32'h10004057;  // vminu.vx (vd vs2 xs1 vm)
localparam logic [31:0] RVV_MASK_VMINU_VX = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VMIN_VV = 32'h14000057;  // vmin.vv (vd vs2 vs1 vm)
localparam logic [31:0] RVV_MASK_VMIN_VV = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VMIN_VX = 32'h14004057;  // vmin.vx (vd vs2 xs1 vm)
localparam logic [31:0] RVV_MASK_VMIN_VX = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VMAXU_VV = 32'h18000057;  // vmaxu.vv (vd vs2 vs1 vm)
localparam logic [31:0] RVV_MASK_VMAXU_VV = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VMAXU_VX = 32'h18004057;  // vmaxu.vx (vd vs2 xs1 vm)
localparam logic [31:0] RVV_MASK_VMAXU_VX = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VMAX_VV = 32'h1c000057;  // vmax.vv (vd vs2 vs1 vm)
localparam logic [31:0] RVV_MASK_VMAX_VV = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VMAX_VX = 32'h1c004057;  // vmax.vx (vd vs2 xs1 vm)
localparam logic [31:0] RVV_MASK_VMAX_VX = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VAND_VV = 32'h24000057;  // vand.vv (vd vs2 vs1 vm)
localparam logic [31:0] RVV_MASK_VAND_VV = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VAND_VX = 32'h24004057;  // vand.vx (vd vs2 xs1 vm)
localparam logic [31:0] RVV_MASK_VAND_VX = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VAND_VI = 32'h24003057;  // vand.vi (vd vs2 simm5 vm)
localparam logic [31:0] RVV_MASK_VAND_VI = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VOR_VV = 32'h28000057;  // vor.vv (vd vs2 vs1 vm)
localparam logic [31:0] RVV_MASK_VOR_VV = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VOR_VX = 32'h28004057;  // vor.vx (vd vs2 xs1 vm)
localparam logic [31:0] RVV_MASK_VOR_VX = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VOR_VI = 32'h28003057;  // vor.vi (vd vs2 simm5 vm)
localparam logic [31:0] RVV_MASK_VOR_VI = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VXOR_VV = 32'h2c000057;  // vxor.vv (vd vs2 vs1 vm)
localparam logic [31:0] RVV_MASK_VXOR_VV = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VXOR_VX = 32'h2c004057;  // vxor.vx (vd vs2 xs1 vm)
localparam logic [31:0] RVV_MASK_VXOR_VX = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VXOR_VI = 32'h2c003057;  // vxor.vi (vd vs2 simm5 vm)
localparam logic [31:0] RVV_MASK_VXOR_VI = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VRGATHER_VV = 32'h30000057;  // vrgather.vv (vd vs2 vs1 vm)
localparam logic [31:0] RVV_MASK_VRGATHER_VV = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VRGATHER_VX = 32'h30004057;  // vrgather.vx (vd vs2 xs1 vm)
localparam logic [31:0] RVV_MASK_VRGATHER_VX = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VRGATHER_VI = 32'h30003057;  // vrgather.vi (vd vs2 uimm5 vm)
localparam logic [31:0] RVV_MASK_VRGATHER_VI = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VRGATHEREI16_VV = 32'h38000057;  // vrgatherei16.vv (vd vs2 vs1 vm)
localparam logic [31:0] RVV_MASK_VRGATHEREI16_VV = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VSLIDEUP_VX = 32'h38004057;  // vslideup.vx (vd vs2 xs1 vm)
localparam logic [31:0] RVV_MASK_VSLIDEUP_VX = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VSLIDEUP_VI = 32'h38003057;  // vslideup.vi (vd vs2 uimm5 vm)
localparam logic [31:0] RVV_MASK_VSLIDEUP_VI = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VSLIDEDOWN_VX = 32'h3c004057;  // vslidedown.vx (vd vs2 xs1 vm)
localparam logic [31:0] RVV_MASK_VSLIDEDOWN_VX = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VSLIDEDOWN_VI = 32'h3c003057;  // vslidedown.vi (vd vs2 uimm5 vm)
localparam logic [31:0] RVV_MASK_VSLIDEDOWN_VI = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VMERGE_VVM = 32'h5c000057;  // vmerge.vvm (vd vs2 vs1 v0)
localparam logic [31:0] RVV_MASK_VMERGE_VVM = 32'hfe00707f;
localparam logic [31:0] RVV_MATCH_VMERGE_VXM = 32'h5c004057;  // vmerge.vxm (vd vs2 xs1 v0)
localparam logic [31:0] RVV_MASK_VMERGE_VXM = 32'hfe00707f;
localparam logic [31:0] RVV_MATCH_VMERGE_VIM = 32'h5c003057;  // vmerge.vim (vd vs2 simm5 v0)
localparam logic [31:0] RVV_MASK_VMERGE_VIM = 32'hfe00707f;
localparam logic [31:0] RVV_MATCH_VMV_V_V = 32'h5e000057;  // vmv.v.v (vd vs1)
localparam logic [31:0] RVV_MASK_VMV_V_V = 32'hfff0707f;
localparam logic [31:0] RVV_MATCH_VMV_V_X = 32'h5e004057;  // vmv.v.x (vd xs1)
localparam logic [31:0] RVV_MASK_VMV_V_X = 32'hfff0707f;
localparam logic [31:0] RVV_MATCH_VMV_V_I = 32'h5e003057;  // vmv.v.i (vd simm5)
localparam logic [31:0] RVV_MASK_VMV_V_I = 32'hfff0707f;
localparam logic [31:0] RVV_MATCH_VMSEQ_VV = 32'h60000057;  // vmseq.vv (vd vs2 vs1 vm)
localparam logic [31:0] RVV_MASK_VMSEQ_VV = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VMSEQ_VX = 32'h60004057;  // vmseq.vx (vd vs2 xs1 vm)
localparam logic [31:0] RVV_MASK_VMSEQ_VX = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VMSEQ_VI = 32'h60003057;  // vmseq.vi (vd vs2 simm5 vm)
localparam logic [31:0] RVV_MASK_VMSEQ_VI = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VMSNE_VV = 32'h64000057;  // vmsne.vv (vd vs2 vs1 vm)
localparam logic [31:0] RVV_MASK_VMSNE_VV = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VMSNE_VX = 32'h64004057;  // vmsne.vx (vd vs2 xs1 vm)
localparam logic [31:0] RVV_MASK_VMSNE_VX = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VMSNE_VI = 32'h64003057;  // vmsne.vi (vd vs2 simm5 vm)
localparam logic [31:0] RVV_MASK_VMSNE_VI = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VMSLTU_VV = 32'h68000057;  // vmsltu.vv (vd vs2 vs1 vm)
localparam logic [31:0] RVV_MASK_VMSLTU_VV = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VMSLTU_VX = 32'h68004057;  // vmsltu.vx (vd vs2 xs1 vm)
localparam logic [31:0] RVV_MASK_VMSLTU_VX = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VMSLT_VV = 32'h6c000057;  // vmslt.vv (vd vs2 vs1 vm)
localparam logic [31:0] RVV_MASK_VMSLT_VV = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VMSLT_VX = 32'h6c004057;  // vmslt.vx (vd vs2 xs1 vm)
localparam logic [31:0] RVV_MASK_VMSLT_VX = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VMSLEU_VV = 32'h70000057;  // vmsleu.vv (vd vs2 vs1 vm)
localparam logic [31:0] RVV_MASK_VMSLEU_VV = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VMSLEU_VX = 32'h70004057;  // vmsleu.vx (vd vs2 xs1 vm)
localparam logic [31:0] RVV_MASK_VMSLEU_VX = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VMSLEU_VI = 32'h70003057;  // vmsleu.vi (vd vs2 simm5 vm)
localparam logic [31:0] RVV_MASK_VMSLEU_VI = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VMSLE_VV = 32'h74000057;  // vmsle.vv (vd vs2 vs1 vm)
localparam logic [31:0] RVV_MASK_VMSLE_VV = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VMSLE_VX = 32'h74004057;  // vmsle.vx (vd vs2 xs1 vm)
localparam logic [31:0] RVV_MASK_VMSLE_VX = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VMSLE_VI = 32'h74003057;  // vmsle.vi (vd vs2 simm5 vm)
localparam logic [31:0] RVV_MASK_VMSLE_VI = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VMSGTU_VX = 32'h78004057;  // vmsgtu.vx (vd vs2 xs1 vm)
localparam logic [31:0] RVV_MASK_VMSGTU_VX = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VMSGTU_VI = 32'h78003057;  // vmsgtu.vi (vd vs2 simm5 vm)
localparam logic [31:0] RVV_MASK_VMSGTU_VI = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VMSGT_VX = 32'h7c004057;  // vmsgt.vx (vd vs2 xs1 vm)
localparam logic [31:0] RVV_MASK_VMSGT_VX = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VMSGT_VI = 32'h7c003057;  // vmsgt.vi (vd vs2 simm5 vm)
localparam logic [31:0] RVV_MASK_VMSGT_VI = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VSADDU_VV = 32'h80000057;  // vsaddu.vv (vd vs2 vs1 vm)
localparam logic [31:0] RVV_MASK_VSADDU_VV = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VSADDU_VX = 32'h80004057;  // vsaddu.vx (vd vs2 xs1 vm)
localparam logic [31:0] RVV_MASK_VSADDU_VX = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VSADDU_VI = 32'h80003057;  // vsaddu.vi (vd vs2 simm5 vm)
localparam logic [31:0] RVV_MASK_VSADDU_VI = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VSADD_VV = 32'h84000057;  // vsadd.vv (vd vs2 vs1 vm)
localparam logic [31:0] RVV_MASK_VSADD_VV = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VSADD_VX = 32'h84004057;  // vsadd.vx (vd vs2 xs1 vm)
localparam logic [31:0] RVV_MASK_VSADD_VX = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VSADD_VI = 32'h84003057;  // vsadd.vi (vd vs2 simm5 vm)
localparam logic [31:0] RVV_MASK_VSADD_VI = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VSSUBU_VV = 32'h88000057;  // vssubu.vv (vd vs2 vs1 vm)
localparam logic [31:0] RVV_MASK_VSSUBU_VV = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VSSUBU_VX = 32'h88004057;  // vssubu.vx (vd vs2 xs1 vm)
localparam logic [31:0] RVV_MASK_VSSUBU_VX = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VSSUB_VV = 32'h8c000057;  // vssub.vv (vd vs2 vs1 vm)
localparam logic [31:0] RVV_MASK_VSSUB_VV = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VSSUB_VX = 32'h8c004057;  // vssub.vx (vd vs2 xs1 vm)
localparam logic [31:0] RVV_MASK_VSSUB_VX = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VSLL_VV = 32'h94000057;  // vsll.vv (vd vs2 vs1 vm)
localparam logic [31:0] RVV_MASK_VSLL_VV = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VSLL_VX = 32'h94004057;  // vsll.vx (vd vs2 xs1 vm)
localparam logic [31:0] RVV_MASK_VSLL_VX = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VSLL_VI = 32'h94003057;  // vsll.vi (vd vs2 uimm5 vm)
localparam logic [31:0] RVV_MASK_VSLL_VI = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VMV1R_V = 32'h9e003057;  // vmv1r.v (vd vs2)
localparam logic [31:0] RVV_MASK_VMV1R_V = 32'hfe0ff07f;
localparam logic [31:0] RVV_MATCH_VMV2R_V = 32'h9e00b057;  // vmv2r.v (vd vs2)
localparam logic [31:0] RVV_MASK_VMV2R_V = 32'hfe0ff07f;
localparam logic [31:0] RVV_MATCH_VMV4R_V = 32'h9e01b057;  // vmv4r.v (vd vs2)
localparam logic [31:0] RVV_MASK_VMV4R_V = 32'hfe0ff07f;
localparam logic [31:0] RVV_MATCH_VMV8R_V = 32'h9e03b057;  // vmv8r.v (vd vs2)
localparam logic [31:0] RVV_MASK_VMV8R_V = 32'hfe0ff07f;
localparam logic [31:0] RVV_MATCH_VSRL_VV = 32'ha0000057;  // vsrl.vv (vd vs2 vs1 vm)
localparam logic [31:0] RVV_MASK_VSRL_VV = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VSRL_VX = 32'ha0004057;  // vsrl.vx (vd vs2 xs1 vm)
localparam logic [31:0] RVV_MASK_VSRL_VX = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VSRL_VI = 32'ha0003057;  // vsrl.vi (vd vs2 uimm5 vm)
localparam logic [31:0] RVV_MASK_VSRL_VI = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VSRA_VV = 32'ha4000057;  // vsra.vv (vd vs2 vs1 vm)
localparam logic [31:0] RVV_MASK_VSRA_VV = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VSRA_VX = 32'ha4004057;  // vsra.vx (vd vs2 xs1 vm)
localparam logic [31:0] RVV_MASK_VSRA_VX = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VSRA_VI = 32'ha4003057;  // vsra.vi (vd vs2 uimm5 vm)
localparam logic [31:0] RVV_MASK_VSRA_VI = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VNSRL_WV = 32'hb0000057;  // vnsrl.wv (vd vs2 vs1 vm)
localparam logic [31:0] RVV_MASK_VNSRL_WV = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VNSRL_WX = 32'hb0004057;  // vnsrl.wx (vd vs2 xs1 vm)
localparam logic [31:0] RVV_MASK_VNSRL_WX = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VNSRL_WI = 32'hb0003057;  // vnsrl.wi (vd vs2 uimm5 vm)
localparam logic [31:0] RVV_MASK_VNSRL_WI = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VNSRA_WV = 32'hb4000057;  // vnsra.wv (vd vs2 vs1 vm)
localparam logic [31:0] RVV_MASK_VNSRA_WV = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VNSRA_WX = 32'hb4004057;  // vnsra.wx (vd vs2 xs1 vm)
localparam logic [31:0] RVV_MASK_VNSRA_WX = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VNSRA_WI = 32'hb4003057;  // vnsra.wi (vd vs2 uimm5 vm)
localparam logic [31:0] RVV_MASK_VNSRA_WI = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VREDSUM_VS = 32'h00002057;  // vredsum.vs (vd vs2 vs1 vm)
localparam logic [31:0] RVV_MASK_VREDSUM_VS = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VREDAND_VS = 32'h04002057;  // vredand.vs (vd vs2 vs1 vm)
localparam logic [31:0] RVV_MASK_VREDAND_VS = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VREDOR_VS = 32'h08002057;  // vredor.vs (vd vs2 vs1 vm)
localparam logic [31:0] RVV_MASK_VREDOR_VS = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VREDXOR_VS = 32'h0c002057;  // vredxor.vs (vd vs2 vs1 vm)
localparam logic [31:0] RVV_MASK_VREDXOR_VS = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VREDMINU_VS = 32'h10002057;  // vredminu.vs (vd vs2 vs1 vm)
localparam logic [31:0] RVV_MASK_VREDMINU_VS = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VREDMIN_VS = 32'h14002057;  // vredmin.vs (vd vs2 vs1 vm)
localparam logic [31:0] RVV_MASK_VREDMIN_VS = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VREDMAXU_VS = 32'h18002057;  // vredmaxu.vs (vd vs2 vs1 vm)
localparam logic [31:0] RVV_MASK_VREDMAXU_VS = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VREDMAX_VS = 32'h1c002057;  // vredmax.vs (vd vs2 vs1 vm)
localparam logic [31:0] RVV_MASK_VREDMAX_VS = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VSLIDE1UP_VX = 32'h38006057;  // vslide1up.vx (vd vs2 xs1 vm)
localparam logic [31:0] RVV_MASK_VSLIDE1UP_VX = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VSLIDE1DOWN_VX = 32'h3c006057;  // vslide1down.vx (vd vs2 xs1 vm)
localparam logic [31:0] RVV_MASK_VSLIDE1DOWN_VX = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VMV_X_S = 32'h42002057;  // vmv.x.s (xd vs2)
localparam logic [31:0] RVV_MASK_VMV_X_S = 32'hfe0ff07f;
localparam logic [31:0] RVV_MATCH_VCPOP_M = 32'h40082057;  // vcpop.m (xd vs2 vm)
localparam logic [31:0] RVV_MASK_VCPOP_M = 32'hfc0ff07f;
localparam logic [31:0] RVV_MATCH_VFIRST_M = 32'h4008a057;  // vfirst.m (xd vs2 vm)
localparam logic [31:0] RVV_MASK_VFIRST_M = 32'hfc0ff07f;
localparam logic [31:0] RVV_MATCH_VMV_S_X = 32'h42006057;  // vmv.s.x (vd xs1)
localparam logic [31:0] RVV_MASK_VMV_S_X = 32'hfff0707f;
localparam logic [31:0] RVV_MATCH_VZEXT_VF4 = 32'h48022057;  // vzext.vf4 (vd vs2 vm)
localparam logic [31:0] RVV_MASK_VZEXT_VF4 = 32'hfc0ff07f;
localparam logic [31:0] RVV_MATCH_VSEXT_VF4 = 32'h4802a057;  // vsext.vf4 (vd vs2 vm)
localparam logic [31:0] RVV_MASK_VSEXT_VF4 = 32'hfc0ff07f;
localparam logic [31:0] RVV_MATCH_VZEXT_VF2 = 32'h48032057;  // vzext.vf2 (vd vs2 vm)
localparam logic [31:0] RVV_MASK_VZEXT_VF2 = 32'hfc0ff07f;
localparam logic [31:0] RVV_MATCH_VSEXT_VF2 = 32'h4803a057;  // vsext.vf2 (vd vs2 vm)
localparam logic [31:0] RVV_MASK_VSEXT_VF2 = 32'hfc0ff07f;
localparam logic [31:0] RVV_MATCH_VMSBF_M = 32'h5000a057;  // vmsbf.m (vd vs2 vm)
localparam logic [31:0] RVV_MASK_VMSBF_M = 32'hfc0ff07f;
localparam logic [31:0] RVV_MATCH_VMSOF_M = 32'h50012057;  // vmsof.m (vd vs2 vm)
localparam logic [31:0] RVV_MASK_VMSOF_M = 32'hfc0ff07f;
localparam logic [31:0] RVV_MATCH_VMSIF_M = 32'h5001a057;  // vmsif.m (vd vs2 vm)
localparam logic [31:0] RVV_MASK_VMSIF_M = 32'hfc0ff07f;
localparam logic [31:0] RVV_MATCH_VIOTA_M = 32'h50082057;  // viota.m (vd vs2 vm)
localparam logic [31:0] RVV_MASK_VIOTA_M = 32'hfc0ff07f;
localparam logic [31:0] RVV_MATCH_VID_V = 32'h5008a057;  // vid.v (vd vm)
localparam logic [31:0] RVV_MASK_VID_V = 32'hfdfff07f;
localparam logic [31:0] RVV_MATCH_VCOMPRESS_VM = 32'h5e002057;  // vcompress.vm (vd vs2 vs1)
localparam logic [31:0] RVV_MASK_VCOMPRESS_VM = 32'hfe00707f;
localparam logic [31:0] RVV_MATCH_VMANDN_MM = 32'h62002057;  // vmandn.mm (vd vs2 vs1)
localparam logic [31:0] RVV_MASK_VMANDN_MM = 32'hfe00707f;
localparam logic [31:0] RVV_MATCH_VMAND_MM = 32'h66002057;  // vmand.mm (vd vs2 vs1)
localparam logic [31:0] RVV_MASK_VMAND_MM = 32'hfe00707f;
localparam logic [31:0] RVV_MATCH_VMOR_MM = 32'h6a002057;  // vmor.mm (vd vs2 vs1)
localparam logic [31:0] RVV_MASK_VMOR_MM = 32'hfe00707f;
localparam logic [31:0] RVV_MATCH_VMXOR_MM = 32'h6e002057;  // vmxor.mm (vd vs2 vs1)
localparam logic [31:0] RVV_MASK_VMXOR_MM = 32'hfe00707f;
localparam logic [31:0] RVV_MATCH_VMORN_MM = 32'h72002057;  // vmorn.mm (vd vs2 vs1)
localparam logic [31:0] RVV_MASK_VMORN_MM = 32'hfe00707f;
localparam logic [31:0] RVV_MATCH_VMNAND_MM = 32'h76002057;  // vmnand.mm (vd vs2 vs1)
localparam logic [31:0] RVV_MASK_VMNAND_MM = 32'hfe00707f;
localparam logic [31:0] RVV_MATCH_VMNOR_MM = 32'h7a002057;  // vmnor.mm (vd vs2 vs1)
localparam logic [31:0] RVV_MASK_VMNOR_MM = 32'hfe00707f;
localparam logic [31:0] RVV_MATCH_VMXNOR_MM = 32'h7e002057;  // vmxnor.mm (vd vs2 vs1)
localparam logic [31:0] RVV_MASK_VMXNOR_MM = 32'hfe00707f;
localparam logic [31:0] RVV_MATCH_VDIVU_VV = 32'h80002057;  // vdivu.vv (vd vs2 vs1 vm)
localparam logic [31:0] RVV_MASK_VDIVU_VV = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VDIVU_VX = 32'h80006057;  // vdivu.vx (vd vs2 xs1 vm)
localparam logic [31:0] RVV_MASK_VDIVU_VX = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VDIV_VV = 32'h84002057;  // vdiv.vv (vd vs2 vs1 vm)
localparam logic [31:0] RVV_MASK_VDIV_VV = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VDIV_VX = 32'h84006057;  // vdiv.vx (vd vs2 xs1 vm)
localparam logic [31:0] RVV_MASK_VDIV_VX = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VREMU_VV = 32'h88002057;  // vremu.vv (vd vs2 vs1 vm)
localparam logic [31:0] RVV_MASK_VREMU_VV = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VREMU_VX = 32'h88006057;  // vremu.vx (vd vs2 xs1 vm)
localparam logic [31:0] RVV_MASK_VREMU_VX = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VREM_VV = 32'h8c002057;  // vrem.vv (vd vs2 vs1 vm)
localparam logic [31:0] RVV_MASK_VREM_VV = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VREM_VX = 32'h8c006057;  // vrem.vx (vd vs2 xs1 vm)
localparam logic [31:0] RVV_MASK_VREM_VX = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VMULHU_VV = 32'h90002057;  // vmulhu.vv (vd vs2 vs1 vm)
localparam logic [31:0] RVV_MASK_VMULHU_VV = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VMULHU_VX = 32'h90006057;  // vmulhu.vx (vd vs2 xs1 vm)
localparam logic [31:0] RVV_MASK_VMULHU_VX = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VMUL_VV = 32'h94002057;  // vmul.vv (vd vs2 vs1 vm)
localparam logic [31:0] RVV_MASK_VMUL_VV = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VMUL_VX = 32'h94006057;  // vmul.vx (vd vs2 xs1 vm)
localparam logic [31:0] RVV_MASK_VMUL_VX = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VMULHSU_VV = 32'h98002057;  // vmulhsu.vv (vd vs2 vs1 vm)
localparam logic [31:0] RVV_MASK_VMULHSU_VV = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VMULHSU_VX = 32'h98006057;  // vmulhsu.vx (vd vs2 xs1 vm)
localparam logic [31:0] RVV_MASK_VMULHSU_VX = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VMULH_VV = 32'h9c002057;  // vmulh.vv (vd vs2 vs1 vm)
localparam logic [31:0] RVV_MASK_VMULH_VV = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VMULH_VX = 32'h9c006057;  // vmulh.vx (vd vs2 xs1 vm)
localparam logic [31:0] RVV_MASK_VMULH_VX = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VMADD_VV = 32'ha4002057;  // vmadd.vv (vd vs1 vs2 vm)
localparam logic [31:0] RVV_MASK_VMADD_VV = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VMADD_VX = 32'ha4006057;  // vmadd.vx (vd xs1 vs2 vm)
localparam logic [31:0] RVV_MASK_VMADD_VX = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VNMSUB_VV = 32'hac002057;  // vnmsub.vv (vd vs1 vs2 vm)
localparam logic [31:0] RVV_MASK_VNMSUB_VV = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VNMSUB_VX = 32'hac006057;  // vnmsub.vx (vd xs1 vs2 vm)
localparam logic [31:0] RVV_MASK_VNMSUB_VX = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VMACC_VV = 32'hb4002057;  // vmacc.vv (vd vs1 vs2 vm)
localparam logic [31:0] RVV_MASK_VMACC_VV = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VMACC_VX = 32'hb4006057;  // vmacc.vx (vd xs1 vs2 vm)
localparam logic [31:0] RVV_MASK_VMACC_VX = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VNMSAC_VV = 32'hbc002057;  // vnmsac.vv (vd vs1 vs2 vm)
localparam logic [31:0] RVV_MASK_VNMSAC_VV = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VNMSAC_VX = 32'hbc006057;  // vnmsac.vx (vd xs1 vs2 vm)
localparam logic [31:0] RVV_MASK_VNMSAC_VX = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VWADDU_VV = 32'hc0002057;  // vwaddu.vv (vd vs2 vs1 vm)
localparam logic [31:0] RVV_MASK_VWADDU_VV = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VWADDU_VX = 32'hc0006057;  // vwaddu.vx (vd vs2 xs1 vm)
localparam logic [31:0] RVV_MASK_VWADDU_VX = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VWADD_VV = 32'hc4002057;  // vwadd.vv (vd vs2 vs1 vm)
localparam logic [31:0] RVV_MASK_VWADD_VV = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VWADD_VX = 32'hc4006057;  // vwadd.vx (vd vs2 xs1 vm)
localparam logic [31:0] RVV_MASK_VWADD_VX = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VWSUBU_VV = 32'hc8002057;  // vwsubu.vv (vd vs2 vs1 vm)
localparam logic [31:0] RVV_MASK_VWSUBU_VV = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VWSUBU_VX = 32'hc8006057;  // vwsubu.vx (vd vs2 xs1 vm)
localparam logic [31:0] RVV_MASK_VWSUBU_VX = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VWSUB_VV = 32'hcc002057;  // vwsub.vv (vd vs2 vs1 vm)
localparam logic [31:0] RVV_MASK_VWSUB_VV = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VWSUB_VX = 32'hcc006057;  // vwsub.vx (vd vs2 xs1 vm)
localparam logic [31:0] RVV_MASK_VWSUB_VX = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VWADDU_WV = 32'hd0002057;  // vwaddu.wv (vd vs2 vs1 vm)
localparam logic [31:0] RVV_MASK_VWADDU_WV = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VWADDU_WX = 32'hd0006057;  // vwaddu.wx (vd vs2 xs1 vm)
localparam logic [31:0] RVV_MASK_VWADDU_WX = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VWADD_WV = 32'hd4002057;  // vwadd.wv (vd vs2 vs1 vm)
localparam logic [31:0] RVV_MASK_VWADD_WV = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VWADD_WX = 32'hd4006057;  // vwadd.wx (vd vs2 xs1 vm)
localparam logic [31:0] RVV_MASK_VWADD_WX = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VWSUBU_WV = 32'hd8002057;  // vwsubu.wv (vd vs2 vs1 vm)
localparam logic [31:0] RVV_MASK_VWSUBU_WV = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VWSUBU_WX = 32'hd8006057;  // vwsubu.wx (vd vs2 xs1 vm)
localparam logic [31:0] RVV_MASK_VWSUBU_WX = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VWSUB_WV = 32'hdc002057;  // vwsub.wv (vd vs2 vs1 vm)
localparam logic [31:0] RVV_MASK_VWSUB_WV = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VWSUB_WX = 32'hdc006057;  // vwsub.wx (vd vs2 xs1 vm)
localparam logic [31:0] RVV_MASK_VWSUB_WX = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VWMULU_VV = 32'he0002057;  // vwmulu.vv (vd vs2 vs1 vm)
localparam logic [31:0] RVV_MASK_VWMULU_VV = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VWMULU_VX = 32'he0006057;  // vwmulu.vx (vd vs2 xs1 vm)
localparam logic [31:0] RVV_MASK_VWMULU_VX = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VWMUL_VV = 32'hec002057;  // vwmul.vv (vd vs2 vs1 vm)
localparam logic [31:0] RVV_MASK_VWMUL_VV = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VWMUL_VX = 32'hec006057;  // vwmul.vx (vd vs2 xs1 vm)
localparam logic [31:0] RVV_MASK_VWMUL_VX = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VWMULSU_VV = 32'he8002057;  // vwmulsu.vv (vd vs2 vs1 vm)
localparam logic [31:0] RVV_MASK_VWMULSU_VV = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VWMULSU_VX = 32'he8006057;  // vwmulsu.vx (vd vs2 xs1 vm)
localparam logic [31:0] RVV_MASK_VWMULSU_VX = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VWMACCU_VV = 32'hf0002057;  // vwmaccu.vv (vd vs1 vs2 vm)
localparam logic [31:0] RVV_MASK_VWMACCU_VV = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VWMACCU_VX = 32'hf0006057;  // vwmaccu.vx (vd xs1 vs2 vm)
localparam logic [31:0] RVV_MASK_VWMACCU_VX = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VWMACC_VV = 32'hf4002057;  // vwmacc.vv (vd vs1 vs2 vm)
localparam logic [31:0] RVV_MASK_VWMACC_VV = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VWMACC_VX = 32'hf4006057;  // vwmacc.vx (vd xs1 vs2 vm)
localparam logic [31:0] RVV_MASK_VWMACC_VX = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VWMACCSU_VV = 32'hfc002057;  // vwmaccsu.vv (vd vs1 vs2 vm)
localparam logic [31:0] RVV_MASK_VWMACCSU_VV = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VWMACCSU_VX = 32'hfc006057;  // vwmaccsu.vx (vd xs1 vs2 vm)
localparam logic [31:0] RVV_MASK_VWMACCSU_VX = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VWMACCUS_VX = 32'hf8006057;  // vwmaccus.vx (vd xs1 vs2 vm)
localparam logic [31:0] RVV_MASK_VWMACCUS_VX = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VFADD_VV = 32'h00001057;  // vfadd.vv (vd vs2 vs1 vm)
localparam logic [31:0] RVV_MASK_VFADD_VV = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VFADD_VF = 32'h00005057;  // vfadd.vf (vd vs2 fs1 vm)
localparam logic [31:0] RVV_MASK_VFADD_VF = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VFREDUSUM_VS = 32'h04001057;  // vfredusum.vs (vd vs2 vs1 vm)
localparam logic [31:0] RVV_MASK_VFREDUSUM_VS = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VFSUB_VV = 32'h08001057;  // vfsub.vv (vd vs2 vs1 vm)
localparam logic [31:0] RVV_MASK_VFSUB_VV = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VFSUB_VF = 32'h08005057;  // vfsub.vf (vd vs2 fs1 vm)
localparam logic [31:0] RVV_MASK_VFSUB_VF = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VFREDOSUM_VS = 32'h0c001057;  // vfredosum.vs (vd vs2 vs1 vm)
localparam logic [31:0] RVV_MASK_VFREDOSUM_VS = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VFMIN_VV = 32'h10001057;  // vfmin.vv (vd vs2 vs1 vm)
localparam logic [31:0] RVV_MASK_VFMIN_VV = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VFMIN_VF = 32'h10005057;  // vfmin.vf (vd vs2 fs1 vm)
localparam logic [31:0] RVV_MASK_VFMIN_VF = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VFREDMIN_VS = 32'h14001057;  // vfredmin.vs (vd vs2 vs1 vm)
localparam logic [31:0] RVV_MASK_VFREDMIN_VS = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VFMAX_VV = 32'h18001057;  // vfmax.vv (vd vs2 vs1 vm)
localparam logic [31:0] RVV_MASK_VFMAX_VV = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VFMAX_VF = 32'h18005057;  // vfmax.vf (vd vs2 fs1 vm)
localparam logic [31:0] RVV_MASK_VFMAX_VF = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VFREDMAX_VS = 32'h1c001057;  // vfredmax.vs (vd vs2 vs1 vm)
localparam logic [31:0] RVV_MASK_VFREDMAX_VS = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VFSGNJ_VV = 32'h20001057;  // vfsgnj.vv (vd vs2 vs1 vm)
localparam logic [31:0] RVV_MASK_VFSGNJ_VV = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VFSGNJ_VF = 32'h20005057;  // vfsgnj.vf (vd vs2 fs1 vm)
localparam logic [31:0] RVV_MASK_VFSGNJ_VF = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VFSGNJN_VV = 32'h24001057;  // vfsgnjn.vv (vd vs2 vs1 vm)
localparam logic [31:0] RVV_MASK_VFSGNJN_VV = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VFSGNJN_VF = 32'h24005057;  // vfsgnjn.vf (vd vs2 fs1 vm)
localparam logic [31:0] RVV_MASK_VFSGNJN_VF = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VFSGNJX_VV = 32'h28001057;  // vfsgnjx.vv (vd vs2 vs1 vm)
localparam logic [31:0] RVV_MASK_VFSGNJX_VV = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VFSGNJX_VF = 32'h28005057;  // vfsgnjx.vf (vd vs2 fs1 vm)
localparam logic [31:0] RVV_MASK_VFSGNJX_VF = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VFSLIDE1UP_VF = 32'h38005057;  // vfslide1up.vf (vd vs2 fs1 vm)
localparam logic [31:0] RVV_MASK_VFSLIDE1UP_VF = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VFSLIDE1DOWN_VF = 32'h3c005057;  // vfslide1down.vf (vd vs2 fs1 vm)
localparam logic [31:0] RVV_MASK_VFSLIDE1DOWN_VF = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VFMV_F_S = 32'h42001057;  // vfmv.f.s (fd vs2)
localparam logic [31:0] RVV_MASK_VFMV_F_S = 32'hfe0ff07f;
localparam logic [31:0] RVV_MATCH_VFMV_S_F = 32'h42005057;  // vfmv.s.f (vd fs1)
localparam logic [31:0] RVV_MASK_VFMV_S_F = 32'hfff0707f;
localparam logic [31:0] RVV_MATCH_VFCVT_XU_F_V = 32'h48001057;  // vfcvt.xu.f.v (vd vs2 vm)
localparam logic [31:0] RVV_MASK_VFCVT_XU_F_V = 32'hfc0ff07f;
localparam logic [31:0] RVV_MATCH_VFCVT_X_F_V = 32'h48009057;  // vfcvt.x.f.v (vd vs2 vm)
localparam logic [31:0] RVV_MASK_VFCVT_X_F_V = 32'hfc0ff07f;
localparam logic [31:0] RVV_MATCH_VFCVT_F_XU_V = 32'h48011057;  // vfcvt.f.xu.v (vd vs2 vm)
localparam logic [31:0] RVV_MASK_VFCVT_F_XU_V = 32'hfc0ff07f;
localparam logic [31:0] RVV_MATCH_VFCVT_F_X_V = 32'h48019057;  // vfcvt.f.x.v (vd vs2 vm)
localparam logic [31:0] RVV_MASK_VFCVT_F_X_V = 32'hfc0ff07f;
localparam logic [31:0] RVV_MATCH_VFCVT_RTZ_XU_F_V = 32'h48031057;  // vfcvt.rtz.xu.f.v (vd vs2 vm)
localparam logic [31:0] RVV_MASK_VFCVT_RTZ_XU_F_V = 32'hfc0ff07f;
localparam logic [31:0] RVV_MATCH_VFCVT_RTZ_X_F_V = 32'h48039057;  // vfcvt.rtz.x.f.v (vd vs2 vm)
localparam logic [31:0] RVV_MASK_VFCVT_RTZ_X_F_V = 32'hfc0ff07f;
localparam logic [31:0] RVV_MATCH_VFWCVT_F_XU_V = 32'h48051057;  // vfwcvt.f.xu.v (vd vs2 vm)
localparam logic [31:0] RVV_MASK_VFWCVT_F_XU_V = 32'hfc0ff07f;
localparam logic [31:0] RVV_MATCH_VFWCVT_F_X_V = 32'h48059057;  // vfwcvt.f.x.v (vd vs2 vm)
localparam logic [31:0] RVV_MASK_VFWCVT_F_X_V = 32'hfc0ff07f;
localparam logic [31:0] RVV_MATCH_VFNCVT_XU_F_W = 32'h48081057;  // vfncvt.xu.f.w (vd vs2 vm)
localparam logic [31:0] RVV_MASK_VFNCVT_XU_F_W = 32'hfc0ff07f;
localparam logic [31:0] RVV_MATCH_VFNCVT_X_F_W = 32'h48089057;  // vfncvt.x.f.w (vd vs2 vm)
localparam logic [31:0] RVV_MASK_VFNCVT_X_F_W = 32'hfc0ff07f;
localparam logic [31:0] RVV_MATCH_VFNCVT_RTZ_XU_F_W = 32'h480b1057;  // vfncvt.rtz.xu.f.w (vd vs2 vm)
localparam logic [31:0] RVV_MASK_VFNCVT_RTZ_XU_F_W = 32'hfc0ff07f;
localparam logic [31:0] RVV_MATCH_VFNCVT_RTZ_X_F_W = 32'h480b9057;  // vfncvt.rtz.x.f.w (vd vs2 vm)
localparam logic [31:0] RVV_MASK_VFNCVT_RTZ_X_F_W = 32'hfc0ff07f;
localparam logic [31:0] RVV_MATCH_VFSQRT_V = 32'h4c001057;  // vfsqrt.v (vd vs2 vm)
localparam logic [31:0] RVV_MASK_VFSQRT_V = 32'hfc0ff07f;
localparam logic [31:0] RVV_MATCH_VFRSQRT7_V = 32'h4c021057;  // vfrsqrt7.v (vd vs2 vm)
localparam logic [31:0] RVV_MASK_VFRSQRT7_V = 32'hfc0ff07f;
localparam logic [31:0] RVV_MATCH_VFREC7_V = 32'h4c029057;  // vfrec7.v (vd vs2 vm)
localparam logic [31:0] RVV_MASK_VFREC7_V = 32'hfc0ff07f;
localparam logic [31:0] RVV_MATCH_VFCLASS_V = 32'h4c081057;  // vfclass.v (vd vs2 vm)
localparam logic [31:0] RVV_MASK_VFCLASS_V = 32'hfc0ff07f;
localparam logic [31:0] RVV_MATCH_VFMERGE_VFM = 32'h5c005057;  // vfmerge.vfm (vd vs2 fs1 v0)
localparam logic [31:0] RVV_MASK_VFMERGE_VFM = 32'hfe00707f;
localparam logic [31:0] RVV_MATCH_VFMV_V_F = 32'h5e005057;  // vfmv.v.f (vd fs1)
localparam logic [31:0] RVV_MASK_VFMV_V_F = 32'hfff0707f;
localparam logic [31:0] RVV_MATCH_VMFEQ_VV = 32'h60001057;  // vmfeq.vv (vd vs2 vs1 vm)
localparam logic [31:0] RVV_MASK_VMFEQ_VV = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VMFEQ_VF = 32'h60005057;  // vmfeq.vf (vd vs2 fs1 vm)
localparam logic [31:0] RVV_MASK_VMFEQ_VF = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VMFLE_VV = 32'h64001057;  // vmfle.vv (vd vs2 vs1 vm)
localparam logic [31:0] RVV_MASK_VMFLE_VV = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VMFLE_VF = 32'h64005057;  // vmfle.vf (vd vs2 fs1 vm)
localparam logic [31:0] RVV_MASK_VMFLE_VF = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VMFLT_VV = 32'h6c001057;  // vmflt.vv (vd vs2 vs1 vm)
localparam logic [31:0] RVV_MASK_VMFLT_VV = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VMFLT_VF = 32'h6c005057;  // vmflt.vf (vd vs2 fs1 vm)
localparam logic [31:0] RVV_MASK_VMFLT_VF = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VMFNE_VV = 32'h70001057;  // vmfne.vv (vd vs2 vs1 vm)
localparam logic [31:0] RVV_MASK_VMFNE_VV = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VMFNE_VF = 32'h70005057;  // vmfne.vf (vd vs2 fs1 vm)
localparam logic [31:0] RVV_MASK_VMFNE_VF = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VMFGT_VF = 32'h74005057;  // vmfgt.vf (vd vs2 fs1 vm)
localparam logic [31:0] RVV_MASK_VMFGT_VF = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VMFGE_VF = 32'h7c005057;  // vmfge.vf (vd vs2 fs1 vm)
localparam logic [31:0] RVV_MASK_VMFGE_VF = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VFDIV_VV = 32'h80001057;  // vfdiv.vv (vd vs2 vs1 vm)
localparam logic [31:0] RVV_MASK_VFDIV_VV = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VFDIV_VF = 32'h80005057;  // vfdiv.vf (vd vs2 fs1 vm)
localparam logic [31:0] RVV_MASK_VFDIV_VF = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VFRDIV_VF = 32'h84005057;  // vfrdiv.vf (vd vs2 fs1 vm)
localparam logic [31:0] RVV_MASK_VFRDIV_VF = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VFMUL_VV = 32'h90001057;  // vfmul.vv (vd vs2 vs1 vm)
localparam logic [31:0] RVV_MASK_VFMUL_VV = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VFMUL_VF = 32'h90005057;  // vfmul.vf (vd vs2 fs1 vm)
localparam logic [31:0] RVV_MASK_VFMUL_VF = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VFRSUB_VF = 32'h9c005057;  // vfrsub.vf (vd vs2 fs1 vm)
localparam logic [31:0] RVV_MASK_VFRSUB_VF = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VFMADD_VV = 32'ha0001057;  // vfmadd.vv (vd vs1 vs2 vm)
localparam logic [31:0] RVV_MASK_VFMADD_VV = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VFMADD_VF = 32'ha0005057;  // vfmadd.vf (vd fs1 vs2 vm)
localparam logic [31:0] RVV_MASK_VFMADD_VF = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VFNMADD_VV = 32'ha4001057;  // vfnmadd.vv (vd vs1 vs2 vm)
localparam logic [31:0] RVV_MASK_VFNMADD_VV = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VFNMADD_VF = 32'ha4005057;  // vfnmadd.vf (vd fs1 vs2 vm)
localparam logic [31:0] RVV_MASK_VFNMADD_VF = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VFMSUB_VV = 32'ha8001057;  // vfmsub.vv (vd vs1 vs2 vm)
localparam logic [31:0] RVV_MASK_VFMSUB_VV = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VFMSUB_VF = 32'ha8005057;  // vfmsub.vf (vd fs1 vs2 vm)
localparam logic [31:0] RVV_MASK_VFMSUB_VF = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VFNMSUB_VV = 32'hac001057;  // vfnmsub.vv (vd vs1 vs2 vm)
localparam logic [31:0] RVV_MASK_VFNMSUB_VV = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VFNMSUB_VF = 32'hac005057;  // vfnmsub.vf (vd fs1 vs2 vm)
localparam logic [31:0] RVV_MASK_VFNMSUB_VF = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VFMACC_VV = 32'hb0001057;  // vfmacc.vv (vd vs1 vs2 vm)
localparam logic [31:0] RVV_MASK_VFMACC_VV = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VFMACC_VF = 32'hb0005057;  // vfmacc.vf (vd fs1 vs2 vm)
localparam logic [31:0] RVV_MASK_VFMACC_VF = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VFNMACC_VV = 32'hb4001057;  // vfnmacc.vv (vd vs1 vs2 vm)
localparam logic [31:0] RVV_MASK_VFNMACC_VV = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VFNMACC_VF = 32'hb4005057;  // vfnmacc.vf (vd fs1 vs2 vm)
localparam logic [31:0] RVV_MASK_VFNMACC_VF = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VFMSAC_VV = 32'hb8001057;  // vfmsac.vv (vd vs1 vs2 vm)
localparam logic [31:0] RVV_MASK_VFMSAC_VV = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VFMSAC_VF = 32'hb8005057;  // vfmsac.vf (vd fs1 vs2 vm)
localparam logic [31:0] RVV_MASK_VFMSAC_VF = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VFNMSAC_VV = 32'hbc001057;  // vfnmsac.vv (vd vs1 vs2 vm)
localparam logic [31:0] RVV_MASK_VFNMSAC_VV = 32'hfc00707f;
localparam logic [31:0] RVV_MATCH_VFNMSAC_VF = 32'hbc005057;  // vfnmsac.vf (vd fs1 vs2 vm)
localparam logic [31:0] RVV_MASK_VFNMSAC_VF = 32'hfc00707f;
/* verilator lint_on UNUSEDPARAM */

// 1 when w is an instruction of isa/rvv.def.
/* verilator lint_off UNUSEDSIGNAL */
function automatic logic rvv_isa_listed(input logic [31:0] w);
  rvv_isa_listed =
      ((w & RVV_MASK_LUI) == RVV_MATCH_LUI)
    | ((w & RVV_MASK_AUIPC) == RVV_MATCH_AUIPC)
    | ((w & RVV_MASK_JAL) == RVV_MATCH_JAL)
    | ((w & RVV_MASK_JALR) == RVV_MATCH_JALR)
    | ((w & RVV_MASK_BEQ) == RVV_MATCH_BEQ)
    | ((w & RVV_MASK_BNE) == RVV_MATCH_BNE)
    | ((w & RVV_MASK_BLT) == RVV_MATCH_BLT)
    | ((w & RVV_MASK_BGE) == RVV_MATCH_BGE)
    | ((w & RVV_MASK_BLTU) == RVV_MATCH_BLTU)
    | ((w & RVV_MASK_BGEU) == RVV_MATCH_BGEU)
    | ((w & RVV_MASK_LB) == RVV_MATCH_LB)
    | ((w & RVV_MASK_LH) == RVV_MATCH_LH)
    | ((w & RVV_MASK_LW) == RVV_MATCH_LW)
    | ((w & RVV_MASK_LBU) == RVV_MATCH_LBU)
    | ((w & RVV_MASK_LHU) == RVV_MATCH_LHU)
    | ((w & RVV_MASK_SB) == RVV_MATCH_SB)
    | ((w & RVV_MASK_SH) == RVV_MATCH_SH)
    | ((w & RVV_MASK_SW) == RVV_MATCH_SW)
    | ((w & RVV_MASK_ADDI) == RVV_MATCH_ADDI)
    | ((w & RVV_MASK_SLTI) == RVV_MATCH_SLTI)
    | ((w & RVV_MASK_SLTIU) == RVV_MATCH_SLTIU)
    | ((w & RVV_MASK_XORI) == RVV_MATCH_XORI)
    | ((w & RVV_MASK_ORI) == RVV_MATCH_ORI)
    | ((w & RVV_MASK_ANDI) == RVV_MATCH_ANDI)
    | ((w & RVV_MASK_SLLI) == RVV_MATCH_SLLI)
    | ((w & RVV_MASK_SRLI) == RVV_MATCH_SRLI)
    | ((w & RVV_MASK_SRAI) == RVV_MATCH_SRAI)
    | ((w & RVV_MASK_ADD) == RVV_MATCH_ADD)
    | ((w & RVV_MASK_SUB) == RVV_MATCH_SUB)
    | ((w & RVV_MASK_SLL) == RVV_MATCH_SLL)
    | ((w & RVV_MASK_SLT) == RVV_MATCH_SLT)
    | ((w & RVV_MASK_SLTU) == RVV_MATCH_SLTU)
    | ((w & RVV_MASK_XOR) == RVV_MATCH_XOR)
    | ((w & RVV_MASK_SRL) == RVV_MATCH_SRL)
    | ((w & RVV_MASK_SRA) == RVV_MATCH_SRA)
    | ((w & RVV_MASK_OR) == RVV_MATCH_OR)
    | ((w & RVV_MASK_AND) == RVV_MATCH_AND)
    | ((w & RVV_MASK_FENCE) == RVV_MATCH_FENCE)
    | ((w & RVV_MASK_ECALL) == RVV_MATCH_ECALL)
    | ((w & RVV_MASK_EBREAK) == RVV_MATCH_EBREAK)
    | ((w & RVV_MASK_MUL) == RVV_MATCH_MUL)
    | ((w & RVV_MASK_MULH) == RVV_MATCH_MULH)
    | ((w & RVV_MASK_MULHSU) == RVV_MATCH_MULHSU)
    | ((w & RVV_MASK_MULHU) == RVV_MATCH_MULHU)
    | ((w & RVV_MASK_DIV) == RVV_MATCH_DIV)
    | ((w & RVV_MASK_DIVU) == RVV_MATCH_DIVU)
    | ((w & RVV_MASK_REM) == RVV_MATCH_REM)
    | ((w & RVV_MASK_REMU) == RVV_MATCH_REMU)
    | ((w & RVV_MASK_CSRRW) == RVV_MATCH_CSRRW)
    | ((w & RVV_MASK_CSRRS) == RVV_MATCH_CSRRS)
    | ((w & RVV_MASK_CSRRC) == RVV_MATCH_CSRRC)
    | ((w & RVV_MASK_CSRRWI) == RVV_MATCH_CSRRWI)
    | ((w & RVV_MASK_CSRRSI) == RVV_MATCH_CSRRSI)
    | ((w & RVV_MASK_CSRRCI) == RVV_MATCH_CSRRCI)
    | ((w & RVV_MASK_FLW) == RVV_MATCH_FLW)
    | ((w & RVV_MASK_FSW) == RVV_MATCH_FSW)
    | ((w & RVV_MASK_FMADD_S) == RVV_MATCH_FMADD_S)
    | ((w & RVV_MASK_FMSUB_S) == RVV_MATCH_FMSUB_S)
    | ((w & RVV_MASK_FNMSUB_S) == RVV_MATCH_FNMSUB_S)
    | ((w & RVV_MASK_FNMADD_S) == RVV_MATCH_FNMADD_S)
    | ((w & RVV_MASK_FADD_S) == RVV_MATCH_FADD_S)
    | ((w & RVV_MASK_FSUB_S) == RVV_MATCH_FSUB_S)
    | ((w & RVV_MASK_FMUL_S) == RVV_MATCH_FMUL_S)
    | ((w & RVV_MASK_FDIV_S) == RVV_MATCH_FDIV_S)
    | ((w & RVV_MASK_FSQRT_S) == RVV_MATCH_FSQRT_S)
    | ((w & RVV_MASK_FSGNJ_S) == RVV_MATCH_FSGNJ_S)
    | ((w & RVV_MASK_FSGNJN_S) == RVV_MATCH_FSGNJN_S)
    | ((w & RVV_MASK_FSGNJX_S) == RVV_MATCH_FSGNJX_S)
    | ((w & RVV_MASK_FMIN_S) == RVV_MATCH_FMIN_S)
    | ((w & RVV_MASK_FMAX_S) == RVV_MATCH_FMAX_S)
    | ((w & RVV_MASK_FCVT_W_S) == RVV_MATCH_FCVT_W_S)
    | ((w & RVV_MASK_FCVT_WU_S) == RVV_MATCH_FCVT_WU_S)
    | ((w & RVV_MASK_FMV_X_W) == RVV_MATCH_FMV_X_W)
    | ((w & RVV_MASK_FEQ_S) == RVV_MATCH_FEQ_S)
    | ((w & RVV_MASK_FLT_S) == RVV_MATCH_FLT_S)
    | ((w & RVV_MASK_FLE_S) == RVV_MATCH_FLE_S)
    | ((w & RVV_MASK_FCLASS_S) == RVV_MATCH_FCLASS_S)
    | ((w & RVV_MASK_FCVT_S_W) == RVV_MATCH_FCVT_S_W)
    | ((w & RVV_MASK_FCVT_S_WU) == RVV_MATCH_FCVT_S_WU)
    | ((w & RVV_MASK_FMV_W_X) == RVV_MATCH_FMV_W_X)
    | ((w & RVV_MASK_VSETVLI) == RVV_MATCH_VSETVLI)
    | ((w & RVV_MASK_VSETIVLI) == RVV_MATCH_VSETIVLI)
    | ((w & RVV_MASK_VSETVL) == RVV_MATCH_VSETVL)
    | ((w & RVV_MASK_VLE8_V) == RVV_MATCH_VLE8_V)
    | ((w & RVV_MASK_VLE16_V) == RVV_MATCH_VLE16_V)
    | ((w & RVV_MASK_VLE32_V) == RVV_MATCH_VLE32_V)
    | ((w & RVV_MASK_VSE8_V) == RVV_MATCH_VSE8_V)
    | ((w & RVV_MASK_VSE16_V) == RVV_MATCH_VSE16_V)
    | ((w & RVV_MASK_VSE32_V) == RVV_MATCH_VSE32_V)
    | ((w & RVV_MASK_VLM_V) == RVV_MATCH_VLM_V)
    | ((w & RVV_MASK_VSM_V) == RVV_MATCH_VSM_V)
    | ((w & RVV_MASK_VLSE8_V) == RVV_MATCH_VLSE8_V)
    | ((w & RVV_MASK_VLSE16_V) == RVV_MATCH_VLSE16_V)
    | ((w & RVV_MASK_VLSE32_V) == RVV_MATCH_VLSE32_V)
    | ((w & RVV_MASK_VSSE8_V) == RVV_MATCH_VSSE8_V)
    | ((w & RVV_MASK_VSSE16_V) == RVV_MATCH_VSSE16_V)
    | ((w & RVV_MASK_VSSE32_V) == RVV_MATCH_VSSE32_V)
    | ((w & RVV_MASK_VLUXEI8_V) == RVV_MATCH_VLUXEI8_V)
    | ((w & RVV_MASK_VLUXEI16_V) == RVV_MATCH_VLUXEI16_V)
    | ((w & RVV_MASK_VLUXEI32_V) == RVV_MATCH_VLUXEI32_V)
    | ((w & RVV_MASK_VLOXEI8_V) == RVV_MATCH_VLOXEI8_V)
    | ((w & RVV_MASK_VLOXEI16_V) == RVV_MATCH_VLOXEI16_V)
    | ((w & RVV_MASK_VLOXEI32_V) == RVV_MATCH_VLOXEI32_V)
    | ((w & RVV_MASK_VSUXEI8_V) == RVV_MATCH_VSUXEI8_V)
    | ((w & RVV_MASK_VSUXEI16_V) == RVV_MATCH_VSUXEI16_V)
    | ((w & RVV_MASK_VSUXEI32_V) == RVV_MATCH_VSUXEI32_V)
    | ((w & RVV_MASK_VSOXEI8_V) == RVV_MATCH_VSOXEI8_V)
    | ((w & RVV_MASK_VSOXEI16_V) == RVV_MATCH_VSOXEI16_V)
    | ((w & RVV_MASK_VSOXEI32_V) == RVV_MATCH_VSOXEI32_V)
    | ((w & RVV_MASK_VL1RE8_V) == RVV_MATCH_VL1RE8_V)
    | ((w & RVV_MASK_VL1RE16_V) == RVV_MATCH_VL1RE16_V)
    | ((w & RVV_MASK_VL1RE32_V) == RVV_MATCH_VL1RE32_V)
    | ((w & RVV_MASK_VL2RE8_V) == RVV_MATCH_VL2RE8_V)
    | ((w & RVV_MASK_VL2RE16_V) == RVV_MATCH_VL2RE16_V)
    | ((w & RVV_MASK_VL2RE32_V) == RVV_MATCH_VL2RE32_V)
    | ((w & RVV_MASK_VL4RE8_V) == RVV_MATCH_VL4RE8_V)
    | ((w & RVV_MASK_VL4RE16_V) == RVV_MATCH_VL4RE16_V)
    | ((w & RVV_MASK_VL4RE32_V) == RVV_MATCH_VL4RE32_V)
    | ((w & RVV_MASK_VL8RE8_V) == RVV_MATCH_VL8RE8_V)
    | ((w & RVV_MASK_VL8RE16_V) == RVV_MATCH_VL8RE16_V)
    | ((w & RVV_MASK_VL8RE32_V) == RVV_MATCH_VL8RE32_V)
    | ((w & RVV_MASK_VS1R_V) == RVV_MATCH_VS1R_V)
    | ((w & RVV_MASK_VS2R_V) == RVV_MATCH_VS2R_V)
    | ((w & RVV_MASK_VS4R_V) == RVV_MATCH_VS4R_V)
    | ((w & RVV_MASK_VS8R_V) == RVV_MATCH_VS8R_V)
    | ((w & RVV_MASK_VLSEG2E32_V) == RVV_MATCH_VLSEG2E32_V)
    | ((w & RVV_MASK_VLSEG3E32_V) == RVV_MATCH_VLSEG3E32_V)
    | ((w & RVV_MASK_VLSEG4E32_V) == RVV_MATCH_VLSEG4E32_V)
    | ((w & RVV_MASK_VLSEG5E32_V) == RVV_MATCH_VLSEG5E32_V)
    | ((w & RVV_MASK_VLSEG6E32_V) == RVV_MATCH_VLSEG6E32_V)
    | ((w & RVV_MASK_VLSEG7E32_V) == RVV_MATCH_VLSEG7E32_V)
    | ((w & RVV_MASK_VLSEG8E32_V) == RVV_MATCH_VLSEG8E32_V)
    | ((w & RVV_MASK_VSSEG2E32_V) == RVV_MATCH_VSSEG2E32_V)
    | ((w & RVV_MASK_VSSEG3E32_V) == RVV_MATCH_VSSEG3E32_V)
    | ((w & RVV_MASK_VSSEG4E32_V) == RVV_MATCH_VSSEG4E32_V)
    | ((w & RVV_MASK_VSSEG5E32_V) == RVV_MATCH_VSSEG5E32_V)
    | ((w & RVV_MASK_VSSEG6E32_V) == RVV_MATCH_VSSEG6E32_V)
    | ((w & RVV_MASK_VSSEG7E32_V) == RVV_MATCH_VSSEG7E32_V)
    | ((w & RVV_MASK_VSSEG8E32_V) == RVV_MATCH_VSSEG8E32_V)
    | ((w & RVV_MASK_VADD_VV) == RVV_MATCH_VADD_VV)
    | ((w & RVV_MASK_VADD_VX) == RVV_MATCH_VADD_VX)
    | ((w & RVV_MASK_VADD_VI) == RVV_MATCH_VADD_VI)
    | ((w & RVV_MASK_VSUB_VV) == RVV_MATCH_VSUB_VV)
    | ((w & RVV_MASK_VSUB_VX) == RVV_MATCH_VSUB_VX)
    | ((w & RVV_MASK_VRSUB_VX) == RVV_MATCH_VRSUB_VX)
    | ((w & RVV_MASK_VRSUB_VI) == RVV_MATCH_VRSUB_VI)
    | ((w & RVV_MASK_VMINU_VV) == RVV_MATCH_VMINU_VV)
    | ((w & RVV_MASK_VMINU_VX) == RVV_MATCH_VMINU_VX)
    | ((w & RVV_MASK_VMIN_VV) == RVV_MATCH_VMIN_VV)
    | ((w & RVV_MASK_VMIN_VX) == RVV_MATCH_VMIN_VX)
    | ((w & RVV_MASK_VMAXU_VV) == RVV_MATCH_VMAXU_VV)
    | ((w & RVV_MASK_VMAXU_VX) == RVV_MATCH_VMAXU_VX)
    | ((w & RVV_MASK_VMAX_VV) == RVV_MATCH_VMAX_VV)
    | ((w & RVV_MASK_VMAX_VX) == RVV_MATCH_VMAX_VX)
    | ((w & RVV_MASK_VAND_VV) == RVV_MATCH_VAND_VV)
    | ((w & RVV_MASK_VAND_VX) == RVV_MATCH_VAND_VX)
    | ((w & RVV_MASK_VAND_VI) == RVV_MATCH_VAND_VI)
    | ((w & RVV_MASK_VOR_VV) == RVV_MATCH_VOR_VV)
    | ((w & RVV_MASK_VOR_VX) == RVV_MATCH_VOR_VX)
    | ((w & RVV_MASK_VOR_VI) == RVV_MATCH_VOR_VI)
    | ((w & RVV_MASK_VXOR_VV) == RVV_MATCH_VXOR_VV)
    | ((w & RVV_MASK_VXOR_VX) == RVV_MATCH_VXOR_VX)
    | ((w & RVV_MASK_VXOR_VI) == RVV_MATCH_VXOR_VI)
    | ((w & RVV_MASK_VRGATHER_VV) == RVV_MATCH_VRGATHER_VV)
    | ((w & RVV_MASK_VRGATHER_VX) == RVV_MATCH_VRGATHER_VX)
    | ((w & RVV_MASK_VRGATHER_VI) == RVV_MATCH_VRGATHER_VI)
    | ((w & RVV_MASK_VRGATHEREI16_VV) == RVV_MATCH_VRGATHEREI16_VV)
    | ((w & RVV_MASK_VSLIDEUP_VX) == RVV_MATCH_VSLIDEUP_VX)
    | ((w & RVV_MASK_VSLIDEUP_VI) == RVV_MATCH_VSLIDEUP_VI)
    | ((w & RVV_MASK_VSLIDEDOWN_VX) == RVV_MATCH_VSLIDEDOWN_VX)
    | ((w & RVV_MASK_VSLIDEDOWN_VI) == RVV_MATCH_VSLIDEDOWN_VI)
    | ((w & RVV_MASK_VMERGE_VVM) == RVV_MATCH_VMERGE_VVM)
    | ((w & RVV_MASK_VMERGE_VXM) == RVV_MATCH_VMERGE_VXM)
    | ((w & RVV_MASK_VMERGE_VIM) == RVV_MATCH_VMERGE_VIM)
    | ((w & RVV_MASK_VMV_V_V) == RVV_MATCH_VMV_V_V)
    | ((w & RVV_MASK_VMV_V_X) == RVV_MATCH_VMV_V_X)
    | ((w & RVV_MASK_VMV_V_I) == RVV_MATCH_VMV_V_I)
    | ((w & RVV_MASK_VMSEQ_VV) == RVV_MATCH_VMSEQ_VV)
    | ((w & RVV_MASK_VMSEQ_VX) == RVV_MATCH_VMSEQ_VX)
    | ((w & RVV_MASK_VMSEQ_VI) == RVV_MATCH_VMSEQ_VI)
    | ((w & RVV_MASK_VMSNE_VV) == RVV_MATCH_VMSNE_VV)
    | ((w & RVV_MASK_VMSNE_VX) == RVV_MATCH_VMSNE_VX)
    | ((w & RVV_MASK_VMSNE_VI) == RVV_MATCH_VMSNE_VI)
    | ((w & RVV_MASK_VMSLTU_VV) == RVV_MATCH_VMSLTU_VV)
    | ((w & RVV_MASK_VMSLTU_VX) == RVV_MATCH_VMSLTU_VX)
    | ((w & RVV_MASK_VMSLT_VV) == RVV_MATCH_VMSLT_VV)
    | ((w & RVV_MASK_VMSLT_VX) == RVV_MATCH_VMSLT_VX)
    | ((w & RVV_MASK_VMSLEU_VV) == RVV_MATCH_VMSLEU_VV)
    | ((w & RVV_MASK_VMSLEU_VX) == RVV_MATCH_VMSLEU_VX)
    | ((w & RVV_MASK_VMSLEU_VI) == RVV_MATCH_VMSLEU_VI)
    | ((w & RVV_MASK_VMSLE_VV) == RVV_MATCH_VMSLE_VV)
    | ((w & RVV_MASK_VMSLE_VX) == RVV_MATCH_VMSLE_VX)
    | ((w & RVV_MASK_VMSLE_VI) == RVV_MATCH_VMSLE_VI)
    | ((w & RVV_MASK_VMSGTU_VX) == RVV_MATCH_VMSGTU_VX)
    | ((w & RVV_MASK_VMSGTU_VI) == RVV_MATCH_VMSGTU_VI)
    | ((w & RVV_MASK_VMSGT_VX) == RVV_MATCH_VMSGT_VX)
    | ((w & RVV_MASK_VMSGT_VI) == RVV_MATCH_VMSGT_VI)
    | ((w & RVV_MASK_VSADDU_VV) == RVV_MATCH_VSADDU_VV)
    | ((w & RVV_MASK_VSADDU_VX) == RVV_MATCH_VSADDU_VX)
    | ((w & RVV_MASK_VSADDU_VI) == RVV_MATCH_VSADDU_VI)
    | ((w & RVV_MASK_VSADD_VV) == RVV_MATCH_VSADD_VV)
    | ((w & RVV_MASK_VSADD_VX) == RVV_MATCH_VSADD_VX)
    | ((w & RVV_MASK_VSADD_VI) == RVV_MATCH_VSADD_VI)
    | ((w & RVV_MASK_VSSUBU_VV) == RVV_MATCH_VSSUBU_VV)
    | ((w & RVV_MASK_VSSUBU_VX) == RVV_MATCH_VSSUBU_VX)
    | ((w & RVV_MASK_VSSUB_VV) == RVV_MATCH_VSSUB_VV)
    | ((w & RVV_MASK_VSSUB_VX) == RVV_MATCH_VSSUB_VX)
    | ((w & RVV_MASK_VSLL_VV) == RVV_MATCH_VSLL_VV)
    | ((w & RVV_MASK_VSLL_VX) == RVV_MATCH_VSLL_VX)
    | ((w & RVV_MASK_VSLL_VI) == RVV_MATCH_VSLL_VI)
    | ((w & RVV_MASK_VMV1R_V) == RVV_MATCH_VMV1R_V)
    | ((w & RVV_MASK_VMV2R_V) == RVV_MATCH_VMV2R_V)
    | ((w & RVV_MASK_VMV4R_V) == RVV_MATCH_VMV4R_V)
    | ((w & RVV_MASK_VMV8R_V) == RVV_MATCH_VMV8R_V)
    | ((w & RVV_MASK_VSRL_VV) == RVV_MATCH_VSRL_VV)
    | ((w & RVV_MASK_VSRL_VX) == RVV_MATCH_VSRL_VX)
    | ((w & RVV_MASK_VSRL_VI) == RVV_MATCH_VSRL_VI)
    | ((w & RVV_MASK_VSRA_VV) == RVV_MATCH_VSRA_VV)
    | ((w & RVV_MASK_VSRA_VX) == RVV_MATCH_VSRA_VX)
    | ((w & RVV_MASK_VSRA_VI) == RVV_MATCH_VSRA_VI)
    | ((w & RVV_MASK_VNSRL_WV) == RVV_MATCH_VNSRL_WV)
    | ((w & RVV_MASK_VNSRL_WX) == RVV_MATCH_VNSRL_WX)
    | ((w & RVV_MASK_VNSRL_WI) == RVV_MATCH_VNSRL_WI)
    | ((w & RVV_MASK_VNSRA_WV) == RVV_MATCH_VNSRA_WV)
    | ((w & RVV_MASK_VNSRA_WX) == RVV_MATCH_VNSRA_WX)
    | ((w & RVV_MASK_VNSRA_WI) == RVV_MATCH_VNSRA_WI)
    | ((w & RVV_MASK_VREDSUM_VS) == RVV_MATCH_VREDSUM_VS)
    | ((w & RVV_MASK_VREDAND_VS) == RVV_MATCH_VREDAND_VS)
    | ((w & RVV_MASK_VREDOR_VS) == RVV_MATCH_VREDOR_VS)
    | ((w & RVV_MASK_VREDXOR_VS) == RVV_MATCH_VREDXOR_VS)
    | ((w & RVV_MASK_VREDMINU_VS) == RVV_MATCH_VREDMINU_VS)
    | ((w & RVV_MASK_VREDMIN_VS) == RVV_MATCH_VREDMIN_VS)
    | ((w & RVV_MASK_VREDMAXU_VS) == RVV_MATCH_VREDMAXU_VS)
    | ((w & RVV_MASK_VREDMAX_VS) == RVV_MATCH_VREDMAX_VS)
    | ((w & RVV_MASK_VSLIDE1UP_VX) == RVV_MATCH_VSLIDE1UP_VX)
    | ((w & RVV_MASK_VSLIDE1DOWN_VX) == RVV_MATCH_VSLIDE1DOWN_VX)
    | ((w & RVV_MASK_VMV_X_S) == RVV_MATCH_VMV_X_S)
    | ((w & RVV_MASK_VCPOP_M) == RVV_MATCH_VCPOP_M)
    | ((w & RVV_MASK_VFIRST_M) == RVV_MATCH_VFIRST_M)
    | ((w & RVV_MASK_VMV_S_X) == RVV_MATCH_VMV_S_X)
    | ((w & RVV_MASK_VZEXT_VF4) == RVV_MATCH_VZEXT_VF4)
    | ((w & RVV_MASK_VSEXT_VF4) == RVV_MATCH_VSEXT_VF4)
    | ((w & RVV_MASK_VZEXT_VF2) == RVV_MATCH_VZEXT_VF2)
    | ((w & RVV_MASK_VSEXT_VF2) == RVV_MATCH_VSEXT_VF2)
    | ((w & RVV_MASK_VMSBF_M) == RVV_MATCH_VMSBF_M)
    | ((w & RVV_MASK_VMSOF_M) == RVV_MATCH_VMSOF_M)
    | ((w & RVV_MASK_VMSIF_M) == RVV_MATCH_VMSIF_M)
    | ((w & RVV_MASK_VIOTA_M) == RVV_MATCH_VIOTA_M)
    | ((w & RVV_MASK_VID_V) == RVV_MATCH_VID_V)
    | ((w & RVV_MASK_VCOMPRESS_VM) == RVV_MATCH_VCOMPRESS_VM)
    | ((w & RVV_MASK_VMANDN_MM) == RVV_MATCH_VMANDN_MM)
    | ((w & RVV_MASK_VMAND_MM) == RVV_MATCH_VMAND_MM)
    | ((w & RVV_MASK_VMOR_MM) == RVV_MATCH_VMOR_MM)
    | ((w & RVV_MASK_VMXOR_MM) == RVV_MATCH_VMXOR_MM)
    | ((w & RVV_MASK_VMORN_MM) == RVV_MATCH_VMORN_MM)
    | ((w & RVV_MASK_VMNAND_MM) == RVV_MATCH_VMNAND_MM)
    | ((w & RVV_MASK_VMNOR_MM) == RVV_MATCH_VMNOR_MM)
    | ((w & RVV_MASK_VMXNOR_MM) == RVV_MATCH_VMXNOR_MM)
    | ((w & RVV_MASK_VDIVU_VV) == RVV_MATCH_VDIVU_VV)
    | ((w & RVV_MASK_VDIVU_VX) == RVV_MATCH_VDIVU_VX)
    | ((w & RVV_MASK_VDIV_VV) == RVV_MATCH_VDIV_VV)
    | ((w & RVV_MASK_VDIV_VX) == RVV_MATCH_VDIV_VX)
    | ((w & RVV_MASK_VREMU_VV) == RVV_MATCH_VREMU_VV)
    | ((w & RVV_MASK_VREMU_VX) == RVV_MATCH_VREMU_VX)
    | ((w & RVV_MASK_VREM_VV) == RVV_MATCH_VREM_VV)
    | ((w & RVV_MASK_VREM_VX) == RVV_MATCH_VREM_VX)
    | ((w & RVV_MASK_VMULHU_VV) == RVV_MATCH_VMULHU_VV)
    | ((w & RVV_MASK_VMULHU_VX) == RVV_MATCH_VMULHU_VX)
    | ((w & RVV_MASK_VMUL_VV) == RVV_MATCH_VMUL_VV)
    | ((w & RVV_MASK_VMUL_VX) == RVV_MATCH_VMUL_VX)
    | ((w & RVV_MASK_VMULHSU_VV) == RVV_MATCH_VMULHSU_VV)
    | ((w & RVV_MASK_VMULHSU_VX) == RVV_MATCH_VMULHSU_VX)
    | ((w & RVV_MASK_VMULH_VV) == RVV_MATCH_VMULH_VV)
    | ((w & RVV_MASK_VMULH_VX) == RVV_MATCH_VMULH_VX)
    | ((w & RVV_MASK_VMADD_VV) == RVV_MATCH_VMADD_VV)
    | ((w & RVV_MASK_VMADD_VX) == RVV_MATCH_VMADD_VX)
    | ((w & RVV_MASK_VNMSUB_VV) == RVV_MATCH_VNMSUB_VV)
    | ((w & RVV_MASK_VNMSUB_VX) == RVV_MATCH_VNMSUB_VX)
    | ((w & RVV_MASK_VMACC_VV) == RVV_MATCH_VMACC_VV)
    | ((w & RVV_MASK_VMACC_VX) == RVV_MATCH_VMACC_VX)
    | ((w & RVV_MASK_VNMSAC_VV) == RVV_MATCH_VNMSAC_VV)
    | ((w & RVV_MASK_VNMSAC_VX) == RVV_MATCH_VNMSAC_VX)
    | ((w & RVV_MASK_VWADDU_VV) == RVV_MATCH_VWADDU_VV)
    | ((w & RVV_MASK_VWADDU_VX) == RVV_MATCH_VWADDU_VX)
    | ((w & RVV_MASK_VWADD_VV) == RVV_MATCH_VWADD_VV)
    | ((w & RVV_MASK_VWADD_VX) == RVV_MATCH_VWADD_VX)
    | ((w & RVV_MASK_VWSUBU_VV) == RVV_MATCH_VWSUBU_VV)
    | ((w & RVV_MASK_VWSUBU_VX) == RVV_MATCH_VWSUBU_VX)
    | ((w & RVV_MASK_VWSUB_VV) == RVV_MATCH_VWSUB_VV)
    | ((w & RVV_MASK_VWSUB_VX) == RVV_MATCH_VWSUB_VX)
    | ((w & RVV_MASK_VWADDU_WV) == RVV_MATCH_VWADDU_WV)
    | ((w & RVV_MASK_VWADDU_WX) == RVV_MATCH_VWADDU_WX)
    | ((w & RVV_MASK_VWADD_WV) == RVV_MATCH_VWADD_WV)
    | ((w & RVV_MASK_VWADD_WX) == RVV_MATCH_VWADD_WX)
    | ((w & RVV_MASK_VWSUBU_WV) == RVV_MATCH_VWSUBU_WV)
    | ((w & RVV_MASK_VWSUBU_WX) == RVV_MATCH_VWSUBU_WX)
    | ((w & RVV_MASK_VWSUB_WV) == RVV_MATCH_VWSUB_WV)
    | ((w & RVV_MASK_VWSUB_WX) == RVV_MATCH_VWSUB_WX)
    | ((w & RVV_MASK_VWMULU_VV) == RVV_MATCH_VWMULU_VV)
    | ((w & RVV_MASK_VWMULU_VX) == RVV_MATCH_VWMULU_VX)
    | ((w & RVV_MASK_VWMUL_VV) == RVV_MATCH_VWMUL_VV)
    | ((w & RVV_MASK_VWMUL_VX) == RVV_MATCH_VWMUL_VX)
    | ((w & RVV_MASK_VWMULSU_VV) == RVV_MATCH_VWMULSU_VV)
    | ((w & RVV_MASK_VWMULSU_VX) == RVV_MATCH_VWMULSU_VX)
    | ((w & RVV_MASK_VWMACCU_VV) == RVV_MATCH_VWMACCU_VV)
    | ((w & RVV_MASK_VWMACCU_VX) == RVV_MATCH_VWMACCU_VX)
    | ((w & RVV_MASK_VWMACC_VV) == RVV_MATCH_VWMACC_VV)
    | ((w & RVV_MASK_VWMACC_VX) == RVV_MATCH_VWMACC_VX)
    | ((w & RVV_MASK_VWMACCSU_VV) == RVV_MATCH_VWMACCSU_VV)
    | ((w & RVV_MASK_VWMACCSU_VX) == RVV_MATCH_VWMACCSU_VX)
    | ((w & RVV_MASK_VWMACCUS_VX) == RVV_MATCH_VWMACCUS_VX)
    | ((w & RVV_MASK_VFADD_VV) == RVV_MATCH_VFADD_VV)
    | ((w & RVV_MASK_VFADD_VF) == RVV_MATCH_VFADD_VF)
    | ((w & RVV_MASK_VFREDUSUM_VS) == RVV_MATCH_VFREDUSUM_VS)
    | ((w & RVV_MASK_VFSUB_VV) == RVV_MATCH_VFSUB_VV)
    | ((w & RVV_MASK_VFSUB_VF) == RVV_MATCH_VFSUB_VF)
    | ((w & RVV_MASK_VFREDOSUM_VS) == RVV_MATCH_VFREDOSUM_VS)
    | ((w & RVV_MASK_VFMIN_VV) == RVV_MATCH_VFMIN_VV)
    | ((w & RVV_MASK_VFMIN_VF) == RVV_MATCH_VFMIN_VF)
    | ((w & RVV_MASK_VFREDMIN_VS) == RVV_MATCH_VFREDMIN_VS)
    | ((w & RVV_MASK_VFMAX_VV) == RVV_MATCH_VFMAX_VV)
    | ((w & RVV_MASK_VFMAX_VF) == RVV_MATCH_VFMAX_VF)
    | ((w & RVV_MASK_VFREDMAX_VS) == RVV_MATCH_VFREDMAX_VS)
    | ((w & RVV_MASK_VFSGNJ_VV) == RVV_MATCH_VFSGNJ_VV)
    | ((w & RVV_MASK_VFSGNJ_VF) == RVV_MATCH_VFSGNJ_VF)
    | ((w & RVV_MASK_VFSGNJN_VV) == RVV_MATCH_VFSGNJN_VV)
    | ((w & RVV_MASK_VFSGNJN_VF) == RVV_MATCH_VFSGNJN_VF)
    | ((w & RVV_MASK_VFSGNJX_VV) == RVV_MATCH_VFSGNJX_VV)
    | ((w & RVV_MASK_VFSGNJX_VF) == RVV_MATCH_VFSGNJX_VF)
    | ((w & RVV_MASK_VFSLIDE1UP_VF) == RVV_MATCH_VFSLIDE1UP_VF)
    | ((w & RVV_MASK_VFSLIDE1DOWN_VF) == RVV_MATCH_VFSLIDE1DOWN_VF)
    | ((w & RVV_MASK_VFMV_F_S) == RVV_MATCH_VFMV_F_S)
    | ((w & RVV_MASK_VFMV_S_F) == RVV_MATCH_VFMV_S_F)
    | ((w & RVV_MASK_VFCVT_XU_F_V) == RVV_MATCH_VFCVT_XU_F_V)
    | ((w & RVV_MASK_VFCVT_X_F_V) == RVV_MATCH_VFCVT_X_F_V)
    | ((w & RVV_MASK_VFCVT_F_XU_V) == RVV_MATCH_VFCVT_F_XU_V)
    | ((w & RVV_MASK_VFCVT_F_X_V) == RVV_MATCH_VFCVT_F_X_V)
    | ((w & RVV_MASK_VFCVT_RTZ_XU_F_V) == RVV_MATCH_VFCVT_RTZ_XU_F_V)
    | ((w & RVV_MASK_VFCVT_RTZ_X_F_V) == RVV_MATCH_VFCVT_RTZ_X_F_V)
    | ((w & RVV_MASK_VFWCVT_F_XU_V) == RVV_MATCH_VFWCVT_F_XU_V)
    | ((w & RVV_MASK_VFWCVT_F_X_V) == RVV_MATCH_VFWCVT_F_X_V)
    | ((w & RVV_MASK_VFNCVT_XU_F_W) == RVV_MATCH_VFNCVT_XU_F_W)
    | ((w & RVV_MASK_VFNCVT_X_F_W) == RVV_MATCH_VFNCVT_X_F_W)
    | ((w & RVV_MASK_VFNCVT_RTZ_XU_F_W) == RVV_MATCH_VFNCVT_RTZ_XU_F_W)
    | ((w & RVV_MASK_VFNCVT_RTZ_X_F_W) == RVV_MATCH_VFNCVT_RTZ_X_F_W)
    | ((w & RVV_MASK_VFSQRT_V) == RVV_MATCH_VFSQRT_V)
    | ((w & RVV_MASK_VFRSQRT7_V) == RVV_MATCH_VFRSQRT7_V)
    | ((w & RVV_MASK_VFREC7_V) == RVV_MATCH_VFREC7_V)
    | ((w & RVV_MASK_VFCLASS_V) == RVV_MATCH_VFCLASS_V)
    | ((w & RVV_MASK_VFMERGE_VFM) == RVV_MATCH_VFMERGE_VFM)
    | ((w & RVV_MASK_VFMV_V_F) == RVV_MATCH_VFMV_V_F)
    | ((w & RVV_MASK_VMFEQ_VV) == RVV_MATCH_VMFEQ_VV)
    | ((w & RVV_MASK_VMFEQ_VF) == RVV_MATCH_VMFEQ_VF)
    | ((w & RVV_MASK_VMFLE_VV) == RVV_MATCH_VMFLE_VV)
    | ((w & RVV_MASK_VMFLE_VF) == RVV_MATCH_VMFLE_VF)
    | ((w & RVV_MASK_VMFLT_VV) == RVV_MATCH_VMFLT_VV)
    | ((w & RVV_MASK_VMFLT_VF) == RVV_MATCH_VMFLT_VF)
    | ((w & RVV_MASK_VMFNE_VV) == RVV_MATCH_VMFNE_VV)
    | ((w & RVV_MASK_VMFNE_VF) == RVV_MATCH_VMFNE_VF)
    | ((w & RVV_MASK_VMFGT_VF) == RVV_MATCH_VMFGT_VF)
    | ((w & RVV_MASK_VMFGE_VF) == RVV_MATCH_VMFGE_VF)
    | ((w & RVV_MASK_VFDIV_VV) == RVV_MATCH_VFDIV_VV)
    | ((w & RVV_MASK_VFDIV_VF) == RVV_MATCH_VFDIV_VF)
    | ((w & RVV_MASK_VFRDIV_VF) == RVV_MATCH_VFRDIV_VF)
    | ((w & RVV_MASK_VFMUL_VV) == RVV_MATCH_VFMUL_VV)
    | ((w & RVV_MASK_VFMUL_VF) == RVV_MATCH_VFMUL_VF)
    | ((w & RVV_MASK_VFRSUB_VF) == RVV_MATCH_VFRSUB_VF)
    | ((w & RVV_MASK_VFMADD_VV) == RVV_MATCH_VFMADD_VV)
    | ((w & RVV_MASK_VFMADD_VF) == RVV_MATCH_VFMADD_VF)
    | ((w & RVV_MASK_VFNMADD_VV) == RVV_MATCH_VFNMADD_VV)
    | ((w & RVV_MASK_VFNMADD_VF) == RVV_MATCH_VFNMADD_VF)
    | ((w & RVV_MASK_VFMSUB_VV) == RVV_MATCH_VFMSUB_VV)
    | ((w & RVV_MASK_VFMSUB_VF) == RVV_MATCH_VFMSUB_VF)
    | ((w & RVV_MASK_VFNMSUB_VV) == RVV_MATCH_VFNMSUB_VV)
    | ((w & RVV_MASK_VFNMSUB_VF) == RVV_MATCH_VFNMSUB_VF)
    | ((w & RVV_MASK_VFMACC_VV) == RVV_MATCH_VFMACC_VV)
    | ((w & RVV_MASK_VFMACC_VF) == RVV_MATCH_VFMACC_VF)
    | ((w & RVV_MASK_VFNMACC_VV) == RVV_MATCH_VFNMACC_VV)
    | ((w & RVV_MASK_VFNMACC_VF) == RVV_MATCH_VFNMACC_VF)
    | ((w & RVV_MASK_VFMSAC_VV) == RVV_MATCH_VFMSAC_VV)
    | ((w & RVV_MASK_VFMSAC_VF) == RVV_MATCH_VFMSAC_VF)
    | ((w & RVV_MASK_VFNMSAC_VV) == RVV_MATCH_VFNMSAC_VV)
    | ((w & RVV_MASK_VFNMSAC_VF) == RVV_MATCH_VFNMSAC_VF);
endfunction
/* verilator lint_on UNUSEDSIGNAL */
