// tb_rvv_core — runs one RISC-V ELF on rvv_core alone: a C++ memory model
// (DTCM 1 cycle, DRAM with latency and request back-pressure) on the scalar
// port, a vector side that is always idle and accepts everything.
//
// Program convention (progs/tb.h): the word at DTCM 0x200000 is a byte count N,
// the N result bytes follow at 0x200004; the program ends with
// write(1, 0x200004, N) then exit, so QEMU user mode prints exactly these bytes
// and the core halts at the first ecall with them in its DTCM.
//
//   tb_rvv_core ELF [--expect HEX] [--trap CAUSE] [--vec] [--ready] [--dram-lat N] [--max-cycles N]
//
// --ready: the memory always accepts requests (no back-pressure), for timing.
// --vec: a stand-in vector unit instead of the idle one: a 4-entry queue
//        (vq_ready low when full), 3 cycles per instruction in order,
//        v_mem_busy while a vector load/store is queued, v_idle when empty;
//        vmv.x.s/vcpop.m/vfirst.m (x) and vfmv.f.s (f) answer on vx_* with
//        (vl << 8 | vtype) + insn[19:15] when they complete. Fails if a scalar
//        request goes out while v_mem_busy, or the core halts before v_idle.
// --expect: compare the result bytes with a hex file (whitespace ignored);
// --trap: the program must trap with CAUSE at the pc stored in result word 0,
//         with trap_info = result word 1 and result word 2 still 0 (nothing
//         younger than the trap wrote memory).
// Always checked: the retire port (registered: after each edge it names the
// instruction retired at that edge) pulses instret times, the ecall last.
// TB_TRACE=1 in the environment prints every retired instruction and request.
// Prints cycles, instructions retired, CPI and simulated cycles per second.
#include <chrono>
#include <ctime>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <string>
#include <vector>

#include "Vrvv_core.h"
#include "verilated.h"

extern "C" {
#include "kc_err.h"
#include "kc_file.h"
#include "kc_image.h"
}

