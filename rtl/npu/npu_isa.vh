// rtl/npu/npu_isa.vh - GENERATED from isa/npu.def by kc_isagen. DO NOT EDIT.
// Regenerate after changing the table:
//   ./build/kc isa-doc --platform npu --verilog-header rtl/npu/npu_isa.vh
//   (or: cmake --build build --target isa-regen). A ctest fails while this copy is stale.
//
// Include it INSIDE a module body: it declares only localparams and has no include
// guard, so every module that includes it gets its own copy. The hardware
// parameters also exist as macros (`NPU_VLEN ...) for parameter defaults in a module
// header; they are defined once. To get only the macros (outside a module),
// `define NPU_ISA_MACROS_ONLY before the `include and `undef it after.
// Decode: word is instruction X iff (word & NPU_MASK_X) == NPU_MATCH_X; exactly one X
// matches a legal word. Fields: word[NPU_F_<FIELD>_LO +: NPU_F_<FIELD>_WIDTH], the same
// bits as word[NPU_F_<FIELD>_HI:NPU_F_<FIELD>_LO].

`ifndef NPU_ISA_VH_MACROS
`define NPU_ISA_VH_MACROS
`define NPU_VLEN 16
`define NPU_VROWS 2048
`define NPU_VBANKS 8
`define NPU_IMEM_WORDS 16384
`define NPU_NXREGS 16
`define NPU_NFREGS 16
`define NPU_NAREGS 16
`define NPU_LOOP_DEPTH 2
`define NPU_VEC_LAT 4
`define NPU_FP_LAT 4
`define NPU_SFU_LANES 4
`define NPU_SFU_LAT 6
`define NPU_NCOUNTERS 12
`define NPU_MLEN 4
`define NPU_MROWS 1024
`define NPU_MAT_WBUFS 2
`endif

`ifndef NPU_ISA_MACROS_ONLY
/* verilator lint_off UNUSEDPARAM */

// Hardware configuration
localparam int NPU_VLEN = 16;  // vector lanes; one vector-SRAM row holds VLEN bf16 elements (32 bytes)
localparam int NPU_VROWS = 2048;  // rows of vector SRAM (2048 x 16 x bf16 = 64 KiB)
localparam int NPU_VBANKS = 8;  // vector-SRAM banks: row r is in bank r mod VBANKS; each bank is a 1R1W SRAM of VROWS/VBANKS rows (one row read and one lane-masked row write per cycle). A power of two, at least MLEN
localparam int NPU_IMEM_WORDS = 16384;  // instruction memory, in 32-bit instructions
localparam int NPU_NXREGS = 16;  // integer registers r0..r15 (32-bit, r0 reads as 0)
localparam int NPU_NFREGS = 16;  // fp32 registers f0..f15
localparam int NPU_NAREGS = 16;  // DRAM address registers a0..a15 (32-bit byte addresses)
localparam int NPU_LOOP_DEPTH = 2;  // nesting depth of hardware loops
localparam int NPU_VEC_LAT = 4;  // element-wise vector latency: a dependent instruction issues VEC_LAT cycles after (SRAM read at issue + 3 pipelined stages: multiply and align / add / normalise and round; fixed by rtl/npu/npu_vlane.v). Reductions: 2*log2(VLEN) + 1
localparam int NPU_FP_LAT = 4;  // scalar fp latency (fadd fsub fmul ffma fcvtif): a dependent instruction issues FP_LAT cycles after (operand register + the vector lane's 3 stages on fp32; fixed by rtl/npu/npu_fpu.v). fexp/frecip/frsqrt run on the SFU: SFU_LAT
localparam int NPU_SFU_LANES = 4;  // lanes of the shared special-function unit (vexp/vrecip/vrsqrt): a row takes VLEN/SFU_LANES cycles to enter it
localparam int NPU_SFU_LAT = 6;  // special-function unit latency: issue to the write-back of a row's first SFU_LANES lanes (operand read + 5 pipeline segments; fixed by rtl/common/kc_sfu_lane.v)
localparam int NPU_NCOUNTERS = 12;  // performance counters exported by the RTL
localparam int NPU_MLEN = 4;  // rows of the systolic array: A rows per mmac (the array is MLEN x VLEN = 64 bf16 MACs/cycle)
localparam int NPU_MROWS = 1024;  // rows of matrix SRAM (1024 x 16 x bf16 = 32 KiB), filled by mld
localparam int NPU_MAT_WBUFS = 2;  // weight buffers b0, b1 (VLEN x VLEN bf16 each), loaded by mldb/mldbt

