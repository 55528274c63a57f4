/* kc_check.c — layout, sentinel fill and checker (see kc_check.h). */
#include "kc_check.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

kc_status kc_check_layout(const kc_task_inst *inst, uint32_t dram_size, uint32_t align,
                          kc_layout *out, kc_err *err)
{
    uint64_t at = 0;
    if (align < 4 || (align & (align - 1)))
        return kc_err_set(err, KC_ERR_INTERNAL, "layout: alignment %u is not a power of two >= 4",
                          align);
    memset(out, 0, sizeof *out);
    out->ntensors = inst->shape.ntensors;
    for (unsigned i = 0; i < inst->shape.ntensors; i++) {
        at = (at + KC_CHECK_GUARD + align - 1) & ~(uint64_t)(align - 1);
        uint64_t bytes = (uint64_t)inst->shape.t[i].nelem * kc_dtype_size(inst->dtype);
        out->addr[i] = (uint32_t)at;
        out->bytes[i] = (uint32_t)bytes;
        at += bytes;
        if (at + KC_CHECK_GUARD > dram_size)
            return kc_err_set(err, KC_ERR_RANGE,
                              "layout: task %s config %d needs %llu bytes of DRAM, only %u "
                              "available", inst->task->name, inst->config,
                              (unsigned long long)(at + KC_CHECK_GUARD), dram_size);
    }
    out->end = (uint32_t)at;
    return KC_OK;
}

/* Doubling copies: DRAM is tens of MiB and is filled once per evaluation. */
static void fill_sentinel(uint8_t *p, size_t n)
{
    size_t done = n < 2 ? n : 2;
    for (size_t i = 0; i < done; i++)
        p[i] = (i & 1) ? (uint8_t)(KC_CHECK_SENTINEL16 >> 8) : (uint8_t)KC_CHECK_SENTINEL16;
    while (done < n) {
        size_t chunk = done < n - done ? done : n - done;
        memcpy(p + done, p, chunk);
        done += chunk;
    }
}

void kc_check_fill(const kc_task_inst *inst, const kc_layout *l, uint8_t *dram, size_t size)
{
    kc_check_refill(inst, l, dram, size, size);
}

void kc_check_refill(const kc_task_inst *inst, const kc_layout *l, uint8_t *dram, size_t size,
                     size_t sentinel_from)
{
    unsigned es = kc_dtype_size(inst->dtype);
    /* Everything up to the last tensor's end is rewritten (inputs included),
     * whatever the previous image held there. */
    size_t dirty = sentinel_from > l->end ? sentinel_from : l->end;
    fill_sentinel(dram, dirty < size ? dirty : size);
    for (unsigned i = 0; i < l->ntensors; i++) {
        if (inst->shape.t[i].role != KC_ROLE_INPUT)
            continue;
        for (size_t k = 0; k < inst->shape.t[i].nelem; k++)
            kc_dtype_store(inst->dtype, inst->data[i][k], dram + l->addr[i] + k * es);
    }
}

/* First byte in [lo, hi) that is not the sentinel (lo even), or hi. */
static size_t sentinel_scan(const uint8_t *p, size_t lo, size_t hi)
{
    static const uint8_t pat[2] = { (uint8_t)KC_CHECK_SENTINEL16,
                                    (uint8_t)(KC_CHECK_SENTINEL16 >> 8) };
    uint64_t word;
    memset(&word, 0, sizeof word);
    for (unsigned b = 0; b < 8; b++)
        ((uint8_t *)&word)[b] = pat[b & 1];
    size_t i = lo;
    while (i < hi && (i & 7))
        if (p[i] != pat[i & 1])
            return i;
        else
            i++;
    for (; i + 8 <= hi; i += 8) {
        uint64_t v;
        memcpy(&v, p + i, 8);
        if (v != word)
            break;
    }
    for (; i < hi; i++)
        if (p[i] != pat[i & 1])
            return i;
    return hi;
}

/* Records an out-of-bounds byte when it is the first one seen. */
static void note_oob(kc_check_result *r, size_t addr, kc_check_region region, int tensor,
                     int written)
{
    if (!r->oob) {
        r->oob = 1;
        r->oob_written = written;
        r->oob_addr = (uint32_t)addr;
        r->oob_region = region;
        r->oob_tensor = tensor;
    }
}

int kc_check_within(const kc_tol *tol, double expected, double actual)
{
    if (isnan(actual) || isinf(actual))
        return isinf(expected) && actual == expected;
    return fabs(actual - expected) <= tol->abs + tol->rel * fabs(expected);
}

