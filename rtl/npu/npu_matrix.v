// npu_matrix — the matrix unit: matrix SRAM, two weight buffers and an
// output-stationary systolic array of MLEN x VLEN processing elements (npu_pe;
// MLEN * VLEN bf16 MACs per cycle: 4 x 16 = 64 by default).
//
// Dataflow: output-stationary, both operands flowing. PE(i,j) keeps the fp32
// accumulator C[i][j]; A[i][k] streams across row i (left to right) and B[k][j]
// down column j (top to bottom), one PE per cycle, skewed so that they meet in
// PE(i,j) at step k. Why this and not weight-stationary: mmac's reduction is
// VLEN long (k < VLEN) but the array has MLEN rows, and its accumulation order
// (per C[i][j]: k ascending, one rounding per step, continued across mmacs until
// mst) is the ISS's; output-stationary keeps every C[i][j] in one PE, so each
// chain is exactly the ISS's kc_fp_fma sequence, while weight-stationary would
// need a VLEN x VLEN array and a partial-sum chain summing in a different order.
// The weights are held in the weight buffers and flow through the PEs: no PE
// selects among weights; the one read of a buffer row per cycle is at the top
// edge of the array (the feeder).
//
//   mld          DMA (npu_dma) writes DRAM rows into the matrix SRAM, like dld.
//   mldb/mldbt   the loader copies VLEN matrix-SRAM rows into weight buffer b
//                (one row per cycle); mldbt writes them as columns (B^T), so a
//                row-major W or K needs no transposing pass.
//   mmac         the feeder streams the A tile (mrows vector-SRAM rows, latched at
//                issue) and weight buffer b into the array, step k = 0..VLEN-1
//                one per cycle: lane k of the A rows into the rows, row k of b
//                into the columns. VLEN cycles per mmac; consecutive mmacs stream
//                back to back into the same accumulators.
//   mst          (issued only when the array has drained) the core's vector unit
//                writes the accumulators as bf16 rows; this module clears them.
//
// Pipeline of an mmac issued in cycle c0: feeder step k in cycle c0 + 1 + k (A
// lane k, buffer row k read); PE(i,j)'s operand stage c0 + 2 + k + i + j, its
// multiply stage one cycle later, its accumulator written at the end of
// c0 + 3 + k + i + j. The last step of the last row reaches the last column's
// accumulator at the end of c0 + 2 VLEN + mrows: mst issues from c0 + 2 VLEN +
// mrows + 1 (ISA timing row mmac_mst); the feeder's last read of buffer b is in
// c0 + VLEN, so a reload of b may issue from c0 + VLEN - 1 (row mmac_mldb).
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
    output wire [MLEN*VLEN*16-1:0] acc_all,   // bf16, as mst writes them
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

    localparam integer KW = $clog2(VLEN);

    reg [W-1:0] wbuf  [0:2*VLEN-1] /* verilator public_flat_rd */;   // wbuf[b*VLEN + k] = B[b][k][*]

    // ---------------------------------------------------------------- loader
    reg             l_busy, l_trans, l_bsel;
    reg [MROWW-1:0] l_row;
    reg [KW-1:0]    l_cnt;
    assign loader_busy = l_busy;
    assign loader_bsel = l_bsel;

    // ---------------------------------------------------------------- matrix SRAM
    // Two banks by row parity (npu_vbank: 1R1W, lane-masked writes), row r in bank
    // r mod 2 at r / 2: an mld beat's two row writes (rows k and k-1) always go to
    // different banks, and the loader reads one row a cycle, so no port ever has
    // two users and nothing waits.
    wire [MROWW-1:0] l_rrow = l_row + MROWW'(l_cnt);   // the row the loader reads
    wire [2*W-1:0]   m_rdata;                          // bank p's read data in slice p
    genvar p;
    generate
        for (p = 0; p < 2; p = p + 1) begin : g_mbank
            wire w0 = dw0_en && dw0_row[0] == (p == 1);
            wire w1 = dw1_en && dw1_row[0] == (p == 1);
            npu_vbank #(.VLEN(VLEN), .ROWS(MROWS / 2)) u_bank (
                .clk(clk), .we(w0 || w1), .waddr(w0 ? dw0_row[MROWW-1:1] : dw1_row[MROWW-1:1]),
                .wlanes(w0 ? dw0_lanes : dw1_lanes), .wdata(w0 ? dw0_data : dw1_data),
                .raddr(l_rrow[MROWW-1:1]), .rdata(m_rdata[p*W +: W]));
        end
    endgenerate
    wire [W-1:0] l_data = l_rrow[0] ? m_rdata[W +: W] : m_rdata[0 +: W];

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
                wbuf[{l_bsel, l_cnt}] <= l_data;
            else
                for (j = 0; j < VLEN; j = j + 1)
                    wbuf[{l_bsel, KW'(j)}][l_cnt*16 +: 16] <= l_data[j*16 +: 16];
            l_cnt <= l_cnt + 1'b1;
            if (l_cnt == KW'(VLEN - 1))
                l_busy <= 1'b0;
        end
    end

    // ---------------------------------------------------------------- feeder
    // An mmac's A tile is latched at issue and leaves lane by lane: each step the
    // tile shifts down one lane, so lane 0 of row i is A[i][k] at step k (a shift
    // register, no per-step select; what enters a row's top lane is never used,
    // the tile being done before it reaches lane 0). Step k also reads row k of
    // weight buffer b: one VLEN-lane read per cycle at the array's top edge, the
    // buffer's only read port.
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
            f_a <= f_a >> 16;
            f_k <= f_k + 1'b1;
            if (f_k == KW'(VLEN - 1))
                f_busy <= 1'b0;
        end
    end
    wire [W-1:0] f_b = wbuf[{f_bsel, f_k}];   // B[k][0..VLEN-1]

    // ---------------------------------------------------------------- the array
    // PE(i,j) (npu_pe, p = i*VLEN + j) holds C[i][j]. A[i][k] enters row i at the
    // left and moves one PE right per cycle; B[k][j] enters column j at the top
    // and moves one PE down per cycle; row i's A is delayed i cycles and column
    // j's B j cycles (triangular skew registers), so A[i][k] and B[k][j] meet in
    // PE(i,j), in its operand stage during cycle c0 + 2 + k + i + j for an mmac
    // issued in cycle c0 (the feeder's step k is cycle c0 + 1 + k). The PE's
    // product follows a cycle later and its accumulator takes it at the end of
    // the cycle after that, c0 + 3 + k + i + j: each accumulator takes its steps
    // k = 0, 1, ... one per cycle in order, and consecutive mmacs continue the
    // same chains. Only rows i < mrows carry valid steps (and load operands).
    // The array clocks only while something is in flight: an idle matrix unit
    // costs the simulation (and the clock tree) nothing.
    localparam integer NPE = MLEN * VLEN;
    // Operands move between PEs on arrays of nets, one element per PE, rather
    // than slices of one wide vector: an event-driven simulator (Icarus)
    // re-evaluates every reader of a vector when any slice changes, which made
    // every PE's input follow every other PE's output.
    wire               row_v [0:MLEN-1];  // what enters PE(i,0)
    wire [15:0]        row_a [0:MLEN-1];
    wire [15:0]        col_b [0:VLEN-1];  // what enters PE(0,j)
    wire [NPE-1:0]     pe_busy;
    // PE outputs; the last column's A and the last row's B go nowhere.
    /* verilator lint_off UNUSEDSIGNAL */
    wire               pe_v [0:NPE-1];
    wire [15:0]        pe_a [0:NPE-1];
    wire [15:0]        pe_b [0:NPE-1];
    /* verilator lint_on UNUSEDSIGNAL */
    wire [NPE*32-1:0]  acc /* verilator public_flat_rd */;
    wire [NPE*16-1:0]  acc16;
    wire [MLEN-1:0]    skew_busy;

    wire active = f_busy || (|skew_busy) || (|pe_busy);

    genvar gi, gj;
    generate
        // A skew: row i's i registers (row 0 takes the feeder's lane 0 directly)
        for (gi = 0; gi < MLEN; gi = gi + 1) begin : g_row
            wire        fv = f_busy && gi < 32'(f_rows);
            wire [15:0] fa = f_a[gi*W +: 16];
            if (gi == 0) begin : g_direct
                assign row_v[0]      = fv;
                assign row_a[0]      = fa;
                assign skew_busy[0]  = 1'b0;
            end else begin : g_skew
                reg [gi-1:0]    d_v;
                reg [16*gi-1:0] d_a;
                always @(posedge clk) begin
                    if (rst || clear)
                        d_v <= '0;
                    else if (active) begin
                        d_v <= (d_v << 1) | gi'(fv);
                        d_a <= (d_a << 16) | (16*gi)'(fa);
                    end
                end
                assign row_v[gi]         = d_v[gi-1];
                assign row_a[gi]         = d_a[16*(gi-1) +: 16];
                assign skew_busy[gi]     = |d_v;
            end
        end
        // B skew: column j's j registers (column 0 takes the buffer row directly)
        for (gj = 0; gj < VLEN; gj = gj + 1) begin : g_col
            if (gj == 0) begin : g_direct
                assign col_b[0] = f_b[0 +: 16];
            end else begin : g_skew
                reg [16*gj-1:0] d_b;
                always @(posedge clk)
                    if (active)
                        d_b <= (d_b << 16) | (16*gj)'(f_b[gj*16 +: 16]);
                assign col_b[gj] = d_b[16*(gj-1) +: 16];
            end
        end
        for (gi = 0; gi < MLEN; gi = gi + 1) begin : g_pe_row
            for (gj = 0; gj < VLEN; gj = gj + 1) begin : g_pe
                localparam integer P = gi*VLEN + gj;
                localparam integer PL = gj == 0 ? 0 : P - 1;      // left neighbour
                localparam integer PU = gi == 0 ? 0 : P - VLEN;   // upper neighbour
                npu_pe u_pe (
                    .clk(clk), .clear(rst || clear), .en(active),
                    .in_v(gj == 0 ? row_v[gi] : pe_v[PL]),
                    .in_a(gj == 0 ? row_a[gi] : pe_a[PL]),
                    .in_b(gi == 0 ? col_b[gj] : pe_b[PU]),
                    .out_v(pe_v[P]), .out_a(pe_a[P]), .out_b(pe_b[P]),
                    .busy(pe_busy[P]), .acc(acc[P*32 +: 32]), .acc16(acc16[P*16 +: 16]));
            end
        end
    endgenerate

    assign acc_all    = acc16;
    // When may mldb/mldbt overwrite buffer b? The array never reads the buffers:
    // only the feeder does, row k of an mmac issued in cycle c0 in cycle
    // c0 + 1 + k (k < VLEN). A loader started in cycle L0 writes its row (mldb) or
    // column (mldbt: one lane of every row) c at the end of cycle L0 + 1 + c, so
    // every write comes after the last read it could disturb iff
    // L0 + 1 >= c0 + VLEN, i.e. L0 >= c0 + VLEN - 1: b is in use while the feeder
    // works on it before its step VLEN - 2.
    wire f_early = f_busy && f_k < KW'(VLEN - 2);
    assign b_inuse    = {f_early && f_bsel, f_early && !f_bsel};
    assign array_busy = active;
endmodule

`default_nettype wire
