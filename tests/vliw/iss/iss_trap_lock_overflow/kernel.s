        rel 0, 60
        rel 0, 4                      // 60 + 4 > 63
        halt
