// npu_vbank — one bank of the npu's vector SRAM: a two-port (1R1W) SRAM macro of
// ROWS rows of VLEN bf16 lanes, one row read and one lane-masked row write per
// cycle (per-lane write enables, as a bit-write-mask macro has).
//
// The read is modelled combinationally: its consumer registers the data at the
// edge that ends the read's cycle (npu_vector's operand registers, the SFU's
// feed, the array's A rows), which is where a synchronous macro's output would
// be; the DMA store sends the data on in the same cycle. npu_vector decides who
// uses each port; the core's issue logic guarantees at most one reader and one
// writer per bank and cycle (npu_vector checks it in simulation).
`default_nettype none

module npu_vbank #(
    parameter integer VLEN = 16,
    parameter integer ROWS = 256,
    parameter integer W    = VLEN * 16,
    parameter integer AW   = $clog2(ROWS)
) (
    input  wire            clk,
    input  wire            we,
    input  wire [AW-1:0]   waddr,
    input  wire [VLEN-1:0] wlanes,
    input  wire [W-1:0]    wdata,
    input  wire [AW-1:0]   raddr,
    output wire [W-1:0]    rdata
);
`include "npu_sram_funcs.vh"
    reg [W-1:0] mem [0:ROWS-1] /* verilator public_flat_rd */;   // readable for co-simulation

    always @(posedge clk)
        if (we) mem[waddr] <= merge(mem[waddr], wdata, wlanes);

    assign rdata = mem[raddr];
endmodule

`default_nettype wire
