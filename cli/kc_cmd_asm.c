/* kc_cmd_asm.c — `kc asm`, `kc disasm`, `kc isa-doc`: thin wrappers over kc_asm
 * and kc_isagen. Each subcommand prints its own --help and returns the exit code
 * (0 ok, 1 failure, 2 usage).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kc_file.h"
#include "kc_asm.h"
#include "kc_cmds.h"
#include "kc_isagen.h"
#include "kc_opts.h"
#include "kc_platform.h"

static int cmd_asm_fail(const kc_err *err)
{
    char buf[1200];
    fprintf(stderr, "%s\n", kc_err_format(err, buf, sizeof buf));
    return err->code == KC_ERR_USAGE ? 2 : 1;
}

static int cmd_asm_has_suffix(const char *s, const char *suffix)
{
    size_t n = strlen(s), k = strlen(suffix);
    return n >= k && !strcmp(s + n - k, suffix);
}

/* Prints the offending source line with a caret under the column. */
static void cmd_asm_show_line(const char *src, const kc_err *err)
{
    if (err->line <= 0)
        return;
    const char *p = src;
    for (int l = 1; l < err->line && p; l++) {
        p = strchr(p, '\n');
        if (p)
            p++;
    }
    if (!p)
        return;
    int n = (int)strcspn(p, "\r\n");
    fprintf(stderr, "    %.*s\n    ", n, p);
    for (int i = 1; i < err->col && i <= n; i++)
        fputc(p[i - 1] == '\t' ? '\t' : ' ', stderr);
    fprintf(stderr, "^\n");
}

enum { OPT_OUT = 1, OPT_HEX, OPT_LISTING, OPT_VERILOG_HEADER };

static const kc_args_opt asm_rows[] = {
    {OPT_OUT, NULL, 'o', KC_ARGS_STRING, "FILE", 0, 0,
     "write the program image: little-endian binary, or hex (one\n"
     "word per line) when FILE ends in .hex or --hex is given"},
    {OPT_HEX, "hex", 0, KC_ARGS_FLAG, NULL, 0, 0, "print the image as hex on stdout (without -o)"},
    {OPT_LISTING, "listing", 0, KC_ARGS_FLAG, NULL, 0, 0, "print the disassembly of the result (it assembles back)"},
    {0},
};

static const kc_args_opt *const asm_tables[] = {kc_opts_platform_rows, asm_rows, NULL};

static const kc_args_spec asm_spec = {
    "asm", "KERNEL.s [options]",
    "Assembles a kernel (- = stdin). Errors print as FILE:LINE:COL: error: MESSAGE\n"
    "(with a hint) and the exit status is 1; so does a program larger than the\n"
    "instruction memory of the --platform build (vliw_small: 1024 bundles a tile).\n"
    "Without -o, --hex or --listing it prints the instruction count.\n",
    asm_tables,
};

/* The one positional argument of asm and disasm, or NULL after recording why not. */
static const char *cmd_asm_input(kc_args *a)
{
    if (a->npos == 1)
        return a->pos[0];
    if (a->npos)
        kc_args_usage_error(a, "unexpected argument '%s'", a->pos[1]);
    else
        kc_args_usage_error(a, "no input file");
    return NULL;
}

/* `kc asm` on a platform whose kernels are not a table ISA's (rvv: LLVM builds an
 * ELF image): the platform's own build, its diagnostics, and a listing through
 * its disassembler. The image is not written (-o / --hex are the table ISAs'). */
static int cmd_asm_image(const kc_platform *p, const char *in, int listing)
{
    kc_err err;
    kc_err_clear(&err);
    char *src;
    size_t size;
    if (kc_file_read_text(in, &src, &size, &err))
        return cmd_asm_fail(&err);
    kc_image img;
    if (kc_platform_build(p, src, in, &img, &err)) {
        int rc = cmd_asm_fail(&err);
        cmd_asm_show_line(src, &err);
        kc_image_free(&img);
        free(src);
        return rc;
    }
    free(src);
    if (listing) {
        for (size_t i = 0; i < img.nsegs; i++)
            for (uint64_t pc = img.segs[i].addr / img.pc_bytes; img.segs[i].exec &&
                 pc < (img.segs[i].addr + img.segs[i].size) / img.pc_bytes; pc += img.insn_bytes / img.pc_bytes) {
                char text[160];
                uint32_t w = 0;
                if (p->disasm(p, &img, pc, text, sizeof text) && kc_image_word(&img, pc, &w))
                    printf("%08llx: %08x  %s\n", (unsigned long long)pc, w, text);
            }
    } else {
        printf("%s: %zu instructions (%zu bytes)\n", in, kc_image_insns(&img), kc_image_insns(&img) * img.insn_bytes);
    }
    kc_image_free(&img);
    return 0;
}

