#!/usr/bin/env python3
"""rvv_vdecode against the instruction table (rtl/rvv/rvv_isa.vh, from isa/rvv.def).

1. Every vector instruction of the table, with register fields that satisfy
   the alignment/overlap rules (vd=v8, vs2=v16, vs1=v24, unmasked), is legal
   under at least one of e8m1 / e16m1 / e32m1.
2. Random OP-V / LOAD-FP / STORE-FP words under random vtypes: whatever
   rvv_vdecode calls legal is in the table (or in EXTRA, the few forms the
   vector unit implements beyond it), and is_vec.
3. Directed cases QEMU 7.2 traps on (overlap, alignment, SEW, vill) are illegal.
Runs iverilog (-g2012). Usage: vdecode_check.py ROOT WORKDIR
"""
import os, re, subprocess, sys

# implemented by rvv_vec, not (yet) rows of isa/rvv.def: (mask, match)
EXTRA = {
    "vwaddu.w/vwadd.w/vwsubu.w/vwsub.w": (0xf000707f, 0xd0002057),   # funct6 1101xx, OPMVV
    "vwadd*.wx": (0xf000707f, 0xd0006057),                            # OPMVX
    "vwmaccsu.vv": (0xfc00707f, 0xfc002057), "vwmaccsu.vx": (0xfc00707f, 0xfc006057),
    "vwmaccus.vx": (0xfc00707f, 0xf8006057),
    "vwmulsu.vv": (0xfc00707f, 0xe8002057), "vwmulsu.vx": (0xfc00707f, 0xe8006057),
    "vfwcvt.f.xu.v": (0xfc0ff07f, 0x48051057), "vfwcvt.f.x.v": (0xfc0ff07f, 0x48059057),
    # unit-stride segments at EEW 8/16 (the table lists e32)
    "vlseg<nf>e8.v": (0x1df0707f, 0x00000007), "vlseg<nf>e16.v": (0x1df0707f, 0x00005007),
    "vsseg<nf>e8.v": (0x1df0707f, 0x00000027), "vsseg<nf>e16.v": (0x1df0707f, 0x00005027),
}


def main():
    root, work = sys.argv[1], sys.argv[2]
    os.makedirs(work, exist_ok=True)
    hdr = open(os.path.join(root, "rtl/rvv/rvv_isa.vh")).read()
    rows = re.findall(r"RVV_MATCH_(V\w+) = 32'h([0-9a-f]+)", hdr)
    masks = dict(re.findall(r"RVV_MASK_(V\w+) = 32'h([0-9a-f]+)", hdr))
    rows = [(n, int(m, 16), int(masks[n], 16)) for n, m in rows if not n.startswith("VSET")]
    fields = (8 << 7) | (24 << 15) | (16 << 20) | (1 << 25) | (10 << 15 if False else 0)
    lines = ["module tb;", '`include "rvv_isa.vh"',
             "reg [31:0] insn; reg [7:0] vtype; integer errs, i, n, ok, nl;",
             "wire is_vec, legal, rd_x, rd_f, use_xs1, use_xs2, use_fs1, is_vmem, is_vstore;",
             "rvv_vdecode d(.insn(insn), .vtype(vtype), .is_vec(is_vec), .legal(legal), .rd_x(rd_x), .rd_f(rd_f),"
             " .use_xs1(use_xs1), .use_xs2(use_xs2), .use_fs1(use_fs1), .is_vmem(is_vmem), .is_vstore(is_vstore));",
             "function automatic logic extra(input logic [31:0] w);",
             "  extra = 1'b0"]
    lines += [f"    | ((w & 32'h{k:08x}) == 32'h{v:08x})" for k, v in EXTRA.values()]
    lines += ["  ;", "endfunction",
              "task chk(input [31:0] w, input [8*24-1:0] name);",
              "  begin ok = 0; insn = w;",
              "    vtype = 8'h00; #1; if (legal) ok = 1;",
              "    vtype = 8'h08; #1; if (legal) ok = 1;",
              "    vtype = 8'h10; #1; if (legal) ok = 1;",
              "    if (!ok || !is_vec) begin errs = errs + 1; $display(\"not legal: %0s %08x\", name, w); end",
              "  end endtask",
              "task ill(input [31:0] w, input [7:0] vt, input [8*24-1:0] name);",
              "  begin insn = w; vtype = vt; #1;",
              "    if (legal) begin errs = errs + 1; $display(\"should be illegal: %0s %08x vtype %02x\", name, w, vt); end",
              "  end endtask",
              "initial begin errs = 0; nl = 0;"]
    for n, m, k in rows:
        w = (m & k) | (fields & ~k)
        lines.append(f'  chk(32\'h{w:08x}, "{n}");')
    # directed illegal cases (QEMU 7.2 raises SIGILL on each)
    for w, vt, name in [(0x53182857, 0x12, "viota.m v16,v17 e32m4"), (0x4a289a57, 0x10, "vfncvt.x.f.w e32"),
                        (0x02221857, 0x08, "vfadd.vv e16"), (0x02221857, 0x38, "vfadd vill"),
                        (0x02208857, 0x01, "vadd.vv v17(m2 vd odd)"), (0x00208057, 0x00, "vadd.vv v0,.. v0.t"),
                        (0xc6208857, 0x01, "vwadd.vv m2 vd=v16 vs2=v2"),
                        (0x82006407, 0x11, "vlseg5e32 m2 (NF*EMUL 10)"), (0x62006f07, 0x10, "vlseg4e32 v30"),
                        (0x2a006407, 0x10, "vlsseg2e32 (strided)"), (0x20006007, 0x10, "vlseg2e32 v0,v0.t"),
                        (0xe2006427, 0x11, "vsseg8e32 m2")]:
        lines.append(f'  ill(32\'h{w:08x}, 8\'h{vt:02x}, "{name}");')
    lines += ["  for (i = 0; i < 30000; i = i + 1) begin",
              "    insn = $random; n = $random & 3;",
              "    insn[6:0] = (n == 0) ? 7'h07 : (n == 1) ? 7'h27 : 7'h57;",
              "    vtype = $random; vtype[2:0] = (vtype[2:0] == 3'd4) ? 3'd0 : vtype[2:0];",
              "    if (vtype[5:3] > 3'd2 && ($random & 7) != 0) vtype[5:3] = 3'd2;",
              "    #1;",
              "    if (legal) nl = nl + 1;",
              "    if (legal && (!is_vec || !(rvv_isa_listed(insn) || extra(insn)))) begin",
              "      errs = errs + 1; if (errs < 20) $display(\"legal but not in the table: %08x vtype %02x\", insn, vtype);",
              "    end",
              "  end",
              f'  $display("vdecode: %0d table rows, %0d random legal words, %0d errors", {len(rows)}, nl, errs);',
              "  if (errs != 0) $fatal(1, \"FAIL\");",
              "  $finish;", "end", "endmodule"]
    tb = os.path.join(work, "tb_vdecode.sv")
    open(tb, "w").write("\n".join(lines) + "\n")
    exe = os.path.join(work, "tb_vdecode.vvp")
    subprocess.run(["iverilog", "-g2012", "-o", exe, "-I", os.path.join(root, "rtl/rvv"), tb,
                    os.path.join(root, "rtl/rvv/rvv_vdecode.v")], check=True)
    r = subprocess.run(["vvp", "-n", exe], capture_output=True, text=True)
    sys.stdout.write(r.stdout)
    sys.exit(0 if r.returncode == 0 and "FAIL" not in r.stdout and "errors" in r.stdout else 1)


if __name__ == "__main__":
    main()
