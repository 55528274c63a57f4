/* kc_arch.h — architectural state described per platform, not by a fixed struct.
 *
 * A platform's state is a list of files: register files and on-chip memories,
 * each `count` elements of `bytes` bytes (an npu vector-SRAM row is one element
 * of VLEN bf16 lanes). The RTL model (kc_acc_ops) and the reference model
 * (isa/kc_ref.h) both describe their state with the same list and read it
 * through `read(file, first, n, buf)`, so co-simulation compares and reports any
 * platform generically: "x5", "cfg vmask", "vsram row 12 lane 3".
 *
 * Sizes come from the build's parameters (kc_hw.h): a shim or ISS fills its
 * kc_arch_file rows from them when it is opened.
 */
#ifndef KC_ARCH_H
#define KC_ARCH_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* How an element's bytes read, for reports and comparison granularity. */
typedef enum kc_arch_fmt {
    KC_ARCH_U32 = 0,      /* 32-bit integer (printed hex) */
    KC_ARCH_FP32,         /* fp32 bit pattern */
    KC_ARCH_BF16_LANES,   /* bytes/2 little-endian bf16 lanes, lane 0 first */
    KC_ARCH_FP32_LANES,   /* bytes/4 fp32 lanes */
    KC_ARCH_I8_LANES,     /* bytes int8 lanes */
    KC_ARCH_I16_LANES,    /* bytes/2 int16 lanes */
    KC_ARCH_I32_LANES,    /* bytes/4 int32 lanes */
    KC_ARCH_BYTES         /* raw bytes (memories) */
} kc_arch_fmt;

/* Flags of a file. */
#define KC_ARCH_MEMORY   1u  /* an on-chip memory: compared at the end (and where a step names it) */
#define KC_ARCH_TIMING   2u  /* holds timing, not architecture (a cycle counter): never compared */
#define KC_ARCH_ZERO0    4u  /* element 0 is hard-wired zero (r0) */

typedef struct kc_arch_file {
    const char *name;        /* short name used in reports: "r", "f", "a", "cfg", "vsram", "v", "pc" */
    const char *what;        /* "integer registers" */
    uint32_t count;          /* elements */
    uint32_t bytes;          /* bytes per element */
    kc_arch_fmt fmt;
    unsigned flags;          /* KC_ARCH_* */
    /* Element names (count entries, NULL entries = element does not exist and is
     * skipped), for files whose elements are not name+index ("cfg": vmask, dlen). */
    const char *const *elem_names;
    /* Per-element KC_ARCH_* flags (count entries) or NULL, for a file that mixes
     * architecture and timing (npu cfg: `cycle` is KC_ARCH_TIMING). */
    const unsigned char *elem_flags;
} kc_arch_file;

/* Formats element `idx` of file `f` as it is written in reports: "r5",
 * "cfg vmask", "vsram row 12". Returns buf. */
const char *kc_arch_elem_name(const kc_arch_file *f, uint32_t idx, char *buf, size_t size);

/* Formats `bytes` of an element (or lane `lane` of it when lane >= 0). */
const char *kc_arch_value(const kc_arch_file *f, const void *elem, int lane, char *buf, size_t size);

#ifdef __cplusplus
}
#endif

#endif
