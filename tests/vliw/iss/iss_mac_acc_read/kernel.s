// A MAC-slot accumulation reads its accumulator in the MAC pipe's last stage:
// as the bundle before its landing boundary sees it (rtl/vliw/vliw_mac.v), so
// an amov issued AFTER the vmac, landing earlier, is accumulated onto.
        lui r2, 0x4000 ; mov r1, 0x3f80   // r2 = 2.0f, r1 = bf16 1.0
        abcst acc1, r2                    // b1: acc1 = 2.0 (latency 1)
        vbcst v1, r1                      // b2
        vmac acc0, v1, v1                 // b3: term 1.0; lands at boundary 7, reads acc0 as b6 sees it
        amov acc0, acc1                   // b4: acc0 = 2.0 at boundary 5
        nop
        nop
        aext r3, acc0, 0                  // b7: 2.0 + 1.0
        aext r4, acc1, 0
        halt
