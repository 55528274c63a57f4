/* kc_vl_model.h — the Verilator glue every accelerator shim shares (C++ only).
 *
 * kc_vl_model<Derived, Top> owns one Verilated top and its own VerilatedContext
 * and does everything that is not a port: the exception/$stop guard (with the
 * hooks of kc_vl_hooks.h), rebuilding after a Verilator fatal error, reset edges,
 * the clock edge with its VCD time stamps, and VCD (or FST) tracing with a depth
 * and a run-time switch. A shim derives from it (CRTP) and supplies only its port
 * mapping; kc_vl_ops<Derived> turns the result into the kc_acc_ops table.
 *
 * What Derived provides (all called with the model's context current):
 *   static constexpr const char *acc_name;         the build's name ("npu_wide")
 *   static const char *const counter_names[];
 *   static const kc_hw hw;  static const kc_arch_file arch_files[];  narch_files
 *   kc_status check(const kc_image *, const uint32_t *args, size_t nargs, kc_err *) const;
 *                                 refuse an image/arguments before the model is touched
 *   void built();                 a fresh (re)built model: forget derived state
 *   void load(const kc_image *, const uint32_t *args, size_t nargs, uint32_t dram_bytes);
 *                                 with rst held high: set the inputs, write memories
 *                                 through their ports using reset_edge()
 *   static const char *cause_name(unsigned cause);   the family's trap names
 * and optionally arch_pc / arch_read (co-simulation, the stall view), pc_ahead, and
 * nunits + retire_unit(unit, pc, insn) for a top with several issuing units (vliw),
 * with unit_counters(unit, vals, n) / unit_pc(unit) / nunit_counters /
 * unit_counter_names for their per-unit profile.
 *
 * Conventions every model shares, so the code behind them is here, once: ports
 * `clk` and `rst` (active high); clock() is one full cycle (clock low with this
 * cycle's inputs, then the rising edge); cycle c after reset (c = 0 for the first
 * clock) is dumped at VCD time 10c and 10c+5, timescale 1 ns. The top's other
 * standard ports (KC_VL_STANDARD_PORTS below) are mapped by this class too:
 * drive / bus_out / status / counters / retire. A top that differs defines its
 * own member of that name in Derived, which hides this one. No C++ exception
 * leaves a guarded entry point.
 */
#ifndef KC_VL_MODEL_H
#define KC_VL_MODEL_H

#include <cerrno>
#include <cstring>
#include <new>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>

#include "kc_acc.h"
#include "kc_vl_hooks.h"
#include "kc_vl_member.h"
#include "kc_vl_trace.h"
#include "verilated.h"

/* The low clock phase's eval() can be skipped by writing the posedge trigger's
 * previous-value field, an internal of Verilator 5.000..5.006 (the versions it is
 * checked on: Debian's 5.006). Any other version evaluates both phases. */
#if defined(VERILATOR_VERSION_INTEGER) && VERILATOR_VERSION_INTEGER >= 5000000 && \
    VERILATOR_VERSION_INTEGER <= 5006000
#define KC_VL_SKIP_LOW_EVAL 1
#else
#define KC_VL_SKIP_LOW_EVAL 0
#endif
#include "verilated_vcd_c.h"

/* The input logic (Verilator's `ico` region) can be skipped on a clock edge whose
 * inputs are those of the last eval(): see kc_vl_model::edge(). That calls the
 * model's own act/nba functions, internals of the same Verilator versions, named
 * after the build's root class (KC_ACC_ROOT, kc_acc_build.h, included first by
 * every shim). Anything else takes the portable eval(). */
#if KC_VL_SKIP_LOW_EVAL && defined(KC_ACC_ROOT)
#define KC_VL_SKIP_ICO 1
#define KC_VL_ROOT_FN2(root, fn) root##___##fn
#define KC_VL_ROOT_FN(root, fn) KC_VL_ROOT_FN2(root, fn)
class KC_ACC_ROOT;
void KC_VL_ROOT_FN(KC_ACC_ROOT, eval_triggers__act)(KC_ACC_ROOT *);
void KC_VL_ROOT_FN(KC_ACC_ROOT, eval_act)(KC_ACC_ROOT *);
void KC_VL_ROOT_FN(KC_ACC_ROOT, eval_nba)(KC_ACC_ROOT *);
#else
#define KC_VL_SKIP_ICO 0
#endif

