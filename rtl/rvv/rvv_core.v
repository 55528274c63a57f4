// rvv_core — the rvv scalar core: RV32IMF + Zicsr, machine mode, no interrupts.
// Ports and the rest of the machine: docs/rvv_core.md and ISSUE 12's memo.
//
// Pipeline (in order, one instruction per stage, results written in order):
//   IF  fpc (a register) addresses the ITCM; its registered output is the ID word.
//   ID  decode (rvv_decode, rvv_vdecode), register read, bypass, interlock.
//       Operands are resolved here: from EX (ALU-class results), MEM (ALU/div),
//       WB (whatever retires this cycle) or the register files. A source whose
//       youngest producer is in EX without a result yet stalls ID; one whose
//       producer is in MEM/WB without a result is picked up in EX when that
//       producer retires (EX waits for it): the scoreboard interlock.
//   EX  ALU, branch resolve, address + access checks, vset*, div (iterative,
//       EX holds), mul stage 1, fp issue to rvv_fpu.
//   MEM scalar memory request (rvv_mem port), mul stage 2.
//   WB  load data, fpu result (in issue order from a 4-entry queue), CSR access,
//       vector hand-off (vq_*) and vector x/f results (vx_*), register write,
//       retire.
// Timing: taken branches/jumps redirect fpc from EX: 2 bubbles. ALU->use 0,
// load->use 1, mul->use 1, fp op->use RVV_FPU_LAT - 1, div ~34 (docs/rvv_core.md).
// vsetvli/vsetivli set the front vtype (what rvv_vdecode judges by) as they
// leave ID; a vector instruction after a vsetvl (register vtype) waits in ID
// until the vsetvl leaves EX. vl travels from EX (after every elder vset). A CSR instruction
// serialises: younger instructions wait in ID until it has retired.
// Traps are precise: an instruction that traps (ID: fetch fault, illegal,
// ebreak; EX: misaligned/access fault) stops in EX, the older ones drain, the
// younger ones are discarded; then the core stops (trapped). ecall stops the
// same way (halted) once the vector unit is idle. A vector trap stops the
// core at once (imprecise, documented).
`default_nettype none
`include "rvv_fpu_ops.vh"

