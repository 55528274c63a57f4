/* npu_shim.cpp — the Verilated npu_top behind the C API of npu.h.
 *
 * Every entry point that reaches Verilator or allocates runs inside npu_guard():
 * no C++ exception leaves this file. RTL $stop/$error/$fatal/$finish are caught
 * by the runtime hooks (kc_vl_hooks.h) and become KC_ERR_SIM after the eval()
 * that ran them; a Verilator fatal error additionally marks the model broken,
 * and the next npu_reset() rebuilds it from scratch.
 */
#include "npu.h"

#include <cstring>
#include <string>
#include <new>
#include <type_traits>
#include <utility>

#include "Vnpu_top.h"
#include "Vnpu_top___024root.h"   /* public_flat_rd state, for co-simulation */
#include "kc_vl_hooks.h"
#include "kc_vl_trace.h"
#include "verilated.h"
#include "verilated_vcd_c.h"

namespace {

/* Hardware parameters straight from the ISA table, the same values the RTL's
 * generated header carries; checked against the Verilated ports below. */
#define NPU_PARAM(name, value, desc) constexpr unsigned NPU_##name = value;
#include "npu.def"
#undef NPU_PARAM

template <typename T> using port_t = std::remove_reference_t<T>;
using top_t = Vnpu_top;

/* Port widths as Verilator laid them out (wide ports are arrays of 32-bit words,
 * byte i of a beat in bits [8i+7:8i], i.e. little-endian memory order). */
constexpr unsigned NPU_BEAT = sizeof(port_t<decltype(std::declval<top_t &>().mem_req_wdata)>);
constexpr unsigned NPU_PERF_WORDS = sizeof(port_t<decltype(std::declval<top_t &>().perf)>) / 4;
constexpr unsigned NPU_ARG_WORDS = sizeof(port_t<decltype(std::declval<top_t &>().args)>) / 4;

static_assert(NPU_BEAT == NPU_VLEN * 2, "mem_req_wdata is not VLEN*16 bits wide");
static_assert(NPU_BEAT <= KC_BEAT_BYTES_MAX && NPU_BEAT <= 64, "beat wider than kc_bus allows");
static_assert(sizeof(port_t<decltype(std::declval<top_t &>().mem_resp_rdata)>) == NPU_BEAT,
              "mem_resp_rdata width differs from mem_req_wdata");
static_assert(NPU_ARG_WORDS == NPU_NAREGS, "args port is not NAREGS x 32 bits");
static_assert(__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__, "beats are copied as little-endian words");

const char *const npu_counter_names[] = {
    "cycles", "instret", "vector_busy", "dma_load_busy",
    "dma_store_busy", "stall_vector", "stall_dma", "stall_drain", "matrix_busy", "stall_matrix",
};
constexpr unsigned NPU_COUNTER_NAMES = sizeof npu_counter_names / sizeof npu_counter_names[0];
static_assert(NPU_PERF_WORDS == NPU_NCOUNTERS && NPU_COUNTER_NAMES == NPU_NCOUNTERS,
              "perf port, counter names and the NCOUNTERS parameter disagree");

const char *const npu_cause_names[] = {
    "none", "illegal-instruction", "pc-range", "vsram-range",
    "dram-range", "dram-misaligned", "bad-config", "loop",
};

}  // namespace

struct npu_model {
    VerilatedContext *ctx = nullptr;
    top_t *top = nullptr;
    size_t loaded_words = 0;   /* instruction-memory words the last program wrote */
    VerilatedVcdC *vcd = nullptr;
    kc_vl_trace_file *vcd_file = nullptr;   /* behind vcd; holds its first write error */
    std::string vcd_path;
    bool trace_on = false;
    bool broken = false;   /* a Verilator fatal error left the model unusable */
    bool stopped = false;  /* $stop/$error/$fatal/$finish ran; reset to continue */
    uint64_t cycle = 0;
};

