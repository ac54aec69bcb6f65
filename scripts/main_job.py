#!/usr/bin/python3
"""The main job: every solver of the suite on one graph, one comparison table.

Runs each built solver, every variant it reports (--describe, through report/solvers.py), with
--json on the same graph and weights: solvers that scale with ranks under
`mpirun --allow-run-as-root --oversubscribe -np 2`, the others as they are (threads: the
default count). Then prints: solver, variant, threads/ranks/device, load time (reading and
parsing the file, with the solver's threads), compute time (median of trials), speedup of the
compute time over mst-seq Kruskal (measured in the same job), MSF weight, MSF edges, verified. Solvers that are not built, or cannot run here (no GPU), are listed with the reason.
"""
import argparse
import json
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "report"))
import solvers  # noqa: E402

RANKS = 2       # processes of a solver that scales with ranks


def run_one(catalog, solver, variant, graph, common):
    """(result, None) of `solver --algo variant` on `graph`, or (None, why it did not run)."""
    cmd = catalog.launcher(solver, RANKS) + [catalog.path(solver)] + common + \
        ["--algo", variant, "--json", graph]
    proc = subprocess.run(cmd, capture_output=True, text=True)
    if proc.returncode != 0:
        lines = proc.stderr.strip().splitlines() or ["exit code %d" % proc.returncode]
        return None, "not run: " + lines[-1].replace(solver + ": error: ", "")
    return json.loads(proc.stdout.strip().splitlines()[-1]), None


def run_all(catalog, graph, common):
    """[(solver, variant, result or None, reason or None)]: every variant of every built solver
    and one line for each solver of the Makefile that is not built, in the Makefile's order."""
    missing = catalog.missing()
    rows = []
    for solver in sorted(catalog.solvers() + list(missing), key=solvers.solver_rank):
        if solver in missing:
            rows.append((solver, "-", None, missing[solver]))
            continue
        for variant in catalog.variants(solver):
            r, why = run_one(catalog, solver, variant, graph, common)
            rows.append((solver, variant, r, why))
    return rows


def where(r):
    if r.get("device"):
        return r["device"]
    if r.get("ranks", 1) > 1:
        return "%d ranks" % r["ranks"]
    return "%d thread%s" % (r["threads"], "" if r["threads"] == 1 else "s")


def print_table(rows, baseline):
    """The comparison table; speedups over `baseline` (seconds, or None when it did not run)."""
    head = ("solver", "variant", "threads/ranks/device", "load (ms)", "compute (ms)", "speedup",
            "MSF weight", "MSF edges", "verified")
    table = []
    for solver, variant, r, why in rows:
        if r is None:
            table.append((solver, variant, "-", "-", "-", "-", "-", "-", why))
            continue
        speed = "%.2fx" % (baseline / r["compute_s_median"]) if baseline else "-"
        verified = {True: "yes", False: "NO", None: "skipped"}[r["verified"]]
        table.append((solver, variant, where(r), "%.1f" % (1e3 * r["load_s"]),
                      "%.3f" % (1e3 * r["compute_s_median"]), speed,
                      str(r["msf_weight"]), str(r["msf_edges"]), verified))
    widths = [max(len(str(x[i])) for x in [head] + table) for i in range(len(head))]
    fmt = "  ".join("%%-%ds" % w for w in widths)
    print((fmt % head).rstrip())
    print("  ".join("-" * w for w in widths))
    for t in table:
        print((fmt % t).rstrip())


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--graph", default=os.path.join(ROOT, "graphs", "road",
                                                    "USA-road-NY.pace.gr.gz"))
    ap.add_argument("--seed", default="1")
    ap.add_argument("--trials", default="5")
    ap.add_argument("--bin", default=os.path.join(ROOT, "bin"), help="the executables' folder")
    a = ap.parse_args()
    common = ["--weights", "random", "--seed", a.seed, "--trials", a.trials]
    rows = run_all(solvers.Catalog(a.bin, ROOT), a.graph, common)
    done = [r for _, _, r, _ in rows if r is not None]
    baseline = next((r["compute_s_median"] for s, v, r, _ in rows
                     if r is not None and solvers.is_baseline(s, v)), None)
    if done:
        info = done[0]
        print("graph %s: n = %d, m = %d, %d components, weights random int32 (seed %s), "
              "median of %s trials after a warm-up" % (info["graph"], info["n"], info["m"],
                                                       info["components"], a.seed, a.trials))
    print_table(rows, baseline)
    weights = {r["msf_weight"] for r in done}
    if len(weights) > 1:
        print("ERROR: solvers disagree on the MSF weight: %s" % sorted(weights))
        return 1
    if any(r["verified"] is False for r in done):
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
