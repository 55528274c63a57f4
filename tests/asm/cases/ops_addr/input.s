# address registers a0..a7
movar a7, r15
movra r1, a0
adda  a0, a0, r4
addai a1, a1, -32768
addai a2, a3, 32767
halt
