/* kc_isagen — writes or checks the committed files generated from an ISA table:
 *   rtl/<isa>/<isa>_isa.vh   (Verilog header)
 *   docs/isa/<isa>.md        (agent-facing ISA document)
 *
 *   kc_isagen [--isa npu] [--root DIR] [--check]
 *
 * --check compares instead of writing and exits 1 when a committed copy is stale
 * (the staleness ctest runs it).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kc_isagen.h"

/* The committed document describes the table's defaults. */
static kc_status isagen_doc_defaults(const kc_isa *isa, char **out, kc_err *err)
{
    return kc_isagen_doc(isa, NULL, out, err);
}

static kc_status isagen_one(const kc_isa *isa, const char *root, int check, const char *fmt,
                            kc_status (*gen)(const kc_isa *, char **, kc_err *), kc_err *err)
{
    char rel[256], path[1024], cmd[512];
    snprintf(rel, sizeof rel, fmt, isa->name, isa->name);
    snprintf(path, sizeof path, "%s/%s", root, rel);
    snprintf(cmd, sizeof cmd, "cmake --build <build-dir> --target isa-regen  (or: kc_isagen --isa %s --root %s)",
             isa->name, root);
    char *text;
    if (gen(isa, &text, err))
        return err->code;
    kc_status st = check ? kc_isagen_compare(path, text, cmd, err) : kc_isagen_write(path, text, err);
    free(text);
    if (st == KC_OK)
        printf("%s %s\n", check ? "up to date:" : "wrote", path);
    return st;
}

int main(int argc, char **argv)
{
    const char *name = "npu", *root = ".";
    int check = 0;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--isa") && i + 1 < argc)
            name = argv[++i];
        else if (!strcmp(argv[i], "--root") && i + 1 < argc)
            root = argv[++i];
        else if (!strcmp(argv[i], "--check"))
            check = 1;
        else {
            fprintf(stderr, "usage: kc_isagen [--isa npu] [--root DIR] [--check]\n");
            return 2;
        }
    }
    kc_err err;
    kc_err_clear(&err);
    const kc_isa *isa;
    if (kc_isa_load(name, &isa, &err) == KC_OK) {
        /* Both files are checked (or written) even when the first fails. */
        kc_err e2;
        kc_err_clear(&e2);
        isagen_one(isa, root, check, KC_ISAGEN_VH_PATH_FMT, kc_isagen_verilog, &err);
        isagen_one(isa, root, check, KC_ISAGEN_DOC_PATH_FMT, isagen_doc_defaults, &e2);
        if (e2.code != KC_OK) {
            char buf[1200];
            fprintf(stderr, "kc_isagen: %s\n", kc_err_format(&e2, buf, sizeof buf));
            if (err.code == KC_OK)
                return 1;
        }
    }
    if (err.code != KC_OK) {
        char buf[1200];
        fprintf(stderr, "kc_isagen: %s\n", kc_err_format(&err, buf, sizeof buf));
        return 1;
    }
    return 0;
}
