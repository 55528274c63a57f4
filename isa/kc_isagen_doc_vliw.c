/* kc_isagen_doc_vliw.c — the agent-facing document of a bundle ISA (docs/isa/vliw.md).
 *
 * Per-instruction text, latencies, slots, parameters, special registers and BD
 * fields come from the table (isa/vliw.def); the prose here says what a table
 * cannot: the machine, the latency rule, the lock and DMA protocol, the ABI, a
 * worked SPMD example and the mistakes exposed latencies invite. Every ```asm
 * block assembles without warnings (tests/isa: isa_doc_asm_vliw); the ```text
 * blocks show wrong code on purpose. Deterministic output.
 */
#include <stdio.h>
#include <string.h>

#include "kc_asm.h"
#include "kc_dram.h"
#include "kc_isagen.h"
#include "kc_isagen_buf.h"
#include "kc_isagen_doc.h"
#if defined(__has_include)
#if __has_include("kc_fp.h")
#include "kc_fp.h"
#endif
#endif

static long vparam(const kc_isa *isa, const char *name)
{
    const kc_isa_param *p = kc_isa_param_by_name(isa, name);
    return p ? p->value : 0;
}

/* "3 (vD), 1 (pA)" — the latency of each register a row writes. */
static void vlatencies(const kc_isa *isa, const kc_isa_insn *in, char *buf, size_t size)
{
    size_t k = 0;
    buf[0] = 0;
    if (!in->ndst) {
        snprintf(buf, size, "-");
        return;
    }
    for (int i = 0; i < in->ndst && k < size; i++) {
        char syn[32];
        const kc_isa_operand *op = &in->ops[in->dsts[i].op];
        kc_asm_usage("", op, 1, syn, sizeof syn);
        if (op->kind == KC_ISA_K_L)   /* the pointer of a memory operand: "pA", not "[pA]" */
            snprintf(syn, sizeof syn, " p%c", (char)(op->name[0] - 'a' + 'A'));
        k += (size_t)snprintf(buf + k, size - k, "%s%d (%s%s)", i ? ", " : "", in->dsts[i].latency, syn + 1,
                              in->dsts[i].fwd ? ", MAC-forwarded" : "");
    }
    (void)isa;
}

static const char *vslot_text(const kc_isa *isa, const kc_isa_insn *in, char *buf, size_t size)
{
    if (in->slot_class < 0)
        return "any slot";
    const kc_isa_slot *sl = &isa->slots[in->slot_class];
    if (sl->count == 1)
        snprintf(buf, size, "%s (slot %d)", sl->name, sl->first);
    else
        snprintf(buf, size, "%s (slots %d..%d, filled in order)", sl->name, sl->first, sl->first + sl->count - 1);
    return buf;
}

static void vinsn(const kc_isa *isa, const kc_isa_insn *in, kc_isagen_buf *b)
{
    char usage[160], layout[400], one[240], lat[160], slot[64];
    kc_asm_usage(kc_isa_insn_mnemonic(in), in->ops, in->nops, usage, sizeof usage);
    kc_isagen_doc_layout(isa, in, layout, sizeof layout);
    vlatencies(isa, in, lat, sizeof lat);
    kc_isagen_buf_printf(b, "#### `%s`\n\n%s\n\n", usage, in->description);
    kc_isagen_buf_printf(b, "- Slot: %s\n", vslot_text(isa, in, slot, sizeof slot));
    kc_isagen_buf_printf(b, "- Latency: %s\n", lat);
    kc_isagen_buf_printf(b, "- Encoding: `%s` (match 0x%08x, mask 0x%08x; row `%s`)\n", layout, in->match,
                         in->mask, in->name);
    int shown = 0;
    for (int k = 0; k < in->nops; k++) {
        char syn[32];
        if (in->ops[k].kind == KC_ISA_K_J)
            snprintf(syn, sizeof syn, "off");
        else
            kc_asm_usage("", &in->ops[k], 1, syn, sizeof syn);
        kc_isagen_doc_operand(isa, &in->ops[k], one, sizeof one);
        kc_isagen_buf_printf(b, "%s`%s`: %s", shown++ ? "; " : "- Operands: ",
                             in->ops[k].kind == KC_ISA_K_J ? syn : syn + 1, one);
    }
    if (shown)
        kc_isagen_buf_printf(b, "\n");
    if (in->semantics[0])
        kc_isagen_buf_printf(b, "- Semantics: `%s`\n", in->semantics);
    kc_isagen_buf_printf(b, "- Example: `%s`\n", in->example);
    if (in->mistake[0])
        kc_isagen_buf_printf(b, "- Common mistake: %s\n", in->mistake);
    kc_isagen_buf_printf(b, "\n");
}

