/* vliw_iss_ref.c — the vliw ISS behind the reference-model table (isa/kc_ref.h).
 *
 * The ISS is cycle-exact, so the wrapper steps it one CYCLE at a time and turns
 * each cycle into one event per tile that issued a bundle (tile order: `unit`
 * is the tile, `pc` the bundle index, `insn` its slot-0 word, `issue_cycle` the
 * cycle it issued in, numbered as the co-simulation counts RTL edges), then, when
 * the cycle trapped, one trap event. Co-simulation compares after the RTL edge
 * of that same cycle, when both models have applied every effect of it, so the
 * register files are equal element for element at every step: no write is
 * reported as in flight (a result of latency L lands at the same edge in both;
 * the exposed latencies are what is being checked). The data memories are
 * compared at the end of the run (and DRAM byte for byte).
 *
 * State files: the ISS's own ("t<t>.r", ".p", ".m", ".v", ".acc", ".lock",
 * ".dm" per tile), which the RTL shim (verilated/vliw_shim.cpp) describes the
 * same way.
 */
#include "vliw_iss.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "kc_asm.h"
#include "kc_isa.h"
#include "kc_ref.h"
#include "vliw_hw.h"

/* A cycle with no issue on the ISS while the RTL issued: give up after this many
 * (a deadlock in the reference; the RTL's own limit bounds the run otherwise). */
#define REF_IDLE_LIMIT 20000000ull

typedef struct ref_ev {
    unsigned tile;
    uint32_t pc;
    int trap;
} ref_ev;

typedef struct vref {
    vliw_iss *iss;
    const kc_isa *isa;
    kc_image img;                     /* a copy: bundles for insn words and disassembly */
    unsigned ntiles;
    ref_ev q[VLIW_ISS_MAX_TILES + 1]; /* this cycle's events not yet stepped */
    size_t nq, head;
    uint64_t q_cycle;
    unsigned last_tile;               /* the tile of the last event (disasm) */
} vref;

static kc_status ref_open(void **handle, const kc_hw *hw, kc_err *err)
{
    *handle = NULL;
    vliw_iss_params p;
    kc_status st = vliw_hw_from(hw, &p, err);
    if (st != KC_OK)
        return st;
    vref *r = calloc(1, sizeof *r);
    if (!r)
        return kc_err_set(err, KC_ERR_NOMEM, "vliw iss: out of memory");
    kc_image_init(&r->img, VLIW_BUNDLE_BYTES, VLIW_BUNDLE_BYTES);
    if ((st = kc_isa_load("vliw", &r->isa, err)) != KC_OK || (st = vliw_iss_create(&r->iss, &p, err)) != KC_OK) {
        free(r);
        return st;
    }
    r->ntiles = p.rows * p.cols;
    *handle = r;
    return KC_OK;
}

static void ref_close(void *h)
{
    vref *r = h;
    if (r) {
        vliw_iss_destroy(r->iss);
        kc_image_free(&r->img);
        free(r);
    }
}

static kc_status copy_image(kc_image *dst, const kc_image *src, kc_err *err)
{
    kc_image_free(dst);
    kc_image_init(dst, src->pc_bytes, src->insn_bytes);
    for (size_t i = 0; i < src->nsegs; i++) {
        kc_status st = kc_image_add(dst, src->segs[i].addr, src->segs[i].data, src->segs[i].size,
                                    src->segs[i].exec, err);
        if (st != KC_OK)
            return st;
    }
    return KC_OK;
}

static kc_status ref_reset(void *h, const kc_image *img, const uint32_t *args, size_t nargs, kc_dram *dram,
                           kc_err *err)
{
    vref *r = h;
    r->nq = r->head = 0;
    r->last_tile = 0;
    kc_status st = vliw_hw_check_image(vliw_iss_get_params(r->iss), img, "vliw iss", err);
    if (st == KC_OK)
        st = copy_image(&r->img, img, err);
    if (st == KC_OK)
        st = vliw_iss_load(r->iss, img, err);
    if (st == KC_OK)
        st = vliw_iss_reset(r->iss, args, nargs, dram, err);
    return st;
}

/* Steps the ISS until a cycle has events (an issue or a trap), or it stops. */
static void fill(vref *r)
{
    r->nq = r->head = 0;
    for (uint64_t idle = 0; idle < REF_IDLE_LIMIT; idle++) {
        if (vliw_iss_state(r->iss, NULL) != KC_CORE_RUNNING)
            return;
        kc_core_state st = vliw_iss_step(r->iss);
        r->q_cycle = vliw_iss_cycle(r->iss);
        for (unsigned t = 0; t < r->ntiles; t++) {
            uint32_t pc;
            if (vliw_iss_issued(r->iss, t, &pc))
                r->q[r->nq++] = (ref_ev){ t, pc, 0 };
        }
        if (st == KC_CORE_TRAPPED)
            r->q[r->nq++] = (ref_ev){ 0, 0, 1 };
        if (r->nq)
            return;
    }
}

