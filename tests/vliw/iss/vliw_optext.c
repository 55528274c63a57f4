/* vliw_optext.c — see vliw_optext.h. */
#include "vliw_optext.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define OT_MAX_LABELS 512
#define OT_MAX_SEL (VLIW_ISS_MAX_TILES + 1)

typedef struct ot_label {
    char name[32];
    uint32_t pc;
} ot_label;

typedef struct ot {
    ot_label labels[OT_MAX_LABELS];
    unsigned nlabels;
    vbundle *prog[OT_MAX_SEL];
    size_t n[OT_MAX_SEL];
    unsigned pm;
    unsigned char lat_set[VSEM_N];
    unsigned char lat[VSEM_N];
} ot;

static const char *skip(const char *p)
{
    while (*p == ' ' || *p == '\t')
        p++;
    return p;
}

static size_t ident(const char *p)
{
    size_t n = 0;
    while (isalnum((unsigned char)p[n]) || p[n] == '_' || p[n] == '.')
        n++;
    return n;
}

static int find_label(const ot *o, const char *p, size_t n, uint32_t *pc)
{
    for (unsigned i = 0; i < o->nlabels; i++)
        if (strlen(o->labels[i].name) == n && !strncmp(o->labels[i].name, p, n)) {
            *pc = o->labels[i].pc;
            return 1;
        }
    return 0;
}

static int is_pcrel(unsigned sem)
{
    return (sem >= VSEM_BEQ && sem <= VSEM_J) || sem == VSEM_LOOP || sem == VSEM_LOOPI;
}

/* One op into b; returns 0 or sets err. */
static kc_status parse_op(ot *o, const char *p, size_t len, uint32_t pc, vbundle *b, int line, kc_err *err)
{
    char buf[160];
    if (len >= sizeof buf)
        return kc_err_set(err, KC_ERR_SYNTAX, "line %d: op too long", line);
    memcpy(buf, p, len);
    buf[len] = 0;
    const char *q = skip(buf);
    size_t n = ident(q);
    if (!n)
        return KC_OK;   /* empty slot text */
    char name[32];
    if (n >= sizeof name)
        return kc_err_set(err, KC_ERR_SYNTAX, "line %d: bad op", line);
    memcpy(name, q, n);
    name[n] = 0;
    int sem = vliw_sem_by_name(name);
    if (sem < 0)
        return kc_err_set(err, KC_ERR_SYNTAX, "line %d: unknown op '%s'", line, name);
    vop op;
    memset(&op, 0, sizeof op);
    op.sem = (uint16_t)sem;
    op.row = -1;
    op.word = 0xffffffffu;
    op.lat = (uint8_t)(o->lat_set[sem] ? o->lat[sem] : vliw_sem_default_latency((unsigned)sem));
    q += n;
    int store = sem == VSEM_SW || sem == VSEM_VST || sem == VSEM_SWO || sem == VSEM_VSTO;
    vop probe = op;
    probe.d = 1;
    vliw_op_finish(&probe);
    int writes = store || probe.nd > 0;
    unsigned nreg = writes ? 0 : 1, nimm = 0;
    uint8_t *regs[3] = { &op.d, &op.a, &op.b };
    int32_t *imms[2] = { &op.imm, &op.imm2 };
    for (;;) {
        q = skip(q);
        if (*q == ',')
            q = skip(q + 1);
        if (!*q)
            break;
        size_t k = ident(q);
        if (k >= 2 && strchr("rpmv", q[0]) && isdigit((unsigned char)q[1]) && ident(q + 1) == k - 1) {
            if (nreg == 3)
                return kc_err_set(err, KC_ERR_SYNTAX, "line %d: too many registers", line);
            *regs[nreg++] = (uint8_t)atoi(q + 1);
            q += k;
        } else if (k >= 4 && !strncmp(q, "acc", 3) && isdigit((unsigned char)q[3])) {
            if (nreg == 3)
                return kc_err_set(err, KC_ERR_SYNTAX, "line %d: too many registers", line);
            *regs[nreg++] = (uint8_t)atoi(q + 3);
            q += k;
        } else {
            char *end;
            long v;
            uint32_t lpc;
            if (k && !isdigit((unsigned char)q[0]) && find_label(o, q, k, &lpc)) {
                v = is_pcrel((unsigned)sem) && nimm == (sem == VSEM_LOOPI ? 1u : 0u) ? (long)lpc - (long)pc : (long)lpc;
                end = (char *)q + k;
            } else {
                v = strtol(q, &end, 0);
                if (end == q)
                    return kc_err_set(err, KC_ERR_SYNTAX, "line %d: bad operand '%s'", line, q);
            }
            if (nimm == 2)
                return kc_err_set(err, KC_ERR_SYNTAX, "line %d: too many immediates", line);
            *imms[nimm++] = (int32_t)v;
            q = end;
        }
    }
    vliw_op_finish(&op);
    int slot = vliw_sem_slot((unsigned)sem);
    if (slot < 0)
        return KC_OK;   /* nop */
    if (slot == VS_L0 && (b->active >> VS_L0 & 1))
        slot = VS_L1;
    if (b->active >> slot & 1)
        return kc_err_set(err, KC_ERR_SYNTAX, "line %d: two ops for slot %d", line, slot);
    b->op[slot] = op;
    b->active |= (uint8_t)(1u << slot);
    return KC_OK;
}

