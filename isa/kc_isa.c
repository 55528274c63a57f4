/* kc_isa.c — builds the kc_isa descriptions from the X-macro tables.
 *
 * Every consumer (assembler, disassembler, generators) reads the derived kc_isa;
 * the one other C file that includes a table is the ISS (npu_iss.c), which compiles
 * the rows' exec column (ignored here). Operand strings are parsed and MATCH/MASK
 * computed once, on first lookup.
 */
#include "kc_isa.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* ---- npu ------------------------------------------------------------------ */

static const kc_isa_param npu_params[] = {
#define NPU_PARAM(name, value, desc) {#name, value, desc},
#include "npu.def"
#undef NPU_PARAM
};

static const kc_isa_field npu_fields[] = {
#define NPU_FIELD(name, lo, width, desc) {#name, lo, width, desc},
#include "npu.def"
#undef NPU_FIELD
};

static const kc_isa_cfg npu_cfgs[] = {
#define NPU_CFG(name, id, reset, desc) {#name, id, reset, desc},
#include "npu.def"
#undef NPU_CFG
};

static kc_isa_insn npu_insns[] = {
#define NPU_INSN(name, opcode, funct, operands, unit, latency, sem, desc, example, mistake, ...) \
    {#name, opcode, funct, operands, unit, latency, sem, desc, example, mistake, 0, 0, 0, {{0}}, \
     NULL, NULL, NULL, 0, 0, {{0}}},
#include "npu.def"
#undef NPU_INSN
};

