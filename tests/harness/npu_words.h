/* npu_words.h — npu instruction words for the harness tests, built from
 * isa/npu.def through its X-macros (opcodes, function codes, field positions,
 * configuration ids), so test programs follow the table; and the tests' CHECK
 * (counts a failure in `failures`, says where, goes on). Header-only: each test
 * is one translation unit. */
#ifndef NPU_WORDS_H
#define NPU_WORDS_H

#include <stdint.h>
#include <stdio.h>

enum {
#define NPU_INSN(name, opc, funct, ...) OP_##name = opc, FN_##name = funct,
#include "npu.def"
#undef NPU_INSN
};
enum {
#define NPU_FIELD(name, lo, width, text) LO_##name = lo, W_##name = width,
#include "npu.def"
#undef NPU_FIELD
};
enum {
#define NPU_CFG(name, id, reset, text) CFG_##name = id,
#include "npu.def"
#undef NPU_CFG
};

static inline uint32_t npu_words_fld(unsigned lo, unsigned width, long v)
{
    return ((uint32_t)v & ((1u << width) - 1)) << lo;
}

#define INSN(name) ((uint32_t)OP_##name << 26 | (FN_##name >= 0 ? (uint32_t)FN_##name : 0u))
#define RD(v) npu_words_fld(LO_rd, W_rd, v)
#define RS1(v) npu_words_fld(LO_rs1, W_rs1, v)
#define RS2(v) npu_words_fld(LO_rs2, W_rs2, v)
#define IMM16(v) npu_words_fld(LO_imm16, W_imm16, v)
#define IMM14(v) npu_words_fld(LO_imm14, W_imm14, v)
#define OFF22(v) npu_words_fld(LO_off22, W_off22, v)
#define CNT10(v) npu_words_fld(LO_cnt10, W_cnt10, v)

#define CHECK(cond, ...)                                                           \
    do {                                                                           \
        if (!(cond)) {                                                             \
            failures++;                                                            \
            fprintf(stderr, "%s:%d: CHECK(%s) failed: ", __FILE__, __LINE__, #cond); \
            fprintf(stderr, __VA_ARGS__);                                          \
            fputc('\n', stderr);                                                   \
        }                                                                          \
    } while (0)

#endif
