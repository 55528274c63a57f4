/* kc_ref.h — a platform's reference model for co-simulation: our ISS (npu,
 * vliw) or an external one (QEMU for rvv), behind one table, as kc_acc_ops is
 * for the RTL models.
 *
 * Stepping. `step` executes one instruction (npu, rvv) or one bundle of one tile (vliw: several
 * tiles may issue in one cycle; `unit` names the tile, steps come in tile order) and
 * says, in the event, what it wrote and WHEN each write becomes architecturally
 * visible on the RTL, in cycles after the issue cycle (`due`): 0 for effects the
 * RTL shows at the retire edge, the documented latency for results that land
 * later (an npu reduction's fp result, a vector row; every result on vliw, whose
 * latencies are exposed), KC_REF_DUE_END for effects whose time the ISA leaves
 * open (DMA, the matrix unit's write-back), compared only at the end. A model
 * with timing (vliw) also reports the cycle it issued the step at; co-simulation
 * compares that with the RTL. That is the "step that can model time".
 *
 * State is described with the same kc_arch_file rows as the RTL model's
 * (kc_acc_ops.arch_files): co-simulation reads both sides through `read` and
 * compares element by element, whatever the platform.
 *
 * An external reference that cannot step (a whole-program run in another
 * process) leaves `step` NULL and implements `run`; co-simulation then compares
 * the final state only.
 */
#ifndef KC_REF_H
#define KC_REF_H

#include <stddef.h>
#include <stdint.h>

#include "kc_acc.h"
#include "kc_arch.h"
#include "kc_dram.h"
#include "kc_err.h"
#include "kc_hw.h"
#include "kc_image.h"

#define KC_REF_DUE_END UINT32_MAX     /* visible only once the run has ended */
#define KC_REF_MAX_WRITES 64          /* writes one step reports (more: `overflow`) */
#define KC_REF_DRAM 0xffffu           /* `file` of a DRAM write: first/n are a byte range
                                         (reports name the instruction behind a DRAM difference) */

/* Flags of a write. */
#define KC_REF_W_TIMING 1u  /* the value is timing the reference cannot know (a cycle-counter
                               read into a register): co-simulation copies the RTL's value in */

typedef struct kc_ref_write {
    uint16_t file;        /* index into the model's arch_files, or KC_REF_DRAM */
    uint16_t flags;       /* KC_REF_W_* */
    uint32_t first, n;    /* elements [first, first + n) */
    uint32_t due;         /* cycles after issue until the RTL shows it; KC_REF_DUE_END */
} kc_ref_write;

typedef struct kc_ref_event {
    kc_core_state state;  /* after the step */
    int retired;          /* 1: the instruction completed (0: it trapped / already stopped) */
    unsigned unit;        /* the issuing unit it belongs to (vliw: the tile; 0 with one unit) */
    uint64_t pc;          /* the instruction stepped */
    uint32_t insn;        /* its first word (for reports) */
    int row;              /* its row in the platform's instruction table (coverage), -1 unknown */
    uint64_t issue_cycle; /* timed models: the cycle it issued at; untimed: instructions before it */
    unsigned cause;       /* trap cause when state == KC_CORE_TRAPPED */
    uint32_t info;
    size_t nwrites;
    kc_ref_write writes[KC_REF_MAX_WRITES];
    int overflow;         /* more writes than fit: treat every file as written, due at the end */
} kc_ref_event;

typedef struct kc_ref_ops {
    const char *name;     /* "npu-iss"; reports say "expected (npu-iss) ..." */
    int timed;            /* 1: issue_cycle is a cycle the RTL must match */

    /* Opens an instance for the build described by hw (its sizes). */
    kc_status (*open)(void **handle, const kc_hw *hw, kc_err *err);
    void (*close)(void *handle);

    /* Loads the image, resets to its entry with args, attaches dram (the model
     * reads and writes its backing store directly; the caller gives it a copy). */
    kc_status (*reset)(void *handle, const kc_image *img, const uint32_t *args, size_t nargs,
                       kc_dram *dram, kc_err *err);

    /* One instruction / bundle (NULL for references that only run whole programs). */
    kc_core_state (*step)(void *handle, kc_ref_event *ev);

    /* Runs to halt, trap or `limit` steps (0 = none); returns the state. */
    kc_core_state (*run)(void *handle, uint64_t limit, kc_err *err);

    void (*status)(void *handle, kc_core_status *st);

    /* The reference's own description of its state (sizes of the open build), in
     * the RTL model's numbering: co-simulation checks the two lists agree. */
    const kc_arch_file *(*files)(void *handle, size_t *n);

    /* Writes the assembly of `insn` at `pc` into buf (NULL: reports print the word). */
    void (*disasm)(void *handle, uint64_t pc, uint32_t insn, char *buf, size_t size);

    /* State, with the RTL model's file numbering (kc_acc_ops.arch_files). */
    uint64_t (*pc)(void *handle);
    int (*read)(void *handle, unsigned file, uint32_t first, uint32_t n, void *buf);
    /* Overwrites elements the reference cannot know: the RTL's initial on-chip
     * memories (unspecified after reset), a timing value (a cycle counter read). */
    int (*write)(void *handle, unsigned file, uint32_t first, uint32_t n, const void *buf);
} kc_ref_ops;

#endif