namespace {

/* Verilator 5.006 runtime code (scope registration, $stop bookkeeping, scope
 * destructors) reaches the context through the thread-local
 * Verilated::threadContextp(), which is simply the context constructed last.
 * With several models per process that is often another model's context or a
 * deleted one (a use-after-free that deadlocks in ~VerilatedScope), so every
 * entry point that runs Verilated code first makes its own context current. */
inline void npu_enter(const npu_model *m)
{
    Verilated::threadContextp(m->ctx);
}

/* Closes and frees the trace, if any; returns the first write error (errno) of
 * its file, 0 when none. Never throws: the file swallows write errors. */
int npu_trace_drop(npu_model *m)
{
    int e = 0;
    if (m->vcd) {
        m->vcd->close();
        delete m->vcd;
        m->vcd = nullptr;
    }
    if (m->vcd_file) {
        e = m->vcd_file->error();
        delete m->vcd_file;
        m->vcd_file = nullptr;
    }
    m->trace_on = false;
    return e;
}

void npu_destroy(npu_model *m)
{
    if (m->ctx)
        npu_enter(m);
    npu_trace_drop(m);
    if (m->top && !m->broken)
        m->top->final();
    delete m->top;
    m->top = nullptr;
    delete m->ctx;
    m->ctx = nullptr;
    /* Never leave the thread's (and the process's last) context dangling:
     * null makes Verilator fall back to its default context. */
    Verilated::threadContextp(nullptr);
}

void npu_build(npu_model *m)
{
    m->ctx = new VerilatedContext;
    m->ctx->fatalOnError(false);  /* belt and braces: the hooks never call abort */
    m->ctx->randReset(0);         /* the build uses --x-initial 0; this covers any
                                     remaining VL_RAND_RESET with zeros */
    m->ctx->traceEverOn(true);    /* must precede the model, or tracing is refused */
    m->ctx->timeunit(-9);
    m->ctx->timeprecision(-9);
    m->top = new top_t(m->ctx, "TOP");
    m->loaded_words = 0;          /* a fresh model's memories are zero */
    m->broken = m->stopped = false;
}

/* Runs f; maps anything thrown to a kc_status. */
template <typename F> kc_status npu_guard(npu_model *m, kc_err *err, const char *what, F &&f)
{
    try {
        return f();
    } catch (const kc_vl_hooks_fatal &e) {
        kc_vl_hooks_take(nullptr);
        if (m)
            m->broken = true;
        return kc_err_set(err, KC_ERR_SIM, "npu: %s: Verilator fatal error: %s", what, e.what());
    } catch (const std::bad_alloc &) {
        return kc_err_set(err, KC_ERR_NOMEM, "npu: %s: out of memory", what);
    } catch (const std::exception &e) {
        if (m)
            m->broken = true;
        return kc_err_set(err, KC_ERR_SIM, "npu: %s: C++ exception: %s", what, e.what());
    } catch (...) {
        if (m)
            m->broken = true;
        return kc_err_set(err, KC_ERR_SIM, "npu: %s: unknown C++ exception", what);
    }
}

/* After an eval: did the RTL execute $stop/$error/$fatal/$finish? */
kc_status npu_check_hooks(npu_model *m, kc_err *err)
{
    kc_vl_hooks_event ev;
    if (VL_LIKELY(!kc_vl_hooks_take(&ev)))
        return KC_OK;
    m->stopped = true;
    char buf[512];
    return kc_err_set(err, KC_ERR_SIM, "npu: %s (cycle %llu)",
                      kc_vl_hooks_describe(&ev, buf, sizeof buf), (unsigned long long)m->cycle);
}

/* One clock cycle while in reset (no trace, no cycle count). */
void npu_reset_edge(top_t *t)
{
    t->clk = 0;
    t->eval();
    t->clk = 1;
    t->eval();
}

}  // namespace

