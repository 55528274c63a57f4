#!/usr/bin/env python3
"""synth_levels.py NETLIST.json TOP [MIN_MEM_BITS] — figures of a hierarchical gate-level netlist.

Reads the JSON yosys writes (`write_json`) after scripts/synth_hier.sh's flow:
every unique module mapped to yosys' generic gates ($_AND_, $_MUX_, $_DFF_*, ...)
once, the hierarchy kept, memories left as $mem_v2 cells. Prints

  * per module: instances under TOP, cells, flip-flops, memory bits (its own,
    not its children's), and the longest combinational path in gate levels
    in it and below it (across its children's boundaries, or inside one);
  * per module, the register groups (a register's name without its bit index)
    with the depth of logic in front of them, deepest first: a pipeline is
    balanced when its stages' figures are close;
  * TOP's totals (every instance counted: what `stat -top TOP` reports) and
    its longest path across module boundaries, with its start, end and the
    instances it crosses.

Levels: every gate on the path counts one (as `ltp -noff`); flip-flops cut
paths (their Q starts a path, their D/enable/reset inputs end one). A child
instance is not one level but what is inside it: each module is summarised
by the depth from its registers to each output port, from each input port to
its registers, and from each input port to each output port (combinational
through-paths), per port (the worst bit of the port), and its parent adds
those. Memories: a clocked read port is a register (its address ends a path,
its data starts one); an asynchronous read port is a mux tree of
ceil(log2(rows)) levels from address to data; write ports end paths.
Exits 1 when fewer than MIN_MEM_BITS bits (all instances) are in memories.
"""
import json
import math
import re
import sys
from collections import defaultdict

INT = "@"   # label of paths that start inside the module (a flop or memory)

FF_RE = re.compile(r"^\$_(S?DFF|DFFE|SDFFE|SDFFCE|ALDFF|ALDFFE|DFFSR|DFFSRE|DLATCH|DLATCHSR|SR)_")
FF_COARSE = {"$dff", "$dffe", "$sdff", "$sdffe", "$sdffce", "$adff", "$adffe", "$aldff",
             "$aldffe", "$dffsr", "$dffsre", "$dlatch", "$adlatch", "$dlatchsr", "$sr"}
FF_OUT = {"Q"}


def is_ff(t):
    return bool(FF_RE.match(t)) or t in FF_COARSE


def base_name(name):
    """A register's name without the bit / word index yosys appends."""
    name = re.sub(r"\[\d+\]$", "", name)
    return name.lstrip("\\")


def param_int(v):
    if isinstance(v, int):
        return v
    return int(v, 2) if set(v) <= {"0", "1"} else int(v)


class Summary:
    """What a parent needs of a module: per port depths (None: no path)."""

    def __init__(self):
        self.out_reg = {}     # output port -> (levels, start register)
        self.in_reg = {}      # input port -> (levels, end register)
        self.thru = {}        # (input port, output port) -> levels


class Module:
    def __init__(self, name, m):
        self.name = name
        self.m = m
        self.ports = m.get("ports", {})
        self.cells = m.get("cells", {})
        self.bitname = {}
        # a readable name per net bit: of the wires it belongs to, a public one,
        # the one most made of flip-flop outputs (the register, not an alias of
        # part of it), then the shortest
        ffq = set(b for c in self.cells.values() if is_ff(c["type"])
                  for b in c["connections"].get("Q", []) if isinstance(b, int))
        best = {}
        for wname, w in m.get("netnames", {}).items():
            bits = w["bits"]
            pub = not w.get("hide_name", 0)
            regs = sum(1 for b in bits if b in ffq) / max(1, len(bits))
            rank = (pub, regs, -len(wname))
            for i, b in enumerate(bits):
                if isinstance(b, int) and (b not in best or best[b] < rank):
                    best[b] = rank
                    self.bitname[b] = (wname, i, len(bits), pub)

    def net_label(self, b):
        n = self.bitname.get(b)
        if not n:
            return "net%d" % b
        w, i, width, _ = n
        return w.lstrip("\\") + ("[%d]" % i if width > 1 else "")

    def reg_label(self, b):
        n = self.bitname.get(b)
        return base_name(n[0]) if n else "net%d" % b


