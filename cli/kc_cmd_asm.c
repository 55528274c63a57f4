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

int kc_cmd_asm_asm(int argc, char **argv)
{
    const char *in = NULL, *out = NULL, *platform = "npu";
    int hex = 0, listing = 0;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
            printf("usage: kc asm KERNEL.s (- = stdin) [--platform npu] [-o OUT.bin | -o OUT.hex] [--hex] [--listing]\n\n"
                   "Assembles a kernel. Errors print as FILE:LINE:COL: error: MESSAGE (with a hint)\n"
                   "and the exit status is 1.\n\n"
                   "  -o FILE     write the program image: little-endian binary, or hex (one\n"
                   "              word per line) when FILE ends in .hex or --hex is given\n"
                   "  --hex       print the image as hex on stdout (without -o)\n"
                   "  --listing   print the disassembly of the result (it assembles back)\n"
                   "  --platform  ISA to assemble for (default npu)\n"
                   "Without -o, --hex or --listing it prints the instruction count.\n");
            return 0;
        } else if (!strcmp(argv[i], "-o") && i + 1 < argc) {
            out = argv[++i];
        } else if (!strcmp(argv[i], "--platform") && i + 1 < argc) {
            platform = argv[++i];
        } else if (!strcmp(argv[i], "--hex")) {
            hex = 1;
        } else if (!strcmp(argv[i], "--listing")) {
            listing = 1;
        } else if ((argv[i][0] == '-' && strcmp(argv[i], "-")) || in) {
            fprintf(stderr, "kc asm: unexpected argument '%s' (see kc asm --help)\n", argv[i]);
            return 2;
        } else {
            in = argv[i];
        }
    }
    if (!in) {
        fprintf(stderr, "kc asm: no input file (see kc asm --help)\n");
        return 2;
    }
    kc_err err;
    kc_err_clear(&err);
    const kc_isa *isa;
    char *src;
    size_t size;
    if (kc_isa_load(platform, &isa, &err) || kc_file_read_text(in, &src, &size, &err))
        return cmd_asm_fail(&err);
    kc_program prog;
    if (kc_asm_assemble(isa, src, in, &prog, &err)) {
        int rc = cmd_asm_fail(&err);
        cmd_asm_show_line(src, &err);
        free(src);
        return rc;
    }
    free(src);
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

int kc_cmd_asm_disasm(int argc, char **argv)
{
    const char *in = NULL, *platform = "npu";
    int force_hex = 0;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
            printf("usage: kc disasm IMAGE(.bin|.hex) [--platform npu] [--hex]\n\n"
                   "Disassembles a program image: little-endian binary, or hex (one 32-bit word\n"
                   "per line) when the name ends in .hex or --hex is given. Branch targets become\n"
                   "labels L<index>; words that are not legal instructions print as .word. The\n"
                   "output assembles back to the same image, so an empty image or one larger than\n"
                   "the instruction memory is refused.\n");
            return 0;
        } else if (!strcmp(argv[i], "--platform") && i + 1 < argc) {
            platform = argv[++i];
        } else if (!strcmp(argv[i], "--hex")) {
            force_hex = 1;
        } else if (argv[i][0] == '-' || in) {
            fprintf(stderr, "kc disasm: unexpected argument '%s' (see kc disasm --help)\n", argv[i]);
            return 2;
        } else {
            in = argv[i];
        }
    }
    if (!in) {
        fprintf(stderr, "kc disasm: no input file (see kc disasm --help)\n");
        return 2;
    }
    kc_err err;
    kc_err_clear(&err);
    const kc_isa *isa;
    char *data;
    size_t size;
    int hex = force_hex || cmd_asm_has_suffix(in, ".hex");
    if (kc_isa_load(platform, &isa, &err) ||
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

int kc_cmd_asm_isadoc(int argc, char **argv)
{
    const char *platform = "npu", *out = NULL, *vh = NULL;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
            printf("usage: kc isa-doc [--platform npu] [--out FILE] [--verilog-header FILE]\n\n"
                   "Prints the agent-facing ISA document (Markdown) generated from the ISA table,\n"
                   "or writes it to --out FILE. --verilog-header FILE writes the generated Verilog\n"
                   "header instead (localparams for the RTL).\n\n"
                   "Regenerate the committed copies after editing isa/npu.def:\n"
                   "  kc isa-doc --platform npu --out docs/isa/npu.md\n"
                   "  kc isa-doc --platform npu --verilog-header rtl/npu/npu_isa.vh\n");
            return 0;
        } else if (!strcmp(argv[i], "--platform") && i + 1 < argc) {
            platform = argv[++i];
        } else if (!strcmp(argv[i], "--out") && i + 1 < argc) {
            out = argv[++i];
        } else if (!strcmp(argv[i], "--verilog-header") && i + 1 < argc) {
            vh = argv[++i];
        } else {
            fprintf(stderr, "kc isa-doc: unexpected argument '%s' (see kc isa-doc --help)\n", argv[i]);
            return 2;
        }
    }
    kc_err err;
    kc_err_clear(&err);
    const kc_isa *isa;
    if (kc_isa_load(platform, &isa, &err))
        return cmd_asm_fail(&err);
    char *text;
    if (vh) {
        if (kc_isagen_verilog(isa, &text, &err))
            return cmd_asm_fail(&err);
        kc_status st = kc_isagen_write(vh, text, &err);
        free(text);
        if (st)
            return cmd_asm_fail(&err);
        if (!out)
            return 0;
    }
    if (kc_isagen_doc(isa, NULL, &text, &err))   /* NULL: the table's defaults */
        return cmd_asm_fail(&err);
    kc_status st = KC_OK;
    if (out)
        st = kc_isagen_write(out, text, &err);
    else
        fputs(text, stdout);
    free(text);
    return st ? cmd_asm_fail(&err) : 0;
}
