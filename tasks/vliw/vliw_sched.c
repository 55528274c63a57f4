/* vliw_sched.c — list scheduling of a straight-line block into bundles under
 * the exposed-latency rules (vliw_sched.h). Register keys: r0..r15 0..15,
 * p 16..23, m 24..31, v 32..47, acc 48..55, then two pseudo registers: MEM
 * (loads read it, stores and synchronisation write it: memory order) and SYNC
 * (bd.set, acq, rel, dma.*: program order among themselves). */
#include "vliw_sched.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

enum { C_S, C_LD, C_ST, C_MAC, C_VEC, C_MV, NCLS };
enum { K_MEM = 56, K_SYNC = 57, NKEYS = 58 };

static const int cls_cap[NCLS] = {1, 2, 1, 1, 1, 1};

/* How a row's operands are used. */
enum {
    U_DST,      /* op0 written (latency), register operands after it read */
    U_LOAD,     /* op0 written (latency), [pA] read, post-modify writes pA */
    U_STORE,    /* op0 read, [pA] read, post-modify writes pA; memory written */
    U_MACACC,   /* op0 read at +3 and written; op1, op2 read */
    U_RMW,      /* op0 read and written (padd, vins) */
    U_SYNC,     /* ordered synchronisation (acq, rel, dma.start, dma.wait) */
    U_BDSET     /* bd.set: op2 read, ordered */
};

typedef struct row {
    const char *name;
    int cls, use, lat;
} row;

/* The rows the templates use, with their class and latency (isa/vliw.def). */
static const row rows[] = {
    {"add", C_S, U_DST, 1},     {"sub", C_S, U_DST, 1},      {"addi", C_S, U_DST, 1},
    {"slli", C_S, U_DST, 1},    {"srli", C_S, U_DST, 1},     {"andi", C_S, U_DST, 1},
    {"ori", C_S, U_DST, 1},     {"lui", C_S, U_DST, 1},      {"mul", C_S, U_DST, 2},
    {"sltu", C_S, U_DST, 1},
    {"padd", C_S, U_RMW, 1},    {"acq", C_S, U_SYNC, 1},     {"rel", C_S, U_SYNC, 1},
    {"dma.start", C_S, U_SYNC, 1}, {"dma.wait", C_S, U_SYNC, 1}, {"bd.set", C_S, U_BDSET, 1},
    {"vld", C_LD, U_LOAD, 3},   {"ld", C_LD, U_LOAD, 3},     {"vst", C_ST, U_STORE, 0},
    {"st", C_ST, U_STORE, 0},   {"vmmac", C_MAC, U_MACACC, 4}, {"vmac", C_MAC, U_MACACC, 4},
    {"vmsc", C_MAC, U_MACACC, 4}, {"vmmul", C_MAC, U_DST, 4}, {"vmul", C_MAC, U_DST, 4},
    {"aadd", C_VEC, U_DST, 3},  {"asub", C_VEC, U_DST, 3},   {"amul", C_VEC, U_DST, 3},
    {"amax", C_VEC, U_DST, 3},  {"amin", C_VEC, U_DST, 3},   {"asel", C_VEC, U_DST, 3},
    {"aexp", C_VEC, U_DST, 6},  {"arcp", C_VEC, U_DST, 6},   {"arsqrt", C_VEC, U_DST, 6},
    {"aredsum", C_VEC, U_DST, 4}, {"aredmax", C_VEC, U_DST, 4}, {"vsplat", C_VEC, U_DST, 2},
    {"vtrn", C_VEC, U_DST, 2},  {"vcatlo", C_VEC, U_DST, 2}, {"vcathi", C_VEC, U_DST, 2},
    {"vsel", C_VEC, U_DST, 2},  {"mov", C_MV, U_DST, 1},     {"vmov", C_MV, U_DST, 1},
    {"amov", C_MV, U_DST, 1},   {"vbcst", C_MV, U_DST, 1},   {"abcst", C_MV, U_DST, 1},
    {"srs", C_MV, U_DST, 2},    {"ups", C_MV, U_DST, 2},     {"aext", C_MV, U_DST, 1},
    {"vext", C_MV, U_DST, 1},   {"vins", C_MV, U_RMW, 1},
};