extern "C" {

const char *npu_cause_name(unsigned cause)
{
    return cause < sizeof npu_cause_names / sizeof npu_cause_names[0] ? npu_cause_names[cause]
                                                                      : "unknown";
}

kc_status npu_open(npu_model **out, kc_err *err)
{
    *out = nullptr;
    npu_model *m = nullptr;
    kc_status s = npu_guard(nullptr, err, "open", [&] {
        m = new npu_model;
        npu_build(m);
        return KC_OK;
    });
    if (s != KC_OK) {
        if (m) {
            npu_guard(nullptr, nullptr, "open", [&] { npu_destroy(m); return KC_OK; });
            delete m;
        }
        return s;
    }
    *out = m;
    return KC_OK;
}

void npu_close(npu_model *m)
{
    if (!m)
        return;
    npu_guard(m, nullptr, "close", [&] { npu_destroy(m); return KC_OK; });
    delete m;
}

kc_status npu_reset(npu_model *m, const uint32_t *program, size_t nwords, const uint32_t *args,
                    size_t nargs, uint32_t dram_bytes, kc_err *err)
{
    if (nwords > NPU_IMEM_WORDS)
        return kc_err_set(err, KC_ERR_RANGE,
                          "npu: program of %zu instructions does not fit the %u-word instruction memory",
                          nwords, NPU_IMEM_WORDS);
    if (nargs > NPU_ARG_WORDS)
        return kc_err_set(err, KC_ERR_RANGE, "npu: %zu arguments (a0..a15 hold at most %u)", nargs,
                          NPU_ARG_WORDS);
    return npu_guard(m, err, "reset", [&] {
        if (m->broken || !m->top) {  /* rebuild: the old model's state is unknown */
            npu_destroy(m);
            npu_build(m);
        }
        npu_enter(m);
        npu_trace_drop(m);           /* a trace belongs to one run */
        m->stopped = false;
        m->cycle = 0;
        kc_vl_hooks_take(nullptr);
        m->ctx->gotFinish(false);
        m->ctx->gotError(false);
        m->ctx->errorCount(0);
        m->ctx->time(0);

        top_t *t = m->top;
        t->rst = 1;
        t->imem_we = 0;
        t->imem_addr = 0;
        t->imem_wdata = 0;
        for (unsigned i = 0; i < NPU_ARG_WORDS; i++)
            t->args[i] = i < nargs ? args[i] : 0;
        t->dram_bytes = dram_bytes;
        t->mem_req_ready = 0;
        t->mem_resp_valid = 0;
        std::memset(t->mem_resp_rdata.data(), 0, NPU_BEAT);
        /* Two cycles of plain reset, one cycle per program word, two more so the
         * last write settles; then release. The first npu_clock() is the first
         * edge with rst low, where the core fetches pc 0. */
        npu_reset_edge(t);
        npu_reset_edge(t);
        /* Instruction memory is not reset (it is a RAM): words a previous, longer
         * program left behind are zeroed, so a kernel that runs off its end traps
         * on a zero word (illegal instruction) in a reused model as in a fresh one. */
        t->imem_we = 1;
        for (size_t i = 0; i < nwords || i < m->loaded_words; i++) {
            t->imem_addr = (uint32_t)i;
            t->imem_wdata = i < nwords ? program[i] : 0u;
            npu_reset_edge(t);
        }
        m->loaded_words = nwords;
        t->imem_we = 0;
        t->imem_addr = 0;
        t->imem_wdata = 0;
        npu_reset_edge(t);
        npu_reset_edge(t);
        t->rst = 0;
        t->eval();  /* settle outputs that see rst combinationally */
        m->cycle = 0;
        return npu_check_hooks(m, err);
    });
}

void npu_bus_out(npu_model *m, kc_bus_req *req)
{
    const top_t *t = m->top;
    req->valid = t->mem_req_valid;
    req->write = t->mem_req_write;
    req->addr = t->mem_req_addr;
    req->wstrb = t->mem_req_wstrb;
    if (req->valid && req->write)  /* wdata matters only then: skip the copy */
        std::memcpy(req->wdata, t->mem_req_wdata.data(), NPU_BEAT);
}

kc_status npu_clock(npu_model *m, const kc_bus_resp *in, kc_err *err)
{
    if (VL_UNLIKELY(m->broken || m->stopped))
        return kc_err_set(err, KC_ERR_SIM, "npu: the model stopped on a simulator error; reset it first");
    return npu_guard(m, err, "clock", [&] {
        npu_enter(m);
        top_t *t = m->top;
        const uint64_t now = m->cycle * 10;
        t->clk = 0;
        t->mem_req_ready = in->req_ready;
        t->mem_resp_valid = in->resp_valid;
        if (in->resp_valid)
            std::memcpy(t->mem_resp_rdata.data(), in->rdata, NPU_BEAT);
        m->ctx->time(now);
        t->eval();
        if (VL_UNLIKELY(m->trace_on))
            m->vcd->dump(now);
        t->clk = 1;
        m->ctx->time(now + 5);
        t->eval();
        if (VL_UNLIKELY(m->trace_on))
            m->vcd->dump(now + 5);
        kc_status s = npu_check_hooks(m, err);  /* names this cycle, then count it */
        m->cycle++;
        return s;
    });
}

void npu_status(npu_model *m, kc_core_status *st)
{
    const top_t *t = m->top;
    if (VL_LIKELY(!t->trapped && !t->halted)) {
        st->state = KC_CORE_RUNNING;
        st->cause = 0;
        st->cause_name = "";
        st->pc = st->info = 0;
        return;
    }
    st->state = t->trapped ? KC_CORE_TRAPPED : KC_CORE_HALTED;
    st->cause = t->trapped ? t->trap_cause : 0;
    st->cause_name = t->trapped ? npu_cause_name(st->cause) : "";
    st->pc = t->trapped ? t->trap_pc : 0;
    st->info = t->trapped ? t->trap_info : 0;
}

void npu_counters(npu_model *m, uint64_t *vals, size_t n)
{
    for (size_t i = 0; i < n && i < NPU_NCOUNTERS; i++)
        vals[i] = m->top->perf[i];
}

kc_status npu_trace_open(npu_model *m, const char *path, int depth, kc_err *err)
{
    if (!path || !path[0])
        return kc_err_set(err, KC_ERR_USAGE, "npu: no trace file name");
    size_t len = std::strlen(path);
    if (len >= 4 && std::strcmp(path + len - 4, ".fst") == 0)
        return kc_err_set(err, KC_ERR_USAGE,
                          "npu: %s: this build writes VCD only (name the file .vcd)", path);
    if (depth < 0)
        return kc_err_set(err, KC_ERR_USAGE, "npu: trace depth %d (0 = all levels)", depth);
    return npu_guard(m, err, "trace", [&] {
        npu_enter(m);
        npu_trace_drop(m);
        m->vcd_file = new kc_vl_trace_file;
        m->vcd_path = path;
        m->vcd = new VerilatedVcdC(m->vcd_file);
        m->vcd->set_time_unit("1ns");
        m->vcd->set_time_resolution("1ns");
        /* The levels argument of trace() is ignored by Verilator 5.006; depth
         * is applied like $dumpvars(depth + 1, TOP): the TOP wrapper is one
         * level, so depth 1 keeps npu_top's own signals, 2 adds its submodules. */
        if (depth)
            m->vcd->dumpvars(depth + 1, "TOP");
        m->top->trace(m->vcd, 99);
        m->vcd->open(path);
        if (!m->vcd->isOpen()) {
            int e = npu_trace_drop(m);
            return kc_err_set(err, KC_ERR_IO, "npu: cannot write trace file %s: %s", path,
                              std::strerror(e ? e : EIO));
        }
        return KC_OK;
    });
}

void npu_trace_enable(npu_model *m, int on)
{
    m->trace_on = on && m->vcd;
}

kc_status npu_trace_close(npu_model *m, kc_err *err)
{
    if (!m->vcd)
        return KC_OK;
    std::string path = m->vcd_path;
    int e = 0;
    kc_status s = npu_guard(m, err, "trace close", [&] {
        npu_enter(m);
        e = npu_trace_drop(m);
        return KC_OK;
    });
    if (s == KC_OK && e)
        s = kc_err_set(err, KC_ERR_IO, "npu: cannot write trace file %s: %s", path.c_str(), std::strerror(e));
    return s;
}

uint64_t npu_cycle(const npu_model *m)
{
    return m->cycle;
}

/* ---- co-simulation: architectural state (kc_acc.h kc_arch_state) ------------------
 * Read straight from the public_flat_rd signals of npu_core and
 * npu_vector. Each configuration register of the table is read from
 * u_core.cfg_<name> when the RTL has such a signal (0 otherwise: `cycle` is the
 * counter, which co-simulation does not compare). */
}  // extern "C"

