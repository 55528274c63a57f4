/* vliw_iss_int.h — internals shared by the vliw ISS's files (vliw_iss.c: the
 * cycle, banks, locks, API; vliw_iss_dma.c: the DMA engines; vliw_iss_exec.c:
 * decode and what each row does) and by its unit tests. Not a public interface.
 */
#ifndef VLIW_ISS_INT_H
#define VLIW_ISS_INT_H

#include "vliw_iss.h"

/* Slots, in bundle order. */
enum { VS_S, VS_L0, VS_L1, VS_ST, VS_MAC, VS_VEC, VS_MV };

/* Register ids of the write pipes. */
enum { VR_R = 0, VR_P = 16, VR_M = 24, VR_V = 32, VR_ACC = 48, VR_N = 56 };

/* What a slot op does: one value per semantic (rows map to these by name). */
#define VLIW_SEMS(X)                                                                 \
    X(NOP, -1) X(HALT, VS_S)                                                         \
    X(ADD, VS_S) X(SUB, VS_S) X(AND, VS_S) X(OR, VS_S) X(XOR, VS_S) X(SLL, VS_S)     \
    X(SRL, VS_S) X(SRA, VS_S) X(SLT, VS_S) X(SLTU, VS_S) X(MUL, VS_S)                \
    X(ADDI, VS_S) X(ANDI, VS_S) X(ORI, VS_S) X(XORI, VS_S) X(SLLI, VS_S)             \
    X(SRLI, VS_S) X(SRAI, VS_S) X(SLTI, VS_S) X(LUI, VS_S) X(LI, VS_S)               \
    X(BEQ, VS_S) X(BNE, VS_S) X(BLT, VS_S) X(BGE, VS_S) X(BLTU, VS_S) X(BGEU, VS_S)  \
    X(J, VS_S) X(LOOP, VS_S) X(LOOPI, VS_S)                                          \
    X(ACQ, VS_S) X(REL, VS_S) X(BDSET, VS_S) X(DMASTART, VS_S) X(DMAWAIT, VS_S)      \
    X(PADDI, VS_S)                                                                   \
    X(LW, VS_L0) X(VLD, VS_L0) X(LWO, VS_L0) X(VLDO, VS_L0)                          \
    X(SW, VS_ST) X(VST, VS_ST) X(SWO, VS_ST) X(VSTO, VS_ST)                          \
    X(VMMAC, VS_MAC) X(VMAC, VS_MAC) X(VMSC, VS_MAC) X(VMUL, VS_MAC)                 \
    X(VMACI, VS_MAC) X(VMULI, VS_MAC)                                                \
    X(VADD, VS_VEC) X(VSUB, VS_VEC) X(VMULV, VS_VEC) X(VMAXV, VS_VEC)                \
    X(VMINV, VS_VEC) X(VADDI16, VS_VEC)                                              \
    X(AADD, VS_VEC) X(ASUB, VS_VEC) X(AMUL, VS_VEC) X(AMAX, VS_VEC)                  \
    X(AEXP, VS_VEC) X(ARECIP, VS_VEC) X(ARSQRT, VS_VEC) X(ARSUM, VS_VEC)             \
    X(ARMAX, VS_VEC)                                                                 \
    X(MOV, VS_MV) X(MVPR, VS_MV) X(MVMR, VS_MV) X(MVRP, VS_MV) X(MVSP, VS_MV)        \
    X(VBCST, VS_MV) X(VMOV, VS_MV) X(AMOV, VS_MV) X(SRS, VS_MV) X(UPS, VS_MV)        \
    X(SRSI, VS_MV) X(UPSI, VS_MV) X(VZERO, VS_MV)

typedef enum vsem {
#define X(name, slot) VSEM_##name,
    VLIW_SEMS(X)
#undef X
    VSEM_N
} vsem;

/* Special registers (mvsp rD, SPECIAL). */
enum { VSP_TID, VSP_ROW, VSP_COL, VSP_NTILES, VSP_CYCLELO, VSP_CYCLEHI, VSP_N };

/* One decoded slot op. Destinations are derived once (vliw_op_finish): reg ids
 * VR_* and their latencies; r0 is never a destination. */
typedef struct vop {
    uint16_t sem;
    uint8_t d, a, b, c;     /* register fields */
    uint8_t lat;            /* latency of the main destination (bundles) */
    uint8_t nd;             /* destinations: 0..2 */
    uint8_t dreg[2], dlat[2];
    int32_t imm, imm2;      /* immediates in operand order: value / pc offset / lock id (imm) and
                               n (imm2) / BD (imm) and field (imm2) / ch (imm) and BD (imm2) /
                               loopi count (imm) and end offset (imm2) */
    uint32_t word;
    int16_t row;            /* kc_isa row, -1 when built directly */
} vop;

/* Fills nd/dreg/dlat from sem, fields and lat. */
void vliw_op_finish(vop *op);

typedef struct vbundle {
    vop op[VLIW_ISS_SLOTS];
    uint8_t active;         /* bit s: slot s is not a nop */
    uint8_t illegal;        /* slot + 1 of the first illegal word, 0 = none */
} vbundle;

/* Semantic by name ("vmmac" -> VSEM_VMMAC), -1 when none; its slot (-1: any).
 * Names are the lower-case enum names. */
int vliw_sem_by_name(const char *name);
int vliw_sem_slot(unsigned sem);
const char *vliw_sem_name(unsigned sem);
unsigned vliw_sem_default_latency(unsigned sem);

/* Loads pre-decoded bundles for selector sel (0 = all tiles, t + 1 = tile t):
 * what vliw_iss_load does after decoding; tests use it directly. */
kc_status vliw_iss_load_bundles(vliw_iss *s, unsigned sel, const vbundle *b, size_t n, kc_err *err);

/* ---- state (shared by the ISS's files) ---------------------------------------- */

#define VRING 16           /* write-pipe ring: latencies < VRING */

typedef struct vwrite {
    uint8_t reg, mac;      /* VR_* id; from the MAC slot (forwarding) */
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
    uint64_t nb;                   /* bundles issued */
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
    vwrite ring[VRING][VR_N];
    uint8_t nw[VRING];
    uint16_t pend[VR_N];
    uint64_t mac_due[8];           /* due of the youngest MAC-slot write per acc, 0 none */
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
    const struct kc_isa *isa;
    int16_t *row_sem;              /* kc_isa row -> sem */
    int8_t *row_slot;
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