static int first_row(vref *r, const uint32_t *w)
{
    for (unsigned s = 0; s < VLIW_BUNDLE_WORDS; s++) {
        const kc_isa_insn *in = w[s] ? kc_asm_decode(r->isa, w[s]) : NULL;
        if (in)
            return (int)(in - r->isa->insns);
    }
    return -1;
}

static kc_core_state ref_step(void *h, kc_ref_event *ev)
{
    vref *r = h;
    memset(ev, 0, offsetof(kc_ref_event, writes));
    ev->row = -1;
    if (r->head == r->nq)
        fill(r);
    if (r->head == r->nq) {   /* halted, trapped earlier, or stuck */
        kc_core_status st;
        vliw_iss_status(r->iss, &st);
        ev->state = st.state;
        ev->pc = st.pc;
        ev->cause = st.cause;
        ev->info = st.info;
        return ev->state;
    }
    ref_ev e = r->q[r->head++];
    ev->issue_cycle = r->q_cycle;
    if (e.trap) {
        kc_core_status st;
        vliw_iss_status(r->iss, &st);
        ev->state = KC_CORE_TRAPPED;
        ev->unit = st.info >> 24;
        ev->pc = st.pc;
        ev->cause = st.cause;
        ev->info = st.info;
        uint32_t w[VLIW_BUNDLE_WORDS];
        vliw_hw_bundle(&r->img, ev->unit, st.pc, w);
        ev->insn = w[0];
        r->last_tile = ev->unit;
        return ev->state;
    }
    uint32_t w[VLIW_BUNDLE_WORDS];
    vliw_hw_bundle(&r->img, e.tile, e.pc, w);
    ev->state = KC_CORE_RUNNING;   /* the array's state after the cycle is the trap event's */
    ev->retired = 1;
    ev->unit = e.tile;
    ev->pc = e.pc;
    ev->insn = w[0];
    ev->row = first_row(r, w);
    r->last_tile = e.tile;
    return ev->state;
}

static kc_core_state ref_run(void *h, uint64_t limit, kc_err *err)
{
    (void)err;
    vref *r = h;
    r->nq = r->head = 0;
    return vliw_iss_run(r->iss, limit);
}

/* At the end of a run the RTL has halted; the ISS has stepped only to its last
 * issue: let it drain too (its pipes, the DMA), stopping at any further issue
 * (then it is still running: a divergence). */
static void ref_status(void *h, kc_core_status *st)
{
    vref *r = h;
    if (r->head == r->nq)
        for (uint64_t i = 0; i < REF_IDLE_LIMIT && vliw_iss_state(r->iss, NULL) == KC_CORE_RUNNING; i++) {
            vliw_iss_step(r->iss);
            int issued = 0;
            for (unsigned t = 0; t < r->ntiles && !issued; t++)
                issued = vliw_iss_issued(r->iss, t, NULL);
            if (issued)
                break;
        }
    vliw_iss_status(r->iss, st);
}

static uint64_t ref_pc(void *h)
{
    (void)h;
    return 0;   /* several pcs: co-simulation follows the issue stream (the model's pc_ahead) */
}

static const kc_arch_file *ref_files(void *h, size_t *n)
{
    return vliw_iss_files(((vref *)h)->iss, n);
}

static void ref_disasm(void *h, uint64_t pc, uint32_t insn, char *buf, size_t size)
{
    vref *r = h;
    uint32_t w[VLIW_BUNDLE_WORDS];
    if (!vliw_hw_bundle(&r->img, r->last_tile, (uint32_t)pc, w) || w[0] != insn) {
        kc_asm_disasm_word(r->isa, insn, (uint32_t)pc, buf, size);
        return;
    }
    vliw_hw_bundle_text(r->isa, w, (uint32_t)pc, buf, size);
}

static int ref_read(void *h, unsigned file, uint32_t first, uint32_t n, void *buf)
{
    return vliw_iss_read(((vref *)h)->iss, file, first, n, buf);
}

static int ref_write(void *h, unsigned file, uint32_t first, uint32_t n, const void *buf)
{
    return vliw_iss_write(((vref *)h)->iss, file, first, n, buf);
}

const kc_ref_ops vliw_iss_ref = {
    .name = "vliw-iss",
    .timed = 1,
    .open = ref_open,
    .close = ref_close,
    .reset = ref_reset,
    .step = ref_step,
    .run = ref_run,
    .status = ref_status,
    .files = ref_files,
    .disasm = ref_disasm,
    .pc = ref_pc,
    .read = ref_read,
    .write = ref_write,
};
