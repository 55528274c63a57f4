// rvv_itcm — the instruction TCM: ITCM_BYTES of 32-bit words at ITCM_BASE.
// One registered read port (word index) (fetch: the word of raddr appears on q the cycle
// after re, and q holds while re is low, as an SRAM macro's output latch does)
// and one write port used only while loading the program (ld_*; writes outside
// the ITCM range are ignored: rvv_top routes the DTCM part elsewhere).
`default_nettype none

module rvv_itcm #(
    parameter integer ITCM_BYTES = 65536,
    parameter [31:0]  ITCM_BASE  = 32'h0010_0000
) (
    input  wire        clk,
    input  wire        re,
    input  wire [$clog2(ITCM_BYTES/4)-1:0] raddr,   // word index in the ITCM
    output reg  [31:0] q,
    input  wire        ld_we,
    input  wire [31:0] ld_addr,
    input  wire [31:0] ld_wdata
);
    localparam integer WORDS = ITCM_BYTES / 4;
    localparam integer AW    = $clog2(WORDS);

    reg [31:0] mem [0:WORDS-1];

    wire [31:0] ld_off = ld_addr - ITCM_BASE;
    wire        ld_in  = ld_off < ITCM_BYTES;

    always @(posedge clk) begin
        if (ld_we && ld_in) mem[ld_off[AW+1:2]] <= ld_wdata;
        if (re) q <= mem[raddr];
    end
endmodule

`default_nettype wire
