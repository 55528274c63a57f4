/* kc_isagen_doc.c — the agent-facing ISA document (docs/isa/<isa>.md), generated
 * from an ISA table and the sizes of one build (a kc_hw table).
 *
 * Everything per-instruction comes from the table; the machine overview prose
 * (what the table cannot say: DMA row rules, loops, traps, the ABI) is kept per
 * ISA in isagen_overviews below. Output is deterministic: no dates, no paths of
 * the build machine.
 */
#include "kc_isagen.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <string.h>

#include "kc_asm.h"
#include "kc_dram.h"
#include "kc_isagen_buf.h"
#include "kc_isagen_doc.h"
#include "kc_timing.h"
#if defined(__has_include)
#if __has_include("kc_fp.h")
#include "kc_fp.h"
#endif
#endif

/* ---- document: per-ISA prose ---------------------------------------------------------- */

static long gen_param(const kc_isa *isa, const char *name)
{
    const kc_isa_param *p = kc_isa_param_by_name(isa, name);
    return p ? p->value : 0;
}

/* A timing row's value at the default DRAM (its own N). */
static double gen_tvalue(const kc_isa *isa, const kc_isa_timing *t)
{
    kc_timing_env env = kc_timing_default_env(isa, t->n);
    double v = 0;
    kc_err err;
    kc_err_clear(&err);
    return kc_timing_eval(isa, t->formula, &env, &v, &err) == KC_OK ? v : -1;
}

/* The value of the row called id (prose quotes these, so it cannot disagree). */
static long gen_tval(const kc_isa *isa, const char *id)
{
    for (size_t i = 0; i < isa->ntimings; i++)
        if (!strcmp(isa->timings[i].id, id))
            return (long)gen_tvalue(isa, &isa->timings[i]);
    return -1;
}

/* "VLEN + 1 = 17" (with "N = 8" when the formula uses N). */
static void gen_tformula(const kc_isa *isa, const kc_isa_timing *t, kc_isagen_buf *b)
{
    kc_isagen_buf_printf(b, "`%s` = %g", t->formula, gen_tvalue(isa, t));
    for (const char *p = t->formula; *p; p++)
        if (*p == 'N' && (p == t->formula || !isalnum((unsigned char)p[-1])) &&
            !isalnum((unsigned char)p[1])) {
            kc_isagen_buf_printf(b, " (N = %d)", t->n);
            break;
        }
}

static void npu_timing(const kc_isa *isa, kc_isagen_buf *b)
{
    kc_timing_env env = kc_timing_default_env(isa, 0);
    kc_isagen_buf_printf(b,
        "### Timing\n\n"
        "**Issue cost.** One instruction issues per cycle, in order, and every instruction costs its "
        "issue cycle: address and row-number updates are instructions of their own (there is no "
        "auto-increment addressing), and so are loop set-up, configuration writes and DMA commands. "
        "Hardware loops have no per-iteration cost. A kernel's cycles are at least its issued "
        "instructions plus its stalls plus its fetch bubbles.\n\n"
        "**Fetch.** The instruction memory is a synchronous SRAM (one port, a registered read): an "
        "instruction is read at one clock edge and decoded, checked and issued in the cycle after it. "
        "Fetch reads one instruction ahead: while an instruction issues, the one that follows it in "
        "sequence is read, that is pc + 1, or the start of a hardware-loop body when pc + 1 ends the "
        "body and the loop iterates again (fetch applies the loop stack as that instruction will see "
        "it, so loop back edges and loop exits cost nothing). When the issuing instruction continues "
        "anywhere else (a taken branch, `j`, `jal`, `jr`, a `loop` whose count is 0) the instruction "
        "read ahead is dropped and the target is read at the issue edge: **one bubble cycle** in "
        "which nothing issues (counter fetch_bubble), so its target issues 2 cycles after it. A "
        "branch or jump to the instruction fetch read anyway (the next one, or the loop start at a "
        "back edge) costs no bubble. A not-taken branch costs nothing. The first instruction of a "
        "run also waits one cycle for its fetch (one fetch bubble per run). Prefer hardware loops "
        "to counted branch loops, and lay out `if`s so the common path falls through.\n\n"
        "The figures below are **cycles from the issue of the first instruction to the issue of the "
        "second** (back to back, the second waiting on the first as described); an instruction that "
        "does not depend on a unit issues the next cycle. Formulas use the parameters of section 2 "
        "and the DRAM: LAT = latency (default %g cycles), BW = bandwidth (default %g bytes per cycle), "
        "BEAT = %g bytes per DMA beat (one aligned SRAM row); N is the size named in the row; `ceil` "
        "rounds up. Values are at the default DRAM. Every row is measured on the RTL at two DRAM "
        "configurations by the project's tests, so these are the hardware's numbers, not estimates.\n\n"
        "| instructions | timing | formula = cycles |\n|---|---|---|\n",
        env.lat, env.bw, env.beat);
    for (size_t i = 0; i < isa->ntimings; i++) {
        const kc_isa_timing *t = &isa->timings[i];
        if (!strncmp(t->insns, "unit:", 5))
            kc_isagen_buf_printf(b, "| every %s instruction | %s | ", t->insns + 5, t->what);
        else
            kc_isagen_buf_printf(b, "| %s | %s | ", t->insns, t->what);
        gen_tformula(isa, t, b);
        kc_isagen_buf_printf(b, " |\n");
    }
    kc_isagen_buf_printf(b, "\n"
        "**Ideal cycles.** A task's ideal cycles are a roofline: max(vector operations / VLEN, "
        "multiply-accumulates / (MLEN*VLEN), compulsory DRAM bytes / BW), each input read once and each "
        "output written once. They count compute and traffic only and **ignore issue cost** (one "
        "instruction per cycle, no auto-increment: every row-number or address update is an "
        "instruction), DRAM latency, loop set-up and the waits above, so an efficiency of 1.0 is not "
        "reachable. A rough issue bound beside it: a kernel needs at least one cycle per instruction "
        "it issues, e.g. a vector pass that spends one `addi` per `vadd` issues 2 instructions per "
        "VLEN elements.\n\n");
}

