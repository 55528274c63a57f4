// halt with a result in flight: the pipes drain before the run ends.
        mov r1, 0x3f80                // bundle 0, cycle 1 (cycle 0 fetches)
        vbcst v1, r1                  // bundle 1, cycle 2
        vmmac acc0, v1, v1            // bundle 2, cycle 3: lands at bundle boundary 6
        halt                          // bundle 3, cycle 4
