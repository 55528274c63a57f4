/* rvv_ref_build.c — assembly text -> kc_image with clang-19 (the tests' own
 * build until the rvv platform row's build can be used): the text after the
 * tests' crt0, linked by the tests' link.ld (text at ITCM 0x100000, data at
 * DTCM 0x200000). */
#define _GNU_SOURCE
#include "rvv_ref_build.h"

#include <errno.h>
#include <fcntl.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "kc_file.h"

extern char **environ;

kc_status rvv_ref_build(const char *ldscript, const char *crt0, const char *text, kc_image *img, kc_err *err)
{
    char dir[] = "/tmp/kc-rvvref-XXXXXX";
    if (!mkdtemp(dir))
        return kc_err_set(err, KC_ERR_IO, "mkdtemp: %s", strerror(errno));
    char src[64], elf[64], log[64];
    snprintf(src, sizeof src, "%s/p.s", dir);
    snprintf(elf, sizeof elf, "%s/p.elf", dir);
    snprintf(log, sizeof log, "%s/log", dir);
    FILE *f = fopen(src, "w");
    kc_status s = KC_OK;
    if (!f || fprintf(f, "%s\n%s\n", crt0, text) < 0 || fclose(f) != 0) {
        s = kc_err_set(err, KC_ERR_IO, "cannot write %s", src);
        goto out;
    }
    const char *argv[] = {"clang-19", "--target=riscv32", "-march=rv32imf_zve32f", "-mabi=ilp32f", "-nostdlib",
                          "-fuse-ld=lld", "-T", ldscript,
                          "-o", elf, src, NULL};
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_addopen(&fa, 1, log, O_WRONLY | O_CREAT | O_TRUNC, 0600);
    posix_spawn_file_actions_adddup2(&fa, 1, 2);
    pid_t pid;
    int e = posix_spawnp(&pid, argv[0], &fa, NULL, (char *const *)argv, environ);
    posix_spawn_file_actions_destroy(&fa);
    int status = 0;
    if (e)
        s = kc_err_set(err, KC_ERR_IO, "cannot run clang-19: %s", strerror(e));
    else if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status) || WEXITSTATUS(status)) {
        char *msg = NULL;
        kc_err tmp;
        kc_err_clear(&tmp);
        kc_file_read_text(log, &msg, NULL, &tmp);
        s = kc_err_set(err, KC_ERR_SYNTAX, "clang-19 failed: %.600s", msg ? msg : "");
        free(msg);
    }
    char *bytes = NULL;
    size_t size = 0;
    if (s == KC_OK && (s = kc_file_read(elf, &bytes, &size, err)) == KC_OK)
        s = kc_image_from_elf((const uint8_t *)bytes, size, "random", 243, img, err);
    free(bytes);
out:
    unlink(src);
    unlink(elf);
    unlink(log);
    rmdir(dir);
    return s;
}
