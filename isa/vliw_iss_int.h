/* vliw_iss_int.h — internals shared by the vliw ISS's files (vliw_iss.c: the
 * cycle, banks, locks, API; vliw_iss_dma.c: the DMA engines; vliw_iss_exec.c:
 * decode and what each row does) and by its unit tests. Not a public interface.
 */
#ifndef VLIW_ISS_INT_H
#define VLIW_ISS_INT_H

#include "kc_isa.h"
#include "vliw_iss.h"

/* Slots, in bundle order. */
enum { VS_S, VS_L0, VS_L1, VS_ST, VS_MAC, VS_VEC, VS_MV };

/* Register ids of the write pipes: file << 4 | index, files r, p, m, v, acc
 * (the RTL's key: a write-conflict trap reports it as its detail). */
enum { VR_R = 0, VR_P = 16, VR_M = 32, VR_V = 48, VR_ACC = 64, VR_N = 72 };

/* The rows of isa/vliw.def, in table order: what a slot op does is keyed by its
 * row (vliw_iss_exec.c, one switch). */
typedef enum vrow {
#define VLIW_INSN(id, ...) VI_##id,
#include "vliw.def"
#undef VLIW_INSN
    VI_N
} vrow;

/* Special registers (mov rD, SPECIAL: VLIW_CFG ids 0..5). */
enum { VSP_TID, VSP_ROW, VSP_COL, VSP_NTILES, VSP_CYCLELO, VSP_CYCLEHI, VSP_N };

#define VOP_MAXD 3

/* One decoded slot op: its row, the register fields, the immediates, and the
 * registers it writes (the row's dst column: register id VR_*, latency; an r0
 * destination is kept, with id VR_R, and never written or checked). */
typedef struct vop {
    uint16_t row;           /* VI_* */
    uint8_t d, a, b, c;     /* fields d, a, b, c */
    uint8_t nd;
    uint8_t dreg[VOP_MAXD], dlat[VOP_MAXD];
    int32_t imm;            /* imm16 / imm11 / imm20 / lk (sign-extended for S and J kinds) */
    int32_t imm2;           /* val / cnt10 */
    uint32_t word;
} vop;

typedef struct vbundle {
    vop op[VLIW_ISS_SLOTS];
    uint8_t active;         /* bit s: slot s is not a nop */
    uint8_t illegal;        /* slot + 1 of the first illegal word, 0 = none */
} vbundle;

/* Decodes the 7 slot words of one bundle with the vliw kc_isa description. */
void vliw_decode_bundle(const kc_isa *isa, const uint32_t *w, vbundle *b);

/* Memory-op flags of a row (0: not a memory op). */
enum { VM_LOAD = 1, VM_STORE = 2, VM_VEC = 4, VM_OFFSET = 8 };
unsigned vliw_row_mem(unsigned row);

/* ---- state (shared by the ISS's files) ---------------------------------------- */

#define VRING 16           /* write-pipe ring: latencies < VRING */
#define VRING_W 128        /* writes landing at one bundle boundary, at most */

/* How a landing write combines with the register (MAC-slot accumulation: the
 * accumulator is read when the result is written, as the bundle before the
 * landing boundary sees it — the MAC pipe's last stage). */
enum { VACC_NONE, VACC_FADD, VACC_FSUB, VACC_IADD, VACC_ISUB };

/* Applies an accumulate write: acc = acc (+|-) val, 16 lanes. */
void vliw_acc_combine(uint8_t *acc, const uint8_t *val, unsigned op);

typedef struct vwrite {
    uint8_t reg, accop, slot; /* VR_* id; VACC_*; slot of the row */
    uint8_t val[64];
} vwrite;

typedef struct vaccess {
    uint8_t slot, store, size, done;
    unsigned module, bank;
    uint32_t off;
    uint8_t data[32];
} vaccess;

enum { VCH_IDLE, VCH_ACQ, VCH_XFER, VCH_REL };

