/* kc_file.h — whole-file reading, once for every command (kernels, hex images,
 * result files). */
#ifndef KC_FILE_H
#define KC_FILE_H

#include <stddef.h>

#include "kc_err.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Reads all of path ("-" = standard input) into a malloc'd, NUL-terminated
 * buffer; *size (may be NULL) gets the byte count without the NUL. */
kc_status kc_file_read(const char *path, char **data, size_t *size, kc_err *err);

#ifdef __cplusplus
}
#endif

#endif