static void vmachine(const kc_isa *isa, kc_isagen_buf *b)
{
    long rows = vparam(isa, "ROWS"), cols = vparam(isa, "COLS"), brd = vparam(isa, "BR_DELAY");
    kc_isagen_buf_printf(b,
        "## 1. The machine\n\n"
        "An array of %ld x %ld **tiles** in the style of the AMD AI Engine (AIE-ML). Tile id = row * %ld + "
        "col. Every tile has its own VLIW core, program memory (%ld bundles), data memory (DM, %ld KiB in "
        "%ld banks), %ld locks and a DMA engine with two channels. All tiles share one DRAM.\n\n"
        "- **Bundles.** A core issues one **bundle** per cycle: %ld slot words of 32 bits executed "
        "together. Slots, in order: ",
        rows, cols, cols, vparam(isa, "PM_BUNDLES"), vparam(isa, "DM_BYTES") / 1024, vparam(isa, "NBANKS"),
        vparam(isa, "NLOCKS"), (long)isa->bundle_slots);
    for (size_t i = 0; i < isa->nslots; i++)
        kc_isagen_buf_printf(b, "%s**%s** (%s)", i ? ", " : "", isa->slots[i].name, isa->slots[i].desc);
    kc_isagen_buf_printf(b,
        ". An empty slot is a nop (word 0). The pc counts **bundles**; labels and branch targets are "
        "bundle indices.\n"
        "- **Registers (per tile).** Scalar r0..r%ld (32-bit, r0 reads 0 and ignores writes); pointers "
        "p0..p%ld (DM addresses); modifiers m0..m%ld (signed byte increments for post-modify "
        "addressing); vectors v0..v%ld (256 bits: %ld bf16 or int16 lanes); accumulators acc0..acc%ld "
        "(512 bits: %ld fp32 or int32 lanes). Read-only special registers `tid`, `row`, `col`, "
        "`ntiles`, `cyclelo`, `cyclehi` (read with `mov rD, name`). Everything resets to 0 except the "
        "kernel arguments (section 5).\n"
        "- **Compute.** `vmmac` multiplies two 4x4 bf16 matrices held row-major in two vector registers "
        "and accumulates into a 4x4 fp32 accumulator: 64 MACs per bundle. Lane-wise `vmac`/`vmsc`/`vmul` "
        "(bf16 -> fp32, int16 -> int32), the accumulator ALU (fp32 add/sub/mul/max/min, compare, masked "
        "select, lane index), special functions (exp, reciprocal, rsqrt), reductions across lanes "
        "(the result broadcast to every lane), shuffles of vectors, and conversions `srs` (fp32 "
        "accumulator -> bf16 vector, round to nearest even) / `ups` (bf16 -> fp32).\n"
        "- **Exposed latencies, no interlocks.** Every instruction has a latency per register it "
        "writes (section 3). Reading a register before the result lands gives the **old value**; the "
        "hardware never waits for a register. This is the rule that makes the machine hard, and the "
        "assembler's warnings help with it.\n"
        "- **Branches** have %ld delay slots: the %ld bundles after a taken branch or jump always "
        "execute. **Hardware loops** (`loop`, `loopi`) repeat a block with no overhead and no delay "
        "slots, nested %ld deep.\n"
        "- **Data memory windows.** A DM byte address is `window << 16 | offset`: window 0 is the "
        "tile's own DM, 1 the west neighbour (col - 1), 2 east (col + 1), 3 south (row - 1), 4 north "
        "(row + 1). A window without a tile (an edge) or 5..7 traps (dm-access). Vector accesses are "
        "32-byte aligned, scalar ones 4-byte aligned (else: misaligned trap).\n"
        "- **Banks.** A DM has %ld single-ported banks interleaved by 32-byte row: bank = (offset >> 5) "
        "%% %ld. Per bank and cycle one access is granted, in this priority: the owning tile's L0, L1, ST; "
        "then other tiles (by tile id, each in slot order); then DMA (ch0, ch1). A bundle issues once all "
        "its accesses were granted; until then the tile stalls (a bank-conflict stall). Two loads of one "
        "bundle to the same bank cost one extra cycle. A stall freezes the tile's pipelines, so it never "
        "changes what a bundle reads.\n"
        "- **Locks** synchronise tiles and DMA (section 6); **DMA** moves data between DRAM and the "
        "tile's own DM, driven by buffer descriptors (section 6).\n"
        "- **Halt and traps.** `halt` stops a tile; the run ends when every tile has halted and every "
        "DMA channel is idle. A trap anywhere stops the whole array and names the tile, the bundle index, "
        "the slot and the cause: illegal (a word that decodes to no row, or to a row of another slot), "
        "pm-fetch, dm-access, misaligned, write-conflict (section 3), lock-overflow, dma-fault, bd-invalid.\n\n",
        vparam(isa, "NSREGS") - 1, vparam(isa, "NPREGS") - 1, vparam(isa, "NMREGS") - 1,
        vparam(isa, "NVREGS") - 1, vparam(isa, "VLANES"), vparam(isa, "NACCS") - 1, vparam(isa, "VLANES"),
        brd, brd, vparam(isa, "LOOP_DEPTH"), vparam(isa, "NBANKS"), vparam(isa, "NBANKS"));
}

