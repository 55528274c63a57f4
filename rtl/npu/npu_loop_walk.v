// npu_loop_walk — the hardware loops' effect on the sequential successor: given
// the pc that follows an instruction in sequence (seq_pc) and the loop stack,
// where execution continues. At the end of the innermost body (lp_end == seq_pc)
// it goes back to the body's start while iterations remain (the count is
// decremented: dec, lvl); otherwise that loop is popped and the enclosing one is
// checked the same way (loops may end at the same instruction).
//
// npu_core uses it twice: at issue, for the instruction issuing (the successor
// it really has), and at fetch, for the instruction being fetched with the loop
// stack as that instruction's issue will see it (so a loop back edge is fetched
// ahead and costs no cycle).
`default_nettype none

module npu_loop_walk #(
    parameter integer LOOP_DEPTH = 4,
    parameter integer SPW        = $clog2(LOOP_DEPTH + 1),            // stack depth, 0..LOOP_DEPTH
    parameter integer LPW        = LOOP_DEPTH > 1 ? $clog2(LOOP_DEPTH) : 1   // a level
) (
    input  wire [31:0]              seq_pc,
    input  wire [SPW-1:0]           sp,
    input  wire [LOOP_DEPTH*32-1:0] start_v,   // level l at [l*32 +: 32]
    input  wire [LOOP_DEPTH*32-1:0] end_v,
    input  wire [LOOP_DEPTH*32-1:0] cnt_v,
    output reg  [31:0]              next_pc,
    output reg  [SPW-1:0]           next_sp,
    output reg                      dec,       // decrement level lvl's count (a back edge)
    output reg  [LPW-1:0]           lvl
);
    integer li;
    reg lcont;
    always @* begin
        next_pc = seq_pc;
        next_sp = sp;
        dec     = 1'b0;
        lvl     = '0;
        lcont   = 1'b1;
        for (li = LOOP_DEPTH - 1; li >= 0; li = li - 1) begin
            if (lcont && li < 32'(sp)) begin
                if (end_v[li*32 +: 32] == seq_pc) begin
                    if (cnt_v[li*32 +: 32] > 32'd1) begin
                        next_pc = start_v[li*32 +: 32];
                        dec     = 1'b1;
                        lvl     = li[LPW-1:0];
                        lcont   = 1'b0;
                    end else begin
                        next_sp = li[SPW-1:0];
                    end
                end else begin
                    lcont = 1'b0;
                end
            end
        end
    end
endmodule

`default_nettype wire
