#!/usr/bin/env python3
"""Regenerate tests/rvv_vec/cases_vlen<V>.txt: the expected results of the rvv_vec
testbench, computed by QEMU user mode (the reference).

Each case starts from the same initial VRF (random integers, fp32 normals in
[-4,-0.5]u[0.5,4] where fp sources live, a random mask in v0) and a 256-byte memory
image; runs a few vector instructions; the QEMU program dumps all 32 registers
(vs8r.v) and the memory. The testbench feeds the same instruction words with the
scalar operands to rvv_vec's issue port and compares.

Needs clang-19, llvm-mc-19 (encodings), qemu-riscv32 (7.2). Usage:
    gen.py [--vlen 128] [--out FILE]
"""
import argparse, os, random, re, struct, subprocess, sys, tempfile

MEMB = 256
SEWS = {8: 0, 16: 1, 32: 2}
LMULS = {"mf4": 6, "mf2": 7, "m1": 0, "m2": 1, "m4": 2, "m8": 3}

# name, sew, lmul, avl, x, f, instructions.  Operand conventions: a1 = x scalar,
# fa1 = f scalar, a0 = memory base (+x for memory ops), a2 = stride,
# a3 / fa3 = scalar results.  fp sources: v1..v15 (and v0 for masks); int: any.
def cases():
    c = []
    def add(name, sew, lmul, avl, ins, x=5, f=1.5):
        c.append((name, sew, lmul, avl, x, f, ins))
    for sew in (8, 16, 32):
        for lm in ("m1", "m2"):
            add(f"int_e{sew}{lm}", sew, lm, 1000 if lm == "m1" else 13, [
                "vadd.vv v16, v18, v20", "vsub.vx v22, v24, a1", "vrsub.vi v26, v28, -3",
                "vand.vv v30, v18, v20", "vor.vx v2, v4, a1", "vxor.vi v6, v8, 7"])
        add(f"shift_e{sew}", sew, "m1", 1000, [
            "vsll.vv v16, v17, v18", "vsrl.vx v19, v20, a1", "vsra.vi v21, v22, 3",
            "vsra.vv v23, v24, v25", "vsll.vi v26, v27, 1"], x=3)
        add(f"minmax_e{sew}", sew, "m1", 1000, [
            "vminu.vv v16, v17, v18", "vmin.vx v19, v20, a1", "vmaxu.vv v21, v22, v23",
            "vmax.vv v24, v25, v26", "vmin.vv v27, v28, v29"], x=-7)
        add(f"cmp_e{sew}", sew, "m1", 1000, [
            "vmseq.vv v16, v17, v17", "vmsne.vx v18, v19, a1", "vmsltu.vv v20, v21, v22",
            "vmslt.vx v23, v24, a1", "vmsleu.vi v25, v26, 5", "vmsle.vv v27, v28, v29",
            "vmsgtu.vx v30, v31, a1", "vmsgt.vi v2, v3, -2"], x=3)
        add(f"mul_e{sew}", sew, "m1", 1000, [
            "vmul.vv v16, v17, v18", "vmulh.vv v19, v20, v21", "vmulhu.vx v22, v23, a1",
            "vmulhsu.vv v24, v25, v26", "vmacc.vv v27, v28, v29", "vnmsac.vx v30, a1, v31",
            "vmadd.vv v2, v3, v4", "vnmsub.vx v5, a1, v6"], x=-77)
        add(f"div_e{sew}", sew, "m1", 1000, [
            "vdivu.vv v16, v17, v18", "vdiv.vv v19, v20, v21", "vremu.vx v22, v23, a1",
            "vrem.vv v24, v25, v26", "vdiv.vx v27, v28, a1"], x=0)
        add(f"masked_e{sew}", sew, "m2", 1000, [
            "vadd.vv v16, v18, v20, v0.t", "vmseq.vx v22, v24, a1, v0.t",
            "vmerge.vvm v26, v28, v30, v0", "vmerge.vim v2, v4, 9, v0", "vmv.v.i v6, -4",
            "vmv.v.x v8, a1", "vmv.v.v v10, v12"], x=17)
        add(f"red_e{sew}", sew, "m2", 1000, [
            "vredsum.vs v16, v18, v20", "vredmax.vs v17, v18, v21", "vredminu.vs v22, v24, v23",
            "vredand.vs v25, v26, v27", "vredor.vs v28, v26, v29", "vredxor.vs v30, v26, v31, v0.t"])
        add(f"slide_e{sew}", sew, "m2", 1000, [
            "vslideup.vx v16, v18, a1", "vslidedown.vi v20, v18, 3", "vslide1up.vx v22, v24, a1",
            "vslide1down.vx v26, v24, a1", "vslidedown.vx v28, v28, a1, v0.t"], x=2)
        add(f"gather_e{sew}", sew, "m1", 1000, [
            "vand.vi v16, v17, 15", "vrgather.vv v18, v19, v16", "vrgather.vx v20, v21, a1",
            "vrgather.vi v22, v23, 2", "vrgather.vv v24, v25, v16, v0.t"], x=1)
        add(f"scalar_e{sew}", sew, "m1", 1000, [
            "vmv.x.s a3, v17", "vmv.s.x v18, a1", "vid.v v19", "vid.v v20, v0.t"], x=-100)
    for lm in ("mf4", "mf2", "m4", "m8"):
        add(f"lmul_{lm}", 8, lm, 1000, ["vadd.vv v16, v24, v8", "vmslt.vv v1, v16, v24",
                                        "vredsum.vs v2, v16, v3"])
    add("vl_short", 32, "m4", 5, ["vadd.vv v16, v20, v24", "vmul.vx v28, v4, a1", "vmsne.vv v1, v16, v20"])
    add("vl_zero", 32, "m1", 0, ["vadd.vv v16, v20, v24", "vredsum.vs v17, v18, v19", "vmv.s.x v18, a1"])
    for s in (16, 8):
        add(f"widen_e{s}", s, "m1", 1000, [
            "vwadd.vv v16, v20, v21", "vwaddu.vx v18, v22, a1", "vwsub.vv v24, v20, v21",
            "vwsubu.vv v26, v22, v23", "vwmul.vv v28, v20, v21", "vwmulu.vx v30, v22, a1",
            "vwmulsu.vv v2, v20, v21", "vwmacc.vv v4, v20, v21", "vwmaccu.vx v6, a1, v22"], x=200)
        add(f"widenw_e{s}", s, "m2", 1000, [
            "vwadd.wv v16, v20, v24", "vwsubu.wx v28, v20, a1"], x=9)
        add(f"narrow_e{s}", s, "m1", 1000, [
            "vnsrl.wv v16, v20, v22", "vnsra.wx v17, v24, a1", "vnsrl.wi v18, v26, 4",
            "vnsra.wv v19, v28, v23, v0.t"], x=3)
    add("ext_e16", 16, "m2", 1000, ["vzext.vf2 v16, v20", "vsext.vf2 v18, v21", "vsext.vf2 v22, v23, v0.t"])
    add("ext_e32", 32, "m4", 1000, ["vzext.vf4 v16, v20", "vsext.vf4 v24, v21", "vzext.vf2 v28, v22"])
    add("mask_logic", 8, "m1", 77, [
        "vmand.mm v16, v17, v18", "vmnand.mm v19, v17, v18", "vmandn.mm v20, v17, v18",
        "vmor.mm v21, v17, v18", "vmnor.mm v22, v17, v18", "vmorn.mm v23, v17, v18",
        "vmxor.mm v24, v17, v18", "vmxnor.mm v25, v17, v18"])
    add("mask_misc", 8, "m1", 100, [
        "vcpop.m a3, v17", "vfirst.m a3, v18", "vcpop.m a3, v17, v0.t", "vmsbf.m v20, v17",
        "vmsif.m v21, v18", "vmsof.m v22, v19", "vmsbf.m v23, v24, v0.t", "viota.m v26, v25",
        "vand.vv v27, v27, v28", "vmsbf.m v29, v27"])
    add("mask_e32", 32, "m4", 1000, ["viota.m v16, v24", "viota.m v20, v25, v0.t", "vfirst.m a3, v19, v0.t"])
    add("vcompress", 16, "m1", 1000, ["vcompress.vm v16, v17, v18"])
    add("gather16", 8, "m1", 1000, ["vand.vi v20, v20, 15", "vand.vi v21, v21, 15", "vrgatherei16.vv v16, v17, v20"])
    add("vmvnr_e8", 8, "mf4", 1, ["vmv2r.v v16, v20", "vmv1r.v v19, v3"])
    add("widen_m4", 16, "m4", 1000, ["vwadd.vv v16, v24, v28, v0.t", "vwmulu.vx v0, v24, a1"], x=3)
    add("narrow_mf2", 8, "mf2", 1000, ["vnsrl.wi v16, v18, 2", "vnsra.wx v17, v19, a1, v0.t"], x=5)
    add("mem_strided", 16, "m1", 1000, ["vlse16.v v16, (a0), a2", "vsse16.v v17, (a0), a2, v0.t",
                                        "vle16.v v18, (a0), v0.t"], x=8)
    add("vmvnr", 32, "m1", 3, ["vmv1r.v v16, v17", "vmv2r.v v18, v20", "vmv4r.v v24, v4", "vmv8r.v v8, v16"])
    # fp32 (no vfcvt.rtz.* / vfncvt.rtz.*: QEMU 7.2 aborts translating them,
    # "decode_save_opc: Assertion `ctx->insn_start != NULL' failed")
    add("fp_arith", 32, "m2", 1000, [
        "vfadd.vv v16, v2, v4", "vfsub.vf v18, v6, fa1", "vfrsub.vf v20, v8, fa1", "vfmul.vv v22, v2, v10",
        "vfmin.vv v24, v2, v4", "vfmax.vf v26, v6, fa1", "vfsgnj.vv v28, v2, v4", "vfsgnjn.vf v30, v6, fa1"])
    add("fp_sgnjx", 32, "m1", 1000, ["vfsgnjx.vv v16, v2, v3", "vfmerge.vfm v17, v4, fa1, v0",
                                     "vfmv.v.f v18, fa1", "vfmv.s.f v19, fa1", "vfmv.f.s fa3, v5"])
    add("fp_fma", 32, "m1", 1000, [
        "vfmacc.vv v1, v2, v3", "vfnmacc.vf v4, fa1, v5", "vfmsac.vv v6, v7, v8", "vfnmsac.vv v9, v10, v11",
        "vfmadd.vv v12, v13, v14", "vfnmadd.vf v15, fa1, v2", "vfmsub.vv v3, v4, v5", "vfnmsub.vf v6, fa1, v7"])
    add("fp_masked", 32, "m4", 1000, ["vfmacc.vf v8, fa1, v4, v0.t", "vfadd.vv v20, v8, v12, v0.t"])
    add("fp_cmp", 32, "m1", 1000, [
        "vmfeq.vv v16, v2, v2", "vmfne.vf v17, v3, fa1", "vmflt.vv v18, v4, v5", "vmfle.vf v19, v6, fa1",
        "vmfgt.vf v20, v7, fa1", "vmfge.vf v21, v8, fa1", "vmflt.vv v22, v9, v10, v0.t"])
    add("fp_red", 32, "m4", 1000, [
        "vfredosum.vs v16, v4, v1", "vfredosum.vs v17, v8, v2", "vfredmax.vs v18, v4, v3",
        "vfredmin.vs v19, v8, v3", "vfredosum.vs v20, v4, v1, v0.t"])
    # vfredusum adds as a tree in rvv_vec, QEMU in element order: integer-valued operands
    for lm, avl in (("m4", 1000), ("m4", 13), ("m1", 3), ("m8", 1000)):
        g = "v8" if lm != "m8" else "v8"
        add(f"fp_usum_{lm}_{avl}", 32, lm, avl, [
            "vand.vi v8, v24, 15" if lm != "m8" else "vand.vi v8, v24, 15",
            "vfcvt.f.x.v v8, v8",
            "vand.vi v16, v28, 7" if lm == "m4" else ("vand.vi v16, v28, 7" if lm == "m1" else "vand.vi v16, v16, 7"),
            "vfcvt.f.x.v v16, v16",
            f"vfredusum.vs v1, v8, v16", f"vfredusum.vs v2, v8, v16, v0.t"])
    add("fp_cvt", 32, "m1", 1000, [
        "vfcvt.x.f.v v16, v2", "vfcvt.xu.f.v v17, v3", "vfcvt.x.f.v v18, v4", "vfcvt.xu.f.v v19, v5",
        "vfcvt.f.x.v v20, v24", "vfcvt.f.xu.v v21, v25"])
    add("fp_wncvt", 16, "m1", 1000, [
        "vfwcvt.f.x.v v16, v24", "vfwcvt.f.xu.v v18, v25", "vfncvt.x.f.w v20, v2", "vfncvt.xu.f.w v21, v4"])
    add("fp_divsqrt", 32, "m1", 1000, ["vfdiv.vv v16, v2, v3", "vfrdiv.vf v17, v4, fa1", "vfsqrt.v v18, v5",
                                       "vfdiv.vf v19, v6, fa1"])
    add("fp_flags", 32, "m1", 1000, ["vmv.v.i v20, 0", "vfdiv.vv v16, v2, v20, v0.t", "vfsqrt.v v17, v3, v0.t",
                                     "vfredosum.vs v18, v4, v5"])
    add("fp_est", 32, "m1", 1000, ["vfrec7.v v16, v2", "vfrsqrt7.v v17, v3", "vfclass.v v18, v4"])
    add("fp_slide", 32, "m1", 1000, ["vfslide1up.vf v16, v2, fa1", "vfslide1down.vf v17, v3, fa1"])
    # memory (the testbench's stand-in VLSU: unit-stride) and hazards through it
    add("mem_e32", 32, "m2", 1000, ["vle32.v v16, (a0)", "vadd.vv v18, v16, v20", "vse32.v v18, (a0)",
                                    "vle32.v v22, (a0)", "vle8.v v24, (a0)"], x=16)
    add("mem_runahead", 32, "m1", 1000, ["vdiv.vv v16, v17, v18", "vadd.vv v19, v16, v20",
                                         "vle32.v v21, (a0)", "vmul.vv v22, v21, v21", "vle32.v v16, (a0)"], x=32)
    # unit-stride segments: the scoreboard covers all NF groups (fields 1.. read/written after)
    add("mem_seg", 32, "m1", 1000, ["vlseg3e32.v v16, (a0)", "vadd.vv v20, v17, v18", "vsseg2e32.v v19, (a0), v0.t",
                                    "vlseg2e32.v v22, (a0)", "vadd.vv v24, v23, v22"], x=16)
    add("mem_seg8", 32, "m1", 4, ["vlseg8e32.v v8, (a0)", "vadd.vv v24, v15, v14", "vsseg4e32.v v24, (a0)",
                                  "vmul.vv v27, v8, v9", "vsseg4e32.v v24, (a0), v0.t"], x=16)
    add("mem_seg_short", 16, "m2", 5, ["vlseg2e16.v v16, (a0), v0.t", "vadd.vv v20, v18, v16",
                                       "vsseg3e16.v v20, (a0)", "vle16.v v26, (a0)"], x=8)
    # dependency chains through the pipe
    add("chain", 32, "m1", 1000, ["vadd.vv v16, v17, v18", "vadd.vv v16, v16, v16", "vmul.vv v19, v16, v16",
                                  "vfadd.vv v20, v2, v3", "vfmul.vv v21, v20, v20", "vadd.vv v22, v21, v19",
                                  "vredsum.vs v23, v22, v16", "vmv.x.s a3, v23"])
    return c