static void vlatency_rule(const kc_isa *isa, kc_isagen_buf *b)
{
    (void)isa;
    kc_isagen_buf_printf(b,
        "## 3. The latency rule\n\n"
        "**A result of latency L produced by bundle k is visible to bundle k+L and later; bundles "
        "k+1 .. k+L-1 read the old value.** Latency counts issued bundles, not cycles: a stalled tile "
        "(lock, DMA wait, bank conflict) freezes its pipelines, so stalls never change what a bundle "
        "reads. Within one bundle every slot reads the registers as they were before the bundle.\n\n"
        "- Post-modify of a pointer (`[p0], 32`) has latency 1: the next bundle sees the new pointer.\n"
        "- Back-to-back accumulation into the same accumulator by MAC-slot rows (`vmmac`, `vmac`, "
        "`vmsc` and their int16 forms) is allowed every bundle: the MAC pipe forwards the running sum. "
        "Any other reader of that accumulator (srs, the accumulator ALU, another move) sees it 4 "
        "bundles after the last MAC.\n"
        "- **Two writes of one register that become visible at the same bundle boundary** (same bundle "
        "and latency, or e.g. a `vld` (latency 3) and a `vmov` (latency 1) two bundles later) are an "
        "assembler error; the hardware traps with cause write-conflict. Writes that land at different "
        "boundaries are fine: the later one wins from its boundary on.\n"
        "- A branch's condition and `loop`'s count are read at the branch's bundle, under the same rule.\n\n"
        "A timeline (bundle indices on the left):\n\n"
        "```asm\n"
        "    vld v0, [p0, 0]          // 0: v0 <- DM, visible from bundle 3\n"
        "    vmov v2, v1              // 1: a vector copy, visible from bundle 2\n"
        "    nop                      // 2\n"
        "    vmmac acc0, v0, v2       // 3: reads the NEW v0 and v2; acc0 visible from bundle 7\n"
        "    vmmac acc0, v0, v2       // 4: accumulates on top of bundle 3 (MAC forwarding)\n"
        "    nop                      // 5\n"
        "    nop                      // 6\n"
        "    nop                      // 7\n"
        "    srs v3, acc0             // 8: both products are in acc0 (visible from 8)\n"
        "    halt\n"
        "```\n\n"
        "The assembler checks straight-line code in program order (and the back edge of each hardware "
        "loop): an error for two writes landing together, a **warning naming both lines** for a read "
        "before the write lands (reading the old value on purpose is legal, and the warning says so; an "
        "accumulation reads its accumulator in the MAC pipe's last stage, so a MAC one bundle after a "
        "vmul or MAC into the same accumulator is no such read), for a branch in a delay slot and for a branch in the last %ld bundles of a loop body. Code "
        "reached only through a branch or after an unconditional jump is checked from a clean state.\n\n",
        vparam(isa, "BR_DELAY"));
}

