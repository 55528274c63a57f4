# Two writes of acc1 landing at the same bundle boundary trap (tile 1, MV slot).
.tile 0
        li r4, 7
        nop
        nop
        li r5, 9                      # issues in the trap cycle; lands never
        halt
.tile 1
        vmul acc1, v0, v1             # bundle 0: MAC latency 4 -> lands at bundle 4
        li r0, 1 ; mov r0, r2         # two writes of r0 at bundle 2: dropped, no trap
        aadd acc1, acc2, acc3         # bundle 2: latency 3 -> bundle 5: no conflict
        amov acc1, acc0               # bundle 3: latency 1 -> bundle 4 = the vmul's: trap
        halt