static void npu_overview(const kc_isa *isa, kc_isagen_buf *b)
{
    long vlen = gen_param(isa, "VLEN");
    kc_isagen_buf_printf(b,
        "## 1. The machine\n\n"
        "The npu is a transformer-style accelerator with a custom fixed-width (32-bit) ISA. "
        "One instruction issues per cycle, in order, from a private instruction memory; "
        "program counters count **instructions**, not bytes.\n\n"
        "- **Scalar unit.** Integer registers r0..r%ld (32-bit; r0 always reads 0), fp32 registers "
        "f0..f%ld, and DRAM address registers a0..a%ld (32-bit byte addresses). Integer, fp32 and "
        "address arithmetic, branches and configuration-register access.\n"
        "- **Vector SRAM.** %ld rows of %ld bf16 lanes (%ld bytes per row). A vector operand is a "
        "**row number held in an integer register**, written `[rN]`: `vadd [r3], [r1], [r2]` adds the "
        "rows whose numbers are in r1 and r2 and writes the row numbered r3. There are no vector "
        "registers.\n"
        "- **Vector unit.** %ld lanes; reads bf16 rows, computes in fp32, rounds the result to bf16 "
        "(round to nearest even). Lane-wise add/sub/mul/max/min, the same with a scalar fp32 operand "
        "(the `...s` forms), exp, reciprocal, rsqrt, broadcast, and sum/max reductions into an fp "
        "register. Only lanes below `vmask` are written or reduced.\n"
        "- **DMA engines.** `dld` / `dst` (and `mld`) move rows between DRAM and the SRAMs in the "
        "background while the scalar and vector units continue: two load engines take load commands "
        "in turn (the second issues its requests while the first waits for its data; loads complete "
        "in order) and one store engine takes `dst`.\n"
        "- **SRAM contents at reset.** Vector SRAM, matrix SRAM and the weight buffers are RAMs that "
        "reset does not clear: a "
        "kernel must not read a row it did not write (the accumulators do start at +0). A taken "
        "branch as the last instruction of a hardware-loop body still counts that iteration.\n"
        "- **Hardware loops.** `loop` / `loopi` repeat a block with no per-iteration cost, nested up "
        "to %ld deep.\n"
        "- **Matrix unit.** An output-stationary systolic array of %ld x %ld processing elements "
        "(%ld bf16 x bf16 -> fp32 multiply-accumulates per cycle) with %ld x %ld fp32 accumulators, "
        "a matrix SRAM of %ld rows x %ld bf16 (filled from DRAM by `mld`, like `dld`), and two "
        "%ld x %ld weight buffers b0/b1. `mldb b, [rM]` copies %ld matrix-SRAM rows into buffer b "
        "(row k = B[k][*]); `mldbt` copies them as columns (B = W^T, so a row-major weight matrix or K "
        "needs no transposing pass). `mmac b, [rA]` multiplies the A tile (`mrows` vector-SRAM rows "
        "from X[rA]; lane k of row i is A[i][k]) by buffer b into the accumulators in %ld cycles; "
        "back-to-back `mmac`s stream without bubbles. `mst [rD]` writes the accumulator rows "
        "(rounded to bf16) to vector SRAM and clears them. A tiled GEMM is worked in section 12.\n"
        "  Dataflow: processing element (i, j) holds accumulator C[i][j]; at step k (one per cycle) "
        "the feeder sends lane k of the A rows into the rows of the array and row k of the weight "
        "buffer into its columns; A moves one element right and B one element down per cycle, skewed "
        "so that A[i][k] and B[k][j] meet in element (i, j). Each element is three pipeline stages: "
        "operand registers (which pass A and B on), an exact bf16 x bf16 product, and the fp32 "
        "accumulate (one rounding per step, k ascending, as the semantics say), so the last "
        "accumulator is written 2*VLEN + mrows cycles after the `mmac` issues. The weight buffers are "
        "read only by the feeder, one row per cycle.\n\n",
        gen_param(isa, "NXREGS") - 1, gen_param(isa, "NFREGS") - 1, gen_param(isa, "NAREGS") - 1,
        gen_param(isa, "VROWS"), vlen, vlen * 2, vlen, gen_param(isa, "LOOP_DEPTH"),
        gen_param(isa, "MLEN"), vlen, gen_param(isa, "MLEN") * vlen, gen_param(isa, "MLEN"), vlen,
        gen_param(isa, "MROWS"), vlen, vlen, vlen, vlen, vlen);

    kc_isagen_buf_printf(b,
        "### DMA: rows and zero padding\n\n"
        "`dld [rD], aS, rN` loads **X[rN] DRAM rows**. DRAM row r starts at byte address "
        "`A[aS] + r*dstride` and holds `dlen` bf16 elements (2*dlen bytes). Each DRAM row fills "
        "`ceil(dlen/%ld)` consecutive SRAM rows starting at row `X[rD] + r*ceil(dlen/%ld)`: **every DRAM "
        "row starts a new SRAM row**, and the lanes past `dlen` in its last SRAM row are **written with "
        "zeros**. `dst` is the inverse: for each row it stores exactly `dlen` elements (lanes past `dlen` "
        "are not stored, so nothing outside the row is touched).\n\n"
        "- `dstride` is in **bytes** (2 per element) and must be even; `dlen` is in **elements**. "
        "A contiguous [R x C] bf16 tensor is read with `dlen = C`, `dstride = 2*C`.\n"
        "- DRAM addresses must be even (bf16 aligned); every byte touched must lie inside DRAM; every "
        "SRAM row touched must be < %ld. Violations trap (see Traps).\n"
        "- The row count comes from a register; `dlen` and `dstride` are the configuration registers "
        "in effect when the `dld`/`dst` issues.\n"
        "- Padding matters for reductions: zeros from a short row take part in `vredsum` / `vredmax` "
        "unless `vmask` excludes those lanes (max over a row of negatives would become 0).\n\n",
        vlen, vlen, gen_param(isa, "VROWS"));

    long mlen = gen_param(isa, "MLEN");
    kc_isagen_buf_printf(b,
        "### Hazards and interlocks\n\n"
        "Every hazard is interlocked: an instruction that needs a result not ready yet **stalls** (waits "
        "to issue, and everything behind it waits too); it never reads a stale value. How long each wait "
        "lasts is in Timing below. The rules:\n\n"
        "- **Scalar, address, configuration, fp moves:** results are usable by the next instruction "
        "(`fmax`, `fmin`, `fmvif`, `fmvfi`, `flui`, `flli` too).\n"
        "- **Scalar fp arithmetic:** `fadd`, `fsub`, `fmul`, `ffma`, `fcvtif` go down a pipelined fp unit "
        "(one per cycle) and write their register %ld cycles after issue (FP_LAT); `fexp`, `frecip`, "
        "`frsqrt` run on the shared special-function unit below and write theirs %ld cycles after issue "
        "(SFU_LAT). There is no bypass: an instruction that reads the register, or writes it, waits "
        "until then. Chains of dependent fp ops (a running sum over rows) pay this latency per link: "
        "interleave independent chains.\n"
        "- **Vector:** the vector unit is fully pipelined (one instruction per cycle). An element-wise "
        "result row is written back %ld cycles after issue (VEC_LAT); an instruction reading it (`vmacs` "
        "reads its destination too; `dst`, `mmac` and a reduction also read rows) waits until then, while "
        "one that only writes the row does not wait (writes land in order, lane-masked). A reduction's "
        "fp register is usable %ld cycles after issue (2*log2(VLEN) + 1); an instruction reading or "
        "writing that register waits (another reduction into it does not).\n"
        "- **Special functions (`vexp`, `vrecip`, `vrsqrt`)** run on one shared, pipelined special-function "
        "unit of %ld lanes: a row enters it in %ld cycles (one group of %ld lanes per cycle) and is "
        "written back %ld cycles after issue. An instruction that reads or writes that row (a `dld`/`dst`/"
        "`mmac`/`mst` touching it too) waits until then; the next special function waits until the row "
        "before it has entered the unit (one every %ld cycles). Everything else issues meanwhile: put "
        "independent work (other rows' adds, the next row's special function) between a special "
        "function and its use.\n"
        "- **Vector-SRAM banks:** the vector SRAM is %ld banks, row r in bank r mod %ld (VBANKS), and a "
        "bank reads one row and writes one row per cycle. Reads happen at issue (an instruction's operand "
        "rows, an `mmac`'s A rows) and when a `dst` sends a beat (its row, and the previous one when the "
        "DRAM row is not lane-aligned; the `dst` goes first). Two operand rows of one instruction in one "
        "bank cost a cycle (the second is read the cycle before it issues); an instruction reading a bank "
        "a `dst` reads that cycle waits. Every write's cycle is fixed when it issues: an element-wise row "
        "3 cycles after issue, a special function's row group by group 5 .. 4 + VLEN/SFU_LANES cycles "
        "after, an `mst`'s rows at issue, a `dld` beat %ld cycles after it arrives from DRAM (the landing "
        "line: the hardware sees every DMA write that far ahead). An instruction whose write would fall in "
        "a cycle its bank is already written waits. Bank waits count as stall_bank. Keep the rows one "
        "instruction reads in different banks (lay regions read together a bank apart), and the rows "
        "element-wise work writes out of the bank a special function is writing.\n"
        "- **Loads (`dld`, `mld`) run in the background.** An instruction that reads or writes vector-SRAM "
        "rows a `dld` has not filled yet waits for those rows (row by row, not for the whole load); `mldb`/"
        "`mldbt` waits for the matrix-SRAM rows an `mld` has not filled yet; `mmac` waits for a `dld` "
        "still filling its A rows; `mst` waits for a `dld` still filling the rows it writes.\n"
        "- **Stores (`dst`) run in the background.** An instruction that writes vector-SRAM rows a `dst` "
        "has not read yet waits (vector instructions, a `dld` into them, `mst`); reading them does not wait.\n"
        "- **Through DRAM:** a `dld` or `mld` of DRAM bytes an unfinished `dst` writes waits for the `dst`; "
        "a `dst` of DRAM bytes an unfinished `dld` or `mld` reads waits for the load. So intermediates can "
        "go through DRAM without a fence.\n"
        "- **DMA engines:** two load engines take `dld`/`mld` in turn, one store engine takes `dst`; a "
        "DMA instruction whose engine is busy waits (a third load in a row waits for the first). An "
        "`mld` also waits while the weight loader is busy with an `mldb`/`mldbt`.\n"
        "- **Around a pending `mmac`:** `mmac` reads its A rows from vector SRAM **at issue**, so later "
        "instructions may overwrite them at once; it waits for a vector instruction still writing them. "
        "One `mmac` is fed at a time: the next `mmac` waits until the previous one has fed the array "
        "(%ld cycles). An `mmac` on a buffer being loaded waits for the load (`mldb` takes %ld cycles). "
        "A buffer in use cannot be reloaded until the feeder has read it (the weights then travel "
        "through the array, not from the buffer): `mldb`/`mldbt` into it waits "
        "until %ld cycles after the last `mmac` on it (the other buffer is free). The accumulators are "
        "read only by `mst`, which waits until the array has drained (2*VLEN + mrows + 1 = %ld cycles "
        "after the last `mmac` with mrows = %ld) and then writes its rows at issue. Vector instructions "
        "and DMA never wait for `mmac`s: they cannot reach the accumulators or the weight buffers.\n"
        "- **`halt`** waits until every load, store, vector and matrix operation has finished.\n\n"
        "Stalls show in the profile counters (stall_vector, stall_dma, stall_matrix, stall_bank, stall_drain; fetch "
        "bubbles in fetch_bubble; stall_vector also counts waits for a scalar fp or special-function "
        "result, and vector_busy the special-function unit's scalar work) and, per "
        "instruction, in the profile's stall sites. To overlap DMA with compute, work on different rows "
        "(double buffering).\n\n"
        "**DRAM bandwidth is shared.** There is one DRAM port: loads and stores take turns beat by beat "
        "(one beat = %ld bytes = one aligned SRAM row) while both have beats to send, so a `dst` running "
        "beside a load slows the load down. Load data returns **in issue order**, across both load "
        "engines: one long `dld`/`mld` holds back the rows of a small load issued after it. Issue large "
        "loads early and small urgent loads first.\n\n",
        gen_param(isa, "FP_LAT"), gen_param(isa, "SFU_LAT"),
        gen_param(isa, "VEC_LAT"), gen_tval(isa, "vred_fp"), gen_param(isa, "SFU_LANES"), gen_tval(isa, "sfu_thru"),
        gen_param(isa, "SFU_LANES"), gen_tval(isa, "sfu_dep"), gen_tval(isa, "sfu_thru"),
        gen_param(isa, "VBANKS"), gen_param(isa, "VBANKS"),
        gen_param(isa, "VLEN") / gen_param(isa, "SFU_LANES") + 5,
        gen_tval(isa, "mmac_mmac"), gen_tval(isa, "mldb_mmac"),
        gen_tval(isa, "mmac_mldb"), gen_tval(isa, "mmac_mst"), mlen, 2 * vlen);

    npu_timing(isa, b);

    kc_isagen_buf_printf(b,
        "### Hardware loops\n\n"
        "`loop rN, end` / `loopi COUNT, end` run the instructions from the next one up to (not "
        "including) the label `end` COUNT times. The count is read once, at entry; `loop` with X[rN] = 0 "
        "skips the body. Loops nest up to %ld deep. Do not branch out of a loop body; the body must not "
        "be empty. Loop overhead is zero cycles per iteration.\n\n",
        gen_param(isa, "LOOP_DEPTH"));

    kc_isagen_buf_printf(b,
        "### Traps\n\n"
        "A trap stops the kernel and reports the cause, the PC of the instruction and a detail value:\n\n"
        "| cause | name | when | detail |\n|---|---|---|---|\n"
        "| 1 | illegal-instruction | the word is not a legal instruction (see Encoding); also the zero "
        "words after a program without `halt` | the word |\n"
        "| 2 | pc-range | jump/branch/fall-through outside instruction memory | the pc |\n"
        "| 3 | vsram-range | a vector or DMA instruction touches a row >= %ld | the row |\n"
        "| 4 | dram-range | a DMA transfer touches bytes outside DRAM | the byte address |\n"
        "| 5 | dram-misaligned | odd DRAM address or odd `dstride` | address or stride |\n"
        "| 6 | bad-config | `vmask` not in 1..%ld or `dlen` = 0 when used | the value |\n"
        "| 7 | loop | loops nested deeper than %ld, or an empty loop body | the pc |\n\n"
        "A run also stops with a timeout when it exceeds the cycle limit of the harness.\n\n",
        gen_param(isa, "VROWS"), vlen, gen_param(isa, "LOOP_DEPTH"));
}

