mv r1, r2
mv r15, r0
halt