namespace {

#define NPU_CFG(name, id, reset, desc)                                                   \
    template <typename R>                                                               \
    auto npu_cfg_##name(const R *r, int) -> decltype(uint32_t(r->npu_top__DOT__u_core__DOT__cfg_##name)) \
    {                                                                                   \
        return r->npu_top__DOT__u_core__DOT__cfg_##name;                                \
    }                                                                                   \
    template <typename R> uint32_t npu_cfg_##name(const R *, long) { return 0; }
#include "npu.def"
#undef NPU_CFG

/* Matrix SRAM, when the RTL has one. */
template <typename R>
auto npu_msram(const R *r, int) -> decltype(&r->npu_top__DOT__u_matrix__DOT__msram)
{
    return &r->npu_top__DOT__u_matrix__DOT__msram;
}
template <typename R> std::nullptr_t npu_msram(const R *, long) { return nullptr; }

template <typename Mem> size_t npu_copy_rows(const Mem &mem, uint32_t nrows, uint32_t row, uint32_t n,
                                              void *buf)
{
    if (row > nrows || n > nrows - row)
        return 0;
    for (uint32_t i = 0; i < n; i++)
        std::memcpy(static_cast<uint8_t *>(buf) + (size_t)i * NPU_BEAT, mem[row + i].data(), NPU_BEAT);
    return NPU_BEAT;
}

template <typename Mem> size_t npu_copy_msram(const Mem *mem, uint32_t row, uint32_t n, void *buf)
{
    return npu_copy_rows(*mem, (uint32_t)(sizeof *mem / sizeof (*mem)[0]), row, n, buf);
}
inline size_t npu_copy_msram(std::nullptr_t, uint32_t, uint32_t, void *) { return 0; }

}  // namespace