typedef struct vchan {
    int state;
    unsigned q[2], qn;        /* queued chains (first BD) */
    unsigned bd;
    uint32_t f[VLIW_BD_NFIELDS];   /* the running BD's copy */
    uint32_t nrows;
    /* ch0 (in): reads = DRAM beats, writes = DM lines; ch1 (out): reads = DM
     * lines, writes = DRAM beats. Units are numbered per channel in order. */
    uint32_t rd_row, rd_idx;       /* next unit to read */
    uint32_t wr_row, wr_idx;       /* next unit to write */
    uint64_t rd_seq, arr_seq, ret_seq, wr_seq0;
    int bus_cand;                  /* phase-0 snapshot: wants the bus this cycle */
    int acquired;                  /* ACQ done this cycle */
    int xfer_done;                 /* last unit written this cycle */
    uint8_t buf[VLIW_ISS_MAX_INFLIGHT][VLIW_ISS_BEAT];
} vchan;

typedef struct vtile {
    uint32_t r[16], p[8], m[8];
    uint8_t v[16][32];
    uint8_t acc[8][64];
    uint32_t pc;
    uint64_t nb;                   /* bundle boundaries passed: issues, then drain steps after halt */
    uint64_t issued_n;             /* bundles issued */
    int halted;
    uint32_t lp_start[VLIW_ISS_MAX_LOOP], lp_end[VLIW_ISS_MAX_LOOP], lp_cnt[VLIW_ISS_MAX_LOOP];
    unsigned lp_sp;
    uint32_t br_pc[8];
    uint64_t br_at[8];
    unsigned nbr;
    /* the presented bundle */
    int presented;
    const vbundle *pb;
    vaccess acc_req[3];
    unsigned nacc, npend;
    int lock_kind;                 /* 0, 1 acq, 2 rel */
    unsigned lock_mod, lock_idx, lock_n;
    int lock_ok;
    /* write pipes */
    vwrite ring[VRING][VRING_W];
    uint8_t nw[VRING];
    uint8_t dup[VRING];            /* two pending writes of one register at this due */
    uint16_t pend[VR_N];
    int quiet;                     /* halted and nothing in flight */
    uint32_t halt_pc;
    /* memory module, locks, DMA */
    uint8_t *dm;
    uint8_t *locks;
    uint32_t (*bd)[VLIW_BD_NFIELDS];
    vchan ch[2];
    vbundle *pm;
    int issued;
    uint32_t issued_pc;
} vtile;

struct vliw_iss {
    vliw_iss_params p;
    unsigned ntiles;
    vtile *t;
    vbundle *pm;                   /* ntiles * pm_bundles */
    kc_dram *dram;
    uint32_t dram_bytes;
    uint64_t cycle;
    kc_core_state state;
    vliw_iss_trap trap;
    int trap_now;                  /* a trap was raised this cycle */
    uint64_t cnt[VLIW_NCOUNTERS];
    unsigned rr;                   /* bus arbiter pointer */
    uint16_t tags[VLIW_ISS_MAX_TILES * 2 * VLIW_ISS_MAX_INFLIGHT];   /* in-order read owners */
    unsigned tag_head, tag_n;
    int neigh[VLIW_ISS_MAX_TILES][5];   /* window -> tile, -1 none */
    kc_arch_file *files;
    char *names;
    const kc_isa *isa;
};

/* Raises a trap (kept when it is the first of the cycle, or lower tile/slot). */
void vliw_trap(vliw_iss *s, unsigned tile, unsigned slot, unsigned cause, uint32_t pc, uint32_t detail);

/* The window's tile for tile t, -1 when none. */
static inline int vliw_window_tile(const vliw_iss *s, unsigned t, unsigned w)
{
    return w < 5 ? s->neigh[t][w] : -1;
}

/* Issue one presented bundle's slots (vliw_iss_exec.c). */
void vliw_exec_bundle(vliw_iss *s, unsigned tid);

/* DMA (vliw_iss_dma.c): phase 0, the DM side of phase B for module m, the lock
 * side of phase L for module m, phase D. */
void vliw_dma_phase0(vliw_iss *s);
void vliw_dma_banks(vliw_iss *s, unsigned m, uint64_t *used);
void vliw_dma_locks(vliw_iss *s, unsigned m);
void vliw_dma_bus(vliw_iss *s);
int vliw_dma_idle(const vliw_iss *s);

#endif
