/* rvv_isagen — writes or checks the committed files generated from isa/rvv.def:
 *   rtl/rvv/rvv_isa.vh   (Verilog header: match/mask constants, rvv_isa_listed)
 *   docs/isa/rvv.md      (the agent-facing document at the default sizes)
 *
 *   rvv_isagen [--root DIR] [--check]
 *
 * --check compares instead of writing and exits 1 when a committed copy is stale
 * (the rvv_isa_generated_fresh ctest runs it).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kc_isagen.h"
#include "rvv_isa.h"
#include "rvv_isadoc.h"

int main(int argc, char **argv)
{
    const char *root = ".";
    int check = 0;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--root") && i + 1 < argc)
            root = argv[++i];
        else if (!strcmp(argv[i], "--check"))
            check = 1;
        else {
            fprintf(stderr, "usage: rvv_isagen [--root DIR] [--check]\n");
            return 2;
        }
    }
    int bad = 0;
    for (int which = 0; which < 2; which++) {
        kc_err err;
        kc_err_clear(&err);
        char path[1024], cmd[1200], *text = NULL;
        snprintf(path, sizeof path, "%s/%s", root, which ? RVV_ISA_DOC_PATH : RVV_ISA_VH_PATH);
        snprintf(cmd, sizeof cmd, "cmake --build <build-dir> --target isa-regen  (or: rvv_isagen --root %s)", root);
        kc_status s = which ? rvv_isadoc(NULL, &text, &err) : rvv_isa_verilog(&text, &err);
        if (s == KC_OK &&
            (check ? kc_isagen_compare(path, text, cmd, &err) : kc_isagen_write(path, text, &err)) == KC_OK)
            printf("%s %s\n", check ? "up to date:" : "wrote", path);
        free(text);
        if (err.code != KC_OK) {
            char buf[1200];
            fprintf(stderr, "rvv_isagen: %s\n", kc_err_format(&err, buf, sizeof buf));
            bad = 1;
        }
    }
    return bad;
}