static void vnumerics(kc_isagen_buf *b)
{
    kc_isagen_buf_printf(b,
        "## 4. Numerics\n\n"
        "- Storage is **bf16** (vector registers, DM, DRAM tensors: the upper 16 bits of an fp32); "
        "arithmetic on accumulators is **fp32**, each operation rounded to nearest, ties to even. "
        "Denormal inputs read as zero and denormal results flush to zero (of the same sign); any NaN "
        "result is the canonical NaN (fp32 0x7FC00000, bf16 0x7FC0). The fp blocks are the npu's.\n"
        "- `vmac`/`vmsc`/`vmul`: the bf16 x bf16 product is exact in fp32; the accumulation rounds once. "
        "`vmmac`: lane 4i+j += sum over k = 0..3 of A[i][k] * B[k][j], added in the order k = 0..3 and "
        "then to the accumulator, one rounding per addition.\n"
        "- `aredsum`/`aredmax` reduce the 16 lanes as a pairwise tree (lane 0+1, 2+3, ..., then those "
        "pairwise), one rounding per addition, and broadcast the result to every lane.\n"
        "- `srs` rounds fp32 to bf16 (nearest even); `ups` is exact. Integer forms: `vmac.i16` and "
        "friends wrap in int32; `srs.i16` shifts right with rounding and saturates to int16.\n");
#ifdef KC_FP_EXP_MAX_ULP
    kc_isagen_buf_printf(b,
        "- **Special functions** (`aexp`, `arcp`, `arsqrt`) are fp32 within %g ulp (exp), %g ulp "
        "(reciprocal) and %g ulp (rsqrt) of the exact result, the npu's units. exp(x) = +inf for x >= "
        "~88.72 and +0 for x < ~-87.34; rcp(+-0) = +-inf; rsqrt(x < 0) = NaN.\n\n",
        (double)KC_FP_EXP_MAX_ULP, (double)KC_FP_RECIP_MAX_ULP, (double)KC_FP_RSQRT_MAX_ULP);
#else
    kc_isagen_buf_printf(b, "- Special functions (exp, reciprocal, rsqrt): faithfully rounded in fp32.\n\n");
#endif
}

static void vabi(const kc_isa *isa, kc_isagen_buf *b)
{
    kc_isagen_buf_printf(b,
        "## 5. Kernel ABI\n\n"
        "- **SPMD.** The program (bundle 0 on) runs on every tile from bundle 0. Split the work with "
        "`mov rD, tid` (and `ntiles`, `row`, `col`).\n"
        "- **Per-tile programs.** `.tile N` starts the program of tile N only (its own bundle 0; "
        "labels count from there). A tile with a `.tile` program runs it instead of the SPMD one. "
        "Images keep them as segments at program-memory address (N + 1) << 24.\n"
        "- **Arguments.** At reset r1..r8 hold the DRAM byte addresses of the task's tensors in the "
        "order the task lists them (64-byte aligned). Everything else is 0.\n"
        "- **Data in DM** arrives only by DMA or stores. Locks and BDs reset to 0. DM has no reset (it "
        "is SRAM): the loader clears every tile's DM before a run, and \"DM is 0 at entry\" is "
        "the loader's guarantee, not the hardware's.\n"
        "- A tile ends with `halt`; the run ends when all tiles halted and all DMA is idle, so an "
        "output DMA still running after `halt` completes.\n"
        "- Program memory: %u bundles per tile.\n\n",
        isa->imem_words);
}

