/* rvv_ref_build.h — the rvv reference tests' clang-19 build (see the .c). */
#ifndef RVV_REF_BUILD_H
#define RVV_REF_BUILD_H

#include "kc_err.h"
#include "kc_image.h"

/* crt0 text + kernel text -> image (kc_image_from_elf), linked with the
 * script at ldscript. Clang's diagnostics are in the error. */
kc_status rvv_ref_build(const char *ldscript, const char *crt0, const char *text, kc_image *img, kc_err *err);

#endif
