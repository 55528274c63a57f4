// hooks_top — executes $stop, $error, $fatal or $finish on demand, so that
// test_vl_hooks can check none of them ends the process (verilated/kc_vl_hooks.h).
`default_nettype none

module hooks_top (
    input  wire       clk,
    input  wire [2:0] sel,
    output reg  [7:0] cnt
);
    always @(posedge clk) begin
        cnt <= cnt + 8'd1;
        case (sel)
            3'd1: $stop;
            3'd2: $error("hooks_top: error requested");
            3'd3: $fatal(1, "hooks_top: fatal requested");
            3'd4: $finish;
            default: ;
        endcase
    end
endmodule
