#!/usr/bin/env python3
"""Benchmark runner (the seed of report/): runs a matrix of solver configurations on graphs
through the solvers' --json output, appends one JSON line per run (with machine facts) to a
results file, and prints a table of median compute times, speedups over mst-seq (Kruskal,
measured in the same run) and phase times. Timings from a 2-core laptop are not results: run
it on the device machine (README, "Results").

usage: report/bench.py [--matrix seq|omp] [--trials N] [--threads 1,2,4,8,16] GRAPH...
"""
import argparse
import json
import os
import platform
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DSUS = ["waitfree", "lock", "half", "full", "plain"]


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


def configs(matrix, threads):
    """(binary, label, arguments) of each run; the first is the baseline."""
    runs = [("mst-seq", "kruskal", ["--algo", "kruskal"])]
    if matrix == "seq":
        runs.append(("mst-seq", "filter-kruskal", ["--algo", "filter-kruskal"]))
    if matrix == "omp":
        for t in threads:
            runs.append(("mst-omp", "waitfree", ["-t", str(t)]))
        top = str(threads[-1])
        for d in DSUS[1:]:
            runs.append(("mst-omp", d, ["-t", top, "--dsu", d]))
        runs.append(("mst-omp", "waitfree,no-filter", ["-t", top, "--no-filter"]))
        runs.append(("mst-omp", "waitfree,filter-4n", ["-t", top, "--filter", "--filter-factor", "4"]))
        runs.append(("mst-omp", "waitfree,static", ["-t", top, "--schedule", "static"]))
    return runs


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--matrix", default="seq", choices=["seq", "omp"])
    ap.add_argument("--trials", default="11")
    ap.add_argument("--seed", default="1")
    ap.add_argument("--threads", default="1,2,4,8,16")
    ap.add_argument("--results", default=os.path.join(ROOT, "report", "results.jsonl"))
    ap.add_argument("graphs", nargs="+")
    a = ap.parse_args()
    threads = [int(t) for t in a.threads.split(",")]
    facts = machine()
    print("machine: %(cpu)s, %(cores)d cores, %(compiler)s, commit %(commit)s" % facts)
    print("%-24s %-8s %-20s %4s %11s %8s  %s" % ("graph", "solver", "variant", "thr",
                                                 "median ms", "speedup", "phases (ms)"))
    failed = 0
    with open(a.results, "a") as out:
        for graph in a.graphs:
            base = None
            for binary, label, args in configs(a.matrix, threads):
                cmd = [os.path.join(ROOT, "bin", binary), "--json", "--phases", "--no-verify",
                       "--trials", a.trials, "--weights", "random", "--seed", a.seed,
                       *args, graph]
                p = subprocess.run(cmd, capture_output=True, text=True)
                if p.returncode != 0:
                    print("FAILED: %s: %s" % (" ".join(cmd), p.stderr.strip()))
                    failed += 1
                    continue
                r = json.loads(p.stdout)
                r["machine"], r["variant"] = facts, label
                out.write(json.dumps(r) + "\n")
                base = base or r["compute_s_median"]
                ph = ", ".join("%s %.1f" % (k, 1e3 * v) for k, v in r.get("phases", {}).items())
                cnt = ", ".join("%s %d" % kv for kv in r.get("counters", {}).items())
                print("%-24s %-8s %-20s %4d %11.3f %7.2fx  %s%s" % (
                    os.path.basename(r["graph"])[:24], binary[4:], label, r["threads"],
                    1e3 * r["compute_s_median"], base / r["compute_s_median"], ph,
                    (" | " + cnt) if cnt else ""), flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
