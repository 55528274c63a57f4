/* png_check FILE WIDTH HEIGHT — is FILE a PNG screenshot of WIDTH x HEIGHT with
 * something drawn on it? Decodes the image (8-bit RGB or RGBA, not interlaced:
 * what Chromium writes), undoes the row filters and counts the distinct colours
 * and the pixels that differ from the most common colour (the page background).
 * Fails on a bad signature, wrong size, a truncated or corrupt stream, fewer
 * than 16 colours or less than 2% of the pixels off the background: a blank or
 * a nearly blank page. Prints the figures. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <zlib.h>

static uint32_t be32(const unsigned char *p)
{
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

static int fail(const char *what)
{
    fprintf(stderr, "png_check: %s\n", what);
    return 1;
}

static int paeth(int a, int b, int c)
{
    int p = a + b - c, pa = abs(p - a), pb = abs(p - b), pc = abs(p - c);
    return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

/* A set of 24-bit colours (open addressing) with a count per colour. */
#define NSLOT (1u << 20)
static uint32_t slot_col[NSLOT];
static uint32_t slot_n[NSLOT];

static void count_colour(uint32_t c, size_t *ndistinct)
{
    uint32_t h = (c * 2654435761u) & (NSLOT - 1);
    while (slot_n[h] && slot_col[h] != c)
        h = (h + 1) & (NSLOT - 1);
    if (!slot_n[h]++) {
        slot_col[h] = c;
        (*ndistinct)++;
    }
}

int main(int argc, char **argv)
{
    if (argc != 4)
        return fail("usage: png_check FILE WIDTH HEIGHT");
    FILE *f = fopen(argv[1], "rb");
    if (!f)
        return fail("cannot open the file");
    fseek(f, 0, SEEK_END);
    long size = ftell(f);
    fseek(f, 0, SEEK_SET);
    unsigned char *buf = malloc(size > 0 ? (size_t)size : 1);
    if (!buf || size < 33 || fread(buf, 1, (size_t)size, f) != (size_t)size)
        return fail("cannot read the file (or it is too short for a PNG)");
    fclose(f);
    static const unsigned char sig[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
    if (memcmp(buf, sig, 8) || memcmp(buf + 12, "IHDR", 4))
        return fail("not a PNG (signature or first chunk)");
    uint32_t w = be32(buf + 16), h = be32(buf + 20);
    int depth = buf[24], ctype = buf[25], interlace = buf[28];
    printf("png_check: %s: %u x %u, depth %d, colour type %d, %ld bytes\n", argv[1], w, h, depth, ctype, size);
    if (w != (uint32_t)atoi(argv[2]) || h != (uint32_t)atoi(argv[3]))
        return fail("not the size asked for");
    if (depth != 8 || (ctype != 2 && ctype != 6) || interlace)
        return fail("not 8-bit RGB/RGBA without interlace");
    size_t bpp = ctype == 6 ? 4 : 3, stride = w * bpp;

    /* the IDAT chunks, concatenated, inflated */
    z_stream z;
    memset(&z, 0, sizeof z);
    if (inflateInit(&z) != Z_OK)
        return fail("inflateInit");
    size_t rawsize = h * (stride + 1);
    unsigned char *raw = malloc(rawsize);
    if (!raw)
        return fail("out of memory");
    z.next_out = raw;
    z.avail_out = (uInt)rawsize;
    int zr = Z_OK, seen_end = 0;
    for (long p = 8; p + 12 <= size;) {
        uint32_t len = be32(buf + p);
        if (p + 12 + (long)len > size)
            return fail("truncated chunk");
        if (!memcmp(buf + p + 4, "IDAT", 4) && zr == Z_OK) {
            z.next_in = buf + p + 8;
            z.avail_in = len;
            zr = inflate(&z, Z_NO_FLUSH);
            if (zr != Z_OK && zr != Z_STREAM_END)
                return fail("corrupt image data");
        }
        if (!memcmp(buf + p + 4, "IEND", 4))
            seen_end = 1;
        p += 12 + (long)len;
    }
    inflateEnd(&z);
    if (!seen_end || zr != Z_STREAM_END || z.avail_out)
        return fail("image data incomplete");

    /* undo the filters row by row, counting colours */
    unsigned char *prev = calloc(stride, 1), *cur = malloc(stride);
    size_t ndistinct = 0;
    for (uint32_t y = 0; y < h; y++) {
        const unsigned char *in = raw + y * (stride + 1);
        int ft = in[0];
        for (size_t i = 0; i < stride; i++) {
            int a = i >= bpp ? cur[i - bpp] : 0, b = prev[i], c = i >= bpp ? prev[i - bpp] : 0;
            int x = in[1 + i];
            switch (ft) {
            case 0: break;
            case 1: x += a; break;
            case 2: x += b; break;
            case 3: x += (a + b) / 2; break;
            case 4: x += paeth(a, b, c); break;
            default: return fail("unknown filter type");
            }
            cur[i] = (unsigned char)x;
        }
        for (uint32_t x = 0; x < w; x++)
            count_colour((uint32_t)cur[x * bpp] << 16 | (uint32_t)cur[x * bpp + 1] << 8 | cur[x * bpp + 2],
                         &ndistinct);
        memcpy(prev, cur, stride);
    }
    uint32_t most = 0, bg = 0;
    for (uint32_t i = 0; i < NSLOT; i++)
        if (slot_n[i] > most) {
            most = slot_n[i];
            bg = slot_col[i];
        }
    double off = 1.0 - (double)most / ((double)w * h);
    printf("png_check: %zu distinct colours, background #%06x, %.1f%% of the pixels drawn on it\n", ndistinct, bg,
           100 * off);
    if (ndistinct < 16)
        return fail("fewer than 16 colours: a blank page");
    if (off < 0.02)
        return fail("less than 2% of the pixels off the background: a blank page");
    free(raw);
    free(prev);
    free(cur);
    free(buf);
    return 0;
}
