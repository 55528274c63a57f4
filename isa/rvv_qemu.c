/* rvv_qemu.c — QEMU user mode behind kc_ref_ops (see rvv_qemu.h). */
#include "rvv_qemu.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rvv_isa.h"
#include "rvv_rsp.h"

enum { RQ_X, RQ_F, RQ_V, RQ_CSR, RQ_DTCM, RQ_NFILES };
enum { RQ_VL, RQ_VTYPE, RQ_VSTART, RQ_FCSR, RQ_NCSR };   /* the RTL model's csr file (rvv_shim) */

#define RQ_ECALL  0x00000073u
#define RQ_EBREAK 0x00100073u
#define RQ_CHUNK  2000u           /* bytes per m/M packet (the stub's packets are 4 KiB) */
#define RQ_REPLY  (2 * RVV_RSP_MAX_PACKET + 64)
#define RQ_RUN_TIMEOUT_MS 600000  /* `run` to completion */
#define RQ_SYS_MMAP 222u
#define RQ_PAGE 4096u

static const char *const rq_csr_names[RQ_NCSR] = {"vl", "vtype", "vstart", "fcsr"};
#define RQ_TWINS (RVV_QEMU_HELPER + 0x10000)   /* 8192 words: see rq_rtz_twin */
#define RQ_TWINS_BYTES 32768u
static const char *const rq_x_abi[32] = {
    "zero", "ra", "sp", "gp", "tp", "t0", "t1", "t2", "fp", "s1", "a0", "a1", "a2", "a3", "a4", "a5",
    "a6", "a7", "s2", "s3", "s4", "s5", "s6", "s7", "s8", "s9", "s10", "s11", "t3", "t4", "t5", "t6"};
static const char *const rq_f_abi[32] = {
    "ft0", "ft1", "ft2", "ft3", "ft4", "ft5", "ft6", "ft7", "fs0", "fs1", "fa0", "fa1", "fa2", "fa3", "fa4",
    "fa5", "fa6", "fa7", "fs2", "fs3", "fs4", "fs5", "fs6", "fs7", "fs8", "fs9", "fs10", "fs11", "ft8",
    "ft9", "ft10", "ft11"};

typedef struct rq_seg {          /* an executable segment of the image (instruction words) */
    uint32_t addr, size;
    uint8_t *data;
} rq_seg;

typedef struct rq {
    kc_arch_file files[RQ_NFILES];
    uint32_t vlen, vlenb, dtcm_bytes;
    unsigned fbytes;             /* bytes of an f register in the stub (target.xml) */
    rvv_rsp *rsp;
    kc_err err;                  /* why the emulator failed (broken) */
    int broken;
    int rn_x0, rn_pc, rn_f[32], rn_v[32], rn_csr[RQ_NCSR], rn_frm;
    uint32_t x[32], pc, f[32], csr[RQ_NCSR];
    uint8_t *v, *dtcm;
    int v_stale, dtcm_stale, ended;
    int csr_marked;              /* vl/vtype reported in flight (first step) */
    uint64_t dram_lo, dram_hi;   /* DRAM offsets the guest may have written (read back at the end) */
    rq_seg *segs;
    size_t nsegs;
    kc_dram *dram;
    uint32_t dram_bytes;
    kc_core_state state;
    unsigned cause;
    uint32_t tpc, info;
    uint64_t instret;
    uint64_t trips;              /* round trips of earlier emulator instances */
    char reply[RQ_REPLY];
} rq;

/* ---- the gdbstub ----------------------------------------------------------------- */

/* One command; a failure breaks the instance (every later call reports it). */
static int rq_cmd(rq *q, const char *cmd, int timeout_ms)
{
    if (q->broken || !q->rsp)
        return -1;
    if (rvv_rsp_cmd(q->rsp, cmd, q->reply, sizeof q->reply, timeout_ms, &q->err) != KC_OK) {
        q->broken = 1;
        return -1;
    }
    return 0;
}

/* A command answered by "OK". */
static int rq_cmd_ok(rq *q, const char *cmd)
{
    if (rq_cmd(q, cmd, 0))
        return -1;
    if (strcmp(q->reply, "OK")) {
        kc_err_set(&q->err, KC_ERR_SIM, "qemu gdbstub: '%.40s' answered '%.60s'", cmd, q->reply);
        q->broken = 1;
        return -1;
    }
    return 0;
}