void vliw_sched_begin(vliw_sched *s)
{
    s->n = 0;
    s->bad = 0;
    s->why[0] = 0;
}

/* Register key of a token ("v12", "acc3", "p0"), -1 when it is none. */
static int reg_key(const char *tok)
{
    static const struct { const char *pfx; int base, n; } f[] = {
        {"acc", 48, 8}, {"r", 0, 16}, {"p", 16, 8}, {"m", 24, 8}, {"v", 32, 16},
    };
    for (size_t i = 0; i < sizeof f / sizeof f[0]; i++) {
        size_t l = strlen(f[i].pfx);
        if (strncmp(tok, f[i].pfx, l) || !isdigit((unsigned char)tok[l]))
            continue;
        int k = 0;
        const char *c = tok + l;
        while (isdigit((unsigned char)*c))
            k = k * 10 + (*c++ - '0');
        if (*c || k >= f[i].n)
            return -1;
        return f[i].base + k;
    }
    return -1;
}

static void fail(vliw_sched *s, const char *why, const char *text)
{
    if (!s->bad)
        snprintf(s->why, sizeof s->why, "%s: %s", why, text);
    s->bad = 1;
}

static void add_r(vliw_sched_op *o, int k, int off)
{
    if (k > 0 && o->nr < 6) {   /* r0 reads 0: no dependence */
        o->r[o->nr] = k;
        o->roff[o->nr++] = off;
    }
}

static void add_w(vliw_sched_op *o, int k, int lat)
{
    if (k > 0 && o->nw < 3) {
        o->w[o->nw] = k;
        o->wlat[o->nw++] = lat;
    }
}

void vliw_sched_add(vliw_sched *s, const char *fmt, ...)
{
    if (s->n >= VLIW_SCHED_MAX_OPS) {
        fail(s, "block too long", fmt);
        return;
    }
    vliw_sched_op *o = &s->op[s->n];
    memset(o, 0, sizeof *o);
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(o->text, sizeof o->text, fmt, ap);
    va_end(ap);
    /* mnemonic, then operand tokens split at ',', '[', ']' and blanks */
    char buf[64], *tok[8];
    int nt = 0;
    snprintf(buf, sizeof buf, "%s", o->text);
    char *p = buf;
    while (*p == ' ')
        p++;
    char *mn = p;
    while (*p && *p != ' ')
        p++;
    int post = strstr(o->text, "],") != NULL;   /* post-modify */
    while (*p) {
        *p++ = 0;
        while (*p == ' ' || *p == ',' || *p == '[' || *p == ']')
            *p++ = 0;
        if (*p && nt < 8)
            tok[nt++] = p;
        while (*p && *p != ' ' && *p != ',' && *p != '[' && *p != ']')
            p++;
    }
    const row *rw = NULL;
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++)
        if (!strcmp(rows[i].name, mn))
            rw = &rows[i];
    if (!rw) {
        fail(s, "unknown instruction", o->text);
        return;
    }
    o->cls = rw->cls;
    switch (rw->use) {
    case U_DST:
    case U_RMW:
        if (nt < 1) {
            fail(s, "missing operand", o->text);
            return;
        }
        add_w(o, reg_key(tok[0]), rw->lat);
        if (rw->use == U_RMW)
            add_r(o, reg_key(tok[0]), 0);
        for (int i = 1; i < nt; i++)
            add_r(o, reg_key(tok[i]), 0);
        break;
    case U_LOAD:
    case U_STORE:
        if (nt < 2) {
            fail(s, "missing operand", o->text);
            return;
        }
        if (rw->use == U_LOAD)
            add_w(o, reg_key(tok[0]), rw->lat);
        else
            add_r(o, reg_key(tok[0]), 0);
        add_r(o, reg_key(tok[1]), 0);
        if (post) {
            add_w(o, reg_key(tok[1]), 1);
            if (nt > 2)
                add_r(o, reg_key(tok[2]), 0);   /* a modifier (an immediate is no key) */
        }
        if (rw->use == U_LOAD)
            add_r(o, K_MEM, 0);
        else
            add_w(o, K_MEM, 1);
        break;
    case U_MACACC:
        if (nt < 3) {
            fail(s, "missing operand", o->text);
            return;
        }
        add_w(o, reg_key(tok[0]), rw->lat);
        add_r(o, reg_key(tok[0]), rw->lat - 1);
        add_r(o, reg_key(tok[1]), 0);
        add_r(o, reg_key(tok[2]), 0);
        break;
    case U_SYNC:
    case U_BDSET:
        if (rw->use == U_BDSET && nt >= 3)
            add_r(o, reg_key(tok[2]), 0);
        add_r(o, K_SYNC, 0);
        add_r(o, K_MEM, 0);
        add_w(o, K_SYNC, 1);
        add_w(o, K_MEM, 1);
        break;
    }
    s->n++;
}

