/* kc_file.h — whole-file reading, once for every command (kernels, hex images,
 * program binaries). */
#ifndef KC_FILE_H
#define KC_FILE_H

#include <stddef.h>

#include "kc_err.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The largest file read whole (far above any kernel, image or listing; a bound
 * so that /dev/zero or a runaway file is an error, not an out-of-memory). */
#define KC_FILE_MAX_BYTES (64u << 20)

/* Reads all of path ("-" = standard input) into a malloc'd, NUL-terminated
 * buffer; *size (may be NULL) gets the byte count without the NUL. A path must
 * name a regular file: a FIFO, device or directory is refused without blocking
 * on it. More than KC_FILE_MAX_BYTES is an error. */
kc_status kc_file_read(const char *path, char **data, size_t *size, kc_err *err);

/* kc_file_read for text (kernels, hex images): additionally refuses a NUL byte,
 * with its line and column, since everything after it would be ignored. */
kc_status kc_file_read_text(const char *path, char **data, size_t *size, kc_err *err);

/* The text rule alone, for text read some other way (the agent's workspace files):
 * KC_OK, or a syntax error at the first NUL byte's line and column in name. */
kc_status kc_file_check_text(const char *name, const char *data, size_t n, kc_err *err);

#ifdef __cplusplus
}
#endif

#endif
