/* kc_gtkw.c — see kc_gtkw.h. The signal lists are the one place to edit when an
 * accelerator's key signals change. */
#include "kc_gtkw.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

typedef struct gtkw_group {
    const char *title;
    const char *names;    /* space-separated kc_wave_match patterns */
} gtkw_group;

static const gtkw_group npu_groups[] = {
    {"Control", "npu_top.clk npu_top.rst npu_top.u_core.pc npu_top.insn npu_top.u_core.issue npu_top.u_core.running "
                "npu_top.halted npu_top.trapped npu_top.trap_cause npu_top.trap_pc npu_top.trap_info"},
    {"Fetch", "u_core.fpc u_core.d_valid u_core.redirect"},
    {"Stalls and loops", "u_core.stall_vec u_core.stall_dma u_core.st_drain u_core.st_vec_pend u_core.st_fp "
                         "u_core.st_vec_ld u_core.st_vec_st u_core.st_dma u_core.lp_sp"},
    {"Vector unit", "npu_top.v_issue npu_top.v_funct npu_top.v_rd npu_top.v_ra npu_top.v_rb npu_top.v_fs "
                    "npu_top.v_lanes npu_top.vp_busy npu_top.vp_rows_ok npu_top.vp_rows npu_top.vp_fds_ok npu_top.wbf_valid "
                    "npu_top.wbf_idx npu_top.wbf_val"},
    {"Scalar fp", "u_core.u_fpu.v u_core.u_fpu.w_valid u_core.u_fpu.w_idx u_core.u_fpu.w_val npu_top.sf_iss "
                  "npu_top.sfu_fds_ok npu_top.sfw_valid npu_top.sfw_idx npu_top.sfw_val"},
    {"DMA", "npu_top.dma_ld npu_top.dma_st npu_top.dma_addr npu_top.dma_vrow npu_top.dma_nrows npu_top.dma_stride "
            "npu_top.dma_dlen npu_top.ld_busy npu_top.ld_lo npu_top.st_busy npu_top.st_lo"},
    {"DRAM port", "npu_top.mem_req_valid npu_top.mem_req_ready npu_top.mem_req_write npu_top.mem_req_addr "
                  "npu_top.mem_req_wstrb npu_top.mem_req_wdata npu_top.mem_resp_valid npu_top.mem_resp_rdata"},
    {"Configuration", "u_core.cfg_dstride u_core.cfg_dlen u_core.cfg_vmask"},
    {"Matrix unit", "u_matrix.l_busy u_matrix.l_bsel u_matrix.f_busy u_matrix.f_bsel u_matrix.f_k u_core.cfg_mrows "
                    "u_matrix.active u_matrix.skew_busy u_matrix.pe_busy"},
    {"Counters", "npu_top.perf"},
};

static const gtkw_group rvv_groups[] = {
    {"Control", "rvv_top.clk rvv_top.rst rvv_top.halted rvv_top.trapped rvv_top.trap_cause rvv_top.trap_pc "
                "rvv_top.trap_info"},
    {"Fetch and issue", "u_core.fpc u_core.id_pc u_core.id_insn u_core.ex_pc u_core.ex_insn u_core.ex_valid "
                        "u_core.ex_wait rvv_top.retire_valid rvv_top.retire_pc rvv_top.retire_insn"},
    {"Stalls", "rvv_top.ev_vstall_hazard rvv_top.ev_vec_busy rvv_top.ev_vfpu_busy rvv_top.ev_vlsu_busy "
               "rvv_top.vec_mem_busy rvv_top.dram_busy"},
    {"Vector issue", "rvv_top.vq_valid rvv_top.vq_ready rvv_top.vq_pc rvv_top.vq_insn rvv_top.vq_vl rvv_top.vq_vtype "
                     "u_vec.issue"},
    {"Vector load/store unit", "rvv_top.vl_valid rvv_top.vl_ready rvv_top.vl_pc rvv_top.vl_insn rvv_top.vl_base "
                               "rvv_top.vl_stride rvv_top.vl_vl rvv_top.vl_done rvv_top.vlw_valid rvv_top.vlw_idx "
                               "rvv_top.vlsu_busy"},
    {"Memory ports", "rvv_top.sreq_valid rvv_top.sreq_ready rvv_top.sreq_write rvv_top.sreq_addr rvv_top.sresp_valid "
                     "rvv_top.vreq_valid rvv_top.vreq_ready rvv_top.vreq_write rvv_top.vreq_addr rvv_top.vresp_valid"},
    {"DRAM port", "rvv_top.mem_req_valid rvv_top.mem_req_ready rvv_top.mem_req_write rvv_top.mem_req_addr "
                  "rvv_top.mem_req_wstrb rvv_top.mem_req_wdata rvv_top.mem_resp_valid rvv_top.mem_resp_rdata"},
    {"Counters", "rvv_top.perf"},
};

