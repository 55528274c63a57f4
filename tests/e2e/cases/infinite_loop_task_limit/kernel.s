# Never halts and no cycle limit is given: the harness stops it at the task's
# limit (kc_eval_cycle_limit), here the floor (relu C1's ideal is tiny), not
# after the old flat 50 M cycles.
top:
    addi r1, r1, 1
    j top