module rvv_core #(
    parameter integer ITCM_BYTES /* verilator public_flat_rd */ = 65536,
    parameter integer DTCM_BYTES /* verilator public_flat_rd */ = 65536,
    parameter integer VLEN       /* verilator public_flat_rd */ = 128,
    parameter integer NCOUNTERS  /* verilator public_flat_rd */ = 10
) (
    input  wire                    clk,
    input  wire                    rst,
    input  wire [31:0]             entry,
    input  wire [8*32-1:0]         args,
    input  wire [31:0]             dram_bytes,
    // program loading (ITCM part; rvv_top routes by address)
    input  wire                    ld_we,
    input  wire [31:0]             ld_addr,
    input  wire [31:0]             ld_wdata,
    // scalar memory port (rvv_mem)
    output wire                    sreq_valid,
    input  wire                    sreq_ready,
    output wire                    sreq_write,
    output wire [31:0]             sreq_addr,
    output wire [31:0]             sreq_wdata,
    output wire [3:0]              sreq_wstrb,
    input  wire                    sresp_valid,
    input  wire [31:0]             sresp_rdata,
    // vector issue (rvv_vec)
    output wire                    vq_valid,
    input  wire                    vq_ready,
    output wire [31:0]             vq_insn,
    output wire [31:0]             vq_pc,
    output wire [31:0]             vq_xs1,
    output wire [31:0]             vq_xs2,
    output wire [31:0]             vq_fs1,
    output wire [31:0]             vq_vl,
    output wire [7:0]              vq_vtype,
    output wire [2:0]              vq_frm,
    // scalar results of vector instructions
    input  wire                    vx_valid,
    input  wire [4:0]              vx_rd,
    input  wire                    vx_fp,
    input  wire [31:0]             vx_data,
    // vector status
    input  wire                    v_idle,
    input  wire                    v_mem_busy,
    input  wire                    v_trap_valid,
    input  wire [3:0]              v_trap_cause,
    input  wire [31:0]             v_trap_pc,
    input  wire [31:0]             v_trap_info,
    input  wire [4:0]              v_fflags,
    input  wire                    v_fflags_valid,
    // counter events from the vector side
    input  wire                    ev_vec_busy,
    input  wire                    ev_vlsu_busy,
    input  wire                    ev_vstall_hazard,
    input  wire                    ev_vfpu_busy,
    // status
    output wire                    halted,
    output wire                    trapped,
    output wire [3:0]              trap_cause,
    output wire [31:0]             trap_pc,
    output wire [31:0]             trap_info,
    output wire [NCOUNTERS*32-1:0] perf,
    output reg                     retire_valid,   // the instruction retired at the last edge
    output reg  [31:0]             retire_pc,
    output reg  [31:0]             retire_insn
);
    localparam [31:0] ITCM_BASE = 32'h0010_0000;
    localparam [31:0] DTCM_BASE = 32'h0020_0000;
    localparam integer IAW = $clog2(ITCM_BYTES / 4);

    // result classes: when a producer's value exists (bypass readiness)
    localparam [2:0] C_ALU = 3'd0, C_DIV = 3'd1, C_LOAD = 3'd2, C_MUL = 3'd3,
                     C_FPU = 3'd4, C_CSR = 3'd5, C_VX = 3'd6, C_NONE = 3'd7;

    // ------------------------------------------------------------------
    // run state
    reg        halted_r, trapped_r;
    reg [3:0]  cause_r;
    reg [31:0] tpc_r, tinfo_r;
    wire       run = ~halted_r & ~trapped_r;
    assign halted     = halted_r;
    assign trapped    = trapped_r;
    assign trap_cause = cause_r;
    assign trap_pc    = tpc_r;
    assign trap_info  = tinfo_r;

    // ------------------------------------------------------------------
    // forward declarations (pipeline handshakes)
    wire        id_go, ex_go, mem_go, wb_done;
    wire        id_free, ex_free, mem_free, wb_free;
    wire        redirect, ex_stop;
    wire [31:0] redirect_pc;

    // ------------------------------------------------------------------
    // IF
    reg  [31:0] fpc;
    reg         id_valid, id_ffault;
    reg  [31:0] id_pc;
    wire [31:0] id_insn;
    wire [31:0] foff     = fpc - ITCM_BASE;
    wire        fetch_ok = foff < ITCM_BYTES && fpc[1:0] == 2'b00;
    wire        fetch_en = run & ~ex_stop & (redirect | id_free);

    rvv_itcm #(.ITCM_BYTES(ITCM_BYTES), .ITCM_BASE(ITCM_BASE)) u_itcm (
        .clk(clk), .re(fetch_en), .raddr(foff[IAW+1:2]), .q(id_insn),
        .ld_we(ld_we), .ld_addr(ld_addr), .ld_wdata(ld_wdata));

    always @(posedge clk) begin
        if (rst) begin
            fpc      <= entry;
            id_valid <= 1'b0;
        end else if (fetch_en) begin
            id_valid  <= ~redirect;
            id_pc     <= fpc;
            id_ffault <= ~fetch_ok;
            fpc       <= redirect ? redirect_pc : fpc + 32'd4;
        end else if (id_go) begin
            id_valid <= 1'b0;
        end
    end

    // ------------------------------------------------------------------
    // ID: decode
    wire [2:0]  csr_frm;
    wire [31:0] csr_vl;
    wire        d_legal, d_opv, d_b_imm, d_branch, d_jal, d_jalr, d_load, d_store, d_munsigned;
    wire        d_mul, d_div, d_fpu, d_csr, d_csr_write, d_ecall, d_ebreak, d_fence;
    wire        d_use1, d_f1, d_use2, d_f2, d_use3, d_wr, d_wf;
    wire [31:0] d_imm;
    wire [3:0]  d_alu_op;
    wire [1:0]  d_a_sel, d_msize, d_vset;
    wire [4:0]  d_fop;
    wire [2:0]  d_rm;

    rvv_decode u_dec (
        .clk(clk), .rst(rst), .insn(id_insn), .frm(csr_frm), .legal(d_legal), .opv(d_opv), .imm(d_imm),
        .alu_op(d_alu_op), .a_sel(d_a_sel), .b_imm(d_b_imm), .branch(d_branch), .jal(d_jal),
        .jalr(d_jalr), .load(d_load), .store(d_store), .msize(d_msize), .munsigned(d_munsigned),
        .mul(d_mul), .div(d_div), .fpu(d_fpu), .fop(d_fop), .rm(d_rm), .csr(d_csr),
        .csr_write(d_csr_write), .ecall(d_ecall), .ebreak(d_ebreak), .fence(d_fence), .vset(d_vset),
        .use1(d_use1), .f1(d_f1), .use2(d_use2), .f2(d_f2), .use3(d_use3), .wr(d_wr), .wf(d_wf));

    // The front vtype: what the vset* instructions ahead of ID leave. vsetvli and
    // vsetivli set it when they leave ID (immediate vtype), vsetvl when it
    // leaves EX (a vector instruction waits in ID meanwhile). vill reaches
    // rvv_vdecode as a reserved vtype encoding (vsew = 7).
    reg  [8:0]  vtf;        // {vill, vtype[7:0]}
    wire [31:0] vtf_id;
    wire        vtf_id_vill;
    rvv_vtype u_vt_id (.req(d_imm), .vill(vtf_id_vill), .vtype(vtf_id));
    wire [7:0] vd_vtype = vtf[8] ? 8'b0011_1000 : vtf[7:0];
    wire       vd_is_vec, vd_legal, vd_rd_x, vd_rd_f, vd_use_xs1, vd_use_xs2, vd_use_fs1, vd_vmem, vd_vstore;
    // The vector decode (rvv_vdecode's function), memoised as rvv_decode is: the
    // last edge's word, front vtype and result are kept, and rvv_vdec runs only
    // when one of the two inputs changed (Verilator evaluates every combinational
    // block on every clock; this one was ~15% of a simulated cycle, mostly spent
    // re-deciding the vector instruction held in ID while the queue is full).
