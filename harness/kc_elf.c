/* kc_elf.c — kc_image_from_elf (kc_image.h): the loadable segments of an ELF32
 * little-endian executable, as LLVM's ld.lld writes them for riscv32.
 *
 * Our own reader rather than libelf: we need ~10 fields of two fixed-size
 * headers (ELF header, program headers) and nothing of sections, symbols or
 * relocations; libelf would be a new build and run-time dependency for that,
 * and the file comes from a kernel author's toolchain run, so it is input we
 * must treat as hostile: here every offset and size is checked against the
 * file in one page of code we test and fuzz (tests/fuzz/fuzz_elf.c), instead
 * of trusting a larger library's surface. Fields are read byte by byte
 * (little-endian whatever the host, no unaligned loads, no struct overlay).
 */
#include "kc_image.h"

#include <stdlib.h>
#include <string.h>

enum {
    EHDR_SIZE = 52,       /* Elf32_Ehdr */
    PHDR_SIZE = 32,       /* Elf32_Phdr */
    ELFCLASS32 = 1,
    ELFDATA2LSB = 1,
    EV_CURRENT = 1,
    ET_EXEC = 2,
    PT_LOAD = 1,
    PF_X = 1,
    PN_XNUM = 0xffff,     /* "the count is elsewhere": never in an executable we accept */
};

static uint32_t rd16(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8;
}

static uint32_t rd32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

/* One PT_LOAD program header, checked against the file. */
static kc_status load_segment(const uint8_t *bytes, size_t size, const char *name, const uint8_t *ph,
                              unsigned idx, uint64_t *total, kc_image *out, kc_err *err)
{
    uint32_t off = rd32(ph + 4), vaddr = rd32(ph + 8), filesz = rd32(ph + 16), memsz = rd32(ph + 20),
             flags = rd32(ph + 24);
    if (filesz > memsz)
        return kc_err_set(err, KC_ERR_SYNTAX, "%s: segment %u: file size %u exceeds its memory size %u",
                          name, idx, filesz, memsz);
    if ((uint64_t)off + filesz > size)
        return kc_err_set(err, KC_ERR_SYNTAX, "%s: segment %u: bytes [%u, %llu) lie past the end of the "
                          "file (%zu bytes)", name, idx, off, (unsigned long long)off + filesz, size);
    if ((uint64_t)vaddr + memsz > UINT64_C(1) << 32)
        return kc_err_set(err, KC_ERR_SYNTAX, "%s: segment %u at 0x%x (%u bytes) wraps the 32-bit "
                          "address space", name, idx, vaddr, memsz);
    *total += memsz;
    if (*total > KC_ELF_MAX_MEM)
        return kc_err_set(err, KC_ERR_SYNTAX, "%s: loadable segments of more than %u bytes", name,
                          (unsigned)KC_ELF_MAX_MEM);
    if (!memsz)
        return KC_OK;
    uint8_t *buf = calloc(memsz, 1);   /* the bss part zero-filled */
    if (!buf)
        return kc_err_set(err, KC_ERR_NOMEM, "%s: out of memory", name);
    memcpy(buf, bytes + off, filesz);
    kc_err aerr;
    kc_err_clear(&aerr);
    kc_status s = kc_image_add(out, vaddr, buf, memsz, (flags & PF_X) != 0, &aerr);
    free(buf);
    if (s == KC_ERR_RANGE)   /* overlapping segments: the file's fault */
        return kc_err_set(err, KC_ERR_SYNTAX, "%s: segment %u: %s", name, idx, aerr.text);
    if (s != KC_OK)
        return kc_err_set(err, s, "%s", aerr.text);
    return KC_OK;
}

static kc_status parse(const uint8_t *bytes, size_t size, const char *name, unsigned machine,
                       kc_image *out, kc_err *err)
{
    if (size < EHDR_SIZE)
        return kc_err_set(err, KC_ERR_SYNTAX, "%s: %zu bytes: shorter than an ELF header", name, size);
    if (memcmp(bytes, "\177ELF", 4))
        return kc_err_set(err, KC_ERR_SYNTAX, "%s: not an ELF file", name);
    if (bytes[4] != ELFCLASS32 || bytes[5] != ELFDATA2LSB || bytes[6] != EV_CURRENT)
        return kc_err_set(err, KC_ERR_SYNTAX, "%s: not a 32-bit little-endian ELF file (class %u, "
                          "data %u, version %u)", name, bytes[4], bytes[5], bytes[6]);
    uint32_t type = rd16(bytes + 16), mach = rd16(bytes + 18), entry = rd32(bytes + 24),
             phoff = rd32(bytes + 28), ehsize = rd16(bytes + 40), phentsize = rd16(bytes + 42),
             phnum = rd16(bytes + 44);
    if (type != ET_EXEC)
        return kc_err_set(err, KC_ERR_SYNTAX, "%s: ELF type %u is not an executable (link it)", name,
                          type);
    if (machine && mach != machine)
        return kc_err_set(err, KC_ERR_SYNTAX, "%s: ELF machine %u, expected %u", name, mach, machine);
    if (ehsize < EHDR_SIZE)
        return kc_err_set(err, KC_ERR_SYNTAX, "%s: ELF header size %u < %u", name, ehsize, EHDR_SIZE);
    if (phnum == 0 || phnum == PN_XNUM)
        return kc_err_set(err, KC_ERR_SYNTAX, "%s: no program headers", name);
    if (phentsize != PHDR_SIZE)
        return kc_err_set(err, KC_ERR_SYNTAX, "%s: program header size %u, not %u", name, phentsize,
                          PHDR_SIZE);
    if ((uint64_t)phoff + (uint64_t)phnum * PHDR_SIZE > size)
        return kc_err_set(err, KC_ERR_SYNTAX, "%s: %u program headers at offset %u lie past the end "
                          "of the file (%zu bytes)", name, phnum, phoff, size);
    unsigned nload = 0;
    uint64_t total = 0;
    for (unsigned i = 0; i < phnum; i++) {
        const uint8_t *ph = bytes + phoff + (size_t)i * PHDR_SIZE;
        if (rd32(ph) != PT_LOAD)
            continue;
        if (++nload > KC_ELF_MAX_SEGS)
            return kc_err_set(err, KC_ERR_SYNTAX, "%s: more than %d loadable segments", name,
                              KC_ELF_MAX_SEGS);
        kc_status s = load_segment(bytes, size, name, ph, i, &total, out, err);
        if (s != KC_OK)
            return s;
    }
    out->entry = entry;
    uint32_t word;
    if (!kc_image_word(out, entry, &word))
        return kc_err_set(err, KC_ERR_SYNTAX, "%s: entry 0x%x is not in an executable segment", name,
                          entry);
    return KC_OK;
}

kc_status kc_image_from_elf(const uint8_t *bytes, size_t size, const char *name, unsigned machine,
                            kc_image *out, kc_err *err)
{
    kc_image_init(out, 1, 4);
    if (!name)
        name = "elf";
    if (!bytes)
        size = 0;
    kc_status s = parse(bytes, size, name, machine, out, err);
    if (s != KC_OK)
        kc_image_free(out);
    return s;
}