extern "C" {

void npu_arch(npu_model *m, kc_arch_state *st)
{
    const Vnpu_top___024root *r = m->top->rootp;
    std::memset(st, 0, sizeof *st);
    st->pc = r->npu_top__DOT__u_core__DOT__pc;
    for (unsigned i = 0; i < NPU_NXREGS; i++)
        st->x[i] = r->npu_top__DOT__u_core__DOT__X[i];
    for (unsigned i = 0; i < NPU_NFREGS; i++)
        st->f[i] = r->npu_top__DOT__u_core__DOT__F[i];
    for (unsigned i = 0; i < NPU_NAREGS; i++)
        st->a[i] = r->npu_top__DOT__u_core__DOT__A[i];
#define NPU_CFG(name, id, reset, desc) \
    static_assert(id < KC_ARCH_MAX_CFG, "cfg id beyond kc_arch_state"); st->cfg[id] = npu_cfg_##name(r, 0);
#include "npu.def"
#undef NPU_CFG
}

int npu_retire(npu_model *m, uint32_t *pc, uint32_t *insn)
{
    const top_t *t = m->top;
    if (!t->retire_valid)
        return 0;
    *pc = t->retire_pc;
    *insn = t->retire_insn;
    return 1;
}

size_t npu_arch_mem(npu_model *m, unsigned mem, uint32_t row, uint32_t n, void *buf)
{
    const Vnpu_top___024root *r = m->top->rootp;
    switch (mem) {
    case NPU_MEM_VSRAM:
        return npu_copy_rows(r->npu_top__DOT__u_vector__DOT__mem, NPU_VROWS, row, n, buf);
    case NPU_MEM_MSRAM:
        return npu_copy_msram(npu_msram(r, 0), row, n, buf);
    default:
        return 0;
    }
}

/* The registry's view: the same functions behind void * handles. */
const kc_acc_ops npu_acc_ops = {
    "npu",
    NPU_BEAT,
    NPU_NCOUNTERS,
    npu_counter_names,
    [](void **h, kc_err *err) {
        npu_model *m = nullptr;
        kc_status s = npu_open(&m, err);
        *h = m;
        return s;
    },
    [](void *h) { npu_close(static_cast<npu_model *>(h)); },
    [](void *h, const kc_image *img, const uint32_t *args, size_t nargs, uint32_t dram_bytes,
       kc_err *err) {
        size_t nwords;
        const uint32_t *program = kc_image_words(img, &nwords);
        if (img->nsegs != (program ? 1u : 0u) || img->entry != 0)
            return kc_err_set(err, KC_ERR_RANGE, "npu: a program image is one segment of "
                              "instruction words at address 0, entered at pc 0");
        return npu_reset(static_cast<npu_model *>(h), program, nwords, args, nargs, dram_bytes, err);
    },
    [](void *h, kc_bus_req *req) { npu_bus_out(static_cast<npu_model *>(h), req); },
    [](void *h, const kc_bus_resp *in, kc_err *err) {
        return npu_clock(static_cast<npu_model *>(h), in, err);
    },
    [](void *h, kc_core_status *st) { npu_status(static_cast<npu_model *>(h), st); },
    [](void *h, uint64_t *vals, size_t n) { npu_counters(static_cast<npu_model *>(h), vals, n); },
    [](void *h, const char *path, int depth, kc_err *err) {
        return npu_trace_open(static_cast<npu_model *>(h), path, depth, err);
    },
    [](void *h, int on) { npu_trace_enable(static_cast<npu_model *>(h), on); },
    [](void *h, kc_err *err) { return npu_trace_close(static_cast<npu_model *>(h), err); },
    [](void *h, kc_arch_state *st) { npu_arch(static_cast<npu_model *>(h), st); },
    [](void *h, uint32_t *pc, uint32_t *insn) { return npu_retire(static_cast<npu_model *>(h), pc, insn); },
    [](void *h, unsigned mem, uint32_t row, uint32_t n, void *buf) {
        return npu_arch_mem(static_cast<npu_model *>(h), mem, row, n, buf);
    },
    nullptr, nullptr, 0, nullptr, nullptr,   /* hw, arch_files, arch_pc, arch_read: issue 11 */
};

}  // extern "C"
