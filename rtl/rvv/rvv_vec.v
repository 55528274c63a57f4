// rvv_vec — the vector unit (Zve32f, RVV 1.0 subset). Ports are final (ISSUE12 H2);
// the body is filled in behind them.
`default_nettype none

module rvv_vec #(
    parameter integer VLEN     = 128,   // bits per vector register
    parameter integer LANES    = 4,     // 32-bit lanes: VLEN/(32*LANES) cycles per register
    parameter integer VQ_DEPTH = 8      // vector instruction queue entries
) (
    input  wire              clk,
    input  wire              rst,
    // issue from the scalar core (program order)
    input  wire              vq_valid,
    output wire              vq_ready,
    input  wire [31:0]       vq_insn,
    input  wire [31:0]       vq_pc,
    input  wire [31:0]       vq_xs1,
    input  wire [31:0]       vq_xs2,
    input  wire [31:0]       vq_fs1,
    input  wire [31:0]       vq_vl,
    input  wire [7:0]        vq_vtype,     // {vma, vta, vsew[2:0], vlmul[2:0]}
    input  wire [2:0]        vq_frm,
    // scalar results (vmv.x.s, vfmv.f.s, vcpop.m, vfirst.m)
    output wire              vx_valid,
    output wire [4:0]        vx_rd,
    output wire              vx_fp,
    output wire [31:0]       vx_data,
    // status
    output wire              v_idle,
    output wire              v_mem_busy,
    output wire              v_trap_valid,
    output wire [3:0]        v_trap_cause,
    output wire [31:0]       v_trap_pc,
    output wire [31:0]       v_trap_info,
    output wire [4:0]        v_fflags,
    output wire              v_fflags_valid,
    // counter events
    output wire              ev_vec_busy,
    output wire              ev_vlsu_busy,
    output wire              ev_vstall_hazard,
    output wire              ev_vfpu_busy,
    // VLSU dispatch (program order, after the scoreboard allows it)
    output wire              vl_valid,
    input  wire              vl_ready,
    output wire [31:0]       vl_insn,
    output wire [31:0]       vl_pc,
    output wire [31:0]       vl_base,
    output wire [31:0]       vl_stride,
    output wire [31:0]       vl_vl,
    output wire [7:0]        vl_vtype,
    // VRF read port for the VLSU (combinational)
    input  wire [4:0]        vlr_idx,
    output wire [VLEN-1:0]   vlr_data,
    // VRF write port for the VLSU
    input  wire              vlw_valid,
    input  wire [4:0]        vlw_idx,
    input  wire [VLEN/8-1:0] vlw_be,
    input  wire [VLEN-1:0]   vlw_data,
    // completion: one pulse per dispatched instruction, in order
    input  wire              vl_done,
    // VLSU access fault (reported when the access executes: imprecise)
    input  wire              vl_trap_valid,
    input  wire [3:0]        vl_trap_cause,
    input  wire [31:0]       vl_trap_pc,
    input  wire [31:0]       vl_trap_info
);
    /* verilator lint_off UNUSEDPARAM */
    localparam integer SHELL_ = LANES + VQ_DEPTH;
    /* verilator lint_on UNUSEDPARAM */
    assign vq_ready = 1'b0;
    assign vx_valid = 1'b0;
    assign vx_rd = 5'd0;
    assign vx_fp = 1'b0;
    assign vx_data = 32'd0;
    assign v_idle = 1'b1;
    assign v_mem_busy = 1'b0;
    assign v_trap_valid = vl_trap_valid;
    assign v_trap_cause = vl_trap_cause;
    assign v_trap_pc = vl_trap_pc;
    assign v_trap_info = vl_trap_info;
    assign v_fflags = 5'd0;
    assign v_fflags_valid = 1'b0;
    assign ev_vec_busy = 1'b0;
    assign ev_vlsu_busy = 1'b0;
    assign ev_vstall_hazard = 1'b0;
    assign ev_vfpu_busy = 1'b0;
    assign vl_valid = 1'b0;
    assign vl_insn = 32'd0;
    assign vl_pc = 32'd0;
    assign vl_base = 32'd0;
    assign vl_stride = 32'd0;
    assign vl_vl = 32'd0;
    assign vl_vtype = 8'd0;
    assign vlr_data = {VLEN{1'b0}};
    wire unused = &{1'b0, clk, rst, vq_valid, vq_insn, vq_pc, vq_xs1, vq_xs2, vq_fs1, vq_vl, vq_vtype, vq_frm,
                    vl_ready, vlr_idx, vlw_valid, vlw_idx, vlw_be, vlw_data, vl_done};
endmodule

`default_nettype wire
