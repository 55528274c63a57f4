# scalar fp32 rows
fadd   f1, f2, f3
fsub   f4, f5, f6
fmul   f7, f8, f9
fmax   f10, f11, f12
fmin   f13, f14, f15
ffma   f0, f1, f2
fexp   f3, f4
frecip f5, f6
frsqrt f7, f8
fcvtif f9, r10
fmvif  f11, r12
fmvfi  r13, f14
flui   f15, 0xffff
flli   f1, 0x2713
halt
