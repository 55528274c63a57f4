# A fixed RTL bug, kept as a regression (npu_core.v, loop issue): a `loop` with count 0 jumps straight to
# its end label. When that label is also the end of the enclosing loop, the
# enclosing loop's end-of-body check never runs: it does not iterate and is never
# popped. docs/isa/npu.md: the outer loop repeats its body [PC+1, end) 3 times
# (the inner, empty-count loop is part of it), so r1 = 3 at halt (ISS); the RTL
# leaves the loop after one pass (r1 = 1) with a stale loop-stack entry (a later
# loop traps as too deep). First divergence: pc after `loop r2, e`: ISS 3
# (back to the outer body), RTL 6 (the label).
# Fix: on a count-0 skip, take the next pc through the same fall-through logic
# as an instruction whose successor is `end` (fall_pc evaluated at loop_end).
# cosim: regression case (the RTL once diverged here; fixed)
        li     r1, 0
        li     r2, 0
        loopi  3, e
        addi   r1, r1, 1
        loop   r2, e
        nop
e:      halt
