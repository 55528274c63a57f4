# A fixed RTL bug, kept as a regression (npu_core.v): a reduction's fp result is lost when the very next
# instruction traps. vredsum retires at edge k; the trap at edge k+1 stops the
# core; the result arrives from the vector unit at edge k+2, but npu_core only
# writes F[wbf_idx] while running. Expected (ISS, docs/isa/npu.md: traps are
# precise, the vredsum retired): f2 = 16.0; the RTL leaves f2 = 0.
# Fix: write F[wbf_idx] <= wbf_val also when !running (halted/trapped).
# cosim: regression case (the RTL once diverged here; fixed)
        fli    f1, 1.0
        vbcast [r0], f1
        vredsum f2, [r0]
        .word  0x00000000          # illegal: traps right behind the reduction
