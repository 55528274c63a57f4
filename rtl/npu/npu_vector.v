// npu_vector — vector unit and the vector SRAM it computes on.
//
// Pipeline (latency NPU_VEC_LAT = 2), every instruction but the special functions:
//   issue edge : operand rows (and the old destination row, for vmacs) are read
//                from the SRAM into the S2 registers;
//   S2 edge    : all VLEN lanes are computed (bf16 -> fp32 -> op -> bf16) and the
//                active lanes written back; reductions write the fp result to the
//                wbf_* register, which the core forwards and retires one edge later.
// A dependent instruction issued the cycle after would read the old row: the core
// stalls it using the s2_* outputs (hazards are interlocked, never exposed).
// vexp, vrecip and vrsqrt go to the shared special-function unit (npu_sfu:
// SFU_LANES pipelined lanes, VLEN/SFU_LANES cycles per row, latency
// VLEN/SFU_LANES - 1 + SFU_LAT), which reads its operand row at the issue edge
// and writes the destination row group by group; the core interlocks on its
// sfu_* outputs.
//
// The SRAM is two-way banked by row parity in a physical implementation, which is
// what lets the DMA write (and read) two adjacent rows per cycle: a beat that is
// not aligned to a row straddles rows k-1 and k. Here it is a flop array with
// lane-masked write ports.
//
// The arithmetic lives in functions (rtl/common/kc_fp_funcs.vh) called inside the
// clocked case, so a simulator only evaluates the selected operation.
`default_nettype none

`define NPU_ISA_MACROS_ONLY
`include "npu_isa.vh"
`undef NPU_ISA_MACROS_ONLY

