// vliw_pm — a tile's program memory: a single-port SRAM of PM_BUNDLES x 224
// bits (one bundle per row), registered read: the bundle at raddr read in
// cycle t is on rdata in cycle t+1 and stays until the next read. The loader
// writes one 32-bit slot word per cycle (ld_we, only while the array is in
// reset), so the macro has per-word write enables; a load and a read never
// happen in the same cycle (one port).
`default_nettype none

module vliw_pm #(
    parameter integer PM_BUNDLES = 2048
) (
    input  wire                          clk,
    input  wire                          ren,
    input  wire [$clog2(PM_BUNDLES)-1:0] raddr,
    output reg  [223:0]                  rdata,
    input  wire                          ld_we,
    input  wire [$clog2(PM_BUNDLES)-1:0] ld_bundle,
    input  wire [2:0]                    ld_slot,    // 0..6
    input  wire [31:0]                   ld_wdata
);
    reg [223:0] mem [0:PM_BUNDLES-1];
    wire [223:0] wmask = {192'd0, 32'hffffffff} << (32 * ld_slot);
    always @(posedge clk) begin
        if (ld_we) mem[ld_bundle] <= (mem[ld_bundle] & ~wmask) | ({7{ld_wdata}} & wmask);
        else if (ren) rdata <= mem[raddr];
    end
endmodule

`default_nettype wire
