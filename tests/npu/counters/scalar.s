# Scalar, fp and special-function instructions, each reading the one before:
# one issues per cycle whatever it depends on (timing row scalar_dep: "a dependent
# instruction issues the next cycle"), so nothing stalls and no unit but the
# scalar one is ever busy. Issue cycles 0..5 (halt at 5): 6 + 1 (the first fetch) = 7 cycles, 6
# instructions retired (halt included).
addi r1, r0, 5
addi r2, r1, 1
fli f1, 2.0           # one flui: 2.0 is exact in bf16
fexp f2, f1
fadd f3, f2, f2
halt
