/* kc_sc_eval — runs one kernel on the SystemC virtual platform (kc_sc_top.h)
 * and prints what `kc eval` prints about it.
 *
 *   kc_sc_eval --task T --config C [--platform P] [--seed N] [--cycle-limit N]
 *              [--latency N] [--bandwidth N] [--json] (KERNEL | --baseline)
 *
 * Everything but the simulation is kc eval's pipeline (tasks/kc_eval.h: task
 * instance, DRAM image and sentinels, the platform's build of the kernel, the
 * check, the record); the simulation is kc_eval_opts.sim = sc_sim below: the
 * build's verilator --sc module with the TLM-2.0 DRAM target around the very
 * kc_dram the pipeline filled. So `kc_sc_eval ... --json` and `kc eval ...
 * --json` must agree on everything but the wall-clock times
 * (tests/systemc/sc_compare.sh). --latency / --bandwidth set the DRAM's
 * (default: the harness's, KC_DRAM_DEFAULT_*). SystemC elaborates once per
 * process: one kernel a run. Exit status: 0 correct, 1 not correct, 2 error.
 */
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include <systemc>

extern "C" {
#include "kc_eval.h"
#include "kc_file.h"
#include "kc_platform.h"
}
#include "kc_sc_top.h"

/* kc_eval_sim_fn: the run on the SystemC platform. */
static kc_status sc_sim(const kc_acc_ops *ops, void *, kc_dram *dram, const kc_image *img, const uint32_t *args,
                        size_t nargs, const kc_sim_opts *opts, kc_sim_report *rep, kc_err *err)
{
    static bool elaborated = false;
    if (elaborated)
        return kc_err_set(err, KC_ERR_USAGE, "systemc: one run per process (SystemC elaborates once)");
    elaborated = true;
    if (opts && (opts->trace || opts->stalls || opts->on_issue))
        return kc_err_set(err, KC_ERR_USAGE, "systemc: no waveform, stall view or instruction trace here "
                          "(use kc eval)");
    std::memset(rep, 0, sizeof *rep);
    rep->result = KC_SIM_ERROR;
    rep->counter_names = ops->counter_names;
    rep->ncounters = ops->ncounters < KC_MAX_COUNTERS ? ops->ncounters : KC_MAX_COUNTERS;

    kc_sc_acc *acc = kc_sc_new(ops->name, "acc");
    if (!acc)
        return kc_err_set(err, KC_ERR_USAGE, "systemc: no SystemC model of build %s (built: %s)", ops->name,
                          kc_sc_names());
    if (acc->ncounters() != ops->ncounters || acc->beat_bytes() != ops->beat_bytes)
        return kc_err_set(err, KC_ERR_INTERNAL, "systemc: %s's SystemC module has %u counters and a %u-byte "
                          "beat, its C++ model %u and %u", ops->name, acc->ncounters(), acc->beat_bytes(),
                          ops->ncounters, ops->beat_bytes);
    kc_dram_reset(dram);   /* as kc_sim_run */
    /* Not deleted: SystemC keeps its modules to the end of the process. */
    kc_sc_top *top = new kc_sc_top("top", acc, dram);
    top->cycle_limit = opts ? opts->cycle_limit : 0;
    kc_status s = acc->load(img, args, nargs, kc_dram_config(dram)->size_bytes, err);
    if (s != KC_OK)
        return s;
    try {
        sc_core::sc_start();
    } catch (const std::exception &e) {
        return kc_err_set(err, KC_ERR_SIM, "systemc: %s", e.what());
    }
    const kc_sc_result &r = acc->result();
    if (!acc->done())
        return kc_err_set(err, KC_ERR_SIM, "systemc: the simulation stopped before the run ended");
    if (r.result == KC_SIM_ERROR)
        return kc_err_set(err, KC_ERR_SIM, "systemc: %s", r.error.c_str());
    rep->result = r.result;
    rep->cycles = r.cycles;
    rep->status = r.status;
    for (size_t i = 0; i < rep->ncounters; i++)
        rep->counters[i] = r.counters[i];
    if (ops->nunits > 1 && ops->nunit_counters && !r.unit_counters.empty()) {   /* as kc_sim_run */
        rep->nunits = ops->nunits < KC_MAX_UNITS ? ops->nunits : KC_MAX_UNITS;
        rep->nunit_counters = ops->nunit_counters < KC_MAX_UNIT_COUNTERS ? ops->nunit_counters
                                                                         : KC_MAX_UNIT_COUNTERS;
        rep->unit_counter_names = ops->unit_counter_names;
        for (unsigned u = 0; u < rep->nunits && u < r.unit_counters.size(); u++)
            for (size_t k = 0; k < rep->nunit_counters && k < r.unit_counters[u].size(); k++)
                rep->unit_counters[u][k] = r.unit_counters[u][k];
    }
    kc_dram_bytes(dram, &rep->dram_read_bytes, &rep->dram_write_bytes);
    return KC_OK;
}

static int usage(const char *why)
{
    std::fprintf(stderr, "kc_sc_eval: %s\nusage: kc_sc_eval --task T --config C [--platform P] [--seed N] "
                 "[--cycle-limit N] [--latency N] [--bandwidth N] [--json] (KERNEL | --baseline)\n", why);
    return 2;
}