#define MAXT 8192

typedef struct placement {
    int len, land_max;   /* bundles used; latest landing */
    int carried;         /* the smallest loop length for which iteration i + 1 sees i's results in order */
} placement;

/* Places every op at its earliest bundle under the dependences, on a linear
 * resource table (ii = 0) or one taken modulo ii (a software-pipelined loop
 * body). Returns -1 when some op finds no free slot. */
static int place(vliw_sched *s, int ii, placement *pl)
{
    static unsigned char used[MAXT][NCLS];
    memset(used, 0, sizeof used);
    int lastland[NKEYS], maxread[NKEYS], firstuse[NKEYS], minland[NKEYS];
    for (int k = 0; k < NKEYS; k++) {
        lastland[k] = -1000000;
        maxread[k] = -1000000;
        firstuse[k] = 1000000;
        minland[k] = 1000000;
    }
    pl->len = 0;
    pl->land_max = 0;
    for (int i = 0; i < s->n; i++) {
        vliw_sched_op *o = &s->op[i];
        int t = 0;
        for (int j = 0; j < o->nr; j++)   /* RAW: read at t + off after the landing */
            if (lastland[o->r[j]] - o->roff[j] > t)
                t = lastland[o->r[j]] - o->roff[j];
        for (int j = 0; j < o->nw; j++) {
            int k = o->w[j], L = o->wlat[j];
            if (lastland[k] - L + 1 > t)   /* WAW: land strictly later */
                t = lastland[k] - L + 1;
            if (maxread[k] - L + 1 > t)    /* WAR: land after every earlier read */
                t = maxread[k] - L + 1;
        }
        int limit = ii ? t + ii : MAXT;
        while (t < limit && t < MAXT && used[ii ? t % ii : t][o->cls] >= cls_cap[o->cls])
            t++;
        if (t >= limit || t >= MAXT)
            return -1;
        used[ii ? t % ii : t][o->cls]++;
        o->t = t;
        if (t + 1 > pl->len)
            pl->len = t + 1;
        for (int j = 0; j < o->nr; j++) {
            int k = o->r[j], rt = t + o->roff[j];
            if (rt > maxread[k])
                maxread[k] = rt;
            if (rt < firstuse[k])
                firstuse[k] = rt;
        }
        for (int j = 0; j < o->nw; j++) {
            int k = o->w[j], l = t + o->wlat[j];
            lastland[k] = l;
            if (l > pl->land_max)
                pl->land_max = l;
            if (l < minland[k])
                minland[k] = l;
            if (l - 1 < firstuse[k])
                firstuse[k] = l - 1;
        }
    }
    /* iteration i + 1 starts `len` later: its first use of a register comes
     * after i's last landing, its first landing after i's last read (memory
     * and synchronisation order are not loop-carried in these bodies) */
    pl->carried = 1;
    for (int k = 0; k < K_MEM; k++) {
        if (lastland[k] > -1000000 && lastland[k] - firstuse[k] > pl->carried)
            pl->carried = lastland[k] - firstuse[k];
        if (maxread[k] > -1000000 && minland[k] < 1000000 && maxread[k] - minland[k] + 1 > pl->carried)
            pl->carried = maxread[k] - minland[k] + 1;
    }
    return 0;
}