static void npu_abi(const kc_isa *isa, kc_isagen_buf *b)
{
    (void)isa;
    kc_isagen_buf_printf(b,
        "## 5. Kernel ABI\n\n"
        "- On entry, **a0..a15 hold the DRAM byte addresses of the task's tensors, in the order the task "
        "lists them: inputs first, then outputs** (e.g. ReLU: a0 = x, a1 = y).\n"
        "- All other registers are 0 (r0..r15, f0..f15, unused a registers); vector SRAM contents are "
        "unspecified; configuration registers hold their reset values (table in section 6).\n"
        "- The kernel must end with `halt`. It may write **only the output tensors**: the checker "
        "surrounds them with sentinels and fails a kernel that writes anywhere else.\n"
        "- Tensors are bf16, row-major, contiguous unless the task says otherwise; shapes come from the "
        "task configuration and need not be multiples of VLEN (handle ragged edges with `dlen` and "
        "`vmask`).\n\n");
}

static void npu_example(const kc_isa *isa, kc_isagen_buf *b)
{
    long vlen = gen_param(isa, "VLEN");
    kc_isagen_buf_printf(b,
        "## 11. Worked example: ReLU\n\n"
        "y = max(x, 0) over a [ROWS x %ld] bf16 tensor (a0 = x, a1 = y). Rows move in chunks of 16 "
        "DRAM rows; the inner hardware loop applies `vmaxs` to each SRAM row of the chunk.\n\n"
        "```asm\n"
        "# ReLU over ROWS rows of %ld bf16 elements: a0 = x, a1 = y\n"
        ".equ ROWS, 64\n"
        ".equ CHUNK, 16                 # DRAM rows per DMA transfer\n"
        "        csrwi dlen, %ld             # elements per DRAM row\n"
        "        csrwi dstride, %ld          # bytes between DRAM rows\n"
        "        li    r2, CHUNK            # rows per transfer\n"
        "        fli   f1, 0.0              # threshold\n"
        "        loopi ROWS/CHUNK, done\n"
        "        dld   [r0], a0, r2         # DRAM -> SRAM rows 0..CHUNK-1\n"
        "        mv    r3, r0\n"
        "        loopi CHUNK, row_done\n"
        "        vmaxs [r3], [r3], f1       # waits for the dld rows (interlock)\n"
        "        addi  r3, r3, 1\n"
        "row_done:\n"
        "        dst   [r0], a1, r2         # SRAM -> DRAM\n"
        "        addai a0, a0, CHUNK*%ld\n"
        "        addai a1, a1, CHUNK*%ld\n"
        "done:\n"
        "        halt\n"
        "```\n\n"
        "Faster variants alternate two SRAM regions so that the `dld` of the next chunk overlaps the "
        "compute of the current one, and handle a ragged last chunk with a second loop.\n",
        vlen, vlen, vlen, vlen * 2, vlen * 2, vlen * 2);
}

