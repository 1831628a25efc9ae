#!/usr/bin/env python3
"""Summarises the PROBE lines of mpi-phases.sh (or mt-phases.sh): one row per implementation, kernel, np and SYNC,
each column the median over rounds and ranks of that field (the per-rank medians of the phases, ms; the means; the
slow-iteration counts; the JIT's CPU ms before and during the window), plus the min-max range of the iteration.

    bench/scaling/probe/phases-table.py FILE... [--fields iter,halo,sweep,...]
"""
import re
import statistics
import sys
from collections import defaultdict

DEFAULT_FIELDS = ["iter", "barrier", "halo", "sweep", "copy", "mean_iter", "slow_iters", "jit_warm", "jit_window",
                  "preempted", "migrations", "cpus", "gc"]


def parse(line):
    return dict(kv.split("=", 1) for kv in re.findall(r"(\w+=\S+)", line))


def value(field, text):
    if field in ("cpus", "gc"):
        return text
    if field == "slow_iters":
        return float(text.split("/")[0])
    try:
        return float(text)
    except ValueError:
        return text


def main(argv):
    fields = DEFAULT_FIELDS
    files = []
    it = iter(argv)
    for a in it:
        if a == "--fields":
            fields = next(it).split(",")
        else:
            files.append(a)
    if not files:
        sys.exit(__doc__)
    groups = defaultdict(list)
    for f in files:
        with open(f) as fh:
            for line in fh:
                if line.startswith("PROBE") and "kernel=" in line:
                    p = parse(line.split(" ", 1)[1])
                    groups[(p["kernel"], int(p["np"]), p["sync"], p["impl"])].append(p)
    print("| kernel np sync | impl | runs | " + " | ".join(fields) + " | iter range |")
    print("|---|---|---:|" + "---:|" * len(fields) + "---:|")
    for key in sorted(groups):
        rows = groups[key]
        cells = []
        for fld in fields:
            vals = [value(fld, r[fld]) for r in rows if fld in r]
            if not vals:
                cells.append("–")
            elif all(isinstance(v, float) for v in vals):
                m = statistics.median(vals)
                cells.append(f"{m:.3f}" if m < 100 and fld not in ("slow_iters", "jit_warm", "jit_window", "preempted", "migrations") else f"{m:.0f}")
            else:
                cells.append("/".join(sorted(set(str(v).replace(" ", "") for v in vals))))
        its = [float(r["iter"]) for r in rows]
        print(f"| {key[0]} {key[1]} {key[2]} | {key[3]} | {len(rows)} | " + " | ".join(cells)
              + f" | {min(its):.3f}-{max(its):.3f} |")


if __name__ == "__main__":
    main(sys.argv[1:])
