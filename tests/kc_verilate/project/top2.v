`default_nettype none
module sub(input wire clk, input wire [31:0] d, output reg [31:0] q);
    /*verilator no_inline_module*/
    always @(posedge clk) q <= d ^ 32'h5a5a5a5a;
endmodule
module top(input wire clk, input wire rst, output wire [31:0] q);
    reg [31:0] c;
    always @(posedge clk) c <= rst ? 32'd0 : c + 32'd1;
    sub u_sub(.clk(clk), .d(c), .q(q));
endmodule
