# Regression (NVLSU 16): a store held in the vector queue (its data comes from
# two LMUL 8 vfdivs) while the loads behind it go early (they may pass a store
# to other bytes). Fifteen LMUL 8 loads, each 4 bytes off a beat (5 beats
# each), want more load-queue entries (LQ_BEATS 64 at VLEN 128) than there
# are, and none may drain before the store they passed has walked. Once
# deadlocked here: the walk of an early load stalled on a full queue, and the
# store could not enter the VLSU behind it. rvv_vlsu's vl_safe now sends a
# load early only when the queue has room for all its beats.
# cosim: args=0x80000000,0x80004000 dram-seed=5 dram-bytes=65536
    .globl kernel
kernel:
    li t0, 32
    vsetvli t0, t0, e32, m8, ta, ma
    vle32.v v16, (a1)
    vfdiv.vv v24, v16, v16
    vfdiv.vv v24, v24, v16
    vse32.v v24, (a1)
    addi a0, a0, 4
    .rept 7
    vle32.v v8, (a0)
    addi a0, a0, 256
    vle32.v v0, (a0)
    addi a0, a0, 256
    .endr
    vle32.v v8, (a0)
    vadd.vv v8, v8, v0
    vse32.v v8, (a1)
    ret