/* Bundles [b0, b1) of the placed block, ops of stages smin..smax (stage =
 * t / ii; ii = 0: every op at its own bundle). */
static void emit_bundles(const vliw_sched *s, kc_text *out, int ii, int b0, int b1, int smin, int smax)
{
    for (int b = b0; b < b1; b++) {
        int first = 1;
        for (int i = 0; i < s->n; i++) {
            const vliw_sched_op *o = &s->op[i];
            int at = ii ? o->t % ii : o->t, st = ii ? o->t / ii : 0;
            if (at == b && st >= smin && st <= smax) {
                kc_text_printf(out, "%s%s", first ? "    " : " ; ", o->text);
                first = 0;
            }
        }
        kc_text_printf(out, "%s\n", first ? "    nop" : "");
    }
}

int vliw_sched_end(vliw_sched *s, kc_text *out, int loop, int *tail)
{
    if (tail)
        *tail = 0;
    if (s->bad)
        return -1;
    placement pl;
    if (place(s, 0, &pl) < 0) {
        fail(s, "block too long", s->op[0].text);
        return -1;
    }
    int n = pl.len;
    if (!loop) {
        if (pl.land_max > n)
            n = pl.land_max;   /* drained: every result landed */
    } else {
        if (pl.carried > n)
            n = pl.carried;
        if (tail && pl.land_max > n)
            *tail = pl.land_max - n;
    }
    emit_bundles(s, out, 0, 0, n, 0, 0);
    return n;
}

int vliw_sched_modulo(vliw_sched *s, uint32_t count, int *ii_out, int *stages)
{
    if (s->bad || !s->n)
        return -1;
    int cnt[NCLS] = {0}, ii = 1;
    for (int i = 0; i < s->n; i++)
        cnt[s->op[i].cls]++;
    for (int c = 0; c < NCLS; c++)
        if ((cnt[c] + cls_cap[c] - 1) / cls_cap[c] > ii)
            ii = (cnt[c] + cls_cap[c] - 1) / cls_cap[c];
    placement lin;
    if (place(s, 0, &lin) < 0)
        return -1;
    int plain = lin.len > lin.carried ? lin.len : lin.carried;   /* the loop without overlap */
    for (; ii < plain; ii++) {
        placement pl;
        if (place(s, ii, &pl) == 0 && pl.carried <= ii) {
            int st = (pl.len + ii - 1) / ii;
            if (st >= 2 && (uint32_t)st - 1 < count) {
                *ii_out = ii;
                *stages = st;
                return 0;
            }
            break;
        }
    }
    return -1;
}

void vliw_sched_emit_modulo(vliw_sched *s, kc_text *out, int ii, int stages, int part, int *drain)
{
    placement pl;
    place(s, ii, &pl);
    if (part == 0)   /* prologue: block k runs stages 0..k */
        for (int k = 0; k < stages - 1; k++)
            emit_bundles(s, out, ii, 0, ii, 0, k);
    else if (part == 1)   /* kernel */
        emit_bundles(s, out, ii, 0, ii, 0, stages - 1);
    else {   /* epilogue: block k runs stages k..S-1 */
        for (int k = 1; k < stages; k++)
            emit_bundles(s, out, ii, 0, ii, k, stages - 1);
        *drain = pl.land_max > stages * ii ? pl.land_max - stages * ii : 0;
    }
}
