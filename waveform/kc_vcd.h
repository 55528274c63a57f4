/* kc_vcd.h — VCD: a streaming parser, and the reader built on it.
 *
 * The parser takes the text in chunks of any size (a file read piece by piece,
 * or the VCD writer's output as it is produced: kc_fst.h turns that into FST)
 * and hands each definition and value change to a sink. Id codes become dense
 * signal numbers (0, 1, ... in order of first declaration; a variable that
 * reuses an id code is an alias of that signal); vector values come
 * left-extended to the declared width.
 */
#ifndef KC_VCD_H
#define KC_VCD_H

#include <stddef.h>
#include <stdint.h>

#include "kc_err.h"
#include "kc_wave.h"

typedef struct kc_vcd_sink {
    void *user;
    /* $scope KIND NAME / $upscope */
    kc_status (*scope)(void *user, const char *kind, const char *name, kc_err *err);
    kc_status (*upscope)(void *user, kc_err *err);
    /* $var TYPE WIDTH ID NAME [RANGE]: sig is the id's number; alias = the id
     * was declared before; range is "[7:0]" or NULL. */
    kc_status (*var)(void *user, const char *type, unsigned width, size_t sig, int alias, const char *name,
                     const char *range, kc_err *err);
    kc_status (*timescale)(void *user, const char *text, kc_err *err);   /* "1ns"; may be NULL */
    kc_status (*enddefs)(void *user, kc_err *err);                       /* may be NULL */
    kc_status (*time)(void *user, uint64_t t, kc_err *err);
    /* A change of sig: for a vector, exactly its width (n) in 0/1/x/z, not
     * NUL-terminated (it may point into the text fed); for a real ("r..." in
     * the file), the number's text, NUL-terminated. */
    kc_status (*change)(void *user, size_t sig, const char *val, size_t n, kc_err *err);
} kc_vcd_sink;

typedef struct kc_vcd_parser kc_vcd_parser;

kc_vcd_parser *kc_vcd_parser_new(const kc_vcd_sink *sink);
/* Parses the next len bytes; the first error (KC_ERR_SYNTAX with a line number,
 * or the sink's) stops the parser and is returned again by later calls. */
kc_status kc_vcd_feed(kc_vcd_parser *p, const char *buf, size_t len, kc_err *err);
/* The end of the text: fails on a truncated header. */
kc_status kc_vcd_finish(kc_vcd_parser *p, kc_err *err);
void kc_vcd_parser_free(kc_vcd_parser *p);

/* Reads a whole VCD into a waveform; patterns/npatterns as kc_wave_keep (0 =
 * every signal's changes). KC_ERR_IO / KC_ERR_SYNTAX on an unreadable or
 * malformed file. */
kc_status kc_vcd_read(const char *path, const char *const *patterns, size_t npatterns, kc_wave **out,
                      kc_err *err);
kc_status kc_vcd_parse(const char *text, size_t len, kc_wave **out, kc_err *err);

#endif