/* Section 12: a tiled GEMM on the matrix unit. tests/e2e runs this block on the
 * RTL as the gemm task's C1 (case doc_gemm_example); its variant that carries
 * accumulators across output tiles must be reported wrong (mat_gemm_acc_not_cleared). */
static void npu_gemm_example(const kc_isa *isa, kc_isagen_buf *b)
{
    kc_isagen_buf_printf(b,
        "\n## 12. Worked example: tiled GEMM, and common mistakes with the matrix unit\n\n"
        "C = A B for M = N = K = 32 (the `gemm` task, config 1: a0 = A [M x K], a1 = B [K x N], "
        "a2 = C [M x N], bf16, row-major). The array computes one **output tile** of 4 rows x 16 "
        "columns at a time: for each of the K/16 **K tiles**, `mldb` puts the 16 x 16 block "
        "B[16t..16t+15][16q..16q+15] into a weight buffer and `mmac` multiplies the 4 x 16 block "
        "A[m..m+3][16t..16t+15] by it into the accumulators; then `mst` writes the tile and clears "
        "the accumulators for the next one.\n\n"
        "Layout. An A tile is `mrows` **consecutive** vector-SRAM rows whose lane k is A[i][16t + k], so A "
        "is loaded per K tile with `dlen` = 16 and `dstride` = 2K: K tile t of all M rows lands in "
        "vector rows AROW + t*M + m. B is loaded per 16-column panel with `dlen` = 16 and `dstride` = "
        "2N: panel q, all K rows, lands in matrix rows q*K + k, so K tile t of panel q is the 16 "
        "consecutive matrix rows starting at q*K + 16t, which is what `mldb` reads.\n\n"
        "```asm\n"
        "# C = A B, M = N = K = 32: a0 = A, a1 = B, a2 = C (bf16, row-major)\n"
        ".equ M, 32\n"
        ".equ N, 32\n"
        ".equ K, 32\n"
        ".equ AROW, 0                   # vector rows 0..63: A, K tile t at AROW + t*M\n"
        ".equ CROW, 64                  # vector rows 64..127: C, panel q at CROW + q*M\n"
        "        csrwi dlen, 16             # 16 elements per DRAM row = one SRAM row\n"
        "        csrwi dstride, 2*K         # bytes between rows of A\n"
        "        li    r1, M\n"
        "        li    r2, AROW\n"
        "        dld   [r2], a0, r1         # A[:, 0:16]  -> vector rows 0..31\n"
        "        addai a3, a0, 32           # 16 elements further along each row\n"
        "        li    r2, AROW + M\n"
        "        dld   [r2], a3, r1         # A[:, 16:32] -> vector rows 32..63\n"
        "        csrwi dstride, 2*N         # bytes between rows of B (and of C)\n"
        "        li    r1, K\n"
        "        mld   [r0], a1, r1         # B[:, 0:16]  -> MATRIX rows 0..31\n"
        "        addai a3, a1, 32\n"
        "        li    r2, K\n"
        "        mld   [r2], a3, r1         # B[:, 16:32] -> matrix rows 32..63\n"
        "        li    r6, CROW             # output row of the current tile\n"
        "        li    r4, 0                # matrix row of the current B panel\n"
        "        loopi N/16, panels         # output columns 16q..16q+15\n"
        "        li    r5, AROW             # A tile: rows m..m+3 of K tile 0\n"
        "        loopi M/4, groups          # output rows m..m+3\n"
        "        mldb  0, [r4]              # b0 = B[0:16, panel]  (waits for the mld)\n"
        "        addi  r7, r4, 16           # (bookkeeping while the loader works)\n"
        "        addi  r8, r5, M\n"
        "        mmac  0, [r5]              # ACC += A[m:m+4, 0:16] x b0\n"
        "        mldb  1, [r7]              # b1 = B[16:32, panel]: directly after the mmac\n"
        "        mmac  1, [r8]              # ACC += A[m:m+4, 16:32] x b1\n"
        "        mst   [r6]                 # C[m:m+4, panel] as bf16; ACC = 0 for the next tile\n"
        "        addi  r5, r5, 4\n"
        "        addi  r6, r6, 4\n"
        "groups:\n"
        "        addi  r4, r4, K            # next B panel\n"
        "panels:\n"
        "        li    r1, M                # C panel q = vector rows CROW + q*M .. -> C[:, 16q..]\n"
        "        li    r2, CROW\n"
        "        dst   [r2], a2, r1         # dlen 16, dstride 2*N still in effect\n"
        "        addai a3, a2, 32\n"
        "        li    r2, CROW + M\n"
        "        dst   [r2], a3, r1\n"
        "        halt\n"
        "```\n\n"
        "Every hazard here is interlocked: `mldb` waits for the `mld` rows it reads and for in-flight "
        "`mmac`s that still read its buffer, `mmac` waits for the `dld` rows and for the loader of its "
        "buffer, `mst` waits for the array to drain. For speed, as the npu baseline kernels do: keep B in "
        "matrix SRAM while many row groups reuse it, alternate b0/b1 so each `mldb` overlaps the "
        "previous `mmac`, issue the `mldb` of the next tile before the `mst`, double-buffer the B "
        "panels (load panel q+1 with `mld` while panel q computes) and the C panels (`dst` of panel "
        "q-1 runs in the background).\n\n"
        "**Put each `mldb` directly after the `mmac` it overlaps.** The loader needs %ld cycles per "
        "`mldb` and an `mmac` feeds the array for %ld, so with one `mldb` per `mmac` (no weight reuse) "
        "the loader sets the pace: `mmac b0; mldb b1; mmac b1; mldb b0; ...` runs at %ld cycles per "
        "`mmac`, and any instruction placed between an `mmac` and its `mldb` (an `addi` for the next "
        "row, say) delays every later `mmac` by one more cycle: %ld per `mmac`, a bubble per `mmac` "
        "(both measured: Timing, rows pair_direct and pair_gap). Put the bookkeeping after the `mldb`, "
        "or better, reuse each loaded buffer for several row groups: back-to-back `mmac`s on a loaded "
        "buffer run at %ld cycles each. The example above keeps each `mldb` directly after its `mmac` "
        "and does its `addi`s while the loader works.\n\n",
        gen_tval(isa, "mldb_mldb"), gen_tval(isa, "mmac_mmac"), gen_tval(isa, "pair_direct") / 3,
        gen_tval(isa, "pair_gap") / 3, gen_tval(isa, "mmac_mmac"));
    kc_isagen_buf_printf(b,
        "### Common mistakes with the matrix unit\n\n"
        "- **`mst` is the only way to read the accumulators, and it clears all of them.** Each output "
        "tile needs all its K tiles accumulated first and exactly one `mst` at the end. `mmac`s issued "
        "for a second tile before the first tile's `mst` add into the same accumulators (there is one "
        "set of MLEN x VLEN); an `mst` in the middle of the K loop stores a partial sum and restarts "
        "from zero.\n"
        "- **B is always VLEN x VLEN.** When K is not a multiple of 16, the A lanes past K must be "
        "zero (a `dld` with `dlen` = K mod 16 zero-pads them) AND the B rows past K must be finite: "
        "stale matrix SRAM can hold NaN or inf, and 0 x NaN = NaN. Zero them, or fill them once with "
        "finite values. Columns past N in the last panel are harmless if the `dst` uses `dlen` = N mod 16.\n"
        "- **`mrows`.** `mmac` reads and `mst` writes only `mrows` rows (1..MLEN, reset 4). Set `mrows` = M "
        "mod 4 for a ragged last row group (and back to 4 after), or the rows past M are read (junk "
        "rows) and written (past the end of your output). `mst` ignores `vmask`: it writes all 16 lanes.\n"
        "- **`mldbt` transposes.** Matrix row j becomes column j of the buffer: B[k][j] = row j, lane k. "
        "For Linear (y = x W^T, W is N x K) load 16 rows of W (outputs n..n+15) restricted to one K "
        "tile (`dlen` = 16, `dstride` = 2K) and `mldbt` them; using `mldb` there multiplies by W "
        "instead of W^T.\n"
        "- **Two SRAMs.** `mld`, `mldb`, `mldbt` take MATRIX-SRAM rows (0..1023); `mmac` and `mst` take "
        "VECTOR-SRAM rows. An A tile is consecutive vector rows of the same K tile: loading A rows "
        "whole (`dlen` = K) puts one row's K tiles in consecutive SRAM rows instead, which is not an "
        "A tile.\n"
        "- **One DMA command per engine.** `dld` and `mld` share two load engines used in turn: a "
        "second load overlaps the first one's DRAM latency, a third waits (stalling the core) until "
        "the first has finished. Prefer few large transfers, issued one compute step ahead.\n");
}

