// npu_matrix — the matrix unit: matrix SRAM, two weight buffers and an
// output-stationary systolic array of MLEN x VLEN processing elements
// (MLEN * VLEN bf16 MACs per cycle: 4 x 16 = 64 by default).
//
//   mld          DMA (npu_dma) writes DRAM rows into the matrix SRAM, like dld.
//   mldb/mldbt   the loader copies VLEN matrix-SRAM rows into weight buffer b
//                (one row per cycle); mldbt writes them as columns (B^T), so a
//                row-major W or K needs no transposing pass.
//   mmac         the A tile (mrows vector-SRAM rows, latched at issue) streams
//                through the array: row i is skewed by i cycles, A moves one PE
//                right per cycle carrying its step k, and PE(i,j) accumulates
//                A[i][k] * B[b][k][j]. VLEN cycles per mmac; consecutive mmacs
//                stream back to back into the same accumulators.
//   mst          (issued only when the array has drained) the core's vector unit
//                writes the accumulators as bf16 rows; this module clears them.
//
// Interlocks live in the core; this module reports what is in flight.
`default_nettype none

`define NPU_ISA_MACROS_ONLY
`include "npu_isa.vh"
`undef NPU_ISA_MACROS_ONLY

module npu_matrix #(
    parameter integer VLEN  = `NPU_VLEN,
    parameter integer MLEN  = `NPU_MLEN,
    parameter integer MROWS = `NPU_MROWS,
    parameter integer MROWW = $clog2(MROWS),
    parameter integer W     = VLEN * 16,
    parameter integer MRW   = $clog2(MLEN + 1)   // mrows, 1..MLEN
) (
    input  wire              clk,
    input  wire              rst,
    // weight load (mldb / mldbt)
    input  wire              ld_issue,
    input  wire              ld_trans,
    input  wire              ld_bsel,
    input  wire [MROWW-1:0]  ld_row,
    // multiply-accumulate (mmac): A rows as read from the vector SRAM this cycle
    input  wire              mac_issue,
    input  wire              mac_bsel,
    input  wire [MRW-1:0]    mac_rows,     // 1..MLEN
    input  wire [MLEN*W-1:0] mac_a,
    // accumulator readout (mst): the values are read by the vector unit
    input  wire              clear,
    output wire [MLEN*VLEN*32-1:0] acc_all,
    // DMA writes into the matrix SRAM (two lane-masked rows per cycle, as in npu_vector)
    input  wire              dw0_en,
    input  wire [MROWW-1:0]  dw0_row,
    input  wire [VLEN-1:0]   dw0_lanes,
    input  wire [W-1:0]      dw0_data,
    input  wire              dw1_en,
    input  wire [MROWW-1:0]  dw1_row,
    input  wire [VLEN-1:0]   dw1_lanes,
    input  wire [W-1:0]      dw1_data,
    // state for the core's interlocks
    output wire              loader_busy,
    output wire              loader_bsel,
    output wire              feeder_busy,
    output wire              feeder_last,  // the feeder takes a new mmac at this edge
    output wire [1:0]        b_inuse,      // weight buffer b may not be reloaded yet
    output wire              array_busy
);
`include "kc_fp_funcs.vh"
`include "npu_sram_funcs.vh"

    localparam integer KW = $clog2(VLEN);

    reg [W-1:0] msram [0:MROWS-1] /* verilator public_flat_rd */;
    reg [W-1:0] wbuf  [0:2*VLEN-1] /* verilator public_flat_rd */;   // wbuf[b*VLEN + k] = B[b][k][*]

    // ---------------------------------------------------------------- loader
    reg             l_busy, l_trans, l_bsel;
    reg [MROWW-1:0] l_row;
    reg [KW-1:0]    l_cnt;
    assign loader_busy = l_busy;
    assign loader_bsel = l_bsel;

    integer j;
    always @(posedge clk) begin
        if (rst) begin
            l_busy <= 1'b0;
        end else if (ld_issue) begin
            l_busy  <= 1'b1;
            l_trans <= ld_trans;
            l_bsel  <= ld_bsel;
            l_row   <= ld_row;
            l_cnt   <= '0;
        end else if (l_busy) begin
            if (!l_trans)
                wbuf[{l_bsel, l_cnt}] <= msram[l_row + MROWW'(l_cnt)];
            else
                for (j = 0; j < VLEN; j = j + 1)
                    wbuf[{l_bsel, KW'(j)}][l_cnt*16 +: 16] <= msram[l_row + MROWW'(l_cnt)][j*16 +: 16];
            l_cnt <= l_cnt + 1'b1;
            if (l_cnt == KW'(VLEN - 1))
                l_busy <= 1'b0;
        end
        if (dw0_en) msram[dw0_row] <= merge(msram[dw0_row], dw0_data, dw0_lanes);
        if (dw1_en) msram[dw1_row] <= merge(msram[dw1_row], dw1_data, dw1_lanes);
    end

    // ---------------------------------------------------------------- feeder
    reg              f_busy, f_bsel;
    reg [KW-1:0]     f_k;
    reg [MRW-1:0]    f_rows;
    reg [MLEN*W-1:0] f_a;
    assign feeder_busy = f_busy;
    assign feeder_last = f_busy && f_k == KW'(VLEN - 1);

    always @(posedge clk) begin
        if (rst) begin
            f_busy <= 1'b0;
        end else if (mac_issue) begin   // the core issues only when free or on the last step
            f_busy <= 1'b1;
            f_bsel <= mac_bsel;
            f_rows <= mac_rows;
            f_a    <= mac_a;
            f_k    <= '0;
        end else if (f_busy) begin
            f_k <= f_k + 1'b1;
            if (f_k == KW'(VLEN - 1))
                f_busy <= 1'b0;
        end
    end

    // ---------------------------------------------------------------- the array
    // PE p = i*VLEN + j holds an fp32 accumulator and the A element, step k and
    // buffer select it processed last cycle, which PE p+1 (to its right) takes next
    // cycle. Row i is fed through an i-stage skew line, so A[i][k] meets the same k
    // in every column. The array only clocks while something is in flight: an idle
    // matrix unit costs the simulation (and the clock tree) nothing.
    localparam integer NPE = MLEN * VLEN;
    reg [NPE-1:0]    pv;                 // PE output valid
    reg [NPE-1:0]    pb;                 // PE output buffer select
    // The last PE of a row passes nothing on: those bits are never read.
    /* verilator lint_off UNUSEDSIGNAL */
    reg [NPE*16-1:0] pa;                 // PE output A element
    reg [NPE*KW-1:0] pk;                 // PE output step k
    /* verilator lint_on UNUSEDSIGNAL */
    reg [NPE*32-1:0] acc /* verilator public_flat_rd */;
    wire [MLEN-1:0]  skew_busy;

    wire active = f_busy || (|skew_busy) || (|pv);

    // One clocked block per row's skew line and per PE, all with constant indices
    // (fast to simulate; identical hardware to a PE module per site).
    genvar gi, gj;
    generate
        for (gi = 0; gi < MLEN; gi = gi + 1) begin : g_row
            // skew line: stage s is bit (field) s; the row's PEs read stage gi
            reg [gi:0]       d_v, d_b;
            reg [16*gi+15:0] d_a;
            reg [KW*gi+KW-1:0] d_k;
            always @(posedge clk) begin
                if (rst || clear)
                    d_v <= '0;
                else if (active) begin
                    d_v <= (d_v << 1) | (gi + 1)'(f_busy && gi < 32'(f_rows));
                    d_b <= (d_b << 1) | (gi + 1)'(f_bsel);
                    d_a <= (d_a << 16) | (16*gi + 16)'(f_a[gi*W + f_k*16 +: 16]);
                    d_k <= (d_k << KW) | (KW*gi + KW)'(f_k);
                end
            end
            assign skew_busy[gi] = |d_v;

            for (gj = 0; gj < VLEN; gj = gj + 1) begin : g_pe
                localparam integer P = gi*VLEN + gj;
                // input: the row's skew output for column 0, else the left neighbour
                wire        in_v = gj == 0 ? d_v[gi] : pv[(P > 0 ? P : 1) - 1];
                wire        in_b = gj == 0 ? d_b[gi] : pb[(P > 0 ? P : 1) - 1];
                wire [15:0] in_a = gj == 0 ? d_a[16*gi +: 16] : pa[((P > 0 ? P : 1) - 1)*16 +: 16];
                wire [KW-1:0] in_k = gj == 0 ? d_k[KW*gi +: KW] : pk[((P > 0 ? P : 1) - 1)*KW +: KW];
                always @(posedge clk) begin
                    if (rst || clear) begin      // mst issues only when the array is idle
                        pv[P]           <= 1'b0;
                        acc[P*32 +: 32] <= 32'd0;
                    end else if (active) begin
                        pv[P] <= in_v;
                        if (in_v) begin
                            pb[P]           <= in_b;
                            pa[P*16 +: 16]  <= in_a;
                            pk[P*KW +: KW]  <= in_k;
                            acc[P*32 +: 32] <= kc_fp_fma(kc_fp_from_bf16(in_a),
                                                         kc_fp_from_bf16(wbuf[{in_b, in_k}][gj*16 +: 16]),
                                                         acc[P*32 +: 32]);
                        end
                    end
                end
            end
        end
    endgenerate

    assign acc_all    = acc;
    // When may mldb overwrite buffer b? Step k of an mmac issued in cycle c0 is
    // read by PE(i,j) in cycle c0 + 2 + k + i + j, last by PE(MLEN-1, VLEN-1) in
    // cycle c0 + k + MLEN + VLEN; the loader started in cycle L0 writes row k at
    // the end of cycle L0 + 1 + k. So every row is rewritten only after its last
    // read iff L0 >= c0 + MLEN + VLEN - 1, whatever k: a per-buffer countdown from
    // the last mmac on b, rather than waiting for the whole array to drain.
    localparam integer RELOAD = MLEN + VLEN - 2;
    localparam integer TW = $clog2(RELOAD + 1);
    reg [TW-1:0] reload_wait [0:1];
    integer bq;
    always @(posedge clk) begin
        for (bq = 0; bq < 2; bq = bq + 1) begin
            if (rst)
                reload_wait[bq] <= '0;
            else if (mac_issue && mac_bsel == bq[0])
                reload_wait[bq] <= TW'(RELOAD);
            else if (reload_wait[bq] != '0)
                reload_wait[bq] <= reload_wait[bq] - 1'b1;
        end
    end
    assign b_inuse    = {reload_wait[1] != '0, reload_wait[0] != '0};
    assign array_busy = active;
endmodule

`default_nettype wire