/* ---- the standard ports of an accelerator top ------------------------------------------
 *   kc_bus master   mem_req_valid/ready/write/addr/wdata/wstrb, mem_resp_valid/rdata
 *                   (wdata/rdata one beat: Verilator's array of 32-bit words,
 *                   byte i of the beat in bits [8i+7:8i])
 *   arguments       args (a0.. at reset, 32 bits each), dram_bytes
 *   status          halted, trapped, trap_cause, trap_pc, trap_info
 *   counters        perf (NCOUNTERS x 32 bits, counter 0 = cycles)
 *   retirement      retire_valid, retire_pc, retire_insn
 * kc_vl_ports<Top> gives their sizes as Verilator laid them out. */
template <typename Top> struct kc_vl_ports {
    template <typename T> using port_t = std::remove_reference_t<T>;
    static constexpr unsigned beat_bytes = sizeof(port_t<decltype(std::declval<Top &>().mem_req_wdata)>);
    static constexpr unsigned perf_words = sizeof(port_t<decltype(std::declval<Top &>().perf)>) / 4;
    static constexpr unsigned arg_words = sizeof(port_t<decltype(std::declval<Top &>().args)>) / 4;
    static_assert(sizeof(port_t<decltype(std::declval<Top &>().mem_resp_rdata)>) == beat_bytes,
                  "mem_resp_rdata width differs from mem_req_wdata");
    static_assert(beat_bytes <= KC_BEAT_BYTES_MAX, "beat wider than kc_bus allows");
    static_assert(__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__, "beats are copied as little-endian words");
};

/* KC_VL_PARAM(Root, top, name, fallback, desc): `constexpr unsigned P_<name>`, the
 * value of parameter `name` of module `top` as the Verilated model elaborated it
 * (the parameter is public_flat_rd, so Verilator emits it as a constant of the
 * root class Root), or `fallback` when the model does not expose it. Use it as
 * the X of an X-macro list of the family's parameters. */
