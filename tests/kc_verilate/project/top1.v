`default_nettype none
module top(input wire clk, input wire rst, output reg [31:0] q);
    always @(posedge clk) q <= rst ? 32'd0 : q + 32'd1;
endmodule
