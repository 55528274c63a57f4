/* npu_iss_ref.c — the npu ISS behind the reference-model table (isa/kc_ref.h).
 *
 * State files, in the numbering the npu RTL model uses (kc_acc_ops.arch_files):
 * r, f, a (NXREGS/NFREGS/NAREGS x 4 bytes), cfg (16 ids, named by the ISA's cfg
 * rows; `cycle` is timing), vsram (VROWS rows of VLEN bf16 lanes), msram (MROWS
 * rows). Sizes are the build's (npu_hw from the kc_hw table).
 *
 * When each write shows on the RTL (`due`, cycles after the retire edge) follows
 * the ISA table: an element-wise vector result (a row) lands VEC_LAT cycles later
 * (NPU_TIMING vec_dep), a reduction's fp register 2*log2(VLEN) + 1 (vred_fp,
 * npu_hw_vred_lat), a special function's
 * row (vexp, vrecip, vrsqrt) VLEN/SFU_LANES - 1 + SFU_LAT (sfu_dep), a scalar
 * fp result FP_LAT or SFU_LAT (fp_dep, fp_sfu: npu_hw_fp_lat); the rows of a
 * variable-latency instruction (latency 0: dld, mld, and mst, whose matrix unit
 * may write before or after it retires) are compared only at the end; every
 * other register write is visible at the retire edge. Register writes are found
 * by comparing the registers before and after the step (a write that leaves a
 * value unchanged need not be reported: it is compared at once anyway); the
 * delayed ones are always reported.
 */
#include "npu_iss.h"

#include <stdlib.h>
#include <string.h>

#include "kc_asm.h"
#include "kc_isa.h"

enum { REF_R, REF_F, REF_A, REF_CFG, REF_VSRAM, REF_MSRAM, REF_NFILES };

typedef struct iss_ref {
    npu_iss *iss;
    const kc_isa *isa;
    kc_arch_file files[REF_NFILES];
    const char *cfg_names[NPU_ISS_NCFG];
    unsigned char cfg_flags[NPU_ISS_NCFG];
    unsigned cfg_dlen, cfg_dstride, cfg_mrows;
} iss_ref;

static int ref_cfg_id(const kc_isa *isa, const char *name)
{
    for (size_t i = 0; i < isa->ncfgs; i++)
        if (!strcmp(isa->cfgs[i].name, name))
            return isa->cfgs[i].id;
    return -1;
}

static kc_status ref_open(void **handle, const kc_hw *hw, kc_err *err)
{
    *handle = NULL;
    npu_hw nh;
    kc_status st = npu_hw_from(hw, &nh, err);
    if (st != KC_OK)
        return st;
    iss_ref *r = calloc(1, sizeof *r);
    if (!r)
        return kc_err_set(err, KC_ERR_NOMEM, "iss: out of memory");
    if ((st = kc_isa_load("npu", &r->isa, err)) != KC_OK || (st = npu_iss_open(&r->iss, &nh, err)) != KC_OK) {
        free(r);
        return st;
    }
    uint32_t ncfg = 0;   /* ids 0..max in use, as the RTL model describes its cfg file */
    for (size_t i = 0; i < r->isa->ncfgs; i++) {
        int id = r->isa->cfgs[i].id;
        if (id >= 0 && id < NPU_ISS_NCFG) {
            r->cfg_names[id] = r->isa->cfgs[i].name;
            if ((uint32_t)id + 1 > ncfg)
                ncfg = (uint32_t)id + 1;
        }
    }
    r->cfg_flags[npu_iss_cycle_cfg_id()] = KC_ARCH_TIMING;
    r->cfg_dlen = (unsigned)ref_cfg_id(r->isa, "dlen");
    r->cfg_dstride = (unsigned)ref_cfg_id(r->isa, "dstride");
    r->cfg_mrows = (unsigned)ref_cfg_id(r->isa, "mrows");
    uint32_t row = 2u * nh.vlen;
    r->files[REF_R] = (kc_arch_file){ "r", "integer registers", nh.nxregs, 4, KC_ARCH_U32, KC_ARCH_ZERO0, NULL, NULL };
    r->files[REF_F] = (kc_arch_file){ "f", "fp32 registers", nh.nfregs, 4, KC_ARCH_FP32, 0, NULL, NULL };
    r->files[REF_A] = (kc_arch_file){ "a", "DRAM address registers", nh.naregs, 4, KC_ARCH_U32, 0, NULL, NULL };
    r->files[REF_CFG] = (kc_arch_file){ "cfg", "configuration registers", ncfg, 4, KC_ARCH_U32, 0,
                                        r->cfg_names, r->cfg_flags };
    r->files[REF_VSRAM] = (kc_arch_file){ "vsram", "vector SRAM", nh.vrows, row, KC_ARCH_BF16_LANES,
                                          KC_ARCH_MEMORY, NULL, NULL };
    r->files[REF_MSRAM] = (kc_arch_file){ "msram", "matrix SRAM", nh.mrows, row, KC_ARCH_BF16_LANES,
                                          KC_ARCH_MEMORY, NULL, NULL };
    *handle = r;
    return KC_OK;
}