typedef struct gen_overview {
    const char *isa;
    void (*machine)(const kc_isa *, kc_isagen_buf *);
    void (*abi)(const kc_isa *, kc_isagen_buf *);
    void (*example)(const kc_isa *, kc_isagen_buf *);
} gen_overview;

static const gen_overview isagen_overviews[] = {
    {"npu", npu_overview, npu_abi, npu_example},
};

/* ---- document: table-driven parts ----------------------------------------------------- */

void kc_isagen_doc_operand(const kc_isa *isa, const kc_isa_operand *op, char *buf, size_t size)
{
    const kc_isa_regfile *rf = kc_isa_regfile_of(isa, op->kind);
    switch (op->kind) {
    case KC_ISA_K_R: case KC_ISA_K_F: case KC_ISA_K_A:
    case KC_ISA_K_P: case KC_ISA_K_O: case KC_ISA_K_W: case KC_ISA_K_Q:
        snprintf(buf, size, "%s %s0..%s%lld", rf->what, rf->prefix, rf->prefix, (long long)op->max);
        break;
    case KC_ISA_K_L:
        snprintf(buf, size, "memory operand [p0]..[p%lld]", (long long)op->max);
        break;
    case KC_ISA_K_J:
        snprintf(buf, size, "signed byte offset %lld..%lld inside the brackets ([p0, 64]; [p0] = 0)",
                 (long long)op->min, (long long)op->max);
        break;
    case KC_ISA_K_T:
        snprintf(buf, size, "label (or absolute bundle index 0..%lld)", (long long)op->max);
        break;
    case KC_ISA_K_V: case KC_ISA_K_M:
        snprintf(buf, size, "%s-SRAM row whose number is in %s0..%s%lld",
                 op->kind == KC_ISA_K_M ? "MATRIX" : "vector", rf->prefix, rf->prefix, (long long)op->max);
        break;
    case KC_ISA_K_S:
        snprintf(buf, size, "signed immediate %lld..%lld", (long long)op->min, (long long)op->max);
        break;
    case KC_ISA_K_U:
        snprintf(buf, size, "unsigned immediate %lld..%lld", (long long)op->min, (long long)op->max);
        break;
    case KC_ISA_K_N:
        snprintf(buf, size, "loop count %lld..%lld", (long long)op->min, (long long)op->max);
        break;
    case KC_ISA_K_B:
        snprintf(buf, size, "label (or absolute instruction index); offset %lld..%lld instructions",
                 (long long)op->min, (long long)op->max);
        break;
    case KC_ISA_K_C: {
        size_t k = (size_t)snprintf(buf, size, "%s:", isa->bundle_slots ? "name" : "configuration register");
        int first = 1;
        for (size_t i = 0; i < isa->ncfgs && k < size; i++) {
            if (isa->cfgs[i].id < op->min || isa->cfgs[i].id > op->max)
                continue;
            k += (size_t)snprintf(buf + k, size - k, "%s `%s`", first ? "" : ",", isa->cfgs[i].name);
            first = 0;
        }
        break;
    }
    case KC_ISA_K_I:
        snprintf(buf, size, "integer expression (32-bit)");
        break;
    case KC_ISA_K_X:
        snprintf(buf, size, "fp32 value: float literal (0.5, -1e-3, inf) or expression (1.0/768)");
        break;
    }
}

