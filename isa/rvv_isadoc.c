/* rvv_isadoc.c — the rvv document (rvv_isadoc.h). The instruction tables come
 * from isa/rvv.def, the sizes from the build (rvv_hw); the prose says what the
 * table cannot (memory map, ABI, pipeline, how to build, examples). The worked
 * examples are built by tests/rvv_tool (they must assemble and link). Output is
 * deterministic: no dates, no paths of the build machine. */
#include "rvv_isadoc.h"

#include <stdio.h>
#include <string.h>

#include "kc_dram.h"
#include "kc_isagen_buf.h"
#include "rvv_hw.h"
#include "rvv_isa.h"

static const char *scale_text(rvv_isa_scale s)
{
    return s == RVV_SC_GROUP ? " per register" : s == RVV_SC_ELEM ? " per element" : "";
}

static void doc_header(kc_isagen_buf *b, const kc_hw *hw, const rvv_hw *h)
{
    kc_isagen_buf_printf(b,
        "# rvv: RISC-V RV32IMF + Zicsr + Zve32f (build `%s`: VLEN %u, LANES %u)\n\n"
        "A single-issue in-order RISC-V core with a vector unit. Scalar: RV32I, M, F\n"
        "(single-precision fp) and Zicsr. Vector: Zve32f, the RVV 1.0 subset with 32-bit\n"
        "elements at most (SEW 8/16/32, LMUL 1..8, fp32 vector arithmetic). Machine mode\n"
        "only, no interrupts, no compressed instructions. Tensors are fp32.\n\n",
        hw && hw->acc ? hw->acc : "rvv", h->vlen, h->lanes);
    kc_isagen_buf_printf(b,
        "## Parameters of this build\n\n| parameter | value | meaning |\n|---|---|---|\n");
    const kc_hw *def = rvv_hw_default_table();
    for (size_t i = 0; i < def->n; i++)
        kc_isagen_buf_printf(b, "| %s | %ld | %s |\n", def->p[i].name,
                             kc_hw_get(hw ? hw : def, def->p[i].name, def->p[i].value), def->p[i].desc);
    kc_isagen_buf_printf(b, "\nVLMAX (elements per vsetvli) = LMUL x VLEN / SEW:\n\n"
                            "| SEW | m1 | m2 | m4 | m8 |\n|---|---|---|---|---|\n");
    for (unsigned sew = 8; sew <= 32; sew *= 2)
        kc_isagen_buf_printf(b, "| e%u | %u | %u | %u | %u |\n", sew, h->vlen / sew, 2 * h->vlen / sew,
                             4 * h->vlen / sew, 8 * h->vlen / sew);
    kc_isagen_buf_printf(b, "\nFractional LMUL (mf2, mf4, mf8) is allowed where SEW/LMUL <= 32 (Zve32f).\n\n");
}

static void doc_memory(kc_isagen_buf *b, const rvv_hw *h)
{
    kc_isagen_buf_printf(b,
        "## Memory map\n\n| region | base | size | use |\n|---|---|---|---|\n"
        "| ITCM | 0x%08x | %u KiB | instructions only (fetch); loads/stores there fault |\n"
        "| DTCM | 0x%08x | %u KiB | .rodata, .data, .bss, stack; 1-cycle access, %u bytes per beat |\n"
        "| DRAM | 0x%08x | the tensors' buffer | the tensors (addresses in a0..a7) |\n\n"
        "Any other address, or DRAM past the end of the buffer, is a load/store access fault.\n"
        "A misaligned scalar access (lw/sw/flw/fsw not 4-byte aligned, lh/sh not 2-byte)\n"
        "traps; vector elements must be aligned to their element size.\n\n",
        RVV_ITCM_BASE, h->itcm_bytes / 1024, RVV_DTCM_BASE, h->dtcm_bytes / 1024, h->beat_bytes, RVV_DRAM_BASE);
}

