# control rows, with loops and calls
start:  nop
        jal   r15, helper
        loopi 1023, body_end
        loop  r5, inner_end
        addi  r1, r1, 1
inner_end:
        nop
body_end:
        beq   r1, r0, start
        bne   r1, r2, start
        blt   r1, r2, done
        bge   r1, r2, done
        bltu  r1, r2, done
        bgeu  r1, r2, done
        j     done
helper: jr    r15
done:   halt