static void vlocks_dma(const kc_isa *isa, kc_isagen_buf *b)
{
    kc_isagen_buf_printf(b,
        "## 6. Locks and DMA\n\n"
        "### Locks\n\n"
        "Every DM has %ld locks, each a value 0..63 (reset 0). A lock id names the memory module too: "
        "`lock id = window << 4 | index` (0x03 own lock 3, 0x13 the west neighbour's lock 3, 0x23 "
        "east, 0x33 south, 0x43 north).\n\n"
        "- `acq L, n`: the bundle waits until value(L) >= n, then subtracts n as it issues (the whole "
        "tile waits: a lock stall, retried every cycle).\n"
        "- `rel L, n`: adds n as it issues; past 63 traps (lock-overflow).\n"
        "- In one cycle, requests to one lock apply in priority order: the owning tile, other tiles by "
        "id, then DMA; an acquire sees the value after the earlier requests of that cycle.\n"
        "- A store is visible to loads granted in later cycles (any tile) and to DMA from the next "
        "cycle, so `rel` in the bundle after the last store of a buffer is safe.\n\n"
        "Producer/consumer between two tiles (tile 0 writes a buffer in tile 1's DM through window 2, "
        "east; tile 1 waits on its own lock 0):\n\n"
        "```asm\n"
        ".tile 0\n"
        "    mov p0, 0x20000             // window 2 (east neighbour), offset 0\n"
        "    vst v0, [p0, 0]\n"
        "    rel 0x20, 1                 // east neighbour's lock 0: \"data ready\"\n"
        "    halt\n"
        ".tile 1\n"
        "    acq 0x00, 1                 // own lock 0: wait for the data\n"
        "    mov p0, 0\n"
        "    vld v1, [p0, 0]\n"
        "    halt\n"
        "```\n\n"
        "### DMA\n\n"
        "Each tile has %ld channels: ch0 moves DRAM -> own DM (\"in\"), ch1 own DM -> DRAM (\"out\"). A "
        "transfer is described by a **buffer descriptor** (BD, %ld per tile) whose fields are written by "
        "`bd.set BD, field, rS` (S slot, one field per bundle):\n\n"
        "| field | meaning |\n|---|---|\n",
        vparam(isa, "NLOCKS"), vparam(isa, "NDMACH"), vparam(isa, "NBDS"));
    for (size_t i = 0; i < isa->ncfgs; i++)
        if (isa->cfgs[i].id >= 16)
            kc_isagen_buf_printf(b, "| `%s` | %s |\n", isa->cfgs[i].name, isa->cfgs[i].desc + 4);
    kc_isagen_buf_printf(b,
        "\nA BD moves `len0` bytes per row, `cnt1` rows (DRAM address += dstride1, DM address += mstride1 "
        "per row), repeated `cnt2` times (+= dstride2 / mstride2 per block): 3 dimensions. `dma.start ch, "
        "BD` queues a chain (depth %ld; a full queue makes the bundle wait); per BD the engine acquires "
        "`acq` (waiting as a core would), moves the data (DRAM addresses need not be aligned: the engine "
        "reads whole 32-byte beats and realigns), releases `rel` when the last byte is in place (in: "
        "written to DM; out: accepted by DRAM), then continues with `next`. `dma.wait ch` waits until the "
        "channel is idle. The engine reads a BD when it starts it. Every BD field resets to 0, and a BD "
        "with `len0`, `cnt1` or `cnt2` 0 traps bd-invalid when a channel starts it: set all three "
        "(`cnt1` = `cnt2` = 1 for a single row). Lock fields are `1 << 13 | lock id << "
        "6 | value`: 0x2001 releases own lock 0 by 1, 0x2041 acquires own lock 1 by 1.\n\n"
        "**Protocol.** Let the DMA and the core hand buffers over with locks, never with timing: the "
        "in-BD releases a \"full\" lock the core acquires before reading the buffer; the core releases a "
        "lock the out-BD acquires before writing DRAM. With two buffers (ping-pong: two BDs chained "
        "through `next`, two lock pairs) DMA of the next block overlaps compute on this one.\n\n",
        vparam(isa, "DMA_QUEUE"));
}

static void vsyntax(const kc_isa *isa, kc_isagen_buf *b)
{
    kc_isagen_buf_printf(b,
        "## 7. Assembler syntax\n\n"
        "- **One bundle per line**: the bundle's instructions separated by `;`, in any order. A bundle "
        "may also span lines as a `{ ... }` block (`{}` is an empty bundle). `nop` alone is a bundle of "
        "nops (one cycle).\n"
        "- **Slot placement** is automatic: each instruction goes to the next free slot of its class "
        "(a first load to L0, a second to L1). More instructions of a class than it has slots is an "
        "error naming both.\n"
        "- **Comments** are `//` to the end of the line. `#` may prefix an immediate (`[p0], #32`).\n"
        "- Labels: `name:` before a bundle; the value is the bundle index (not inside `{ }`).\n"
        "- Memory operands: `[pA]`, `[pA, off]` (offset in bytes, pointer unchanged), `[pA], imm` "
        "(post-modify: pA += imm after the access), `[pA], mB` (pA += mB).\n"
        "- `.equ NAME, expr` / `.set NAME, expr` constants; integer expressions as in C over decimal, "
        "0x, 0b literals, constants and labels. `.tile N` starts tile N's own program. `.bundle w0, ..., "
        "w%d` emits raw slot words (the disassembler prints bundles that are not canonical text so). "
        "`.nocheck` ... `.check` (each alone on a line) turns the latency, write-conflict and loop "
        "checks off for the bundles between them.\n"
        "- Registers: ", isa->bundle_slots - 1);
    kc_isagen_doc_regfiles(isa, b);
    kc_isagen_buf_printf(b,
        ".\n- Several rows may share a mnemonic (`mov`, `vld`, `ld`, `vst`, `st`, `padd`): the operands "
        "choose the row (`mov r1, r2`, `mov p0, r3`, `mov r1, tid`, `mov r1, -5`, `mov p0, 0x10400`).\n"
        "- Diagnostics are `file:line:col: error: message` with a hint; warnings (section 3) are "
        "`file:line:col: warning: message` and name the other line.\n\n"
        "### Pseudo-instructions\n\n");
    kc_isagen_doc_pseudos(isa, b);
    kc_isagen_buf_printf(b, "\nA pseudo that expands to two instructions takes two consecutive bundles, so it "
                         "stands alone on its line.\n\n");
}