/* "opcode[31:26]=0x20 | rd[25:22] | ... | 0[13:6] | funct[5:0]=0x00" */
void kc_isagen_doc_layout(const kc_isa *isa, const kc_isa_insn *in, char *buf, size_t size)
{
    const char *owner[32];
    for (int bit = 0; bit < 32; bit++)
        owner[bit] = "0";
    for (int bit = isa->opcode_lo; bit < isa->opcode_lo + isa->opcode_width; bit++)
        owner[bit] = "opcode";
    if (in->funct >= 0)
        for (int bit = isa->funct_lo; bit < isa->funct_lo + isa->funct_width; bit++)
            owner[bit] = "funct";
    for (int k = 0; k < in->nops; k++)
        for (int bit = in->ops[k].field->lo; bit < in->ops[k].field->lo + in->ops[k].field->width; bit++)
            owner[bit] = in->ops[k].field->name;
    size_t n = 0;
    buf[0] = 0;
    for (int hi = 31; hi >= 0 && n < size;) {
        int lo = hi;
        while (lo > 0 && owner[lo - 1] == owner[hi])
            lo--;
        n += (size_t)snprintf(buf + n, size - n, "%s%s[%d:%d]", hi == 31 ? "" : " | ", owner[hi], hi, lo);
        if (!strcmp(owner[hi], "opcode") && n < size)
            n += (size_t)snprintf(buf + n, size - n, "=0x%02x", in->opcode);
        else if (!strcmp(owner[hi], "funct") && n < size)
            n += (size_t)snprintf(buf + n, size - n, "=%d", in->funct);
        hi = lo - 1;
    }
}

static void gen_insn(const kc_isa *isa, const kc_isa_insn *in, kc_isagen_buf *b)
{
    char usage[160], layout[400], one[200];
    kc_asm_usage(in->name, in->ops, in->nops, usage, sizeof usage);
    kc_isagen_doc_layout(isa, in, layout, sizeof layout);
    kc_isagen_buf_printf(b, "#### %s\n\n", in->name);
    kc_isagen_buf_printf(b, "%s\n\n", in->description);
    kc_isagen_buf_printf(b, "- Syntax: `%s`\n", usage);
    kc_isagen_buf_printf(b, "- Encoding: `%s` (match 0x%08x, mask 0x%08x)\n", layout, in->match, in->mask);
    for (int k = 0; k < in->nops; k++) {
        char syn[32];
        kc_asm_usage("", &in->ops[k], 1, syn, sizeof syn);
        kc_isagen_doc_operand(isa, &in->ops[k], one, sizeof one);
        kc_isagen_buf_printf(b, "%s`%s`: %s", k ? "; " : "- Operands: ", syn + 1, one);
    }
    if (in->nops)
        kc_isagen_buf_printf(b, "\n");
    if (in->semantics[0])
        kc_isagen_buf_printf(b, "- Semantics: `%s`\n", in->semantics);
    if (in->latency > 0)
        kc_isagen_buf_printf(b, "- Latency: %d cycle%s\n", in->latency, in->latency == 1 ? "" : "s");
    else
        kc_isagen_buf_printf(b, "- Latency: runs in the background; when its results can be used is below\n");
    const kc_isa_timing *rows[16];
    size_t nt = kc_timing_rows_for(isa, in->name, in->unit, rows, 16);
    for (size_t i = 0; i < nt && i < 16; i++) {
        kc_isagen_buf_printf(b, "%s", i ? "\n  - " : "- Timing (cycles, section 1 Timing):\n  - ");
        kc_isagen_buf_printf(b, "%s: ", rows[i]->what);
        gen_tformula(isa, rows[i], b);
    }
    if (nt)
        kc_isagen_buf_printf(b, "\n");
    kc_isagen_buf_printf(b, "- Example: `%s`\n", in->example);
    if (in->mistake[0])
        kc_isagen_buf_printf(b, "- Common mistake: %s\n", in->mistake);
    kc_isagen_buf_printf(b, "\n");
}

void kc_isagen_doc_regfiles(const kc_isa *isa, kc_isagen_buf *b)
{
    for (size_t i = 0; i < isa->nregfiles; i++)
        kc_isagen_buf_printf(b, "%s`%s0`..`%s%d` (%s)", i ? ", " : "", isa->regfiles[i].prefix,
                   isa->regfiles[i].prefix, isa->regfiles[i].count - 1, isa->regfiles[i].what);
}

void kc_isagen_doc_pseudos(const kc_isa *isa, kc_isagen_buf *b)
{
    kc_isagen_buf_printf(b, "| pseudo | expands to | description |\n|---|---|---|\n");
    for (size_t i = 0; i < isa->npseudos; i++) {
        const kc_isa_pseudo *ps = &isa->pseudos[i];
        char usage[160];
        kc_asm_usage(ps->name, ps->ops, ps->nops, usage, sizeof usage);
        kc_isagen_buf_printf(b, "| `%s` | `%s` | %s |\n", usage, ps->expansion, ps->description);
    }
}

static const char *const gen_unit_titles[][2] = {
    {"control", "Control flow and hardware loops"},
    {"scalar", "Scalar unit (integer, address, configuration)"},
    {"fp", "Scalar fp32 (pipelined; exp/recip/rsqrt on the shared SFU)"},
    {"vector", "Vector unit (rows of vector SRAM)"},
    {"dma", "DMA engine (DRAM <-> vector and matrix SRAM)"},
    {"matrix", "Matrix unit (systolic array)"},
};