static void check_output(const kc_task_inst *inst, unsigned ti, const uint8_t *p,
                         kc_check_result *r)
{
    const kc_tol *tol = &inst->task->tol[inst->dtype];
    unsigned es = kc_dtype_size(inst->dtype);
    double rel_floor = tol->abs > 0 ? tol->abs : 0.0;
    for (size_t k = 0; k < inst->shape.t[ti].nelem; k++) {
        double e = inst->data[ti][k];
        double a = kc_dtype_load(inst->dtype, p + k * es);
        r->nchecked++;
        if (!isfinite(a))
            r->nonfinite++;
        else {
            double d = fabs(a - e);
            if (d > r->max_abs)
                r->max_abs = d;
            if (fabs(e) > rel_floor && d / fabs(e) > r->max_rel)
                r->max_rel = d / fabs(e);
            double allowed = tol->abs + tol->rel * fabs(e);
            double ratio = allowed > 0 ? d / allowed : (d > 0 ? INFINITY : 0.0);
            if (ratio > r->worst)
                r->worst = ratio;
        }
        if (!kc_check_within(tol, e, a)) {
            if (r->nreport < KC_CHECK_MAX_REPORT)
                r->first[r->nreport++] = (kc_mismatch){ ti, k, e, a };
            r->mismatches++;
        }
    }
}

/* Bytes the kernel must not write: [lo, hi) with the region they belong to. */
typedef struct forbidden {
    size_t lo, hi;
    kc_check_region region;
    int tensor;
} forbidden;

/* The forbidden ranges in ascending address order: the gap before each tensor,
 * each input, and everything after the last tensor. Scratch tensors are the
 * kernel's to use and outputs are checked by value. Returns the count. */
static unsigned forbidden_ranges(const kc_task_inst *inst, const kc_layout *l, size_t size,
                                 forbidden *out)
{
    unsigned n = 0;
    size_t at = 0;
    for (unsigned i = 0; i < l->ntensors; i++) {
        out[n++] = (forbidden){ at, l->addr[i], KC_CHECK_IN_GAP, (int)i };
        at = (size_t)l->addr[i] + l->bytes[i];
        if (inst->shape.t[i].role == KC_ROLE_INPUT)
            out[n++] = (forbidden){ l->addr[i], at, KC_CHECK_IN_INPUT, (int)i };
    }
    out[n++] = (forbidden){ at, size, KC_CHECK_BEYOND, (int)l->ntensors - 1 };
    return n;
}

/* The first byte of f that differs from the initial image (sentinel or input),
 * or f->hi. */
static size_t first_changed(const kc_task_inst *inst, const kc_layout *l, const uint8_t *dram,
                            const forbidden *f)
{
    if (f->region != KC_CHECK_IN_INPUT)
        return sentinel_scan(dram, f->lo, f->hi);
    unsigned es = kc_dtype_size(inst->dtype);
    const uint8_t *p = dram + l->addr[f->tensor];
    for (size_t k = 0; k < inst->shape.t[f->tensor].nelem; k++) {
        uint8_t want[4];
        kc_dtype_store(inst->dtype, inst->data[f->tensor][k], want);
        for (unsigned b = 0; b < es; b++)
            if (p[k * es + b] != want[b])
                return f->lo + k * es + b;
    }
    return f->hi;
}

void kc_check_run(const kc_task_inst *inst, const kc_layout *l, const uint8_t *dram,
                  size_t size, const kc_dram_wmap *written, kc_check_result *r)
{
    memset(r, 0, sizeof *r);
    r->oob_tensor = -1;
    forbidden f[2 * KC_TASK_MAX_TENSORS + 1];
    unsigned nf = forbidden_ranges(inst, l, size, f);
    /* First line: any write at all (ascending, so the first hit is the lowest). */
    for (unsigned k = 0; written && k < nf && !r->oob; k++) {
        uint32_t hit = kc_dram_wmap_first(written, (uint32_t)f[k].lo, (uint32_t)f[k].hi);
        if (hit < f[k].hi)
            note_oob(r, hit, f[k].region, f[k].tensor, 1);
    }
    /* Second line: a changed byte the write map did not see. */
    for (unsigned k = 0; k < nf && !r->oob; k++) {
        size_t bad = first_changed(inst, l, dram, &f[k]);
        if (bad < f[k].hi)
            note_oob(r, bad, f[k].region, f[k].tensor, 0);
    }
    for (unsigned i = 0; i < l->ntensors; i++)
        if (inst->shape.t[i].role == KC_ROLE_OUTPUT)
            check_output(inst, i, dram + l->addr[i], r);
    r->correct = !r->oob && r->mismatches == 0;
}

const char *kc_check_region_text(const kc_check_result *r, const kc_layout *l,
                                 const char *const *names, char *buf, size_t size)
{
    int t = r->oob_tensor;
    const char *name = t >= 0 && (unsigned)t < l->ntensors && names[t] ? names[t] : "?";
    if (t < 0)
        snprintf(buf, size, "DRAM (no tensors)");
    else if (r->oob_region == KC_CHECK_IN_INPUT)
        snprintf(buf, size, "input %s", name);
    else if (r->oob_region == KC_CHECK_BEYOND)
        snprintf(buf, size, "beyond the last tensor %s", name);
    else if (t == 0)
        snprintf(buf, size, "the guard before %s", name);
    else
        snprintf(buf, size, "the gap between %s and %s", names[t - 1] ? names[t - 1] : "?", name);
    return buf;
}

size_t kc_check_sentinel_from(const kc_layout *l, const kc_check_result *r, size_t size)
{
    /* Without an out-of-bounds byte, kc_check_run compared every forbidden
     * range in full, [l->end, size) among them: it is still the sentinel. */
    return r->oob ? size : l->end;
}