static void doc_abi(kc_isagen_buf *b, const rvv_hw *h)
{
    kc_isagen_buf_printf(b,
        "## Kernel ABI\n\n"
        "- Your kernel is a function `kernel` (assembly: `.globl kernel`). The start-up code\n"
        "  (tasks/rvv/rt/crt0.s) sets `sp` to 0x%08x (the DTCM top less %u bytes), calls\n"
        "  `kernel`, then executes `li a7, 93; ecall`, which ends the run.\n"
        "- The tensors' DRAM addresses arrive in a0..a7 in the task's layout order (inputs,\n"
        "  then outputs, then scratch), each 64-byte aligned; a task with more than eight\n"
        "  tensors finds addresses 9.. at 0(sp), 4(sp), ... on entry (the top %u bytes of\n"
        "  the DTCM: where C's ninth and later arguments are). Shapes are fixed per task\n"
        "  and configuration: they are constants in your kernel.\n"
        "- C: `void kernel(const float *x, ..., float *y)`; the standard ilp32f calling\n"
        "  convention (ra, sp, s0-s11 and fs0-fs11 callee-saved; vector registers, vl and\n"
        "  vtype are not preserved across calls).\n"
        "- At entry v0..v31 are zero (reset clears the vector register file), and vtype is\n"
        "  vill until the first vset*.\n"
        "- Every illegal or unsupported instruction traps: the run stops with the cause, pc\n"
        "  and the instruction word (named in the report). `ebreak` traps as a breakpoint\n"
        "  with its pc as the detail (mtval = pc).\n\n",
        RVV_DTCM_BASE + h->dtcm_bytes - RVV_XARG_BYTES, RVV_XARG_BYTES, RVV_XARG_BYTES);
}

static void doc_build(kc_isagen_buf *b, const rvv_hw *h)
{
    kc_isagen_buf_printf(b,
        "## Building a kernel\n\n"
        "A kernel file ending in `.c` is C, anything else is assembly (standard RISC-V\n"
        "assembly as LLVM accepts it; no C preprocessor). The platform runs, with no shell:\n\n"
        "```\n"
        "C:        clang-19 -O2 --target=riscv32-unknown-elf -march=rv32imf_zve32f_zvl%ub\n"
        "                   -mrvv-vector-bits=zvl -mabi=ilp32f\n"
        "                   -ffreestanding -nostdlib -fno-math-errno -fno-common -ffunction-sections\n"
        "                   -gdwarf-4 -I tasks/rvv/rt -c kernel.c\n"
        "assembly: llvm-mc-19 -triple=riscv32 -mattr=+m,+f,+zve32f -filetype=obj -g -dwarf-version=4 kernel.s\n"
        "link:     ld.lld-19 --gc-sections -T tasks/rvv/rt/rvv.ld crt0.o kernel.o kc_rt.o\n"
        "```\n\n"
        "- C may use the RVV intrinsics (`#include <riscv_vector.h>`, `__riscv_vle32_v_f32m8`...)\n"
        "  or plain loops for the auto-vectoriser (write `restrict` pointers and constant\n"
        "  trip counts). There is no libc and no libm: `tasks/rvv/rt/kc_math.h` has\n"
        "  freestanding expf/tanhf/... that clang can inline and vectorise. memcpy, memset\n"
        "  and memmove exist (kc_rt.o). No double-precision hardware: `double` arithmetic\n"
        "  and 64-bit division need compiler-runtime functions that are not there (link error).\n"
        "- Errors of the compiler and assembler are reported as `file:line:col: error:` with\n"
        "  the offending line, like any other assembler error; so are linker errors about a\n"
        "  line of yours (an undefined symbol), the others name the file. The debug line\n"
        "  table (-g) gives traps and profiles your source lines; it does not change code.\n"
        "- `kc compile --platform rvv --task T --config C` prints the baseline: the task's\n"
        "  plain C loop compiled by the command above (`--emit c` prints the C).\n\n",
        h->vlen);
}