// Instruction fields: word[LO +: WIDTH] = word[HI:LO]
localparam int NPU_F_OPCODE_LO = 26;
localparam int NPU_F_OPCODE_WIDTH = 6;
localparam int NPU_F_OPCODE_HI = 31;
localparam int NPU_F_FUNCT_LO = 0;
localparam int NPU_F_FUNCT_WIDTH = 6;
localparam int NPU_F_FUNCT_HI = 5;
localparam int NPU_F_RD_LO = 22;
localparam int NPU_F_RD_WIDTH = 4;  // destination register (or first register operand)
localparam int NPU_F_RD_HI = 25;
localparam int NPU_F_RS1_LO = 18;
localparam int NPU_F_RS1_WIDTH = 4;  // first source register
localparam int NPU_F_RS1_HI = 21;
localparam int NPU_F_RS2_LO = 14;
localparam int NPU_F_RS2_WIDTH = 4;  // second source register or configuration register id
localparam int NPU_F_RS2_HI = 17;
localparam int NPU_F_IMM16_LO = 0;
localparam int NPU_F_IMM16_WIDTH = 16;  // 16-bit immediate or branch offset
localparam int NPU_F_IMM16_HI = 15;
localparam int NPU_F_IMM14_LO = 0;
localparam int NPU_F_IMM14_WIDTH = 14;  // 14-bit immediate or branch offset
localparam int NPU_F_IMM14_HI = 13;
localparam int NPU_F_OFF22_LO = 0;
localparam int NPU_F_OFF22_WIDTH = 22;  // 22-bit jump offset
localparam int NPU_F_OFF22_HI = 21;
localparam int NPU_F_CNT10_LO = 16;
localparam int NPU_F_CNT10_WIDTH = 10;  // 10-bit loop count
localparam int NPU_F_CNT10_HI = 25;

// Configuration registers: id and reset value
localparam logic [3:0] NPU_CFG_DSTRIDE = 4'd0;
localparam logic [31:0] NPU_CFG_DSTRIDE_RESET = 32'd32;
localparam logic [3:0] NPU_CFG_DLEN = 4'd1;
localparam logic [31:0] NPU_CFG_DLEN_RESET = 32'd16;
localparam logic [3:0] NPU_CFG_VMASK = 4'd2;
localparam logic [31:0] NPU_CFG_VMASK_RESET = 32'd16;
localparam logic [3:0] NPU_CFG_MROWS = 4'd3;
localparam logic [31:0] NPU_CFG_MROWS_RESET = 32'd4;
localparam logic [3:0] NPU_CFG_CYCLE = 4'd8;
localparam logic [31:0] NPU_CFG_CYCLE_RESET = 32'd0;

