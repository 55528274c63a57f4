/* kc_wave_int.h — what the waveform modules share and nothing else sees. */
#ifndef KC_WAVE_INT_H
#define KC_WAVE_INT_H

#include <stddef.h>

/* Makes *p (an array of *cap elements of elem bytes) hold at least need,
 * doubling from 64; returns 0 when out of memory (*p left as it was). */
int kc_wave_grow(void **p, size_t *cap, size_t need, size_t elem);

#endif