static void vencoding(const kc_isa *isa, kc_isagen_buf *b)
{
    kc_isagen_buf_printf(b,
        "## 8. Encoding\n\n"
        "A bundle is %d slot words, slot 0 in the low 32 bits of the %d-bit bundle word; an image holds "
        "%d little-endian words per bundle (word %db+s is slot s of bundle b). In a slot word, bits "
        "[%d:%d] are the major opcode, unique across slots; rows with a function code carry it in bits "
        "[%d:%d]. A word is legal in slot s iff `(word & MASK) == MATCH` for exactly one row, that row "
        "belongs to slot s (nop to every slot), and its operands are in range; anything else traps as "
        "illegal.\n\n| slot class | slots | holds |\n|---|---|---|\n",
        isa->bundle_slots, 32 * isa->bundle_slots, isa->bundle_slots, isa->bundle_slots,
        isa->opcode_lo + isa->opcode_width - 1, isa->opcode_lo, isa->funct_lo + isa->funct_width - 1,
        isa->funct_lo);
    for (size_t i = 0; i < isa->nslots; i++)
        kc_isagen_buf_printf(b, "| %s | %d..%d | %s |\n", isa->slots[i].name, isa->slots[i].first,
                             isa->slots[i].first + isa->slots[i].count - 1, isa->slots[i].desc);
    kc_isagen_buf_printf(b, "\n| field | bits | meaning |\n|---|---|---|\n");
    for (size_t i = 0; i < isa->nfields; i++)
        kc_isagen_buf_printf(b, "| %s | [%d:%d] | %s |\n", isa->fields[i].name,
                             isa->fields[i].lo + isa->fields[i].width - 1, isa->fields[i].lo, isa->fields[i].desc);
    kc_isagen_buf_printf(b, "\nImmediates and offsets are two's complement in their field; branch, jump and "
                         "loop targets are absolute bundle indices.\n\n");
}

static const char *const vunit_titles[][2] = {
    {"control", "Control: branches (2 delay slots), jumps, hardware loops, halt"},
    {"scalar", "Scalar ALU and pointer arithmetic"},
    {"sync", "Locks"},
    {"dma", "DMA"},
    {"load", "Loads"},
    {"store", "Stores"},
    {"mac", "MAC unit"},
    {"acc", "Accumulator ALU (fp32 lanes)"},
    {"sfu", "Special functions"},
    {"reduce", "Reductions across lanes"},
    {"shuffle", "Vector shuffles (16-bit lanes)"},
    {"move", "Moves, immediates, broadcast, conversion"},
};