#define KC_VL_PARAM(Root, top, name, fallback)                                                 \
    template <typename R>                                                                     \
    constexpr auto kc_vl_param_##name(int) -> decltype(long(R::top##__DOT__##name))           \
    {                                                                                         \
        return long(R::top##__DOT__##name);                                                   \
    }                                                                                         \
    template <typename R> constexpr long kc_vl_param_##name(long) { return fallback; }       \
    constexpr unsigned P_##name = unsigned(kc_vl_param_##name<Root>(0));

/* Every size given to kc_add_accelerator(PARAMS ...) must be what the model
 * reports (a parameter that is not public_flat_rd would make the C side disagree
 * with the RTL): refuse to build. Expand once, after the P_<name> constants. */
#define KC_VL_PARAM_CHECK(name, value)                                                          \
    static_assert(P_##name == (value), "parameter " #name " of kc_add_accelerator(PARAMS) is not "  \
                                       "read from the model (mark it public_flat_rd)");
#define KC_VL_CHECK_BUILD_PARAMS() KC_ACC_PARAMS(KC_VL_PARAM_CHECK)

template <typename Derived, typename Top> class kc_vl_model {
public:
    using top_t = Top;
    using ports = kc_vl_ports<Top>;
    static constexpr unsigned beat_bytes = ports::beat_bytes;   /* kc_bus beat: the port's width */
    static constexpr unsigned ncounters = ports::perf_words;    /* the perf port's counters */

    kc_vl_model() = default;
    kc_vl_model(const kc_vl_model &) = delete;
    kc_vl_model &operator=(const kc_vl_model &) = delete;

    kc_status open(kc_err *err)
    {
        return guard(err, "open", [&] { build(); return KC_OK; });
    }

    /* Frees the Verilated model; safe on a half-built or broken one. */
    void close()
    {
        guard(nullptr, "close", [&] { destroy(); return KC_OK; });
    }

    kc_status reset(const kc_image *img, const uint32_t *args, size_t nargs, uint32_t dram_bytes,
                    kc_err *err)
    {
        kc_status s = self().check(img, args, nargs, err);
        if (s != KC_OK)
            return s;
        return guard(err, "reset", [&] {
            if (broken_ || !top) {  /* rebuild: the old model's state is unknown */
                destroy();
                build();
            }
            enter();
            trace_drop();           /* a trace belongs to one run */
            stopped_ = false;
            cycle_ = 0;
            kc_vl_hooks_take(nullptr);
            ctx_->gotFinish(false);
            ctx_->gotError(false);
            ctx_->errorCount(0);
            ctx_->time(0);
            top->rst = 1;
            self().load(img, args, nargs, dram_bytes);
            top->rst = 0;
            top->eval();            /* settle outputs that see rst combinationally */
            in_known_ = false;      /* the next edge evaluates the input logic */
            cycle_ = 0;
            return check_hooks(err);
        });
    }

    kc_status clock(const kc_bus_resp *in, kc_err *err)
    {
        if (VL_UNLIKELY(broken_ || stopped_))
            return kc_err_set(err, KC_ERR_SIM, "%s: the model stopped on a simulator error; reset it first",
                              Derived::acc_name);
        return guard(err, "clock", [&] {
            enter();
            const uint64_t now = cycle_ * 10;
            top->clk = 0;
            self().drive(in);
            ctx_->time(now);
            if (VL_UNLIKELY(trace_on_)) {
                top->eval();
                vcd_->dump(now);
            } else {
                /* The low phase is evaluated only for a waveform. No logic runs on
                 * it (posedge only), and the high phase's eval() settles the
                 * input-driven logic again before the edge, so the low eval()
                 * only told Verilator 5.006 that clk was 0 (its posedge trigger
                 * compares with the value seen at the last eval): say it
                 * directly. Saves one of two evaluations of the input logic. */
#if KC_VL_SKIP_LOW_EVAL
                top->rootp->__Vtrigrprev__TOP__clk = 0;
#else
                top->eval();   /* another Verilator: the portable way */
#endif
            }
            top->clk = 1;
            ctx_->time(now + 5);
            edge();
            if (VL_UNLIKELY(trace_on_))
                vcd_->dump(now + 5);
            kc_status s = check_hooks(err);  /* names this cycle, then count it */
            cycle_++;
            return s;
        });
    }

    /* VCD, or FST when the path ends in ".fst" (the same VCD tracing, turned
     * into FST in memory: kc_vl_trace.h). depth = levels below the top, 0 = all. */
    kc_status trace_open(const char *path, int depth, kc_err *err)
    {
        if (!path || !path[0])
            return kc_err_set(err, KC_ERR_USAGE, "%s: no trace file name", Derived::acc_name);
        size_t len = std::strlen(path);
        const bool fst = len >= 4 && std::strcmp(path + len - 4, ".fst") == 0;
        if (depth < 0)
            return kc_err_set(err, KC_ERR_USAGE, "%s: trace depth %d (0 = all levels)", Derived::acc_name,
                              depth);
        return guard(err, "trace", [&] {
            enter();
            trace_drop();
            vcd_file_ = new kc_vl_trace_file(fst);
            vcd_path_ = path;
            vcd_ = new VerilatedVcdC(vcd_file_);
            vcd_->set_time_unit("1ns");
            vcd_->set_time_resolution("1ns");
            /* The levels argument of trace() is ignored by Verilator 5.006; depth
             * is applied like $dumpvars(depth + 1, TOP): the TOP wrapper is one
             * level, so depth 1 keeps the top module's own signals, 2 adds its
             * submodules. */
            if (depth)
                vcd_->dumpvars(depth + 1, "TOP");
            top->trace(vcd_, 99);
            vcd_->open(path);
            if (!vcd_->isOpen()) {
                std::string why = vcd_file_->why();
                trace_drop();
                return kc_err_set(err, KC_ERR_IO, "%s: cannot write trace file %s: %s", Derived::acc_name,
                                  path, why.c_str());
            }
            return KC_OK;
        });
    }

    void trace_enable(int on) { trace_on_ = on && vcd_; }

    kc_status trace_close(kc_err *err)
    {
        if (!vcd_)
            return KC_OK;
        std::string path = vcd_path_, why;
        int e = 0;
        kc_status s = guard(err, "trace close", [&] {
            enter();
            e = trace_drop(&why);
            return KC_OK;
        });
        if (s == KC_OK && e)
            s = kc_err_set(err, KC_ERR_IO, "%s: cannot write trace file %s: %s", Derived::acc_name,
                           path.c_str(), why.c_str());
        return s;
    }

    uint64_t cycle() const { return cycle_; }

    /* ---- the standard ports (see the top of this file) ---- */

    /* This cycle's kc_bus response, clock low. */
    void drive(const kc_bus_resp *in)
    {
        Top *t = top;
        t->mem_req_ready = in->req_ready;
        t->mem_resp_valid = in->resp_valid;
        if (in->resp_valid)
            std::memcpy(t->mem_resp_rdata.data(), in->rdata, ports::beat_bytes);
    }

    void bus_out(kc_bus_req *req) const
    {
        const Top *t = top;
        req->valid = t->mem_req_valid;
        req->write = t->mem_req_write;
        req->addr = t->mem_req_addr;
        req->wstrb = t->mem_req_wstrb;
        if (req->valid && req->write)  /* wdata matters only then: skip the copy */
            std::memcpy(req->wdata, t->mem_req_wdata.data(), ports::beat_bytes);
    }

    void status(kc_core_status *st) const
    {
        const Top *t = top;
        if (VL_LIKELY(!t->trapped && !t->halted)) {
            st->state = KC_CORE_RUNNING;
            st->cause = 0;
            st->cause_name = "";
            st->pc = st->info = 0;
            return;
        }
        st->state = t->trapped ? KC_CORE_TRAPPED : KC_CORE_HALTED;
        st->cause = t->trapped ? t->trap_cause : 0;
        st->cause_name = t->trapped ? Derived::cause_name(st->cause) : "";
        st->pc = t->trapped ? t->trap_pc : 0;
        st->info = t->trapped ? t->trap_info : 0;
    }

    void counters(uint64_t *vals, size_t n) const
    {
        for (size_t i = 0; i < n && i < ncounters; i++)
            vals[i] = top->perf[i];
    }

    int retire(uint32_t *pc, uint32_t *insn) const
    {
        const Top *t = top;
        if (!t->retire_valid)
            return 0;
        *pc = t->retire_pc;
        *insn = t->retire_insn;
        return 1;
    }

protected:
    Top *top = nullptr;   /* the port mapping reads and writes it */

    /* The root class: public_flat_rd state and parameters. */
    const auto *root() const { return top->rootp; }

    /* For load(), with rst high: the arguments (a0.. = args[0..], the rest of the
     * port zero), the DRAM size, and an idle kc_bus response. */
    void reset_inputs(const uint32_t *args, size_t nargs, uint32_t dram_bytes)
    {
        Top *t = top;
        for (unsigned i = 0; i < ports::arg_words; i++)
            t->args[i] = i < nargs ? args[i] : 0;
        t->dram_bytes = dram_bytes;
        t->mem_req_ready = 0;
        t->mem_resp_valid = 0;
        std::memset(t->mem_resp_rdata.data(), 0, ports::beat_bytes);
    }

    /* One clock cycle while in reset (no trace, no cycle count). */
    void reset_edge()
    {
        top->clk = 0;
        top->eval();
        top->clk = 1;
        top->eval();
    }

private:
    VerilatedContext *ctx_ = nullptr;
    VerilatedVcdC *vcd_ = nullptr;
    kc_vl_trace_file *vcd_file_ = nullptr;   /* behind vcd_; holds its first write error */
    std::string vcd_path_;
    bool trace_on_ = false;
    bool broken_ = false;   /* a Verilator fatal error left the model unusable */
    bool stopped_ = false;  /* $stop/$error/$fatal/$finish ran; reset to continue */
    uint64_t cycle_ = 0;
    /* The kc_bus inputs as the last eval() of clock() saw them (valid while
     * in_known_): an edge with the same inputs skips the input logic. */
    bool in_known_ = false;
    unsigned char in_ready_ = 0, in_valid_ = 0;
    unsigned char in_rdata_[ports::beat_bytes] = {};

    Derived &self() { return static_cast<Derived &>(*this); }

    /* The rising edge (clk just set to 1). Verilator 5 evaluates the input-driven
     * combinational logic (`ico`) at the start of every eval() and again, where it
     * also depends on state, after the clocked blocks (`nba`). After an eval()
     * every signal is settled for its inputs, so when this edge's inputs (clock()
     * changes only the kc_bus ones, in drive()) equal the last eval()'s, the ico
     * pass would rewrite the values it already holds: the edge then runs only the
     * trigger/nba loop of the generated eval(), the same functions in the same
     * order (on a vector loop the kc_bus inputs are unchanged on most cycles; ico
     * was ~14% of a cycle). Not while a waveform is open (the trace's change
     * detection relies on eval()'s own bookkeeping), nor before the first
     * clock() after a reset (the reset evals saw other inputs). */
    void edge()
    {
#if KC_VL_SKIP_ICO
        Top *t = top;
        const bool same = in_known_ && !vcd_ && t->mem_req_ready == in_ready_ &&
                          t->mem_resp_valid == in_valid_ &&
                          std::memcmp(t->mem_resp_rdata.data(), in_rdata_, ports::beat_bytes) == 0;
        if (VL_LIKELY(same)) {
            KC_ACC_ROOT *r = t->rootp;
            for (unsigned n = 0;; n++) {   /* eval()'s nba loop, as generated */
                r->__VnbaTriggered.clear();
                r->__VactIterCount = 0;
                r->__VactContinue = 1;
                while (r->__VactContinue) {
                    r->__VactContinue = 0;
                    KC_VL_ROOT_FN(KC_ACC_ROOT, eval_triggers__act)(r);
                    if (r->__VactTriggered.any()) {
                        r->__VactContinue = 1;
                        if (VL_UNLIKELY(++r->__VactIterCount > 100))
                            throw std::runtime_error("active region did not converge");
                        r->__VnbaTriggered.set(r->__VactTriggered);
                        KC_VL_ROOT_FN(KC_ACC_ROOT, eval_act)(r);
                    }
                }
                if (!r->__VnbaTriggered.any())
                    break;
                if (VL_UNLIKELY(n >= 100))
                    throw std::runtime_error("NBA region did not converge");
                KC_VL_ROOT_FN(KC_ACC_ROOT, eval_nba)(r);
            }
            return;
        }
        t->eval();
        in_known_ = true;
        in_ready_ = t->mem_req_ready;
        in_valid_ = t->mem_resp_valid;
        std::memcpy(in_rdata_, t->mem_resp_rdata.data(), ports::beat_bytes);
#else
        top->eval();
#endif
    }

    /* Verilator 5.006 runtime code (scope registration, $stop bookkeeping, scope
     * destructors) reaches the context through the thread-local
     * Verilated::threadContextp(), which is simply the context constructed last.
     * With several models per process that is often another model's context or a
     * deleted one (a use-after-free that deadlocks in ~VerilatedScope), so every
     * entry point that runs Verilated code first makes its own context current. */
    void enter() const { Verilated::threadContextp(ctx_); }

    void build()
    {
        ctx_ = new VerilatedContext;
        ctx_->fatalOnError(false);  /* belt and braces: the hooks never call abort */
        ctx_->randReset(0);         /* the build uses --x-initial 0; this covers any
                                       remaining VL_RAND_RESET with zeros */
        ctx_->traceEverOn(true);    /* must precede the model, or tracing is refused */
        ctx_->timeunit(-9);
        ctx_->timeprecision(-9);
        top = new Top(ctx_, "TOP");
        broken_ = stopped_ = false;
        in_known_ = false;
        self().built();
    }

    void destroy()
    {
        if (ctx_)
            enter();
        trace_drop();
        if (top && !broken_)
            top->final();
        delete top;
        top = nullptr;
        delete ctx_;
        ctx_ = nullptr;
        /* Never leave the thread's (and the process's last) context dangling:
         * null makes Verilator fall back to its default context. */
        Verilated::threadContextp(nullptr);
    }

    /* Closes and frees the trace, if any; returns the first write error (errno) of
     * its file, 0 when none, and its text in *why. Never throws: the file swallows
     * write errors. */
    int trace_drop(std::string *why = nullptr)
    {
        int e = 0;
        if (vcd_) {
            vcd_->close();
            delete vcd_;
            vcd_ = nullptr;
        }
        if (vcd_file_) {
            vcd_file_->close();   /* an FST is finished (and checked) here */
            e = vcd_file_->error();
            if (e && why)
                *why = vcd_file_->why();
            delete vcd_file_;
            vcd_file_ = nullptr;
        }
        trace_on_ = false;
        return e;
    }

    /* After an eval: did the RTL execute $stop/$error/$fatal/$finish? */
    kc_status check_hooks(kc_err *err)
    {
        kc_vl_hooks_event ev;
        if (VL_LIKELY(!kc_vl_hooks_take(&ev)))
            return KC_OK;
        stopped_ = true;
        char buf[512];
        return kc_err_set(err, KC_ERR_SIM, "%s: %s (cycle %llu)", Derived::acc_name,
                          kc_vl_hooks_describe(&ev, buf, sizeof buf), (unsigned long long)cycle_);
    }

    /* Runs f; maps anything thrown to a kc_status. */
    template <typename F> kc_status guard(kc_err *err, const char *what, F &&f)
    {
        try {
            return f();
        } catch (const kc_vl_hooks_fatal &e) {
            kc_vl_hooks_take(nullptr);
            broken_ = true;
            return kc_err_set(err, KC_ERR_SIM, "%s: %s: Verilator fatal error: %s", Derived::acc_name, what,
                              e.what());
        } catch (const std::bad_alloc &) {
            return kc_err_set(err, KC_ERR_NOMEM, "%s: %s: out of memory", Derived::acc_name, what);
        } catch (const std::exception &e) {
            broken_ = true;
            return kc_err_set(err, KC_ERR_SIM, "%s: %s: C++ exception: %s", Derived::acc_name, what, e.what());
        } catch (...) {
            broken_ = true;
            return kc_err_set(err, KC_ERR_SIM, "%s: %s: unknown C++ exception", Derived::acc_name, what);
        }
    }
};

/* ---- the kc_acc_ops table of a model, written once -------------------------------
 * kc_vl_ops<M>::ops is a constant table whose entries cast the handle back to M.
 * The co-simulation entries are filled when M has them, NULL otherwise. */
#define KC_VL_HAS(trait, expr)                                                                 \
    template <typename M, typename = void> struct trait : std::false_type {};                \
    template <typename M> struct trait<M, std::void_t<decltype(expr)>> : std::true_type {};
KC_VL_HAS(kc_vl_has_retire, &M::retire)
KC_VL_HAS(kc_vl_has_arch_pc, &M::arch_pc)
KC_VL_HAS(kc_vl_has_arch_read, &M::arch_read)
KC_VL_HAS(kc_vl_has_pc_ahead, M::pc_ahead)
KC_VL_HAS(kc_vl_has_units, M::nunits)
KC_VL_HAS(kc_vl_has_unit_counters, &M::unit_counters)
#undef KC_VL_HAS

template <typename M> struct kc_vl_ops {
    static M *cast(void *h) { return static_cast<M *>(h); }

    static kc_status open(void **h, kc_err *err)
    {
        *h = nullptr;
        M *m = new (std::nothrow) M;
        if (!m)
            return kc_err_set(err, KC_ERR_NOMEM, "%s: open: out of memory", M::acc_name);
        kc_status s = m->open(err);
        if (s != KC_OK) {
            m->close();
            delete m;
            return s;
        }
        *h = m;
        return KC_OK;
    }
    static void close(void *h)
    {
        if (!h)
            return;
        cast(h)->close();
        delete cast(h);
    }
    static kc_status reset(void *h, const kc_image *img, const uint32_t *args, size_t nargs,
                           uint32_t dram_bytes, kc_err *err)
    {
        return cast(h)->reset(img, args, nargs, dram_bytes, err);
    }
    static void bus_out(void *h, kc_bus_req *req) { cast(h)->bus_out(req); }
    static kc_status clock(void *h, const kc_bus_resp *in, kc_err *err) { return cast(h)->clock(in, err); }
    static void status(void *h, kc_core_status *st) { cast(h)->status(st); }
    static void counters(void *h, uint64_t *vals, size_t n) { cast(h)->counters(vals, n); }
    static kc_status trace_open(void *h, const char *path, int depth, kc_err *err)
    {
        return cast(h)->trace_open(path, depth, err);
    }
    static void trace_enable(void *h, int on) { cast(h)->trace_enable(on); }
    static kc_status trace_close(void *h, kc_err *err) { return cast(h)->trace_close(err); }
    static int retire(void *h, uint32_t *pc, uint32_t *insn)
    {
        if constexpr (kc_vl_has_retire<M>::value)
            return cast(h)->retire(pc, insn);
        return 0;
    }
    static uint64_t arch_pc(void *h)
    {
        if constexpr (kc_vl_has_arch_pc<M>::value)
            return cast(h)->arch_pc();
        return 0;
    }
    static int arch_read(void *h, unsigned file, uint32_t first, uint32_t n, void *buf)
    {
        if constexpr (kc_vl_has_arch_read<M>::value)
            return cast(h)->arch_read(file, first, n, buf);
        return -1;
    }

    static int retire_unit(void *h, unsigned unit, uint32_t *pc, uint32_t *insn)
    {
        if constexpr (kc_vl_has_units<M>::value)
            return cast(h)->retire_unit(unit, pc, insn);
        return 0;
    }
    static void unit_counters(void *h, unsigned unit, uint64_t *vals, size_t n)
    {
        if constexpr (kc_vl_has_unit_counters<M>::value)
            cast(h)->unit_counters(unit, vals, n);
    }
    static uint64_t unit_pc(void *h, unsigned unit)
    {
        if constexpr (kc_vl_has_unit_counters<M>::value)
            return cast(h)->unit_pc(unit);
        return 0;
    }
    static constexpr unsigned nunit_counters()
    {
        if constexpr (kc_vl_has_unit_counters<M>::value)
            return M::nunit_counters;
        else
            return 0;
    }
    static constexpr const char *const *unit_counter_names()
    {
        if constexpr (kc_vl_has_unit_counters<M>::value)
            return M::unit_counter_names;
        else
            return nullptr;
    }
    static constexpr unsigned nunits()
    {
        if constexpr (kc_vl_has_units<M>::value)
            return M::nunits;
        else
            return 0;
    }

    static constexpr int pc_ahead()
    {
        if constexpr (kc_vl_has_pc_ahead<M>::value)
            return M::pc_ahead;
        else
            return 0;
    }

    static constexpr kc_acc_ops ops = {
        M::acc_name,
        M::beat_bytes,
        M::ncounters,
        M::counter_names,
        open,
        close,
        reset,
        bus_out,
        clock,
        status,
        counters,
        trace_open,
        trace_enable,
        trace_close,
        kc_vl_has_retire<M>::value ? retire : nullptr,
        &M::hw,
        M::arch_files,
        M::narch_files,
        kc_vl_has_arch_pc<M>::value ? arch_pc : nullptr,
        kc_vl_has_arch_read<M>::value ? arch_read : nullptr,
        pc_ahead(),
        nunits(),
        kc_vl_has_units<M>::value ? retire_unit : nullptr,
        nunit_counters(),
        unit_counter_names(),
        kc_vl_has_unit_counters<M>::value ? unit_counters : nullptr,
        kc_vl_has_unit_counters<M>::value ? unit_pc : nullptr,
    };
};

#endif
