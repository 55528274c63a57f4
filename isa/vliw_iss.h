/* vliw_iss.h — the timed, cycle-exact instruction-set simulator of the whole vliw
 * tile array (ROWS x COLS tiles, issue 13), the reference model for RTL
 * co-simulation per bundle.
 *
 * Sizes come from the build (kc_hw rows named as the VLIW_PARAM rows of
 * isa/vliw.def; vliw_iss_params_from). Slot words decode through the kc_isa
 * description of isa/vliw.def (one decoder, kc_asm_decode); what a row DOES is C
 * keyed by the row's name (vliw_iss_exec.c, one table + one switch). fp goes
 * through harness/kc_fp.c (the functions the npu ISS and rtl/common use), DRAM
 * through harness/kc_dram.c, clocked by the ISS itself one drive/commit per cycle.
 *
 * THE CYCLE (the order the RTL must reproduce; docs/vliw_timing.md says the same).
 * Cycle 0 fetches bundle 0 (registered PM): bundle 0 issues in cycle 1 at the
 * earliest. Every cycle c runs these phases, all tiles in each phase first:
 *  0. DMA load: an idle channel loads the NEXT BD of the chain it just finished,
 *     else pops its queue (dma.start of an earlier cycle); the BD is copied and
 *     checked (bd-invalid, dma-fault, dm-access traps). Every DMA bus decision of
 *     cycle c (phase D) is taken from the state at this point.
 *  P. Present: a running tile without a presented bundle presents the one at its
 *     pc. Results due at its bundle number have landed (a result of latency L
 *     from bundle k is written at the issue edge of bundle k+L-1). Traps, in this
 *     order: pm-fetch; illegal (lowest slot); dm-access / misaligned (lowest of
 *     L0, L1, ST; address = P + sext(imm) modulo 2^20, window = bits [19:16]);
 *     write-conflict: two writes of one register landing at THIS bundle's issue
 *     edge (results in flight due then, and the bundle's own latency-1 writes;
 *     detail = register key file << 4 | index with files r, p, m, v, acc; slot =
 *     the smallest slot writing it; writes to r0 are dropped and never
 *     conflict); acq/rel of a window without a tile (dm-access, detail = lock
 *     id); BD index >= NBDS (bd-invalid); a third loop level (illegal). A trap
 *     in P stops the bundle before any effect. A presented bundle stays
 *     presented until it issues (its registers cannot change: pipes frozen).
 *  B. Banks: per memory module and bank, one access per cycle, fixed priority:
 *     the owning tile's pending accesses in slot order (L0, L1, ST), the other
 *     tiles' in tile-id order (each in slot order), the module's DMA (ch0 write,
 *     ch1 read). A granted access is performed now (load captures, store writes).
 *  L. Locks: per module, in order: the owning tile, other tiles by id, DMA ch0,
 *     ch1. A core request exists when its bundle has every access performed and
 *     its S slot is acq/rel: acq succeeds iff value >= n (then value -= n), rel
 *     adds n (past 63: lock-overflow trap, slot 0, detail = lock id). DMA: a
 *     channel in ACQ acquires, a channel in REL releases. Each request sees the
 *     earlier ones of the cycle.
 *  W. Waits (cores whose accesses are done): dma.wait ch holds iff the channel is
 *     idle after phase 0; dma.start holds iff its queue (DMA_QUEUE = 2 chains,
 *     not counting the running one) is not full after phase 0.
 *  I. Issue: a bundle with every access performed, its lock request granted and
 *     its wait satisfied issues: every slot reads the registers as they stand,
 *     results enter the write pipes, S-slot effects apply (branch redirect, loop
 *     push, halt, bd.set, dma.start queue push seen by the DMA from c+1).
 *  D. DMA bus: one round-robin arbiter over (tile, channel) = tile*2+ch picks the
 *     first candidate at or after its pointer; kc_dram (drive, commit) accepts it
 *     or not; the pointer moves past it only when accepted. Read responses (in
 *     order) go to the channel that issued them, usable from c+1. Channel states
 *     advance (vliw_iss_dma.c).
 *  End: a halted tile's pipes advance one boundary per cycle (the halt's own edge
 *     first) until nothing is in flight (quiet); a conflict there traps at the
 *     halt's pc. The run ends in the first cycle after which every tile is halted
 *     and quiet and every channel idle with an empty queue: cycles = that + 1.
 *
 * A bundle that does not issue counts, per cycle: stall_bank while an access is
 * pending, else stall_lock while its acq fails, else stall_dma_wait.
 * bank_conflicts counts denied access requests (cores and DMA).
 *
 * Decisions taken here where ISSUE13.md is silent (rtl/vliw builds the same):
 *  - Accesses of a bundle are arbitrated before its lock request: a load in the
 *    bundle of an `acq` may capture data before the lock is held; a `rel` is
 *    applied only once the bundle's stores are performed.
 *  - MAC-slot accumulation (dst '*' in the table) reads its accumulator in the
 *    MAC pipe's last stage: as the bundle before its landing boundary sees it
 *    (k + L - 1 for a row of bundle k), whoever wrote it (back-to-back MACs
 *    chain; a latency-1 amov issued after the MAC but landing before is
 *    included). The term is computed at issue: products kc_fp_mul, a vmmac lane
 *    ((p0 + p1) + p2) + p3; then ACC + term / ACC - term (kc_fp_add / _sub), as
 *    rtl/vliw/vliw_mac.v.
 *  - A trap stops the array at the end of its cycle: other tiles and the DMA
 *    complete that cycle; results not yet due do not land. Two traps in a cycle:
 *    the lowest tile id is reported. DMA traps name slot 7 + channel and the
 *    tile's current pc (the next bundle it would present).
 *  - DMA locks (BD ACQ/REL) are the tile's own module's locks (window 0).
 *  - Taken branches: the target is presented as the (BR_DELAY+1)th bundle after
 *    the branch; a branch in a delay slot takes effect in turn. A hardware
 *    loop's end wraps to its start with no bubble; a taken branch overrides the
 *    wrap (the iteration count is still decremented).
 *
 * API shape: create(params) / load(image) / reset(args, dram) / step one cycle /
 * per-tile issued-this-cycle + pc / status / counters / state through kc_arch
 * files ("t0.r", "t0.v", ... one set per tile), as isa/kc_ref.h wraps them.
 */
