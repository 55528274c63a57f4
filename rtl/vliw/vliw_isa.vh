// rtl/vliw/vliw_isa.vh - GENERATED from isa/vliw.def by kc_isagen. DO NOT EDIT.
// Regenerate after changing the table:
//   ./build/kc isa-doc --platform vliw --verilog-header rtl/vliw/vliw_isa.vh
//   (or: cmake --build build --target isa-regen). A ctest fails while this copy is stale.
//
// Include it INSIDE a module body: it declares only localparams and has no include
// guard, so every module that includes it gets its own copy. The hardware
// parameters also exist as macros (`VLIW_VLEN ...) for parameter defaults in a module
// header; they are defined once. To get only the macros (outside a module),
// `define VLIW_ISA_MACROS_ONLY before the `include and `undef it after.
// Decode: word is instruction X iff (word & VLIW_MASK_X) == VLIW_MATCH_X; exactly one X
// matches a legal word. Fields: word[VLIW_F_<FIELD>_LO +: VLIW_F_<FIELD>_WIDTH], the same
// bits as word[VLIW_F_<FIELD>_HI:VLIW_F_<FIELD>_LO].

`ifndef VLIW_ISA_VH_MACROS
`define VLIW_ISA_VH_MACROS
`define VLIW_ROWS 2
`define VLIW_COLS 2
`define VLIW_NSLOTS 7
`define VLIW_PM_BUNDLES 2048
`define VLIW_DM_BYTES 65536
`define VLIW_NBANKS 8
`define VLIW_NLOCKS 16
`define VLIW_NBDS 16
`define VLIW_NDMACH 2
`define VLIW_DMA_QUEUE 2
`define VLIW_DMA_INFLIGHT 8
`define VLIW_NSREGS 16
`define VLIW_NPREGS 8
`define VLIW_NMREGS 8
`define VLIW_NVREGS 16
`define VLIW_NACCS 8
`define VLIW_VLANES 16
`define VLIW_LOOP_DEPTH 2
`define VLIW_BR_DELAY 2
`define VLIW_NCOUNTERS 14
`endif

`ifndef VLIW_ISA_MACROS_ONLY
/* verilator lint_off UNUSEDPARAM */

// Hardware configuration
localparam int VLIW_ROWS = 2;  // tile rows of the array (second size: 1 or 2 x 4)
localparam int VLIW_COLS = 2;  // tile columns; tile id = row * COLS + col
localparam int VLIW_NSLOTS = 7;  // slots per bundle: S, L0, L1, ST, MAC, VEC, MV
localparam int VLIW_PM_BUNDLES = 2048;  // program memory per tile, in bundles (7 x 32-bit words each)
localparam int VLIW_DM_BYTES = 65536;  // data memory per tile, bytes (a window: byte offset 0..DM_BYTES-1)
localparam int VLIW_NBANKS = 8;  // single-port banks of a data memory, interleaved by 32-byte row
localparam int VLIW_NLOCKS = 16;  // locks per memory module, each a 6-bit value 0..63
localparam int VLIW_NBDS = 16;  // DMA buffer descriptors per tile
localparam int VLIW_NDMACH = 2;  // DMA channels per tile: ch0 DRAM->DM (in), ch1 DM->DRAM (out)
localparam int VLIW_DMA_QUEUE = 2;  // dma.start queue depth per channel (full: the bundle waits)
localparam int VLIW_DMA_INFLIGHT = 8;  // DRAM reads outstanding per channel
localparam int VLIW_NSREGS = 16;  // scalar registers r0..r15 (32-bit, r0 reads as 0)
localparam int VLIW_NPREGS = 8;  // pointer registers p0..p7 (20-bit DM byte addresses: window << 16 | offset; pointer arithmetic wraps modulo 2^20)
localparam int VLIW_NMREGS = 8;  // modifier registers m0..m7 (signed byte increments)
localparam int VLIW_NVREGS = 16;  // vector registers v0..v15 (256 bits: 16 x bf16 / int16)
localparam int VLIW_NACCS = 8;  // accumulators acc0..acc7 (512 bits: 16 x fp32 / int32)
localparam int VLIW_VLANES = 16;  // lanes of a vector register and of an accumulator
localparam int VLIW_LOOP_DEPTH = 2;  // nesting depth of zero-overhead hardware loops
localparam int VLIW_BR_DELAY = 2;  // delay slots of a taken branch or jump: the bundles that always execute after it
localparam int VLIW_NCOUNTERS = 14;  // performance counters exported by the RTL (64 bits each)

// Instruction fields: word[LO +: WIDTH] = word[HI:LO]
localparam int VLIW_F_OPCODE_LO = 26;
localparam int VLIW_F_OPCODE_WIDTH = 6;
localparam int VLIW_F_OPCODE_HI = 31;
localparam int VLIW_F_FUNCT_LO = 0;
localparam int VLIW_F_FUNCT_WIDTH = 6;
localparam int VLIW_F_FUNCT_HI = 5;
localparam int VLIW_F_D_LO = 21;
localparam int VLIW_F_D_WIDTH = 5;  // destination (or store data / first operand) register
localparam int VLIW_F_D_HI = 25;
localparam int VLIW_F_A_LO = 16;
localparam int VLIW_F_A_WIDTH = 5;  // first source register, pointer of a memory operand, special register
localparam int VLIW_F_A_HI = 20;
localparam int VLIW_F_B_LO = 11;
localparam int VLIW_F_B_WIDTH = 5;  // second source register or modifier
localparam int VLIW_F_B_HI = 15;
localparam int VLIW_F_C_LO = 6;
localparam int VLIW_F_C_WIDTH = 5;  // third source register, lane, shift amount or BD field
localparam int VLIW_F_C_HI = 10;
localparam int VLIW_F_IMM16_LO = 0;
localparam int VLIW_F_IMM16_WIDTH = 16;  // 16-bit immediate, byte offset or bundle index
localparam int VLIW_F_IMM16_HI = 15;
localparam int VLIW_F_IMM11_LO = 0;
localparam int VLIW_F_IMM11_WIDTH = 11;  // 11-bit bundle index (compare-and-branch targets)
localparam int VLIW_F_IMM11_HI = 10;
localparam int VLIW_F_IMM20_LO = 0;
localparam int VLIW_F_IMM20_WIDTH = 20;  // 20-bit DM address (window << 16 | offset)
localparam int VLIW_F_IMM20_HI = 19;
localparam int VLIW_F_CNT10_LO = 16;
localparam int VLIW_F_CNT10_WIDTH = 10;  // 10-bit loop count
localparam int VLIW_F_CNT10_HI = 25;
localparam int VLIW_F_LK_LO = 16;
localparam int VLIW_F_LK_WIDTH = 7;  // lock id: window << 4 | index
localparam int VLIW_F_LK_HI = 22;
localparam int VLIW_F_VAL_LO = 0;
localparam int VLIW_F_VAL_WIDTH = 6;  // lock value 0..63
localparam int VLIW_F_VAL_HI = 5;

// Configuration registers: id and reset value
localparam logic [4:0] VLIW_CFG_TID = 5'd0;
localparam logic [31:0] VLIW_CFG_TID_RESET = 32'd0;
localparam logic [4:0] VLIW_CFG_ROW = 5'd1;
localparam logic [31:0] VLIW_CFG_ROW_RESET = 32'd0;
localparam logic [4:0] VLIW_CFG_COL = 5'd2;
localparam logic [31:0] VLIW_CFG_COL_RESET = 32'd0;
localparam logic [4:0] VLIW_CFG_NTILES = 5'd3;
localparam logic [31:0] VLIW_CFG_NTILES_RESET = 32'd0;
localparam logic [4:0] VLIW_CFG_CYCLELO = 5'd4;
localparam logic [31:0] VLIW_CFG_CYCLELO_RESET = 32'd0;
localparam logic [4:0] VLIW_CFG_CYCLEHI = 5'd5;
localparam logic [31:0] VLIW_CFG_CYCLEHI_RESET = 32'd0;
localparam logic [4:0] VLIW_CFG_DRAM = 5'd16;
localparam logic [31:0] VLIW_CFG_DRAM_RESET = 32'd0;
localparam logic [4:0] VLIW_CFG_DM = 5'd17;
localparam logic [31:0] VLIW_CFG_DM_RESET = 32'd0;
localparam logic [4:0] VLIW_CFG_LEN0 = 5'd18;
localparam logic [31:0] VLIW_CFG_LEN0_RESET = 32'd0;
localparam logic [4:0] VLIW_CFG_CNT1 = 5'd19;
localparam logic [31:0] VLIW_CFG_CNT1_RESET = 32'd0;
localparam logic [4:0] VLIW_CFG_DSTRIDE1 = 5'd20;
localparam logic [31:0] VLIW_CFG_DSTRIDE1_RESET = 32'd0;
localparam logic [4:0] VLIW_CFG_MSTRIDE1 = 5'd21;
localparam logic [31:0] VLIW_CFG_MSTRIDE1_RESET = 32'd0;
localparam logic [4:0] VLIW_CFG_CNT2 = 5'd22;
localparam logic [31:0] VLIW_CFG_CNT2_RESET = 32'd0;
localparam logic [4:0] VLIW_CFG_DSTRIDE2 = 5'd23;
localparam logic [31:0] VLIW_CFG_DSTRIDE2_RESET = 32'd0;
localparam logic [4:0] VLIW_CFG_MSTRIDE2 = 5'd24;
localparam logic [31:0] VLIW_CFG_MSTRIDE2_RESET = 32'd0;
localparam logic [4:0] VLIW_CFG_ACQ = 5'd25;
localparam logic [31:0] VLIW_CFG_ACQ_RESET = 32'd0;
localparam logic [4:0] VLIW_CFG_REL = 5'd26;
localparam logic [31:0] VLIW_CFG_REL_RESET = 32'd0;
localparam logic [4:0] VLIW_CFG_NEXT = 5'd27;
localparam logic [31:0] VLIW_CFG_NEXT_RESET = 32'd0;