static void doc_timing(kc_isagen_buf *b, const rvv_hw *h)
{
    kc_isagen_buf_printf(b,
        "## Timing model\n\n"
        "**Scalar pipeline.** Five stages, IF / ID / EX / MEM / WB, one instruction per cycle,\n"
        "full bypassing. A load's result is usable two cycles after it issues (one bubble\n"
        "for an immediately dependent instruction). Branches are predicted not taken: a taken\n"
        "branch or any jump costs a 2-cycle bubble. mul/mulh* are pipelined (latency 3);\n"
        "div/rem are iterative (~34 cycles, the divider is busy meanwhile). Scalar fp goes\n"
        "through the fp pipe (latency 3, pipelined); fdiv.s and fsqrt.s are iterative.\n\n"
        "**Vector unit.** A vector instruction leaves the scalar pipeline at issue (it\n"
        "retires from the scalar core's point of view) into an in-order queue of %u entries;\n"
        "the scalar core runs ahead until the queue is full. vsetvli/vsetivli/vsetvl execute\n"
        "in the scalar core (1 cycle) and every vector instruction carries its vl and vtype.\n"
        "The vector unit has %u 32-bit lanes per unit: an arithmetic instruction processes\n"
        "one vector register (VLEN = %u bits, at any SEW) per cycle, so LMUL = 8 takes 8\n"
        "cycles. The arithmetic units and the vector load/store unit (VLSU) run concurrently;\n"
        "a per-register scoreboard makes an instruction wait for the registers it reads and\n"
        "writes. Instructions that return a scalar (vmv.x.s, vfmv.f.s, vcpop.m, vfirst.m) hold\n"
        "the scalar core until their result arrives.\n\n"
        "**VLSU and memory.** Unit-stride accesses move %u bytes per beat with several beats in\n"
        "flight, so a long unit-stride stream runs near DRAM bandwidth once the first\n"
        "access's latency is paid; strided and indexed accesses take one element per cycle.\n"
        "DTCM: 1 cycle. DRAM: %u cycles latency, %u bytes per cycle shared by everything.\n"
        "Up to %u vector memory instructions are in flight. Loads run ahead: an unmasked\n"
        "unit-stride or whole-register load that cannot fault issues its reads ahead of the\n"
        "older queued arithmetic instructions and unit-stride stores to other bytes (a loop's\n"
        "next-iteration load need not wait for this iteration's `vfmacc`/`vse` on the same\n"
        "register); its data enters the register only after those older instructions are\n"
        "done with it, so a loop pays the DRAM latency once, not per iteration. Masked,\n"
        "strided, indexed and segment loads wait their turn in program order.\n"
        "Scalar loads/stores wait while the VLSU has work (memory order is program order).\n"
        "Vector memory faults are reported when the access executes (imprecise: later scalar\n"
        "instructions may have retired).\n\n"
        "**Counters** (perf report, and mhpmcounter3.. in order): cycles, instret, vec_busy\n"
        "(arithmetic unit executing), vlsu_busy, stall_raw (scalar interlock), stall_vq\n"
        "(vector queue full / waiting for a vector result), stall_mem (scalar load/store\n"
        "waiting), vstall_hazard (vector issue blocked by the scoreboard), fpu_busy,\n"
        "branch_flush (cycles lost to taken branches and jumps).\n\n"
        "**Roofline** (ideal cycles): %u fp32 operations per cycle (vec_peak) and %u fused\n"
        "multiply-adds per cycle (mac_peak), %u DRAM bytes per cycle.\n\n",
        h->vq_depth, h->lanes, h->vlen, h->beat_bytes, KC_DRAM_DEFAULT_LATENCY, KC_DRAM_DEFAULT_BW, h->nvlsu,
        h->lanes, h->lanes, KC_DRAM_DEFAULT_BW);
}

static void doc_fp(kc_isagen_buf *b)
{
    kc_isagen_buf_printf(b,
        "## Floating point\n\n"
        "IEEE-754 binary32. Rounding: RNE and RTZ only; any other rounding mode (a static rm\n"
        "field, or frm set to one for a dynamic rm) traps as an illegal instruction.\n"
        "Subnormal inputs and results are flushed to zero. NaN results are the canonical\n"
        "NaN 0x7fc00000. fflags: NV and DZ exact, NX/OF/UF best effort. Tail- and\n"
        "mask-agnostic policies (ta, ma) behave as undisturbed.\n\n");
}