static void gen_syntax(const kc_isa *isa, kc_isagen_buf *b)
{
    kc_isagen_buf_printf(b,
        "## 7. Assembler syntax\n\n"
        "- One statement per line. Mnemonics and register names are case-insensitive; labels and "
        "constants are case-sensitive.\n"
        "- Labels: `name:` at the start of a line, optionally followed by a statement on the same line. "
        "A label's value is its instruction index.\n"
        "- Comments: `#` or `//` to the end of the line.\n"
        "- Constants: `.equ NAME, expr` defines a constant once; `.set NAME, expr` may be redefined "
        "later. A constant must be defined above its first use.\n"
        "- `.word expr[, expr...]` emits raw 32-bit words (the disassembler prints words that are not "
        "legal instructions this way).\n"
        "- Integer expressions: decimal, `0x` hex, `0b` binary literals, constants and labels, unary "
        "`- + ~`, binary `* / %% + - << >> & ^ |` (C precedence) and parentheses (parentheses and unary "
        "operators nest at most %d deep). Immediates are checked "
        "against their field: a value out of range is an error that shows the allowed range.\n"
        "- Registers: ", KC_ASM_MAX_NESTING);
    kc_isagen_doc_regfiles(isa, b);
    kc_isagen_buf_printf(b, "; a vector row operand is an integer register in brackets, `[r3]`.\n"
        "- Branch, jump and loop operands are targets: a label, or an absolute instruction index (what "
        "the disassembler prints; disassembled code assembles back to the same words).\n"
        "- Diagnostics are `file:line:col: error: message`, with a hint (closest mnemonic, expected "
        "operand kind, allowed range).\n\n"
        "### Pseudo-instructions\n\n");
    kc_isagen_doc_pseudos(isa, b);
    kc_isagen_buf_printf(b, "\nIn an expansion, `?s16` keeps an instruction only when the value fits a signed 16-bit "
                  "immediate, `?lo` only when its low 16 bits are non-zero (`!` negates); `.hi`/`.lo` are the "
                  "upper/lower 16 bits (of the fp32 bits for `fli`). For example:\n\n```asm\n");
    kc_isagen_buf_printf(b, ".equ N, 768\n.set STEP, 2*16\nstart:                       # a label\n");
    for (size_t i = 0; i < isa->npseudos; i++)
        kc_isagen_buf_printf(b, "        %s\n", isa->pseudos[i].example);
    kc_isagen_buf_printf(b, "        fli f2, 1.0/N              # fp32 constant from an expression\n"
                  "        addi r4, r0, (N >> 4) - 1  # integer expression\n"
                  "        bne r4, r0, start\n        halt\n```\n\n");
}