#ifndef VLIW_ISS_H
#define VLIW_ISS_H

#include <stddef.h>
#include <stdint.h>

#include "kc_acc.h"
#include "kc_arch.h"
#include "kc_dram.h"
#include "kc_err.h"
#include "kc_hw.h"
#include "kc_image.h"

/* Build sizes (VLIW_PARAM rows). */
typedef struct vliw_iss_params {
    unsigned rows, cols;        /* tile grid */
    unsigned pm_bundles;        /* program memory per tile */
    unsigned dm_bytes, nbanks;  /* data memory per tile, banks (32-byte interleave) */
    unsigned nlocks, nbds;      /* locks per module, buffer descriptors per tile */
    unsigned loop_depth, br_delay, dma_inflight;
} vliw_iss_params;

/* Limits of the model (not of a build). */
enum {
    VLIW_ISS_SLOTS = 7,
    VLIW_ISS_MAX_TILES = 64,
    VLIW_ISS_MAX_LOOP = 4,
    VLIW_ISS_MAX_INFLIGHT = 32,
    VLIW_ISS_BEAT = 32,          /* kc_bus beat and DM line */
    VLIW_ISS_NARGS_REG = 8,      /* r1..r8 */
    VLIW_ISS_MAX_ARGS = 40
};

/* Trap causes (codes shared with the RTL). */
typedef enum vliw_iss_cause {
    VLIW_TRAP_NONE = 0,
    VLIW_TRAP_ILLEGAL,
    VLIW_TRAP_PM_FETCH,
    VLIW_TRAP_DM_ACCESS,
    VLIW_TRAP_MISALIGNED,
    VLIW_TRAP_WRITE_CONFLICT,
    VLIW_TRAP_LOCK_OVERFLOW,
    VLIW_TRAP_DMA_FAULT,
    VLIW_TRAP_BD_INVALID,
    VLIW_NTRAPS
} vliw_iss_cause;

const char *vliw_iss_cause_name(unsigned cause);

/* Counters, in the RTL perf port's order. */
typedef enum vliw_iss_counter {
    VLIW_C_CYCLES, VLIW_C_BUNDLES, VLIW_C_SLOT_S, VLIW_C_SLOT_LD, VLIW_C_SLOT_ST, VLIW_C_SLOT_MAC,
    VLIW_C_SLOT_VEC, VLIW_C_SLOT_MV, VLIW_C_STALL_LOCK, VLIW_C_STALL_DMA_WAIT, VLIW_C_STALL_BANK,
    VLIW_C_DMA_BUSY, VLIW_C_DMA_BYTES, VLIW_C_BANK_CONFLICTS,
    VLIW_NCOUNTERS
} vliw_iss_counter;

extern const char *const vliw_iss_counter_names[VLIW_NCOUNTERS];

/* Buffer-descriptor fields (bd.set BD, FIELD, rS; FIELD = VLIW_CFG id - 16).
 * ACQ/REL: bit 13 enable, [12:6] lock id (window 0 only: the tile's own
 * module), [5:0] value. NEXT: bit 4 enable, [3:0] BD. Strides are signed; every
 * address, stride and LEN0 must be even. */
typedef enum vliw_bd_field {
    VLIW_BD_DRAM, VLIW_BD_DM, VLIW_BD_LEN0, VLIW_BD_CNT1, VLIW_BD_DSTRIDE1, VLIW_BD_MSTRIDE1,
    VLIW_BD_CNT2, VLIW_BD_DSTRIDE2, VLIW_BD_MSTRIDE2, VLIW_BD_ACQ, VLIW_BD_REL, VLIW_BD_NEXT,
    VLIW_BD_NFIELDS
} vliw_bd_field;

#define VLIW_BD_LOCK_EN 0x2000u
#define VLIW_BD_NEXT_EN 0x10u