static void doc_insns(kc_isagen_buf *b)
{
    static const struct { const char *ext, *title; } exts[] = {
        { "I", "RV32I: integer" }, { "M", "M: multiply and divide" }, { "ZICSR", "Zicsr: CSRs" },
        { "F", "F: single-precision floating point" }, { "V", "Zve32f: vector" },
    };
    kc_isagen_buf_printf(b,
        "## Instructions\n\n"
        "Everything not listed here traps as an illegal instruction. Latency: cycles until\n"
        "a dependent instruction can use the result (vector: the first register of the\n"
        "group; loads from the DTCM, DRAM adds its latency). Occupancy: cycles the unit is\n"
        "busy (1 = pipelined), once, per register of the destination group (x LMUL) or per\n"
        "element (x vl). Operand order is LLVM's; `vm` is an optional `, v0.t` (masked).\n\n"
        "CSRs: fflags (0x001), frm (0x002), fcsr (0x003), vstart (0x008, must stay 0), vxsat\n"
        "(0x009, set by the saturating adds), vxrm (0x00a), vcsr (0x00f), vl (0xc20), vtype\n"
        "(0xc21), vlenb (0xc22), misa (0x301), mvendorid..mhartid (0xf11-0xf14), mcycle/cycle,\n"
        "minstret/instret, mhpmcounter3../hpmcounter3.. (the counters above).\n\n");
    for (size_t e = 0; e < sizeof exts / sizeof exts[0]; e++) {
        kc_isagen_buf_printf(b, "### %s\n\n| instruction | operands | unit | latency | occupancy | semantics |\n"
                                "|---|---|---|---|---|---|\n", exts[e].title);
        for (size_t i = 0; i < rvv_isa_count(); i++) {
            const rvv_isa_insn *in = rvv_isa_at(i);
            if (strcmp(in->ext, exts[e].ext))
                continue;
            char ops[96];
            snprintf(ops, sizeof ops, "%s", in->fmt->syntax);
            kc_isagen_buf_printf(b, "| %s | %s | %s | %d | %d%s | %s |\n", in->name, ops, in->unit->id, in->lat,
                                 in->occ, scale_text(in->scale), in->sem);
        }
        kc_isagen_buf_printf(b, "\n");
    }
    kc_isagen_buf_printf(b, "Units:\n\n");
    for (size_t u = 0; u < rvv_isa_nunits(); u++)
        kc_isagen_buf_printf(b, "- %s: %s\n", rvv_isa_unit_at(u)->id, rvv_isa_unit_at(u)->desc);
    kc_isagen_buf_printf(b, "\nOperand tokens: xd/xs1/xs2 integer registers, fd/fs1/fs2/fs3 fp registers,\n"
                            "vd/vs1/vs2/vs3 vector registers, iaddr `imm(rs1)`, vaddr `(rs1)`, simm5/uimm5 5-bit\n"
                            "immediates, vtypei `e32, m8, ta, ma`, rm an optional rounding mode (rne, rtz).\n"
                            "LLVM's pseudo-instructions (li, la, mv, ret, call, j, bnez, vmv.v.v, vfneg.v,\n"
                            "fmv.s, ...) expand to the instructions above.\n\n");
}

