#!/usr/bin/env python3
"""gen_golden.py [--full] [OUT] — regenerates the rvv_fpu golden vectors with QEMU.

Every operation of rtl/rvv/rvv_fpu_ops.vh on directed edge cases (zeros,
infinities, quiet/signalling NaNs, max/min normals, denormals, results that
would be subnormal, rounding ties, conversion limits) and seeded random
operands, at RNE and RTZ, is run by qemu-riscv32 (qemu_fp.py); the expected
value is QEMU's, adjusted by the documented flush-to-zero rules of rvv_fpu
(docs/fp.md): arithmetic inputs with exponent field 0 are given to QEMU as
signed zeros (DAZ), and a result whose exact value is nonzero and below
2^-126 in magnitude is expected as a signed zero (those rows have ftz = 1 and
their NX/UF/OF are not compared). Output (default golden.txt next to this
script): one line per vector, hex: op rm a b c expected fflags ftz.
Deterministic: the same file every run (fixed seed). --full writes the large
campaign instead (all pairs of 47 directed values, 700 random vectors per op
and rounding mode: ~124k vectors, a few seconds of QEMU; not committed).
"""
import os
import random
import struct
import sys
from fractions import Fraction

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import qemu_fp  # noqa: E402

OP = {name: i for i, name in enumerate(qemu_fp.OPS)}
FMA_OPS = ["FADD", "FSUB", "FMUL", "FMADD", "FMSUB", "FNMSUB", "FNMADD"]
BINARY = ["FADD", "FSUB", "FMUL", "FDIV", "FMIN", "FMAX", "FSGNJ", "FSGNJN", "FSGNJX",
          "FEQ", "FLT", "FLE"]
TERNARY = ["FMADD", "FMSUB", "FNMSUB", "FNMADD"]
UNARY = ["FSQRT", "FCLASS", "CVT_W_S", "CVT_WU_S", "REC7", "RSQRT7", "CVT_W16_S", "CVT_WU16_S"]
INT_IN = ["CVT_S_W", "CVT_S_WU"]
RAW = {"FSGNJ", "FSGNJN", "FSGNJX", "FCLASS", "CVT_S_W", "CVT_S_WU"}  # no DAZ on inputs
EXACT = {"FADD", "FSUB", "FMUL", "FMADD", "FMSUB", "FNMSUB", "FNMADD", "FDIV"}
FP_OUT = EXACT | {"FSQRT", "REC7", "CVT_S_W", "CVT_S_WU"}


def f32(x):
    return struct.unpack("<I", struct.pack("<f", x))[0]


SPECIAL = [0x00000000, 0x80000000, 0x7F800000, 0xFF800000, 0x7FC00000, 0xFFC12345,
           0x7F800001, 0xFF812345, 0x3F800000, 0xBF800000, 0x7F7FFFFF, 0xFF7FFFFF,
           0x00800000, 0x80800000, 0x00000001, 0x807FFFFF, 0x00400000, 0x3F000000,
           0xBF000000, 0x3FC00000, 0xC0200000, 0x40400000, 0x3F800001, 0x3FFFFFFF,
           0x33800000, 0x34000000, 0x1F800000, 0x9F800000, 0x20000000, 0x5F800000,
           0x4B000000, 0x4EFFFFFF, 0x4F000000, 0xCF000000, 0xCF000001, 0x4F800000,
           0x46FFFE00, 0x46FFFF00, 0xC7000000, 0xC7000080, 0x477FFF00, 0x477FFF80,
           0x00FFFFFF, 0x7E800000, 0x7E7FFFFF, 0x3E99999A, 0xBF400000]
SPECIAL3 = [0x00000000, 0x80000000, 0x7F800000, 0xFF800000, 0x7FC00000, 0x7F800001,
            0x3F800000, 0xBF800000, 0x7F7FFFFF, 0x00800000, 0x80800000, 0x00000001,
            0x3FC00000, 0x33800000, 0x1F800000, 0x5F800000]


def is_nan(x):
    return (x >> 23) & 0xFF == 0xFF and x & 0x7FFFFF