// Instructions: opcode, funct (when the format has one), match and mask
localparam logic [5:0] NPU_OP_HALT = 6'h01;
localparam logic [5:0] NPU_FN_HALT = 6'h00;
localparam logic [31:0] NPU_MATCH_HALT = 32'h04000000;
localparam logic [31:0] NPU_MASK_HALT = 32'hffffffff;
localparam logic [5:0] NPU_OP_NOP = 6'h01;
localparam logic [5:0] NPU_FN_NOP = 6'h01;
localparam logic [31:0] NPU_MATCH_NOP = 32'h04000001;
localparam logic [31:0] NPU_MASK_NOP = 32'hffffffff;
localparam logic [5:0] NPU_OP_J = 6'h02;
localparam logic [31:0] NPU_MATCH_J = 32'h08000000;
localparam logic [31:0] NPU_MASK_J = 32'hffc00000;
localparam logic [5:0] NPU_OP_JAL = 6'h03;
localparam logic [31:0] NPU_MATCH_JAL = 32'h0c000000;
localparam logic [31:0] NPU_MASK_JAL = 32'hfc3f0000;
localparam logic [5:0] NPU_OP_JR = 6'h04;
localparam logic [5:0] NPU_FN_JR = 6'h00;
localparam logic [31:0] NPU_MATCH_JR = 32'h10000000;
localparam logic [31:0] NPU_MASK_JR = 32'hffc3ffff;
localparam logic [5:0] NPU_OP_BEQ = 6'h05;
localparam logic [31:0] NPU_MATCH_BEQ = 32'h14000000;
localparam logic [31:0] NPU_MASK_BEQ = 32'hffc00000;
localparam logic [5:0] NPU_OP_BNE = 6'h06;
localparam logic [31:0] NPU_MATCH_BNE = 32'h18000000;
localparam logic [31:0] NPU_MASK_BNE = 32'hffc00000;
localparam logic [5:0] NPU_OP_BLT = 6'h07;
localparam logic [31:0] NPU_MATCH_BLT = 32'h1c000000;
localparam logic [31:0] NPU_MASK_BLT = 32'hffc00000;
localparam logic [5:0] NPU_OP_BGE = 6'h08;
localparam logic [31:0] NPU_MATCH_BGE = 32'h20000000;
localparam logic [31:0] NPU_MASK_BGE = 32'hffc00000;
localparam logic [5:0] NPU_OP_BLTU = 6'h09;
localparam logic [31:0] NPU_MATCH_BLTU = 32'h24000000;
localparam logic [31:0] NPU_MASK_BLTU = 32'hffc00000;
localparam logic [5:0] NPU_OP_BGEU = 6'h0a;
localparam logic [31:0] NPU_MATCH_BGEU = 32'h28000000;
localparam logic [31:0] NPU_MASK_BGEU = 32'hffc00000;
localparam logic [5:0] NPU_OP_LOOP = 6'h0b;
localparam logic [31:0] NPU_MATCH_LOOP = 32'h2c000000;
localparam logic [31:0] NPU_MASK_LOOP = 32'hffc30000;
localparam logic [5:0] NPU_OP_LOOPI = 6'h0c;
localparam logic [31:0] NPU_MATCH_LOOPI = 32'h30000000;
localparam logic [31:0] NPU_MASK_LOOPI = 32'hfc000000;
localparam logic [5:0] NPU_OP_CSRW = 6'h0d;
localparam logic [31:0] NPU_MATCH_CSRW = 32'h34000000;
localparam logic [31:0] NPU_MASK_CSRW = 32'hffc03fff;
localparam logic [5:0] NPU_OP_CSRWI = 6'h0e;
localparam logic [31:0] NPU_MATCH_CSRWI = 32'h38000000;
localparam logic [31:0] NPU_MASK_CSRWI = 32'hfffc0000;
localparam logic [5:0] NPU_OP_CSRR = 6'h0f;
localparam logic [31:0] NPU_MATCH_CSRR = 32'h3c000000;
localparam logic [31:0] NPU_MASK_CSRR = 32'hfc3c3fff;
localparam logic [5:0] NPU_OP_ADD = 6'h10;
localparam logic [5:0] NPU_FN_ADD = 6'h00;
localparam logic [31:0] NPU_MATCH_ADD = 32'h40000000;
localparam logic [31:0] NPU_MASK_ADD = 32'hfc003fff;
localparam logic [5:0] NPU_OP_SUB = 6'h10;
localparam logic [5:0] NPU_FN_SUB = 6'h01;
localparam logic [31:0] NPU_MATCH_SUB = 32'h40000001;
localparam logic [31:0] NPU_MASK_SUB = 32'hfc003fff;
localparam logic [5:0] NPU_OP_MUL = 6'h10;
localparam logic [5:0] NPU_FN_MUL = 6'h02;
localparam logic [31:0] NPU_MATCH_MUL = 32'h40000002;
localparam logic [31:0] NPU_MASK_MUL = 32'hfc003fff;
localparam logic [5:0] NPU_OP_AND = 6'h10;
localparam logic [5:0] NPU_FN_AND = 6'h03;
localparam logic [31:0] NPU_MATCH_AND = 32'h40000003;
localparam logic [31:0] NPU_MASK_AND = 32'hfc003fff;
localparam logic [5:0] NPU_OP_OR = 6'h10;
localparam logic [5:0] NPU_FN_OR = 6'h04;
localparam logic [31:0] NPU_MATCH_OR = 32'h40000004;
localparam logic [31:0] NPU_MASK_OR = 32'hfc003fff;
localparam logic [5:0] NPU_OP_XOR = 6'h10;
localparam logic [5:0] NPU_FN_XOR = 6'h05;
localparam logic [31:0] NPU_MATCH_XOR = 32'h40000005;
localparam logic [31:0] NPU_MASK_XOR = 32'hfc003fff;
localparam logic [5:0] NPU_OP_SLL = 6'h10;
localparam logic [5:0] NPU_FN_SLL = 6'h06;
localparam logic [31:0] NPU_MATCH_SLL = 32'h40000006;
localparam logic [31:0] NPU_MASK_SLL = 32'hfc003fff;
localparam logic [5:0] NPU_OP_SRL = 6'h10;
localparam logic [5:0] NPU_FN_SRL = 6'h07;
localparam logic [31:0] NPU_MATCH_SRL = 32'h40000007;
localparam logic [31:0] NPU_MASK_SRL = 32'hfc003fff;
localparam logic [5:0] NPU_OP_SRA = 6'h10;
localparam logic [5:0] NPU_FN_SRA = 6'h08;
localparam logic [31:0] NPU_MATCH_SRA = 32'h40000008;
localparam logic [31:0] NPU_MASK_SRA = 32'hfc003fff;
localparam logic [5:0] NPU_OP_SLT = 6'h10;
localparam logic [5:0] NPU_FN_SLT = 6'h09;
localparam logic [31:0] NPU_MATCH_SLT = 32'h40000009;
localparam logic [31:0] NPU_MASK_SLT = 32'hfc003fff;
localparam logic [5:0] NPU_OP_SLTU = 6'h10;
localparam logic [5:0] NPU_FN_SLTU = 6'h0a;
localparam logic [31:0] NPU_MATCH_SLTU = 32'h4000000a;
localparam logic [31:0] NPU_MASK_SLTU = 32'hfc003fff;
localparam logic [5:0] NPU_OP_ADDI = 6'h11;
localparam logic [31:0] NPU_MATCH_ADDI = 32'h44000000;
localparam logic [31:0] NPU_MASK_ADDI = 32'hfc030000;
localparam logic [5:0] NPU_OP_ANDI = 6'h12;
localparam logic [31:0] NPU_MATCH_ANDI = 32'h48000000;
localparam logic [31:0] NPU_MASK_ANDI = 32'hfc030000;
localparam logic [5:0] NPU_OP_ORI = 6'h13;
localparam logic [31:0] NPU_MATCH_ORI = 32'h4c000000;
localparam logic [31:0] NPU_MASK_ORI = 32'hfc030000;
localparam logic [5:0] NPU_OP_XORI = 6'h14;
localparam logic [31:0] NPU_MATCH_XORI = 32'h50000000;
localparam logic [31:0] NPU_MASK_XORI = 32'hfc030000;
localparam logic [5:0] NPU_OP_SLLI = 6'h15;
localparam logic [31:0] NPU_MATCH_SLLI = 32'h54000000;
localparam logic [31:0] NPU_MASK_SLLI = 32'hfc030000;
localparam logic [5:0] NPU_OP_SRLI = 6'h16;
localparam logic [31:0] NPU_MATCH_SRLI = 32'h58000000;
localparam logic [31:0] NPU_MASK_SRLI = 32'hfc030000;
localparam logic [5:0] NPU_OP_SRAI = 6'h17;
localparam logic [31:0] NPU_MATCH_SRAI = 32'h5c000000;
localparam logic [31:0] NPU_MASK_SRAI = 32'hfc030000;
localparam logic [5:0] NPU_OP_SLTI = 6'h18;
localparam logic [31:0] NPU_MATCH_SLTI = 32'h60000000;
localparam logic [31:0] NPU_MASK_SLTI = 32'hfc030000;
localparam logic [5:0] NPU_OP_LUI = 6'h19;
localparam logic [31:0] NPU_MATCH_LUI = 32'h64000000;
localparam logic [31:0] NPU_MASK_LUI = 32'hfc3f0000;
localparam logic [5:0] NPU_OP_MOVAR = 6'h1a;
localparam logic [5:0] NPU_FN_MOVAR = 6'h00;
localparam logic [31:0] NPU_MATCH_MOVAR = 32'h68000000;
localparam logic [31:0] NPU_MASK_MOVAR = 32'hfc03ffff;
localparam logic [5:0] NPU_OP_MOVRA = 6'h1a;
localparam logic [5:0] NPU_FN_MOVRA = 6'h01;
localparam logic [31:0] NPU_MATCH_MOVRA = 32'h68000001;
localparam logic [31:0] NPU_MASK_MOVRA = 32'hfc03ffff;
localparam logic [5:0] NPU_OP_ADDA = 6'h1a;
localparam logic [5:0] NPU_FN_ADDA = 6'h02;
localparam logic [31:0] NPU_MATCH_ADDA = 32'h68000002;
localparam logic [31:0] NPU_MASK_ADDA = 32'hfc003fff;
localparam logic [5:0] NPU_OP_ADDAI = 6'h1b;
localparam logic [31:0] NPU_MATCH_ADDAI = 32'h6c000000;
localparam logic [31:0] NPU_MASK_ADDAI = 32'hfc030000;
localparam logic [5:0] NPU_OP_FADD = 6'h1c;
localparam logic [5:0] NPU_FN_FADD = 6'h00;
localparam logic [31:0] NPU_MATCH_FADD = 32'h70000000;
localparam logic [31:0] NPU_MASK_FADD = 32'hfc003fff;
localparam logic [5:0] NPU_OP_FSUB = 6'h1c;
localparam logic [5:0] NPU_FN_FSUB = 6'h01;
localparam logic [31:0] NPU_MATCH_FSUB = 32'h70000001;
localparam logic [31:0] NPU_MASK_FSUB = 32'hfc003fff;
localparam logic [5:0] NPU_OP_FMUL = 6'h1c;
localparam logic [5:0] NPU_FN_FMUL = 6'h02;
localparam logic [31:0] NPU_MATCH_FMUL = 32'h70000002;
localparam logic [31:0] NPU_MASK_FMUL = 32'hfc003fff;
localparam logic [5:0] NPU_OP_FMAX = 6'h1c;
localparam logic [5:0] NPU_FN_FMAX = 6'h03;
localparam logic [31:0] NPU_MATCH_FMAX = 32'h70000003;
localparam logic [31:0] NPU_MASK_FMAX = 32'hfc003fff;
localparam logic [5:0] NPU_OP_FMIN = 6'h1c;
localparam logic [5:0] NPU_FN_FMIN = 6'h04;
localparam logic [31:0] NPU_MATCH_FMIN = 32'h70000004;
localparam logic [31:0] NPU_MASK_FMIN = 32'hfc003fff;
localparam logic [5:0] NPU_OP_FFMA = 6'h1c;
localparam logic [5:0] NPU_FN_FFMA = 6'h05;
localparam logic [31:0] NPU_MATCH_FFMA = 32'h70000005;
localparam logic [31:0] NPU_MASK_FFMA = 32'hfc003fff;
localparam logic [5:0] NPU_OP_FEXP = 6'h1c;
localparam logic [5:0] NPU_FN_FEXP = 6'h06;
localparam logic [31:0] NPU_MATCH_FEXP = 32'h70000006;
localparam logic [31:0] NPU_MASK_FEXP = 32'hfc03ffff;
localparam logic [5:0] NPU_OP_FRECIP = 6'h1c;
localparam logic [5:0] NPU_FN_FRECIP = 6'h07;
localparam logic [31:0] NPU_MATCH_FRECIP = 32'h70000007;
localparam logic [31:0] NPU_MASK_FRECIP = 32'hfc03ffff;
localparam logic [5:0] NPU_OP_FRSQRT = 6'h1c;
localparam logic [5:0] NPU_FN_FRSQRT = 6'h08;
localparam logic [31:0] NPU_MATCH_FRSQRT = 32'h70000008;
localparam logic [31:0] NPU_MASK_FRSQRT = 32'hfc03ffff;
localparam logic [5:0] NPU_OP_FCVTIF = 6'h1c;
localparam logic [5:0] NPU_FN_FCVTIF = 6'h09;
localparam logic [31:0] NPU_MATCH_FCVTIF = 32'h70000009;
localparam logic [31:0] NPU_MASK_FCVTIF = 32'hfc03ffff;
localparam logic [5:0] NPU_OP_FMVIF = 6'h1c;
localparam logic [5:0] NPU_FN_FMVIF = 6'h0a;
localparam logic [31:0] NPU_MATCH_FMVIF = 32'h7000000a;
localparam logic [31:0] NPU_MASK_FMVIF = 32'hfc03ffff;
localparam logic [5:0] NPU_OP_FMVFI = 6'h1c;
localparam logic [5:0] NPU_FN_FMVFI = 6'h0b;
localparam logic [31:0] NPU_MATCH_FMVFI = 32'h7000000b;
localparam logic [31:0] NPU_MASK_FMVFI = 32'hfc03ffff;
localparam logic [5:0] NPU_OP_FLUI = 6'h1d;
localparam logic [31:0] NPU_MATCH_FLUI = 32'h74000000;
localparam logic [31:0] NPU_MASK_FLUI = 32'hfc3f0000;
localparam logic [5:0] NPU_OP_FLLI = 6'h1e;
localparam logic [31:0] NPU_MATCH_FLLI = 32'h78000000;
localparam logic [31:0] NPU_MASK_FLLI = 32'hfc3f0000;
localparam logic [5:0] NPU_OP_VADD = 6'h20;
localparam logic [5:0] NPU_FN_VADD = 6'h00;
localparam logic [31:0] NPU_MATCH_VADD = 32'h80000000;
localparam logic [31:0] NPU_MASK_VADD = 32'hfc003fff;
localparam logic [5:0] NPU_OP_VSUB = 6'h20;
localparam logic [5:0] NPU_FN_VSUB = 6'h01;
localparam logic [31:0] NPU_MATCH_VSUB = 32'h80000001;
localparam logic [31:0] NPU_MASK_VSUB = 32'hfc003fff;
localparam logic [5:0] NPU_OP_VMUL = 6'h20;
localparam logic [5:0] NPU_FN_VMUL = 6'h02;
localparam logic [31:0] NPU_MATCH_VMUL = 32'h80000002;
localparam logic [31:0] NPU_MASK_VMUL = 32'hfc003fff;
localparam logic [5:0] NPU_OP_VMAX = 6'h20;
localparam logic [5:0] NPU_FN_VMAX = 6'h03;
localparam logic [31:0] NPU_MATCH_VMAX = 32'h80000003;
localparam logic [31:0] NPU_MASK_VMAX = 32'hfc003fff;
localparam logic [5:0] NPU_OP_VMIN = 6'h20;
localparam logic [5:0] NPU_FN_VMIN = 6'h04;
localparam logic [31:0] NPU_MATCH_VMIN = 32'h80000004;
localparam logic [31:0] NPU_MASK_VMIN = 32'hfc003fff;
localparam logic [5:0] NPU_OP_VADDS = 6'h20;
localparam logic [5:0] NPU_FN_VADDS = 6'h08;
localparam logic [31:0] NPU_MATCH_VADDS = 32'h80000008;
localparam logic [31:0] NPU_MASK_VADDS = 32'hfc003fff;
localparam logic [5:0] NPU_OP_VSUBS = 6'h20;
localparam logic [5:0] NPU_FN_VSUBS = 6'h09;
localparam logic [31:0] NPU_MATCH_VSUBS = 32'h80000009;
localparam logic [31:0] NPU_MASK_VSUBS = 32'hfc003fff;
localparam logic [5:0] NPU_OP_VMULS = 6'h20;
localparam logic [5:0] NPU_FN_VMULS = 6'h0a;
localparam logic [31:0] NPU_MATCH_VMULS = 32'h8000000a;
localparam logic [31:0] NPU_MASK_VMULS = 32'hfc003fff;
localparam logic [5:0] NPU_OP_VMAXS = 6'h20;
localparam logic [5:0] NPU_FN_VMAXS = 6'h0b;
localparam logic [31:0] NPU_MATCH_VMAXS = 32'h8000000b;
localparam logic [31:0] NPU_MASK_VMAXS = 32'hfc003fff;
localparam logic [5:0] NPU_OP_VMINS = 6'h20;
localparam logic [5:0] NPU_FN_VMINS = 6'h0c;
localparam logic [31:0] NPU_MATCH_VMINS = 32'h8000000c;
localparam logic [31:0] NPU_MASK_VMINS = 32'hfc003fff;
localparam logic [5:0] NPU_OP_VMACS = 6'h20;
localparam logic [5:0] NPU_FN_VMACS = 6'h0d;
localparam logic [31:0] NPU_MATCH_VMACS = 32'h8000000d;
localparam logic [31:0] NPU_MASK_VMACS = 32'hfc003fff;
localparam logic [5:0] NPU_OP_VEXP = 6'h20;
localparam logic [5:0] NPU_FN_VEXP = 6'h10;
localparam logic [31:0] NPU_MATCH_VEXP = 32'h80000010;
localparam logic [31:0] NPU_MASK_VEXP = 32'hfc03ffff;
localparam logic [5:0] NPU_OP_VRECIP = 6'h20;
localparam logic [5:0] NPU_FN_VRECIP = 6'h11;
localparam logic [31:0] NPU_MATCH_VRECIP = 32'h80000011;
localparam logic [31:0] NPU_MASK_VRECIP = 32'hfc03ffff;
localparam logic [5:0] NPU_OP_VRSQRT = 6'h20;
localparam logic [5:0] NPU_FN_VRSQRT = 6'h12;
localparam logic [31:0] NPU_MATCH_VRSQRT = 32'h80000012;
localparam logic [31:0] NPU_MASK_VRSQRT = 32'hfc03ffff;
localparam logic [5:0] NPU_OP_VBCAST = 6'h20;
localparam logic [5:0] NPU_FN_VBCAST = 6'h13;
localparam logic [31:0] NPU_MATCH_VBCAST = 32'h80000013;
localparam logic [31:0] NPU_MASK_VBCAST = 32'hfc3c3fff;
localparam logic [5:0] NPU_OP_VREDSUM = 6'h20;
localparam logic [5:0] NPU_FN_VREDSUM = 6'h18;
localparam logic [31:0] NPU_MATCH_VREDSUM = 32'h80000018;
localparam logic [31:0] NPU_MASK_VREDSUM = 32'hfc03ffff;
localparam logic [5:0] NPU_OP_VREDMAX = 6'h20;
localparam logic [5:0] NPU_FN_VREDMAX = 6'h19;
localparam logic [31:0] NPU_MATCH_VREDMAX = 32'h80000019;
localparam logic [31:0] NPU_MASK_VREDMAX = 32'hfc03ffff;
localparam logic [5:0] NPU_OP_DLD = 6'h28;
localparam logic [31:0] NPU_MATCH_DLD = 32'ha0000000;
localparam logic [31:0] NPU_MASK_DLD = 32'hfc003fff;
localparam logic [5:0] NPU_OP_DST = 6'h29;
localparam logic [31:0] NPU_MATCH_DST = 32'ha4000000;
localparam logic [31:0] NPU_MASK_DST = 32'hfc003fff;
localparam logic [5:0] NPU_OP_MLD = 6'h30;
localparam logic [31:0] NPU_MATCH_MLD = 32'hc0000000;
localparam logic [31:0] NPU_MASK_MLD = 32'hfc003fff;
localparam logic [5:0] NPU_OP_MLDB = 6'h31;
localparam logic [5:0] NPU_FN_MLDB = 6'h00;
localparam logic [31:0] NPU_MATCH_MLDB = 32'hc4000000;
localparam logic [31:0] NPU_MASK_MLDB = 32'hfc03ffff;
localparam logic [5:0] NPU_OP_MLDBT = 6'h31;
localparam logic [5:0] NPU_FN_MLDBT = 6'h01;
localparam logic [31:0] NPU_MATCH_MLDBT = 32'hc4000001;
localparam logic [31:0] NPU_MASK_MLDBT = 32'hfc03ffff;
localparam logic [5:0] NPU_OP_MMAC = 6'h31;
localparam logic [5:0] NPU_FN_MMAC = 6'h02;
localparam logic [31:0] NPU_MATCH_MMAC = 32'hc4000002;
localparam logic [31:0] NPU_MASK_MMAC = 32'hfc03ffff;
localparam logic [5:0] NPU_OP_MST = 6'h31;
localparam logic [5:0] NPU_FN_MST = 6'h03;
localparam logic [31:0] NPU_MATCH_MST = 32'hc4000003;
localparam logic [31:0] NPU_MASK_MST = 32'hfc3fffff;

