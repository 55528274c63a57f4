// vliw_core — one tile's VLIW core: registered program-memory fetch, one
// bundle of 7 slots issued per cycle, exposed latencies (no interlocks),
// delay slots, two nested zero-overhead loops, the register files and the S,
// L0, L1, ST slots; the MAC, VEC and MV slots are vliw_mac, vliw_vec, vliw_mv.
// The pipeline, stage by stage, and every timing rule: rtl/vliw/vliw_core.md.
//
// In short: F (vliw_pm reads the bundle at fpc) -> I (the bundle in `ir`:
// decode, register read, memory requests, lock request, trap checks; it
// issues when everything it needs is granted) -> the units' result pipes,
// which advance only at issue edges (`adv`), so a stalled tile freezes them.
// A result of latency L from bundle k is written at the issue edge of bundle
// k+L-1 and so read by bundle k+L first. Decode only through vliw_isa.vh.
`default_nettype none

module vliw_core #(
    parameter integer PM_BUNDLES = 2048,
    parameter integer DM_BYTES   = 65536
) (
    input  wire                 clk,
    input  wire                 rst,
    input  wire                 stop,          // another tile trapped: freeze
    // configuration (static)
    input  wire [8*32-1:0]      args,          // r1..r8 at reset
    input  wire [4*32-1:0]      ids,           // tid, row, col, ntiles
    input  wire [4:0]           win_ok,        // windows 0..4 that have a tile
    // program load (while rst)
    input  wire                 ld_we,
    input  wire [$clog2(PM_BUNDLES)-1:0] ld_bundle,
    input  wire [2:0]           ld_slot,
    input  wire [31:0]          ld_wdata,
    // DM accesses of L0, L1, ST (index 0, 1, 2)
    output wire [2:0]           mreq_valid,
    output wire [2:0]           mreq_write,
    output wire [3*3-1:0]       mreq_win,      // window 0..4
    output wire [3*16-1:0]      mreq_addr,     // byte offset in the window's module
    output wire [3*256-1:0]     mreq_wdata,
    output wire [3*32-1:0]      mreq_wbe,
    input  wire [2:0]           mreq_grant,
    input  wire [3*256-1:0]     mrdata,        // the row of last cycle's granted read
    input  wire [2:0]           mrvalid,
    // lock request (S slot acq/rel; asked only when the bundle can otherwise issue)
    output wire                 lk_valid,
    output wire                 lk_acq,
    output wire [2:0]           lk_win,
    output wire [3:0]           lk_idx,
    output wire [5:0]           lk_val,
    input  wire                 lk_grant,
    input  wire                 lk_ovf,
    // DMA control (S slot)
    output wire                 bd_we,
    output wire [3:0]           bd_idx,
    output wire [4:0]           bd_field,
    output wire [31:0]          bd_data,
    output wire [1:0]           dma_start,
    output wire [3:0]           dma_start_bd,
    input  wire [1:0]           dma_qfull,
    input  wire [1:0]           dma_idle,
    // status
    output reg                  halted,
    output reg                  trapped,
    output reg  [3:0]           trap_cause,
    output reg  [31:0]          trap_pc,
    output reg  [2:0]           trap_slot,
    output reg  [19:0]          trap_info,
    output wire                 quiet,         // no result in flight
    // co-simulation and counters
    output wire                 issue_valid,
    output wire [31:0]          issue_pc,
    output wire [6:0]           ev_slots,      // non-nop slots issued this cycle
    output wire                 ev_stall_lock,
    output wire                 ev_stall_dma,
    output wire                 ev_stall_bank
);
`include "vliw_isa.vh"
`include "vliw_trap.vh"

    localparam integer PW = $clog2(PM_BUNDLES);

    // =====================================================================
    // Fetch: vliw_pm is a registered-read SRAM; ir holds the bundle at I.
    // =====================================================================
    reg  [31:0]  fpc;          // the next bundle to fetch
    reg          ir_v, ir_bad;
    reg  [31:0]  ir_pc;
    reg  [31:0]  halt_pc;      // the halt's pc: a write conflict while draining traps there
    wire [223:0] ir;
    reg          br_pend;      // a taken branch: fetch br_tgt after one more bundle
    reg  [31:0]  br_tgt;
    reg  [1:0]   lv;           // loop stack: [0] inner
    reg  [31:0]  ls [0:1], le [0:1], lc [0:1];

    wire fire, adv, fen;
    wire run = !rst && !stop && !trapped && !halted;

    vliw_pm #(.PM_BUNDLES(PM_BUNDLES)) u_pm (
        .clk(clk), .ren(fen && fpc < PM_BUNDLES), .raddr(fpc[PW-1:0]), .rdata(ir),
        .ld_we(ld_we), .ld_bundle(ld_bundle), .ld_slot(ld_slot), .ld_wdata(ld_wdata));

    wire [31:0] w0 = ir[31:0];     // S
    wire [31:0] w1 = ir[63:32];    // L0
    wire [31:0] w2 = ir[95:64];    // L1
    wire [31:0] w3 = ir[127:96];   // ST
    wire [31:0] w4 = ir[159:128];  // MAC
    wire [31:0] w5 = ir[191:160];  // VEC
    wire [31:0] w6 = ir[223:192];  // MV

    // =====================================================================
    // Register files (flops). Read combinationally at I.
    // =====================================================================
    reg [31:0]  R [0:15] /* verilator public_flat_rd */;
    reg [19:0]  P [0:7]  /* verilator public_flat_rd */;
    reg [31:0]  M [0:7]  /* verilator public_flat_rd */;
    reg [255:0] V [0:15] /* verilator public_flat_rd */;
    reg [511:0] A [0:7]  /* verilator public_flat_rd */;

    function automatic [31:0] sx16(input [15:0] w); sx16 = {{16{w[15]}}, w}; endfunction
    function automatic [19:0] sx20(input [15:0] w); sx20 = {{4{w[15]}}, w}; endfunction

    // =====================================================================
    // S slot decode and execute (latency 1 ALU, latency 2 mul)
    // =====================================================================
    function automatic m(input [31:0] w, input [31:0] mask, input [31:0] match);
        m = (w & mask) == match;
    endfunction
    wire s_add  = m(w0, VLIW_MASK_ADD,  VLIW_MATCH_ADD),  s_sub  = m(w0, VLIW_MASK_SUB,  VLIW_MATCH_SUB);
    wire s_and  = m(w0, VLIW_MASK_AND,  VLIW_MATCH_AND),  s_or   = m(w0, VLIW_MASK_OR,   VLIW_MATCH_OR);
    wire s_xor  = m(w0, VLIW_MASK_XOR,  VLIW_MATCH_XOR),  s_sll  = m(w0, VLIW_MASK_SLL,  VLIW_MATCH_SLL);
    wire s_srl  = m(w0, VLIW_MASK_SRL,  VLIW_MATCH_SRL),  s_sra  = m(w0, VLIW_MASK_SRA,  VLIW_MATCH_SRA);
    wire s_slt  = m(w0, VLIW_MASK_SLT,  VLIW_MATCH_SLT),  s_sltu = m(w0, VLIW_MASK_SLTU, VLIW_MATCH_SLTU);
    wire s_mul  = m(w0, VLIW_MASK_MUL,  VLIW_MATCH_MUL),  s_addi = m(w0, VLIW_MASK_ADDI, VLIW_MATCH_ADDI);
    wire s_andi = m(w0, VLIW_MASK_ANDI, VLIW_MATCH_ANDI), s_ori  = m(w0, VLIW_MASK_ORI,  VLIW_MATCH_ORI);
    wire s_xori = m(w0, VLIW_MASK_XORI, VLIW_MATCH_XORI), s_slti = m(w0, VLIW_MASK_SLTI, VLIW_MATCH_SLTI);
    wire s_lui  = m(w0, VLIW_MASK_LUI,  VLIW_MATCH_LUI),  s_slli = m(w0, VLIW_MASK_SLLI, VLIW_MATCH_SLLI);
    wire s_srli = m(w0, VLIW_MASK_SRLI, VLIW_MATCH_SRLI), s_srai = m(w0, VLIW_MASK_SRAI, VLIW_MATCH_SRAI);
    wire s_padd = m(w0, VLIW_MASK_PADD, VLIW_MATCH_PADD), s_paddm = m(w0, VLIW_MASK_PADD_M, VLIW_MATCH_PADD_M);
    wire s_beq  = m(w0, VLIW_MASK_BEQ,  VLIW_MATCH_BEQ),  s_bne  = m(w0, VLIW_MASK_BNE,  VLIW_MATCH_BNE);
    wire s_blt  = m(w0, VLIW_MASK_BLT,  VLIW_MATCH_BLT),  s_bge  = m(w0, VLIW_MASK_BGE,  VLIW_MATCH_BGE);
    wire s_bltu = m(w0, VLIW_MASK_BLTU, VLIW_MATCH_BLTU), s_bgeu = m(w0, VLIW_MASK_BGEU, VLIW_MATCH_BGEU);
    wire s_beqz = m(w0, VLIW_MASK_BEQZ, VLIW_MATCH_BEQZ), s_bnez = m(w0, VLIW_MASK_BNEZ, VLIW_MATCH_BNEZ);
    wire s_j    = m(w0, VLIW_MASK_J,    VLIW_MATCH_J),    s_jal  = m(w0, VLIW_MASK_JAL,  VLIW_MATCH_JAL);
    wire s_jr   = m(w0, VLIW_MASK_JR,   VLIW_MATCH_JR),   s_loop = m(w0, VLIW_MASK_LOOP, VLIW_MATCH_LOOP);
    wire s_loopi = m(w0, VLIW_MASK_LOOPI, VLIW_MATCH_LOOPI), s_halt = m(w0, VLIW_MASK_HALT, VLIW_MATCH_HALT);
    wire s_acq  = m(w0, VLIW_MASK_ACQ,  VLIW_MATCH_ACQ),  s_rel  = m(w0, VLIW_MASK_REL,  VLIW_MATCH_REL);
    wire s_dstart = m(w0, VLIW_MASK_DMA_START, VLIW_MATCH_DMA_START);
    wire s_dwait  = m(w0, VLIW_MASK_DMA_WAIT,  VLIW_MATCH_DMA_WAIT);
    wire s_bdset  = m(w0, VLIW_MASK_BD_SET,    VLIW_MATCH_BD_SET);
    wire s_alu  = s_add | s_sub | s_and | s_or | s_xor | s_sll | s_srl | s_sra | s_slt | s_sltu |
                  s_addi | s_andi | s_ori | s_xori | s_slti | s_lui | s_slli | s_srli | s_srai | s_jal;
    wire s_br2  = s_beq | s_bne | s_blt | s_bge | s_bltu | s_bgeu;
    wire s_br1  = s_beqz | s_bnez;
    wire s_known = s_alu | s_mul | s_padd | s_paddm | s_br2 | s_br1 | s_j | s_jr | s_loop | s_loopi |
                   s_halt | s_acq | s_rel | s_dstart | s_dwait | s_bdset;

    wire [31:0] sa = R[w0[VLIW_F_A_LO +: 4]], sb = R[w0[VLIW_F_B_LO +: 4]];
    wire [4:0]  shamt = (s_slli | s_srli | s_srai) ? w0[VLIW_F_C_LO +: 5] : sb[4:0];
    wire [31:0] sopb  = (s_addi | s_slti) ? sx16(w0[15:0]) : (s_andi | s_ori | s_xori) ? {16'd0, w0[15:0]} : sb;
    reg  [31:0] s_res;
    always @* begin
        s_res = 32'd0;
        if (s_add | s_addi)  s_res = sa + sopb;
        if (s_sub)           s_res = sa - sb;
        if (s_and | s_andi)  s_res = sa & sopb;
        if (s_or  | s_ori)   s_res = sa | sopb;
        if (s_xor | s_xori)  s_res = sa ^ sopb;
        if (s_sll | s_slli)  s_res = sa << shamt;
        if (s_srl | s_srli)  s_res = sa >> shamt;
        if (s_sra | s_srai)  s_res = $signed(sa) >>> shamt;
        if (s_slt | s_slti)  s_res = {31'd0, $signed(sa) < $signed(sopb)};
        if (s_sltu)          s_res = {31'd0, sa < sb};
        if (s_lui)           s_res = {w0[15:0], 16'd0};
        if (s_jal)           s_res = ir_pc + 32'd1 + VLIW_BR_DELAY;
    end
    wire [19:0] s_pres = P[w0[VLIW_F_D_LO +: 3]] + (s_padd ? sx20(w0[15:0]) : M[w0[VLIW_F_B_LO +: 3]][19:0]);

    // branches: compare at I
    wire s_taken = (s_beq & (sa == sb)) | (s_bne & (sa != sb)) |
                   (s_blt & ($signed(sa) < $signed(sb))) | (s_bge & ($signed(sa) >= $signed(sb))) |
                   (s_bltu & (sa < sb)) | (s_bgeu & (sa >= sb)) |
                   (s_beqz & (sa == 32'd0)) | (s_bnez & (sa != 32'd0)) | s_j | s_jal | s_jr;
    wire [31:0] s_tgt = s_br2 ? {21'd0, w0[VLIW_F_IMM11_LO +: 11]} :
                        s_jr  ? sa : {16'd0, w0[VLIW_F_IMM16_LO +: 16]};

    // mul: seg 0 two 32x16 partial products, seg 1 their sum (latency 2)
    reg        mul_v;
    reg [3:0]  mul_d;
    reg [31:0] mul_lo;
    reg [15:0] mul_hi;
    wire [31:0] mul_res = mul_lo + {mul_hi, 16'd0};

    // =====================================================================
    // L0, L1, ST: address, checks, requests
    // =====================================================================
    wire [31:0] wm [0:2];
    assign wm[0] = w1; assign wm[1] = w2; assign wm[2] = w3;
    reg         mem_op [0:2], mem_vec [0:2], mem_pi [0:2], mem_pm [0:2], mem_st [0:2];
    reg [19:0]  mem_addr [0:2], mem_pnext [0:2];
    reg [2:0]   mem_fault [0:2];      // 0 none, else a trap cause
    integer q;
    always @* begin
        for (q = 0; q < 3; q = q + 1) begin
            if (q < 2) begin
                mem_vec[q] = m(wm[q], VLIW_MASK_VLD, VLIW_MATCH_VLD) | m(wm[q], VLIW_MASK_VLD_PI, VLIW_MATCH_VLD_PI) |
                             m(wm[q], VLIW_MASK_VLD_PM, VLIW_MATCH_VLD_PM);
                mem_pi[q]  = m(wm[q], VLIW_MASK_VLD_PI, VLIW_MATCH_VLD_PI) | m(wm[q], VLIW_MASK_LD_PI, VLIW_MATCH_LD_PI);
                mem_pm[q]  = m(wm[q], VLIW_MASK_VLD_PM, VLIW_MATCH_VLD_PM) | m(wm[q], VLIW_MASK_LD_PM, VLIW_MATCH_LD_PM);
                mem_op[q]  = mem_vec[q] | mem_pi[q] | mem_pm[q] | m(wm[q], VLIW_MASK_LD, VLIW_MATCH_LD);
                mem_st[q]  = 1'b0;
            end else begin
                mem_vec[q] = m(wm[q], VLIW_MASK_VST, VLIW_MATCH_VST) | m(wm[q], VLIW_MASK_VST_PI, VLIW_MATCH_VST_PI) |
                             m(wm[q], VLIW_MASK_VST_PM, VLIW_MATCH_VST_PM);
                mem_pi[q]  = m(wm[q], VLIW_MASK_VST_PI, VLIW_MATCH_VST_PI) | m(wm[q], VLIW_MASK_ST_PI, VLIW_MATCH_ST_PI);
                mem_pm[q]  = m(wm[q], VLIW_MASK_VST_PM, VLIW_MATCH_VST_PM) | m(wm[q], VLIW_MASK_ST_PM, VLIW_MATCH_ST_PM);
                mem_op[q]  = mem_vec[q] | mem_pi[q] | mem_pm[q] | m(wm[q], VLIW_MASK_ST, VLIW_MATCH_ST);
                mem_st[q]  = 1'b1;
            end
            // [pA, imm] forms add the offset; post-modify forms access at pA
            mem_addr[q]  = P[wm[q][VLIW_F_A_LO +: 3]] + ((mem_pi[q] | mem_pm[q]) ? 20'd0 : sx20(wm[q][15:0]));
            mem_pnext[q] = P[wm[q][VLIW_F_A_LO +: 3]] + (mem_pm[q] ? M[wm[q][VLIW_F_B_LO +: 3]][19:0] : sx20(wm[q][15:0]));
            mem_fault[q] = 3'd0;
            if (mem_op[q]) begin
                if (mem_addr[q][19:16] > 4'd4 || !win_ok[mem_addr[q][18:16]] ||
                    {16'd0, mem_addr[q][15:0]} >= DM_BYTES)
                    mem_fault[q] = VLIW_TRAP_DM_ACCESS[2:0];
                else if (mem_vec[q] ? mem_addr[q][4:0] != 5'd0 : mem_addr[q][1:0] != 2'd0)
                    mem_fault[q] = VLIW_TRAP_MISALIGNED[2:0];
            end
        end
    end

    // =====================================================================
    // MAC, VEC, MV units
    // =====================================================================
    wire        mac_known, vec_known, mv_known, mac_busy, vec_busy;
    wire [2:0]  mac_ridx;
    wire        mac_wen;
    wire [2:0]  mac_widx;
    wire [511:0] mac_wdata;
    wire [4:0]  vec_len, vec_lv;
    wire [19:0] vec_lidx;
    wire [5*512-1:0] vec_ldata;
    wire        mv1_en, mv2_en;
    wire [2:0]  mv1_f, mv2_f;
    wire [3:0]  mv1_d, mv2_d;
    wire [511:0] mv1_data, mv2_data;
    reg  [63:0] cycles;

    vliw_mac u_mac (
        .clk(clk), .rst(rst), .adv(adv), .issue(fire), .word(w4),
        .va(V[w4[VLIW_F_A_LO +: 4]]), .vb(V[w4[VLIW_F_B_LO +: 4]]), .known(mac_known),
        .acc_ridx(mac_ridx), .acc_rdata(A[mac_ridx]),
        .wr_en(mac_wen), .wr_idx(mac_widx), .wr_data(mac_wdata), .busy(mac_busy));

    vliw_vec u_vec (
        .clk(clk), .rst(rst), .adv(adv), .issue(fire), .word(w5),
        .qa(A[w5[VLIW_F_A_LO +: 3]]), .qb(A[w5[VLIW_F_B_LO +: 3]]), .va(V[w5[VLIW_F_A_LO +: 4]]), .vb(V[w5[VLIW_F_B_LO +: 4]]),
        .rc(R[w5[VLIW_F_C_LO +: 4]]), .known(vec_known),
        .land_en(vec_len), .land_v(vec_lv), .land_idx(vec_lidx), .land_data(vec_ldata), .busy(vec_busy));

    vliw_mv u_mv (
        .clk(clk), .rst(rst), .adv(adv), .issue(fire), .word(w6),
        .ra(R[w6[VLIW_F_A_LO +: 4]]), .pa(P[w6[VLIW_F_A_LO +: 3]]), .va(V[w6[VLIW_F_A_LO +: 4]]), .vd(V[w6[VLIW_F_D_LO +: 4]]),
        .qa(A[w6[VLIW_F_A_LO +: 3]]), .special({cycles[63:32], cycles[31:0], ids}),
        .known(mv_known),
        .w1_en(mv1_en), .w1_file(mv1_f), .w1_idx(mv1_d), .w1_data(mv1_data),
        .w2_en(mv2_en), .w2_file(mv2_f), .w2_idx(mv2_d), .w2_data(mv2_data));

    // =====================================================================
    // Legality, traps at I (a trapping bundle has no effect at all)
    // =====================================================================
    wire [6:0] nop_w = {w6 == 32'd0, w5 == 32'd0, w4 == 32'd0, w3 == 32'd0, w2 == 32'd0, w1 == 32'd0, w0 == 32'd0};
    wire [6:0] legal = nop_w | {
        mv_known  & vliw_isa_legal(w6), vec_known & vliw_isa_legal(w5), mac_known & vliw_isa_legal(w4),
        mem_op[2] & vliw_isa_legal(w3), mem_op[1] & vliw_isa_legal(w2), mem_op[0] & vliw_isa_legal(w1),
        s_known   & vliw_isa_legal(w0)};

    // ---- landing writes at the next adv edge (write ports) and write conflicts
    // port: 0 S, 1 S-mul, 2 L0, 3 L1, 4 L0 post-mod, 5 L1 post-mod, 6 ST post-mod,
    //       7 MV lat 1, 8 MV lat 2, 9 MAC, 10..14 VEC stages 1..5
    localparam integer NP = 15;
    reg          pw_en   [0:NP-1];
    reg  [2:0]   pw_file [0:NP-1];   // 0 r, 1 p, 2 m, 3 v, 4 acc
    reg  [3:0]   pw_idx  [0:NP-1];
    reg  [2:0]   pw_slot [0:NP-1];

    // load pipes (latency 3: two stages)
    reg         ld1_v [0:1], ld1_vec [0:1], ld1_pend [0:1], ld2_v [0:1], ld2_vec [0:1];
    reg [3:0]   ld1_d [0:1], ld2_d [0:1];
    reg [2:0]   ld1_w [0:1], ld2_w [0:1];
    reg [255:0] ld1_data [0:1], ld2_data [0:1], ldbuf [0:1];

    integer n, n2;
    always @* begin
        for (n = 0; n < NP; n = n + 1) begin
            pw_en[n] = 1'b0; pw_file[n] = 3'd0; pw_idx[n] = 4'd0; pw_slot[n] = 3'd0;
        end
        // bundle's own latency-1 writes (land if it issues)
        pw_en[0] = s_alu | s_padd | s_paddm;
        pw_file[0] = (s_padd | s_paddm) ? 3'd1 : 3'd0;
        pw_idx[0] = w0[VLIW_F_D_LO +: 4];
        pw_en[1] = mul_v; pw_idx[1] = mul_d;
        for (n = 0; n < 2; n = n + 1) begin
            pw_en[2+n] = ld2_v[n]; pw_file[2+n] = ld2_vec[n] ? 3'd3 : 3'd0; pw_idx[2+n] = ld2_d[n];
            pw_slot[2+n] = 3'd1 + n[2:0];
            pw_en[4+n] = mem_op[n] & (mem_pi[n] | mem_pm[n]); pw_file[4+n] = 3'd1;
            pw_idx[4+n] = {1'b0, wm[n][VLIW_F_A_LO +: 3]}; pw_slot[4+n] = 3'd1 + n[2:0];
        end
        pw_en[6] = mem_op[2] & (mem_pi[2] | mem_pm[2]); pw_file[6] = 3'd1;
        pw_idx[6] = {1'b0, w3[VLIW_F_A_LO +: 3]}; pw_slot[6] = 3'd3;
        pw_en[7] = mv1_en_i; pw_file[7] = mv1_f; pw_idx[7] = mv1_d; pw_slot[7] = 3'd6;
        pw_en[8] = mv2_en; pw_file[8] = mv2_f; pw_idx[8] = mv2_d; pw_slot[8] = 3'd6;
        pw_en[9] = mac_wen; pw_file[9] = 3'd4; pw_idx[9] = {1'b0, mac_widx}; pw_slot[9] = 3'd4;
        for (n = 0; n < 5; n = n + 1) begin
            pw_en[10+n] = vec_len[n]; pw_file[10+n] = vec_lv[n] ? 3'd3 : 3'd4;
            pw_idx[10+n] = vec_lidx[4*n +: 4]; pw_slot[10+n] = 3'd5;
        end
        // the bundle's own writes only while one sits at I (not while draining)
        pw_en[0] = pw_en[0] & ir_v; pw_en[4] = pw_en[4] & ir_v; pw_en[5] = pw_en[5] & ir_v;
        pw_en[6] = pw_en[6] & ir_v; pw_en[7] = pw_en[7] & ir_v;
        // r0 is not a register: writes to it are dropped and never conflict
        for (n = 0; n < NP; n = n + 1)
            if (pw_file[n] == 3'd0 && pw_idx[n] == 4'd0) pw_en[n] = 1'b0;
    end
    // MV's latency-1 row, decoded without `issue` (the unit gates w1_en with it)
    wire mv1_en_i = mv_known & (mv1_f != 3'd7) & !(m(w6, VLIW_MASK_SRS, VLIW_MATCH_SRS) |
                    m(w6, VLIW_MASK_UPS, VLIW_MATCH_UPS) | m(w6, VLIW_MASK_SRS_I16, VLIW_MATCH_SRS_I16) |
                    m(w6, VLIW_MASK_UPS_I16, VLIW_MATCH_UPS_I16));

    // the smallest conflicting register (file, index), then the smallest slot writing it:
    // every port's conflict flag in parallel, then the smallest key {file, index,
    // slot} of a conflicting port by a tree of compare-selects (log2 levels; a
    // running minimum over the port pairs was a chain of NP*(NP-1) comparators,
    // the core's longest path: docs/synthesis.md)
    localparam integer NT = 1 << $clog2(NP);   // ports padded to a power of two
    reg            wc;
    reg [9:0]      wc_key;
    reg [NP-1:0]   conf;
    reg [NT*11-1:0] mt;   // per port {not conflicting, key}, reduced in place
    integer w;
    always @* begin
        for (n = 0; n < NP; n = n + 1) begin
            conf[n] = 1'b0;
            for (n2 = 0; n2 < NP; n2 = n2 + 1)
                if (n != n2 && pw_en[n] && pw_en[n2] && pw_file[n] == pw_file[n2] && pw_idx[n] == pw_idx[n2])
                    conf[n] = 1'b1;
        end
        mt = {NT*11{1'b1}};
        for (n = 0; n < NP; n = n + 1)
            mt[11*n +: 11] = {!conf[n], pw_file[n], pw_idx[n], pw_slot[n]};
        for (w = NT / 2; w >= 1; w = w / 2)
            for (n = 0; n < w; n = n + 1)
                mt[11*n +: 11] = mt[22*n +: 11] <= mt[22*n + 11 +: 11] ? mt[22*n +: 11] : mt[22*n + 11 +: 11];
        wc     = |conf;
        wc_key = wc ? mt[9:0] : 10'h3ff;
    end

    // an acq/rel of a missing neighbour's lock: dm-access (detail = lock id)
    wire [2:0] lkw    = w0[VLIW_F_LK_LO + 4 +: 3];
    wire       lk_bad = (s_acq | s_rel) && (lkw > 3'd4 || !win_ok[lkw]);

    // first trap of the bundle at I: pm-fetch, illegal (lowest slot), memory
    // (lowest slot of L0, L1, ST), write-conflict, a missing lock window
    reg        t_now;
    reg [3:0]  t_cause;
    reg [2:0]  t_slot;
    reg [19:0] t_info;
    integer s;
    always @* begin
        t_now = 1'b0; t_cause = VLIW_TRAP_NONE; t_slot = 3'd0; t_info = 20'd0;
        s = 0;   // loop variable assigned on every path (no latch in synthesis)
        if (ir_v) begin
            if (ir_bad) begin
                t_now = 1'b1; t_cause = VLIW_TRAP_PM_FETCH; t_info = ir_pc[19:0];
            end else begin
                for (s = 6; s >= 0; s = s - 1)
                    if (!legal[s]) begin
                        t_now = 1'b1; t_cause = VLIW_TRAP_ILLEGAL; t_slot = s[2:0];
                        t_info = ir[32*s +: 20];
                    end
                if (!t_now) begin
                    for (s = 2; s >= 0; s = s - 1)
                        if (mem_fault[s] != 3'd0) begin
                            t_now = 1'b1; t_cause = {1'b0, mem_fault[s]}; t_slot = 3'd1 + s[2:0];
                            t_info = mem_addr[s];
                        end
                end
                if (!t_now && wc) begin
                    t_now = 1'b1; t_cause = VLIW_TRAP_WRITE_CONFLICT; t_slot = wc_key[2:0];
                    t_info = {13'd0, wc_key[9:3]};
                end
                if (!t_now && lk_bad) begin
                    t_now = 1'b1; t_cause = VLIW_TRAP_DM_ACCESS; t_slot = 3'd0;
                    t_info = {13'd0, w0[VLIW_F_LK_LO +: 7]};
                end
            end
        end
    end
    // while halted the pipes drain: a conflict there traps at the halt bundle's pc
    wire drain_wc = halted && !trapped && !stop && wc;

    // =====================================================================
    // Issue: memory grants, DMA conditions, lock
    // =====================================================================
    reg  [2:0] done;                // access of this bundle already performed
    wire       at_i   = run && ir_v && !t_now;
    wire [2:0] need   = {mem_op[2], mem_op[1], mem_op[0]};
    assign mreq_valid = {3{at_i}} & need & ~done;
    wire       mem_ok = &(~need | done | mreq_grant);
    wire [1:0] wch    = w0[VLIW_F_D_LO +: 2] == 2'd0 ? 2'b01 : 2'b10;
    wire       dma_ok = !(s_dwait && (dma_idle & wch) == 2'b00) && !(s_dstart && (dma_qfull & wch) != 2'b00);
    wire       lk_op  = s_acq | s_rel;
    assign lk_valid   = at_i && mem_ok && dma_ok && lk_op;
    assign lk_acq     = s_acq;
    assign lk_win     = w0[VLIW_F_LK_LO + 4 +: 3];
    assign lk_idx     = w0[VLIW_F_LK_LO +: 4];
    assign lk_val     = w0[VLIW_F_VAL_LO +: 6];
    wire       lk_ok  = !lk_op || (lk_grant && !lk_ovf);
    assign fire = at_i && mem_ok && dma_ok && lk_ok;
    assign adv  = fire || (halted && !trapped && !stop && !drain_wc);
    assign fen  = run && (!ir_v || fire);


    genvar g;
    generate
        for (g = 0; g < 3; g = g + 1) begin : g_mreq
            assign mreq_write[g]          = mem_st[g];
            assign mreq_win[3*g +: 3]     = mem_addr[g][18:16];
            assign mreq_addr[16*g +: 16]  = mem_addr[g][15:0];
            assign mreq_wdata[256*g +: 256] = g == 2 ? (mem_vec[2] ? V[w3[VLIW_F_D_LO +: 4]] : {8{R[w3[VLIW_F_D_LO +: 4]]}}) : 256'd0;
            assign mreq_wbe[32*g +: 32]   = mem_vec[g] ? 32'hffffffff : (32'hf << {mem_addr[g][4:2], 2'b00});
        end
    endgenerate

    assign bd_we        = fire & s_bdset;
    assign bd_idx       = w0[VLIW_F_D_LO +: 4];
    assign bd_field     = w0[VLIW_F_C_LO +: 5];
    assign bd_data      = sa;
    assign dma_start    = {2{fire & s_dstart}} & wch;
    assign dma_start_bd = w0[VLIW_F_A_LO +: 4];

    // =====================================================================
    // State update
    // =====================================================================
    // loop stack after this edge's push (a loop bundle issuing now)
    wire        lpush  = fire & (s_loop | s_loopi);
    wire [31:0] lcnt_n = s_loopi ? {22'd0, w0[VLIW_F_CNT10_LO +: 10]} : (sa == 32'd0 ? 32'd1 : sa);
    wire [31:0] lend_n = {16'd0, w0[VLIW_F_IMM16_LO +: 16]};
    wire        top_v  = lpush | lv[0];
    wire [31:0] top_s  = lpush ? ir_pc + 32'd1 : ls[0];
    wire [31:0] top_e  = lpush ? lend_n : le[0];
    wire [31:0] top_c  = lpush ? lcnt_n : lc[0];
    wire        lhit   = top_v && fpc == top_e - 32'd1;

    integer z;
    always @(posedge clk) begin
        if (rst) begin
            fpc <= 32'd0; ir_v <= 1'b0; ir_bad <= 1'b0; ir_pc <= 32'd0; halt_pc <= 32'd0;
            br_pend <= 1'b0; br_tgt <= 32'd0;
            lv <= 2'b00; halted <= 1'b0; trapped <= 1'b0; trap_cause <= 4'd0; trap_pc <= 32'd0;
            trap_slot <= 3'd0; trap_info <= 20'd0; done <= 3'd0; cycles <= 64'd0; mul_v <= 1'b0;
            for (z = 0; z < 2; z = z + 1) begin
                ld1_v[z] <= 1'b0; ld2_v[z] <= 1'b0; ld1_pend[z] <= 1'b0;
                ls[z] <= 32'd0; le[z] <= 32'd0; lc[z] <= 32'd0;
            end
            for (z = 0; z < 16; z = z + 1) begin
                R[z] <= (z >= 1 && z <= 8) ? args[32*(z-1) +: 32] : 32'd0;
                V[z] <= 256'd0;
            end
            for (z = 0; z < 8; z = z + 1) begin
                P[z] <= 20'd0; M[z] <= 32'd0; A[z] <= 512'd0;
            end
        end else begin
            if (!stop && !trapped) cycles <= cycles + 64'd1;
            // ---- traps
            if (run && ((ir_v && t_now) || (lk_valid && lk_ovf))) begin
                trapped    <= 1'b1;
                trap_pc    <= ir_pc;
                trap_cause <= t_now ? t_cause : VLIW_TRAP_LOCK_OVERFLOW;
                trap_slot  <= t_now ? t_slot : 3'd0;
                trap_info  <= t_now ? t_info : {13'd0, w0[VLIW_F_LK_LO +: 7]};
            end
            if (drain_wc) begin
                trapped <= 1'b1; trap_pc <= halt_pc; trap_cause <= VLIW_TRAP_WRITE_CONFLICT;
                trap_slot <= wc_key[2:0]; trap_info <= {13'd0, wc_key[9:3]};
            end
            // ---- accesses performed while the bundle waits
            if (fire) done <= 3'd0;
            else if (at_i) done <= done | (need & mreq_grant);
            for (z = 0; z < 2; z = z + 1) if (mrvalid[z]) ldbuf[z] <= mrdata[256*z +: 256];
            // ---- fetch
            if (fen) begin
                ir_v   <= 1'b1;
                ir_pc  <= fpc;
                ir_bad <= fpc >= PM_BUNDLES;
                if (br_pend) begin
                    fpc <= br_tgt; br_pend <= 1'b0;
                end else if (lhit && top_c > 32'd1) begin
                    fpc <= top_s;
                end else begin
                    fpc <= fpc + 32'd1;
                end
                // loop stack: push (a loop bundle issuing now), then count down
                // or pop when the last body bundle is fetched
                if (lhit && top_c <= 32'd1) begin
                    if (!lpush) begin
                        lv[0] <= lv[1]; ls[0] <= ls[1]; le[0] <= le[1]; lc[0] <= lc[1]; lv[1] <= 1'b0;
                    end
                end else begin
                    if (lpush) begin
                        lv[1] <= lv[0]; ls[1] <= ls[0]; le[1] <= le[0]; lc[1] <= lc[0];
                    end
                    if (lpush | lhit) begin
                        lv[0] <= 1'b1; ls[0] <= top_s; le[0] <= top_e;
                        lc[0] <= lhit ? top_c - 32'd1 : top_c;
                    end
                end
            end
            if (fire) begin
                if (s_taken) begin br_pend <= 1'b1; br_tgt <= s_tgt; end
                if (s_halt) begin halted <= 1'b1; ir_v <= 1'b0; halt_pc <= ir_pc; end
            end
            // ---- S mul stage
            if (adv) begin
                mul_v <= fire & s_mul & (w0[VLIW_F_D_LO +: 4] != 4'd0);
                if (fire & s_mul) begin
                    mul_d  <= w0[VLIW_F_D_LO +: 4];
                    mul_lo <= sa * {16'd0, sb[15:0]};
                    mul_hi <= sa[15:0] * sb[31:16];
                end
            end
            // ---- load pipes
            for (z = 0; z < 2; z = z + 1) begin
                if (ld1_pend[z]) begin ld1_data[z] <= mrdata[256*z +: 256]; ld1_pend[z] <= 1'b0; end
                if (adv) begin
                    ld1_v[z]    <= fire & mem_op[z];
                    ld1_vec[z]  <= mem_vec[z];
                    ld1_d[z]    <= wm[z][VLIW_F_D_LO +: 4];
                    ld1_w[z]    <= mem_addr[z][4:2];
                    ld1_pend[z] <= fire & mem_op[z] & mreq_grant[z] & !done[z];
                    if (fire & mem_op[z] & done[z]) ld1_data[z] <= mrvalid[z] ? mrdata[256*z +: 256] : ldbuf[z];
                    ld2_v[z]    <= ld1_v[z];
                    ld2_vec[z]  <= ld1_vec[z];
                    ld2_d[z]    <= ld1_d[z];
                    ld2_w[z]    <= ld1_w[z];
                    ld2_data[z] <= ld1_pend[z] ? mrdata[256*z +: 256] : ld1_data[z];
                end
            end
            // ---- register writes at the edge
            if (fire) begin
                if (s_alu && w0[VLIW_F_D_LO +: 4] != 4'd0) R[w0[VLIW_F_D_LO +: 4]] <= s_res;
                if (s_padd | s_paddm) P[w0[VLIW_F_D_LO +: 3]] <= s_pres;
                for (z = 0; z < 3; z = z + 1)
                    if (mem_op[z] & (mem_pi[z] | mem_pm[z])) P[wm[z][VLIW_F_A_LO +: 3]] <= mem_pnext[z];
                if (mv1_en) begin
                    case (mv1_f)
                        3'd0: if (mv1_d != 4'd0) R[mv1_d] <= mv1_data[31:0];
                        3'd1: P[mv1_d[2:0]] <= mv1_data[19:0];
                        3'd2: M[mv1_d[2:0]] <= mv1_data[31:0];
                        3'd3: V[mv1_d] <= mv1_data[255:0];
                        default: A[mv1_d[2:0]] <= mv1_data;
                    endcase
                end
            end
            if (adv) begin
                if (mul_v) R[mul_d] <= mul_res;
                for (z = 0; z < 2; z = z + 1)
                    if (ld2_v[z]) begin
                        if (ld2_vec[z]) V[ld2_d[z]] <= ld2_data[z];
                        else if (ld2_d[z] != 4'd0) R[ld2_d[z]] <= ld2_data[z][32*ld2_w[z] +: 32];
                    end
                if (mv2_en) begin
                    if (mv2_f == 3'd3) V[mv2_d] <= mv2_data[255:0];
                    else A[mv2_d[2:0]] <= mv2_data;
                end
                if (mac_wen) A[mac_widx] <= mac_wdata;
                for (z = 0; z < 5; z = z + 1)
                    if (vec_len[z]) begin
                        if (vec_lv[z]) V[vec_lidx[4*z +: 4]] <= vec_ldata[512*z +: 256];
                        else A[vec_lidx[4*z +: 3]] <= vec_ldata[512*z +: 512];
                    end
            end
        end
    end

    assign quiet = !mul_v && !ld1_v[0] && !ld1_v[1] && !ld2_v[0] && !ld2_v[1] && !mv2_en &&
                   !mac_busy && !vec_busy;

    assign issue_valid   = fire;
    assign issue_pc      = ir_pc;
    assign ev_slots      = {7{fire}} & ~nop_w;
    wire   stalled       = run && ir_v && !t_now && !fire;
    assign ev_stall_bank = stalled && !mem_ok;
    assign ev_stall_dma  = stalled && mem_ok && !dma_ok;
    assign ev_stall_lock = stalled && mem_ok && dma_ok;
endmodule

`default_nettype wire
