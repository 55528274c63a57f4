// kc_fp_latch_fixture — deliberately infers a latch (q holds when en is low).
// Only used by the negative test fp_synth_detects_latch, which proves that
// yosys_nolatch.sh really fails on a latch.
`default_nettype none
module kc_fp_latch_fixture (
    input  wire       en,
    input  wire [3:0] d,
    output reg  [3:0] q
);
    always @* begin
        if (en)
            q = d;
    end
endmodule
`default_nettype wire