static void ref_close(void *h)
{
    iss_ref *r = h;
    if (r) {
        npu_iss_close(r->iss);
        free(r);
    }
}

static kc_status ref_reset(void *h, const kc_image *img, const uint32_t *args, size_t nargs, kc_dram *dram,
                           kc_err *err)
{
    iss_ref *r = h;
    size_t n = 0;
    const uint32_t *words = kc_image_words(img, &n);
    if (img->nsegs && !words)
        return kc_err_set(err, KC_ERR_RANGE, "iss: the image has no instruction segment at address 0");
    if (img->entry != 0)
        return kc_err_set(err, KC_ERR_RANGE, "iss: the npu starts at pc 0 (entry %llu)",
                          (unsigned long long)img->entry);
    return npu_iss_reset(r->iss, words, n, args, nargs, dram, err);
}

static int ref_read(void *h, unsigned file, uint32_t first, uint32_t n, void *buf)
{
    iss_ref *r = h;
    if (file >= REF_NFILES || first > r->files[file].count || n > r->files[file].count - first)
        return -1;
    size_t bytes = r->files[file].bytes;
    if (file <= REF_CFG) {
        memcpy(buf, npu_iss_regs(r->iss, file) + first, (size_t)n * 4);
        unsigned cycle = npu_iss_cycle_cfg_id();
        if (file == REF_CFG && cycle >= first && cycle < first + n) {
            uint32_t v = npu_iss_cfg(r->iss, cycle);
            memcpy((uint8_t *)buf + (size_t)(cycle - first) * 4, &v, 4);
        }
        return 0;
    }
    for (uint32_t i = 0; i < n; i++) {
        const uint16_t *row = file == REF_VSRAM ? npu_iss_vrow(r->iss, first + i) : npu_iss_mrow(r->iss, first + i);
        memcpy((uint8_t *)buf + i * bytes, row, bytes);
    }
    return 0;
}

static int ref_write(void *h, unsigned file, uint32_t first, uint32_t n, const void *buf)
{
    iss_ref *r = h;
    if (file >= REF_NFILES || first > r->files[file].count || n > r->files[file].count - first)
        return -1;
    size_t bytes = r->files[file].bytes;
    for (uint32_t i = 0; i < n; i++) {
        const uint8_t *src = (const uint8_t *)buf + i * bytes;
        uint32_t v;
        memcpy(&v, src, 4);
        switch (file) {
        case REF_R: npu_iss_set_x(r->iss, first + i, v); break;
        case REF_F: npu_iss_set_f(r->iss, first + i, v); break;
        case REF_A: npu_iss_set_a(r->iss, first + i, v); break;
        case REF_CFG: npu_iss_set_cfg(r->iss, first + i, v); break;
        case REF_VSRAM: npu_iss_set_vrow(r->iss, first + i, (const uint16_t *)src); break;
        default: npu_iss_set_mrow(r->iss, first + i, (const uint16_t *)src); break;
        }
    }
    return 0;
}

static void ev_add(kc_ref_event *ev, unsigned file, uint32_t first, uint32_t n, uint32_t due, unsigned flags)
{
    if (ev->nwrites == KC_REF_MAX_WRITES) {
        ev->overflow = 1;
        return;
    }
    ev->writes[ev->nwrites++] = (kc_ref_write){ (uint16_t)file, (uint16_t)flags, first, n, due };
}

/* Operand field `name` of the decoded word (0 when the row lacks it). */
static uint32_t ref_field(const kc_isa_insn *row, uint32_t word, const char *name)
{
    for (int i = 0; i < row->nops; i++)
        if (row->ops[i].field && !strcmp(row->ops[i].field->name, name))
            return (uint32_t)kc_isa_operand_get(&row->ops[i], word);
    return 0;
}