/* The document of isa as the table describes it (its PARAM rows are the sizes). */
static kc_status doc_text(const kc_isa *isa, char **out, kc_err *err)
{
    if (isa->bundle_slots)   /* a bundle ISA: its own document (kc_isagen_doc_vliw.c) */
        return kc_isagen_doc_vliw(isa, out, err);
    const gen_overview *ov = NULL;
    for (size_t i = 0; i < sizeof isagen_overviews / sizeof isagen_overviews[0]; i++)
        if (!strcmp(isagen_overviews[i].isa, isa->name))
            ov = &isagen_overviews[i];
    if (!ov)
        return kc_err_set(err, KC_ERR_INTERNAL, "no document prose for ISA '%s'", isa->name);
    kc_isagen_buf b = {0};
    kc_isagen_buf_printf(&b, "# The %s instruction set\n\n", isa->name);
    kc_isagen_buf_printf(&b, "<!-- GENERATED from %s by kc_isagen. DO NOT EDIT. Regenerate with\n"
                   "     ./build/kc isa-doc --platform %s --out docs/isa/%s.md\n"
                   "     (or: cmake --build build --target isa-regen). A ctest fails while this copy is stale. -->\n\n",
               isa->def_path, isa->name, isa->name);
    kc_isagen_buf_printf(&b, "Everything an author needs to write %s kernels: the machine, its configuration, numerics, "
                   "the kernel ABI, assembler syntax and every instruction. Sections: 1 machine, 2 hardware "
                   "configuration, 3 DRAM, 4 numerics, 5 kernel ABI, 6 configuration registers, 7 assembler "
                   "syntax, 8 encoding, 9 instructions, 10 quick reference, 11 worked example (ReLU), "
                   "12 worked example (tiled GEMM) and common mistakes with the matrix unit.\n\n",
               isa->name);
    ov->machine(isa, &b);

    kc_isagen_buf_printf(&b, "## 2. Hardware configuration\n\nThese are the values the RTL is built with.\n\n"
                   "| parameter | value | meaning |\n|---|---|---|\n");
    for (size_t i = 0; i < isa->nparams; i++)
        kc_isagen_buf_printf(&b, "| %s | %ld | %s |\n", isa->params[i].name, isa->params[i].value, isa->params[i].desc);

    kc_isagen_buf_printf(&b, "\n## 3. DRAM\n\nShared DRAM model (defaults; a run may set others):\n\n"
                   "| property | default |\n|---|---|\n"
                   "| size | %u MiB |\n| latency | %u cycles from request to data |\n"
                   "| bandwidth | %u bytes per cycle |\n\n"
                   "A DMA transfer costs latency + beats x (beat bytes / bandwidth) cycles, loads and stores "
                   "share the bandwidth, and load data returns in issue order: exact figures in section 1, "
                   "Timing.\n\n",
               (unsigned)(KC_DRAM_DEFAULT_SIZE >> 20), (unsigned)KC_DRAM_DEFAULT_LATENCY,
               (unsigned)KC_DRAM_DEFAULT_BW);

    kc_isagen_buf_printf(&b, "## 4. Numerics\n\n"
                   "- Storage is **bf16** (vector SRAM, matrix SRAM, DRAM tensors: the upper 16 bits of an "
                   "fp32); arithmetic is **fp32**; every result is rounded to nearest, ties to even (to fp32 in "
                   "registers and accumulators, then to bf16 when written to a row).\n"
                   "- **Denormals are zero:** a denormal input reads as a zero of the same sign, and a result "
                   "whose exact value is below 2^-126 in magnitude is flushed to a zero of that sign (decided "
                   "before rounding). Overflow gives +-inf.\n"
                   "- **NaN:** any NaN result is the canonical quiet NaN (fp32 0x7FC00000, bf16 0x7FC0); inf * 0, "
                   "inf - inf (also inside an fma) and rsqrt of a negative number give NaN. min/max with one NaN "
                   "operand return the other operand; -0 < +0 for min/max.\n"
                   "- Signed zeros follow IEEE: x + (-x) = +0, (-0) + (-0) = -0.\n"
                   "- `fadd`/`fsub`/`fmul` round once; `ffma`, `vmacs` and the matrix unit's steps are fused "
                   "(a*b + c, one rounding). `vredsum`/`vredmax` reduce in fp32 as a pairwise tree over the "
                   "VLEN lanes (lane 0+1, 2+3, ..., then those sums pairwise), one rounding per addition; "
                   "lanes at or past vmask count as -0 (sum) or -inf (max). `mmac` accumulates k = 0..VLEN-1 in order into fp32 accumulators, "
                   "rounded to bf16 only by `mst`.\n"
                   "- `fcvtif` converts a signed int32 with round to nearest even. bf16 -> fp32 is exact.\n");
#ifdef KC_FP_EXP_MAX_ULP
    kc_isagen_buf_printf(&b, "- **Special functions** (`fexp`/`vexp`, `frecip`/`vrecip`, `frsqrt`/`vrsqrt`) are computed "
                   "in fp32 within %g ulp (exp), %g ulp (recip) and %g ulp (rsqrt) of the exact result (faithfully rounded: always one of "
                   "the two fp32 values around it, usually the nearest), and the vector forms then round to bf16, so their bf16 results are within "
                   "about one bf16 ulp (2^-8 relative) of the exact value. Special values: exp(+-0) = 1, "
                   "exp(+inf) = +inf, exp(-inf) = +0, exp(x) = +inf for x >= ~88.72 and +0 for x < ~-87.34; "
                   "recip(+-0) = +-inf, recip(+-inf) = +-0; rsqrt(+0) = +inf, rsqrt(-0) = -inf, "
                   "rsqrt(+inf) = +0, rsqrt(x < 0) = NaN.\n\n",
               (double)KC_FP_EXP_MAX_ULP, (double)KC_FP_RECIP_MAX_ULP, (double)KC_FP_RSQRT_MAX_ULP);
#else
    kc_isagen_buf_printf(&b, "- Special functions (exp, reciprocal, rsqrt): faithfully rounded in fp32.\n\n");
#endif
    kc_isagen_buf_printf(&b, "### How outputs are checked\n\n"
                   "The reference computes the task in fp64 from the same bf16 inputs the kernel gets. An output "
                   "element passes when |actual - expected| <= abs + rel * |expected|, with the task's abs and "
                   "rel tolerances (given with the task); NaN or inf where the reference is finite fails, and "
                   "an output element never written still holds a NaN sentinel, so it fails too. The "
                   "tolerances admit a careful bf16 kernel (bf16 storage between steps, fp32 arithmetic, "
                   "reductions accumulated in fp32, not in bf16 rows); a kernel whose worst element uses most "
                   "of its tolerance on the visible inputs may fail on others, and scoring runs on inputs from "
                   "seeds the author never sees. Every byte outside the output tensors (and the task's "
                   "scratch tensor, when it grants one) must be left unchanged, inputs included.\n\n");

    ov->abi(isa, &b);

    kc_isagen_buf_printf(&b, "## 6. Configuration registers\n\nRead with `csrr`, written with `csrw` / `csrwi`.\n\n"
                   "| name | id | reset | meaning |\n|---|---|---|---|\n");
    for (size_t i = 0; i < isa->ncfgs; i++)
        kc_isagen_buf_printf(&b, "| %s | %d | %ld | %s |\n", isa->cfgs[i].name, isa->cfgs[i].id, isa->cfgs[i].reset,
                   isa->cfgs[i].desc);
    kc_isagen_buf_printf(&b, "\n");

    gen_syntax(isa, &b);

    kc_isagen_buf_printf(&b, "## 8. Encoding\n\nInstructions are 32-bit words. Bits [%d:%d] are the major opcode; formats "
                   "with a function code carry it in bits [%d:%d]. A word is a legal instruction iff "
                   "`(word & MASK) == MATCH` for exactly one instruction (MASK covers every bit that is not an "
                   "operand field, so reserved bits must be zero) and its operands are in the ranges the "
                   "assembler accepts: registers that exist (r0..r%ld, f0..f%ld, a0..a%ld), shift amounts "
                   "0..31, loop counts >= 1. Any other word traps as "
                   "illegal-instruction.\n\n"
                   "| field | bits | meaning |\n|---|---|---|\n",
               isa->opcode_lo + isa->opcode_width - 1, isa->opcode_lo,
               isa->funct_lo + isa->funct_width - 1, isa->funct_lo, gen_param(isa, "NXREGS") - 1,
               gen_param(isa, "NFREGS") - 1, gen_param(isa, "NAREGS") - 1);
    for (size_t i = 0; i < isa->nfields; i++)
        kc_isagen_buf_printf(&b, "| %s | [%d:%d] | %s |\n", isa->fields[i].name,
                   isa->fields[i].lo + isa->fields[i].width - 1, isa->fields[i].lo, isa->fields[i].desc);
    kc_isagen_buf_printf(&b, "\nAn immediate or offset is stored in its field as two's complement; branch, jump and "
                   "loop offsets count instructions from the instruction itself.\n\n");

    kc_isagen_buf_printf(&b, "## 9. Instructions\n\n");
    for (size_t u = 0; u < sizeof gen_unit_titles / sizeof gen_unit_titles[0]; u++) {
        kc_isagen_buf_printf(&b, "### 9.%zu %s\n\n", u + 1, gen_unit_titles[u][1]);
        for (size_t i = 0; i < isa->ninsns; i++)
            if (!strcmp(isa->insns[i].unit, gen_unit_titles[u][0]))
                gen_insn(isa, &isa->insns[i], &b);
    }

    kc_isagen_buf_printf(&b, "## 10. Quick reference\n\n| instruction | unit | latency | semantics |\n|---|---|---|---|\n");
    for (size_t i = 0; i < isa->ninsns; i++) {
        const kc_isa_insn *in = &isa->insns[i];
        char usage[160];
        kc_asm_usage(in->name, in->ops, in->nops, usage, sizeof usage);
        kc_isagen_buf_printf(&b, "| `%s` | %s | ", usage, in->unit);
        if (in->latency)
            kc_isagen_buf_printf(&b, "%d", in->latency);
        else
            kc_isagen_buf_printf(&b, "bg");
        kc_isagen_buf_printf(&b, " | %s |\n", in->semantics[0] ? in->semantics : in->description);
    }
    kc_isagen_buf_printf(&b, "\n");
    ov->example(isa, &b);
    if (ov->example == npu_example)
        npu_gemm_example(isa, &b);
    return kc_isagen_buf_finish(&b, out, err);
}

kc_status kc_isagen_doc(const kc_isa *isa, const kc_hw *hw, char **out, kc_err *err)
{
    *out = NULL;
    if (!hw)
        return doc_text(isa, out, err);
    if (hw->family && strcmp(hw->family, isa->name))
        return kc_err_set(err, KC_ERR_USAGE, "the sizes of a %s build cannot describe the %s ISA",
                          hw->family, isa->name);
    /* A copy of the table whose PARAM rows hold the build's values (rows the build
     * does not report keep the table's default), so every size the document prints,
     * timing formulas included, is the build's. */
    kc_isa_param *params = calloc(isa->nparams ? isa->nparams : 1, sizeof *params);
    if (!params)
        return kc_err_set(err, KC_ERR_NOMEM, "out of memory");
    kc_isa sized = *isa;
    for (size_t i = 0; i < isa->nparams; i++) {
        params[i] = isa->params[i];
        params[i].value = kc_hw_get(hw, isa->params[i].name, isa->params[i].value);
    }
    sized.params = params;
    sized.imem_words = (uint32_t)kc_hw_get(hw, "IMEM_WORDS", (long)isa->imem_words);
    kc_status st = doc_text(&sized, out, err);
    free(params);
    return st;
}
