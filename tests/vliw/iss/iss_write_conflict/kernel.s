// Two writes of acc1 landing at the same bundle boundary trap (tile 1, MV slot).
// The assembler refuses the conflict it can prove, so tile 1's program is raw
// bundles (.bundle, slot 0 first) of exactly this code:
//   vmul acc1, v0, v1     bundle 0: MAC latency 4 -> lands at bundle 4
//   mov r0, 1 ; addi r0, r0, 1   bundle 1: two writes of r0 at bundle 2: dropped
//   aadd acc1, acc2, acc3 bundle 2: latency 3 -> bundle 5: no conflict
//   amov acc1, acc0       bundle 3: latency 1 -> bundle 4 = the vmul's: trap
//   halt
.tile 0
        li r4, 7
        nop
        nop
        li r5, 9                      // issues in the trap cycle: its edge writes r5
        halt
.tile 1
        .bundle 0, 0, 0, 0, 0xb0200804, 0, 0
        .bundle 0x08000001, 0, 0, 0, 0, 0, 0xe4000001
        .bundle 0, 0, 0, 0, 0, 0xc0221800, 0
        .bundle 0, 0, 0, 0, 0, 0, 0xe0200006
        halt
