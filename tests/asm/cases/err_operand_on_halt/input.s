        halt r1