// Instructions: opcode, funct (when the format has one), match and mask
localparam logic [5:0] VLIW_OP_NOP = 6'h00;
localparam logic [31:0] VLIW_MATCH_NOP = 32'h00000000;
localparam logic [31:0] VLIW_MASK_NOP = 32'hffffffff;
localparam logic [5:0] VLIW_OP_ADD = 6'h01;
localparam logic [5:0] VLIW_FN_ADD = 6'h00;
localparam logic [31:0] VLIW_MATCH_ADD = 32'h04000000;
localparam logic [31:0] VLIW_MASK_ADD = 32'hfc0007ff;
localparam logic [5:0] VLIW_OP_SUB = 6'h01;
localparam logic [5:0] VLIW_FN_SUB = 6'h01;
localparam logic [31:0] VLIW_MATCH_SUB = 32'h04000001;
localparam logic [31:0] VLIW_MASK_SUB = 32'hfc0007ff;
localparam logic [5:0] VLIW_OP_AND = 6'h01;
localparam logic [5:0] VLIW_FN_AND = 6'h02;
localparam logic [31:0] VLIW_MATCH_AND = 32'h04000002;
localparam logic [31:0] VLIW_MASK_AND = 32'hfc0007ff;
localparam logic [5:0] VLIW_OP_OR = 6'h01;
localparam logic [5:0] VLIW_FN_OR = 6'h03;
localparam logic [31:0] VLIW_MATCH_OR = 32'h04000003;
localparam logic [31:0] VLIW_MASK_OR = 32'hfc0007ff;
localparam logic [5:0] VLIW_OP_XOR = 6'h01;
localparam logic [5:0] VLIW_FN_XOR = 6'h04;
localparam logic [31:0] VLIW_MATCH_XOR = 32'h04000004;
localparam logic [31:0] VLIW_MASK_XOR = 32'hfc0007ff;
localparam logic [5:0] VLIW_OP_SLL = 6'h01;
localparam logic [5:0] VLIW_FN_SLL = 6'h05;
localparam logic [31:0] VLIW_MATCH_SLL = 32'h04000005;
localparam logic [31:0] VLIW_MASK_SLL = 32'hfc0007ff;
localparam logic [5:0] VLIW_OP_SRL = 6'h01;
localparam logic [5:0] VLIW_FN_SRL = 6'h06;
localparam logic [31:0] VLIW_MATCH_SRL = 32'h04000006;
localparam logic [31:0] VLIW_MASK_SRL = 32'hfc0007ff;
localparam logic [5:0] VLIW_OP_SRA = 6'h01;
localparam logic [5:0] VLIW_FN_SRA = 6'h07;
localparam logic [31:0] VLIW_MATCH_SRA = 32'h04000007;
localparam logic [31:0] VLIW_MASK_SRA = 32'hfc0007ff;
localparam logic [5:0] VLIW_OP_SLT = 6'h01;
localparam logic [5:0] VLIW_FN_SLT = 6'h08;
localparam logic [31:0] VLIW_MATCH_SLT = 32'h04000008;
localparam logic [31:0] VLIW_MASK_SLT = 32'hfc0007ff;
localparam logic [5:0] VLIW_OP_SLTU = 6'h01;
localparam logic [5:0] VLIW_FN_SLTU = 6'h09;
localparam logic [31:0] VLIW_MATCH_SLTU = 32'h04000009;
localparam logic [31:0] VLIW_MASK_SLTU = 32'hfc0007ff;
localparam logic [5:0] VLIW_OP_MUL = 6'h01;
localparam logic [5:0] VLIW_FN_MUL = 6'h0a;
localparam logic [31:0] VLIW_MATCH_MUL = 32'h0400000a;
localparam logic [31:0] VLIW_MASK_MUL = 32'hfc0007ff;
localparam logic [5:0] VLIW_OP_ADDI = 6'h02;
localparam logic [31:0] VLIW_MATCH_ADDI = 32'h08000000;
localparam logic [31:0] VLIW_MASK_ADDI = 32'hfc000000;
localparam logic [5:0] VLIW_OP_ANDI = 6'h03;
localparam logic [31:0] VLIW_MATCH_ANDI = 32'h0c000000;
localparam logic [31:0] VLIW_MASK_ANDI = 32'hfc000000;
localparam logic [5:0] VLIW_OP_ORI = 6'h04;
localparam logic [31:0] VLIW_MATCH_ORI = 32'h10000000;
localparam logic [31:0] VLIW_MASK_ORI = 32'hfc000000;
localparam logic [5:0] VLIW_OP_XORI = 6'h05;
localparam logic [31:0] VLIW_MATCH_XORI = 32'h14000000;
localparam logic [31:0] VLIW_MASK_XORI = 32'hfc000000;
localparam logic [5:0] VLIW_OP_SLTI = 6'h06;
localparam logic [31:0] VLIW_MATCH_SLTI = 32'h18000000;
localparam logic [31:0] VLIW_MASK_SLTI = 32'hfc000000;
localparam logic [5:0] VLIW_OP_LUI = 6'h07;
localparam logic [31:0] VLIW_MATCH_LUI = 32'h1c000000;
localparam logic [31:0] VLIW_MASK_LUI = 32'hfc1f0000;
localparam logic [5:0] VLIW_OP_SLLI = 6'h08;
localparam logic [5:0] VLIW_FN_SLLI = 6'h00;
localparam logic [31:0] VLIW_MATCH_SLLI = 32'h20000000;
localparam logic [31:0] VLIW_MASK_SLLI = 32'hfc00f83f;
localparam logic [5:0] VLIW_OP_SRLI = 6'h08;
localparam logic [5:0] VLIW_FN_SRLI = 6'h01;
localparam logic [31:0] VLIW_MATCH_SRLI = 32'h20000001;
localparam logic [31:0] VLIW_MASK_SRLI = 32'hfc00f83f;
localparam logic [5:0] VLIW_OP_SRAI = 6'h08;
localparam logic [5:0] VLIW_FN_SRAI = 6'h02;
localparam logic [31:0] VLIW_MATCH_SRAI = 32'h20000002;
localparam logic [31:0] VLIW_MASK_SRAI = 32'hfc00f83f;
localparam logic [5:0] VLIW_OP_PADD = 6'h18;
localparam logic [31:0] VLIW_MATCH_PADD = 32'h60000000;
localparam logic [31:0] VLIW_MASK_PADD = 32'hfc1f0000;
localparam logic [5:0] VLIW_OP_PADD_M = 6'h17;
localparam logic [5:0] VLIW_FN_PADD_M = 6'h05;
localparam logic [31:0] VLIW_MATCH_PADD_M = 32'h5c000005;
localparam logic [31:0] VLIW_MASK_PADD_M = 32'hfc1f07ff;
localparam logic [5:0] VLIW_OP_BEQ = 6'h09;
localparam logic [31:0] VLIW_MATCH_BEQ = 32'h24000000;
localparam logic [31:0] VLIW_MASK_BEQ = 32'hffe00000;
localparam logic [5:0] VLIW_OP_BNE = 6'h0a;
localparam logic [31:0] VLIW_MATCH_BNE = 32'h28000000;
localparam logic [31:0] VLIW_MASK_BNE = 32'hffe00000;
localparam logic [5:0] VLIW_OP_BLT = 6'h0b;
localparam logic [31:0] VLIW_MATCH_BLT = 32'h2c000000;
localparam logic [31:0] VLIW_MASK_BLT = 32'hffe00000;
localparam logic [5:0] VLIW_OP_BGE = 6'h0c;
localparam logic [31:0] VLIW_MATCH_BGE = 32'h30000000;
localparam logic [31:0] VLIW_MASK_BGE = 32'hffe00000;
localparam logic [5:0] VLIW_OP_BLTU = 6'h0d;
localparam logic [31:0] VLIW_MATCH_BLTU = 32'h34000000;
localparam logic [31:0] VLIW_MASK_BLTU = 32'hffe00000;
localparam logic [5:0] VLIW_OP_BGEU = 6'h0e;
localparam logic [31:0] VLIW_MATCH_BGEU = 32'h38000000;
localparam logic [31:0] VLIW_MASK_BGEU = 32'hffe00000;
localparam logic [5:0] VLIW_OP_BEQZ = 6'h0f;
localparam logic [31:0] VLIW_MATCH_BEQZ = 32'h3c000000;
localparam logic [31:0] VLIW_MASK_BEQZ = 32'hffe00000;
localparam logic [5:0] VLIW_OP_BNEZ = 6'h10;
localparam logic [31:0] VLIW_MATCH_BNEZ = 32'h40000000;
localparam logic [31:0] VLIW_MASK_BNEZ = 32'hffe00000;
localparam logic [5:0] VLIW_OP_J = 6'h11;
localparam logic [31:0] VLIW_MATCH_J = 32'h44000000;
localparam logic [31:0] VLIW_MASK_J = 32'hffff0000;
localparam logic [5:0] VLIW_OP_JAL = 6'h12;
localparam logic [31:0] VLIW_MATCH_JAL = 32'h48000000;
localparam logic [31:0] VLIW_MASK_JAL = 32'hfc1f0000;
localparam logic [5:0] VLIW_OP_JR = 6'h17;
localparam logic [5:0] VLIW_FN_JR = 6'h01;
localparam logic [31:0] VLIW_MATCH_JR = 32'h5c000001;
localparam logic [31:0] VLIW_MASK_JR = 32'hffe0ffff;
localparam logic [5:0] VLIW_OP_LOOP = 6'h13;
localparam logic [31:0] VLIW_MATCH_LOOP = 32'h4c000000;
localparam logic [31:0] VLIW_MASK_LOOP = 32'hffe00000;
localparam logic [5:0] VLIW_OP_LOOPI = 6'h14;
localparam logic [31:0] VLIW_MATCH_LOOPI = 32'h50000000;
localparam logic [31:0] VLIW_MASK_LOOPI = 32'hfc000000;
localparam logic [5:0] VLIW_OP_HALT = 6'h17;
localparam logic [5:0] VLIW_FN_HALT = 6'h00;
localparam logic [31:0] VLIW_MATCH_HALT = 32'h5c000000;
localparam logic [31:0] VLIW_MASK_HALT = 32'hffffffff;
localparam logic [5:0] VLIW_OP_ACQ = 6'h15;
localparam logic [31:0] VLIW_MATCH_ACQ = 32'h54000000;
localparam logic [31:0] VLIW_MASK_ACQ = 32'hff80ffc0;
localparam logic [5:0] VLIW_OP_REL = 6'h16;
localparam logic [31:0] VLIW_MATCH_REL = 32'h58000000;
localparam logic [31:0] VLIW_MASK_REL = 32'hff80ffc0;
localparam logic [5:0] VLIW_OP_DMA_START = 6'h17;
localparam logic [5:0] VLIW_FN_DMA_START = 6'h02;
localparam logic [31:0] VLIW_MATCH_DMA_START = 32'h5c000002;
localparam logic [31:0] VLIW_MASK_DMA_START = 32'hfc00ffff;
localparam logic [5:0] VLIW_OP_DMA_WAIT = 6'h17;
localparam logic [5:0] VLIW_FN_DMA_WAIT = 6'h03;
localparam logic [31:0] VLIW_MATCH_DMA_WAIT = 32'h5c000003;
localparam logic [31:0] VLIW_MASK_DMA_WAIT = 32'hfc1fffff;
localparam logic [5:0] VLIW_OP_BD_SET = 6'h17;
localparam logic [5:0] VLIW_FN_BD_SET = 6'h04;
localparam logic [31:0] VLIW_MATCH_BD_SET = 32'h5c000004;
localparam logic [31:0] VLIW_MASK_BD_SET = 32'hfc00f83f;
localparam logic [5:0] VLIW_OP_VLD = 6'h20;
localparam logic [31:0] VLIW_MATCH_VLD = 32'h80000000;
localparam logic [31:0] VLIW_MASK_VLD = 32'hfc000000;
localparam logic [5:0] VLIW_OP_VLD_PI = 6'h21;
localparam logic [31:0] VLIW_MATCH_VLD_PI = 32'h84000000;
localparam logic [31:0] VLIW_MASK_VLD_PI = 32'hfc000000;
localparam logic [5:0] VLIW_OP_VLD_PM = 6'h22;
localparam logic [5:0] VLIW_FN_VLD_PM = 6'h00;
localparam logic [31:0] VLIW_MATCH_VLD_PM = 32'h88000000;
localparam logic [31:0] VLIW_MASK_VLD_PM = 32'hfc0007ff;
localparam logic [5:0] VLIW_OP_LD = 6'h23;
localparam logic [31:0] VLIW_MATCH_LD = 32'h8c000000;
localparam logic [31:0] VLIW_MASK_LD = 32'hfc000000;
localparam logic [5:0] VLIW_OP_LD_PI = 6'h24;
localparam logic [31:0] VLIW_MATCH_LD_PI = 32'h90000000;
localparam logic [31:0] VLIW_MASK_LD_PI = 32'hfc000000;
localparam logic [5:0] VLIW_OP_LD_PM = 6'h22;
localparam logic [5:0] VLIW_FN_LD_PM = 6'h01;
localparam logic [31:0] VLIW_MATCH_LD_PM = 32'h88000001;
localparam logic [31:0] VLIW_MASK_LD_PM = 32'hfc0007ff;
localparam logic [5:0] VLIW_OP_VST = 6'h25;
localparam logic [31:0] VLIW_MATCH_VST = 32'h94000000;
localparam logic [31:0] VLIW_MASK_VST = 32'hfc000000;
localparam logic [5:0] VLIW_OP_VST_PI = 6'h26;
localparam logic [31:0] VLIW_MATCH_VST_PI = 32'h98000000;
localparam logic [31:0] VLIW_MASK_VST_PI = 32'hfc000000;
localparam logic [5:0] VLIW_OP_VST_PM = 6'h27;
localparam logic [5:0] VLIW_FN_VST_PM = 6'h00;
localparam logic [31:0] VLIW_MATCH_VST_PM = 32'h9c000000;
localparam logic [31:0] VLIW_MASK_VST_PM = 32'hfc0007ff;
localparam logic [5:0] VLIW_OP_ST = 6'h28;
localparam logic [31:0] VLIW_MATCH_ST = 32'ha0000000;
localparam logic [31:0] VLIW_MASK_ST = 32'hfc000000;
localparam logic [5:0] VLIW_OP_ST_PI = 6'h29;
localparam logic [31:0] VLIW_MATCH_ST_PI = 32'ha4000000;
localparam logic [31:0] VLIW_MASK_ST_PI = 32'hfc000000;
localparam logic [5:0] VLIW_OP_ST_PM = 6'h27;
localparam logic [5:0] VLIW_FN_ST_PM = 6'h01;
localparam logic [31:0] VLIW_MATCH_ST_PM = 32'h9c000001;
localparam logic [31:0] VLIW_MASK_ST_PM = 32'hfc0007ff;
localparam logic [5:0] VLIW_OP_VMMAC = 6'h2c;
localparam logic [5:0] VLIW_FN_VMMAC = 6'h00;
localparam logic [31:0] VLIW_MATCH_VMMAC = 32'hb0000000;
localparam logic [31:0] VLIW_MASK_VMMAC = 32'hfc0007ff;
localparam logic [5:0] VLIW_OP_VMMUL = 6'h2c;
localparam logic [5:0] VLIW_FN_VMMUL = 6'h01;
localparam logic [31:0] VLIW_MATCH_VMMUL = 32'hb0000001;
localparam logic [31:0] VLIW_MASK_VMMUL = 32'hfc0007ff;
localparam logic [5:0] VLIW_OP_VMAC = 6'h2c;
localparam logic [5:0] VLIW_FN_VMAC = 6'h02;
localparam logic [31:0] VLIW_MATCH_VMAC = 32'hb0000002;
localparam logic [31:0] VLIW_MASK_VMAC = 32'hfc0007ff;
localparam logic [5:0] VLIW_OP_VMSC = 6'h2c;
localparam logic [5:0] VLIW_FN_VMSC = 6'h03;
localparam logic [31:0] VLIW_MATCH_VMSC = 32'hb0000003;
localparam logic [31:0] VLIW_MASK_VMSC = 32'hfc0007ff;
localparam logic [5:0] VLIW_OP_VMUL = 6'h2c;
localparam logic [5:0] VLIW_FN_VMUL = 6'h04;
localparam logic [31:0] VLIW_MATCH_VMUL = 32'hb0000004;
localparam logic [31:0] VLIW_MASK_VMUL = 32'hfc0007ff;
localparam logic [5:0] VLIW_OP_VMAC_I16 = 6'h2c;
localparam logic [5:0] VLIW_FN_VMAC_I16 = 6'h05;
localparam logic [31:0] VLIW_MATCH_VMAC_I16 = 32'hb0000005;
localparam logic [31:0] VLIW_MASK_VMAC_I16 = 32'hfc0007ff;
localparam logic [5:0] VLIW_OP_VMSC_I16 = 6'h2c;
localparam logic [5:0] VLIW_FN_VMSC_I16 = 6'h06;
localparam logic [31:0] VLIW_MATCH_VMSC_I16 = 32'hb0000006;
localparam logic [31:0] VLIW_MASK_VMSC_I16 = 32'hfc0007ff;
localparam logic [5:0] VLIW_OP_VMUL_I16 = 6'h2c;
localparam logic [5:0] VLIW_FN_VMUL_I16 = 6'h07;
localparam logic [31:0] VLIW_MATCH_VMUL_I16 = 32'hb0000007;
localparam logic [31:0] VLIW_MASK_VMUL_I16 = 32'hfc0007ff;
localparam logic [5:0] VLIW_OP_AADD = 6'h30;
localparam logic [5:0] VLIW_FN_AADD = 6'h00;
localparam logic [31:0] VLIW_MATCH_AADD = 32'hc0000000;
localparam logic [31:0] VLIW_MASK_AADD = 32'hfc0007ff;
localparam logic [5:0] VLIW_OP_ASUB = 6'h30;
localparam logic [5:0] VLIW_FN_ASUB = 6'h01;
localparam logic [31:0] VLIW_MATCH_ASUB = 32'hc0000001;
localparam logic [31:0] VLIW_MASK_ASUB = 32'hfc0007ff;
localparam logic [5:0] VLIW_OP_AMUL = 6'h30;
localparam logic [5:0] VLIW_FN_AMUL = 6'h02;
localparam logic [31:0] VLIW_MATCH_AMUL = 32'hc0000002;
localparam logic [31:0] VLIW_MASK_AMUL = 32'hfc0007ff;
localparam logic [5:0] VLIW_OP_AMAX = 6'h30;
localparam logic [5:0] VLIW_FN_AMAX = 6'h03;
localparam logic [31:0] VLIW_MATCH_AMAX = 32'hc0000003;
localparam logic [31:0] VLIW_MASK_AMAX = 32'hfc0007ff;
localparam logic [5:0] VLIW_OP_AMIN = 6'h30;
localparam logic [5:0] VLIW_FN_AMIN = 6'h04;
localparam logic [31:0] VLIW_MATCH_AMIN = 32'hc0000004;
localparam logic [31:0] VLIW_MASK_AMIN = 32'hfc0007ff;
localparam logic [5:0] VLIW_OP_ALT = 6'h30;
localparam logic [5:0] VLIW_FN_ALT = 6'h05;
localparam logic [31:0] VLIW_MATCH_ALT = 32'hc0000005;
localparam logic [31:0] VLIW_MASK_ALT = 32'hfc0007ff;
localparam logic [5:0] VLIW_OP_ASEL = 6'h30;
localparam logic [5:0] VLIW_FN_ASEL = 6'h06;
localparam logic [31:0] VLIW_MATCH_ASEL = 32'hc0000006;
localparam logic [31:0] VLIW_MASK_ASEL = 32'hfc00003f;
localparam logic [5:0] VLIW_OP_AIOTA = 6'h30;
localparam logic [5:0] VLIW_FN_AIOTA = 6'h07;
localparam logic [31:0] VLIW_MATCH_AIOTA = 32'hc0000007;
localparam logic [31:0] VLIW_MASK_AIOTA = 32'hfc1fffff;
localparam logic [5:0] VLIW_OP_AEXP = 6'h30;
localparam logic [5:0] VLIW_FN_AEXP = 6'h08;
localparam logic [31:0] VLIW_MATCH_AEXP = 32'hc0000008;
localparam logic [31:0] VLIW_MASK_AEXP = 32'hfc00ffff;
localparam logic [5:0] VLIW_OP_ARCP = 6'h30;
localparam logic [5:0] VLIW_FN_ARCP = 6'h09;
localparam logic [31:0] VLIW_MATCH_ARCP = 32'hc0000009;
localparam logic [31:0] VLIW_MASK_ARCP = 32'hfc00ffff;
localparam logic [5:0] VLIW_OP_ARSQRT = 6'h30;
localparam logic [5:0] VLIW_FN_ARSQRT = 6'h0a;
localparam logic [31:0] VLIW_MATCH_ARSQRT = 32'hc000000a;
localparam logic [31:0] VLIW_MASK_ARSQRT = 32'hfc00ffff;
localparam logic [5:0] VLIW_OP_AREDSUM = 6'h30;
localparam logic [5:0] VLIW_FN_AREDSUM = 6'h0b;
localparam logic [31:0] VLIW_MATCH_AREDSUM = 32'hc000000b;
localparam logic [31:0] VLIW_MASK_AREDSUM = 32'hfc00ffff;
localparam logic [5:0] VLIW_OP_AREDMAX = 6'h30;
localparam logic [5:0] VLIW_FN_AREDMAX = 6'h0c;
localparam logic [31:0] VLIW_MATCH_AREDMAX = 32'hc000000c;
localparam logic [31:0] VLIW_MASK_AREDMAX = 32'hfc00ffff;
localparam logic [5:0] VLIW_OP_VTRN = 6'h30;
localparam logic [5:0] VLIW_FN_VTRN = 6'h10;
localparam logic [31:0] VLIW_MATCH_VTRN = 32'hc0000010;
localparam logic [31:0] VLIW_MASK_VTRN = 32'hfc00ffff;
localparam logic [5:0] VLIW_OP_VCATLO = 6'h30;
localparam logic [5:0] VLIW_FN_VCATLO = 6'h11;
localparam logic [31:0] VLIW_MATCH_VCATLO = 32'hc0000011;
localparam logic [31:0] VLIW_MASK_VCATLO = 32'hfc0007ff;
localparam logic [5:0] VLIW_OP_VCATHI = 6'h30;
localparam logic [5:0] VLIW_FN_VCATHI = 6'h12;
localparam logic [31:0] VLIW_MATCH_VCATHI = 32'hc0000012;
localparam logic [31:0] VLIW_MASK_VCATHI = 32'hfc0007ff;
localparam logic [5:0] VLIW_OP_VSPLAT = 6'h30;
localparam logic [5:0] VLIW_FN_VSPLAT = 6'h13;
localparam logic [31:0] VLIW_MATCH_VSPLAT = 32'hc0000013;
localparam logic [31:0] VLIW_MASK_VSPLAT = 32'hfc00f83f;
localparam logic [5:0] VLIW_OP_VSEL = 6'h30;
localparam logic [5:0] VLIW_FN_VSEL = 6'h14;
localparam logic [31:0] VLIW_MATCH_VSEL = 32'hc0000014;
localparam logic [31:0] VLIW_MASK_VSEL = 32'hfc00003f;
localparam logic [5:0] VLIW_OP_MOV = 6'h38;
localparam logic [5:0] VLIW_FN_MOV = 6'h00;
localparam logic [31:0] VLIW_MATCH_MOV = 32'he0000000;
localparam logic [31:0] VLIW_MASK_MOV = 32'hfc00ffff;
localparam logic [5:0] VLIW_OP_MOV_PR = 6'h38;
localparam logic [5:0] VLIW_FN_MOV_PR = 6'h01;
localparam logic [31:0] VLIW_MATCH_MOV_PR = 32'he0000001;
localparam logic [31:0] VLIW_MASK_MOV_PR = 32'hfc00ffff;
localparam logic [5:0] VLIW_OP_MOV_MR = 6'h38;
localparam logic [5:0] VLIW_FN_MOV_MR = 6'h02;
localparam logic [31:0] VLIW_MATCH_MOV_MR = 32'he0000002;
localparam logic [31:0] VLIW_MASK_MOV_MR = 32'hfc00ffff;
localparam logic [5:0] VLIW_OP_MOV_RP = 6'h38;
localparam logic [5:0] VLIW_FN_MOV_RP = 6'h03;
localparam logic [31:0] VLIW_MATCH_MOV_RP = 32'he0000003;
localparam logic [31:0] VLIW_MASK_MOV_RP = 32'hfc00ffff;
localparam logic [5:0] VLIW_OP_MOV_RS = 6'h38;
localparam logic [5:0] VLIW_FN_MOV_RS = 6'h04;
localparam logic [31:0] VLIW_MATCH_MOV_RS = 32'he0000004;
localparam logic [31:0] VLIW_MASK_MOV_RS = 32'hfc00ffff;
localparam logic [5:0] VLIW_OP_VMOV = 6'h38;
localparam logic [5:0] VLIW_FN_VMOV = 6'h05;
localparam logic [31:0] VLIW_MATCH_VMOV = 32'he0000005;
localparam logic [31:0] VLIW_MASK_VMOV = 32'hfc00ffff;
localparam logic [5:0] VLIW_OP_AMOV = 6'h38;
localparam logic [5:0] VLIW_FN_AMOV = 6'h06;
localparam logic [31:0] VLIW_MATCH_AMOV = 32'he0000006;
localparam logic [31:0] VLIW_MASK_AMOV = 32'hfc00ffff;
localparam logic [5:0] VLIW_OP_VBCST = 6'h38;
localparam logic [5:0] VLIW_FN_VBCST = 6'h07;
localparam logic [31:0] VLIW_MATCH_VBCST = 32'he0000007;
localparam logic [31:0] VLIW_MASK_VBCST = 32'hfc00ffff;
localparam logic [5:0] VLIW_OP_ABCST = 6'h38;
localparam logic [5:0] VLIW_FN_ABCST = 6'h08;
localparam logic [31:0] VLIW_MATCH_ABCST = 32'he0000008;
localparam logic [31:0] VLIW_MASK_ABCST = 32'hfc00ffff;
localparam logic [5:0] VLIW_OP_SRS = 6'h38;
localparam logic [5:0] VLIW_FN_SRS = 6'h09;
localparam logic [31:0] VLIW_MATCH_SRS = 32'he0000009;
localparam logic [31:0] VLIW_MASK_SRS = 32'hfc00ffff;
localparam logic [5:0] VLIW_OP_UPS = 6'h38;
localparam logic [5:0] VLIW_FN_UPS = 6'h0a;
localparam logic [31:0] VLIW_MATCH_UPS = 32'he000000a;
localparam logic [31:0] VLIW_MASK_UPS = 32'hfc00ffff;
localparam logic [5:0] VLIW_OP_SRS_I16 = 6'h38;
localparam logic [5:0] VLIW_FN_SRS_I16 = 6'h0b;
localparam logic [31:0] VLIW_MATCH_SRS_I16 = 32'he000000b;
localparam logic [31:0] VLIW_MASK_SRS_I16 = 32'hfc00f83f;
localparam logic [5:0] VLIW_OP_UPS_I16 = 6'h38;
localparam logic [5:0] VLIW_FN_UPS_I16 = 6'h0c;
localparam logic [31:0] VLIW_MATCH_UPS_I16 = 32'he000000c;
localparam logic [31:0] VLIW_MASK_UPS_I16 = 32'hfc00f83f;
localparam logic [5:0] VLIW_OP_VEXT = 6'h38;
localparam logic [5:0] VLIW_FN_VEXT = 6'h0d;
localparam logic [31:0] VLIW_MATCH_VEXT = 32'he000000d;
localparam logic [31:0] VLIW_MASK_VEXT = 32'hfc00f83f;
localparam logic [5:0] VLIW_OP_AEXT = 6'h38;
localparam logic [5:0] VLIW_FN_AEXT = 6'h0e;
localparam logic [31:0] VLIW_MATCH_AEXT = 32'he000000e;
localparam logic [31:0] VLIW_MASK_AEXT = 32'hfc00f83f;
localparam logic [5:0] VLIW_OP_VINS = 6'h38;
localparam logic [5:0] VLIW_FN_VINS = 6'h0f;
localparam logic [31:0] VLIW_MATCH_VINS = 32'he000000f;
localparam logic [31:0] VLIW_MASK_VINS = 32'hfc00f83f;
localparam logic [5:0] VLIW_OP_MOVI = 6'h39;
localparam logic [31:0] VLIW_MATCH_MOVI = 32'he4000000;
localparam logic [31:0] VLIW_MASK_MOVI = 32'hfc1f0000;
localparam logic [5:0] VLIW_OP_MOVI_P = 6'h3a;
localparam logic [31:0] VLIW_MATCH_MOVI_P = 32'he8000000;
localparam logic [31:0] VLIW_MASK_MOVI_P = 32'hfc100000;
localparam logic [5:0] VLIW_OP_MOVI_M = 6'h3b;
localparam logic [31:0] VLIW_MATCH_MOVI_M = 32'hec000000;
localparam logic [31:0] VLIW_MASK_MOVI_M = 32'hfc1f0000;