/* The writes the ISA table says are not visible at the retire edge (see the top). */
static void ref_table_writes(iss_ref *r, const kc_isa_insn *row, uint32_t word, kc_ref_event *ev)
{
    const npu_hw *hw = npu_iss_hw(r->iss);
    npu_iss *s = r->iss;
    if (!strcmp(row->unit, "vector")) {
        uint32_t rd = ref_field(row, word, "rd");
        if (row->nops && row->ops[0].kind == KC_ISA_K_F)
            ev_add(ev, REF_F, rd, 1, npu_hw_vred_lat(hw), 0);
        else
            ev_add(ev, REF_VSRAM, npu_iss_x(s, rd), 1,
                   npu_hw_is_sfu(row->name) ? npu_hw_sfu_row_lat(hw) : hw->vec_lat, 0);
        return;
    }
    unsigned fp_lat = npu_hw_fp_lat(hw, row->name);
    if (fp_lat) {
        ev_add(ev, REF_F, ref_field(row, word, "rd"), 1, fp_lat, 0);
        return;
    }
    if (!strcmp(row->name, "csrr") && ref_field(row, word, "rs2") == npu_iss_cycle_cfg_id()) {
        uint32_t rd = ref_field(row, word, "rd");
        if (rd)
            ev_add(ev, REF_R, rd, 1, 0, KC_REF_W_TIMING);
        return;
    }
    if (row->latency != 0 || !row->nops)
        return;
    uint32_t base = npu_iss_x(s, ref_field(row, word, "rd"));
    if (!strcmp(row->name, "mst")) {
        ev_add(ev, REF_VSRAM, base, npu_iss_cfg(s, r->cfg_mrows), KC_REF_DUE_END, 0);
        return;
    }
    if (strcmp(row->unit, "dma"))
        return;   /* mldb, mmac: state outside the files */
    uint32_t n = npu_iss_x(s, ref_field(row, word, "rs2")), dlen = npu_iss_cfg(s, r->cfg_dlen);
    if (!n || !dlen)
        return;
    if (!strcmp(row->name, "dst")) {
        uint32_t addr = npu_iss_a(s, ref_field(row, word, "rs1"));
        uint64_t end = (uint64_t)addr + ((uint64_t)n - 1) * npu_iss_cfg(s, r->cfg_dstride) + 2ull * dlen;
        ev_add(ev, KC_REF_DRAM, addr, (uint32_t)(end - addr), KC_REF_DUE_END, 0);
        return;
    }
    uint64_t rows = (uint64_t)n * ((dlen + hw->vlen - 1) / hw->vlen);
    ev_add(ev, row->ops[0].kind == KC_ISA_K_M ? REF_MSRAM : REF_VSRAM, base, (uint32_t)rows,
           KC_REF_DUE_END, 0);
}

static kc_core_state ref_step(void *h, kc_ref_event *ev)
{
    iss_ref *r = h;
    uint32_t before[REF_CFG + 1][NPU_ISS_NCFG];
    for (unsigned f = 0; f <= REF_CFG; f++)
        memcpy(before[f], npu_iss_regs(r->iss, f), r->files[f].count * sizeof before[f][0]);
    uint64_t issued = npu_iss_instret(r->iss);
    npu_iss_event ie;
    npu_iss_step(r->iss, &ie);
    memset(ev, 0, offsetof(kc_ref_event, writes));
    ev->state = ie.state;
    ev->retired = ie.retired;
    ev->pc = ie.pc;
    ev->insn = ie.insn;
    ev->issue_cycle = issued;
    ev->cause = ie.cause;
    ev->info = ie.info;
    const kc_isa_insn *row = kc_asm_decode(r->isa, ie.insn);
    ev->row = row ? (int)(row - r->isa->insns) : -1;
    if (!ie.retired)
        return ie.state;
    for (unsigned f = 0; f <= REF_CFG; f++) {   /* (cfg `cycle` is not in the raw array) */
        const uint32_t *now = npu_iss_regs(r->iss, f);
        if (memcmp(before[f], now, r->files[f].count * sizeof *now))
            for (uint32_t i = 0; i < r->files[f].count; i++)
                if (before[f][i] != now[i])
                    ev_add(ev, f, i, 1, 0, 0);
    }
    if (row)
        ref_table_writes(r, row, ie.insn, ev);   /* after the diffs: a later write wins */
    return ie.state;
}

static kc_core_state ref_run(void *h, uint64_t limit, kc_err *err)
{
    (void)err;
    iss_ref *r = h;
    return npu_iss_run(r->iss, limit);
}

static void ref_status(void *h, kc_core_status *st)
{
    npu_iss_status(((iss_ref *)h)->iss, st);
}

static uint64_t ref_pc(void *h)
{
    return npu_iss_pc(((iss_ref *)h)->iss);
}

static const kc_arch_file *ref_files(void *h, size_t *n)
{
    *n = REF_NFILES;
    return ((iss_ref *)h)->files;
}

static void ref_disasm(void *h, uint64_t pc, uint32_t insn, char *buf, size_t size)
{
    kc_asm_disasm_word(((iss_ref *)h)->isa, insn, (uint32_t)pc, buf, size);
}

const kc_ref_ops npu_iss_ref = {
    .name = "npu-iss",
    .timed = 0,
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
