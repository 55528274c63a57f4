// Prints q after one clock in reset and one out of it: top1's counter (q=1);
// top2 registers the count (still 0 then) through a module of its own, XOR
// 0x5a5a5a5a (q=1515870810).
#include <cstdio>

#include "Vtop.h"

int main()
{
    Vtop t;
    t.rst = 1;
    for (int i = 0; i < 4; i++) {
        t.clk = i & 1;
        t.eval();
        if (i == 1)
            t.rst = 0;
    }
    std::printf("q=%u\n", (unsigned)t.q);
    return 0;
}