def daz(x):
    return x & 0x80000000 if (x >> 23) & 0xFF == 0 else x


def value(x):
    """Exact Fraction of a finite fp32 pattern (None for inf/NaN)."""
    e = (x >> 23) & 0xFF
    if e == 0xFF:
        return None
    m = x & 0x7FFFFF
    v = Fraction(m, 1 << 23) * Fraction(2) ** -126 if e == 0 else \
        Fraction(m | 1 << 23, 1 << 23) * Fraction(2) ** (e - 127)
    return -v if x >> 31 else v


def exact(op, a, b, c):
    va, vb, vc = value(a), value(b), value(c)
    if va is None or vb is None or (vc is None and op in TERNARY):
        return None
    return {"FADD": lambda: va + vb, "FSUB": lambda: va - vb, "FMUL": lambda: va * vb,
            "FMADD": lambda: va * vb + vc, "FMSUB": lambda: va * vb - vc,
            "FNMSUB": lambda: -va * vb + vc, "FNMADD": lambda: -va * vb - vc,
            "FDIV": lambda: va / vb if vb else None}[op]()


def rand_float(rng, lo=1, hi=254, short=False):
    m = rng.getrandbits(23)
    if short:  # few significant bits: exact ties and exact results are common
        m &= 0x7FF000
    return rng.getrandbits(1) << 31 | rng.randint(lo, hi) << 23 | m


# the compact set's directed operands (the committed file stays small)
SMALL = [0x00000000, 0x80000000, 0x7F800000, 0xFF800000, 0x7FC00000, 0xFF812345,
         0x3F800000, 0xBF400000, 0x7F7FFFFF, 0x00800000, 0x80000001, 0x1F800000,
         0x3FC00000, 0x5F800000]
SMALL3 = [0x80000000, 0x7F800000, 0x7FC00000, 0x7F800001, 0x3FC00000, 0xBF800000,
          0x00800000]
RM_FREE = {"FMIN", "FMAX", "FSGNJ", "FSGNJN", "FSGNJX", "FEQ", "FLT", "FLE", "FCLASS",
           "REC7", "RSQRT7"}  # results do not depend on rm