static kc_isa_pseudo npu_pseudos[] = {
#define NPU_PSEUDO(name, operands, expansion, desc, example) \
    {#name, operands, expansion, desc, example, 0, {{0}}},
#include "npu.def"
#undef NPU_PSEUDO
};

static const kc_isa_timing npu_timings[] = {
#define NPU_TIMING(id, insns, formula, what, n, probe) {#id, insns, formula, what, n, probe},
#include "npu.def"
#undef NPU_TIMING
};

/* Register counts come from the same parameters the RTL is built with. */
enum {
#define NPU_PARAM(name, value, desc) NPU_P_##name = value,
#include "npu.def"
#undef NPU_PARAM
};

static const kc_isa_regfile npu_regfiles[] = {
    {KC_ISA_K_R, "r", NPU_P_NXREGS, "integer registers"},
    {KC_ISA_K_F, "f", NPU_P_NFREGS, "fp32 registers"},
    {KC_ISA_K_A, "a", NPU_P_NAREGS, "address registers"},
};

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

static kc_isa npu_isa = {
    .name = "npu",
    .def_path = "isa/npu.def",
    .macro_prefix = "NPU",
    .opcode_lo = 26, .opcode_width = 6,   /* bits [31:26], see npu.def */
    .funct_lo = 0, .funct_width = 6,      /* bits [5:0] */
    .imem_words = NPU_P_IMEM_WORDS,
    .params = npu_params, .nparams = COUNT(npu_params),
    .fields = npu_fields, .nfields = COUNT(npu_fields),
    .cfgs = npu_cfgs, .ncfgs = COUNT(npu_cfgs),
    .insns = npu_insns, .ninsns = COUNT(npu_insns),
    .pseudos = npu_pseudos, .npseudos = COUNT(npu_pseudos),
    .regfiles = npu_regfiles, .nregfiles = COUNT(npu_regfiles),
    .timings = npu_timings, .ntimings = COUNT(npu_timings),
};

/* ---- vliw (a bundle ISA: isa/vliw.def) -------------------------------------------- */

static const kc_isa_param vliw_params[] = {
#define VLIW_PARAM(name, value, desc) {#name, value, desc},
#include "vliw.def"
#undef VLIW_PARAM
};

static const kc_isa_field vliw_fields[] = {
#define VLIW_FIELD(name, lo, width, desc) {#name, lo, width, desc},
#include "vliw.def"
#undef VLIW_FIELD
};

static const kc_isa_slot vliw_slots[] = {
#define VLIW_SLOT(name, first, count, desc) {#name, first, count, desc},
#include "vliw.def"
#undef VLIW_SLOT
};

static const kc_isa_cfg vliw_cfgs[] = {
#define VLIW_CFG(name, id, reset, desc) {#name, id, reset, desc},
#include "vliw.def"
#undef VLIW_CFG
};

/* latency is derived from dst (isa_derive_dst). */
static kc_isa_insn vliw_insns[] = {
#define VLIW_INSN(id, mnem, slot, opcode, funct, operands, dst, unit, sem, desc, example, mistake) \
    {#id, opcode, funct, operands, unit, 0, sem, desc, example, mistake, 0, 0, 0, {{0}}, \
     mnem, slot, dst, 0, 0, {{0}}},
#include "vliw.def"
#undef VLIW_INSN
};

static kc_isa_pseudo vliw_pseudos[] = {
#define VLIW_PSEUDO(name, operands, expansion, desc, example) \
    {#name, operands, expansion, desc, example, 0, {{0}}},
#include "vliw.def"
#undef VLIW_PSEUDO
};

enum {
#define VLIW_PARAM(name, value, desc) VLIW_P_##name = value,
#include "vliw.def"
#undef VLIW_PARAM
};

static const kc_isa_regfile vliw_regfiles[] = {
    {KC_ISA_K_R, "r",   VLIW_P_NSREGS, "scalar registers"},
    {KC_ISA_K_P, "p",   VLIW_P_NPREGS, "pointer registers"},
    {KC_ISA_K_O, "m",   VLIW_P_NMREGS, "modifier registers"},
    {KC_ISA_K_W, "v",   VLIW_P_NVREGS, "vector registers"},
    {KC_ISA_K_Q, "acc", VLIW_P_NACCS,  "accumulators"},
};

static kc_isa vliw_isa = {
    .name = "vliw",
    .def_path = "isa/vliw.def",
    .macro_prefix = "VLIW",
    .opcode_lo = 26, .opcode_width = 6,   /* bits [31:26], see vliw.def */
    .funct_lo = 0, .funct_width = 6,      /* bits [5:0] */
    .imem_words = VLIW_P_PM_BUNDLES,      /* in bundles */
    .params = vliw_params, .nparams = COUNT(vliw_params),
    .fields = vliw_fields, .nfields = COUNT(vliw_fields),
    .cfgs = vliw_cfgs, .ncfgs = COUNT(vliw_cfgs),
    .insns = vliw_insns, .ninsns = COUNT(vliw_insns),
    .pseudos = vliw_pseudos, .npseudos = COUNT(vliw_pseudos),
    .regfiles = vliw_regfiles, .nregfiles = COUNT(vliw_regfiles),
    .timings = NULL, .ntimings = 0,
    .bundle_slots = VLIW_P_NSLOTS,
    .slots = vliw_slots, .nslots = COUNT(vliw_slots),
    .hash_immediates = 1,
};

/* ---- registry ---------------------------------------------------------------- */

typedef struct isa_slot {
    kc_isa *isa;
    kc_isa_insn *insns;
    kc_isa_pseudo *pseudos;
    kc_err err;       /* why the table is unusable, when it is */
} isa_slot;

static isa_slot isa_slots[] = {
    {&npu_isa, npu_insns, npu_pseudos, {0}},
    {&vliw_isa, vliw_insns, vliw_pseudos, {0}},
};

static const char *const isa_name_list[] = {"npu", "vliw", NULL};

static pthread_once_t isa_once = PTHREAD_ONCE_INIT;

const char *const *kc_isa_names(void)
{
    return isa_name_list;
}

/* ---- derivation ------------------------------------------------------------- */

const kc_isa_regfile *kc_isa_regfile_of(const kc_isa *isa, kc_isa_kind kind)
{
    if (kind == KC_ISA_K_V || kind == KC_ISA_K_M)
        kind = KC_ISA_K_R;
    else if (kind == KC_ISA_K_L)
        kind = KC_ISA_K_P;
    for (size_t i = 0; i < isa->nregfiles; i++)
        if (isa->regfiles[i].kind == kind)
            return &isa->regfiles[i];
    return NULL;
}

static const kc_isa_field *isa_field_by_name(const kc_isa *isa, const char *name, size_t len)
{
    for (size_t i = 0; i < isa->nfields; i++)
        if (strlen(isa->fields[i].name) == len && !strncmp(isa->fields[i].name, name, len))
            return &isa->fields[i];
    return NULL;
}

static int isa_kind_known(int c)
{
    return c && strchr("RFAVMSUBCNIXPOWQLJT", c) != NULL;
}

/* Default allowed range of an operand of kind k in a field of `width` bits. */
static void isa_default_range(const kc_isa *isa, kc_isa_operand *op, int width)
{
    int64_t top = width >= 63 ? INT64_MAX : ((int64_t)1 << width) - 1;
    const kc_isa_regfile *rf;
    switch (op->kind) {
    case KC_ISA_K_R: case KC_ISA_K_F: case KC_ISA_K_A: case KC_ISA_K_V: case KC_ISA_K_M:
    case KC_ISA_K_P: case KC_ISA_K_O: case KC_ISA_K_W: case KC_ISA_K_Q: case KC_ISA_K_L:
        rf = kc_isa_regfile_of(isa, op->kind);
        op->min = 0;
        op->max = rf ? rf->count - 1 : -1;
        if (op->max > top)
            op->max = top;
        break;
    case KC_ISA_K_T:
        /* The whole field, not the program memory: the header's legality must
         * not depend on one build's PM size (a target past the program traps as a
         * fetch fault when it is taken). */
        op->min = 0;
        op->max = top;
        break;
    case KC_ISA_K_S: case KC_ISA_K_B: case KC_ISA_K_J:
        op->min = -((int64_t)1 << (width - 1));
        op->max = ((int64_t)1 << (width - 1)) - 1;
        break;
    case KC_ISA_K_N:
        op->min = 1;
        op->max = top;
        break;
    case KC_ISA_K_I:
        op->min = INT32_MIN;
        op->max = UINT32_MAX;
        break;
    case KC_ISA_K_X:
        op->min = 0;
        op->max = 0;
        break;
    default: /* U, C */
        op->min = 0;
        op->max = top;
        break;
    }
}

/* Parses "name:K, name:K(lo..hi), ..." into ops. Instruction operands must name
 * a field (with_fields); pseudo operands are free placeholders. */
static kc_status isa_parse_operands(const kc_isa *isa, const char *row, const char *text,
                                    int with_fields, kc_isa_operand *ops, int *nops, kc_err *err)
{
    const char *p = text;
    int n = 0;
    while (*p == ' ')
        p++;
    while (*p) {
        const char *name = p;
        while (*p && *p != ':' && *p != ',')
            p++;
        if (*p != ':')
            return kc_err_set(err, KC_ERR_INTERNAL, "%s: row '%s': operand without ':kind' in \"%s\"",
                              isa->def_path, row, text);
        size_t nlen = (size_t)(p - name);
        p++;
        if (n == KC_ISA_MAX_OPS)
            return kc_err_set(err, KC_ERR_INTERNAL, "%s: row '%s': more than %d operands",
                              isa->def_path, row, KC_ISA_MAX_OPS);
        kc_isa_operand *op = &ops[n];
        if (!isa_kind_known(*p))
            return kc_err_set(err, KC_ERR_INTERNAL, "%s: row '%s': unknown operand kind '%c'",
                              isa->def_path, row, *p ? *p : '?');
        op->kind = (kc_isa_kind)*p++;
        /* Field names are string literals in the table; keep a pointer to a
         * NUL-terminated copy of the placeholder name. */
        char *nm = malloc(nlen + 1);
        if (!nm)
            return kc_err_set(err, KC_ERR_NOMEM, "out of memory");
        memcpy(nm, name, nlen);
        nm[nlen] = 0;
        op->name = nm;
        int width = 32;
        if (with_fields) {
            op->field = isa_field_by_name(isa, name, nlen);
            if (!op->field)
                return kc_err_set(err, KC_ERR_INTERNAL, "%s: row '%s': unknown field '%s'",
                                  isa->def_path, row, nm);
            if (op->kind == KC_ISA_K_I || op->kind == KC_ISA_K_X)
                return kc_err_set(err, KC_ERR_INTERNAL, "%s: row '%s': kind %c is for pseudos only",
                                  isa->def_path, row, op->kind);
            width = op->field->width;
        } else if (op->kind == KC_ISA_K_B) {
            return kc_err_set(err, KC_ERR_INTERNAL, "%s: pseudo '%s': kind B is not supported",
                              isa->def_path, row);
        }
        isa_default_range(isa, op, width);
        if (*p == '(') {
            char *end;
            long long lo = strtoll(p + 1, &end, 0);
            if (strncmp(end, "..", 2))
                return kc_err_set(err, KC_ERR_INTERNAL, "%s: row '%s': bad range in \"%s\"",
                                  isa->def_path, row, text);
            long long hi = strtoll(end + 2, &end, 0);
            if (*end != ')' || lo > hi || lo < op->min || hi > op->max)
                return kc_err_set(err, KC_ERR_INTERNAL,
                                  "%s: row '%s': range (%lld..%lld) is empty or exceeds the field",
                                  isa->def_path, row, lo, hi);
            op->min = lo;
            op->max = hi;
            p = end + 1;
        }
        n++;
        while (*p == ' ')
            p++;
        if (*p == ',') {
            p++;
            while (*p == ' ')
                p++;
        } else if (*p) {
            return kc_err_set(err, KC_ERR_INTERNAL, "%s: row '%s': junk in operands \"%s\"",
                              isa->def_path, row, text);
        }
    }
    *nops = n;
    return KC_OK;
}

static uint32_t isa_bits(int lo, int width)
{
    return width >= 32 ? 0xffffffffu : (((uint32_t)1 << width) - 1) << lo;
}

/* Bundle ISAs: the slot class and the written registers ("d:3 a+:1") of a row;
 * its latency column becomes the largest destination latency (1 without one). */
static kc_status isa_derive_bundle(const kc_isa *isa, kc_isa_insn *in, kc_err *err)
{
    in->slot_class = -1;
    if (!in->slot || strcmp(in->slot, "*")) {
        const kc_isa_slot *sl = in->slot ? kc_isa_slot_by_name(isa, in->slot) : NULL;
        if (!sl)
            return kc_err_set(err, KC_ERR_INTERNAL, "%s: row '%s': unknown slot class '%s'",
                              isa->def_path, in->name, in->slot ? in->slot : "(none)");
        in->slot_class = (int)(sl - isa->slots);
    }
    in->ndst = 0;
    in->latency = 1;
    int maxlat = 0;
    const char *p = in->dst ? in->dst : "";
    while (*p) {
        while (*p == ' ')
            p++;
        if (!*p)
            break;
        const char *f = p;
        while (*p && *p != ':' && *p != '+' && *p != '*' && *p != ' ')
            p++;
        size_t flen = (size_t)(p - f);
        kc_isa_dst d = {-1, 0, 0, 0};
        for (int k = 0; k < in->nops; k++)
            if (strlen(in->ops[k].name) == flen && !strncmp(in->ops[k].name, f, flen))
                d.op = k;
        if (*p == '+')
            d.read = 1, p++;
        else if (*p == '*')
            d.read = 1, d.fwd = 1, p++;
        char *end = NULL;
        if (*p == ':')
            d.latency = (int)strtol(p + 1, &end, 10);
        if (d.op < 0 || !end || end == p + 1 || d.latency < 1 || in->ndst == KC_ISA_MAX_OPS ||
            (*end && *end != ' '))
            return kc_err_set(err, KC_ERR_INTERNAL, "%s: row '%s': bad destination list \"%s\" "
                              "(want \"field[+|*]:latency ...\" over its register operands)",
                              isa->def_path, in->name, in->dst);
        kc_isa_kind k = in->ops[d.op].kind;
        if (k == KC_ISA_K_S || k == KC_ISA_K_U || k == KC_ISA_K_J || k == KC_ISA_K_T ||
            k == KC_ISA_K_N || k == KC_ISA_K_C || k == KC_ISA_K_B)
            return kc_err_set(err, KC_ERR_INTERNAL, "%s: row '%s': destination '%s' is not a register",
                              isa->def_path, in->name, in->ops[d.op].name);
        in->dsts[in->ndst++] = d;
        if (d.latency > maxlat)
            maxlat = d.latency;
        p = end;
    }
    if (maxlat)
        in->latency = maxlat;
    return KC_OK;
}

static kc_status isa_derive(isa_slot *s, kc_err *err)
{
    kc_isa *isa = s->isa;
    for (size_t i = 0; i < isa->ninsns; i++) {
        kc_isa_insn *in = &s->insns[i];
        if (isa_parse_operands(isa, in->name, in->operands, 1, in->ops, &in->nops, err))
            return err->code;
        if (isa->bundle_slots && isa_derive_bundle(isa, in, err))
            return err->code;
        uint32_t operand_bits = 0;
        for (int k = 0; k < in->nops; k++)
            operand_bits |= isa_bits(in->ops[k].field->lo, in->ops[k].field->width);
        in->mask = ~operand_bits;
        in->match = (uint32_t)in->opcode << isa->opcode_lo;
        if (in->funct >= 0)
            in->match |= (uint32_t)in->funct << isa->funct_lo;
    }
    for (size_t i = 0; i < isa->npseudos; i++) {
        kc_isa_pseudo *ps = &s->pseudos[i];
        if (isa_parse_operands(isa, ps->name, ps->operands, 0, ps->ops, &ps->nops, err))
            return err->code;
    }
    return kc_isa_check(isa, err);
}

static void isa_init(void)
{
    for (size_t i = 0; i < COUNT(isa_slots); i++)
        isa_derive(&isa_slots[i], &isa_slots[i].err);
}

kc_status kc_isa_load(const char *name, const kc_isa **out, kc_err *err)
{
    pthread_once(&isa_once, isa_init);
    *out = NULL;
    for (size_t i = 0; i < COUNT(isa_slots); i++) {
        if (strcmp(isa_slots[i].isa->name, name))
            continue;
        if (isa_slots[i].err.code != KC_OK)
            return kc_err_set(err, isa_slots[i].err.code, "%s", isa_slots[i].err.text);
        *out = isa_slots[i].isa;
        return KC_OK;
    }
    return kc_err_set(err, KC_ERR_USAGE, "unknown ISA '%s' (known: npu, vliw)", name);
}

const kc_isa *kc_isa_find(const char *name)
{
    const kc_isa *isa;
    kc_err err;
    kc_err_clear(&err);
    return kc_isa_load(name, &isa, &err) == KC_OK ? isa : NULL;
}

/* ---- lookups ------------------------------------------------------------------ */

static int isa_name_eq(const char *table, const char *name, size_t len)
{
    return strlen(table) == len && !strncasecmp(table, name, len);
}

const kc_isa_insn *kc_isa_insn_by_name(const kc_isa *isa, const char *name, size_t len)
{
    for (size_t i = 0; i < isa->ninsns; i++)
        if (isa_name_eq(kc_isa_insn_mnemonic(&isa->insns[i]), name, len))
            return &isa->insns[i];
    return NULL;
}

const kc_isa_insn *kc_isa_insn_next_form(const kc_isa *isa, const kc_isa_insn *row)
{
    const char *m = kc_isa_insn_mnemonic(row);
    for (const kc_isa_insn *in = row + 1; in < isa->insns + isa->ninsns; in++)
        if (!strcasecmp(kc_isa_insn_mnemonic(in), m))
            return in;
    return NULL;
}

const kc_isa_insn *kc_isa_insn_by_id(const kc_isa *isa, const char *id)
{
    for (size_t i = 0; i < isa->ninsns; i++)
        if (!strcmp(isa->insns[i].name, id))
            return &isa->insns[i];
    return NULL;
}

const kc_isa_slot *kc_isa_slot_by_name(const kc_isa *isa, const char *name)
{
    for (size_t i = 0; i < isa->nslots; i++)
        if (!strcasecmp(isa->slots[i].name, name))
            return &isa->slots[i];
    return NULL;
}

int kc_isa_insn_in_slot(const kc_isa *isa, const kc_isa_insn *row, int s)
{
    if (row->slot_class < 0)
        return 1;
    const kc_isa_slot *sl = &isa->slots[row->slot_class];
    return s >= sl->first && s < sl->first + sl->count;
}

const kc_isa_pseudo *kc_isa_pseudo_by_name(const kc_isa *isa, const char *name, size_t len)
{
    for (size_t i = 0; i < isa->npseudos; i++)
        if (isa_name_eq(isa->pseudos[i].name, name, len))
            return &isa->pseudos[i];
    return NULL;
}

const kc_isa_cfg *kc_isa_cfg_by_name(const kc_isa *isa, const char *name, size_t len)
{
    for (size_t i = 0; i < isa->ncfgs; i++)
        if (isa_name_eq(isa->cfgs[i].name, name, len))
            return &isa->cfgs[i];
    return NULL;
}

const kc_isa_cfg *kc_isa_cfg_by_id(const kc_isa *isa, int id)
{
    for (size_t i = 0; i < isa->ncfgs; i++)
        if (isa->cfgs[i].id == id)
            return &isa->cfgs[i];
    return NULL;
}

const kc_isa_param *kc_isa_param_by_name(const kc_isa *isa, const char *name)
{
    for (size_t i = 0; i < isa->nparams; i++)
        if (!strcmp(isa->params[i].name, name))
            return &isa->params[i];
    return NULL;
}

const kc_isa_insn *kc_isa_decode(const kc_isa *isa, uint32_t word)
{
    const kc_isa_insn *hit = NULL;
    for (size_t i = 0; i < isa->ninsns; i++) {
        const kc_isa_insn *in = &isa->insns[i];
        if ((word & in->mask) == in->match) {
            if (hit)
                return NULL;
            hit = in;
        }
    }
    return hit;
}

int64_t kc_isa_operand_get(const kc_isa_operand *op, uint32_t word)
{
    int w = op->field->width;
    uint32_t raw = (word >> op->field->lo) & (w >= 32 ? 0xffffffffu : (((uint32_t)1 << w) - 1));
    if ((op->kind == KC_ISA_K_S || op->kind == KC_ISA_K_B || op->kind == KC_ISA_K_J) && w < 32 && (raw >> (w - 1)) & 1)
        return (int64_t)raw - ((int64_t)1 << w);
    return raw;
}

const char *kc_isa_kind_phrase(kc_isa_kind kind)
{
    switch (kind) {
    case KC_ISA_K_R: return "an integer register like r3";
    case KC_ISA_K_F: return "an fp32 register like f2";
    case KC_ISA_K_A: return "an address register like a0";
    case KC_ISA_K_V: return "a vector row like [r3]";
    case KC_ISA_K_M: return "a matrix-SRAM row like [r3]";
    case KC_ISA_K_S: return "a signed immediate";
    case KC_ISA_K_U: return "an unsigned immediate";
    case KC_ISA_K_B: return "a label";
    case KC_ISA_K_C: return "a configuration register name";
    case KC_ISA_K_N: return "a loop count";
    case KC_ISA_K_I: return "an integer expression";
    case KC_ISA_K_X: return "a floating-point value like 0.5";
    case KC_ISA_K_P: return "a pointer register like p0";
    case KC_ISA_K_O: return "a modifier register like m1";
    case KC_ISA_K_W: return "a vector register like v2";
    case KC_ISA_K_Q: return "an accumulator like acc0";
    case KC_ISA_K_L: return "a memory operand like [p0] or [p0, 64]";
    case KC_ISA_K_J: return "a byte offset inside the brackets, like [p0, 64]";
    case KC_ISA_K_T: return "a label or bundle index";
    }
    return "an operand";
}

/* ---- table checks ----------------------------------------------------------- */

/* Same operand kinds in the same order (J counts with its L: same form). */
static int isa_same_form(const kc_isa_insn *a, const kc_isa_insn *b)
{
    if (a->nops != b->nops)
        return 0;
    for (int k = 0; k < a->nops; k++)
        if (a->ops[k].kind != b->ops[k].kind)
            return 0;
    return 1;
}

kc_status kc_isa_check(const kc_isa *isa, kc_err *err)
{
    const char *def = isa->def_path;
    uint32_t opbits = isa_bits(isa->opcode_lo, isa->opcode_width);
    uint32_t fnbits = isa_bits(isa->funct_lo, isa->funct_width);

    for (size_t i = 0; i < isa->nfields; i++) {
        const kc_isa_field *f = &isa->fields[i];
        if (f->lo < 0 || f->width < 1 || f->lo + f->width > 32)
            return kc_err_set(err, KC_ERR_INTERNAL, "%s: field '%s' does not fit in 32 bits", def, f->name);
        for (size_t j = 0; j < i; j++)
            if (!strcmp(f->name, isa->fields[j].name))
                return kc_err_set(err, KC_ERR_INTERNAL, "%s: duplicate field '%s'", def, f->name);
    }
    for (size_t i = 0; i < isa->ncfgs; i++) {
        for (size_t j = 0; j < i; j++)
            if (!strcasecmp(isa->cfgs[i].name, isa->cfgs[j].name) || isa->cfgs[i].id == isa->cfgs[j].id)
                return kc_err_set(err, KC_ERR_INTERNAL, "%s: configuration registers '%s' and '%s' "
                                  "share a name or id", def, isa->cfgs[j].name, isa->cfgs[i].name);
    }
    for (size_t i = 0; i < isa->ninsns; i++) {
        const kc_isa_insn *in = &isa->insns[i];
        for (size_t j = 0; j < i; j++) {
            const kc_isa_insn *o = &isa->insns[j];
            if (!strcasecmp(in->name, o->name))
                return kc_err_set(err, KC_ERR_INTERNAL, "%s: duplicate instruction '%s'", def, in->name);
            /* Rows sharing a mnemonic are told apart by their operand kinds. */
            if (!strcasecmp(kc_isa_insn_mnemonic(in), kc_isa_insn_mnemonic(o)) && isa_same_form(in, o))
                return kc_err_set(err, KC_ERR_INTERNAL, "%s: rows '%s' and '%s' share mnemonic '%s' "
                                  "and operand kinds", def, o->name, in->name, kc_isa_insn_mnemonic(in));
            if (isa->bundle_slots && in->opcode == o->opcode && in->slot_class != o->slot_class)
                return kc_err_set(err, KC_ERR_INTERNAL, "%s: '%s' and '%s': one major opcode in two "
                                  "slot classes", def, o->name, in->name);
        }
        if (in->opcode < 0 || in->opcode >> isa->opcode_width)
            return kc_err_set(err, KC_ERR_INTERNAL, "%s: '%s': opcode does not fit", def, in->name);
        if (in->funct >= 0 && in->funct >> isa->funct_width)
            return kc_err_set(err, KC_ERR_INTERNAL, "%s: '%s': funct does not fit", def, in->name);
        uint32_t used = opbits | (in->funct >= 0 ? fnbits : 0);
        for (int k = 0; k < in->nops; k++) {
            const kc_isa_operand *op = &in->ops[k];
            uint32_t b = isa_bits(op->field->lo, op->field->width);
            if (b & used)
                return kc_err_set(err, KC_ERR_INTERNAL, "%s: '%s': field '%s' overlaps the opcode, "
                                  "funct or another operand", def, in->name, op->field->name);
            used |= b;
            /* A narrower range selects which names the operand takes; every id
             * must still fit the field. */
            if (op->kind == KC_ISA_K_C)
                for (size_t c = 0; c < isa->ncfgs; c++)
                    if (isa->cfgs[c].id < 0 || isa->cfgs[c].id > (int64_t)(b >> op->field->lo))
                        return kc_err_set(err, KC_ERR_INTERNAL, "%s: cfg '%s' id %d does not fit "
                                          "field '%s'", def, isa->cfgs[c].name, isa->cfgs[c].id,
                                          op->field->name);
        }
        if (in->match & ~in->mask)
            return kc_err_set(err, KC_ERR_INTERNAL, "%s: '%s': MATCH has bits in operand fields",
                              def, in->name);
        for (size_t j = 0; j < i; j++) {
            const kc_isa_insn *o = &isa->insns[j];
            /* Some word satisfies both rows iff they agree on every bit both fix. */
            if (((in->match ^ o->match) & in->mask & o->mask) == 0)
                return kc_err_set(err, KC_ERR_INTERNAL, "%s: '%s' and '%s' can decode the same word",
                                  def, o->name, in->name);
        }
    }
    for (size_t i = 0; i < isa->npseudos; i++) {
        const kc_isa_pseudo *ps = &isa->pseudos[i];
        if (kc_isa_insn_by_name(isa, ps->name, strlen(ps->name)))
            return kc_err_set(err, KC_ERR_INTERNAL, "%s: pseudo '%s' shadows an instruction", def, ps->name);
        for (size_t j = 0; j < i; j++)
            if (!strcasecmp(ps->name, isa->pseudos[j].name))
                return kc_err_set(err, KC_ERR_INTERNAL, "%s: duplicate pseudo '%s'", def, ps->name);
    }
    return KC_OK;
}
