// test_npu_stop.cpp — the npu model (kc_vl_model.h glue) maps an RTL $stop/$error/$fatal/$finish to
// KC_ERR_SIM with the statement's location, refuses to clock until the next
// reset, and runs normally after it. The npu RTL has no reachable $stop, so the
// test raises the event exactly as Verilator's generated code would: by calling
// vl_stop() (overridden in verilated/kc_vl_hooks.cpp) before the eval that
// "executes" it.
#include <cstdio>
#include <cstring>

#include "kc_dram.h"
#include "kc_sim.h"
#include "verilated.h"

static int failures;

#define CHECK(cond, what)                                                               \
    do {                                                                                \
        if (!(cond)) {                                                                  \
            failures++;                                                                 \
            std::fprintf(stderr, "%s:%d: CHECK(%s) failed: %s\n", __FILE__, __LINE__, #cond, \
                         what);                                                         \
        }                                                                               \
    } while (0)

int main()
{
    const kc_acc_ops *ops = kc_acc_find("npu");
    void *m = nullptr;
    kc_dram *d = nullptr;
    kc_image img;
    kc_err err;
    kc_err_clear(&err);
    const uint32_t halt = 0x01u << 26;  // halt: opcode 0x01, funct 0 (isa/npu.def)
    const uint32_t prog[] = { 0x01u << 26 | 1u, 0x01u << 26 | 1u, halt };  // nop, nop, halt
    if (!ops || ops->open(&m, &err) != KC_OK || kc_dram_open(&d, nullptr, ops->beat_bytes, &err) != KC_OK ||
        kc_image_from_words(&img, prog, 3, nullptr, &err) != KC_OK) {
        std::fprintf(stderr, "setup: %s\n", err.text);
        return 1;
    }
    kc_bus_req rq;
    kc_bus_resp rs;
    std::memset(&rs, 0, sizeof rs);

    CHECK(ops->reset(m, &img, nullptr, 0, kc_dram_config(d)->size_bytes, &err) == KC_OK, err.text);
    ops->bus_out(m, &rq);
    CHECK(ops->clock(m, &rs, &err) == KC_OK, err.text);

    vl_stop("rtl/npu/fake.v", 42, "TOP.npu_top");  // as if the next eval ran $stop
    kc_err_clear(&err);
    CHECK(ops->clock(m, &rs, &err) == KC_ERR_SIM, "$stop not reported");
    CHECK(std::strstr(err.text, "rtl/npu/fake.v:42") && std::strstr(err.text, "cycle 1"), err.text);
    kc_err_clear(&err);
    CHECK(ops->clock(m, &rs, &err) == KC_ERR_SIM && std::strstr(err.text, "reset"),
          "clocked on after $stop");

    // A clean run afterwards, through the common loop.
    kc_sim_report r;
    kc_err_clear(&err);
    CHECK(kc_sim_run_words(ops, m, d, prog, 3, nullptr, 0, nullptr, &r, &err) == KC_OK, err.text);
    CHECK(r.result == KC_SIM_HALTED, kc_sim_result_name(r.result));

    // $finish is an error too: a kernel cannot end the simulation by itself.
    CHECK(ops->reset(m, &img, nullptr, 0, kc_dram_config(d)->size_bytes, &err) == KC_OK, err.text);
    vl_finish("rtl/npu/fake.v", 43, "TOP.npu_top");
    kc_err_clear(&err);
    CHECK(ops->clock(m, &rs, &err) == KC_ERR_SIM && std::strstr(err.text, "$finish"), err.text);

    ops->close(m);
    kc_image_free(&img);
    kc_dram_close(d);
    if (failures) {
        std::fprintf(stderr, "npu_stop: %d failure(s)\n", failures);
        return 1;
    }
    std::printf("npu_stop: all passed\n");
    return 0;
}
