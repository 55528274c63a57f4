// npu_pe_tb — test top for tests/npu/test_npu_pe.cpp: one processing element
// (rtl/npu/npu_pe.v) with its ports, plus its two arithmetic stages composed
// combinationally (y = npu_pe_add(npu_pe_mul(a, b), c)) so that the C++ side can
// check them on any accumulator value c, not only those a chain reaches.
`default_nettype none
module npu_pe_tb (
    input  wire        clk,
    input  wire        clear,
    input  wire        en,
    input  wire        in_v,
    input  wire [15:0] in_a,
    input  wire [15:0] in_b,
    output wire        out_v,
    output wire [15:0] out_a,
    output wire [15:0] out_b,
    output wire        busy,
    output wire [31:0] acc,
    output wire [15:0] acc16,
    input  wire [15:0] a,
    input  wire [15:0] b,
    input  wire [31:0] c,
    output wire [31:0] y
);
`include "npu_pe_funcs.vh"
    npu_pe u_pe (.clk(clk), .clear(clear), .en(en), .in_v(in_v), .in_a(in_a), .in_b(in_b),
                 .out_v(out_v), .out_a(out_a), .out_b(out_b), .busy(busy), .acc(acc),
                 .acc16(acc16));
    assign y = npu_pe_add(npu_pe_mul(a, b), c);
endmodule
`default_nettype wire