static void vexample(kc_isagen_buf *b)
{
    kc_isagen_buf_printf(b,
        "## 11. Worked example: ReLU on four tiles (SPMD)\n\n"
        "y = max(x, 0) over 1024 bf16 elements, x in r1, y in r2. Every tile runs the same program and "
        "handles elements [256 * tid, 256 * tid + 256): its DMA brings 512 bytes into its DM at 0, the "
        "core computes into DM 0x1000, the DMA writes them back. Locks hand the buffers over: the in-BD "
        "releases own lock 0 when the data is in DM; the core releases own lock 1 when the output is "
        "stored, and the out-BD acquires it before it reads DM. Latencies are padded with nops so "
        "every value has landed when it is read (a software-pipelined body would overlap iterations "
        "instead).\n\n"
        "```asm\n"
        "    mov r9, tid                               // r9 = tile id (0..3)\n"
        "    slli r10, r9, 9 ; mov r11, 512            // r10 = byte offset of this tile's chunk; r11 = 512 bytes\n"
        "    add r12, r1, r10 ; mov r13, 0x1000        // r12 = &x[256 tid]; r13 = DM output buffer\n"
        "    add r14, r2, r10 ; mov r15, 0x2001        // r14 = &y[256 tid]; r15 = release own lock 0 by 1\n"
        "    bd.set 0, dram, r12 ; mov r6, 0x2041      // BD0 (in): from x + offset; r6 = acquire own lock 1 by 1\n"
        "    bd.set 0, len0, r11 ; mov r7, 1           // rows of 512 bytes into DM 0 (dm field: 0 at reset); r7 = 1\n"
        "    bd.set 0, cnt1, r7                        // one row: cnt1 = cnt2 = 1 (0, their reset value, traps)\n"
        "    bd.set 0, cnt2, r7\n"
        "    bd.set 0, rel, r15                        // when it is in DM: own lock 0 += 1\n"
        "    dma.start 0, 0 ; mov p0, 0                // ch0 runs BD0; p0 = input buffer\n"
        "    bd.set 1, dram, r14 ; mov p1, 0x1000      // BD1 (out): to y + offset; p1 = output buffer\n"
        "    bd.set 1, dm, r13\n"
        "    bd.set 1, len0, r11\n"
        "    bd.set 1, cnt1, r7\n"
        "    bd.set 1, cnt2, r7\n"
        "    bd.set 1, acq, r6                         // before reading DM: own lock 1 -= 1 (waits)\n"
        "    dma.start 1, 1 ; abcst acc1, r0           // ch1 queues BD1; acc1 = 0.0 in every lane\n"
        "    acq 0x00, 1                               // wait until the input is in DM\n"
        "    loopi 16, done                            // 16 vectors of 16 elements\n"
        "    vld v0, [p0], 32                          // v0 visible 3 bundles later\n"
        "    nop\n"
        "    nop\n"
        "    ups acc0, v0                              // bf16 -> fp32, latency 2\n"
        "    nop\n"
        "    amax acc0, acc0, acc1                     // max(x, 0), latency 3\n"
        "    nop\n"
        "    nop\n"
        "    srs v1, acc0                              // fp32 -> bf16, latency 2\n"
        "    nop\n"
        "    vst v1, [p1], 32\n"
        "done:\n"
        "    rel 0x01, 1                               // output stored: let BD1 run\n"
        "    dma.wait 1\n"
        "    halt\n"
        "```\n\n"
        "Per tile: 18 set-up bundles, 16 x 11 loop bundles, then the DMA. The loop body is latency-bound "
        "(one vector per 11 bundles); overlapping 11 iterations in flight (loads of iteration i+3 while "
        "converting i) brings it to about one vector per bundle.\n\n");
}

static void vmistakes(kc_isagen_buf *b)
{
    kc_isagen_buf_printf(b,
        "## 12. Common mistakes with exposed latencies\n\n"
        "These blocks are WRONG on purpose; the assembler warns or refuses as noted.\n\n"
        "1. **Using a load result too early.** `vld` has latency 3: the next two bundles read the old "
        "register (warning: reads v0 before the write lands).\n\n"
        "```text\n    vld v0, [p0], 32\n    vmac acc0, v0, v1        // reads the OLD v0\n```\n\n"
        "2. **Reading an accumulator right after MACs.** srs needs 4 bundles after the last vmmac; only "
        "MAC-slot rows see the running sum earlier.\n\n"
        "```text\n    vmmac acc0, v0, v1\n    srs v2, acc0             // old acc0\n```\n\n"
        "3. **Two writes landing together** (error; the hardware traps write-conflict): a load and a "
        "move to the same register whose latencies end on the same bundle, two post-modifies of one "
        "pointer in one bundle, two rows writing one register in one bundle.\n\n"
        "```text\n    vld v0, [p0], 32 ; vld v1, [p0], 32   // both write p0 at bundle k+1\n```\n\n"
        "4. **Forgetting the delay slots.** The 2 bundles after a taken branch run anyway; put useful "
        "work or nops there, and never another branch.\n\n"
        "5. **Loop-carried latency.** A value produced near the end of a hardware-loop body lands during "
        "the next iteration: a read at the top of the body sees the previous value (warning on the back "
        "edge).\n\n"
        "```text\n    loopi 8, done\n    vmac acc0, v0, v1        // iteration 2+: v0 from 2 iterations ago?\n"
        "    nop\n    vld v0, [p0], 32         // lands 2 bundles into the next iteration\ndone:\n```\n\n"
        "6. **Constants.** A 32-bit constant is `lui` then `ori` in the NEXT bundle (or `li`); a bf16 "
        "constant for `vbcst` is the high half of its fp32 bits (1.0 = 0x3f80); an fp32 one for `abcst` "
        "is all 32 bits (`fli`).\n\n"
        "7. **Synchronising by timing.** DMA and neighbours run at their own pace (bank conflicts, "
        "DRAM): hand buffers over with locks, never with counted nops.\n");
}