namespace {

const uint32_t kItcmBase = 0x00100000u, kDtcmBase = 0x00200000u, kDramBase = 0x80000000u;
const uint32_t kDtcmBytes = 65536, kDramBytes = 1u << 20;

struct Mem {
    std::vector<uint8_t> dtcm = std::vector<uint8_t>(kDtcmBytes);
    std::vector<uint8_t> dram = std::vector<uint8_t>(kDramBytes);
    uint8_t *at(uint32_t a) {
        if (a - kDtcmBase < kDtcmBytes) return &dtcm[a - kDtcmBase];
        if (a - kDramBase < kDramBytes) return &dram[a - kDramBase];
        return nullptr;
    }
    uint32_t rd32(uint32_t a) {
        uint8_t *p = at(a);
        if (!p) return 0;
        return p[0] | p[1] << 8 | p[2] << 16 | (uint32_t)p[3] << 24;
    }
};

struct VItem {
    uint32_t insn, vl, vtype;
    int left;
};

// which vector instructions write an x (1) or f (2) register: VWXUNARY0 / VWFUNARY0
int vec_result(uint32_t insn) {
    if ((insn & 0x7f) != 0x57 || (insn >> 26) != 0x10) return 0;
    uint32_t f3 = insn >> 12 & 7;
    return f3 == 2 ? 1 : f3 == 1 ? 2 : 0;
}

bool vec_mem(uint32_t insn) {
    uint32_t op = insn & 0x7f, w = insn >> 12 & 7;
    return (op == 0x07 || op == 0x27) && w != 2;
}

struct Resp {
    uint64_t when;
    uint32_t data;
};

std::string read_hex(const char *path) {
    char *data = nullptr;
    size_t n = 0;
    kc_err err;
    kc_err_clear(&err);
    if (kc_file_read(path, &data, &n, &err) != KC_OK) {
        fprintf(stderr, "%s\n", err.text);
        exit(2);
    }
    std::string s;
    for (size_t i = 0; i < n; i++)
        if (!isspace((unsigned char)data[i])) s += (char)tolower(data[i]);
    free(data);
    return s;
}

}  // namespace

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: %s ELF [--expect HEX] [--trap CAUSE] [--dram-lat N] [--max-cycles N]\n", argv[0]);
        return 2;
    }
    const char *expect = nullptr;
    int want_trap = -1;
    bool vec = false, always_ready = false;
    unsigned dram_lat = 12;
    uint64_t max_cycles = 2000000;
    for (int i = 2; i < argc; i += 2) {
        if (!strcmp(argv[i], "--vec")) { vec = true; i--; continue; }
        if (!strcmp(argv[i], "--ready")) { always_ready = true; i--; continue; }
        if (i + 1 >= argc) { fprintf(stderr, "%s needs a value\n", argv[i]); return 2; }
        if (!strcmp(argv[i], "--expect")) expect = argv[i + 1];
        else if (!strcmp(argv[i], "--trap")) want_trap = atoi(argv[i + 1]);
        else if (!strcmp(argv[i], "--dram-lat")) dram_lat = (unsigned)atoi(argv[i + 1]);
        else if (!strcmp(argv[i], "--max-cycles")) max_cycles = strtoull(argv[i + 1], nullptr, 0);
        else { fprintf(stderr, "unknown option %s\n", argv[i]); return 2; }
    }

    kc_err err;
    kc_err_clear(&err);
    char *bytes = nullptr;
    size_t size = 0;
    kc_image img;
    if (kc_file_read(argv[1], &bytes, &size, &err) != KC_OK ||
        kc_image_from_elf((const uint8_t *)bytes, size, argv[1], 243, &img, &err) != KC_OK) {
        fprintf(stderr, "%s\n", err.text);
        return 2;
    }
    free(bytes);

    VerilatedContext ctx;
    Vrvv_core top(&ctx);
    Mem mem;
    std::vector<std::pair<uint32_t, uint32_t>> itcm;
    for (size_t s = 0; s < img.nsegs; s++) {
        const kc_image_seg &g = img.segs[s];
        for (size_t i = 0; i < g.size; i++) {
            uint32_t a = (uint32_t)g.addr + (uint32_t)i;
            if (a - kItcmBase < 65536u) {
                if (i % 4 == 0) {
                    uint32_t w = 0;
                    for (size_t k = 0; k < 4 && i + k < g.size; k++) w |= (uint32_t)g.data[i + k] << (8 * k);
                    itcm.push_back({a, w});
                }
            } else if (uint8_t *p = mem.at(a)) {
                *p = g.data[i];
            } else {
                fprintf(stderr, "segment byte at 0x%08x fits no memory\n", a);
                return 2;
            }
        }
    }
    top.entry = (uint32_t)img.entry;
    kc_image_free(&img);
    for (int k = 0; k < 8; k++) top.args[k] = 0;
    top.dram_bytes = kDramBytes;
    top.vq_ready = 1;
    top.v_idle = 1;
    top.v_mem_busy = 0;
    top.v_trap_valid = 0;
    top.vx_valid = 0;
    top.v_fflags_valid = 0;
    top.ev_vec_busy = top.ev_vlsu_busy = top.ev_vstall_hazard = top.ev_vfpu_busy = 0;

    // reset, loading the ITCM through the ld_* port meanwhile
    top.rst = 1;
    top.clk = 0;
    top.eval();
    for (size_t i = 0; i < itcm.size() + 2; i++) {
        top.ld_we = i < itcm.size();
        if (i < itcm.size()) {
            top.ld_addr = itcm[i].first;
            top.ld_wdata = itcm[i].second;
        }
        top.clk = 1; top.eval();
        top.clk = 0; top.eval();
    }
    top.ld_we = 0;
    top.rst = 0;

    const bool trace = getenv("TB_TRACE") != nullptr;   // one line per retired instruction
    std::deque<Resp> resps;
    uint64_t cyc = 0, vq_sent = 0;
    std::deque<VItem> vq;
    bool vec_bad = false;
    uint64_t nretired = 0;      // retire port pulses, read after each edge
    uint32_t last_insn = 0;
    auto t0 = std::chrono::steady_clock::now();
    std::clock_t c0 = std::clock();
    while (!top.halted && !top.trapped && cyc < max_cycles) {
        // inputs of this cycle
        bool have = !resps.empty() && resps.front().when <= cyc;
        top.sresp_valid = have;
        top.sresp_rdata = have ? resps.front().data : 0;
        if (have) resps.pop_front();
        top.sreq_ready = always_ready || (cyc % 7) != 3;   // a little back-pressure
        if (vec) {
            bool done = !vq.empty() && vq.front().left == 0;
            int res = done ? vec_result(vq.front().insn) : 0;
            top.vx_valid = res != 0;
            top.vx_fp = res == 2;
            top.vx_rd = done ? (vq.front().insn >> 7 & 31) : 0;
            top.vx_data = done ? ((vq.front().vl << 8 | vq.front().vtype) + (vq.front().insn >> 15 & 31)) : 0;
            top.vq_ready = vq.size() < 4;
            top.v_idle = vq.empty();
            bool busy = false;
            for (const VItem &v : vq) busy |= vec_mem(v.insn);
            top.v_mem_busy = busy;
        }
        top.clk = 0;
        top.eval();
        if (vec && top.v_mem_busy && top.sreq_valid) {
            printf("FAIL: scalar request while v_mem_busy (cycle %llu)\n", (unsigned long long)cyc);
            vec_bad = true;
        }
        if (top.sreq_valid && top.sreq_ready) {
            uint32_t a = top.sreq_addr;
            uint8_t *p = mem.at(a);
            bool dram = a >= kDramBase;
            if (top.sreq_write) {
                for (int k = 0; k < 4; k++)
                    if (p && (top.sreq_wstrb >> k & 1)) p[k] = (uint8_t)(top.sreq_wdata >> (8 * k));
            } else {
                uint64_t when = cyc + (dram ? dram_lat : 1);
                if (!resps.empty() && resps.back().when > when) when = resps.back().when;
                resps.push_back({when, mem.rd32(a)});
            }
        }
        if (top.vq_valid && top.vq_ready) vq_sent++;
        if (vec) {
            if (!vq.empty() && vq.front().left-- == 0) vq.pop_front();
            if (top.vq_valid && top.vq_ready) vq.push_back({top.vq_insn, top.vq_vl, top.vq_vtype, 3});
        }
        if (trace && top.sreq_valid && top.sreq_ready)
            printf("%8llu   mem %c %08x %08x %x\n", (unsigned long long)cyc, top.sreq_write ? 'w' : 'r', top.sreq_addr,
                   top.sreq_wdata, top.sreq_wstrb);
        top.clk = 1;
        top.eval();
        if (top.retire_valid) {
            nretired++;
            last_insn = top.retire_insn;
            if (trace) printf("%8llu %08x %08x\n", (unsigned long long)cyc, top.retire_pc, top.retire_insn);
        }
        cyc++;
    }
    double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    double cpu = (double)(std::clock() - c0) / CLOCKS_PER_SEC;   // the machine may be shared

    uint32_t cycles = top.perf[0], instret = top.perf[1];
    printf("cycles %u instret %u CPI %.3f vq %llu  (%.2f M simulated cycles/s wall, %.2f M per CPU second)\n",
           cycles, instret, instret ? (double)cycles / instret : 0.0, (unsigned long long)vq_sent,
           secs > 0 ? cyc / secs / 1e6 : 0.0, cpu > 0 ? cyc / cpu / 1e6 : 0.0);
    printf("counters:");
    for (int i = 0; i < 10; i++) printf(" %u", top.perf[i]);
    printf("\n");

    if (!top.halted && !top.trapped) {
        printf("FAIL: no halt within %llu cycles\n", (unsigned long long)max_cycles);
        return 1;
    }
    if (vec_bad) return 1;
    // the retire port names, after each edge, the instruction retired at it: as
    // many as minstret counts, the last one the ecall that halted
    if (nretired != instret || (top.halted && last_insn != 0x00000073u)) {
        printf("FAIL: retire port: %llu retirements (instret %u), last 0x%08x\n",
               (unsigned long long)nretired, instret, last_insn);
        return 1;
    }
    if (vec && !vq.empty()) {
        printf("FAIL: halted with %zu vector instructions outstanding\n", vq.size());
        return 1;
    }
    if (top.trapped && want_trap < 0) {
        printf("FAIL: trapped, cause %u pc 0x%08x info 0x%08x\n", top.trap_cause, top.trap_pc, top.trap_info);
        return 1;
    }
    if (want_trap >= 0) {
        uint32_t pc = mem.rd32(kDtcmBase + 4), info = mem.rd32(kDtcmBase + 8), later = mem.rd32(kDtcmBase + 12);
        printf("trap cause %u pc 0x%08x info 0x%08x (want %d 0x%08x 0x%08x), later store 0x%x\n",
               top.trap_cause, top.trap_pc, top.trap_info, want_trap, pc, info, later);
        bool ok = top.trapped && (int)top.trap_cause == want_trap && top.trap_pc == pc && top.trap_info == info && later == 0;
        printf("%s\n", ok ? "PASS" : "FAIL");
        return ok ? 0 : 1;
    }
    uint32_t n = mem.rd32(kDtcmBase);
    std::string got;
    char hx[3];
    for (uint32_t i = 0; i < n && i < kDtcmBytes - 4; i++) {
        snprintf(hx, sizeof hx, "%02x", mem.dtcm[4 + i]);
        got += hx;
    }
    if (!expect) {
        for (size_t i = 0; i < got.size(); i += 32) printf("%s\n", got.substr(i, 32).c_str());
        return 0;
    }
    std::string want = read_hex(expect);
    if (got == want) {
        printf("PASS (%u result bytes)\n", n);
        return 0;
    }
    size_t i = 0;
    while (i < got.size() && i < want.size() && got[i] == want[i]) i++;
    size_t w = i / 8;
    printf("FAIL: %zu result hex digits, expected %zu; first difference in result word %zu (byte 0x%zx): got %s want %s\n",
           got.size(), want.size(), w, w * 4, got.substr(w * 8, 8).c_str(), want.substr(w * 8, 8).c_str());
    return 1;
}