def analyse(mod, summaries, mem_levels_fn):
    """Longest paths in one module. Returns (summary, longest, path, groups)."""
    # arrival: net bit -> {label: levels}; label INT or an input port name
    arrival = {}
    driver = {}          # net bit -> (cell name, kind)
    ends = []            # (net bit, extra levels, end description, is_register)
    pred_cells = []      # combinational "cells": (inputs, outputs, levels) processed in topo order

    for p, pd in mod.ports.items():
        if pd["direction"] in ("input", "inout"):
            for b in pd["bits"]:
                if isinstance(b, int):
                    arrival.setdefault(b, {})[p] = 0

    # Build combinational edges: list of nodes (cell, input bits, output bits, delay model)
    nodes = []
    for cname, c in mod.cells.items():
        t = c["type"]
        conn = c["connections"]
        dirs = c.get("port_directions", {})
        if is_ff(t):
            for pin, bits in conn.items():
                if pin in FF_OUT:
                    for b in bits:
                        if isinstance(b, int):
                            arrival.setdefault(b, {})[INT] = 0
                            driver[b] = ("ff", cname)
                else:
                    for b in bits:
                        if isinstance(b, int):
                            q = conn.get("Q", [None])[0]
                            ends.append((b, 0, ("reg", mod.reg_label(q) if isinstance(q, int) else cname)))
            continue
        if t in ("$mem_v2", "$mem"):
            pr = c["parameters"]
            nrd = param_int(pr["RD_PORTS"])
            abits = param_int(pr["ABITS"])
            width = param_int(pr["WIDTH"])
            size = param_int(pr["SIZE"])
            rclk = param_int(pr["RD_CLK_ENABLE"]) if nrd else 0
            memid = str(pr.get("MEMID", cname)).lstrip("\\")
            lv = mem_levels_fn(size)
            for pin, bits in conn.items():
                if pin.startswith("WR_") or (pin.startswith("RD_") and pin not in ("RD_DATA", "RD_ADDR")):
                    if pin.endswith("CLK"):
                        continue
                    for b in bits:
                        if isinstance(b, int):
                            ends.append((b, 0, ("mem", memid + "." + pin.lower())))
            for p in range(nrd):
                addr = conn["RD_ADDR"][p * abits:(p + 1) * abits]
                data = conn["RD_DATA"][p * width:(p + 1) * width]
                if (rclk >> p) & 1:
                    for b in addr:
                        if isinstance(b, int):
                            ends.append((b, 0, ("mem", memid + ".rd_addr")))
                    for b in data:
                        if isinstance(b, int):
                            arrival.setdefault(b, {})[INT] = 0
                            driver[b] = ("mem", memid)
                else:
                    nodes.append((cname, [b for b in addr if isinstance(b, int)],
                                  [b for b in data if isinstance(b, int)], lv, None))
            continue
        if t in summaries:   # a child instance
            s = summaries[t]
            ins = {pin: [b for b in bits if isinstance(b, int)]
                   for pin, bits in conn.items() if dirs.get(pin) == "input"}
            outs = {pin: [b for b in bits if isinstance(b, int)]
                    for pin, bits in conn.items() if dirs.get(pin) == "output"}
            for pin, bits in ins.items():
                if pin in s.in_reg:
                    lv, reg = s.in_reg[pin]
                    for b in bits:
                        ends.append((b, lv, ("inst", cname.lstrip("\\") + "/" + reg)))
            for pin, bits in outs.items():
                if pin in s.out_reg:
                    lv, reg = s.out_reg[pin]
                    for b in bits:
                        arrival.setdefault(b, {})
                        a = arrival[b]
                        if a.get(INT, -1) < lv:
                            a[INT] = lv
                        driver[b] = ("inst", cname.lstrip("\\") + "/" + reg)
            # one node per output port with through-paths (a node per instance
            # would make a loop of out -> parent -> another input of it)
            for o in outs:
                thru = [(i, o, lv) for (i, oo), lv in s.thru.items() if oo == o and i in ins]
                if thru:
                    nodes.append((cname, {i: ins[i] for i, _, _ in thru}, {o: outs[o]}, thru, "inst"))
            continue
        if t.startswith("$_") or dirs:
            ins = [b for pin, bits in conn.items() if dirs.get(pin, "input") == "input"
                   for b in bits if isinstance(b, int)]
            outs = [b for pin, bits in conn.items() if dirs.get(pin) == "output"
                    for b in bits if isinstance(b, int)]
            nodes.append((cname, ins, outs, 1, None))
            continue
        raise SystemExit("synth_levels: cell %s of unknown type %s in %s" % (cname, t, mod.name))

    # topological order of the combinational nodes
    drv = {}
    for k, n in enumerate(nodes):
        outs = n[2]
        outbits = [b for bits in outs.values() for b in bits] if isinstance(outs, dict) else outs
        for b in outbits:
            drv[b] = k
    def in_bits(n):
        ins = n[1]
        return [b for bits in ins.values() for b in bits] if isinstance(ins, dict) else ins
    order, state = [], [0] * len(nodes)
    for k0 in range(len(nodes)):
        if state[k0]:
            continue
        stack = [(k0, iter(in_bits(nodes[k0])))]
        state[k0] = 1
        while stack:
            k, it = stack[-1]
            for b in it:
                j = drv.get(b)
                if j is not None:
                    if state[j] == 0:
                        state[j] = 1
                        stack.append((j, iter(in_bits(nodes[j]))))
                        break
                    if state[j] == 1:
                        raise SystemExit("synth_levels: combinational loop in %s through %s"
                                         % (mod.name, nodes[j][0]))
            else:
                state[k] = 2
                order.append(k)
                stack.pop()

    empty = {}
    for k in order:
        cname, ins, outs, lv, kind = nodes[k]
        if kind == "inst":
            # port-level: the worst bit of an input port, plus the through depth
            pa = {}
            for pin, bits in ins.items():
                d = {}
                for b in bits:
                    for l, v in arrival.get(b, empty).items():
                        if d.get(l, -1) < v:
                            d[l] = v
                pa[pin] = d
            for i, o, tl in lv:
                for b in outs[o]:
                    a = arrival.setdefault(b, {})
                    for l, v in pa[i].items():
                        if a.get(l, -1) < v + tl:
                            a[l] = v + tl
                            driver[b] = ("thru", (k, i, tl))
            continue
        d = {}
        for b in ins:
            for l, v in arrival.get(b, empty).items():
                if d.get(l, -1) < v:
                    d[l] = v
        for b in outs:
            a = arrival.setdefault(b, {})
            for l, v in d.items():
                if a.get(l, -1) < v + lv:
                    a[l] = v + lv
            driver[b] = ("comb", k)

    # ends: registers, memories, children's inputs, and the module's outputs
    summ = Summary()
    longest = (0, None, None)      # levels, end bit, end description
    groups = {}
    for b, extra, desc in ends:
        a = arrival.get(b, empty)
        for l, v in a.items():
            tot = v + extra
            if desc[0] != "inst" and groups.get(desc[1], -1) < tot:
                groups[desc[1]] = tot      # the module's own registers and memories
            if l == INT:
                if tot > longest[0]:
                    longest = (tot, b, desc)
            else:
                cur = summ.in_reg.get(l)
                if cur is None or cur[0] < tot:
                    summ.in_reg[l] = (tot, desc[1])
                if tot > longest[0]:
                    longest = (tot, b, desc)
    for p, pd in mod.ports.items():
        if pd["direction"] != "output":
            continue
        for b in pd["bits"]:
            if not isinstance(b, int):
                continue
            for l, v in arrival.get(b, empty).items():
                if l == INT:
                    cur = summ.out_reg.get(p)
                    if cur is None or cur[0] < v:
                        summ.out_reg[p] = (v, start_of(mod, nodes, driver, arrival, b, INT))
                else:
                    if summ.thru.get((l, p), -1) < v:
                        summ.thru[(l, p)] = v
                if v > longest[0]:
                    longest = (v, b, ("port", p))
    path = None
    if longest[1] is not None:
        lab = max(arrival[longest[1]].items(), key=lambda kv: kv[1])[0]
        path = (start_of(mod, nodes, driver, arrival, longest[1], lab), longest[2])
    return summ, longest[0], path, groups