kc_status kc_isagen_doc_vliw(const kc_isa *isa, char **out, kc_err *err)
{
    kc_isagen_buf b = {0};
    kc_isagen_buf_printf(&b, "# The %s instruction set\n\n", isa->name);
    kc_isagen_buf_printf(&b, "<!-- GENERATED from %s by kc_isagen. DO NOT EDIT. Regenerate with\n"
                         "     cmake --build build --target isa-regen (or: kc_isagen --isa %s --root .).\n"
                         "     A ctest fails while this copy is stale. -->\n\n", isa->def_path, isa->name);
    kc_isagen_buf_printf(&b, "Everything an author needs to write %s kernels. Sections: 1 machine, 2 hardware "
                         "configuration, 3 the latency rule, 4 numerics, 5 kernel ABI, 6 locks and DMA, 7 "
                         "assembler syntax, 8 encoding, 9 instructions (by slot), 10 quick reference (every "
                         "row with slot and latency), 11 worked SPMD example on four tiles, 12 common "
                         "mistakes with exposed latencies.\n\n", isa->name);
    vmachine(isa, &b);
    kc_isagen_buf_printf(&b, "## 2. Hardware configuration\n\n| parameter | value | meaning |\n|---|---|---|\n");
    for (size_t i = 0; i < isa->nparams; i++)
        kc_isagen_buf_printf(&b, "| %s | %ld | %s |\n", isa->params[i].name, isa->params[i].value,
                             isa->params[i].desc);
    kc_isagen_buf_printf(&b, "\nDRAM (shared by all tiles' DMA, defaults): %u MiB, %u cycles latency, %u bytes "
                         "per cycle; DMA beats are 32 bytes.\n\n",
                         (unsigned)(KC_DRAM_DEFAULT_SIZE >> 20), (unsigned)KC_DRAM_DEFAULT_LATENCY,
                         (unsigned)KC_DRAM_DEFAULT_BW);
    vlatency_rule(isa, &b);
    vnumerics(&b);
    vabi(isa, &b);
    vlocks_dma(isa, &b);
    kc_isagen_buf_printf(&b, "### Special registers\n\n| name | meaning |\n|---|---|\n");
    for (size_t i = 0; i < isa->ncfgs; i++)
        if (isa->cfgs[i].id < 16)
            kc_isagen_buf_printf(&b, "| `%s` | %s |\n", isa->cfgs[i].name, isa->cfgs[i].desc);
    kc_isagen_buf_printf(&b, "\n");
    vsyntax(isa, &b);
    vencoding(isa, &b);
    kc_isagen_buf_printf(&b, "## 9. Instructions\n\n");
    for (size_t u = 0; u < sizeof vunit_titles / sizeof vunit_titles[0]; u++) {
        kc_isagen_buf_printf(&b, "### 9.%zu %s\n\n", u + 1, vunit_titles[u][1]);
        for (size_t i = 0; i < isa->ninsns; i++)
            if (!strcmp(isa->insns[i].unit, vunit_titles[u][0]))
                vinsn(isa, &isa->insns[i], &b);
    }
    kc_isagen_buf_printf(&b, "## 10. Quick reference\n\n| slot | instruction | latency | semantics |\n|---|---|---|---|\n");
    for (int pass = -1; pass < (int)isa->nslots; pass++)
        for (size_t i = 0; i < isa->ninsns; i++) {
            const kc_isa_insn *in = &isa->insns[i];
            if (in->slot_class != pass)
                continue;
            char usage[160], lat[160];
            kc_asm_usage(kc_isa_insn_mnemonic(in), in->ops, in->nops, usage, sizeof usage);
            vlatencies(isa, in, lat, sizeof lat);
            kc_isagen_buf_printf(&b, "| %s | `%s` | %s | ", pass < 0 ? "any" : isa->slots[pass].name, usage, lat);
            /* A '|' in the text would end the table cell. */
            for (const char *q = in->semantics[0] ? in->semantics : in->description; *q; q++)
                kc_isagen_buf_printf(&b, "%s%c", *q == '|' ? "\\" : "", *q);
            kc_isagen_buf_printf(&b, " |\n");
        }
    kc_isagen_buf_printf(&b, "\n");
    vexample(&b);
    vmistakes(&b);
    return kc_isagen_buf_finish(&b, out, err);
}