// Legal instruction: (word & MASK) == MATCH for one row, and every operand in the range
// the assembler accepts (registers that exist, narrower immediate ranges). Anything else
// is an illegal instruction.
function automatic vliw_isa_legal(input [31:0] w);
    vliw_isa_legal =
        ((w & VLIW_MASK_NOP) == VLIW_MATCH_NOP) ||
        ((w & VLIW_MASK_ADD) == VLIW_MATCH_ADD && w[VLIW_F_D_HI:VLIW_F_D_LO] <= 5'd15 && w[VLIW_F_A_HI:VLIW_F_A_LO] <= 5'd15 && w[VLIW_F_B_HI:VLIW_F_B_LO] <= 5'd15) ||
        ((w & VLIW_MASK_SUB) == VLIW_MATCH_SUB && w[VLIW_F_D_HI:VLIW_F_D_LO] <= 5'd15 && w[VLIW_F_A_HI:VLIW_F_A_LO] <= 5'd15 && w[VLIW_F_B_HI:VLIW_F_B_LO] <= 5'd15) ||
        ((w & VLIW_MASK_AND) == VLIW_MATCH_AND && w[VLIW_F_D_HI:VLIW_F_D_LO] <= 5'd15 && w[VLIW_F_A_HI:VLIW_F_A_LO] <= 5'd15 && w[VLIW_F_B_HI:VLIW_F_B_LO] <= 5'd15) ||
        ((w & VLIW_MASK_OR) == VLIW_MATCH_OR && w[VLIW_F_D_HI:VLIW_F_D_LO] <= 5'd15 && w[VLIW_F_A_HI:VLIW_F_A_LO] <= 5'd15 && w[VLIW_F_B_HI:VLIW_F_B_LO] <= 5'd15) ||
        ((w & VLIW_MASK_XOR) == VLIW_MATCH_XOR && w[VLIW_F_D_HI:VLIW_F_D_LO] <= 5'd15 && w[VLIW_F_A_HI:VLIW_F_A_LO] <= 5'd15 && w[VLIW_F_B_HI:VLIW_F_B_LO] <= 5'd15) ||
        ((w & VLIW_MASK_SLL) == VLIW_MATCH_SLL && w[VLIW_F_D_HI:VLIW_F_D_LO] <= 5'd15 && w[VLIW_F_A_HI:VLIW_F_A_LO] <= 5'd15 && w[VLIW_F_B_HI:VLIW_F_B_LO] <= 5'd15) ||
        ((w & VLIW_MASK_SRL) == VLIW_MATCH_SRL && w[VLIW_F_D_HI:VLIW_F_D_LO] <= 5'd15 && w[VLIW_F_A_HI:VLIW_F_A_LO] <= 5'd15 && w[VLIW_F_B_HI:VLIW_F_B_LO] <= 5'd15) ||
        ((w & VLIW_MASK_SRA) == VLIW_MATCH_SRA && w[VLIW_F_D_HI:VLIW_F_D_LO] <= 5'd15 && w[VLIW_F_A_HI:VLIW_F_A_LO] <= 5'd15 && w[VLIW_F_B_HI:VLIW_F_B_LO] <= 5'd15) ||
        ((w & VLIW_MASK_SLT) == VLIW_MATCH_SLT && w[VLIW_F_D_HI:VLIW_F_D_LO] <= 5'd15 && w[VLIW_F_A_HI:VLIW_F_A_LO] <= 5'd15 && w[VLIW_F_B_HI:VLIW_F_B_LO] <= 5'd15) ||
        ((w & VLIW_MASK_SLTU) == VLIW_MATCH_SLTU && w[VLIW_F_D_HI:VLIW_F_D_LO] <= 5'd15 && w[VLIW_F_A_HI:VLIW_F_A_LO] <= 5'd15 && w[VLIW_F_B_HI:VLIW_F_B_LO] <= 5'd15) ||
        ((w & VLIW_MASK_MUL) == VLIW_MATCH_MUL && w[VLIW_F_D_HI:VLIW_F_D_LO] <= 5'd15 && w[VLIW_F_A_HI:VLIW_F_A_LO] <= 5'd15 && w[VLIW_F_B_HI:VLIW_F_B_LO] <= 5'd15) ||
        ((w & VLIW_MASK_ADDI) == VLIW_MATCH_ADDI && w[VLIW_F_D_HI:VLIW_F_D_LO] <= 5'd15 && w[VLIW_F_A_HI:VLIW_F_A_LO] <= 5'd15) ||
        ((w & VLIW_MASK_ANDI) == VLIW_MATCH_ANDI && w[VLIW_F_D_HI:VLIW_F_D_LO] <= 5'd15 && w[VLIW_F_A_HI:VLIW_F_A_LO] <= 5'd15) ||
        ((w & VLIW_MASK_ORI) == VLIW_MATCH_ORI && w[VLIW_F_D_HI:VLIW_F_D_LO] <= 5'd15 && w[VLIW_F_A_HI:VLIW_F_A_LO] <= 5'd15) ||
        ((w & VLIW_MASK_XORI) == VLIW_MATCH_XORI && w[VLIW_F_D_HI:VLIW_F_D_LO] <= 5'd15 && w[VLIW_F_A_HI:VLIW_F_A_LO] <= 5'd15) ||
        ((w & VLIW_MASK_SLTI) == VLIW_MATCH_SLTI && w[VLIW_F_D_HI:VLIW_F_D_LO] <= 5'd15 && w[VLIW_F_A_HI:VLIW_F_A_LO] <= 5'd15) ||
        ((w & VLIW_MASK_LUI) == VLIW_MATCH_LUI && w[VLIW_F_D_HI:VLIW_F_D_LO] <= 5'd15) ||
        ((w & VLIW_MASK_SLLI) == VLIW_MATCH_SLLI && w[VLIW_F_D_HI:VLIW_F_D_LO] <= 5'd15 && w[VLIW_F_A_HI:VLIW_F_A_LO] <= 5'd15) ||
        ((w & VLIW_MASK_SRLI) == VLIW_MATCH_SRLI && w[VLIW_F_D_HI:VLIW_F_D_LO] <= 5'd15 && w[VLIW_F_A_HI:VLIW_F_A_LO] <= 5'd15) ||
        ((w & VLIW_MASK_SRAI) == VLIW_MATCH_SRAI && w[VLIW_F_D_HI:VLIW_F_D_LO] <= 5'd15 && w[VLIW_F_A_HI:VLIW_F_A_LO] <= 5'd15) ||
        ((w & VLIW_MASK_PADD) == VLIW_MATCH_PADD && w[VLIW_F_D_HI:VLIW_F_D_LO] <= 5'd7) ||
        ((w & VLIW_MASK_PADD_M) == VLIW_MATCH_PADD_M && w[VLIW_F_D_HI:VLIW_F_D_LO] <= 5'd7 && w[VLIW_F_B_HI:VLIW_F_B_LO] <= 5'd7) ||
        ((w & VLIW_MASK_BEQ) == VLIW_MATCH_BEQ && w[VLIW_F_A_HI:VLIW_F_A_LO] <= 5'd15 && w[VLIW_F_B_HI:VLIW_F_B_LO] <= 5'd15) ||
        ((w & VLIW_MASK_BNE) == VLIW_MATCH_BNE && w[VLIW_F_A_HI:VLIW_F_A_LO] <= 5'd15 && w[VLIW_F_B_HI:VLIW_F_B_LO] <= 5'd15) ||
        ((w & VLIW_MASK_BLT) == VLIW_MATCH_BLT && w[VLIW_F_A_HI:VLIW_F_A_LO] <= 5'd15 && w[VLIW_F_B_HI:VLIW_F_B_LO] <= 5'd15) ||
        ((w & VLIW_MASK_BGE) == VLIW_MATCH_BGE && w[VLIW_F_A_HI:VLIW_F_A_LO] <= 5'd15 && w[VLIW_F_B_HI:VLIW_F_B_LO] <= 5'd15) ||
        ((w & VLIW_MASK_BLTU) == VLIW_MATCH_BLTU && w[VLIW_F_A_HI:VLIW_F_A_LO] <= 5'd15 && w[VLIW_F_B_HI:VLIW_F_B_LO] <= 5'd15) ||
        ((w & VLIW_MASK_BGEU) == VLIW_MATCH_BGEU && w[VLIW_F_A_HI:VLIW_F_A_LO] <= 5'd15 && w[VLIW_F_B_HI:VLIW_F_B_LO] <= 5'd15) ||
        ((w & VLIW_MASK_BEQZ) == VLIW_MATCH_BEQZ && w[VLIW_F_A_HI:VLIW_F_A_LO] <= 5'd15) ||
        ((w & VLIW_MASK_BNEZ) == VLIW_MATCH_BNEZ && w[VLIW_F_A_HI:VLIW_F_A_LO] <= 5'd15) ||
        ((w & VLIW_MASK_J) == VLIW_MATCH_J) ||
        ((w & VLIW_MASK_JAL) == VLIW_MATCH_JAL && w[VLIW_F_D_HI:VLIW_F_D_LO] <= 5'd15) ||
        ((w & VLIW_MASK_JR) == VLIW_MATCH_JR && w[VLIW_F_A_HI:VLIW_F_A_LO] <= 5'd15) ||
        ((w & VLIW_MASK_LOOP) == VLIW_MATCH_LOOP && w[VLIW_F_A_HI:VLIW_F_A_LO] <= 5'd15) ||
        ((w & VLIW_MASK_LOOPI) == VLIW_MATCH_LOOPI && w[VLIW_F_CNT10_HI:VLIW_F_CNT10_LO] >= 10'd1) ||
        ((w & VLIW_MASK_HALT) == VLIW_MATCH_HALT) ||
        ((w & VLIW_MASK_ACQ) == VLIW_MATCH_ACQ) ||
        ((w & VLIW_MASK_REL) == VLIW_MATCH_REL) ||
        ((w & VLIW_MASK_DMA_START) == VLIW_MATCH_DMA_START && w[VLIW_F_D_HI:VLIW_F_D_LO] <= 5'd1 && w[VLIW_F_A_HI:VLIW_F_A_LO] <= 5'd15) ||
        ((w & VLIW_MASK_DMA_WAIT) == VLIW_MATCH_DMA_WAIT && w[VLIW_F_D_HI:VLIW_F_D_LO] <= 5'd1) ||
        ((w & VLIW_MASK_BD_SET) == VLIW_MATCH_BD_SET && w[VLIW_F_D_HI:VLIW_F_D_LO] <= 5'd15 && w[VLIW_F_C_HI:VLIW_F_C_LO] >= 5'd16 && w[VLIW_F_C_HI:VLIW_F_C_LO] <= 5'd27 && w[VLIW_F_A_HI:VLIW_F_A_LO] <= 5'd15) ||
        ((w & VLIW_MASK_VLD) == VLIW_MATCH_VLD && w[VLIW_F_D_HI:VLIW_F_D_LO] <= 5'd15 && w[VLIW_F_A_HI:VLIW_F_A_LO] <= 5'd7) ||
        ((w & VLIW_MASK_VLD_PI) == VLIW_MATCH_VLD_PI && w[VLIW_F_D_HI:VLIW_F_D_LO] <= 5'd15 && w[VLIW_F_A_HI:VLIW_F_A_LO] <= 5'd7) ||
        ((w & VLIW_MASK_VLD_PM) == VLIW_MATCH_VLD_PM && w[VLIW_F_D_HI:VLIW_F_D_LO] <= 5'd15 && w[VLIW_F_A_HI:VLIW_F_A_LO] <= 5'd7 && w[VLIW_F_B_HI:VLIW_F_B_LO] <= 5'd7) ||
        ((w & VLIW_MASK_LD) == VLIW_MATCH_LD && w[VLIW_F_D_HI:VLIW_F_D_LO] <= 5'd15 && w[VLIW_F_A_HI:VLIW_F_A_LO] <= 5'd7) ||
        ((w & VLIW_MASK_LD_PI) == VLIW_MATCH_LD_PI && w[VLIW_F_D_HI:VLIW_F_D_LO] <= 5'd15 && w[VLIW_F_A_HI:VLIW_F_A_LO] <= 5'd7) ||
        ((w & VLIW_MASK_LD_PM) == VLIW_MATCH_LD_PM && w[VLIW_F_D_HI:VLIW_F_D_LO] <= 5'd15 && w[VLIW_F_A_HI:VLIW_F_A_LO] <= 5'd7 && w[VLIW_F_B_HI:VLIW_F_B_LO] <= 5'd7) ||
        ((w & VLIW_MASK_VST) == VLIW_MATCH_VST && w[VLIW_F_D_HI:VLIW_F_D_LO] <= 5'd15 && w[VLIW_F_A_HI:VLIW_F_A_LO] <= 5'd7) ||
        ((w & VLIW_MASK_VST_PI) == VLIW_MATCH_VST_PI && w[VLIW_F_D_HI:VLIW_F_D_LO] <= 5'd15 && w[VLIW_F_A_HI:VLIW_F_A_LO] <= 5'd7) ||
        ((w & VLIW_MASK_VST_PM) == VLIW_MATCH_VST_PM && w[VLIW_F_D_HI:VLIW_F_D_LO] <= 5'd15 && w[VLIW_F_A_HI:VLIW_F_A_LO] <= 5'd7 && w[VLIW_F_B_HI:VLIW_F_B_LO] <= 5'd7) ||
        ((w & VLIW_MASK_ST) == VLIW_MATCH_ST && w[VLIW_F_D_HI:VLIW_F_D_LO] <= 5'd15 && w[VLIW_F_A_HI:VLIW_F_A_LO] <= 5'd7) ||
        ((w & VLIW_MASK_ST_PI) == VLIW_MATCH_ST_PI && w[VLIW_F_D_HI:VLIW_F_D_LO] <= 5'd15 && w[VLIW_F_A_HI:VLIW_F_A_LO] <= 5'd7) ||
        ((w & VLIW_MASK_ST_PM) == VLIW_MATCH_ST_PM && w[VLIW_F_D_HI:VLIW_F_D_LO] <= 5'd15 && w[VLIW_F_A_HI:VLIW_F_A_LO] <= 5'd7 && w[VLIW_F_B_HI:VLIW_F_B_LO] <= 5'd7) ||
        ((w & VLIW_MASK_VMMAC) == VLIW_MATCH_VMMAC && w[VLIW_F_D_HI:VLIW_F_D_LO] <= 5'd7 && w[VLIW_F_A_HI:VLIW_F_A_LO] <= 5'd15 && w[VLIW_F_B_HI:VLIW_F_B_LO] <= 5'd15) ||
        ((w & VLIW_MASK_VMMUL) == VLIW_MATCH_VMMUL && w[VLIW_F_D_HI:VLIW_F_D_LO] <= 5'd7 && w[VLIW_F_A_HI:VLIW_F_A_LO] <= 5'd15 && w[VLIW_F_B_HI:VLIW_F_B_LO] <= 5'd15) ||
        ((w & VLIW_MASK_VMAC) == VLIW_MATCH_VMAC && w[VLIW_F_D_HI:VLIW_F_D_LO] <= 5'd7 && w[VLIW_F_A_HI:VLIW_F_A_LO] <= 5'd15 && w[VLIW_F_B_HI:VLIW_F_B_LO] <= 5'd15) ||
        ((w & VLIW_MASK_VMSC) == VLIW_MATCH_VMSC && w[VLIW_F_D_HI:VLIW_F_D_LO] <= 5'd7 && w[VLIW_F_A_HI:VLIW_F_A_LO] <= 5'd15 && w[VLIW_F_B_HI:VLIW_F_B_LO] <= 5'd15) ||
        ((w & VLIW_MASK_VMUL) == VLIW_MATCH_VMUL && w[VLIW_F_D_HI:VLIW_F_D_LO] <= 5'd7 && w[VLIW_F_A_HI:VLIW_F_A_LO] <= 5'd15 && w[VLIW_F_B_HI:VLIW_F_B_LO] <= 5'd15) ||
        ((w & VLIW_MASK_VMAC_I16) == VLIW_MATCH_VMAC_I16 && w[VLIW_F_D_HI:VLIW_F_D_LO] <= 5'd7 && w[VLIW_F_A_HI:VLIW_F_A_LO] <= 5'd15 && w[VLIW_F_B_HI:VLIW_F_B_LO] <= 5'd15) ||
        ((w & VLIW_MASK_VMSC_I16) == VLIW_MATCH_VMSC_I16 && w[VLIW_F_D_HI:VLIW_F_D_LO] <= 5'd7 && w[VLIW_F_A_HI:VLIW_F_A_LO] <= 5'd15 && w[VLIW_F_B_HI:VLIW_F_B_LO] <= 5'd15) ||
        ((w & VLIW_MASK_VMUL_I16) == VLIW_MATCH_VMUL_I16 && w[VLIW_F_D_HI:VLIW_F_D_LO] <= 5'd7 && w[VLIW_F_A_HI:VLIW_F_A_LO] <= 5'd15 && w[VLIW_F_B_HI:VLIW_F_B_LO] <= 5'd15) ||
        ((w & VLIW_MASK_AADD) == VLIW_MATCH_AADD && w[VLIW_F_D_HI:VLIW_F_D_LO] <= 5'd7 && w[VLIW_F_A_HI:VLIW_F_A_LO] <= 5'd7 && w[VLIW_F_B_HI:VLIW_F_B_LO] <= 5'd7) ||
        ((w & VLIW_MASK_ASUB) == VLIW_MATCH_ASUB && w[VLIW_F_D_HI:VLIW_F_D_LO] <= 5'd7 && w[VLIW_F_A_HI:VLIW_F_A_LO] <= 5'd7 && w[VLIW_F_B_HI:VLIW_F_B_LO] <= 5'd7) ||
        ((w & VLIW_MASK_AMUL) == VLIW_MATCH_AMUL && w[VLIW_F_D_HI:VLIW_F_D_LO] <= 5'd7 && w[VLIW_F_A_HI:VLIW_F_A_LO] <= 5'd7 && w[VLIW_F_B_HI:VLIW_F_B_LO] <= 5'd7) ||
        ((w & VLIW_MASK_AMAX) == VLIW_MATCH_AMAX && w[VLIW_F_D_HI:VLIW_F_D_LO] <= 5'd7 && w[VLIW_F_A_HI:VLIW_F_A_LO] <= 5'd7 && w[VLIW_F_B_HI:VLIW_F_B_LO] <= 5'd7) ||
        ((w & VLIW_MASK_AMIN) == VLIW_MATCH_AMIN && w[VLIW_F_D_HI:VLIW_F_D_LO] <= 5'd7 && w[VLIW_F_A_HI:VLIW_F_A_LO] <= 5'd7 && w[VLIW_F_B_HI:VLIW_F_B_LO] <= 5'd7) ||
        ((w & VLIW_MASK_ALT) == VLIW_MATCH_ALT && w[VLIW_F_D_HI:VLIW_F_D_LO] <= 5'd7 && w[VLIW_F_A_HI:VLIW_F_A_LO] <= 5'd7 && w[VLIW_F_B_HI:VLIW_F_B_LO] <= 5'd7) ||
        ((w & VLIW_MASK_ASEL) == VLIW_MATCH_ASEL && w[VLIW_F_D_HI:VLIW_F_D_LO] <= 5'd7 && w[VLIW_F_A_HI:VLIW_F_A_LO] <= 5'd7 && w[VLIW_F_B_HI:VLIW_F_B_LO] <= 5'd7 && w[VLIW_F_C_HI:VLIW_F_C_LO] <= 5'd15) ||
        ((w & VLIW_MASK_AIOTA) == VLIW_MATCH_AIOTA && w[VLIW_F_D_HI:VLIW_F_D_LO] <= 5'd7) ||
        ((w & VLIW_MASK_AEXP) == VLIW_MATCH_AEXP && w[VLIW_F_D_HI:VLIW_F_D_LO] <= 5'd7 && w[VLIW_F_A_HI:VLIW_F_A_LO] <= 5'd7) ||
        ((w & VLIW_MASK_ARCP) == VLIW_MATCH_ARCP && w[VLIW_F_D_HI:VLIW_F_D_LO] <= 5'd7 && w[VLIW_F_A_HI:VLIW_F_A_LO] <= 5'd7) ||
        ((w & VLIW_MASK_ARSQRT) == VLIW_MATCH_ARSQRT && w[VLIW_F_D_HI:VLIW_F_D_LO] <= 5'd7 && w[VLIW_F_A_HI:VLIW_F_A_LO] <= 5'd7) ||
        ((w & VLIW_MASK_AREDSUM) == VLIW_MATCH_AREDSUM && w[VLIW_F_D_HI:VLIW_F_D_LO] <= 5'd7 && w[VLIW_F_A_HI:VLIW_F_A_LO] <= 5'd7) ||
        ((w & VLIW_MASK_AREDMAX) == VLIW_MATCH_AREDMAX && w[VLIW_F_D_HI:VLIW_F_D_LO] <= 5'd7 && w[VLIW_F_A_HI:VLIW_F_A_LO] <= 5'd7) ||
        ((w & VLIW_MASK_VTRN) == VLIW_MATCH_VTRN && w[VLIW_F_D_HI:VLIW_F_D_LO] <= 5'd15 && w[VLIW_F_A_HI:VLIW_F_A_LO] <= 5'd15) ||
        ((w & VLIW_MASK_VCATLO) == VLIW_MATCH_VCATLO && w[VLIW_F_D_HI:VLIW_F_D_LO] <= 5'd15 && w[VLIW_F_A_HI:VLIW_F_A_LO] <= 5'd15 && w[VLIW_F_B_HI:VLIW_F_B_LO] <= 5'd15) ||
        ((w & VLIW_MASK_VCATHI) == VLIW_MATCH_VCATHI && w[VLIW_F_D_HI:VLIW_F_D_LO] <= 5'd15 && w[VLIW_F_A_HI:VLIW_F_A_LO] <= 5'd15 && w[VLIW_F_B_HI:VLIW_F_B_LO] <= 5'd15) ||
        ((w & VLIW_MASK_VSPLAT) == VLIW_MATCH_VSPLAT && w[VLIW_F_D_HI:VLIW_F_D_LO] <= 5'd15 && w[VLIW_F_A_HI:VLIW_F_A_LO] <= 5'd15 && w[VLIW_F_C_HI:VLIW_F_C_LO] <= 5'd15) ||
        ((w & VLIW_MASK_VSEL) == VLIW_MATCH_VSEL && w[VLIW_F_D_HI:VLIW_F_D_LO] <= 5'd15 && w[VLIW_F_A_HI:VLIW_F_A_LO] <= 5'd15 && w[VLIW_F_B_HI:VLIW_F_B_LO] <= 5'd15 && w[VLIW_F_C_HI:VLIW_F_C_LO] <= 5'd15) ||
        ((w & VLIW_MASK_MOV) == VLIW_MATCH_MOV && w[VLIW_F_D_HI:VLIW_F_D_LO] <= 5'd15 && w[VLIW_F_A_HI:VLIW_F_A_LO] <= 5'd15) ||
        ((w & VLIW_MASK_MOV_PR) == VLIW_MATCH_MOV_PR && w[VLIW_F_D_HI:VLIW_F_D_LO] <= 5'd7 && w[VLIW_F_A_HI:VLIW_F_A_LO] <= 5'd15) ||
        ((w & VLIW_MASK_MOV_MR) == VLIW_MATCH_MOV_MR && w[VLIW_F_D_HI:VLIW_F_D_LO] <= 5'd7 && w[VLIW_F_A_HI:VLIW_F_A_LO] <= 5'd15) ||
        ((w & VLIW_MASK_MOV_RP) == VLIW_MATCH_MOV_RP && w[VLIW_F_D_HI:VLIW_F_D_LO] <= 5'd15 && w[VLIW_F_A_HI:VLIW_F_A_LO] <= 5'd7) ||
        ((w & VLIW_MASK_MOV_RS) == VLIW_MATCH_MOV_RS && w[VLIW_F_D_HI:VLIW_F_D_LO] <= 5'd15 && w[VLIW_F_A_HI:VLIW_F_A_LO] <= 5'd5) ||
        ((w & VLIW_MASK_VMOV) == VLIW_MATCH_VMOV && w[VLIW_F_D_HI:VLIW_F_D_LO] <= 5'd15 && w[VLIW_F_A_HI:VLIW_F_A_LO] <= 5'd15) ||
        ((w & VLIW_MASK_AMOV) == VLIW_MATCH_AMOV && w[VLIW_F_D_HI:VLIW_F_D_LO] <= 5'd7 && w[VLIW_F_A_HI:VLIW_F_A_LO] <= 5'd7) ||
        ((w & VLIW_MASK_VBCST) == VLIW_MATCH_VBCST && w[VLIW_F_D_HI:VLIW_F_D_LO] <= 5'd15 && w[VLIW_F_A_HI:VLIW_F_A_LO] <= 5'd15) ||
        ((w & VLIW_MASK_ABCST) == VLIW_MATCH_ABCST && w[VLIW_F_D_HI:VLIW_F_D_LO] <= 5'd7 && w[VLIW_F_A_HI:VLIW_F_A_LO] <= 5'd15) ||
        ((w & VLIW_MASK_SRS) == VLIW_MATCH_SRS && w[VLIW_F_D_HI:VLIW_F_D_LO] <= 5'd15 && w[VLIW_F_A_HI:VLIW_F_A_LO] <= 5'd7) ||
        ((w & VLIW_MASK_UPS) == VLIW_MATCH_UPS && w[VLIW_F_D_HI:VLIW_F_D_LO] <= 5'd7 && w[VLIW_F_A_HI:VLIW_F_A_LO] <= 5'd15) ||
        ((w & VLIW_MASK_SRS_I16) == VLIW_MATCH_SRS_I16 && w[VLIW_F_D_HI:VLIW_F_D_LO] <= 5'd15 && w[VLIW_F_A_HI:VLIW_F_A_LO] <= 5'd7) ||
        ((w & VLIW_MASK_UPS_I16) == VLIW_MATCH_UPS_I16 && w[VLIW_F_D_HI:VLIW_F_D_LO] <= 5'd7 && w[VLIW_F_A_HI:VLIW_F_A_LO] <= 5'd15) ||
        ((w & VLIW_MASK_VEXT) == VLIW_MATCH_VEXT && w[VLIW_F_D_HI:VLIW_F_D_LO] <= 5'd15 && w[VLIW_F_A_HI:VLIW_F_A_LO] <= 5'd15 && w[VLIW_F_C_HI:VLIW_F_C_LO] <= 5'd15) ||
        ((w & VLIW_MASK_AEXT) == VLIW_MATCH_AEXT && w[VLIW_F_D_HI:VLIW_F_D_LO] <= 5'd15 && w[VLIW_F_A_HI:VLIW_F_A_LO] <= 5'd7 && w[VLIW_F_C_HI:VLIW_F_C_LO] <= 5'd15) ||
        ((w & VLIW_MASK_VINS) == VLIW_MATCH_VINS && w[VLIW_F_D_HI:VLIW_F_D_LO] <= 5'd15 && w[VLIW_F_A_HI:VLIW_F_A_LO] <= 5'd15 && w[VLIW_F_C_HI:VLIW_F_C_LO] <= 5'd15) ||
        ((w & VLIW_MASK_MOVI) == VLIW_MATCH_MOVI && w[VLIW_F_D_HI:VLIW_F_D_LO] <= 5'd15) ||
        ((w & VLIW_MASK_MOVI_P) == VLIW_MATCH_MOVI_P && w[VLIW_F_D_HI:VLIW_F_D_LO] <= 5'd7) ||
        ((w & VLIW_MASK_MOVI_M) == VLIW_MATCH_MOVI_M && w[VLIW_F_D_HI:VLIW_F_D_LO] <= 5'd7);
endfunction

// Bundle: 7 slot words, slot s in bits [32*s +: 32]. Slot classes: the slots
// first .. first+count-1 of the bundle.
localparam int VLIW_CLASS_S = 0;  // scalar ALU, branches, hardware loops, locks, DMA control, halt
localparam int VLIW_CLASS_S_FIRST = 0;
localparam int VLIW_CLASS_S_COUNT = 1;
localparam int VLIW_CLASS_LD = 1;  // loads (vector 256-bit or scalar 32-bit) through pointer registers: L0, then L1
localparam int VLIW_CLASS_LD_FIRST = 1;
localparam int VLIW_CLASS_LD_COUNT = 2;
localparam int VLIW_CLASS_ST = 2;  // stores (vector or scalar)
localparam int VLIW_CLASS_ST_FIRST = 3;
localparam int VLIW_CLASS_ST_COUNT = 1;
localparam int VLIW_CLASS_MAC = 3;  // vector MAC unit: bf16 x bf16 -> fp32, int16 x int16 -> int32
localparam int VLIW_CLASS_MAC_FIRST = 4;
localparam int VLIW_CLASS_MAC_COUNT = 1;
localparam int VLIW_CLASS_VEC = 4;  // vector ALU, shuffles, accumulator ALU, special functions, reductions
localparam int VLIW_CLASS_VEC_FIRST = 5;
localparam int VLIW_CLASS_VEC_COUNT = 1;
localparam int VLIW_CLASS_MV = 5;  // moves between register files, immediates, broadcast, srs/ups
localparam int VLIW_CLASS_MV_FIRST = 6;
localparam int VLIW_CLASS_MV_COUNT = 1;

// Per row: its slot class (-1: every slot) and the latency of each register it
// writes (LAT_<ROW>_<FIELD>; a result of latency L from bundle k is visible to
// bundle k+L and later). LAT_<ROW> is the largest.
localparam int VLIW_SLOTCLASS_NOP = -1;
localparam int VLIW_LAT_NOP = 1;
localparam int VLIW_SLOTCLASS_ADD = 0;
localparam int VLIW_LAT_ADD = 1;
localparam int VLIW_LAT_ADD_D = 1;
localparam int VLIW_SLOTCLASS_SUB = 0;
localparam int VLIW_LAT_SUB = 1;
localparam int VLIW_LAT_SUB_D = 1;
localparam int VLIW_SLOTCLASS_AND = 0;
localparam int VLIW_LAT_AND = 1;
localparam int VLIW_LAT_AND_D = 1;
localparam int VLIW_SLOTCLASS_OR = 0;
localparam int VLIW_LAT_OR = 1;
localparam int VLIW_LAT_OR_D = 1;
localparam int VLIW_SLOTCLASS_XOR = 0;
localparam int VLIW_LAT_XOR = 1;
localparam int VLIW_LAT_XOR_D = 1;
localparam int VLIW_SLOTCLASS_SLL = 0;
localparam int VLIW_LAT_SLL = 1;
localparam int VLIW_LAT_SLL_D = 1;
localparam int VLIW_SLOTCLASS_SRL = 0;
localparam int VLIW_LAT_SRL = 1;
localparam int VLIW_LAT_SRL_D = 1;
localparam int VLIW_SLOTCLASS_SRA = 0;
localparam int VLIW_LAT_SRA = 1;
localparam int VLIW_LAT_SRA_D = 1;
localparam int VLIW_SLOTCLASS_SLT = 0;
localparam int VLIW_LAT_SLT = 1;
localparam int VLIW_LAT_SLT_D = 1;
localparam int VLIW_SLOTCLASS_SLTU = 0;
localparam int VLIW_LAT_SLTU = 1;
localparam int VLIW_LAT_SLTU_D = 1;
localparam int VLIW_SLOTCLASS_MUL = 0;
localparam int VLIW_LAT_MUL = 2;
localparam int VLIW_LAT_MUL_D = 2;
localparam int VLIW_SLOTCLASS_ADDI = 0;
localparam int VLIW_LAT_ADDI = 1;
localparam int VLIW_LAT_ADDI_D = 1;
localparam int VLIW_SLOTCLASS_ANDI = 0;
localparam int VLIW_LAT_ANDI = 1;
localparam int VLIW_LAT_ANDI_D = 1;
localparam int VLIW_SLOTCLASS_ORI = 0;
localparam int VLIW_LAT_ORI = 1;
localparam int VLIW_LAT_ORI_D = 1;
localparam int VLIW_SLOTCLASS_XORI = 0;
localparam int VLIW_LAT_XORI = 1;
localparam int VLIW_LAT_XORI_D = 1;
localparam int VLIW_SLOTCLASS_SLTI = 0;
localparam int VLIW_LAT_SLTI = 1;
localparam int VLIW_LAT_SLTI_D = 1;
localparam int VLIW_SLOTCLASS_LUI = 0;
localparam int VLIW_LAT_LUI = 1;
localparam int VLIW_LAT_LUI_D = 1;
localparam int VLIW_SLOTCLASS_SLLI = 0;
localparam int VLIW_LAT_SLLI = 1;
localparam int VLIW_LAT_SLLI_D = 1;
localparam int VLIW_SLOTCLASS_SRLI = 0;
localparam int VLIW_LAT_SRLI = 1;
localparam int VLIW_LAT_SRLI_D = 1;
localparam int VLIW_SLOTCLASS_SRAI = 0;
localparam int VLIW_LAT_SRAI = 1;
localparam int VLIW_LAT_SRAI_D = 1;
localparam int VLIW_SLOTCLASS_PADD = 0;
localparam int VLIW_LAT_PADD = 1;
localparam int VLIW_LAT_PADD_D = 1;  // also read (read-modify-write)
localparam int VLIW_SLOTCLASS_PADD_M = 0;
localparam int VLIW_LAT_PADD_M = 1;
localparam int VLIW_LAT_PADD_M_D = 1;  // also read (read-modify-write)
localparam int VLIW_SLOTCLASS_BEQ = 0;
localparam int VLIW_LAT_BEQ = 1;
localparam int VLIW_SLOTCLASS_BNE = 0;
localparam int VLIW_LAT_BNE = 1;
localparam int VLIW_SLOTCLASS_BLT = 0;
localparam int VLIW_LAT_BLT = 1;
localparam int VLIW_SLOTCLASS_BGE = 0;
localparam int VLIW_LAT_BGE = 1;
localparam int VLIW_SLOTCLASS_BLTU = 0;
localparam int VLIW_LAT_BLTU = 1;
localparam int VLIW_SLOTCLASS_BGEU = 0;
localparam int VLIW_LAT_BGEU = 1;
localparam int VLIW_SLOTCLASS_BEQZ = 0;
localparam int VLIW_LAT_BEQZ = 1;
localparam int VLIW_SLOTCLASS_BNEZ = 0;
localparam int VLIW_LAT_BNEZ = 1;
localparam int VLIW_SLOTCLASS_J = 0;
localparam int VLIW_LAT_J = 1;
localparam int VLIW_SLOTCLASS_JAL = 0;
localparam int VLIW_LAT_JAL = 1;
localparam int VLIW_LAT_JAL_D = 1;
localparam int VLIW_SLOTCLASS_JR = 0;
localparam int VLIW_LAT_JR = 1;
localparam int VLIW_SLOTCLASS_LOOP = 0;
localparam int VLIW_LAT_LOOP = 1;
localparam int VLIW_SLOTCLASS_LOOPI = 0;
localparam int VLIW_LAT_LOOPI = 1;
localparam int VLIW_SLOTCLASS_HALT = 0;
localparam int VLIW_LAT_HALT = 1;
localparam int VLIW_SLOTCLASS_ACQ = 0;
localparam int VLIW_LAT_ACQ = 1;
localparam int VLIW_SLOTCLASS_REL = 0;
localparam int VLIW_LAT_REL = 1;
localparam int VLIW_SLOTCLASS_DMA_START = 0;
localparam int VLIW_LAT_DMA_START = 1;
localparam int VLIW_SLOTCLASS_DMA_WAIT = 0;
localparam int VLIW_LAT_DMA_WAIT = 1;
localparam int VLIW_SLOTCLASS_BD_SET = 0;
localparam int VLIW_LAT_BD_SET = 1;
localparam int VLIW_SLOTCLASS_VLD = 1;
localparam int VLIW_LAT_VLD = 3;
localparam int VLIW_LAT_VLD_D = 3;
localparam int VLIW_SLOTCLASS_VLD_PI = 1;
localparam int VLIW_LAT_VLD_PI = 3;
localparam int VLIW_LAT_VLD_PI_D = 3;
localparam int VLIW_LAT_VLD_PI_A = 1;  // also read (read-modify-write)
localparam int VLIW_SLOTCLASS_VLD_PM = 1;
localparam int VLIW_LAT_VLD_PM = 3;
localparam int VLIW_LAT_VLD_PM_D = 3;
localparam int VLIW_LAT_VLD_PM_A = 1;  // also read (read-modify-write)
localparam int VLIW_SLOTCLASS_LD = 1;
localparam int VLIW_LAT_LD = 3;
localparam int VLIW_LAT_LD_D = 3;
localparam int VLIW_SLOTCLASS_LD_PI = 1;
localparam int VLIW_LAT_LD_PI = 3;
localparam int VLIW_LAT_LD_PI_D = 3;
localparam int VLIW_LAT_LD_PI_A = 1;  // also read (read-modify-write)
localparam int VLIW_SLOTCLASS_LD_PM = 1;
localparam int VLIW_LAT_LD_PM = 3;
localparam int VLIW_LAT_LD_PM_D = 3;
localparam int VLIW_LAT_LD_PM_A = 1;  // also read (read-modify-write)
localparam int VLIW_SLOTCLASS_VST = 2;
localparam int VLIW_LAT_VST = 1;
localparam int VLIW_SLOTCLASS_VST_PI = 2;
localparam int VLIW_LAT_VST_PI = 1;
localparam int VLIW_LAT_VST_PI_A = 1;  // also read (read-modify-write)
localparam int VLIW_SLOTCLASS_VST_PM = 2;
localparam int VLIW_LAT_VST_PM = 1;
localparam int VLIW_LAT_VST_PM_A = 1;  // also read (read-modify-write)
localparam int VLIW_SLOTCLASS_ST = 2;
localparam int VLIW_LAT_ST = 1;
localparam int VLIW_SLOTCLASS_ST_PI = 2;
localparam int VLIW_LAT_ST_PI = 1;
localparam int VLIW_LAT_ST_PI_A = 1;  // also read (read-modify-write)
localparam int VLIW_SLOTCLASS_ST_PM = 2;
localparam int VLIW_LAT_ST_PM = 1;
localparam int VLIW_LAT_ST_PM_A = 1;  // also read (read-modify-write)
localparam int VLIW_SLOTCLASS_VMMAC = 3;
localparam int VLIW_LAT_VMMAC = 4;
localparam int VLIW_LAT_VMMAC_D = 4;  // accumulation forwarded between MAC-slot rows
localparam int VLIW_SLOTCLASS_VMMUL = 3;
localparam int VLIW_LAT_VMMUL = 4;
localparam int VLIW_LAT_VMMUL_D = 4;
localparam int VLIW_SLOTCLASS_VMAC = 3;
localparam int VLIW_LAT_VMAC = 4;
localparam int VLIW_LAT_VMAC_D = 4;  // accumulation forwarded between MAC-slot rows
localparam int VLIW_SLOTCLASS_VMSC = 3;
localparam int VLIW_LAT_VMSC = 4;
localparam int VLIW_LAT_VMSC_D = 4;  // accumulation forwarded between MAC-slot rows
localparam int VLIW_SLOTCLASS_VMUL = 3;
localparam int VLIW_LAT_VMUL = 4;
localparam int VLIW_LAT_VMUL_D = 4;
localparam int VLIW_SLOTCLASS_VMAC_I16 = 3;
localparam int VLIW_LAT_VMAC_I16 = 4;
localparam int VLIW_LAT_VMAC_I16_D = 4;  // accumulation forwarded between MAC-slot rows
localparam int VLIW_SLOTCLASS_VMSC_I16 = 3;
localparam int VLIW_LAT_VMSC_I16 = 4;
localparam int VLIW_LAT_VMSC_I16_D = 4;  // accumulation forwarded between MAC-slot rows
localparam int VLIW_SLOTCLASS_VMUL_I16 = 3;
localparam int VLIW_LAT_VMUL_I16 = 4;
localparam int VLIW_LAT_VMUL_I16_D = 4;
localparam int VLIW_SLOTCLASS_AADD = 4;
localparam int VLIW_LAT_AADD = 3;
localparam int VLIW_LAT_AADD_D = 3;
localparam int VLIW_SLOTCLASS_ASUB = 4;
localparam int VLIW_LAT_ASUB = 3;
localparam int VLIW_LAT_ASUB_D = 3;
localparam int VLIW_SLOTCLASS_AMUL = 4;
localparam int VLIW_LAT_AMUL = 3;
localparam int VLIW_LAT_AMUL_D = 3;
localparam int VLIW_SLOTCLASS_AMAX = 4;
localparam int VLIW_LAT_AMAX = 3;
localparam int VLIW_LAT_AMAX_D = 3;
localparam int VLIW_SLOTCLASS_AMIN = 4;
localparam int VLIW_LAT_AMIN = 3;
localparam int VLIW_LAT_AMIN_D = 3;
localparam int VLIW_SLOTCLASS_ALT = 4;
localparam int VLIW_LAT_ALT = 3;
localparam int VLIW_LAT_ALT_D = 3;
localparam int VLIW_SLOTCLASS_ASEL = 4;
localparam int VLIW_LAT_ASEL = 3;
localparam int VLIW_LAT_ASEL_D = 3;
localparam int VLIW_SLOTCLASS_AIOTA = 4;
localparam int VLIW_LAT_AIOTA = 3;
localparam int VLIW_LAT_AIOTA_D = 3;
localparam int VLIW_SLOTCLASS_AEXP = 4;
localparam int VLIW_LAT_AEXP = 6;
localparam int VLIW_LAT_AEXP_D = 6;
localparam int VLIW_SLOTCLASS_ARCP = 4;
localparam int VLIW_LAT_ARCP = 6;
localparam int VLIW_LAT_ARCP_D = 6;
localparam int VLIW_SLOTCLASS_ARSQRT = 4;
localparam int VLIW_LAT_ARSQRT = 6;
localparam int VLIW_LAT_ARSQRT_D = 6;
localparam int VLIW_SLOTCLASS_AREDSUM = 4;
localparam int VLIW_LAT_AREDSUM = 4;
localparam int VLIW_LAT_AREDSUM_D = 4;
localparam int VLIW_SLOTCLASS_AREDMAX = 4;
localparam int VLIW_LAT_AREDMAX = 4;
localparam int VLIW_LAT_AREDMAX_D = 4;
localparam int VLIW_SLOTCLASS_VTRN = 4;
localparam int VLIW_LAT_VTRN = 2;
localparam int VLIW_LAT_VTRN_D = 2;
localparam int VLIW_SLOTCLASS_VCATLO = 4;
localparam int VLIW_LAT_VCATLO = 2;
localparam int VLIW_LAT_VCATLO_D = 2;
localparam int VLIW_SLOTCLASS_VCATHI = 4;
localparam int VLIW_LAT_VCATHI = 2;
localparam int VLIW_LAT_VCATHI_D = 2;
localparam int VLIW_SLOTCLASS_VSPLAT = 4;
localparam int VLIW_LAT_VSPLAT = 2;
localparam int VLIW_LAT_VSPLAT_D = 2;
localparam int VLIW_SLOTCLASS_VSEL = 4;
localparam int VLIW_LAT_VSEL = 2;
localparam int VLIW_LAT_VSEL_D = 2;
localparam int VLIW_SLOTCLASS_MOV = 5;
localparam int VLIW_LAT_MOV = 1;
localparam int VLIW_LAT_MOV_D = 1;
localparam int VLIW_SLOTCLASS_MOV_PR = 5;
localparam int VLIW_LAT_MOV_PR = 1;
localparam int VLIW_LAT_MOV_PR_D = 1;
localparam int VLIW_SLOTCLASS_MOV_MR = 5;
localparam int VLIW_LAT_MOV_MR = 1;
localparam int VLIW_LAT_MOV_MR_D = 1;
localparam int VLIW_SLOTCLASS_MOV_RP = 5;
localparam int VLIW_LAT_MOV_RP = 1;
localparam int VLIW_LAT_MOV_RP_D = 1;
localparam int VLIW_SLOTCLASS_MOV_RS = 5;
localparam int VLIW_LAT_MOV_RS = 1;
localparam int VLIW_LAT_MOV_RS_D = 1;
localparam int VLIW_SLOTCLASS_VMOV = 5;
localparam int VLIW_LAT_VMOV = 1;
localparam int VLIW_LAT_VMOV_D = 1;
localparam int VLIW_SLOTCLASS_AMOV = 5;
localparam int VLIW_LAT_AMOV = 1;
localparam int VLIW_LAT_AMOV_D = 1;
localparam int VLIW_SLOTCLASS_VBCST = 5;
localparam int VLIW_LAT_VBCST = 1;
localparam int VLIW_LAT_VBCST_D = 1;
localparam int VLIW_SLOTCLASS_ABCST = 5;
localparam int VLIW_LAT_ABCST = 1;
localparam int VLIW_LAT_ABCST_D = 1;
localparam int VLIW_SLOTCLASS_SRS = 5;
localparam int VLIW_LAT_SRS = 2;
localparam int VLIW_LAT_SRS_D = 2;
localparam int VLIW_SLOTCLASS_UPS = 5;
localparam int VLIW_LAT_UPS = 2;
localparam int VLIW_LAT_UPS_D = 2;
localparam int VLIW_SLOTCLASS_SRS_I16 = 5;
localparam int VLIW_LAT_SRS_I16 = 2;
localparam int VLIW_LAT_SRS_I16_D = 2;
localparam int VLIW_SLOTCLASS_UPS_I16 = 5;
localparam int VLIW_LAT_UPS_I16 = 2;
localparam int VLIW_LAT_UPS_I16_D = 2;
localparam int VLIW_SLOTCLASS_VEXT = 5;
localparam int VLIW_LAT_VEXT = 1;
localparam int VLIW_LAT_VEXT_D = 1;
localparam int VLIW_SLOTCLASS_AEXT = 5;
localparam int VLIW_LAT_AEXT = 1;
localparam int VLIW_LAT_AEXT_D = 1;
localparam int VLIW_SLOTCLASS_VINS = 5;
localparam int VLIW_LAT_VINS = 1;
localparam int VLIW_LAT_VINS_D = 1;  // also read (read-modify-write)
localparam int VLIW_SLOTCLASS_MOVI = 5;
localparam int VLIW_LAT_MOVI = 1;
localparam int VLIW_LAT_MOVI_D = 1;
localparam int VLIW_SLOTCLASS_MOVI_P = 5;
localparam int VLIW_LAT_MOVI_P = 1;
localparam int VLIW_LAT_MOVI_P_D = 1;
localparam int VLIW_SLOTCLASS_MOVI_M = 5;
localparam int VLIW_LAT_MOVI_M = 1;
localparam int VLIW_LAT_MOVI_M_D = 1;

// Legal in slot class X: vliw_isa_legal(w) and the row belongs to X (nop: every class).
function automatic vliw_isa_legal_s(input [31:0] w);
    vliw_isa_legal_s = vliw_isa_legal(w) && (
        (w & VLIW_MASK_NOP) == VLIW_MATCH_NOP ||
        (w & VLIW_MASK_ADD) == VLIW_MATCH_ADD ||
        (w & VLIW_MASK_SUB) == VLIW_MATCH_SUB ||
        (w & VLIW_MASK_AND) == VLIW_MATCH_AND ||
        (w & VLIW_MASK_OR) == VLIW_MATCH_OR ||
        (w & VLIW_MASK_XOR) == VLIW_MATCH_XOR ||
        (w & VLIW_MASK_SLL) == VLIW_MATCH_SLL ||
        (w & VLIW_MASK_SRL) == VLIW_MATCH_SRL ||
        (w & VLIW_MASK_SRA) == VLIW_MATCH_SRA ||
        (w & VLIW_MASK_SLT) == VLIW_MATCH_SLT ||
        (w & VLIW_MASK_SLTU) == VLIW_MATCH_SLTU ||
        (w & VLIW_MASK_MUL) == VLIW_MATCH_MUL ||
        (w & VLIW_MASK_ADDI) == VLIW_MATCH_ADDI ||
        (w & VLIW_MASK_ANDI) == VLIW_MATCH_ANDI ||
        (w & VLIW_MASK_ORI) == VLIW_MATCH_ORI ||
        (w & VLIW_MASK_XORI) == VLIW_MATCH_XORI ||
        (w & VLIW_MASK_SLTI) == VLIW_MATCH_SLTI ||
        (w & VLIW_MASK_LUI) == VLIW_MATCH_LUI ||
        (w & VLIW_MASK_SLLI) == VLIW_MATCH_SLLI ||
        (w & VLIW_MASK_SRLI) == VLIW_MATCH_SRLI ||
        (w & VLIW_MASK_SRAI) == VLIW_MATCH_SRAI ||
        (w & VLIW_MASK_PADD) == VLIW_MATCH_PADD ||
        (w & VLIW_MASK_PADD_M) == VLIW_MATCH_PADD_M ||
        (w & VLIW_MASK_BEQ) == VLIW_MATCH_BEQ ||
        (w & VLIW_MASK_BNE) == VLIW_MATCH_BNE ||
        (w & VLIW_MASK_BLT) == VLIW_MATCH_BLT ||
        (w & VLIW_MASK_BGE) == VLIW_MATCH_BGE ||
        (w & VLIW_MASK_BLTU) == VLIW_MATCH_BLTU ||
        (w & VLIW_MASK_BGEU) == VLIW_MATCH_BGEU ||
        (w & VLIW_MASK_BEQZ) == VLIW_MATCH_BEQZ ||
        (w & VLIW_MASK_BNEZ) == VLIW_MATCH_BNEZ ||
        (w & VLIW_MASK_J) == VLIW_MATCH_J ||
        (w & VLIW_MASK_JAL) == VLIW_MATCH_JAL ||
        (w & VLIW_MASK_JR) == VLIW_MATCH_JR ||
        (w & VLIW_MASK_LOOP) == VLIW_MATCH_LOOP ||
        (w & VLIW_MASK_LOOPI) == VLIW_MATCH_LOOPI ||
        (w & VLIW_MASK_HALT) == VLIW_MATCH_HALT ||
        (w & VLIW_MASK_ACQ) == VLIW_MATCH_ACQ ||
        (w & VLIW_MASK_REL) == VLIW_MATCH_REL ||
        (w & VLIW_MASK_DMA_START) == VLIW_MATCH_DMA_START ||
        (w & VLIW_MASK_DMA_WAIT) == VLIW_MATCH_DMA_WAIT ||
        (w & VLIW_MASK_BD_SET) == VLIW_MATCH_BD_SET);
endfunction
function automatic vliw_isa_legal_ld(input [31:0] w);
    vliw_isa_legal_ld = vliw_isa_legal(w) && (
        (w & VLIW_MASK_NOP) == VLIW_MATCH_NOP ||
        (w & VLIW_MASK_VLD) == VLIW_MATCH_VLD ||
        (w & VLIW_MASK_VLD_PI) == VLIW_MATCH_VLD_PI ||
        (w & VLIW_MASK_VLD_PM) == VLIW_MATCH_VLD_PM ||
        (w & VLIW_MASK_LD) == VLIW_MATCH_LD ||
        (w & VLIW_MASK_LD_PI) == VLIW_MATCH_LD_PI ||
        (w & VLIW_MASK_LD_PM) == VLIW_MATCH_LD_PM);
endfunction
function automatic vliw_isa_legal_st(input [31:0] w);
    vliw_isa_legal_st = vliw_isa_legal(w) && (
        (w & VLIW_MASK_NOP) == VLIW_MATCH_NOP ||
        (w & VLIW_MASK_VST) == VLIW_MATCH_VST ||
        (w & VLIW_MASK_VST_PI) == VLIW_MATCH_VST_PI ||
        (w & VLIW_MASK_VST_PM) == VLIW_MATCH_VST_PM ||
        (w & VLIW_MASK_ST) == VLIW_MATCH_ST ||
        (w & VLIW_MASK_ST_PI) == VLIW_MATCH_ST_PI ||
        (w & VLIW_MASK_ST_PM) == VLIW_MATCH_ST_PM);
endfunction
function automatic vliw_isa_legal_mac(input [31:0] w);
    vliw_isa_legal_mac = vliw_isa_legal(w) && (
        (w & VLIW_MASK_NOP) == VLIW_MATCH_NOP ||
        (w & VLIW_MASK_VMMAC) == VLIW_MATCH_VMMAC ||
        (w & VLIW_MASK_VMMUL) == VLIW_MATCH_VMMUL ||
        (w & VLIW_MASK_VMAC) == VLIW_MATCH_VMAC ||
        (w & VLIW_MASK_VMSC) == VLIW_MATCH_VMSC ||
        (w & VLIW_MASK_VMUL) == VLIW_MATCH_VMUL ||
        (w & VLIW_MASK_VMAC_I16) == VLIW_MATCH_VMAC_I16 ||
        (w & VLIW_MASK_VMSC_I16) == VLIW_MATCH_VMSC_I16 ||
        (w & VLIW_MASK_VMUL_I16) == VLIW_MATCH_VMUL_I16);
endfunction
function automatic vliw_isa_legal_vec(input [31:0] w);
    vliw_isa_legal_vec = vliw_isa_legal(w) && (
        (w & VLIW_MASK_NOP) == VLIW_MATCH_NOP ||
        (w & VLIW_MASK_AADD) == VLIW_MATCH_AADD ||
        (w & VLIW_MASK_ASUB) == VLIW_MATCH_ASUB ||
        (w & VLIW_MASK_AMUL) == VLIW_MATCH_AMUL ||
        (w & VLIW_MASK_AMAX) == VLIW_MATCH_AMAX ||
        (w & VLIW_MASK_AMIN) == VLIW_MATCH_AMIN ||
        (w & VLIW_MASK_ALT) == VLIW_MATCH_ALT ||
        (w & VLIW_MASK_ASEL) == VLIW_MATCH_ASEL ||
        (w & VLIW_MASK_AIOTA) == VLIW_MATCH_AIOTA ||
        (w & VLIW_MASK_AEXP) == VLIW_MATCH_AEXP ||
        (w & VLIW_MASK_ARCP) == VLIW_MATCH_ARCP ||
        (w & VLIW_MASK_ARSQRT) == VLIW_MATCH_ARSQRT ||
        (w & VLIW_MASK_AREDSUM) == VLIW_MATCH_AREDSUM ||
        (w & VLIW_MASK_AREDMAX) == VLIW_MATCH_AREDMAX ||
        (w & VLIW_MASK_VTRN) == VLIW_MATCH_VTRN ||
        (w & VLIW_MASK_VCATLO) == VLIW_MATCH_VCATLO ||
        (w & VLIW_MASK_VCATHI) == VLIW_MATCH_VCATHI ||
        (w & VLIW_MASK_VSPLAT) == VLIW_MATCH_VSPLAT ||
        (w & VLIW_MASK_VSEL) == VLIW_MATCH_VSEL);
endfunction
function automatic vliw_isa_legal_mv(input [31:0] w);
    vliw_isa_legal_mv = vliw_isa_legal(w) && (
        (w & VLIW_MASK_NOP) == VLIW_MATCH_NOP ||
        (w & VLIW_MASK_MOV) == VLIW_MATCH_MOV ||
        (w & VLIW_MASK_MOV_PR) == VLIW_MATCH_MOV_PR ||
        (w & VLIW_MASK_MOV_MR) == VLIW_MATCH_MOV_MR ||
        (w & VLIW_MASK_MOV_RP) == VLIW_MATCH_MOV_RP ||
        (w & VLIW_MASK_MOV_RS) == VLIW_MATCH_MOV_RS ||
        (w & VLIW_MASK_VMOV) == VLIW_MATCH_VMOV ||
        (w & VLIW_MASK_AMOV) == VLIW_MATCH_AMOV ||
        (w & VLIW_MASK_VBCST) == VLIW_MATCH_VBCST ||
        (w & VLIW_MASK_ABCST) == VLIW_MATCH_ABCST ||
        (w & VLIW_MASK_SRS) == VLIW_MATCH_SRS ||
        (w & VLIW_MASK_UPS) == VLIW_MATCH_UPS ||
        (w & VLIW_MASK_SRS_I16) == VLIW_MATCH_SRS_I16 ||
        (w & VLIW_MASK_UPS_I16) == VLIW_MATCH_UPS_I16 ||
        (w & VLIW_MASK_VEXT) == VLIW_MATCH_VEXT ||
        (w & VLIW_MASK_AEXT) == VLIW_MATCH_AEXT ||
        (w & VLIW_MASK_VINS) == VLIW_MATCH_VINS ||
        (w & VLIW_MASK_MOVI) == VLIW_MATCH_MOVI ||
        (w & VLIW_MASK_MOVI_P) == VLIW_MATCH_MOVI_P ||
        (w & VLIW_MASK_MOVI_M) == VLIW_MATCH_MOVI_M);
endfunction
/* verilator lint_on UNUSEDPARAM */
`endif