static void doc_examples(kc_isagen_buf *b, const rvv_hw *h)
{
    kc_isagen_buf_printf(b,
        "## Worked examples\n\n"
        "Vector add, out[i] = x[i] + y[i] for 1000 fp32 elements (a0 = x, a1 = y, a2 = out).\n"
        "vsetvli returns how many elements this pass handles (at most %u with e32, m8), so\n"
        "the loop needs no tail code:\n\n"
        "```asm\n"
        "        .text\n"
        "        .globl  kernel\n"
        "kernel:\n"
        "        li      a3, 1000                # elements left\n"
        "1:      vsetvli t0, a3, e32, m8, ta, ma  # t0 = elements this pass\n"
        "        vle32.v v8, (a0)\n"
        "        vle32.v v16, (a1)\n"
        "        vfadd.vv v8, v8, v16\n"
        "        vse32.v v8, (a2)\n"
        "        sub     a3, a3, t0\n"
        "        slli    t0, t0, 2               # elements -> bytes\n"
        "        add     a0, a0, t0\n"
        "        add     a1, a1, t0\n"
        "        add     a2, a2, t0\n"
        "        bnez    a3, 1b\n"
        "        ret\n"
        "```\n\n"
        "Sum of 1000 fp32 elements into out[0] (a0 = x, a1 = out): accumulate whole registers\n"
        "(tail undisturbed, so the last short pass keeps the other partial sums), then one\n"
        "unordered reduction:\n\n"
        "```asm\n"
        "        .text\n"
        "        .globl  kernel\n"
        "kernel:\n"
        "        li      a2, 1000\n"
        "        vsetvli t0, zero, e32, m8, ta, ma\n"
        "        vmv.v.i v8, 0                   # partial sums = +0.0\n"
        "1:      vsetvli t0, a2, e32, m8, tu, ma\n"
        "        vle32.v v16, (a0)\n"
        "        vfadd.vv v8, v8, v16\n"
        "        sub     a2, a2, t0\n"
        "        slli    t0, t0, 2\n"
        "        add     a0, a0, t0\n"
        "        bnez    a2, 1b\n"
        "        vsetvli t0, zero, e32, m8, ta, ma\n"
        "        vmv.s.x v24, zero               # start value 0.0\n"
        "        vfredusum.vs v24, v8, v24       # v24[0] = sum of all partial sums\n"
        "        vfmv.f.s fa0, v24\n"
        "        fsw     fa0, 0(a1)\n"
        "        ret\n"
        "```\n\n"
        "The same kind of loop in C with intrinsics, y = 2x + 1 for 1000 elements:\n\n"
        "```c\n"
        "#include <riscv_vector.h>\n"
        "#define N 1000\n"
        "void kernel(const float *x, float *y)\n"
        "{\n"
        "    for (size_t i = 0; i < N;) {\n"
        "        size_t vl = __riscv_vsetvl_e32m8(N - i);\n"
        "        vfloat32m8_t v = __riscv_vle32_v_f32m8(x + i, vl);\n"
        "        v = __riscv_vfmadd_vf_f32m8(v, 2.0f, __riscv_vfmv_v_f_f32m8(1.0f, vl), vl);\n"
        "        __riscv_vse32_v_f32m8(y + i, v, vl);\n"
        "        i += vl;\n"
        "    }\n"
        "}\n"
        "```\n\n"
        "and as a plain loop for the auto-vectoriser:\n\n"
        "```c\n"
        "#define N 1000\n"
        "void kernel(const float *restrict x, float *restrict y)\n"
        "{\n"
        "    for (int i = 0; i < N; i++)\n"
        "        y[i] = 2.0f * x[i] + 1.0f;\n"
        "}\n"
        "```\n\n", 8 * h->vlen / 32);
}

static void doc_mistakes(kc_isagen_buf *b)
{
    kc_isagen_buf_printf(b,
        "## Common mistakes\n\n"
        "- Forgetting `.globl kernel`: the link fails with `undefined symbol: kernel`.\n"
        "- Advancing pointers by vl instead of vl x 4 bytes (fp32).\n"
        "- Register groups: with LMUL = 8 only v0, v8, v16, v24 name a group (m4: multiples\n"
        "  of 4, m2: even). A misaligned group traps as an illegal instruction; so does a\n"
        "  masked instruction whose destination group overlaps v0 at LMUL > 1, and a\n"
        "  widening/narrowing instruction whose source and destination groups overlap\n"
        "  illegally.\n"
        "- Rounding modes other than rne/rtz (or frm set to one) trap; `fcvt.w.s a0, fa0`\n"
        "  uses frm (RNE at reset), `fcvt.w.s a0, fa0, rtz` truncates like C's (int) cast.\n"
        "- `double` in C (a constant like `1.0` instead of `1.0f` makes an expression double)\n"
        "  and libm calls (`expf`) do not link: use float constants and kc_math.h.\n"
        "- vfredosum.vs is ordered (one element per fp latency): use vfredusum.vs or, better,\n"
        "  accumulate whole registers and reduce once at the end.\n"
        "- vfdiv/vfsqrt are iterative: multiply by a reciprocal computed once, or refine\n"
        "  vfrec7.v/vfrsqrt7.v with Newton steps.\n"
        "- vmv.x.s / vfmv.f.s / vcpop.m / vfirst.m inside a loop stall the scalar core until\n"
        "  the vector queue drains up to them.\n"
        "- Large arrays in .data/.bss or on the stack must fit the DTCM; tensors live in DRAM\n"
        "  only.\n\n");
}

kc_status rvv_isadoc(const kc_hw *hw, char **out, kc_err *err)
{
    rvv_hw h;
    kc_status s = rvv_hw_from(hw, &h, err);
    if (s != KC_OK)
        return s;
    kc_isagen_buf b = { 0 };
    doc_header(&b, hw, &h);
    doc_memory(&b, &h);
    doc_abi(&b, &h);
    doc_build(&b, &h);
    doc_timing(&b, &h);
    doc_fp(&b);
    doc_insns(&b);
    doc_examples(&b, &h);
    doc_mistakes(&b);
    return kc_isagen_buf_finish(&b, out, err);
}
