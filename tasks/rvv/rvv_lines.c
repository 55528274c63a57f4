/* rvv_lines.c — source lines per pc from .debug_line (rvv_lines.h).
 *
 * The ELF comes from our own link step, but it is still read defensively (every
 * offset checked against the buffer), as harness/kc_elf.c reads the segments.
 * Only what a line table of one compilation unit needs: section headers to find
 * .debug_line, the v2-v4 program header, and the line-number state machine. */
#include "rvv_lines.h"

#include <stdlib.h>
#include <string.h>

typedef struct rd {
    const uint8_t *p, *end;
    int bad;
} rd;

static uint32_t rd_u(rd *r, int n)
{
    if (r->end - r->p < n) {
        r->bad = 1;
        r->p = r->end;
        return 0;
    }
    uint32_t v = 0;
    for (int i = 0; i < n; i++)
        v |= (uint32_t)r->p[i] << (8 * i);
    r->p += n;
    return v;
}

static uint64_t rd_uleb(rd *r)
{
    uint64_t v = 0;
    for (int shift = 0; r->p < r->end && shift < 64; shift += 7) {
        uint8_t b = *r->p++;
        v |= (uint64_t)(b & 0x7f) << shift;
        if (!(b & 0x80))
            return v;
    }
    r->bad = 1;
    return 0;
}

static int64_t rd_sleb(rd *r)
{
    /* Accumulate unsigned: a hostile DWARF line program can put bits past
     * bit 63, and shifting them into a signed value is undefined. */
    uint64_t v = 0;
    int shift = 0;
    while (r->p < r->end && shift < 64) {
        uint8_t b = *r->p++;
        v |= (uint64_t)(b & 0x7f) << shift;
        shift += 7;
        if (!(b & 0x80)) {
            if (shift < 64 && (b & 0x40))
                v |= ~(uint64_t)0 << shift;
            return (int64_t)v;
        }
    }
    r->bad = 1;
    return 0;
}

static const char *rd_str(rd *r)
{
    const uint8_t *z = memchr(r->p, 0, (size_t)(r->end - r->p));
    if (!z) {
        r->bad = 1;
        return "";
    }
    const char *s = (const char *)r->p;
    r->p = z + 1;
    return s;
}

/* The bytes of section `want`, or 0. */
static int find_section(const uint8_t *e, size_t size, const char *want, const uint8_t **out, size_t *n)
{
    rd h = { e + 32, e + size, size < 52 };
    uint32_t shoff = rd_u(&h, 4);
    h.p = e + 46;
    uint32_t shentsize = rd_u(&h, 2), shnum = rd_u(&h, 2), shstrndx = rd_u(&h, 2);
    if (h.bad || shentsize != 40 || shstrndx >= shnum || (uint64_t)shoff + (uint64_t)shnum * 40 > size)
        return 0;
    const uint8_t *sh = e + shoff, *ss = sh + 40 * (size_t)shstrndx;
    rd s = { ss + 16, ss + 24, 0 };
    uint32_t stroff = rd_u(&s, 4), strsize = rd_u(&s, 4);
    if ((uint64_t)stroff + strsize > size)
        return 0;
    for (uint32_t i = 0; i < shnum; i++) {
        rd r = { sh + 40 * (size_t)i, sh + 40 * (size_t)i + 40, 0 };
        uint32_t name = rd_u(&r, 4);
        r.p += 12;
        uint32_t off = rd_u(&r, 4), sz = rd_u(&r, 4);
        if (name >= strsize || (uint64_t)off + sz > size)
            continue;
        const char *nm = (const char *)e + stroff + name;
        if (memchr(nm, 0, strsize - name) && !strcmp(nm, want)) {
            *out = e + off;
            *n = sz;
            return 1;
        }
    }
    return 0;
}

static const char *base_name(const char *s)
{
    const char *b = strrchr(s, '/');
    return b ? b + 1 : s;
}

typedef struct line_fill {
    kc_image *img;
    uint64_t lo, hi;    /* the text segment [lo, hi) */
    int *lines;
} line_fill;

/* Assigns `line` to the bytes [a, b) of the text. */
static void fill(line_fill *f, uint64_t a, uint64_t b, int line)
{
    if (a < f->lo)
        a = f->lo;
    if (b > f->hi || b < a)
        b = f->hi;
    for (uint64_t x = a; x < b; x++)
        f->lines[x - f->lo] = line;
}