typedef struct vliw_iss vliw_iss;

/* The trap (valid when the state is KC_CORE_TRAPPED). */
typedef struct vliw_iss_trap {
    unsigned tile, slot, cause;   /* slot 0..6, or 7 + channel for a DMA trap */
    uint32_t pc;                  /* bundle index */
    uint32_t detail;              /* address, lock id, word, BD */
} vliw_iss_trap;

/* Sizes of `hw` (NULL: the defaults). */
kc_status vliw_iss_params_from(const kc_hw *hw, vliw_iss_params *out, kc_err *err);
void vliw_iss_params_default(vliw_iss_params *out);

kc_status vliw_iss_create(vliw_iss **out, const vliw_iss_params *p, kc_err *err);
void vliw_iss_destroy(vliw_iss *s);
const vliw_iss_params *vliw_iss_get_params(const vliw_iss *s);

/* Program memories from an image: executable segments of 7 little-endian slot
 * words per bundle (insn_bytes = pc_bytes = 28); the segment of PM address
 * (in bundles) sel << 24 | b goes to every tile for sel 0, to tile sel - 1
 * otherwise (a tile's own program overrides the SPMD one where both load).
 * Every bundle is decoded once (an illegal word traps when presented); PM not
 * loaded holds nop bundles. */
kc_status vliw_iss_load(vliw_iss *s, const kc_image *img, kc_err *err);
/* The same from the assembler's kc_program (segments in bundles, kc_asm.h). */
struct kc_program;
kc_status vliw_iss_load_program(vliw_iss *s, const struct kc_program *prog, kc_err *err);

/* Registers to 0 (r1..r8 = args; args 9.. as words at DM offset
 * vliw_iss_args_dm() of every tile), DM zeroed, locks 0, BDs 0, counters 0,
 * pc 0, dram attached (kc_dram_reset is the caller's: the ISS clocks it). */
kc_status vliw_iss_reset(vliw_iss *s, const uint32_t *args, size_t nargs, kc_dram *dram, kc_err *err);
uint32_t vliw_iss_args_dm(const vliw_iss *s);

/* One cycle; returns the state after it. */
kc_core_state vliw_iss_step(vliw_iss *s);
/* Until halt, trap, or `max_cycles` more cycles (0 = no limit). */
kc_core_state vliw_iss_run(vliw_iss *s, uint64_t max_cycles);

/* Did `tile` issue a bundle in the last cycle stepped, and its pc. */
int vliw_iss_issued(const vliw_iss *s, unsigned tile, uint32_t *pc);
/* Bundles tile has issued since reset. */
uint64_t vliw_iss_bundles(const vliw_iss *s, unsigned tile);
uint64_t vliw_iss_cycle(const vliw_iss *s);

/* kc_core_status mapping: pc = bundle index, info = tile << 24 | slot << 20 |
 * low 20 bits of the detail. */
void vliw_iss_status(const vliw_iss *s, kc_core_status *st);
kc_core_state vliw_iss_state(const vliw_iss *s, vliw_iss_trap *trap);
void vliw_iss_counters(const vliw_iss *s, uint64_t *vals, size_t n);

/* Architectural state: files per tile, in this order, for every tile t:
 * "t<t>.r" (16 x u32), ".p" (8), ".m" (8), ".v" (16 x 32 bytes), ".acc"
 * (8 x 64 bytes fp32/int32 lanes), ".lock" (nlocks x 1 byte), ".dm" (dm_bytes /
 * 32 lines of 32 bytes). File index = tile * VLIW_ISS_NFILES + kind. */
enum { VLIW_F_R, VLIW_F_P, VLIW_F_M, VLIW_F_V, VLIW_F_ACC, VLIW_F_LOCK, VLIW_F_DM, VLIW_ISS_NFILES };
const kc_arch_file *vliw_iss_files(const vliw_iss *s, size_t *n);
int vliw_iss_read(const vliw_iss *s, unsigned file, uint32_t first, uint32_t n, void *buf);
int vliw_iss_write(vliw_iss *s, unsigned file, uint32_t first, uint32_t n, const void *buf);

/* The reference-model table over this ISS (vliw_iss_ref.c, isa/kc_ref.h). */
struct kc_ref_ops;
extern const struct kc_ref_ops vliw_iss_ref;

/* Convenience readers (0 / NULL out of range). */
uint32_t vliw_iss_r(const vliw_iss *s, unsigned tile, unsigned i);
uint32_t vliw_iss_p(const vliw_iss *s, unsigned tile, unsigned i);
uint32_t vliw_iss_m(const vliw_iss *s, unsigned tile, unsigned i);
const uint8_t *vliw_iss_v(const vliw_iss *s, unsigned tile, unsigned i);     /* 32 bytes */
const uint8_t *vliw_iss_acc(const vliw_iss *s, unsigned tile, unsigned i);   /* 64 bytes */
unsigned vliw_iss_lock(const vliw_iss *s, unsigned tile, unsigned i);
const uint8_t *vliw_iss_dm(const vliw_iss *s, unsigned tile);                /* dm_bytes */

#endif
