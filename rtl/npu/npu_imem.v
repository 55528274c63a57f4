// npu_imem — instruction memory: one write port (program load while in reset),
// one combinational read port for fetch. Not reset: it is loaded before every run.
`default_nettype none

module npu_imem #(
    parameter integer WORDS = 16384
) (
    input  wire        clk,
    input  wire        we,
    input  wire [31:0] waddr,
    input  wire [31:0] wdata,
    input  wire [31:0] raddr,
    output wire [31:0] rdata
);
    localparam integer AW = $clog2(WORDS);

    reg [31:0] mem [0:WORDS-1];

    always @(posedge clk) begin
        if (we && waddr < WORDS)
            mem[waddr[AW-1:0]] <= wdata;
    end

    // Out-of-range fetches are trapped by the core (pc-range); the index is
    // truncated here only to stay inside the array.
    assign rdata = mem[raddr[AW-1:0]];

    /* verilator lint_off UNUSEDSIGNAL */
    wire unused_hi = &{1'b0, raddr[31:AW], waddr[31:AW]};
    /* verilator lint_on UNUSEDSIGNAL */
endmodule

`default_nettype wire