`include "rvv_vdecode.vh"
    reg  [31:0] vdm_insn;
    reg  [7:0]  vdm_vtype;
    reg         vdm_ok;
    reg  [8:0]  vdm_out, vd_out;
    always @(*) begin
        if (vdm_ok && vdm_insn == id_insn && vdm_vtype == vd_vtype) vd_out = vdm_out;
        else                                                        vd_out = rvv_vdec(id_insn, vd_vtype);
    end
    always @(posedge clk) begin
        vdm_ok    <= ~rst;
        vdm_insn  <= id_insn;
        vdm_vtype <= vd_vtype;
        vdm_out   <= vd_out;
    end
    assign {vd_is_vec, vd_legal, vd_rd_x, vd_rd_f, vd_use_xs1, vd_use_xs2, vd_use_fs1, vd_vmem, vd_vstore} = vd_out;

    wire       csr_id_legal;
    wire [4:0] id_rd  = id_insn[11:7];
    wire [4:0] id_rs1 = id_insn[19:15];
    wire [4:0] id_rs2 = id_insn[24:20];
    wire [4:0] id_rs3 = id_insn[31:27];

    // vector fp arithmetic (OPFVV/OPFVF) rounds with frm: only RNE/RTZ exist
    wire id_vfp     = id_insn[6:0] == 7'b1010111 && (id_insn[14:12] == 3'd1 || id_insn[14:12] == 3'd5);
    wire id_vec     = d_opv & vd_is_vec;
    wire id_illegal = d_opv ? ~(vd_is_vec & vd_legal & ~(id_vfp & csr_frm[2:1] != 2'b00))
                            : (~d_legal | (d_csr & ~csr_id_legal));
    wire id_trap    = id_ffault | id_illegal | d_ebreak;
    wire [3:0]  id_tcause = id_ffault ? 4'd1 : id_illegal ? 4'd2 : 4'd3;
    wire [31:0] id_tinfo  = id_ffault ? id_pc : id_illegal ? id_insn : id_pc;

    // operand use (scalar decode or the vector decode's x/f operands)
    wire id_u1 = id_vec ? (vd_use_xs1 | vd_use_fs1) : d_use1;
    wire id_f1 = id_vec ? vd_use_fs1 : d_f1;
    wire id_u2 = id_vec ? vd_use_xs2 : d_use2;
    wire id_f2 = ~id_vec & d_f2;
    wire id_wr = id_vec ? ((vd_rd_x & id_rd != 5'd0) | vd_rd_f) : d_wr;
    wire id_wf = id_vec ? vd_rd_f : d_wf;
    wire [2:0] id_cls = id_vec ? C_VX : d_csr ? C_CSR : d_load ? C_LOAD : d_mul ? C_MUL :
                        d_div ? C_DIV : d_fpu ? C_FPU : C_ALU;

    // register files
    wire [63:0] xr;
    wire [95:0] fr;
    wire        xw_en, fw_en;
    wire [31:0] wb_result;
    reg  [4:0]  wb_rd;
    rvv_regfile #(.NREAD(2), .ZERO_R0(1), .INIT_R0(10), .NINIT(8)) u_xrf (
        .clk(clk), .rst(rst), .init(args), .raddr({id_rs2, id_rs1}), .rdata(xr),
        .we(xw_en), .waddr(wb_rd), .wdata(wb_result));
    rvv_regfile #(.NREAD(3), .ZERO_R0(0), .INIT_R0(0), .NINIT(1)) u_frf (
        .clk(clk), .rst(rst), .init(32'd0), .raddr({id_rs3, id_rs2, id_rs1}), .rdata(fr),
        .we(fw_en), .waddr(wb_rd), .wdata(wb_result));

    // producers in EX / MEM / WB (declared with their stages below)
    reg         ex_valid, mem_valid, wb_valid;
    reg         ex_wr, ex_wf, mem_wr, mem_wf, wb_wr, wb_wf;
    reg  [4:0]  ex_rd, mem_rd;
    reg  [2:0]  ex_cls, mem_cls, wb_cls;
    reg  [31:0] mem_res;
    wire [31:0] ex_result;

    // bypass: the youngest producer of a source decides. No value yet: in EX,
    // ID waits; in MEM or WB, the instruction may go on to EX and pick the
    // value up there when its producer retires (a late operand, below).
    wire [2:0]  src_use = {d_use3 & ~id_vec, id_u2, id_u1};
    wire [2:0]  src_f   = {1'b1, id_f2, id_f1};
    wire [14:0] src_idx = {id_rs3, id_rs2, id_rs1};
    wire [95:0] src_rf  = {fr[95:64], id_f2 ? fr[63:32] : xr[63:32], id_f1 ? fr[31:0] : xr[31:0]};
    reg  [95:0] src_val;
    reg  [2:0]  src_late;
    reg         raw_wait;
    always @(*) begin : bypass
        integer s;   // loop index local to the block (a module-level one can become a latch)
        raw_wait = 1'b0;
        src_late = 3'b000;
        src_val  = src_rf;
        for (s = 0; s < 3; s = s + 1) begin
            if (ex_valid && ex_wr && ex_wf == src_f[s] && ex_rd == src_idx[s*5 +: 5]) begin
                src_val[s*32 +: 32] = ex_result;
                if (ex_cls != C_ALU && src_use[s]) raw_wait = 1'b1;
            end else if (mem_valid && mem_wr && mem_wf == src_f[s] && mem_rd == src_idx[s*5 +: 5]) begin
                src_val[s*32 +: 32] = mem_res;
                src_late[s] = mem_cls != C_ALU && mem_cls != C_DIV && src_use[s];
            end else if (wb_valid && wb_wr && wb_wf == src_f[s] && wb_rd == src_idx[s*5 +: 5]) begin
                src_val[s*32 +: 32] = wb_result;
                src_late[s] = !wb_done && src_use[s];
            end
        end
    end

    // structural waits in ID
    reg  ex_csr, mem_csr, wb_csr;
    reg  [1:0] ex_vset;
    wire csr_busy = (ex_valid & ex_csr) | (mem_valid & mem_csr) | (wb_valid & wb_csr);
    // (legality itself depends on frm and vtype: the CSR and vset waits hold a
    // would-be trap too, so it is judged against the state its elders leave)
    wire id_wait  = (~id_trap & raw_wait) | csr_busy | (d_opv & ex_valid & ex_vset == 2'd3);
    assign id_go   = run & ~ex_stop & ~redirect & id_valid & ex_free & ~id_wait;
    assign id_free = ~id_valid | id_go;

    // ------------------------------------------------------------------
    // EX stage registers
    reg  [31:0] ex_pc, ex_insn, ex_ra, ex_rb, ex_rc, ex_imm;
    reg  [2:0]  ex_late, ex_srcf;   // operand still to come from WB; its file
    wire [2:0]  ex_cap;             // ... and it comes now
    reg  [3:0]  ex_alu_op;
    reg  [1:0]  ex_a_sel, ex_msize;
    reg         ex_b_imm, ex_branch, ex_jal, ex_jalr, ex_load, ex_store, ex_munsigned;
    reg         ex_mul, ex_div, ex_fpu, ex_csr_write, ex_ecall, ex_fence, ex_vec, ex_vmem;
    reg  [4:0]  ex_fop;
    reg  [2:0]  ex_rm;
    reg         ex_trap, ex_fissued;
    reg  [3:0]  ex_tcause;
    reg  [31:0] ex_tinfo;
    reg  [7:0]  ex_vtype;
    wire        ok = ~id_trap;

    always @(posedge clk) begin
        if (rst) begin
            ex_valid <= 1'b0;
        end else if (id_go) begin
            ex_valid     <= 1'b1;
            ex_pc        <= id_pc;
            ex_insn      <= id_insn;
            ex_ra        <= src_val[31:0];
            ex_rb        <= src_val[63:32];
            ex_rc        <= src_val[95:64];
            ex_late      <= ok ? src_late : 3'b000;
            ex_srcf      <= src_f;
            ex_imm       <= d_imm;
            ex_alu_op    <= d_alu_op;
            ex_a_sel     <= d_a_sel;
            ex_b_imm     <= d_b_imm;
            ex_branch    <= ok & d_branch;
            ex_jal       <= ok & d_jal;
            ex_jalr      <= ok & d_jalr;
            ex_load      <= ok & d_load;
            ex_store     <= ok & d_store;
            ex_msize     <= d_msize;
            ex_munsigned <= d_munsigned;
            ex_mul       <= ok & d_mul;
            ex_div       <= ok & d_div;
            ex_fpu       <= ok & d_fpu;
            ex_fop       <= d_fop;
            ex_rm        <= d_rm;
            ex_csr       <= ok & d_csr;
            ex_csr_write <= d_csr_write;
            ex_ecall     <= ok & d_ecall;
            ex_fence     <= ok & d_fence;
            ex_vset      <= ok ? d_vset : 2'd0;
            ex_vec       <= ok & id_vec;
            ex_vmem      <= ok & id_vec & vd_vmem;
            ex_wr        <= ok & id_wr;
            ex_wf        <= id_wf;
            ex_rd        <= id_rd;
            ex_cls       <= id_wr ? id_cls : C_NONE;
            ex_trap      <= id_trap;
            ex_tcause    <= id_tcause;
            ex_tinfo     <= id_tinfo;
            ex_fissued   <= 1'b0;
            ex_vtype     <= vtf[7:0];
        end else if (ex_go) begin
            ex_valid <= 1'b0;
        end else begin
            if (ex_fpu && fpu_in_valid && fpu_in_ready) ex_fissued <= 1'b1;
            if (ex_cap[0]) ex_ra <= wb_result;
            if (ex_cap[1]) ex_rb <= wb_result;
            if (ex_cap[2]) ex_rc <= wb_result;
            ex_late <= ex_late & ~ex_cap;
        end
    end

    // late operands: the first instruction to retire writing the source register
    // after this one entered EX is its producer (the youngest older writer)
    genvar gs;
    generate
        for (gs = 0; gs < 3; gs = gs + 1) begin : g_cap
            assign ex_cap[gs] = ex_late[gs] & wb_done & wb_wr & wb_wf == ex_srcf[gs] &
                                wb_rd == (gs == 0 ? ex_insn[19:15] : gs == 1 ? ex_insn[24:20] : ex_insn[31:27]);
        end
    endgenerate
    wire        ex_ops_ok = (ex_late & ~ex_cap) == 3'b000;
    wire [31:0] ex_a = ex_late[0] ? wb_result : ex_ra;
    wire [31:0] ex_b = ex_late[1] ? wb_result : ex_rb;
    wire [31:0] ex_c = ex_late[2] ? wb_result : ex_rc;

    // ------------------------------------------------------------------
    // EX: ALU, branches, addresses
    wire [31:0] alu_a = ex_a_sel == 2'd1 ? ex_pc : ex_a_sel == 2'd2 ? 32'd0 : ex_a;
    wire [31:0] alu_b = ex_b_imm ? ex_imm : ex_b;
    wire [31:0] alu_y;
    rvv_alu u_alu (.op(ex_alu_op), .a(alu_a), .b(alu_b), .y(alu_y));

    wire [31:0] agen = ((ex_jalr | ex_load | ex_store) ? ex_a : ex_pc) + ex_imm;
    reg         br_cond;
    always @(*) begin
        case (ex_insn[14:12])
            3'd0:    br_cond = ex_a == ex_b;
            3'd1:    br_cond = ex_a != ex_b;
            3'd4:    br_cond = $signed(ex_a) <  $signed(ex_b);
            3'd5:    br_cond = $signed(ex_a) >= $signed(ex_b);
            3'd6:    br_cond = ex_a <  ex_b;
            default: br_cond = ex_a >= ex_b;
        endcase
    end
    wire ex_taken = ex_jal | ex_jalr | (ex_branch & br_cond);
    assign redirect    = ex_go & ex_taken;
    assign redirect_pc = ex_jalr ? {agen[31:1], 1'b0} : agen;

    // vset{i}vl{i}: vl = min(AVL, VLMAX) for the new vtype, vill for a reserved one
    wire [31:0] vt_new  = ex_vset == 2'd3 ? ex_b : ex_vset == 2'd2 ? {22'd0, ex_imm[9:0]} : {21'd0, ex_imm[10:0]};
    wire [2:0]  vt_lmul = vt_new[2:0];
    wire [2:0]  vt_sew  = vt_new[5:3];
    wire        vt_vill;
    wire [31:0] vtype_new;
    rvv_vtype u_vt_ex (.req(vt_new), .vill(vt_vill), .vtype(vtype_new));
    wire [31:0] vlmax_m1 = (VLEN >> (3 + vt_sew));
    wire [31:0] vlmax    = vt_lmul[2] ? vlmax_m1 >> (3'd0 - vt_lmul) : vlmax_m1 << vt_lmul;
    wire [4:0]  ex_rs1f  = ex_insn[19:15];
    wire [31:0] avl      = ex_vset == 2'd2 ? {27'd0, ex_rs1f} :
                           ex_rs1f != 5'd0 ? ex_a : ex_rd == 5'd0 ? csr_vl : 32'hffff_ffff;
    wire [31:0] vl_new   = vt_vill ? 32'd0 : (avl < vlmax ? avl : vlmax);

    always @(posedge clk) begin
        if (rst)                                                    vtf <= 9'h100;
        else if (id_go && ok && (d_vset == 2'd1 || d_vset == 2'd2)) vtf <= {vtf_id_vill, vtf_id[7:0]};
        else if (ex_go && ex_vset == 2'd3)                          vtf <= {vt_vill, vtype_new[7:0]};
    end

    assign ex_result = ex_vset != 2'd0 ? vl_new : (ex_jal | ex_jalr) ? ex_pc + 32'd4 : alu_y;

    // memory access checks (precise: in EX, before anything is sent)
    wire ex_mem   = ex_load | ex_store;
    wire mis      = (ex_msize == 2'd1 & agen[0]) | (ex_msize == 2'd2 & agen[1:0] != 2'b00);
    wire in_dtcm  = agen - DTCM_BASE < DTCM_BYTES;
    wire in_dram  = agen[31] & ((agen - 32'h8000_0000) < dram_bytes);
    wire acc_bad  = ~(in_dtcm | in_dram);
    wire ex_trap_all = ex_trap | (ex_mem & ex_ops_ok & (mis | acc_bad));
    wire [3:0]  ex_cause = ex_trap ? ex_tcause : {2'b01, ex_store, ~mis};
    wire [31:0] ex_info  = ex_trap ? ex_tinfo : agen;
    assign ex_stop = ex_valid & (ex_trap_all | ex_ecall);

    // divider (EX holds until the quotient/remainder is there)
    wire        div_busy, div_done;
    wire [31:0] div_res;
    rvv_div u_div (
        .clk(clk), .rst(rst), .start(ex_valid & ex_div & ex_ops_ok & ~div_busy & ~div_done),
        .op(ex_insn[13:12]), .a(ex_a), .b(ex_b), .clear(ex_go & ex_div),
        .busy(div_busy), .done(div_done), .result(div_res));

    // fpu issue (once per instruction, results come back in order)
    wire        fpu_in_valid = run & ex_valid & ex_fpu & ~ex_fissued & ex_ops_ok;
    wire        fpu_in_ready, fpu_out_valid;
    wire [31:0] fpu_out;
    wire [4:0]  fpu_flags;
    wire        fpu_out_tag;
    rvv_fpu #(.TAGW(1)) u_fpu (
        .clk(clk), .rst(rst), .in_valid(fpu_in_valid), .in_ready(fpu_in_ready), .op(ex_fop),
        .rm({2'b00, ex_rm[0]}), .a(ex_a), .b(ex_b), .c(ex_c), .tag(1'b0), .out_valid(fpu_out_valid),
        .out(fpu_out), .flags(fpu_flags), .out_tag(fpu_out_tag));

    wire ex_wait = ~ex_ops_ok | (ex_div & ~div_done) | (ex_fpu & ~ex_fissued & ~fpu_in_ready);
    assign ex_go   = run & ex_valid & mem_free & ~ex_wait & ~ex_stop;
    assign ex_free = ~ex_valid | ex_go;

    // mul (stage 1 here, stage 2 in MEM, product in WB)
    wire [31:0] mul_res;
    rvv_mul u_mul (.clk(clk), .en1(ex_go & ex_mul), .en2(mem_go), .op(ex_insn[13:12]),
                   .a(ex_a), .b(ex_b), .result(mul_res));

    // ------------------------------------------------------------------
    // MEM stage registers
    reg  [31:0] mem_pc, mem_insn, mem_a, mem_b, mem_addr, mem_vl;
    reg  [7:0]  mem_vtype;
    reg  [1:0]  mem_msize;
    reg         mem_load, mem_store, mem_munsigned, mem_fpu, mem_csr_write, mem_fence;
    reg         mem_vec, mem_vmem;

    always @(posedge clk) begin
        if (rst) begin
            mem_valid <= 1'b0;
        end else if (ex_go) begin
            mem_valid     <= 1'b1;
            mem_pc        <= ex_pc;
            mem_insn      <= ex_insn;
            mem_res       <= ex_div ? div_res : ex_result;
            mem_a         <= ex_a;
            mem_b         <= ex_b;
            mem_addr      <= agen;
            mem_msize     <= ex_msize;
            mem_load      <= ex_load;
            mem_store     <= ex_store;
            mem_munsigned <= ex_munsigned;
            mem_fpu       <= ex_fpu;
            mem_csr       <= ex_csr;
            mem_csr_write <= ex_csr_write;
            mem_fence     <= ex_fence;
            mem_vec       <= ex_vec;
            mem_vmem      <= ex_vmem;
            mem_wr        <= ex_wr;
            mem_wf        <= ex_wf;
            mem_rd        <= ex_rd;
            mem_cls       <= ex_cls;
            mem_vl        <= csr_vl;     // every elder vset has left EX: vl is theirs
            mem_vtype     <= ex_vtype;
        end else if (mem_go) begin
            mem_valid <= 1'b0;
        end
    end

    // MEM: the scalar memory request. Waits while the vector unit has memory
    // work (v_mem_busy), while WB holds a vector memory instruction not yet
    // handed over, and one cycle after the hand-off (v_mem_busy's latency).
    reg  wb_vec, wb_vmem, vmem_guard;
    wire mem_acc = mem_load | mem_store;
    assign sreq_valid = run & mem_valid & mem_acc & wb_free & ~v_mem_busy & ~vmem_guard &
                        ~(wb_valid & wb_vec & wb_vmem);
    assign sreq_write = mem_store;
    assign sreq_addr  = {mem_addr[31:2], 2'b00};
    assign sreq_wdata = mem_b << {mem_addr[1:0], 3'b000};
    assign sreq_wstrb = (mem_msize == 2'd0 ? 4'b0001 : mem_msize == 2'd1 ? 4'b0011 : 4'b1111) << mem_addr[1:0];
    wire mem_wait = mem_acc & ~(sreq_valid & sreq_ready);
    assign mem_go   = run & mem_valid & wb_free & ~mem_wait;
    assign mem_free = ~mem_valid | mem_go;

    // ------------------------------------------------------------------
    // WB stage registers
    reg  [31:0] wb_pc, wb_insn, wb_res, wb_a, wb_b, wb_vl;
    reg  [7:0]  wb_vtype;
    reg  [1:0]  wb_alo, wb_msize;
    reg         wb_load, wb_munsigned, wb_fpu, wb_csr_write, wb_fence, wb_vsent;

    always @(posedge clk) begin
        if (rst) begin
            wb_valid <= 1'b0;
        end else if (mem_go) begin
            wb_valid     <= 1'b1;
            wb_pc        <= mem_pc;
            wb_insn      <= mem_insn;
            wb_res       <= mem_res;
            wb_a         <= mem_a;
            wb_b         <= mem_b;
            wb_alo       <= mem_addr[1:0];
            wb_msize     <= mem_msize;
            wb_load      <= mem_load;
            wb_munsigned <= mem_munsigned;
            wb_fpu       <= mem_fpu;
            wb_csr       <= mem_csr;
            wb_csr_write <= mem_csr_write;
            wb_fence     <= mem_fence;
            wb_vec       <= mem_vec;
            wb_vmem      <= mem_vmem;
            wb_wr        <= mem_wr;
            wb_wf        <= mem_wf;
            wb_rd        <= mem_rd;
            wb_cls       <= mem_cls;
            wb_vl        <= mem_vl;
            wb_vtype     <= mem_vtype;
            wb_vsent     <= 1'b0;
        end else if (wb_done) begin
            wb_valid <= 1'b0;
        end else if (vq_valid && vq_ready) begin
            wb_vsent <= 1'b1;
        end
    end

    // fpu results queue (at most 3 in flight: EX, MEM, WB). A result that
    // arrives while the queue is empty and its instruction waits in WB is taken
    // straight from the fpu's output register.
    reg  [36:0] fq [0:3];
    reg  [1:0]  fq_rd, fq_wr;
    reg  [2:0]  fq_n;
    wire        fq_empty = fq_n == 3'd0;
    wire        fq_avail = ~fq_empty | fpu_out_valid;
    wire [36:0] fq_head  = fq_empty ? {fpu_flags, fpu_out} : fq[fq_rd];
    wire        fq_pop   = wb_done & wb_fpu;
    wire        fq_push  = fpu_out_valid & ~(fq_empty & fq_pop);
    wire        fq_take  = fq_pop & ~fq_empty;
    always @(posedge clk) begin
        if (rst) begin
            fq_rd <= 2'd0;
            fq_wr <= 2'd0;
            fq_n  <= 3'd0;
        end else begin
            if (fq_push) begin
                fq[fq_wr] <= {fpu_flags, fpu_out};
                fq_wr     <= fq_wr + 2'd1;
            end
            if (fq_take) fq_rd <= fq_rd + 2'd1;
            fq_n <= fq_n + {2'd0, fq_push} - {2'd0, fq_take};
        end
    end

    // WB: load data
    wire [31:0] ld_sh = sresp_rdata >> {wb_alo, 3'b000};
    wire [31:0] ld_data = wb_msize == 2'd0 ? {{24{~wb_munsigned & ld_sh[7]}}, ld_sh[7:0]} :
                          wb_msize == 2'd1 ? {{16{~wb_munsigned & ld_sh[15]}}, ld_sh[15:0]} : ld_sh;

    // WB: CSR access (fflags/fcsr wait until the vector unit has reported its flags)
    wire [11:0] wb_csr_addr = wb_insn[31:20];
    wire        wb_csr_ff   = wb_csr_addr == 12'h001 || wb_csr_addr == 12'h003;
    wire [31:0] csr_rdata;

    assign vq_valid = run & wb_valid & wb_vec & ~wb_vsent;
    wire vq_fire = vq_valid & vq_ready;
    wire wb_wait = (wb_load & ~sresp_valid) |
                   (wb_fpu & ~fq_avail) |
                   (wb_vec & (wb_cls == C_VX ? ~(wb_vsent & vx_valid) : ~vq_ready)) |
                   ((wb_fence | (wb_csr & wb_csr_ff)) & ~v_idle);
    assign wb_done = run & wb_valid & ~wb_wait;
    assign wb_free = ~wb_valid | wb_done;

    assign wb_result = wb_cls == C_LOAD ? ld_data : wb_cls == C_MUL ? mul_res :
                       wb_cls == C_FPU  ? fq_head[31:0] : wb_cls == C_CSR ? csr_rdata :
                       wb_cls == C_VX   ? vx_data : wb_res;
    assign xw_en = wb_done & wb_wr & ~wb_wf;
    assign fw_en = wb_done & wb_wr & wb_wf;

    always @(posedge clk) begin
        if (rst) vmem_guard <= 1'b0;
        else     vmem_guard <= vq_fire & wb_vmem;
    end

    assign vq_insn  = wb_insn;
    assign vq_pc    = wb_pc;
    assign vq_xs1   = wb_a;
    assign vq_fs1   = wb_a;
    assign vq_xs2   = wb_b;
    assign vq_vl    = wb_vl;
    assign vq_vtype = wb_vtype;
    assign vq_frm   = csr_frm;

    // ------------------------------------------------------------------
    // halt / trap
    wire drained  = ~mem_valid & ~wb_valid;
    wire halt_now = run & ex_valid & ex_ecall & ~ex_trap_all & drained & v_idle;
    wire trap_now = run & ex_valid & ex_trap_all & drained & v_idle;

    always @(posedge clk) begin
        if (rst) begin
            halted_r  <= 1'b0;
            trapped_r <= 1'b0;
            cause_r   <= 4'd0;
            tpc_r     <= 32'd0;
            tinfo_r   <= 32'd0;
        end else if (run && v_trap_valid) begin
            trapped_r <= 1'b1;
            cause_r   <= v_trap_cause;
            tpc_r     <= v_trap_pc;
            tinfo_r   <= v_trap_info;
        end else if (trap_now) begin
            trapped_r <= 1'b1;
            cause_r   <= ex_cause;
            tpc_r     <= ex_pc;
            tinfo_r   <= ex_info;
        end else if (halt_now) begin
            halted_r <= 1'b1;
        end
    end

    // retire port, registered: after the edge it names the instruction that
    // retired at it, whose x/f write is then visible (co-simulation reads it so)
    wire retiring = wb_done | halt_now;
    always @(posedge clk) begin
        if (rst) begin
            retire_valid <= 1'b0;
        end else begin
            retire_valid <= retiring;
            if (retiring) begin
                retire_pc   <= halt_now ? ex_pc : wb_pc;
                retire_insn <= halt_now ? ex_insn : wb_insn;
            end
        end
    end

    // ------------------------------------------------------------------
    // CSRs and counters
    wire [4:0] ff_set = (fq_pop ? fq_head[36:32] : 5'd0) | (v_fflags_valid ? v_fflags : 5'd0);

    // stall attribution: the oldest waiting stage says why
    wire st_wb  = wb_valid & wb_wait;
    wire st_mem = ~st_wb & mem_valid & mem_wait & wb_free;
    wire st_ex  = ~st_wb & ~st_mem & ex_valid & ex_wait & mem_free;
    wire st_id  = ~st_wb & ~st_mem & ~st_ex & id_valid & id_wait & ex_free & ~ex_stop;
    wire st_raw = st_id | st_ex | (st_wb & wb_fpu);
    wire st_vq  = st_wb & (wb_vec | wb_fence | wb_csr);
    wire st_mm  = st_mem | (st_wb & wb_load);

    reg [1:0] flush_left;
    reg [2:0] fpu_inflight;
    always @(posedge clk) begin
        if (rst) begin
            flush_left   <= 2'd0;
            fpu_inflight <= 3'd0;
        end else begin
            flush_left   <= redirect ? 2'd2 : (flush_left != 2'd0 && run) ? flush_left - 2'd1 : flush_left;
            fpu_inflight <= fpu_inflight + {2'd0, fpu_in_valid & fpu_in_ready} - {2'd0, fq_pop};
        end
    end

    wire [9:0] ev = {flush_left != 2'd0,
                     fpu_inflight != 3'd0 | ev_vfpu_busy,
                     ev_vstall_hazard,
                     st_mm, st_vq, st_raw,
                     ev_vlsu_busy, ev_vec_busy,
                     retiring, 1'b1};
    wire [NCOUNTERS-1:0] inc;
    genvar gi;
    generate
        for (gi = 0; gi < NCOUNTERS; gi = gi + 1) begin : g_inc
            if (gi < 10) begin : g_ev
                assign inc[gi] = run & ev[gi];
            end else begin : g_zero
                assign inc[gi] = 1'b0;
            end
        end
    endgenerate

    rvv_csr #(.NCOUNTERS(NCOUNTERS), .VLEN(VLEN)) u_csr (
        .clk(clk), .rst(rst),
        .id_addr(id_insn[31:20]), .id_write(d_csr_write), .id_legal(csr_id_legal),
        .wb_en(wb_done & wb_csr), .wb_addr(wb_csr_addr), .wb_op(wb_insn[13:12]), .wb_write(wb_csr_write),
        .wb_src(wb_insn[14] ? {3'd0, wb_insn[19:15]} : wb_a[7:0]), .wb_rdata(csr_rdata),
        .fflags_set(ff_set),
        .vset_we(ex_go & ex_vset != 2'd0), .vset_vl(vl_new), .vset_vtype(vtype_new),
        .frm(csr_frm), .vl(csr_vl),
        .inc(inc), .perf(perf));

    // inputs this core does not need (the memo's ports carry them for others)
    wire unused = &{1'b0, vx_rd, vx_fp, vd_vstore, fpu_out_tag, ex_rm[2:1], vtf_id[31:8], 1'b0};
endmodule

`default_nettype wire