/* Per tile: the globs give one signal per tile (g_tile[0], g_tile[1], ...). */
static const gtkw_group vliw_groups[] = {
    {"Control", "vliw_top.clk vliw_top.rst vliw_top.halted vliw_top.trapped vliw_top.trap_cause vliw_top.trap_pc "
                "vliw_top.trap_info"},
    {"Fetch and issue (per tile)", "g_tile[*].u_tile.u_core.fpc g_tile[*].u_tile.u_core.ir_pc "
                                   "g_tile[*].u_tile.u_core.issue_pc g_tile[*].u_tile.u_core.issue_valid"},
    {"Stalls (per tile)", "g_tile[*].u_tile.ev_stall_lock g_tile[*].u_tile.ev_stall_dma g_tile[*].u_tile.ev_stall_bank"},
    {"Locks (per tile)", "g_tile[*].u_tile.u_locks.req_valid g_tile[*].u_tile.u_locks.req_grant"},
    {"DMA (per tile)", "g_tile[*].u_tile.u_dma.start g_tile[*].u_tile.u_dma.start_bd g_tile[*].u_tile.u_dma.idle "
                       "g_tile[*].u_tile.u_dma.ev_busy g_tile[*].u_tile.u_dma.bus_valid g_tile[*].u_tile.u_dma.bus_ack"},
    {"Data memory (per tile)", "g_tile[*].u_tile.u_dm.req_valid g_tile[*].u_tile.u_dm.req_grant "
                               "g_tile[*].u_tile.u_dm.ndenied"},
    {"DRAM port", "vliw_top.mem_req_valid vliw_top.mem_req_ready vliw_top.mem_req_write vliw_top.mem_req_addr "
                  "vliw_top.mem_req_wstrb vliw_top.mem_req_wdata vliw_top.mem_resp_valid vliw_top.mem_resp_rdata"},
};

static const struct gtkw_list {
    const char *family;
    const gtkw_group *groups;
    size_t n;
} lists[] = {
    {"npu", npu_groups, sizeof npu_groups / sizeof npu_groups[0]},
    {"rvv", rvv_groups, sizeof rvv_groups / sizeof rvv_groups[0]},
    {"vliw", vliw_groups, sizeof vliw_groups / sizeof vliw_groups[0]},
};

#define GTKW_MAX_MATCHES 256

void kc_gtkw_path(const char *dump, char *buf, size_t size)
{
    const char *slash = strrchr(dump, '/'), *dot = strrchr(dump, '.');
    size_t stem = dot && (!slash || dot > slash) ? (size_t)(dot - dump) : strlen(dump);
    snprintf(buf, size, "%.*s.gtkw", (int)stem, dump);
}

/* One signal line: GTKWave's name for it ("TOP.npu_top.u_core.pc[31:0]"), after
 * the display flags it needs (binary for a bit, hex for a vector). */
static void signal_line(FILE *f, const kc_wave *w, size_t var, int *fmt)
{
    unsigned width = kc_wave_var_width(w, var);
    int want = width > 1 ? 22 : 28;
    if (*fmt != want)
        fprintf(f, "@%d\n", want);
    *fmt = want;
    if (width > 1)
        fprintf(f, "%s[%u:0]\n", kc_wave_var_name(w, var), width - 1);
    else
        fprintf(f, "%s\n", kc_wave_var_name(w, var));
}

kc_status kc_gtkw_write(const kc_wave *w, const char *family, const char *dump, const char *out, size_t *missing,
                        FILE *why, kc_err *err)
{
    const struct gtkw_list *l = NULL;
    for (size_t i = 0; i < sizeof lists / sizeof lists[0]; i++)
        if (family && !strcmp(lists[i].family, family))
            l = &lists[i];
    if (!l)
        return kc_err_set(err, KC_ERR_USAGE, "GTKWave save file: no key-signal list for '%s'", family ? family : "?");
    FILE *f = fopen(out, "w");
    if (!f)
        return kc_err_set(err, KC_ERR_IO, "GTKWave save file: cannot write %s: %s", out, strerror(errno));
    fprintf(f, "[*]\n[*] %s's key signals for %s, generated by kc from the trace itself\n"
               "[*] (waveform/kc_gtkw.c). Open with: gtkwave %s %s\n"
               "[*] Cycle c of the run is at time 10c (inputs applied) and 10c+5 (after its edge).\n[*]\n",
            family, dump, dump, out);
    fprintf(f, "[timestart] 0\n[size] 1600 900\n[pos] -1 -1\n[treeopen] TOP.\n[sst_width] 260\n"
               "[signals_width] 320\n[sst_expanded] 1\n[sst_vpaned_height] 300\n");
    size_t lost = 0;
    for (size_t g = 0; g < l->n; g++) {
        fprintf(f, "@800200\n-%s\n", l->groups[g].title);
        int fmt = 0;
        char names[1024];
        snprintf(names, sizeof names, "%s", l->groups[g].names);
        for (char *save = NULL, *p = strtok_r(names, " ", &save); p; p = strtok_r(NULL, " ", &save)) {
            size_t idx[GTKW_MAX_MATCHES];
            size_t n = kc_wave_match(w, p, idx, GTKW_MAX_MATCHES);
            int glob = strpbrk(p, "*?") != NULL;
            if (!n) {
                lost++;
                if (why)
                    fprintf(why, "GTKWave save file: %s has no signal '%s' (group %s)\n", dump, p,
                            l->groups[g].title);
                continue;
            }
            /* a plain name: its shallowest signal; a glob: every copy */
            for (size_t k = 0; k < (glob ? (n < GTKW_MAX_MATCHES ? n : GTKW_MAX_MATCHES) : 1); k++)
                signal_line(f, w, idx[k], &fmt);
        }
        fprintf(f, "@1000200\n-%s\n", l->groups[g].title);
    }
    if (missing)
        *missing = lost;
    int bad = ferror(f);
    bad |= fclose(f) != 0;
    return bad ? kc_err_set(err, KC_ERR_IO, "GTKWave save file: a write to %s failed", out) : KC_OK;
}
