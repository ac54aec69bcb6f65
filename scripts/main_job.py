#!/usr/bin/python3
"""The main job: every solver of the suite on one graph, one comparison table.

Runs each built solver (and each of its main variants) with --json on the same graph and
weights, then prints: solver, variant, threads/ranks/device, compute time (median of trials),
speedup over mst-seq (Kruskal, measured in the same run), MSF weight, MSF edges, verified.
Solvers that are not built, or cannot run here (no GPU), are listed with the reason.
"""
import argparse
import json
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# (solver binary, variant label, extra arguments, launcher prefix)
RUNS = [
    ("mst-seq", "kruskal", ["--algo", "kruskal"], []),
    ("mst-seq", "filter-kruskal", ["--algo", "filter-kruskal"], []),
    ("mst-omp", "boruvka", [], []),
    ("mst-cuda", "ecl", [], []),
    ("mst-mpi", "ghs", [], ["mpirun", "--allow-run-as-root", "--oversubscribe", "-np", "2"]),
]

NOT_YET = "not built yet (its issue is open)"


def run_one(binary, args, launcher, graph, common):
    path = os.path.join(ROOT, "bin", binary)
    if not os.path.exists(path):
        return None, NOT_YET
    cmd = launcher + [path] + common + args + ["--json", graph]
    proc = subprocess.run(cmd, capture_output=True, text=True)
    if proc.returncode != 0:
        lines = proc.stderr.strip().splitlines() or ["exit code %d" % proc.returncode]
        return None, "not run: " + lines[-1].replace(binary + ": error: ", "")
    return json.loads(proc.stdout.strip().splitlines()[-1]), None


def where(r):
    if r.get("device"):
        return r["device"]
    if r.get("ranks", 1) > 1:
        return "%d ranks" % r["ranks"]
    return "%d thread%s" % (r["threads"], "" if r["threads"] == 1 else "s")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--graph", default=os.path.join(ROOT, "graphs", "USA-road-NY.pace.gr.gz"))
    ap.add_argument("--seed", default="1")
    ap.add_argument("--trials", default="5")
    a = ap.parse_args()
    common = ["--weights", "random", "--seed", a.seed, "--trials", a.trials]
    rows, baseline, info = [], None, None
    for binary, variant, args, launcher in RUNS:
        r, why = run_one(binary, args, launcher, a.graph, common)
        rows.append((binary, variant, r, why))
        if r is not None:
            info = info or r
            if binary == "mst-seq" and variant == "kruskal":
                baseline = r["compute_s_median"]
    if info:
        print("graph %s: n = %d, m = %d, %d components, weights random int32 (seed %s), "
              "median of %s trials after a warm-up" % (info["graph"], info["n"], info["m"],
                                                       info["components"], a.seed, a.trials))
    head = ("solver", "variant", "threads/ranks/device", "compute (ms)", "speedup",
            "MSF weight", "MSF edges", "verified")
    table = []
    for binary, variant, r, why in rows:
        if r is None:
            table.append((binary, variant, "-", "-", "-", "-", "-", why))
            continue
        speed = "%.2fx" % (baseline / r["compute_s_median"]) if baseline else "-"
        verified = {True: "yes", False: "NO", None: "skipped"}[r["verified"]]
        table.append((binary, variant, where(r), "%.3f" % (1e3 * r["compute_s_median"]), speed,
                      str(r["msf_weight"]), str(r["msf_edges"]), verified))
    widths = [max(len(str(x[i])) for x in [head] + table) for i in range(len(head))]
    fmt = "  ".join("%%-%ds" % w for w in widths)
    print(fmt % head)
    print("  ".join("-" * w for w in widths))
    for t in table:
        print(fmt % t)
    weights = {r["msf_weight"] for _, _, r, _ in rows if r is not None}
    if len(weights) > 1:
        print("ERROR: solvers disagree on the MSF weight: %s" % sorted(weights))
        return 1
    if any(r is not None and r["verified"] is False for _, _, r, _ in rows):
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