static kc_status pass(ot *o, const char *text, int second, kc_err *err)
{
    unsigned sel = 0;
    size_t pcs[OT_MAX_SEL] = {0};
    int line = 0;
    for (const char *p = text; *p;) {
        const char *e = strchr(p, '\n');
        size_t len = e ? (size_t)(e - p) : strlen(p);
        line++;
        const char *h = memchr(p, '#', len);
        size_t l = h ? (size_t)(h - p) : len;
        const char *q = skip(p);
        while (l && (p[l - 1] == ' ' || p[l - 1] == '\t' || p[l - 1] == '\r'))
            l--;
        const char *end = p + l;
        if (q < end && *q == '.') {
            if (!strncmp(q, ".tile", 5)) {
                sel = (unsigned)atoi(q + 5) + 1;
                if (sel >= OT_MAX_SEL)
                    return kc_err_set(err, KC_ERR_SYNTAX, "line %d: bad tile", line);
            } else if (!strncmp(q, ".all", 4)) {
                sel = 0;
            } else if (!strncmp(q, ".lat", 4)) {
                const char *r = skip(q + 4);
                size_t k = ident(r);
                char nm[32];
                snprintf(nm, sizeof nm, "%.*s", (int)k, r);
                int sem = vliw_sem_by_name(nm);
                if (sem < 0)
                    return kc_err_set(err, KC_ERR_SYNTAX, "line %d: unknown op in .lat", line);
                o->lat_set[sem] = 1;
                o->lat[sem] = (unsigned char)atoi(r + k);
            } else {
                return kc_err_set(err, KC_ERR_SYNTAX, "line %d: unknown directive", line);
            }
        } else if (q < end) {
            size_t k = ident(q);
            const char *c = skip(q + k);
            if (k && *c == ':') {
                if (!second) {
                    if (o->nlabels == OT_MAX_LABELS || k >= 32)
                        return kc_err_set(err, KC_ERR_SYNTAX, "line %d: label", line);
                    snprintf(o->labels[o->nlabels].name, 32, "%.*s", (int)k, q);
                    o->labels[o->nlabels++].pc = (uint32_t)pcs[sel];
                }
                q = skip(c + 1);
            }
            if (q < end) {
                if (second) {
                    vbundle *b = &o->prog[sel][pcs[sel]];
                    for (const char *s = q; s < end;) {
                        const char *semi = memchr(s, ';', (size_t)(end - s));
                        const char *se = semi ? semi : end;
                        kc_status st = parse_op(o, s, (size_t)(se - s), (uint32_t)pcs[sel], b, line, err);
                        if (st != KC_OK)
                            return st;
                        s = semi ? semi + 1 : end;
                    }
                }
                if (++pcs[sel] > o->pm)
                    return kc_err_set(err, KC_ERR_RANGE, "line %d: program too long", line);
            }
        }
        p = e ? e + 1 : p + len;
    }
    for (unsigned i = 0; i < OT_MAX_SEL; i++)
        o->n[i] = pcs[i];
    return KC_OK;
}

kc_status vliw_optext_load(vliw_iss *s, const char *text, kc_err *err)
{
    ot *o = calloc(1, sizeof *o);
    if (!o)
        return kc_err_set(err, KC_ERR_NOMEM, "out of memory");
    o->pm = vliw_iss_get_params(s)->pm_bundles;
    kc_status st = pass(o, text, 0, err);
    for (unsigned i = 0; st == KC_OK && i < OT_MAX_SEL; i++)
        if (o->n[i] && !(o->prog[i] = calloc(o->n[i], sizeof(vbundle))))
            st = kc_err_set(err, KC_ERR_NOMEM, "out of memory");
    if (st == KC_OK)
        st = pass(o, text, 1, err);
    for (unsigned i = 0; st == KC_OK && i < OT_MAX_SEL; i++)
        if (o->n[i])
            st = vliw_iss_load_bundles(s, i, o->prog[i], o->n[i], err);
    for (unsigned i = 0; i < OT_MAX_SEL; i++)
        free(o->prog[i]);
    free(o);
    return st;
}