int kc_cmd_asm_asm(int argc, char **argv)
{
    const char *out = NULL, *platform = kc_opts_default_platform();
    int hex = 0, listing = 0;
    kc_args a;
    kc_args_start(&a, &asm_spec, argc, argv);
    for (int id; (id = kc_args_next(&a)) != KC_ARGS_END;) {
        switch (id) {
        case KC_ARGS_HELP: kc_args_help(&asm_spec, stdout); return 0;
        case KC_ARGS_ERROR: return kc_args_exit(&a);
        case KC_OPTS_PLATFORM:
            if (kc_opts_take_platform(&a, &platform) == KC_ARGS_ERROR)
                return kc_args_exit(&a);
            break;
        case OPT_OUT: out = a.value; break;
        case OPT_HEX: hex = 1; break;
        case OPT_LISTING: listing = 1; break;
        }
    }
    const char *in = cmd_asm_input(&a);
    if (!in)
        return kc_args_exit(&a);
    const kc_platform *plat = kc_platform_find(platform);
    if (!kc_isa_find(plat->family->name)) {
        if (out || hex)
            return kc_args_fail(&a, "-o/--hex: platform %s builds an ELF image; use --listing", plat->name);
        return cmd_asm_image(plat, in, listing);
    }
    kc_err err;
    kc_err_clear(&err);
    const kc_isa *isa;
    char *src;
    size_t size;
    if (kc_isa_load(kc_platform_find(platform)->family->name, &isa, &err) || kc_file_read_text(in, &src, &size, &err))
        return cmd_asm_fail(&err);
    kc_program prog;
    if (kc_asm_assemble(isa, src, in, &prog, &err)) {
        int rc = cmd_asm_fail(&err);
        cmd_asm_show_line(src, &err);
        free(src);
        return rc;
    }
    /* The table's limits are the default build's; this build's own sizes (vliw_small:
     * a 1024-bundle PM, per tile) are checked by the platform's build, as kc eval
     * applies them: one definition of "does not fit". */
    kc_image img;
    kc_status fit = kc_platform_build(plat, src, in, &img, &err);
    kc_image_free(&img);
    free(src);
    if (fit) {
        kc_program_free(&prog);
        return cmd_asm_fail(&err);
    }
    /* Warnings (bundle ISAs: reads before a write lands, branches in delay slots)
     * go to stderr and do not change the exit status. */
    for (size_t i = 0; i < prog.nwarnings; i++)
        fprintf(stderr, "%s:%d:%d: warning: %s\n", in, prog.warnings[i].line, prog.warnings[i].col,
                prog.warnings[i].text);
    int rc = 0;
    if (out) {
        FILE *f = fopen(out, "wb");
        if (!f) {
            kc_err_set(&err, KC_ERR_IO, "cannot write %s", out);
        } else {
            if (hex || cmd_asm_has_suffix(out, ".hex")) {
                char *h = kc_program_to_hex(&prog);
                if (!h || fputs(h, f) < 0)
                    kc_err_set(&err, KC_ERR_IO, "error writing %s", out);
                free(h);
            } else {
                for (size_t i = 0; i < prog.nwords; i++) {
                    uint8_t b[4] = {(uint8_t)prog.words[i], (uint8_t)(prog.words[i] >> 8),
                                    (uint8_t)(prog.words[i] >> 16), (uint8_t)(prog.words[i] >> 24)};
                    if (fwrite(b, 1, 4, f) != 4)
                        kc_err_set(&err, KC_ERR_IO, "error writing %s", out);
                }
            }
            if (fclose(f))
                kc_err_set(&err, KC_ERR_IO, "error writing %s", out);
        }
    } else if (hex) {
        char *h = kc_program_to_hex(&prog);
        if (h)
            fputs(h, stdout);
        else
            kc_err_set(&err, KC_ERR_NOMEM, "out of memory");
        free(h);
    }
    if (listing && err.code == KC_OK) {
        char *text;
        if (kc_asm_disasm_program(isa, prog.words, prog.nwords, &text, &err) == KC_OK) {
            fputs(text, stdout);
            free(text);
        }
    }
    if (!out && !hex && !listing && err.code == KC_OK)
        printf("%s: %zu instructions (%zu bytes)\n", in, prog.nwords, prog.nwords * 4);
    if (err.code != KC_OK)
        rc = cmd_asm_fail(&err);
    kc_program_free(&prog);
    return rc;
}

static const kc_args_opt disasm_rows[] = {
    {OPT_HEX, "hex", 0, KC_ARGS_FLAG, NULL, 0, 0, "read the image as hex (one 32-bit word per line)"},
    {0},
};

static const kc_args_opt *const disasm_tables[] = {kc_opts_platform_rows, disasm_rows, NULL};

static const kc_args_spec disasm_spec = {
    "disasm", "IMAGE(.bin|.hex) [options]",
    "Disassembles a program image: little-endian binary, or hex (one 32-bit word\n"
    "per line) when the name ends in .hex or --hex is given. Branch targets become\n"
    "labels L<index>; words that are not legal instructions print as .word. The\n"
    "output assembles back to the same image, so an empty image or one larger than\n"
    "the instruction memory is refused.\n",
    disasm_tables,
};