def vectors(full):
    """The directed and random vectors: the compact set (full=False, the
    committed golden.txt) or the large campaign (full=True)."""
    rng = random.Random(12)
    out = []

    def add(op, a, b=0, c=0):
        for rm in (0,) if op in RM_FREE else (0, 1):
            out.append((OP[op], rm, a, b, c))

    special = SPECIAL if full else SMALL
    for op in BINARY:
        for a in special:
            for b in special:
                add(op, a, b)
    for op in TERNARY:
        for a in (SPECIAL3 if full else SMALL3):
            for b in (SPECIAL3 if full else SMALL3):
                for c in (SPECIAL3 if full else SMALL3):
                    if full or op == "FMADD" or (a, b) == (0x3FC00000, 0xBF800000):
                        add(op, a, b, c)
    for op in UNARY:
        for a in SPECIAL:
            add(op, a)
    nrand = 700 if full else 24
    ints = [0, 1, 0xFFFFFFFF, 0x7FFFFFFF, 0x80000000, 0x80000001, 0x01000001, 0x01000003,
            0x00FFFFFF, 0x01000000, 0x7FFFFFC0, 0x7FFFFF40, 0xFFFFFF7F, 12345, 0xFEFFFFFF]
    for op in INT_IN:
        for i in ints:
            add(op, i)
        for _ in range(nrand):
            add(op, rng.getrandbits(32) >> rng.randint(0, 31))
    # rounding ties and near-ties of add/mul
    for k in range(1, 4):
        for base in (0x3F800000, 0x3F800001, 0x4B7FFFFF):
            for sgn in (0, 0x80000000):
                add("FADD", base, sgn | f32(k * 2.0 ** -24))
                add("FSUB", base, sgn | f32(k * 2.0 ** -25))
    # random operands: wide exponents, close exponents, short mantissas
    for op in BINARY + ["FSQRT"]:
        for i in range(nrand):
            if i % 3 == 0:
                a, b = rand_float(rng), rand_float(rng)
            elif i % 3 == 1:
                a = rand_float(rng, 60, 190)
                b = rand_float(rng, (a >> 23 & 0xFF) - 2, (a >> 23 & 0xFF) + 2)
            else:
                a, b = rand_float(rng, 100, 150, True), rand_float(rng, 100, 150, True)
            if op in ("FMUL", "FDIV") and i % 7 == 0:  # products near the flush boundary
                a, b = rand_float(rng, 1, 80), rand_float(rng, 1, 80) ^ (0x7F000000 if op == "FDIV" else 0)
            if op == "FSQRT":
                a &= 0x7FFFFFFF
            add(op, a, b)
    for op in TERNARY:
        for i in range(nrand):
            short = i % 2 == 1
            a = rand_float(rng, 90, 160, short)
            b = rand_float(rng, 90, 160, short)
            ep = (a >> 23 & 0xFF) + (b >> 23 & 0xFF) - 127
            c = rand_float(rng, max(1, ep - 30), min(254, ep + 30), short)
            if i % 11 == 0:
                a, b = rand_float(rng, 1, 70), rand_float(rng, 60, 120)
                c = rand_float(rng, 1, 8)
            add(op, a, b, c)
    for op in ["CVT_W_S", "CVT_WU_S", "CVT_W16_S", "CVT_WU16_S"]:
        for i in range(nrand):
            a = rand_float(rng, 110, 162, i % 2 == 0)
            add(op, a)
        for k in range(-6, 7):  # halves: ties to even
            add(op, f32(k + 0.5))
    for op in ["REC7", "RSQRT7"]:
        for e in (1, 2, 3, 126, 127, 128, 129, 250, 251, 252, 253, 254):
            for idx in range(128) if full or e in (127, 128) else range(0, 128, 37):
                add(op, (e << 23) | (idx << 16) | rng.getrandbits(16))
                if op == "REC7" and idx % 16 == 0:
                    add(op, 0x80000000 | (e << 23) | (idx << 16))
    for op in ["FCLASS"]:
        for _ in range(nrand):
            add(op, rng.getrandbits(32))
    return out


def expected_rows(vecs, qemu="qemu-riscv32"):
    names = qemu_fp.OPS
    fed = [(op, rm, a if names[op] in RAW else daz(a), b if names[op] in RAW else daz(b),
            c if names[op] in RAW else daz(c)) for op, rm, a, b, c in vecs]
    res = qemu_fp.run(fed, qemu)
    rows = []
    for (op, rm, a, b, c), (fop, _, fa, fb, fc), (r, fl) in zip(vecs, fed, res):
        name = names[op]
        ftz = 0
        if name in FP_OUT and not is_nan(r):
            v = exact(name, fa, fb, fc) if name in EXACT else None
            tiny = (r & 0x7F800000) == 0 and r & 0x7FFFFF  # QEMU gave a subnormal
            if v is not None and v != 0 and abs(v) < Fraction(2) ** -126:
                tiny = True
                r = 0x80000000 if v < 0 else 0
            if tiny:
                r &= 0x80000000
                ftz = 1
        rows.append(f"{op:02x} {rm} {a:08x} {b:08x} {c:08x} {r:08x} {fl:02x} {ftz}")
    return rows


def main():
    args = sys.argv[1:]
    full = "--full" in args
    args = [x for x in args if x != "--full"]
    out = args[0] if args else os.path.join(os.path.dirname(os.path.abspath(__file__)), "golden.txt")
    rows = expected_rows(vectors(full))
    with open(out, "w") as f:
        f.write("# rvv_fpu golden vectors from QEMU (tests/rvv_fpu/gen_golden.py regenerates this)\n")
        f.write("# op rm a b c expected fflags(NV DZ OF UF NX) ftz\n")
        f.write("\n".join(rows) + "\n")
    print(f"{out}: {len(rows)} vectors")


if __name__ == "__main__":
    main()
