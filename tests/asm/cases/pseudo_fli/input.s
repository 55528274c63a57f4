.equ N, 768
fli f1, 0.125        # exact in bf16: flui only
fli f2, 1.0/3        # flui + flli
fli f3, -2           # integer value converted to fp32
fli f4, 1.0/N
fli f5, 1e-3
fli f6, inf
fli f7, -0.0
fli f8, 3.4028235e38
halt
