/* rvv_baselines_test — every rvv baseline (23 tasks x 5 configs) through the
 * platform row: the C with its shapes compiles (clang -O2 -S), the assembly
 * builds, and every word of the linked text is an instruction of isa/rvv.def
 * (what clang emits is what the RTL must decode). Prints the mnemonics the
 * baselines use, with counts, so the RTL engineers see what matters most.
 *
 *   rvv_baselines_test [config]   (one config 1..5; all when omitted)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kc_task.h"
#include "rvv/rvv_platform.h"
#include "rvv_isa.h"

int main(int argc, char **argv)
{
    int minc = argc > 1 ? atoi(argv[1]) : 1, maxc = argc > 1 ? minc : KC_TASK_NCONFIGS;
    const kc_platform_family *F = &rvv_platform_family;
    size_t n = rvv_isa_count(), *uses = calloc(n, sizeof *uses);
    int fails = 0, built = 0;
    for (const kc_task *const *tp = kc_task_all(); *tp; tp++)
        for (int c = minc; c <= maxc; c++) {
            char *as = NULL, buf[800];
            kc_err err;
            kc_err_clear(&err);
            if (F->baseline(*tp, c, NULL, &as, &err) != KC_OK) {
                fprintf(stderr, "FAIL %s C%d: baseline: %s\n", (*tp)->name, c, kc_err_format(&err, buf, sizeof buf));
                fails++;
                continue;
            }
            kc_image img;
            kc_image_init(&img, 0, 0);
            if (F->build(NULL, NULL, as, "baseline.s", &img, &err) != KC_OK) {
                fprintf(stderr, "FAIL %s C%d: build: %s\n", (*tp)->name, c, kc_err_format(&err, buf, sizeof buf));
                fails++;
            } else {
                built++;
                for (uint64_t pc = img.entry; pc < kc_image_pc_end(&img); pc += 4) {
                    uint32_t w;
                    if (!kc_image_word(&img, pc, &w))
                        continue;
                    const rvv_isa_insn *in = rvv_isa_find(w);
                    if (!in) {
                        fprintf(stderr, "FAIL %s C%d: word %08x at %llx is not in isa/rvv.def\n", (*tp)->name, c, w,
                                (unsigned long long)pc);
                        fails++;
                    } else
                        uses[in - rvv_isa_at(0)]++;
                }
            }
            kc_image_free(&img);
            free(as);
        }
    printf("%d baselines built, %d failures; instructions used (static count):\n", built, fails);
    for (size_t i = 0; i < n; i++)
        if (uses[i])
            printf("  %-18s %zu\n", rvv_isa_at(i)->name, uses[i]);
    free(uses);
    return fails != 0;
}