static void print_text(const kc_eval_result *r)
{
    std::printf("kernel      %s (fnv1a %016" PRIx64 ")\n", r->kernel_name, r->kernel_hash);
    std::printf("task        %s C%d on %s (SystemC), seed %" PRIu64 "\n", r->task, r->config, r->platform, r->seed);
    std::printf("status      %s\n", r->correct ? "PASS (correct)" : "FAIL");
    std::printf("reason      %s\n", kc_eval_status_name(r->status));
    if (!r->assembled) {
        std::printf("diagnostic  %s\n", r->diagnostic);
        return;
    }
    std::printf("program     %zu instructions; simulation %s after %" PRIu64 " cycles\n", r->program_words,
                kc_sim_result_name(r->sim), r->cycles);
    if (r->sim == KC_SIM_TRAPPED)
        std::printf("trap        %s (cause %u) at pc %u, info 0x%08x\n", r->trap_name, r->trap_cause, r->trap_pc,
                    r->trap_info);
    std::printf("mismatches  %zu of %zu outputs\n", r->check.mismatches, r->check.nchecked);
    std::printf("cycles      %" PRIu64 "   ideal %.0f   efficiency %.3f\n", r->cycles, r->ideal_cycles,
                r->efficiency);
    std::printf("dram        read %" PRIu64 " B, written %" PRIu64 " B\n", r->dram_read_bytes, r->dram_write_bytes);
    std::printf("counters   ");
    for (size_t i = 0; i < r->ncounters; i++)
        std::printf(" %s=%" PRIu64, r->counter_names[i], r->counters[i]);
    std::printf("\ntime        sim %.3f s (%.0f cycles/s)\n", r->t_sim,
                r->t_sim > 0 ? double(r->cycles) / r->t_sim : 0.0);
}

int sc_main(int argc, char **argv)
{
    /* stdout is the result (one JSON line with --json): SystemC's end-of-run note is not */
    sc_core::sc_report_handler::set_actions("/OSCI/SystemC", sc_core::SC_INFO, sc_core::SC_DO_NOTHING);
    kc_eval_opts o{};
    o.platform = "npu";
    o.seed = KC_EVAL_VISIBLE_SEED;
    o.sim = sc_sim;
    kc_dram_cfg dcfg{};
    const char *kernel = nullptr;
    bool json = false, baseline = false;
    for (int i = 1; i < argc; i++) {
        std::string a = argv[i];
        auto value = [&](const char *what) -> const char * {
            if (i + 1 >= argc) {
                usage((a + " needs " + what).c_str());
                std::exit(2);
            }
            return argv[++i];
        };
        if (a == "--task")
            o.task = value("a task");
        else if (a == "--config")
            o.config = std::atoi(value("1..5"));
        else if (a == "--platform")
            o.platform = value("a platform");
        else if (a == "--seed")
            o.seed = std::strtoull(value("a number"), nullptr, 0);
        else if (a == "--cycle-limit")
            o.cycle_limit = std::strtoull(value("a number"), nullptr, 0);
        else if (a == "--latency")
            dcfg.latency = unsigned(std::strtoul(value("cycles"), nullptr, 0));
        else if (a == "--bandwidth")
            dcfg.bytes_per_cycle = unsigned(std::strtoul(value("bytes per cycle"), nullptr, 0));
        else if (a == "--json")
            json = true;
        else if (a == "--baseline")
            baseline = true;
        else if (a == "--help" || a == "-h")
            return usage("runs one kernel on the SystemC platform"), 0;
        else if (a[0] == '-' && a != "-")
            return usage(("unknown option " + a).c_str());
        else if (kernel)
            return usage(("unexpected argument " + a).c_str());
        else
            kernel = argv[i];
    }
    if (!o.task || !o.config)
        return usage("--task and --config are required");
    if (!kernel == !baseline)
        return usage("give exactly one of KERNEL or --baseline");
    o.dram = &dcfg;

    kc_err err;
    kc_err_clear(&err);
    kc_eval_result *r = static_cast<kc_eval_result *>(std::malloc(sizeof *r));
    kc_eval_ctx *ctx = nullptr;
    kc_status s = r ? kc_eval_ctx_open(&ctx, &err) : KC_ERR_NOMEM;
    if (s == KC_OK && baseline)
        s = kc_eval_baseline(ctx, &o, r, &err);
    else if (s == KC_OK) {
        char *src = nullptr;
        kc_file_read_text(kernel, &src, nullptr, &err);
        s = src ? kc_eval_run(ctx, &o, src, kernel, r, &err) : err.code;
        std::free(src);
    }
    kc_eval_ctx_close(ctx);
    if (s != KC_OK) {
        char buf[800];
        std::fprintf(stderr, "kc_sc_eval: %s\n", kc_err_format(&err, buf, sizeof buf));
        std::free(r);
        return 2;
    }
    if (json) {
        json_t *j = kc_eval_result_json(r);
        char *txt = j ? json_dumps(j, JSON_COMPACT) : nullptr;
        if (txt)
            std::printf("%s\n", txt);
        std::free(txt);
        json_decref(j);
    } else
        print_text(r);
    int rc = r->correct ? 0 : 1;
    std::free(r);
    return rc;
}