/* One line-number program (a unit); rows of files in `match` go to f. */
static void run_unit(rd *r, const char *file, line_fill *f)
{
    uint64_t len = rd_u(r, 4);
    if (r->bad || len >= 0xfffffff0u || len > (uint64_t)(r->end - r->p)) {
        r->bad = 1;
        return;
    }
    rd u = { r->p, r->p + len, 0 };
    r->p += len;
    unsigned version = rd_u(&u, 2);
    uint32_t hlen = rd_u(&u, 4);
    if (u.bad || version < 2 || version > 4 || hlen > (uint64_t)(u.end - u.p))
        return;
    const uint8_t *prog = u.p + hlen;
    unsigned min_inst = rd_u(&u, 1);
    if (version >= 4)
        rd_u(&u, 1);   /* max_ops_per_inst: 1 on RISC-V */
    int default_stmt = (int)rd_u(&u, 1);
    (void)default_stmt;
    int line_base = (int8_t)rd_u(&u, 1);
    unsigned line_range = rd_u(&u, 1), opcode_base = rd_u(&u, 1);
    if (u.bad || !line_range || !opcode_base)
        return;
    uint8_t oplen[256] = { 0 };
    for (unsigned i = 1; i < opcode_base; i++)
        oplen[i] = (uint8_t)rd_u(&u, 1);
    while (!u.bad && u.p < u.end && *u.p)   /* include directories */
        rd_str(&u);
    rd_u(&u, 1);
    uint8_t match[64] = { 0 };              /* file numbers 1..63 that are the kernel's */
    for (unsigned n = 1; !u.bad && u.p < u.end && *u.p; n++) {
        const char *name = rd_str(&u);
        rd_uleb(&u);
        rd_uleb(&u);
        rd_uleb(&u);
        if (n < 64)
            match[n] = !strcmp(base_name(name), file);
    }
    if (u.bad || prog > u.end)
        return;
    u.p = prog;
    uint64_t addr = 0, prev_addr = 0;
    uint64_t fileno = 1;
    uint64_t line = 1;   /* wraps rather than overflowing on hostile advances */
    int have_prev = 0, prev_line = 0, prev_match = 0;
#define ROW()                                                                       \
    do {                                                                            \
        if (have_prev && prev_match && addr > prev_addr)                             \
            fill(f, prev_addr, addr, prev_line);                                    \
        have_prev = 1;                                                              \
        prev_addr = addr;                                                           \
        prev_line = line > 0 && line < (1u << 30) ? (int)line : 0;                     \
        prev_match = fileno < 64 && match[fileno];                                  \
    } while (0)
    while (!u.bad && u.p < u.end) {
        unsigned op = rd_u(&u, 1);
        if (op >= opcode_base) {
            unsigned adj = op - opcode_base;
            addr += (uint64_t)(adj / line_range) * min_inst;
            line += (uint64_t)(int64_t)(line_base + (int)(adj % line_range));
            ROW();
            continue;
        }
        switch (op) {
        case 0: {
            uint64_t n = rd_uleb(&u);
            if (!n || n > (uint64_t)(u.end - u.p)) {
                u.bad = 1;
                break;
            }
            const uint8_t *next = u.p + n;
            unsigned sub = rd_u(&u, 1);
            if (sub == 1) {                      /* end_sequence */
                ROW();
                have_prev = 0;
                addr = 0;
                fileno = 1;
                line = 1;
            } else if (sub == 2 && n == 5) {     /* set_address */
                addr = rd_u(&u, 4);
            }
            u.p = next;
            break;
        }
        case 1: ROW(); break;
        case 2: addr += rd_uleb(&u) * min_inst; break;
        case 3: line += (uint64_t)rd_sleb(&u); break;
        case 4: fileno = rd_uleb(&u); break;
        case 8: addr += (uint64_t)((255 - opcode_base) / line_range) * min_inst; break;
        case 9: addr += rd_u(&u, 2); break;
        default:
            for (unsigned i = 0; i < oplen[op]; i++)
                rd_uleb(&u);
        }
    }
#undef ROW
}

int rvv_lines_from_elf(const uint8_t *elf, size_t size, const char *file, kc_image *img)
{
    const uint8_t *dl;
    size_t n;
    const kc_image_seg *text = NULL;
    for (size_t i = 0; i < img->nsegs; i++)
        if (img->segs[i].exec && img->entry >= img->segs[i].addr &&
            img->entry < img->segs[i].addr + img->segs[i].size)
            text = &img->segs[i];
    if (!text || img->pc_bytes != 1 || !find_section(elf, size, ".debug_line", &dl, &n))
        return 0;
    line_fill f = { img, text->addr, text->addr + text->size, calloc(text->size ? text->size : 1, sizeof(int)) };
    if (!f.lines)
        return -1;
    rd r = { dl, dl + n, 0 };
    while (!r.bad && r.p < r.end)
        run_unit(&r, file, &f);
    int count = 0;
    for (size_t i = 0; i < text->size; i += 4)
        count += f.lines[i] != 0;
    if (!count) {
        free(f.lines);
        return 0;
    }
    free(img->lines);
    img->lines = f.lines;
    img->nlines = text->size;
    img->text_pc0 = text->addr;
    return count;
}