def fbits(v):
    return struct.unpack("<I", struct.pack("<f", v))[0]


def vsetvli_line(sew, lmul):
    return f"e{sew}, {lmul}, tu, mu"


def vlmax(vlen, sew, lmul):
    num = {"mf4": (1, 4), "mf2": (1, 2), "m1": (1, 1), "m2": (2, 1), "m4": (4, 1), "m8": (8, 1)}[lmul]
    return vlen // sew * num[0] // num[1]


def encode(lines):
    with tempfile.NamedTemporaryFile("w", suffix=".s", delete=False) as f:
        f.write("\n".join(lines) + "\n")
        name = f.name
    out = subprocess.run(["llvm-mc-19", "--triple=riscv32", "-mattr=+v,+f,+zve32f", "--show-encoding", name],
                         capture_output=True, text=True, check=True).stdout
    os.unlink(name)
    words = []
    for m in re.finditer(r"encoding: \[([^\]]*)\]", out):
        b = [int(x, 16) for x in m.group(1).split(",")]
        words.append(b[0] | b[1] << 8 | b[2] << 16 | b[3] << 24)
    assert len(words) == len(lines), out
    return words


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--vlen", type=int, default=128)
    ap.add_argument("--out")
    a = ap.parse_args()
    vlen, vlenb = a.vlen, a.vlen // 8
    rnd = random.Random(12)
    init = bytearray()
    for r in range(32):
        for e in range(vlenb // 4):
            if r == 0:
                w = rnd.getrandbits(32)
            elif r < 16:
                w = fbits(rnd.choice((-1, 1)) * rnd.uniform(0.5, 4.0))
            else:
                w = rnd.getrandbits(32) if rnd.random() < 0.7 else rnd.randrange(0, 40)
            init += struct.pack("<I", w)
    meminit = bytes(rnd.getrandbits(8) for _ in range(MEMB))
    cs = cases()

    asm = [".text", ".globl _start", "_start:"]
    for ci, (name, sew, lmul, avl, x, f, ins) in enumerate(cs):
        asm += [f"# case {name}",
                "li t0, -1", "vsetvli t0, t0, e32, m8, tu, mu",
                "la t1, vinit", "vl8re32.v v0, (t1)", f"addi t1, t1, {8*vlenb}", "vl8re32.v v8, (t1)",
                f"addi t1, t1, {8*vlenb}", "vl8re32.v v16, (t1)", f"addi t1, t1, {8*vlenb}", "vl8re32.v v24, (t1)",
                "la t1, meminit", "la t2, mem", f"li t3, {MEMB}",
                f"1: lw t4, 0(t1)", "sw t4, 0(t2)", "addi t1, t1, 4", "addi t2, t2, 4", "addi t3, t3, -4", "bnez t3, 1b",
                "la s5, xres", "sw zero, 0(s5)", "csrwi fflags, 0",
                f"li a1, {x}", f"li t2, {fbits(f)}", "fmv.w.x fa1, t2", "la a0, mem", f"addi a0, a0, {x if x >= 0 else 0}",
                "li a2, 4", f"li t0, {avl}", f"vsetvli t1, t0, {vsetvli_line(sew, lmul)}"]
        nx = 0
        for i in ins:
            asm.append(i)
            if re.match(r"(vmv\.x\.s|vcpop\.m|vfirst\.m)\s+a3", i):
                asm.append(f"sw a3, {4*nx}(s5)"); nx += 1
            if i.startswith("vfmv.f.s fa3"):
                asm.append(f"fsw fa3, {4*nx}(s5)"); nx += 1
        asm += ["csrr t4, fflags", "sw t4, 60(s5)",
                "la t1, vout", "vs8r.v v0, (t1)", f"addi t1, t1, {8*vlenb}", "vs8r.v v8, (t1)",
                f"addi t1, t1, {8*vlenb}", "vs8r.v v16, (t1)", f"addi t1, t1, {8*vlenb}", "vs8r.v v24, (t1)",
                "li a7, 64", "li a0, 1", "la a1, vout", f"li a2, {32*vlenb}", "ecall",
                "li a7, 64", "li a0, 1", "la a1, mem", f"li a2, {MEMB}", "ecall",
                "li a7, 64", "li a0, 1", "la a1, xres", "li a2, 64", "ecall"]
    asm += ["li a7, 93", "li a0, 0", "ecall", ".data", ".balign 64", "vinit:"]
    asm += [".byte " + ",".join(str(b) for b in init[i:i+16]) for i in range(0, len(init), 16)]
    asm += ["meminit:"] + [".byte " + ",".join(str(b) for b in meminit[i:i+16]) for i in range(0, MEMB, 16)]
    asm += [".balign 64", "mem:", f".space {MEMB}", "vout:", f".space {32*vlenb}", "xres:", ".space 64"]
    with tempfile.TemporaryDirectory() as d:
        d = os.environ.get("RVV_GEN_KEEP", d)
        src, elf = os.path.join(d, "p.S"), os.path.join(d, "p.elf")
        open(src, "w").write("\n".join(asm) + "\n")
        subprocess.run(["clang-19", "--target=riscv32", "-march=rv32imf_zve32f", "-mabi=ilp32f", "-nostdlib",
                        "-fuse-ld=lld", "-Wl,-Ttext=0x100000", src, "-o", elf], check=True)
        out = subprocess.run(["qemu-riscv32", "-cpu", f"rv32,v=true,vlen={vlen},elen=32,vext_spec=v1.0", elf],
                             capture_output=True, check=True).stdout
    per = 32 * vlenb + MEMB + 64
    assert len(out) == per * len(cs), (len(out), per * len(cs))

    o = [f"# generated by tests/rvv_vec/gen.py --vlen {vlen} (QEMU {subprocess.run(['qemu-riscv32', '--version'], capture_output=True, text=True).stdout.split()[2]}); do not edit",
         f"vlen {vlen}", f"memb {MEMB}"]
    o += ["vinit " + init[r*vlenb:(r+1)*vlenb][::-1].hex() for r in range(32)]
    o += ["meminit " + meminit.hex()]
    for ci, (name, sew, lmul, avl, x, f, ins) in enumerate(cs):
        blk = out[ci*per:(ci+1)*per]
        vl = min(avl, vlmax(vlen, sew, lmul))
        vtype = LMULS[lmul] | SEWS[sew] << 3
        o.append(f"case {name}")
        for i, w in zip(ins, encode(ins)):
            o.append(f"i {w:08x} {x & 0xffffffff:08x} 00000004 {fbits(f):08x} {vl:08x} {vtype:02x} 0  # {i}")
        xr = blk[32*vlenb + MEMB:]
        nx = 0
        for i in ins:
            m = re.match(r"(vmv\.x\.s|vcpop\.m|vfirst\.m|vfmv\.f\.s)\s+f?a3", i)
            if m:
                fp = i.startswith("vfmv")
                o.append(f"x 13 {int(fp)} {struct.unpack_from('<I', xr, 4*nx)[0]:08x}")
                nx += 1
        o.append(f"f {struct.unpack_from('<I', xr, 60)[0]:02x}")
        o += ["e " + blk[r*vlenb:(r+1)*vlenb][::-1].hex() for r in range(32)]
        o.append("m " + blk[32*vlenb:32*vlenb+MEMB].hex())
        o.append("end")
    text = "\n".join(o) + "\n"
    if a.out:
        open(a.out, "w").write(text)
    else:
        sys.stdout.write(text)


if __name__ == "__main__":
    main()