int kc_cmd_asm_disasm(int argc, char **argv)
{
    const char *platform = kc_opts_default_platform();
    int force_hex = 0;
    kc_args a;
    kc_args_start(&a, &disasm_spec, argc, argv);
    for (int id; (id = kc_args_next(&a)) != KC_ARGS_END;) {
        switch (id) {
        case KC_ARGS_HELP: kc_args_help(&disasm_spec, stdout); return 0;
        case KC_ARGS_ERROR: return kc_args_exit(&a);
        case KC_OPTS_PLATFORM:
            if (kc_opts_take_platform(&a, &platform) == KC_ARGS_ERROR)
                return kc_args_exit(&a);
            break;
        case OPT_HEX: force_hex = 1; break;
        }
    }
    const char *in = cmd_asm_input(&a);
    if (!in)
        return kc_args_exit(&a);
    kc_err err;
    kc_err_clear(&err);
    const kc_isa *isa;
    char *data;
    size_t size;
    int hex = force_hex || cmd_asm_has_suffix(in, ".hex");
    if (kc_isa_load(kc_platform_find(platform)->family->name, &isa, &err) ||
        (hex ? kc_file_read_text : kc_file_read)(in, &data, &size, &err))
        return cmd_asm_fail(&err);
    kc_program prog;
    kc_status st = hex ? kc_program_from_hex(data, in, &prog, &err)
                       : kc_program_from_bin((const uint8_t *)data, size, in, &prog, &err);
    free(data);
    if (st)
        return cmd_asm_fail(&err);
    if (!prog.nwords) {   /* its listing would not assemble back */
        kc_program_free(&prog);
        kc_err_set(&err, KC_ERR_RANGE, "%s: empty program", in);
        return cmd_asm_fail(&err);
    }
    char *text;
    st = kc_asm_disasm_program(isa, prog.words, prog.nwords, &text, &err);
    kc_program_free(&prog);
    if (st)
        return cmd_asm_fail(&err);
    fputs(text, stdout);
    free(text);
    return 0;
}

static const kc_args_opt isadoc_rows[] = {
    {OPT_OUT, "out", 0, KC_ARGS_STRING, "FILE", 0, 0, "write the document to FILE (default: stdout)"},
    {OPT_VERILOG_HEADER, "verilog-header", 0, KC_ARGS_STRING, "FILE", 0, 0,
     "write the generated Verilog header (localparams for the RTL)\ninstead"},
    {0},
};

static const kc_args_opt *const isadoc_tables[] = {kc_opts_platform_rows, isadoc_rows, NULL};

static const kc_args_spec isadoc_spec = {
    "isa-doc", "[options]",
    "Prints the agent-facing ISA document (Markdown) generated from the ISA table.\n"
    "Regenerate the committed copies after editing isa/npu.def:\n"
    "  kc isa-doc --platform npu --out docs/isa/npu.md\n"
    "  kc isa-doc --platform npu --verilog-header rtl/npu/npu_isa.vh\n",
    isadoc_tables,
};

int kc_cmd_asm_isadoc(int argc, char **argv)
{
    const char *platform = kc_opts_default_platform(), *out = NULL, *vh = NULL;
    kc_args a;
    kc_args_start(&a, &isadoc_spec, argc, argv);
    for (int id; (id = kc_args_next(&a)) != KC_ARGS_END;) {
        switch (id) {
        case KC_ARGS_HELP: kc_args_help(&isadoc_spec, stdout); return 0;
        case KC_ARGS_ERROR: return kc_args_exit(&a);
        case KC_OPTS_PLATFORM:
            if (kc_opts_take_platform(&a, &platform) == KC_ARGS_ERROR)
                return kc_args_exit(&a);
            break;
        case OPT_OUT: out = a.value; break;
        case OPT_VERILOG_HEADER: vh = a.value; break;
        }
    }
    if (a.npos)
        return kc_args_fail(&a, "unexpected argument '%s'", a.pos[0]);
    kc_err err;
    kc_err_clear(&err);
    const kc_platform *p = kc_platform_find(platform);   /* known: kc_opts_take checked the name */
    const kc_isa *isa;
    char *text;
    if (vh) {   /* the header holds the table's defaults, whatever the build */
        if (kc_isa_load(p->family->name, &isa, &err) || kc_isagen_verilog(isa, &text, &err))
            return cmd_asm_fail(&err);
        kc_status st = kc_isagen_write(vh, text, &err);
        free(text);
        if (st)
            return cmd_asm_fail(&err);
        if (!out)
            return 0;
    }
    if (p->doc(p, p->hw, &text, &err))   /* the document of this build's sizes */
        return cmd_asm_fail(&err);
    kc_status st = KC_OK;
    if (out)
        st = kc_isagen_write(out, text, &err);
    else
        fputs(text, stdout);
    free(text);
    return st ? cmd_asm_fail(&err) : 0;
}
