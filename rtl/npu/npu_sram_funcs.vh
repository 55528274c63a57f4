// npu_sram_funcs.vh — helpers of the npu's SRAM macro model (npu_vbank, the
// vector SRAM's banks and the matrix SRAM's). Include inside a module body that defines VLEN and
// W = VLEN * 16; like kc_fp_funcs.vh it has no include guard, each module gets
// its own copy.

// Whole-row write with a lane mask: lanes outside it keep their old value.
// (One row-wide assignment simulates much faster than per-lane part-selects.)
function automatic [W-1:0] merge(input [W-1:0] old, input [W-1:0] nw, input [VLEN-1:0] lanes);
    integer q;
    for (q = 0; q < VLEN; q = q + 1)
        merge[q*16 +: 16] = lanes[q] ? nw[q*16 +: 16] : old[q*16 +: 16];
endfunction
