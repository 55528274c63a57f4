// npu_imem — instruction memory: a single-port synchronous SRAM, as a real macro
// has it. One address port shared by the program load (a write, only while the
// core is in reset) and fetch (a registered read: rdata holds mem[raddr] of the
// last edge at which re was set, and keeps it while re is low, so a stalled
// decode stage keeps its instruction). Not reset: it is loaded before every run.
// yosys infers it as a memory (tests/npu/synth.sh requires that).
`default_nettype none

module npu_imem #(
    parameter integer WORDS = 16384
) (
    input  wire        clk,
    input  wire        we,
    input  wire [31:0] waddr,
    input  wire [31:0] wdata,
    input  wire        re,
    input  wire [31:0] raddr,
    output reg  [31:0] rdata
);
    localparam integer AW = $clog2(WORDS);

    reg [31:0] mem [0:WORDS-1];

    // Out-of-range fetches are trapped by the core (pc-range) and out-of-range
    // writes are dropped; the index is truncated here only to stay in the array.
    wire [AW-1:0] addr = we ? waddr[AW-1:0] : raddr[AW-1:0];

    always @(posedge clk) begin
        if (we) begin
            if (waddr < WORDS)
                mem[addr] <= wdata;
        end else if (re) begin
            rdata <= mem[addr];
        end
    end

    /* verilator lint_off UNUSEDSIGNAL */
    wire unused_hi = &{1'b0, raddr[31:AW], waddr[31:AW]};
    /* verilator lint_on UNUSEDSIGNAL */
endmodule

`default_nettype wire
