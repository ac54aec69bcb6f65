#!/usr/bin/env python3
"""Benchmark of mst-seq's algorithms (the seed of report/): runs each algorithm on each graph
with --json, appends one JSON line per run (with machine facts) to a results file, and prints a
table of median compute times and throughput. Timings from a 2-core laptop are not results:
run it on the device machine (see README).

usage: report/bench_seq.py [--trials N] [--results FILE] GRAPH...
"""
import argparse
import json
import os
import platform
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ALGOS = ["kruskal", "filter-kruskal"]


def machine():
    cpu = platform.processor()
    try:
        with open("/proc/cpuinfo") as f:
            cpu = next(l.split(":", 1)[1].strip() for l in f if l.startswith("model name"))
    except (OSError, StopIteration):
        pass
    commit = subprocess.run(["git", "-C", ROOT, "rev-parse", "--short", "HEAD"],
                            capture_output=True, text=True).stdout.strip()
    cc = subprocess.run(["cc", "--version"], capture_output=True, text=True).stdout
    return {"cpu": cpu, "cores": os.cpu_count(), "host": platform.node(),
            "compiler": cc.splitlines()[0] if cc else "?", "commit": commit or "?"}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--trials", default="11")
    ap.add_argument("--seed", default="1")
    ap.add_argument("--results", default=os.path.join(ROOT, "report", "results-seq.jsonl"))
    ap.add_argument("graphs", nargs="+")
    a = ap.parse_args()
    facts = machine()
    print("machine: %(cpu)s, %(cores)d cores, %(compiler)s, commit %(commit)s" % facts)
    rows = []
    with open(a.results, "a") as out:
        for graph in a.graphs:
            for algo in ALGOS:
                cmd = [os.path.join(ROOT, "bin", "mst-seq"), "--json", "--phases", "--algo", algo,
                       "--trials", a.trials, "--weights", "random", "--seed", a.seed, graph]
                p = subprocess.run(cmd, capture_output=True, text=True)
                if p.returncode != 0:
                    print("FAILED: %s: %s" % (" ".join(cmd), p.stderr.strip()), file=sys.stderr)
                    return 1
                r = json.loads(p.stdout)
                r["machine"] = facts
                out.write(json.dumps(r) + "\n")
                rows.append(r)
    print("%-28s %10s %10s %-15s %12s %12s %10s %s" % ("graph", "n", "m", "algo", "median ms",
                                                     "min ms", "Medges/s", "phases (ms)"))
    for r in rows:
        ph = ", ".join("%s %.2f" % (k, 1e3 * v) for k, v in r.get("phases", {}).items())
        print("%-28s %10d %10d %-15s %12.3f %12.3f %10.1f %s" % (
            os.path.basename(r["graph"])[:28], r["n"], r["m"], r["algo"],
            1e3 * r["compute_s_median"], 1e3 * r["compute_s_min"],
            r["m"] / r["compute_s_median"] / 1e6, ph))
    return 0


if __name__ == "__main__":
    sys.exit(main())