def start_of(mod, nodes, driver, arrival, b, label):
    """Walk back along the worst arrival of `label` to where the path starts."""
    seen = 0
    while True:
        seen += 1
        d = driver.get(b)
        v = arrival.get(b, {}).get(label)
        if d is None or seen > 100000:
            if label != INT:
                return "input " + label
            return mod.net_label(b)
        kind, x = d
        if kind == "ff":
            return mod.reg_label(b)
        if kind in ("mem", "inst") and v == arrival[b].get(INT) and label == INT:
            if kind == "mem":
                return "memory " + x
            if arrival[b][INT] == v:
                return x
        if kind in ("comb", "thru"):
            # the input whose arrival is this one's less the node's levels
            if kind == "comb":
                ins, lv = nodes[x][1], nodes[x][3]
            else:
                k, pin, lv = x
                ins = nodes[k][1][pin]
            nb = next((i for i in ins if arrival.get(i, {}).get(label, -1) == v - lv), None)
            if nb is None:
                return mod.net_label(b)
            b = nb
            continue
        if kind == "inst":
            return x
        return mod.net_label(b)


def main():
    if len(sys.argv) not in (3, 4):
        raise SystemExit(__doc__)
    min_bits = int(sys.argv[3]) if len(sys.argv) > 3 else 0
    with open(sys.argv[1]) as f:
        design = json.load(f)["modules"]
    top = sys.argv[2]
    mods = {n: Module(n, m) for n, m in design.items()}

    # children of each module, bottom-up order
    kids = {n: defaultdict(int) for n in mods}
    for n, md in mods.items():
        for c in md.cells.values():
            if c["type"] in mods:
                kids[n][c["type"]] += 1
    order, seen = [], set()
    def visit(n):
        if n in seen:
            return
        seen.add(n)
        for k in kids[n]:
            visit(k)
        order.append(n)
    visit(top)
    inst = defaultdict(int)
    inst[top] = 1
    for n in reversed(order):
        for k, c in kids[n].items():
            inst[k] += inst[n] * c

    def short(n):
        n = re.sub(r"^\$paramod\$[0-9a-f]+\\", "", n)
        n = re.sub(r"^\$paramod\\", "", n)
        n = n.split("\\")[0]
        return n.lstrip("\\")

    summaries = {}
    deepest = {}       # module -> (levels, path) over its whole subtree
    rows = []
    tot = defaultdict(int)
    mem_levels = lambda size: max(1, math.ceil(math.log2(size)))
    for n in order:
        md = mods[n]
        if md.m.get("attributes", {}).get("blackbox"):
            # a black box (a macro): its outputs start paths, its inputs end them
            s = Summary()
            for p, pd in md.ports.items():
                if pd["direction"] == "output":
                    s.out_reg[p] = (0, "(black box)")
                else:
                    s.in_reg[p] = (0, "(black box)")
            summaries[n] = s
            deepest[n] = (0, None)
            rows.append((short(n) + " (black box)", n, inst[n], 0, 0, 0, 0, None, {}, []))
            continue
        s, longest, path, groups = analyse(md, summaries, mem_levels)
        summaries[n] = s
        # a path inside a child (register to register) is one of this module's too
        for k in kids[n]:
            if deepest[k][0] > longest:
                longest = deepest[k][0]
                path = ("%s: %s" % (short(k), deepest[k][1][0]), (None, deepest[k][1][1][1]))
        deepest[n] = (longest, path)
        # a black box instance is one cell (a macro), as `stat` counts it
        cells = sum(1 for c in md.cells.values() if c["type"] not in mods
                    or mods[c["type"]].m.get("attributes", {}).get("blackbox"))
        flops = sum(len([b for b in c["connections"].get("Q", [])])
                    for c in md.cells.values() if is_ff(c["type"]))
        mems = [(str(c["parameters"].get("MEMID", cn)).lstrip("\\"), param_int(c["parameters"]["SIZE"]),
                 param_int(c["parameters"]["WIDTH"]), param_int(c["parameters"]["RD_PORTS"]),
                 param_int(c["parameters"]["WR_PORTS"]),
                 bin(param_int(c["parameters"]["RD_CLK_ENABLE"])).count("1") if param_int(c["parameters"]["RD_PORTS"]) else 0)
                for cn, c in md.cells.items() if c["type"] in ("$mem_v2", "$mem")]
        mbits = sum(sz * w for _, sz, w, _, _, _ in mems)
        tot["cells"] += cells * inst[n]
        tot["flops"] += flops * inst[n]
        tot["mbits"] += mbits * inst[n]
        rows.append((short(n), n, inst[n], cells, flops, mbits, longest, path, groups, mems))

    print("%-22s %5s %9s %8s %9s %7s  %s" % ("module", "inst", "cells", "flops", "mem bits", "levels",
                                            "longest path (start -> end)"))
    for sn, n, k, cells, flops, mbits, longest, path, groups, mems in rows:
        p = "%s -> %s" % (path[0], path[1][1]) if path else "-"
        print("%-22s %5d %9d %8d %9d %7d  %s" % (sn, k, cells, flops, mbits, longest, p))
    print("%-22s %5s %9d %8d %9d %7d" % ("total (" + short(top) + ")", "", tot["cells"], tot["flops"],
                                        tot["mbits"], rows[-1][6]))
    print()
    print("memories (kept as memories, not flip-flops):")
    for sn, n, k, *_r, mems in rows:
        for memid, sz, w, nr, nw, nrs in mems:
            print("  %s.%s: %d x %d bits = %d, %d read ports (%d clocked), %d write ports, x%d"
                  % (sn, memid.split(".")[-1].lstrip("\\"), sz, w, sz * w, nr, nrs, nw, k))
    if tot["mbits"] < min_bits:
        print("FAIL: %d bits in memories, expected at least %d (an SRAM became flip-flops?)"
              % (tot["mbits"], min_bits))
        sys.exit(1)
    print()
    print("register groups by depth of the logic in front of them (levels), per module:")
    for sn, n, k, cells, flops, mbits, longest, path, groups, mems in rows:
        if not groups:
            continue
        g = sorted(groups.items(), key=lambda kv: -kv[1])
        print("  %s: %s" % (sn, ", ".join("%s %d" % (name, v) for name, v in g[:12])
                            + (" (+%d more)" % (len(g) - 12) if len(g) > 12 else "")))


if __name__ == "__main__":
    main()
