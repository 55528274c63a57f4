"""qemu_fp.py — runs rvv_fpu operations on QEMU (the judge of RISC-V fp semantics).

run(vectors) takes (op, rm, a, b, c) tuples (op = RVV_FOP_* code, rm 0 RNE / 1 RTZ,
a b c 32-bit patterns, roles as in rtl/rvv/rvv_fpu_ops.vh) and returns one
(result, fflags) per vector, computed by qemu-riscv32 executing the matching
F / V instruction in a generated program that writes its results to stdout.
"""
import os
import struct
import subprocess
import tempfile

QEMU_CPU = "rv32,v=true,vlen=128,elen=32,vext_spec=v1.0"
CLANG = ["clang-19", "--target=riscv32", "-march=rv32imf_zve32f", "-mabi=ilp32f",
         "-nostdlib", "-fuse-ld=lld", "-Wl,-Ttext=0x100000"]

# One handler per op code, in code order: operands in f0 f1 f2 (fp) / t2 (int a);
# leaves the result in t4. fp results go through f3.
FP_OUT = "fmv.x.w t4, f3"
VSET32 = "vsetivli x0, 1, e32, m1, ta, ma\n vfmv.s.f v1, f0"
HANDLERS = [
    ("FADD", "fadd.s f3, f0, f1\n " + FP_OUT),
    ("FSUB", "fsub.s f3, f0, f1\n " + FP_OUT),
    ("FMUL", "fmul.s f3, f0, f1\n " + FP_OUT),
    ("FMADD", "fmadd.s f3, f0, f1, f2\n " + FP_OUT),
    ("FMSUB", "fmsub.s f3, f0, f1, f2\n " + FP_OUT),
    ("FNMSUB", "fnmsub.s f3, f0, f1, f2\n " + FP_OUT),
    ("FNMADD", "fnmadd.s f3, f0, f1, f2\n " + FP_OUT),
    ("FDIV", "fdiv.s f3, f0, f1\n " + FP_OUT),
    ("FSQRT", "fsqrt.s f3, f0\n " + FP_OUT),
    ("FMIN", "fmin.s f3, f0, f1\n " + FP_OUT),
    ("FMAX", "fmax.s f3, f0, f1\n " + FP_OUT),
    ("FSGNJ", "fsgnj.s f3, f0, f1\n " + FP_OUT),
    ("FSGNJN", "fsgnjn.s f3, f0, f1\n " + FP_OUT),
    ("FSGNJX", "fsgnjx.s f3, f0, f1\n " + FP_OUT),
    ("FEQ", "feq.s t4, f0, f1"),
    ("FLT", "flt.s t4, f0, f1"),
    ("FLE", "fle.s t4, f0, f1"),
    ("FCLASS", "fclass.s t4, f0"),
    ("CVT_W_S", "fcvt.w.s t4, f0"),
    ("CVT_WU_S", "fcvt.wu.s t4, f0"),
    ("CVT_S_W", "fcvt.s.w f3, t2\n " + FP_OUT),
    ("CVT_S_WU", "fcvt.s.wu f3, t2\n " + FP_OUT),
    ("REC7", VSET32 + "\n vfrec7.v v2, v1\n vfmv.f.s f3, v2\n " + FP_OUT),
    ("RSQRT7", VSET32 + "\n vfrsqrt7.v v2, v1\n vfmv.f.s f3, v2\n " + FP_OUT),
    ("CVT_W16_S", VSET32 + "\n vsetivli x0, 1, e16, mf2, ta, ma\n vfncvt.x.f.w v2, v1\n"
     " vmv.x.s t4, v2"),
    ("CVT_WU16_S", VSET32 + "\n vsetivli x0, 1, e16, mf2, ta, ma\n vfncvt.xu.f.w v2, v1\n"
     " vmv.x.s t4, v2\n slli t4, t4, 16\n srli t4, t4, 16"),
]
OPS = [name for name, _ in HANDLERS]


def _program(vectors):
    lines = [".text", ".globl _start", "_start:",
             " la s0, vecs", " la s1, results", f" li s2, {len(vectors)}",
             "loop:", " beqz s2, done",
             " lw t0, 0(s0)", " lw t1, 4(s0)", " lw t2, 8(s0)",
             " fmv.w.x f0, t2", " lw t3, 12(s0)", " fmv.w.x f1, t3",
             " lw t3, 16(s0)", " fmv.w.x f2, t3",
             " fsrm t1", " csrwi fflags, 0",
             " la t3, jt", " slli t0, t0, 2", " add t3, t3, t0", " lw t3, 0(t3)", " jr t3"]
    for i, (_, body) in enumerate(HANDLERS):
        lines += [f"h{i}:", " " + body, " j store"]
    lines += ["store:", " csrr t5, fflags", " sw t4, 0(s1)", " sw t5, 4(s1)",
              " addi s0, s0, 20", " addi s1, s1, 8", " addi s2, s2, -1", " j loop",
              "done:", " li a0, 1", " la a1, results", f" li a2, {8 * len(vectors)}",
              " li a7, 64", " ecall", " li a0, 0", " li a7, 93", " ecall",
              ".data", ".balign 4", "jt:"]
    lines += [f" .word h{i}" for i in range(len(HANDLERS))]
    lines.append("vecs:")
    for op, rm, a, b, c in vectors:
        lines.append(f" .word {op}, {rm}, {a:#x}, {b:#x}, {c:#x}")
    lines += [".bss", ".balign 4", f"results: .space {8 * len(vectors)}"]
    return "\n".join(lines) + "\n"


def run(vectors, qemu="qemu-riscv32"):
    with tempfile.TemporaryDirectory() as tmp:
        src = os.path.join(tmp, "prog.s")
        elf = os.path.join(tmp, "prog.elf")
        with open(src, "w") as f:
            f.write(_program(vectors))
        subprocess.run(CLANG + [src, "-o", elf], check=True)
        out = subprocess.run([qemu, "-cpu", QEMU_CPU, elf], check=True,
                             stdout=subprocess.PIPE).stdout
    if len(out) != 8 * len(vectors):
        raise RuntimeError(f"qemu wrote {len(out)} bytes, expected {8 * len(vectors)}")
    words = struct.unpack(f"<{2 * len(vectors)}I", out)
    return [(words[2 * i], words[2 * i + 1]) for i in range(len(vectors))]
