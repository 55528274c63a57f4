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
    reg [W-1:0] mem [0:ROWS-1] /* verilator public_flat_rd */;   // readable for co-simulation

    // Whole-row write with a lane mask: lanes outside it keep their value (one
    // row-wide assignment simulates much faster than per-lane part-selects, and
    // synthesis still sees per-bit write enables)
    function automatic [W-1:0] merge(input [W-1:0] old, input [W-1:0] nw, input [VLEN-1:0] lanes);
        integer q;
        for (q = 0; q < VLEN; q = q + 1)
            merge[q*16 +: 16] = lanes[q] ? nw[q*16 +: 16] : old[q*16 +: 16];
    endfunction

    always @(posedge clk)
        if (we) mem[waddr] <= merge(mem[waddr], wdata, wlanes);

    assign rdata = mem[raddr];
endmodule

`default_nettype wire
