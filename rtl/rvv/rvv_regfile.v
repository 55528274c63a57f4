// rvv_regfile — 32 x 32-bit register file built from flops: NREAD asynchronous
// read ports, one write port. ZERO_R0 makes register 0 read as zero (x0); the
// integer file resets a0..a7 (x10..x17) from `init` (the kernel arguments).
`default_nettype none

module rvv_regfile #(
    parameter integer NREAD   = 2,
    parameter integer ZERO_R0 = 1,
    parameter integer INIT_R0 = 10,     // first register loaded from init at reset
    parameter integer NINIT   = 8       // how many (0: none)
) (
    input  wire                 clk,
    input  wire                 rst,
    input  wire [NINIT*32-1:0]  init,
    input  wire [NREAD*5-1:0]   raddr,
    output wire [NREAD*32-1:0]  rdata,
    input  wire                 we,
    input  wire [4:0]           waddr,
    input  wire [31:0]          wdata
);
    reg [31:0] r [0:31];

    genvar p;
    generate
        for (p = 0; p < NREAD; p = p + 1) begin : g_rd
            wire [4:0] a = raddr[p*5 +: 5];
            assign rdata[p*32 +: 32] = (ZERO_R0 != 0 && a == 5'd0) ? 32'd0 : r[a];
        end
    endgenerate

    integer i;
    always @(posedge clk) begin
        if (rst) begin
            for (i = 0; i < 32; i = i + 1)
                r[i] <= (i >= INIT_R0 && i < INIT_R0 + NINIT) ? init[(i - INIT_R0)*32 +: 32] : 32'd0;
        end else if (we) begin
            r[waddr] <= wdata;
        end
    end
endmodule

`default_nettype wire
