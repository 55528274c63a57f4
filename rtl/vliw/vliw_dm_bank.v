// vliw_dm_bank — one bank of a tile's data memory: a single-port SRAM macro,
// ROWS x 256 bits, byte write enables, registered read (the data of a read in
// cycle t is on rdata in cycle t+1 and stays there until the next read).
// One access per cycle, read or write, as a real single-port macro.
`default_nettype none

module vliw_dm_bank #(
    parameter integer ROWS = 256
) (
    input  wire                     clk,
    input  wire                     en,      // an access this cycle
    input  wire                     we,      // write (else read)
    input  wire [$clog2(ROWS)-1:0]  addr,
    input  wire [255:0]             wdata,
    input  wire [31:0]              wbe,     // byte i = bits [8i+7:8i]
    output reg  [255:0]             rdata
);
    reg [255:0] mem [0:ROWS-1] /* verilator public_flat_rd */;

    // the byte enables as a bit mask (one expression per byte, no bit loop)
    wire [255:0] bmask;
    genvar g;
    generate
        for (g = 0; g < 32; g = g + 1) begin : g_mask
            assign bmask[8*g +: 8] = {8{wbe[g]}};
        end
    endgenerate

    always @(posedge clk) begin
        if (en) begin
            if (we) mem[addr] <= (mem[addr] & ~bmask) | (wdata & bmask);
            else    rdata <= mem[addr];
        end
    end
endmodule

`default_nettype wire
