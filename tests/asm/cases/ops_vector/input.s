# vector rows: [rN] operands, scalar fp operands, reductions
vadd    [r3], [r1], [r2]
vsub    [r4], [r5], [r6]
vmul    [r7], [r8], [r9]
vmax    [r10], [r11], [r12]
vmin    [r13], [r14], [r15]
vadds   [r3], [r1], f2
vsubs   [r3], [r1], f15
vmuls   [r0], [r0], f0
vmaxs   [ r3 ], [r1], f0      # spaces inside brackets are fine
vmins   [r3], [r1], f2
vmacs   [r3], [r1], f2
vexp    [r2], [r1]
vrecip  [r2], [r1]
vrsqrt  [r2], [r1]
vbcast  [r2], f1
vredsum f1, [r1]
vredmax f1, [r15]
halt
