// test_vl_hooks.cpp — RTL $stop / $error / $fatal / $finish and Verilator's own
// fatal errors must be reported (kc_vl_hooks_take / kc_vl_hooks_fatal) and must
// not end the process. Verilator's defaults would abort() or exit(0) here, so the
// test passes only if it reaches its last line (ctest matches "all passed").
#include <cstdio>
#include <cstring>

#include "Vhooks_top.h"
#include "kc_vl_hooks.h"
#include "verilated.h"

static int failures;

#define CHECK(cond, what)                                                       \
    do {                                                                        \
        if (!(cond)) {                                                          \
            failures++;                                                         \
            std::fprintf(stderr, "%s:%d: CHECK(%s) failed: %s\n", __FILE__, __LINE__, #cond, \
                         what);                                                 \
        }                                                                       \
    } while (0)

static void cycle(Vhooks_top &t)
{
    t.clk = 0;
    t.eval();
    t.clk = 1;
    t.eval();
}

int main()
{
    static const struct { unsigned sel; const char *what; } cases[] = {
        { 1, "$stop/$error/$fatal" }, { 2, "$stop/$error/$fatal" },
        { 3, "$stop/$error/$fatal" }, { 4, "$finish" },
    };
    for (const auto &c : cases) {
        VerilatedContext ctx;
        Vhooks_top top(&ctx);
        kc_vl_hooks_event ev;
        top.sel = 0;
        for (int i = 0; i < 3; i++)
            cycle(top);
        CHECK(!kc_vl_hooks_take(&ev), "event without a system task");
        top.sel = (unsigned char)c.sel;
        cycle(top);
        CHECK(kc_vl_hooks_take(&ev), "no event");
        CHECK(std::strcmp(ev.what, c.what) == 0, ev.what);
        CHECK(std::strstr(ev.where, "hooks_top.v:") != nullptr, ev.where);
        char buf[512];
        kc_vl_hooks_describe(&ev, buf, sizeof buf);
        CHECK(std::strncmp(buf, "RTL ", 4) == 0, buf);
        // Again: a second $finish is where Verilator's default calls exit(0).
        cycle(top);
        cycle(top);
        CHECK(kc_vl_hooks_take(nullptr), "second event lost");
        CHECK(!kc_vl_hooks_take(nullptr), "event not cleared");
        CHECK(top.cnt == 6, "model did not keep running");
        top.final();
    }

    // Verilator's internal fatal path (non-converging logic, $readmem errors...).
    bool thrown = false;
    try {
        VL_FATAL_MT("hooks.v", 7, "", "simulated internal error");
    } catch (const kc_vl_hooks_fatal &e) {
        thrown = std::strcmp(e.what(), "simulated internal error") == 0;
    }
    CHECK(thrown, "vl_fatal did not throw kc_vl_hooks_fatal");
    kc_vl_hooks_event ev;
    CHECK(kc_vl_hooks_take(&ev) && std::strcmp(ev.where, "hooks.v:7") == 0, "fatal not recorded");

    if (failures) {
        std::fprintf(stderr, "vl_hooks: %d failure(s)\n", failures);
        return 1;
    }
    std::printf("vl_hooks: all passed\n");
    return 0;
}
