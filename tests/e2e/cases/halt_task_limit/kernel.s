# Halts at once (wrong: nothing stored). No cycle limit is given, so the record
# carries the task's: KC_EVAL_LIMIT_FACTOR (300) x gemm C5's ideal cycles, above
# the floor.
    halt