// Legal instruction: (word & MASK) == MATCH for one row, and every operand in the range
// the assembler accepts (registers that exist, narrower immediate ranges). Anything else
// is an illegal instruction.
function automatic npu_isa_legal(input [31:0] w);
    npu_isa_legal =
        ((w & NPU_MASK_HALT) == NPU_MATCH_HALT) ||
        ((w & NPU_MASK_NOP) == NPU_MATCH_NOP) ||
        ((w & NPU_MASK_J) == NPU_MATCH_J) ||
        ((w & NPU_MASK_JAL) == NPU_MATCH_JAL) ||
        ((w & NPU_MASK_JR) == NPU_MATCH_JR) ||
        ((w & NPU_MASK_BEQ) == NPU_MATCH_BEQ) ||
        ((w & NPU_MASK_BNE) == NPU_MATCH_BNE) ||
        ((w & NPU_MASK_BLT) == NPU_MATCH_BLT) ||
        ((w & NPU_MASK_BGE) == NPU_MATCH_BGE) ||
        ((w & NPU_MASK_BLTU) == NPU_MATCH_BLTU) ||
        ((w & NPU_MASK_BGEU) == NPU_MATCH_BGEU) ||
        ((w & NPU_MASK_LOOP) == NPU_MATCH_LOOP) ||
        ((w & NPU_MASK_LOOPI) == NPU_MATCH_LOOPI && w[NPU_F_CNT10_HI:NPU_F_CNT10_LO] >= 10'd1) ||
        ((w & NPU_MASK_CSRW) == NPU_MATCH_CSRW) ||
        ((w & NPU_MASK_CSRWI) == NPU_MATCH_CSRWI) ||
        ((w & NPU_MASK_CSRR) == NPU_MATCH_CSRR) ||
        ((w & NPU_MASK_ADD) == NPU_MATCH_ADD) ||
        ((w & NPU_MASK_SUB) == NPU_MATCH_SUB) ||
        ((w & NPU_MASK_MUL) == NPU_MATCH_MUL) ||
        ((w & NPU_MASK_AND) == NPU_MATCH_AND) ||
        ((w & NPU_MASK_OR) == NPU_MATCH_OR) ||
        ((w & NPU_MASK_XOR) == NPU_MATCH_XOR) ||
        ((w & NPU_MASK_SLL) == NPU_MATCH_SLL) ||
        ((w & NPU_MASK_SRL) == NPU_MATCH_SRL) ||
        ((w & NPU_MASK_SRA) == NPU_MATCH_SRA) ||
        ((w & NPU_MASK_SLT) == NPU_MATCH_SLT) ||
        ((w & NPU_MASK_SLTU) == NPU_MATCH_SLTU) ||
        ((w & NPU_MASK_ADDI) == NPU_MATCH_ADDI) ||
        ((w & NPU_MASK_ANDI) == NPU_MATCH_ANDI) ||
        ((w & NPU_MASK_ORI) == NPU_MATCH_ORI) ||
        ((w & NPU_MASK_XORI) == NPU_MATCH_XORI) ||
        ((w & NPU_MASK_SLLI) == NPU_MATCH_SLLI && w[NPU_F_IMM16_HI:NPU_F_IMM16_LO] <= 16'd31) ||
        ((w & NPU_MASK_SRLI) == NPU_MATCH_SRLI && w[NPU_F_IMM16_HI:NPU_F_IMM16_LO] <= 16'd31) ||
        ((w & NPU_MASK_SRAI) == NPU_MATCH_SRAI && w[NPU_F_IMM16_HI:NPU_F_IMM16_LO] <= 16'd31) ||
        ((w & NPU_MASK_SLTI) == NPU_MATCH_SLTI) ||
        ((w & NPU_MASK_LUI) == NPU_MATCH_LUI) ||
        ((w & NPU_MASK_MOVAR) == NPU_MATCH_MOVAR) ||
        ((w & NPU_MASK_MOVRA) == NPU_MATCH_MOVRA) ||
        ((w & NPU_MASK_ADDA) == NPU_MATCH_ADDA) ||
        ((w & NPU_MASK_ADDAI) == NPU_MATCH_ADDAI) ||
        ((w & NPU_MASK_FADD) == NPU_MATCH_FADD) ||
        ((w & NPU_MASK_FSUB) == NPU_MATCH_FSUB) ||
        ((w & NPU_MASK_FMUL) == NPU_MATCH_FMUL) ||
        ((w & NPU_MASK_FMAX) == NPU_MATCH_FMAX) ||
        ((w & NPU_MASK_FMIN) == NPU_MATCH_FMIN) ||
        ((w & NPU_MASK_FFMA) == NPU_MATCH_FFMA) ||
        ((w & NPU_MASK_FEXP) == NPU_MATCH_FEXP) ||
        ((w & NPU_MASK_FRECIP) == NPU_MATCH_FRECIP) ||
        ((w & NPU_MASK_FRSQRT) == NPU_MATCH_FRSQRT) ||
        ((w & NPU_MASK_FCVTIF) == NPU_MATCH_FCVTIF) ||
        ((w & NPU_MASK_FMVIF) == NPU_MATCH_FMVIF) ||
        ((w & NPU_MASK_FMVFI) == NPU_MATCH_FMVFI) ||
        ((w & NPU_MASK_FLUI) == NPU_MATCH_FLUI) ||
        ((w & NPU_MASK_FLLI) == NPU_MATCH_FLLI) ||
        ((w & NPU_MASK_VADD) == NPU_MATCH_VADD) ||
        ((w & NPU_MASK_VSUB) == NPU_MATCH_VSUB) ||
        ((w & NPU_MASK_VMUL) == NPU_MATCH_VMUL) ||
        ((w & NPU_MASK_VMAX) == NPU_MATCH_VMAX) ||
        ((w & NPU_MASK_VMIN) == NPU_MATCH_VMIN) ||
        ((w & NPU_MASK_VADDS) == NPU_MATCH_VADDS) ||
        ((w & NPU_MASK_VSUBS) == NPU_MATCH_VSUBS) ||
        ((w & NPU_MASK_VMULS) == NPU_MATCH_VMULS) ||
        ((w & NPU_MASK_VMAXS) == NPU_MATCH_VMAXS) ||
        ((w & NPU_MASK_VMINS) == NPU_MATCH_VMINS) ||
        ((w & NPU_MASK_VMACS) == NPU_MATCH_VMACS) ||
        ((w & NPU_MASK_VEXP) == NPU_MATCH_VEXP) ||
        ((w & NPU_MASK_VRECIP) == NPU_MATCH_VRECIP) ||
        ((w & NPU_MASK_VRSQRT) == NPU_MATCH_VRSQRT) ||
        ((w & NPU_MASK_VBCAST) == NPU_MATCH_VBCAST) ||
        ((w & NPU_MASK_VREDSUM) == NPU_MATCH_VREDSUM) ||
        ((w & NPU_MASK_VREDMAX) == NPU_MATCH_VREDMAX) ||
        ((w & NPU_MASK_DLD) == NPU_MATCH_DLD) ||
        ((w & NPU_MASK_DST) == NPU_MATCH_DST) ||
        ((w & NPU_MASK_MLD) == NPU_MATCH_MLD) ||
        ((w & NPU_MASK_MLDB) == NPU_MATCH_MLDB && w[NPU_F_RD_HI:NPU_F_RD_LO] <= 4'd1) ||
        ((w & NPU_MASK_MLDBT) == NPU_MATCH_MLDBT && w[NPU_F_RD_HI:NPU_F_RD_LO] <= 4'd1) ||
        ((w & NPU_MASK_MMAC) == NPU_MATCH_MMAC && w[NPU_F_RD_HI:NPU_F_RD_LO] <= 4'd1) ||
        ((w & NPU_MASK_MST) == NPU_MATCH_MST);
endfunction
/* verilator lint_on UNUSEDPARAM */
`endif