static uint32_t rq_le32(const uint8_t *b)
{
    return (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
}

/* Register `rn` (bytes of it) into buf. */
static int rq_get_reg(rq *q, int rn, void *buf, size_t bytes)
{
    char c[16];
    snprintf(c, sizeof c, "p%x", rn);
    if (rq_cmd(q, c, 0))
        return -1;
    if (rvv_rsp_unhex(q->reply, buf, bytes) != bytes) {
        kc_err_set(&q->err, KC_ERR_SIM, "qemu gdbstub: register %d read as '%.40s'", rn, q->reply);
        q->broken = 1;
        return -1;
    }
    return 0;
}

static int rq_set_reg(rq *q, int rn, const void *buf, size_t bytes)
{
    char c[32 + 2 * 64];
    if (bytes > 64)
        return -1;
    int k = snprintf(c, sizeof c, "P%x=", rn);
    rvv_rsp_hex(buf, bytes, c + k);
    return rq_cmd_ok(q, c);
}

static uint32_t rq_get32(rq *q, int rn)
{
    uint8_t b[4] = {0};
    rq_get_reg(q, rn, b, 4);
    return rq_le32(b);
}

static int rq_set32(rq *q, int rn, uint32_t v)
{
    uint8_t b[4] = {(uint8_t)v, (uint8_t)(v >> 8), (uint8_t)(v >> 16), (uint8_t)(v >> 24)};
    return rq_set_reg(q, rn, b, 4);
}

static uint32_t rq_get_f(rq *q, unsigned i)
{
    uint8_t b[8] = {0};
    rq_get_reg(q, q->rn_f[i], b, q->fbytes);   /* 64-bit ones are NaN-boxed: the low word is the single */
    return rq_le32(b);
}

static int rq_set_f(rq *q, unsigned i, uint32_t v)
{
    uint8_t b[8] = {(uint8_t)v, (uint8_t)(v >> 8), (uint8_t)(v >> 16), (uint8_t)(v >> 24), 0xff, 0xff, 0xff, 0xff};
    return rq_set_reg(q, q->rn_f[i], b, q->fbytes);
}

/* x0..x31 and pc in one packet. */
static int rq_get_xpc(rq *q)
{
    if (rq_cmd(q, "g", 0))
        return -1;
    uint8_t b[33 * 4];
    if (rvv_rsp_unhex(q->reply, b, sizeof b) != sizeof b) {
        kc_err_set(&q->err, KC_ERR_SIM, "qemu gdbstub: 'g' answered '%.40s'", q->reply);
        q->broken = 1;
        return -1;
    }
    for (int i = 0; i < 32; i++)
        q->x[i] = rq_le32(b + 4 * i);
    q->pc = rq_le32(b + 128);
    return 0;
}

static int rq_set_xpc(rq *q)
{
    char c[2 + 33 * 8 + 1];
    uint8_t b[33 * 4];
    for (int i = 0; i < 33; i++) {
        uint32_t v = i < 32 ? q->x[i] : q->pc;
        b[4 * i] = (uint8_t)v;
        b[4 * i + 1] = (uint8_t)(v >> 8);
        b[4 * i + 2] = (uint8_t)(v >> 16);
        b[4 * i + 3] = (uint8_t)(v >> 24);
    }
    c[0] = 'G';
    rvv_rsp_hex(b, sizeof b, c + 1);
    return rq_cmd_ok(q, c);
}

static int rq_mem_read(rq *q, uint32_t addr, uint8_t *buf, uint32_t n)
{
    for (uint32_t done = 0; done < n;) {
        uint32_t k = n - done < RQ_CHUNK ? n - done : RQ_CHUNK;
        char c[40];
        snprintf(c, sizeof c, "m%x,%x", addr + done, k);
        if (rq_cmd(q, c, 0))
            return -1;
        if (rvv_rsp_unhex(q->reply, buf + done, k) != k) {
            kc_err_set(&q->err, KC_ERR_SIM, "qemu gdbstub: reading 0x%08x answered '%.40s'", addr + done, q->reply);
            q->broken = 1;
            return -1;
        }
        done += k;
    }
    return 0;
}

/* Writes [buf, buf + n) at addr; zero chunks are skipped when skip_zero (fresh
 * anonymous memory is zero already). */
static int rq_mem_write(rq *q, uint32_t addr, const uint8_t *buf, uint32_t n, int skip_zero)
{
    static const uint8_t zero[RQ_CHUNK];
    for (uint32_t done = 0; done < n;) {
        uint32_t k = n - done < RQ_CHUNK ? n - done : RQ_CHUNK;
        if (!skip_zero || memcmp(buf + done, zero, k)) {
            char c[48 + 2 * RQ_CHUNK];
            int h = snprintf(c, 48, "M%x,%x:", addr + done, k);
            rvv_rsp_hex(buf + done, k, c + h);
            if (rq_cmd_ok(q, c))
                return -1;
        }
        done += k;
    }
    return 0;
}

/* ---- register numbering from target.xml ------------------------------------------- */

typedef struct rq_regname {
    char name[16];
    int num;
    int bits;
} rq_regname;

/* Reads a qXfer features document into a malloc'd string. */
static char *rq_xfer(rq *q, const char *annex)
{
    size_t len = 0, cap = 4096;
    char *doc = malloc(cap);
    for (size_t off = 0; doc;) {
        char c[128];
        snprintf(c, sizeof c, "qXfer:features:read:%s:%zx,%x", annex, off, RVV_RSP_MAX_PACKET - 64);
        if (rq_cmd(q, c, 0) || (q->reply[0] != 'l' && q->reply[0] != 'm')) {
            if (!q->broken)
                kc_err_set(&q->err, KC_ERR_SIM, "qemu gdbstub: no %s ('%.40s')", annex, q->reply);
            q->broken = 1;
            free(doc);
            return NULL;
        }
        size_t n = strlen(q->reply + 1);
        if (len + n + 1 > cap) {
            char *nd = realloc(doc, cap = 2 * (len + n + 1));
            if (!nd) {
                free(doc);
                return NULL;
            }
            doc = nd;
        }
        memcpy(doc + len, q->reply + 1, n);
        len += n;
        doc[len] = 0;
        off += n;
        if (q->reply[0] == 'l' || !n)
            break;
    }
    return doc;
}

/* Value of attribute `attr` inside the tag starting at `tag` (up to '>'). */
static int rq_attr(const char *tag, const char *attr, char *out, size_t size)
{
    const char *end = strchr(tag, '>');
    char key[32];
    snprintf(key, sizeof key, " %s=\"", attr);
    const char *p = strstr(tag, key);
    if (!p || (end && p > end))
        return 0;
    p += strlen(key);
    size_t n = strcspn(p, "\"");
    if (n >= size)
        n = size - 1;
    memcpy(out, p, n);
    out[n] = 0;
    return 1;
}

/* Appends the registers of one feature document (numbers run on from *next
 * unless a reg gives its regnum). */
static size_t rq_feature_regs(const char *doc, rq_regname *list, size_t n, size_t cap, int *next)
{
    for (const char *p = strstr(doc, "<reg "); p && n < cap; p = strstr(p + 1, "<reg ")) {
        char num[16], bits[16];
        if (rq_attr(p, "regnum", num, sizeof num))
            *next = atoi(num);
        list[n].bits = rq_attr(p, "bitsize", bits, sizeof bits) ? atoi(bits) : 32;
        if (rq_attr(p, "name", list[n].name, sizeof list[n].name))
            list[n++].num = *next;
        (*next)++;
    }
    return n;
}

static int rq_find(const rq_regname *list, size_t n, const char *name)
{
    for (size_t i = 0; i < n; i++)
        if (!strcmp(list[i].name, name))
            return list[i].num;
    return -1;
}

static int rq_bits(const rq_regname *list, size_t n, const char *name)
{
    for (size_t i = 0; i < n; i++)
        if (!strcmp(list[i].name, name))
            return list[i].bits;
    return 0;
}

static int rq_learn_regs(rq *q)
{
    char *top = rq_xfer(q, "target.xml");
    if (!top)
        return -1;
    enum { CAP = 512 };
    rq_regname *list = calloc(CAP, sizeof *list);
    size_t n = 0;
    int next = 0;
    for (const char *p = strstr(top, "<xi:include"); p && list; p = strstr(p + 1, "<xi:include")) {
        char href[64];
        if (!rq_attr(p, "href", href, sizeof href))
            continue;
        char *doc = rq_xfer(q, href);
        if (!doc)
            break;
        n = rq_feature_regs(doc, list, n, CAP, &next);
        free(doc);
    }
    free(top);
    int missing = !list || q->broken;
    if (!missing) {
        q->rn_x0 = rq_find(list, n, "zero");
        q->rn_pc = rq_find(list, n, "pc");
        missing |= q->rn_x0 < 0 || q->rn_pc < 0;
        for (int i = 0; i < 32; i++) {
            char vn[8];
            snprintf(vn, sizeof vn, "v%d", i);
            q->rn_f[i] = rq_find(list, n, rq_f_abi[i]);
            q->rn_v[i] = rq_find(list, n, vn);
            missing |= q->rn_f[i] < 0 || q->rn_v[i] < 0 || rq_find(list, n, rq_x_abi[i]) != q->rn_x0 + i;
        }
        for (int i = 0; i < RQ_NCSR; i++)
            missing |= (q->rn_csr[i] = rq_find(list, n, rq_csr_names[i])) < 0;
        missing |= (q->rn_frm = rq_find(list, n, "frm")) < 0;
        q->fbytes = (unsigned)rq_bits(list, n, "ft0") / 8;   /* 4 with F only, 8 (NaN-boxed) with D */
        missing |= q->fbytes != 4 && q->fbytes != 8;
        missing |= (unsigned)rq_bits(list, n, "v0") != q->vlen;
        if (missing)
            kc_err_set(&q->err, KC_ERR_SIM, "qemu gdbstub: target.xml lacks the x/f/v registers or vl/vtype/fcsr "
                       "(is the vector extension on?)");
    }
    free(list);
    if (missing)
        q->broken = 1;
    return missing ? -1 : 0;
}

/* ---- an ELF for the emulator -------------------------------------------------------- */

static void rq_put16(uint8_t *p, uint32_t v) { p[0] = (uint8_t)v; p[1] = (uint8_t)(v >> 8); }
static void rq_put32(uint8_t *p, uint32_t v) { rq_put16(p, v); rq_put16(p + 2, v >> 16); }

/* ELF32 RISC-V executable with the image's executable segments and the helper
 * page (an ecall); data segments are written into the guest after its mmaps. */
static uint8_t *rq_make_elf(const rq *q, uint32_t entry, size_t *size)
{
    size_t nph = q->nsegs + 2, off = (52 + 32 * nph + RQ_PAGE - 1) / RQ_PAGE * RQ_PAGE;
    size_t total = off + RQ_PAGE + RQ_TWINS_BYTES + RQ_PAGE;
    for (size_t i = 0; i < q->nsegs; i++)
        total += q->segs[i].size + 2 * RQ_PAGE;
    uint8_t *e = calloc(1, total);
    if (!e)
        return NULL;
    static const uint8_t ident[16] = {0x7f, 'E', 'L', 'F', 1, 1, 1};
    memcpy(e, ident, 16);
    rq_put16(e + 16, 2);     /* ET_EXEC */
    rq_put16(e + 18, 243);   /* EM_RISCV */
    rq_put32(e + 20, 1);
    rq_put32(e + 24, entry);
    rq_put32(e + 28, 52);    /* e_phoff */
    rq_put32(e + 36, 0x2);   /* e_flags: EF_RISCV_FLOAT_ABI_SINGLE */
    rq_put16(e + 40, 52);
    rq_put16(e + 42, 32);
    rq_put16(e + 44, (uint32_t)nph);
    rq_put16(e + 46, 40);    /* e_shentsize: QEMU insists on it even without sections */
    for (size_t i = 0; i < nph; i++) {
        uint32_t addr = i < q->nsegs ? q->segs[i].addr : i == q->nsegs ? RVV_QEMU_HELPER : RQ_TWINS;
        uint32_t sz = i < q->nsegs ? q->segs[i].size : i == q->nsegs ? 4 : RQ_TWINS_BYTES;
        off = (off + RQ_PAGE - 1) / RQ_PAGE * RQ_PAGE + addr % RQ_PAGE;   /* p_offset = p_vaddr mod page */
        if (i < q->nsegs)
            memcpy(e + off, q->segs[i].data, sz);
        else if (i == q->nsegs)
            rq_put32(e + off, RQ_ECALL);
        else
            for (uint32_t k = 0; k < RQ_TWINS_BYTES / 4; k++) {   /* vfcvt/vfncvt.x(u).f: see rq_rtz_twin */
                uint32_t vs1 = (k >> 11 & 1) | (k >> 12 & 1) << 4;
                rq_put32(e + off + 4 * k, 0x48001057u | vs1 << 15 | (k >> 10 & 1) << 25 | (k >> 5 & 31) << 20 |
                                          (k & 31) << 7);
            }
        uint8_t *ph = e + 52 + 32 * i;
        rq_put32(ph, 1);          /* PT_LOAD */
        rq_put32(ph + 4, (uint32_t)off);
        rq_put32(ph + 8, addr);
        rq_put32(ph + 12, addr);
        rq_put32(ph + 16, sz);
        rq_put32(ph + 20, sz);
        rq_put32(ph + 24, 5);     /* PF_R | PF_X */
        rq_put32(ph + 28, RQ_PAGE);
        off += sz;
    }
    *size = off;
    return e;
}

/* ---- open / reset ---------------------------------------------------------------------- */

static void rq_free_segs(rq *q)
{
    for (size_t i = 0; i < q->nsegs; i++)
        free(q->segs[i].data);
    free(q->segs);
    q->segs = NULL;
    q->nsegs = 0;
}

static void rq_stop(rq *q)
{
    if (q->rsp) {
        q->trips += rvv_rsp_round_trips(q->rsp);
        rvv_rsp_close(q->rsp);
        q->rsp = NULL;
    }
}

static kc_status rq_open(void **handle, const kc_hw *hw, kc_err *err)
{
    *handle = NULL;
    long vlen = kc_hw_get(hw, "VLEN", 128), dtcm = kc_hw_get(hw, "DTCM_BYTES", 64 << 10);
    if (vlen < 64 || vlen > 512 || (vlen & (vlen - 1)) || dtcm < 4096 || dtcm > (16l << 20) || dtcm % RQ_PAGE)
        return kc_err_set(err, KC_ERR_RANGE, "qemu reference: VLEN %ld / DTCM_BYTES %ld not supported", vlen, dtcm);
    rq *q = calloc(1, sizeof *q);
    if (!q)
        return kc_err_set(err, KC_ERR_NOMEM, "out of memory");
    q->vlen = (uint32_t)vlen;
    q->vlenb = q->vlen / 8;
    q->dtcm_bytes = (uint32_t)dtcm;
    q->v = calloc(32, q->vlenb);
    q->dtcm = calloc(1, q->dtcm_bytes);
    if (!q->v || !q->dtcm) {
        free(q->v);
        free(q->dtcm);
        free(q);
        return kc_err_set(err, KC_ERR_NOMEM, "out of memory");
    }
    kc_err_clear(&q->err);
    q->files[RQ_X] = (kc_arch_file){"x", "integer registers", 32, 4, KC_ARCH_U32, KC_ARCH_ZERO0, NULL, NULL};
    q->files[RQ_F] = (kc_arch_file){"f", "fp32 registers", 32, 4, KC_ARCH_FP32, 0, NULL, NULL};
    q->files[RQ_V] = (kc_arch_file){"v", "vector registers", 32, q->vlenb, KC_ARCH_I32_LANES, 0, NULL, NULL};
    q->files[RQ_CSR] = (kc_arch_file){"csr", "vector and fp CSRs", RQ_NCSR, 4, KC_ARCH_U32, 0, rq_csr_names, NULL};
    q->files[RQ_DTCM] = (kc_arch_file){"dtcm", "data memory (DTCM)", q->dtcm_bytes, 1, KC_ARCH_BYTES,
                                       KC_ARCH_MEMORY, NULL, NULL};
    q->state = KC_CORE_TRAPPED;   /* until reset */
    q->cause = RVV_QEMU_FAILED;
    kc_err_set(&q->err, KC_ERR_USAGE, "qemu reference: not reset");
    *handle = q;
    return KC_OK;
}

static void rq_close(void *h)
{
    rq *q = h;
    if (!q)
        return;
    rq_stop(q);
    rq_free_segs(q);
    free(q->v);
    free(q->dtcm);
    free(q);
}

/* The guest executes syscall nr(a0..a5) at the helper ecall; returns a0. */
static uint32_t rq_guest_syscall(rq *q, uint32_t nr, const uint32_t a[6])
{
    memset(q->x, 0, sizeof q->x);
    for (int i = 0; i < 6; i++)
        q->x[10 + i] = a[i];
    q->x[17] = nr;
    q->pc = RVV_QEMU_HELPER;
    if (rq_set_xpc(q) || rq_cmd(q, "s", 0) || rq_get_xpc(q))
        return UINT32_MAX;
    return q->x[10];
}

static int rq_map(rq *q, uint32_t addr, uint32_t bytes)
{
    uint32_t a[6] = {addr, (bytes + RQ_PAGE - 1) / RQ_PAGE * RQ_PAGE, 3 /* RW */, 0x32 /* PRIVATE|FIXED|ANON */,
                     UINT32_MAX, 0};
    uint32_t got = rq_guest_syscall(q, RQ_SYS_MMAP, a);
    if (!q->broken && got != addr) {
        kc_err_set(&q->err, KC_ERR_SIM, "qemu: the guest could not map 0x%08x (+%u bytes): mmap returned 0x%08x",
                   addr, bytes, got);
        q->broken = 1;
    }
    return q->broken ? -1 : 0;
}

static int rq_refresh_v(rq *q)
{
    for (int i = 0; i < 32; i++)
        if (rq_get_reg(q, q->rn_v[i], q->v + (size_t)i * q->vlenb, q->vlenb))
            return -1;
    q->v_stale = 0;
    return 0;
}

static int rq_refresh_all(rq *q)
{
    if (rq_get_xpc(q))
        return -1;
    for (unsigned i = 0; i < 32; i++)
        q->f[i] = rq_get_f(q, i);
    for (int i = 0; i < RQ_NCSR; i++)
        q->csr[i] = rq_get32(q, q->rn_csr[i]);
    if (rq_refresh_v(q) || rq_mem_read(q, RVV_QEMU_DTCM_BASE, q->dtcm, q->dtcm_bytes))
        return -1;
    q->dtcm_stale = 0;
    return q->broken ? -1 : 0;
}

static kc_status rq_fail(rq *q, kc_err *err)
{
    char buf[600];
    q->state = KC_CORE_TRAPPED;
    q->cause = RVV_QEMU_FAILED;
    return kc_err_set(err, KC_ERR_SIM, "%s", kc_err_format(&q->err, buf, sizeof buf));
}

static kc_status rq_reset(void *h, const kc_image *img, const uint32_t *args, size_t nargs, kc_dram *dram,
                          kc_err *err)
{
    rq *q = h;
    rq_stop(q);
    rq_free_segs(q);
    kc_err_clear(&q->err);
    q->broken = 0;
    q->ended = 0;
    q->csr_marked = 0;
    q->instret = 0;
    q->cause = 0;
    q->state = KC_CORE_RUNNING;
    q->dram = dram;
    q->dram_bytes = dram ? kc_dram_config(dram)->size_bytes : 0;
    q->dram_lo = q->dram_bytes;
    q->dram_hi = 0;
    if (img->pc_bytes != 1 || img->entry > UINT32_MAX)
        return kc_err_set(err, KC_ERR_RANGE, "qemu reference: the image is not an rvv one (byte pcs)");
    size_t nexec = 0;
    for (size_t i = 0; i < img->nsegs; i++)
        nexec += img->segs[i].exec != 0;
    if (!(q->segs = calloc(nexec + 1, sizeof *q->segs)))
        return kc_err_set(err, KC_ERR_NOMEM, "out of memory");
    for (size_t i = 0; i < img->nsegs; i++) {
        const kc_image_seg *s = &img->segs[i];
        if (!s->exec)
            continue;
        rq_seg *d = &q->segs[q->nsegs];
        if (s->addr + s->size > RVV_QEMU_DTCM_BASE || s->addr < RQ_TWINS + RQ_TWINS_BYTES ||
            !(d->data = malloc(s->size ? s->size : 1)))
            return kc_err_set(err, KC_ERR_RANGE, "qemu reference: executable segment at 0x%llx is not in ITCM",
                              (unsigned long long)s->addr);
        memcpy(d->data, s->data, s->size);
        d->addr = (uint32_t)s->addr;
        d->size = (uint32_t)s->size;
        q->nsegs++;
    }
    size_t elf_size = 0;
    uint8_t *elf = rq_make_elf(q, (uint32_t)img->entry, &elf_size);
    if (!elf)
        return kc_err_set(err, KC_ERR_NOMEM, "out of memory");
    char cpu[96];
    /* V with ELEN 32 is Zve32f's vector subset. QEMU 7.2 would take Zve32f=true,v=false,d=false (the exact
     * ISA) but then its gdbstub shows no vector registers, and V requires D: D stays on (a program using
     * it would run here and trap on the RTL: a divergence), C and A are off */
    snprintf(cpu, sizeof cpu, "rv32,v=true,vlen=%u,elen=32,vext_spec=v1.0,c=false,a=false", q->vlen);
    const char *qemu = getenv("KC_QEMU_RISCV32");
    const char *argv[] = {qemu && *qemu ? qemu : "qemu-riscv32", "-cpu", cpu, NULL};
    kc_status s = rvv_rsp_open(&q->rsp, argv, elf, elf_size, 0, err);
    free(elf);
    if (s != KC_OK) {
        q->state = KC_CORE_TRAPPED;
        q->cause = RVV_QEMU_FAILED;
        return s;
    }
    /* target.xml every time: QEMU answers `p` beyond x/pc only once it was read */
    if (rq_learn_regs(q) || rq_map(q, RVV_QEMU_DTCM_BASE, q->dtcm_bytes) ||
        (q->dram_bytes && rq_map(q, RVV_QEMU_DRAM_BASE, q->dram_bytes)))
        return rq_fail(q, err);
    for (size_t i = 0; i < img->nsegs; i++) {
        const kc_image_seg *g = &img->segs[i];
        if (g->exec)
            continue;
        if (g->addr < RVV_QEMU_DTCM_BASE || g->addr + g->size > (uint64_t)RVV_QEMU_DTCM_BASE + q->dtcm_bytes) {
            rq_stop(q);
            q->state = KC_CORE_TRAPPED;
            q->cause = RVV_QEMU_FAILED;
            return kc_err_set(err, KC_ERR_RANGE, "qemu reference: data segment at 0x%llx (+%zu) is not in DTCM",
                              (unsigned long long)g->addr, g->size);
        }
        if (rq_mem_write(q, (uint32_t)g->addr, g->data, (uint32_t)g->size, 1))
            return rq_fail(q, err);
    }
    if (q->dram_bytes && rq_mem_write(q, RVV_QEMU_DRAM_BASE, kc_dram_data(dram), q->dram_bytes, 1))
        return rq_fail(q, err);
    memset(q->x, 0, sizeof q->x);
    for (size_t i = 0; i < nargs && i < 8; i++)
        q->x[10 + i] = args[i];
    q->x[2] = RVV_QEMU_DTCM_BASE + q->dtcm_bytes;
    q->pc = (uint32_t)img->entry;
    if (rq_set_xpc(q))
        return rq_fail(q, err);
    /* f0..f31 = +0 as the RTL's reset: with D on (v=true needs it) QEMU starts them at a
     * 64-bit 0, which is not NaN-boxed, so every single-precision read saw the canonical
     * NaN (fcvt.w.s of a never-written f register gave 0x7fffffff, vfmv.s.f 0x7fc00000) */
    for (unsigned i = 0; q->fbytes == 8 && i < 32; i++)
        if (rq_set_f(q, i, 0))
            return rq_fail(q, err);
    if (rq_refresh_all(q))
        return rq_fail(q, err);
    return KC_OK;
}

/* ---- stepping ---------------------------------------------------------------------------- */

static int rq_word(const rq *q, uint32_t pc, uint32_t *w)
{
    for (size_t i = 0; i < q->nsegs; i++)
        if (pc >= q->segs[i].addr && pc - q->segs[i].addr + 4 <= q->segs[i].size) {
            *w = rq_le32(q->segs[i].data + (pc - q->segs[i].addr));
            return 1;
        }
    return 0;
}

/* The run has ended: bring the caches and the caller's DRAM up to date. */
static void rq_finish(rq *q)
{
    if (q->ended || q->broken)
        return;
    q->ended = 1;
    if (q->v_stale)
        rq_refresh_v(q);
    if (q->dtcm_stale && !rq_mem_read(q, RVV_QEMU_DTCM_BASE, q->dtcm, q->dtcm_bytes))
        q->dtcm_stale = 0;
    if (q->dram && q->dram_hi > q->dram_lo)
        rq_mem_read(q, RVV_QEMU_DRAM_BASE + (uint32_t)q->dram_lo, kc_dram_data(q->dram) + q->dram_lo,
                    (uint32_t)(q->dram_hi - q->dram_lo));
    for (int i = 0; i < RQ_NCSR; i++)
        q->csr[i] = rq_get32(q, q->rn_csr[i]);
    for (unsigned i = 0; i < 32; i++)
        q->f[i] = rq_get_f(q, i);
}

static void rq_add(kc_ref_event *ev, unsigned file, uint32_t first, uint32_t n, uint32_t due, unsigned flags)
{
    if (ev->nwrites == KC_REF_MAX_WRITES) {
        ev->overflow = 1;
        return;
    }
    ev->writes[ev->nwrites++] = (kc_ref_write){(uint16_t)file, (uint16_t)flags, first, n, due};
}

/* A store to [addr, addr + n): noted for the end (and named for reports). */
static void rq_store(rq *q, kc_ref_event *ev, uint64_t addr, uint64_t n)
{
    if (addr >= RVV_QEMU_DRAM_BASE && addr - RVV_QEMU_DRAM_BASE < q->dram_bytes) {
        uint64_t lo = addr - RVV_QEMU_DRAM_BASE, hi = lo + n > q->dram_bytes ? q->dram_bytes : lo + n;
        q->dram_lo = lo < q->dram_lo ? lo : q->dram_lo;
        q->dram_hi = hi > q->dram_hi ? hi : q->dram_hi;
        rq_add(ev, KC_REF_DRAM, (uint32_t)lo, (uint32_t)(hi - lo), KC_REF_DUE_END, 0);
    } else if (addr >= RVV_QEMU_DTCM_BASE && addr - RVV_QEMU_DTCM_BASE < q->dtcm_bytes) {
        uint64_t lo = addr - RVV_QEMU_DTCM_BASE, hi = lo + n > q->dtcm_bytes ? q->dtcm_bytes : lo + n;
        q->dtcm_stale = 1;
        rq_add(ev, RQ_DTCM, (uint32_t)lo, (uint32_t)(hi - lo), KC_REF_DUE_END, 0);
    }
}

/* A store whose bytes are not worked out (indexed): everything may have changed. */
static void rq_store_anywhere(rq *q)
{
    q->dram_lo = 0;
    q->dram_hi = q->dram_bytes;
    q->dtcm_stale = 1;
}

static int32_t rq_simm_s(uint32_t w)
{
    uint32_t imm = (w >> 25) << 5 | ((w >> 7) & 31);   /* 12 bits */
    return (int32_t)(imm ^ 0x800u) - 0x800;          /* sign-extend without a signed shift */
}

/* A vector store's bytes (unit-stride, strided, mask, whole register). */
static void rq_vstore(rq *q, kc_ref_event *ev, uint32_t w, const uint32_t *xb)
{
    unsigned mop = (w >> 26) & 3, nf = (w >> 29) + 1, width = (w >> 12) & 7, sumop = (w >> 20) & 31;
    unsigned eew = width == 0 ? 1 : width == 5 ? 2 : 4;
    uint64_t base = xb[(w >> 15) & 31], vl = q->csr[RQ_VL];
    if (mop == 0 && sumop == 8) {          /* vsNr: whole registers */
        rq_store(q, ev, base, (uint64_t)nf * q->vlenb);
    } else if (mop == 0 && sumop == 11) {  /* vsm.v: ceil(vl / 8) bytes */
        rq_store(q, ev, base, (vl + 7) / 8);
    } else if (mop == 0) {
        rq_store(q, ev, base, vl * eew * nf);
    } else if (mop == 2) {
        int64_t stride = (int32_t)xb[(w >> 20) & 31];
        if (!vl)
            return;
        int64_t last = stride * (int64_t)(vl - 1);
        uint64_t lo = last < 0 ? (uint64_t)((int64_t)base + last) : base;
        rq_store(q, ev, lo, (uint64_t)(last < 0 ? -last : last) + (uint64_t)eew * nf);
    } else {
        rq_store_anywhere(q);
    }
}

static int rq_is_counter(uint32_t csr)
{
    uint32_t lo = csr & 0x7f;   /* cycle/time/instret/hpmcounterN (+h), mcycle/minstret/mhpmcounterN (+h) */
    return ((csr & 0xf00) == 0xc00 || (csr & 0xf00) == 0xb00) && lo < 32 && (csr & 0x060) == 0;
}

/* What the instruction `w` (executed) wrote besides x (the 'g' diff). */
static void rq_effects(rq *q, kc_ref_event *ev, uint32_t w, const uint32_t *xb)
{
    unsigned op = w & 0x7f, rd = (w >> 7) & 31, f3 = (w >> 12) & 7, f6 = w >> 26;
    int fp = 0, fdst = 0, vec = 0, fcsr = 0;
    switch (op) {
    case 0x07:   /* LOAD-FP: flw, vector loads */
        if (f3 == 2)
            fdst = 1;
        else
            vec = 1;
        break;
    case 0x27:   /* STORE-FP: fsw, vector stores */
        if (f3 == 2)
            rq_store(q, ev, (uint64_t)xb[(w >> 15) & 31] + (uint64_t)(int64_t)rq_simm_s(w), 4);
        else
            rq_vstore(q, ev, w, xb);
        break;
    case 0x23:   /* sb, sh, sw */
        rq_store(q, ev, (uint64_t)xb[(w >> 15) & 31] + (uint64_t)(int64_t)rq_simm_s(w), 1u << (f3 & 3));
        break;
    case 0x43: case 0x47: case 0x4b: case 0x4f: case 0x53:
        fp = fdst = 1;
        break;
    case 0x57:
        if (f3 == 7) {   /* vset{i}vl{i}: the scalar core's CSRs */
            uint32_t vl = rq_get32(q, q->rn_csr[RQ_VL]), vtype = rq_get32(q, q->rn_csr[RQ_VTYPE]);
            if (vl != q->csr[RQ_VL] || vtype != q->csr[RQ_VTYPE]) {
                q->csr[RQ_VL] = vl;
                q->csr[RQ_VTYPE] = vtype;
                rq_add(ev, RQ_CSR, RQ_VL, 2, KC_REF_DUE_END, 0);
            }
            break;
        }
        vec = 1;
        fp = f3 == 1 || f3 == 5;
        fdst = f3 == 1 && f6 == 0x10 && ((w >> 15) & 31) == 0;   /* vfmv.f.s */
        break;
    case 0x73:
        if (!f3)
            break;
        if (rd && rq_is_counter(w >> 20))
            rq_add(ev, RQ_X, rd, 1, 0, KC_REF_W_TIMING);
        fcsr = (w >> 20) >= 1 && (w >> 20) <= 3;
        break;
    default:
        break;
    }
    if (fdst) {
        uint32_t v = rq_get_f(q, rd);
        if (v != q->f[rd]) {
            q->f[rd] = v;
            rq_add(ev, RQ_F, rd, 1, 0, 0);
        }
    }
    if (fp || fcsr) {
        q->csr[RQ_FCSR] = rq_get32(q, q->rn_csr[RQ_FCSR]);
        rq_add(ev, RQ_CSR, RQ_FCSR, 1, KC_REF_DUE_END, 0);
    }
    if (vec) {
        q->v_stale = 1;
        rq_add(ev, RQ_V, 0, 32, KC_REF_DUE_END, 0);
    }
}

/* The trap behind a stop signal at `w`; info as the RTL reports it. */
static void rq_trap(rq *q, unsigned sig, uint32_t w, const uint32_t *xb)
{
    unsigned op = w & 0x7f;
    int load = op == 0x03 || op == 0x07, store = op == 0x23 || op == 0x27;
    int scalar = op == 0x03 || op == 0x23 || ((op & 0x5f) == 0x07 && ((w >> 12) & 7) == 2);
    int32_t imm = store ? rq_simm_s(w) : (int32_t)w >> 20;
    uint32_t addr = xb[(w >> 15) & 31] + (uint32_t)(scalar ? imm : 0);
    q->state = KC_CORE_TRAPPED;
    q->tpc = q->pc;
    if (sig == 4) {
        q->cause = RVV_QEMU_ILLEGAL;
        q->info = w;
    } else if ((sig == 11 || sig == 7) && (load || store)) {
        q->cause = sig == 7 ? (load ? RVV_QEMU_LOAD_MISALIGNED : RVV_QEMU_STORE_MISALIGNED)
                            : (load ? RVV_QEMU_LOAD_ACCESS : RVV_QEMU_STORE_ACCESS);
        q->info = addr;
    } else if (sig == 11 && !rq_word(q, q->pc, &w)) {
        q->cause = RVV_QEMU_FETCH_ACCESS;
        q->info = q->pc;
    } else if (sig == 11) {   /* no access at all: the emulator itself crashed */
        q->cause = RVV_QEMU_FAILED;
        kc_err_set(&q->err, KC_ERR_SIM, "qemu crashed executing 0x%08x at 0x%08x (a QEMU bug: see docs/cosim.md)",
                   w, q->pc);
        q->broken = 1;
    } else {
        q->cause = RVV_QEMU_FAILED;
        kc_err_set(&q->err, KC_ERR_SIM, "qemu: the guest stopped with signal %u at 0x%08x", sig, q->pc);
        q->broken = 1;
    }
}

/* Stop reply -> signal number (-1: the process is gone or the reply is odd). */
static int rq_signal(rq *q)
{
    if ((q->reply[0] == 'T' || q->reply[0] == 'S') && q->reply[1] && q->reply[2]) {
        uint8_t s;
        if (rvv_rsp_unhex(q->reply + 1, &s, 1) == 1)
            return s;
    }
    kc_err_set(&q->err, KC_ERR_SIM, "qemu: unexpected stop reply '%.40s'", q->reply);
    q->broken = 1;
    return -1;
}

/* Whether w (executed without a trap) can write an x register or jump; the
 * others leave x alone and pc at pc + 4, so their step needs no `g`. */
static int rq_changes_x_or_pc(uint32_t w)
{
    unsigned op = w & 0x7f, f7 = w >> 25;
    switch (op) {
    case 0x07: case 0x27: case 0x23: case 0x43: case 0x47: case 0x4b: case 0x4f: case 0x0f:
        return 0;
    case 0x53:   /* compares, conversions to integers, fmv.x.w/fclass write x */
        return f7 == 0x50 || f7 == 0x60 || f7 == 0x70;
    case 0x57:   /* vset*, and vmv.x.s / vcpop.m / vfirst.m (OPMVV, VWXUNARY0) write x */
        return ((w >> 12) & 7) == 7 || (((w >> 12) & 7) == 2 && (w >> 26) == 0x10);
    default:
        return 1;
    }
}

/* QEMU 7.2 aborts on the vector RTZ conversions (vfcvt.rtz.*, vfncvt.rtz.*): the
 * same conversion with the dynamic rounding mode is run instead with frm = RTZ,
 * from the twins page (every such word, by vd/vs2/vm/kind: code cannot be
 * written once QEMU has translated from its page); the twin of w, or 0 when w
 * is not one of them. */
static uint32_t rq_rtz_twin(uint32_t w)
{
    unsigned vs1 = (w >> 15) & 31;
    if ((w & 0xfc00707f) != 0x48001057 || (vs1 != 6 && vs1 != 7 && vs1 != 22 && vs1 != 23))
        return 0;
    return (w & ~(31u << 15)) | (vs1 & ~6u) << 15;   /* 6/7 -> 0/1, 22/23 -> 16/17 */
}

/* Where the twins page holds `twin`. */
static uint32_t rq_twin_pc(uint32_t twin)
{
    unsigned vs1 = (twin >> 15) & 31, kind = (vs1 & 1) | (vs1 >> 3 & 2);   /* 0, 1, 16, 17 -> 0..3 */
    return RQ_TWINS + 4 * (kind << 11 | ((twin >> 25) & 1) << 10 | ((twin >> 20) & 31) << 5 | ((twin >> 7) & 31));
}

/* Runs w's RTZ twin from the twins page; leaves pc after w. Returns the stop signal. */
static int rq_step_rtz(rq *q, uint32_t twin)
{
    uint32_t pc = q->pc, frm = rq_get32(q, q->rn_frm);
    if (q->broken || rq_set32(q, q->rn_frm, 1) || rq_set32(q, q->rn_pc, rq_twin_pc(twin)) || rq_cmd(q, "s", 0))
        return -1;
    int sig = rq_signal(q);
    if (rq_set32(q, q->rn_frm, frm) || rq_set32(q, q->rn_pc, sig == 5 ? pc + 4 : pc))
        return -1;
    return sig;
}

static kc_core_state rq_step(void *h, kc_ref_event *ev)
{
    rq *q = h;
    memset(ev, 0, offsetof(kc_ref_event, writes));
    ev->row = -1;
    ev->pc = q->state == KC_CORE_TRAPPED ? q->tpc : q->pc;
    ev->issue_cycle = q->instret;
    uint32_t w = 0;
    int have = rq_word(q, q->pc, &w);
    const rvv_isa_insn *row = have ? rvv_isa_find(w) : NULL;
    ev->insn = w;
    ev->row = row ? (int)(row - rvv_isa_at(0)) : -1;   /* coverage by isa/rvv.def row */
    if (q->state == KC_CORE_RUNNING && !q->broken) {
        if (have && w == RQ_ECALL) {          /* the exit: halts without executing */
            q->state = KC_CORE_HALTED;
            ev->retired = 1;
            q->instret++;
        } else if (have && w == RQ_EBREAK) {
            q->state = KC_CORE_TRAPPED;
            q->tpc = q->pc;
            q->cause = RVV_QEMU_BREAKPOINT;
            q->info = q->pc;   /* the RTL's mtval for ebreak: its pc (rtl/rvv/rvv_top_ports.md) */
        } else {
            uint32_t xb[32];
            memcpy(xb, q->x, sizeof xb);
            if (!q->csr_marked) {   /* vl/vtype: compared at the end only (see rvv_qemu.h) */
                q->csr_marked = 1;
                rq_add(ev, RQ_CSR, RQ_VL, 2, KC_REF_DUE_END, 0);
            }
            uint32_t twin = rq_rtz_twin(w);
            int sig = twin ? rq_step_rtz(q, twin) : rq_cmd(q, "s", 0) ? -1 : rq_signal(q);
            if (sig == 5 && (rq_changes_x_or_pc(w) ? !rq_get_xpc(q) : (q->pc += 4, 1))) {
                for (unsigned i = 1; i < 32; i++)
                    if (xb[i] != q->x[i])
                        rq_add(ev, RQ_X, i, 1, 0, 0);
                rq_effects(q, ev, w, xb);
                ev->retired = 1;
                q->instret++;
            } else if (sig > 0) {
                rq_trap(q, (unsigned)sig, w, xb);
            }
        }
    }
    if (q->broken) {
        q->state = KC_CORE_TRAPPED;
        q->cause = RVV_QEMU_FAILED;
        q->tpc = q->pc;
    }
    if (q->state != KC_CORE_RUNNING)
        rq_finish(q);
    ev->state = q->state;
    ev->cause = q->state == KC_CORE_TRAPPED ? q->cause : 0;
    ev->info = q->state == KC_CORE_TRAPPED ? q->info : 0;
    if (ev->overflow)
        rq_store_anywhere(q);
    return q->state;
}

static int rq_has_rtz(const rq *q)
{
    for (size_t i = 0; i < q->nsegs; i++)
        for (uint32_t o = 0; o + 4 <= q->segs[i].size; o += 4)
            if (rq_rtz_twin(rq_le32(q->segs[i].data + o)))
                return 1;
    return 0;
}

/* Runs with breakpoints at every ecall/ebreak word (limit 0), else steps. */
static kc_core_state rq_run(void *h, uint64_t limit, kc_err *err)
{
    rq *q = h;
    kc_ref_event ev;
    if (limit) {
        for (uint64_t i = 0; i < limit && q->state == KC_CORE_RUNNING; i++)
            rq_step(q, &ev);
    } else if (q->state == KC_CORE_RUNNING && !q->broken && rq_has_rtz(q)) {
        while (q->state == KC_CORE_RUNNING)   /* the RTZ conversions need stepping (rq_rtz_twin) */
            rq_step(q, &ev);
    } else if (q->state == KC_CORE_RUNNING && !q->broken) {
        for (size_t i = 0; i < q->nsegs; i++)
            for (uint32_t o = 0; o + 4 <= q->segs[i].size; o += 4) {
                uint32_t w = rq_le32(q->segs[i].data + o);
                char c[40];
                snprintf(c, sizeof c, "Z0,%x,4", q->segs[i].addr + o);
                if ((w == RQ_ECALL || w == RQ_EBREAK) && rq_cmd_ok(q, c))
                    break;
            }
        q->v_stale = 1;
        rq_store_anywhere(q);
        uint32_t w = 0;
        if (!q->broken && rq_word(q, q->pc, &w) && (w == RQ_ECALL || w == RQ_EBREAK)) {
            rq_step(q, &ev);   /* already there */
        } else {
            int sig = q->broken || rq_cmd(q, "c", RQ_RUN_TIMEOUT_MS) ? -1 : rq_signal(q);
            if (sig > 0 && !rq_get_xpc(q)) {
                int at = rq_word(q, q->pc, &w);
                if (sig == 5 && at && (w == RQ_ECALL || w == RQ_EBREAK))
                    rq_step(q, &ev);   /* halt or breakpoint trap, as stepping reports them */
                else
                    rq_trap(q, (unsigned)sig, at ? w : 0, q->x);
            }
            if (q->broken) {
                q->state = KC_CORE_TRAPPED;
                q->cause = RVV_QEMU_FAILED;
            }
            if (q->state != KC_CORE_RUNNING)
                rq_finish(q);
        }
    }
    if (q->broken) {
        char buf[600];
        kc_err_set(err, KC_ERR_SIM, "%s", kc_err_format(&q->err, buf, sizeof buf));
    }
    return q->state;
}

const char *rvv_qemu_cause_name(unsigned cause)
{
    static const char *const names[] = {"none", "fetch-access", "illegal-instruction", "breakpoint",
                                        "load-misaligned", "load-access", "store-misaligned", "store-access"};
    if (cause < sizeof names / sizeof names[0])
        return names[cause];
    return cause == RVV_QEMU_FAILED ? "qemu-failed" : "unknown";
}

static void rq_status(void *h, kc_core_status *st)
{
    rq *q = h;
    uint32_t w;
    if (q->state == KC_CORE_RUNNING && rq_word(q, q->pc, &w) && w == RQ_ECALL) {
        q->state = KC_CORE_HALTED;   /* at the exit: what the RTL shows once it halted there */
        rq_finish(q);
    }
    memset(st, 0, sizeof *st);
    st->state = q->state;
    if (q->state == KC_CORE_TRAPPED) {
        st->cause = q->cause;
        st->cause_name = rvv_qemu_cause_name(q->cause);
        st->pc = q->tpc;
        st->info = q->info;
    } else {
        st->cause_name = "none";
        st->pc = q->pc;
    }
}

static void rq_disasm(void *h, uint64_t pc, uint32_t insn, char *buf, size_t size)
{
    (void)h;
    (void)pc;
    rvv_isa_disasm(insn, buf, size);
}

static uint64_t rq_pc(void *h)
{
    return ((rq *)h)->pc;
}

static const kc_arch_file *rq_files(void *h, size_t *n)
{
    *n = RQ_NFILES;
    return ((rq *)h)->files;
}

static int rq_range(const rq *q, unsigned file, uint32_t first, uint32_t n)
{
    return file < RQ_NFILES && first <= q->files[file].count && n <= q->files[file].count - first;
}

static int rq_read(void *h, unsigned file, uint32_t first, uint32_t n, void *buf)
{
    rq *q = h;
    if (!rq_range(q, file, first, n))
        return -1;
    const void *src;
    switch (file) {
    case RQ_X: src = q->x + first; break;
    case RQ_F: src = q->f + first; break;
    case RQ_V: src = q->v + (size_t)first * q->vlenb; break;
    case RQ_CSR: src = q->csr + first; break;
    default: src = q->dtcm + first; break;
    }
    memcpy(buf, src, (size_t)n * q->files[file].bytes);
    return 0;
}

static int rq_write(void *h, unsigned file, uint32_t first, uint32_t n, const void *buf)
{
    rq *q = h;
    if (!rq_range(q, file, first, n) || q->broken || !q->rsp)
        return -1;
    const uint8_t *b = buf;
    size_t bytes = q->files[file].bytes;
    for (uint32_t i = 0; i < n && file != RQ_DTCM; i++) {
        uint32_t e = first + i, v = bytes == 4 ? rq_le32(b + i * bytes) : 0;
        int bad = 0;
        switch (file) {
        case RQ_X: bad = e && rq_set_reg(q, q->rn_x0 + (int)e, b + i * 4, 4); if (e) q->x[e] = v; break;
        case RQ_F: bad = rq_set_f(q, e, v); q->f[e] = v; break;
        case RQ_V: bad = rq_set_reg(q, q->rn_v[e], b + i * bytes, bytes);
                   memcpy(q->v + (size_t)e * q->vlenb, b + i * bytes, bytes); break;
        default:   /* vl, vtype, vstart: read-only for the stub, only an equal value is accepted */
            bad = e == RQ_FCSR ? rq_set32(q, q->rn_csr[e], v) : v != q->csr[e];
            q->csr[e] = e == RQ_FCSR ? v : q->csr[e];
            break;
        }
        if (bad)
            return -1;
    }
    if (file == RQ_DTCM) {
        if (rq_mem_write(q, RVV_QEMU_DTCM_BASE + first, b, n, 0))
            return -1;
        memcpy(q->dtcm + first, b, n);
    }
    return 0;
}

const char *rvv_qemu_problem(void *h)
{
    rq *q = h;
    static char buf[600];   /* one caller at a time: reports only */
    if (!q->broken && q->err.code == KC_OK)
        return "";
    return kc_err_format(&q->err, buf, sizeof buf);
}

uint64_t rvv_qemu_round_trips(void *h)
{
    rq *q = h;
    return q->trips + (q->rsp ? rvv_rsp_round_trips(q->rsp) : 0);
}

const kc_ref_ops rvv_qemu_ref = {
    .name = "qemu",
    .timed = 0,
    .open = rq_open,
    .close = rq_close,
    .reset = rq_reset,
    .step = rq_step,
    .run = rq_run,
    .status = rq_status,
    .files = rq_files,
    .disasm = rq_disasm,
    .pc = rq_pc,
    .read = rq_read,
    .write = rq_write,
};
