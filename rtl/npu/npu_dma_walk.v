// npu_dma_walk — walks the (DRAM row, beat) sequence of one DMA command.
//
// A command moves `nrows` DRAM rows of `dlen` bf16 elements, `stride` bytes apart.
// A row starting at byte address A lies at lane offset o = (A/2) mod VLEN inside
// its first beat and spans nbeats = ceil((o + dlen) / VLEN) aligned beats; in the
// vector SRAM it occupies subrows = ceil(dlen / VLEN) rows starting at `vrow`.
// The DMA request side, the load response side and the store side each run one of
// these walkers, so the sequence is defined once.
`default_nettype none

`define NPU_ISA_MACROS_ONLY
`include "npu_isa.vh"
`undef NPU_ISA_MACROS_ONLY

module npu_dma_walk #(
    parameter integer VLEN  = `NPU_VLEN,
    parameter integer ROWW  = $clog2(`NPU_VROWS),
    parameter integer BEATW = 13   // beat index width (npu_dma derives it from VLEN)
) (
    input  wire            clk,
    input  wire            rst,
    input  wire            start,
    input  wire [31:0]     addr0,
    input  wire [ROWW-1:0] vrow0,
    input  wire [31:0]     nrows,     // > 0
    input  wire [31:0]     stride0,
    input  wire [15:0]     dlen0,     // > 0
    input  wire            step,      // the current beat is done
    output reg             active,
    output wire [31:0]     beat_addr, // aligned byte address of the current beat
    output wire [LV-1:0]   off,       // lane offset o of the current row
    output reg  [BEATW-1:0] beat,     // beat index k within the row
    output wire [BEATW-1:0] nbeats,
    output wire [BEATW-1:0] subrows,
    output reg  [ROWW-1:0] vrow,      // SRAM row of the current row's first subrow
    output wire            last_beat, // k == nbeats - 1
    output reg  [15:0]     dlen
);
    localparam integer LV = $clog2(VLEN);
    localparam integer LB = LV + 1;   // log2 of the beat size in bytes

    reg [31:0] row_addr;
    reg [31:0] rows_left;
    reg [31:0] stride;

    assign off       = row_addr[LB-1:1];
    // 18 bits hold off + dlen + VLEN - 1 for any VLEN up to 2^16
    assign nbeats    = BEATW'((18'(off) + 18'(dlen) + 18'(VLEN - 1)) >> LV);
    assign subrows   = BEATW'((18'(dlen) + 18'(VLEN - 1)) >> LV);
    assign beat_addr = {row_addr[31:LB], {LB{1'b0}}} + (32'(beat) << LB);
    assign last_beat = beat == nbeats - 1'b1;

    always @(posedge clk) begin
        if (rst) begin
            active <= 1'b0;
        end else if (start) begin
            active    <= 1'b1;
            row_addr  <= addr0;
            vrow      <= vrow0;
            rows_left <= nrows;
            stride    <= stride0;
            dlen      <= dlen0;
            beat      <= '0;
        end else if (active && step) begin
            if (last_beat) begin
                beat      <= '0;
                row_addr  <= row_addr + stride;
                vrow      <= vrow + ROWW'(subrows);
                rows_left <= rows_left - 32'd1;
                if (rows_left == 32'd1)
                    active <= 1'b0;
            end else begin
                beat <= beat + 1'b1;
            end
        end
    end

    /* verilator lint_off UNUSEDSIGNAL */
    wire unused_addr0 = row_addr[0];
    /* verilator lint_on UNUSEDSIGNAL */
endmodule

`default_nettype wire