module npu_vector #(
    parameter integer VLEN  = `NPU_VLEN,
    parameter integer VROWS = `NPU_VROWS,
    parameter integer MLEN  = `NPU_MLEN,
    parameter integer SFU_LANES = `NPU_SFU_LANES,
    parameter integer ROWW  = $clog2(VROWS),
    parameter integer W     = VLEN * 16,
    parameter integer FRW   = $clog2(`NPU_NFREGS),   // fp register index
    parameter integer MRW   = $clog2(MLEN + 1)       // mrows, 1..MLEN
) (
    input  wire            clk,
    input  wire            rst,
    // issue (from the core; valid only when the core really issues)
    input  wire            iss_valid,
    input  wire [5:0]      iss_funct,
    input  wire [ROWW-1:0] iss_rd,      // destination row (also read: vmacs)
    input  wire [ROWW-1:0] iss_ra,
    input  wire [ROWW-1:0] iss_rb,
    input  wire [31:0]     iss_fs,      // scalar operand (forwarded fp register)
    input  wire [FRW-1:0]  iss_fd,      // fp destination (reductions)
    input  wire [VLEN-1:0] iss_lanes,   // active lanes (from vmask)
    // hazard view of the instruction in S2
    output wire            s2_busy,
    output wire            s2_wrow,     // S2 will write row s2_row at the next edge
    output wire [ROWW-1:0] s2_row,
    output wire            s2_wf,       // S2 will produce fp register s2_fd
    output wire [FRW-1:0]  s2_fd,
    // hazard view of the special-function unit (npu_sfu)
    output wire            sfu_free,    // an SFU instruction may issue now
    output wire            sfu_busy,
    output wire [5*ROWW-1:0] sfu_rows,  // rows with an SFU write still to come
    output wire [4:0]      sfu_rows_ok,
    // fp write-back (registered; the core forwards it and writes its register file)
    output reg             wbf_valid,
    output reg  [FRW-1:0]  wbf_idx,
    output reg  [31:0]     wbf_val,
    // DMA load: two lane-masked row writes per cycle
    input  wire            dw0_en,
    input  wire [ROWW-1:0] dw0_row,
    input  wire [VLEN-1:0] dw0_lanes,
    input  wire [W-1:0]    dw0_data,
    input  wire            dw1_en,
    input  wire [ROWW-1:0] dw1_row,
    input  wire [VLEN-1:0] dw1_lanes,
    input  wire [W-1:0]    dw1_data,
    // DMA store: two combinational row reads
    input  wire [ROWW-1:0] dr0_row,
    output wire [W-1:0]    dr0_data,
    input  wire [ROWW-1:0] dr1_row,
    output wire [W-1:0]    dr1_data,
    // matrix unit: A tile read (MLEN rows from ma_row) and accumulator write-back
    input  wire [ROWW-1:0] ma_row,
    output wire [MLEN*W-1:0] ma_data,
    input  wire            mw_en,
    input  wire [ROWW-1:0] mw_row,
    input  wire [MRW-1:0]  mw_rows,
    input  wire [MLEN*VLEN*32-1:0] mw_acc
);
`include "npu_isa.vh"
`include "kc_fp_funcs.vh"
`include "npu_sram_funcs.vh"

    reg [W-1:0] mem [0:VROWS-1] /* verilator public_flat_rd */;   // readable for co-simulation

    reg            s2_valid;
    reg [5:0]      s2_funct;
    reg [ROWW-1:0] s2_rd;
    reg [W-1:0]    s2_a, s2_b, s2_d;
    reg [31:0]     s2_fs;
    reg [FRW-1:0]  s2_fdr;
    reg [VLEN-1:0] s2_lanes;

    function automatic is_reduction(input [5:0] f);
        is_reduction = (f == NPU_FN_VREDSUM) || (f == NPU_FN_VREDMAX);
    endfunction

    function automatic is_sfu(input [5:0] f);
        is_sfu = (f == NPU_FN_VEXP) || (f == NPU_FN_VRECIP) || (f == NPU_FN_VRSQRT);
    endfunction

    // The special functions: the operand row is the same SRAM read as s2_a's.
    wire [W-1:0]    row_a = mem[iss_ra];
    wire            sfu_w_en;
    wire [ROWW-1:0] sfu_w_row;
    wire [VLEN-1:0] sfu_w_lanes;
    wire [W-1:0]    sfu_w_data;
    npu_sfu #(.VLEN(VLEN), .SFU_LANES(SFU_LANES), .ROWW(ROWW)) u_sfu (
        .clk(clk), .rst(rst), .iss(iss_valid && is_sfu(iss_funct)),
        .iss_op(iss_funct == NPU_FN_VEXP ? 2'd1 : iss_funct == NPU_FN_VRECIP ? 2'd2 : 2'd3),
        .iss_rd(iss_rd), .iss_a(row_a), .iss_lanes(iss_lanes),
        .free(sfu_free), .busy(sfu_busy), .rows(sfu_rows), .rows_ok(sfu_rows_ok),
        .w_en(sfu_w_en), .w_row(sfu_w_row), .w_lanes(sfu_w_lanes), .w_data(sfu_w_data));

    assign s2_busy = s2_valid;
    assign s2_wrow = s2_valid && !is_reduction(s2_funct);
    assign s2_row  = s2_rd;
    assign s2_wf   = s2_valid && is_reduction(s2_funct);
    assign s2_fd   = s2_fdr;

    // One lane of an element-wise operation. add/sub/mul/mac share the lane's single
    // fma core (add = a*1+b, sub = a*1-b, mul = a*b-0: exactly kc_fp_add/sub/mul),
    // as a real FPU lane would. Kept as a called function (not inlined per lane) so
    // the Verilated model stays small and fast to compile.
    function automatic [15:0] lane_op(input [5:0] f, input [15:0] a, input [15:0] b,
                                      input [15:0] d, input [31:0] s);
        /* verilator no_inline_task */
        reg [31:0] fa, fb, x, y, z, r;
        reg        fused;
        begin
            fa    = kc_fp_from_bf16(a);
            fb    = kc_fp_from_bf16(b);
            fused = 1'b1;
            x     = fa;
            y     = 32'h3f800000;                 // 1.0
            z     = 32'h80000000;                 // -0.0
            r     = 32'h7fc00000;
            case (f)
                NPU_FN_VADD:   z = fb;
                NPU_FN_VSUB:   z = {~fb[31], fb[30:0]};
                NPU_FN_VMUL:   y = fb;
                NPU_FN_VADDS:  z = s;
                NPU_FN_VSUBS:  z = {~s[31], s[30:0]};
                NPU_FN_VMULS:  y = s;
                NPU_FN_VMACS:  begin y = s; z = kc_fp_from_bf16(d); end
                default: begin
                    fused = 1'b0;
                    case (f)
                        NPU_FN_VMAX:   r = kc_fp_max(fa, fb);
                        NPU_FN_VMIN:   r = kc_fp_min(fa, fb);
                        NPU_FN_VMAXS:  r = kc_fp_max(fa, s);
                        NPU_FN_VMINS:  r = kc_fp_min(fa, s);
                        NPU_FN_VBCAST: r = s;
                        default:       r = 32'h7fc00000;
                    endcase
                end
            endcase
            if (fused)
                r = kc_fp_fma(x, y, z);
            lane_op = kc_fp_to_bf16(r);
        end
    endfunction

    // Reductions over the active lanes as a pairwise tree: level s adds lane i+s
    // into lane i for i a multiple of 2s. Inactive lanes hold the identity
    // (-0.0 for sum, -inf for max). The order is part of the ISA (the ISS and the
    // documentation use the same tree).
    function automatic [31:0] reduce(input is_max, input [W-1:0] row, input [VLEN-1:0] lanes);
        /* verilator no_inline_task */
        reg [VLEN*32-1:0] t;
        integer i, s;
        begin
            for (i = 0; i < VLEN; i = i + 1)
                t[i*32 +: 32] = lanes[i] ? kc_fp_from_bf16(row[i*16 +: 16])
                                         : (is_max ? 32'hff800000 : 32'h80000000);
            for (s = 1; s < VLEN; s = s * 2)
                for (i = 0; i + s < VLEN; i = i + 2 * s)
                    t[i*32 +: 32] = is_max ? kc_fp_max(t[i*32 +: 32], t[(i+s)*32 +: 32])
                                           : kc_fp_add(t[i*32 +: 32], t[(i+s)*32 +: 32]);
            reduce = t[31:0];
        end
    endfunction

    function automatic [W-1:0] row_op(input [5:0] f, input [W-1:0] a, input [W-1:0] b,
                                      input [W-1:0] d, input [31:0] sc, input [VLEN-1:0] lanes);
        integer q;
        for (q = 0; q < VLEN; q = q + 1)
            row_op[q*16 +: 16] = lanes[q] ? lane_op(f, a[q*16 +: 16], b[q*16 +: 16], d[q*16 +: 16], sc)
                                          : d[q*16 +: 16];
    endfunction

    // The conversion is a call, not inlined per lane: inlined, the MLEN x VLEN copies
    // in the mst loop below exceed Verilator's unroll limit (at VLEN=32 MLEN=8) and
    // it then rejects the loop's delayed array writes.
    function automatic [15:0] acc_lane(input [31:0] a);
        /* verilator no_inline_task */
        acc_lane = kc_fp_to_bf16(a);
    endfunction
    function automatic [W-1:0] acc_row(input [MLEN*VLEN*32-1:0] acc, input integer r);
        integer q;
        for (q = 0; q < VLEN; q = q + 1)
            acc_row[q*16 +: 16] = acc_lane(acc[(r*VLEN + q)*32 +: 32]);
    endfunction

    integer m;
    always @(posedge clk) begin
        if (rst) begin
            s2_valid  <= 1'b0;
            wbf_valid <= 1'b0;
        end else begin
            s2_valid  <= iss_valid && !is_sfu(iss_funct);
            wbf_valid <= s2_valid && is_reduction(s2_funct);
            if (iss_valid) begin
                s2_funct <= iss_funct;
                s2_rd    <= iss_rd;
                s2_a     <= row_a;
                s2_b     <= mem[iss_rb];
                s2_d     <= mem[iss_rd];
                s2_fs    <= iss_fs;
                s2_fdr   <= iss_fd;
                s2_lanes <= iss_lanes;
            end
            if (s2_valid) begin
                if (is_reduction(s2_funct)) begin
                    wbf_idx <= s2_fdr;
                    wbf_val <= reduce(s2_funct == NPU_FN_VREDMAX, s2_a, s2_lanes);
                end else begin
                    // s2_d is the destination row as read at issue; no other writer can
                    // have touched it since (interlocked), so inactive lanes keep it.
                    mem[s2_rd] <= row_op(s2_funct, s2_a, s2_b, s2_d, s2_fs, s2_lanes);
                end
            end
        end
        // mst: the drained accumulators become bf16 rows (all lanes), at the issue edge
        if (mw_en)
            for (m = 0; m < MLEN; m = m + 1)
                if (m < 32'(mw_rows))
                    mem[mw_row + ROWW'(m)] <= acc_row(mw_acc, m);
        // the SFU's group leaving its last segment (no other writer has the row: interlocked)
        if (sfu_w_en) mem[sfu_w_row] <= merge(mem[sfu_w_row], sfu_w_data, sfu_w_lanes);
        // DMA writes never target a row the vector unit is using (interlocked in the core).
        if (dw0_en) mem[dw0_row] <= merge(mem[dw0_row], dw0_data, dw0_lanes);
        if (dw1_en) mem[dw1_row] <= merge(mem[dw1_row], dw1_data, dw1_lanes);
    end

    assign dr0_data = mem[dr0_row];
    assign dr1_data = mem[dr1_row];

    genvar g;
    generate
        for (g = 0; g < MLEN; g = g + 1) begin : g_ma
            assign ma_data[g*W +: W] = mem[ma_row + ROWW'(g)];   // wraps; unused rows are don't-cares
        end
    endgenerate
endmodule

`default_nettype wire
