#!/usr/bin/env python3
"""Peers beside the suite (docs/peers.md): ECL-MST, PBBS's parallel filter-Kruskal and serial
Kruskal, and GBBS's Borůvka, built from checkouts the user gives (report/peers/Makefile, into
--build), run in one call with the suite's solvers on the same graphs, converted to the peers'
formats (report/peers/convert.py, into --data). Every run times N trials after a warm-up and
reports their median.

Appends one JSON line per run to --results, in the shape of report/bench.py's lines: a suite
run's line is its --json object, a peer's has the same fields ("solver": "ecl-mst",
"pbbs-filter-kruskal", "pbbs-serial" or "gbbs-boruvka"; "compute_s_median", "compute_s_min",
"compute_s" (every trial), "msf_edges", "msf_weight", "threads", "device", ...) and "peer" (its
checkout and commit); both add "variant", "graph_name", "config", "matrix" ("peers"),
"parallelism", "status", "wall_s", "machine", "graph_source" (the graph the files were
converted from), "suite_msf_weight" (the baseline's total: mst-seq --algo kruskal on the same
graph) and "msf_matches_suite" (whether this run's forest has that total, exactly or within
1e-9 relative for float weights, and the baseline's edge count). Prints a markdown table of the
runs, graph by graph. Only the standard library is used.

usage: report/peers/run.py [--ecl DIR] [--pbbs DIR] [--gbbs DIR] [--gbbs-parlaylib DIR]
           [--graphs G,...] [--suite SOLVER:VARIANT,...] [--trials N] [--threads T]
           [--results FILE] [--build DIR] [--data DIR] [--timeout-s S] [--jobs J]
"""
import argparse
import collections
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.dirname(HERE))
import bench  # noqa: E402
import matrices  # noqa: E402
import solvers  # noqa: E402
from make_report import file_graph_name  # noqa: E402
import convert  # noqa: E402

# A peer: its solver name in the results, the option naming its checkout, its make target,
# its executable under --build, the input file it reads (convert.py's format), its parallelism
# and its own name of the algorithm.
Peer = collections.namedtuple("Peer", "solver checkout target binary input parallelism algo")
PBBS_MSF = "pbbs/benchmarks/minSpanningForest/"
PEERS = [
    Peer("ecl-mst", "ecl", "ecl", "ecl-mst", "egr", "gpu", "ECL-MST"),
    Peer("pbbs-filter-kruskal", "pbbs", "pbbs", PBBS_MSF + "parallelFilterKruskal/MST", "pbbs",
         "threads", "parallelFilterKruskal"),
    Peer("pbbs-serial", "pbbs", "pbbs", PBBS_MSF + "serialMST/MST", "pbbs", "sequential",
         "serialMST"),
    Peer("gbbs-boruvka", "gbbs", "gbbs", "gbbs-boruvka", "adj", "threads", "Boruvka"),
]
# What each peer's time covers (the "timer" field of its lines)
TIMERS = {
    "egr": "ECL-MST's own timer: the kernels, from the graph on the GPU to the forest's flags "
           "on the GPU (as mst-cuda's kernel_s)",
    "pbbs": "PBBS's own timer (4 decimals): mst() on the edge array in memory, its forest's ids "
            "packed",
    "adj": "gbbs_msf.cc: MinimumSpanningForest() on a copy of the graph in memory",
}
# The suite's runs beside them: the baseline first, then a counterpart of each peer
SUITE_RUNS = "mst-seq:kruskal,mst-seq:filter-kruskal,mst-omp:boruvka,mst-cuda:ecl"


def rel(path):
    """`path` relative to the repository when inside it, for the results and the table."""
    r = os.path.relpath(path, ROOT)
    return path if r.startswith("..") else r


def build(peers, a):
    """Builds the peers' make targets, all at once, each logged to --build/TARGET.log; returns
    {solver: reason} of the peers that cannot run (not built, or no GPU for ECL-MST)."""
    os.makedirs(a.build, exist_ok=True)
    # the make of `make peers` passes its command line down in MAKEFLAGS: not to the peers' builds
    env = {k: v for k, v in os.environ.items() if k not in ("MAKEFLAGS", "MFLAGS", "MAKELEVEL")}
    started, failed, skipped, t0 = {}, {}, {}, time.time()
    for peer in peers:
        if peer.target in started:
            continue
        cmd = ["make", "-f", os.path.join(HERE, "Makefile"), "-j", str(a.jobs),
               "BUILD=" + a.build, "%s=%s" % (peer.checkout.upper(), getattr(a, peer.checkout))]
        if peer.checkout == "gbbs":
            cmd.append("GBBS_PARLAY=" + os.path.join(a.gbbs_parlaylib, "include"))
        log = open(os.path.join(a.build, peer.target + ".log"), "w")
        started[peer.target] = (subprocess.Popen(cmd + [peer.target], cwd=ROOT, env=env,
                                                 stdout=log, stderr=subprocess.STDOUT), log)
    for target, (p, log) in started.items():
        p.wait()
        log.close()
        if p.returncode != 0:
            with open(log.name) as f:
                last = ([l.strip() for l in f if l.strip()] or ["?"])[-1]
            failed[target] = "build failed (%s: %s)" % (rel(log.name), last)
    print("built %s in %.0f s (logs in %s)" % (", ".join(t for t in started if t not in failed),
                                              time.time() - t0, rel(a.build)), flush=True)
    for peer in peers:
        if peer.target in failed:
            skipped[peer.solver] = failed[peer.target]
        elif peer.parallelism == "gpu" and not a.facts.get("gpu"):
            skipped[peer.solver] = "no GPU here (nvidia-smi lists none)"
    for solver, why in skipped.items():
        print("skipped %s: %s" % (solver, why), flush=True)
    return skipped


def parse_peer(peer, out, trials, files, weights):
    """{compute_s: [trial seconds], msf_edges, msf_weight, ...} of a peer's output, or raises
    ValueError naming what is missing. ECL-MST and GBBS ran trials + 1 times (the first is the
    warm-up, left out); PBBS warms up itself (runs for a second first)."""
    if peer.input == "pbbs":
        times = [float(t) for t in re.findall(r"^Parlay time: ([0-9.]+)$", out, re.M)]
        with open(files["out"]) as f:
            words = f.read().split()
        if not words or words[0] != "sequenceInt":
            raise ValueError("%s is not PBBS's sequenceInt" % files["out"])
        ids = [int(w) for w in words[1:]]
        if any(i >= len(weights) for i in ids):
            raise ValueError("edge id beyond the graph's %d edges" % len(weights))
        res = {"compute_s": times, "msf_edges": len(ids),
               "msf_weight": sum(weights[i] for i in ids)}
    else:
        runs = [json.loads(l) for l in out.splitlines() if l.startswith("{")]
        if len(runs) != trials + 1:
            raise ValueError("%d forests printed, not %d" % (len(runs), trials + 1))
        if len({(r["msf_edges"], r["msf_weight"]) for r in runs}) != 1:
            raise ValueError("the runs' forests differ: %s" % runs)
        if peer.input == "egr":
            times = [float(t) for t in re.findall(r"^Dev[+-]:\s*(\S+) s$", out, re.M)]
            runs[-1]["ecl_check"] = "all good" if out.count("all good") == trials + 1 else \
                "ECL-MST's own check failed (its GPU forest is not its serial Kruskal's)"
        else:
            times = [r["compute_s"] for r in runs]
        times = times[1:]
        res = dict(runs[-1], compute_s=times)
    if len(res["compute_s"]) != trials:
        raise ValueError("%d trial times found, not %d" % (len(res["compute_s"]), trials))
    return res


def same_total(a, b, weight_type):
    """True if two forests' totals agree: exactly, or within 1e-9 relative for float weights."""
    if a is None or b is None:
        return False
    if weight_type and weight_type.startswith("float"):
        return abs(float(a) - float(b)) <= 1e-9 * max(1.0, abs(float(b)))
    return int(a) == int(b)


class Session:
    """One call: the settings, the machine's facts, the results file (open for appending) and
    the lines written, for the closing table."""

    def __init__(self, a, out):
        self.a, self.out, self.rows, self.source = a, out, [], None
        self.env = dict(os.environ, OMP_NUM_THREADS=str(a.threads),
                        PARLAY_NUM_THREADS=str(a.threads))
        os.makedirs(os.path.join(a.data, "logs"), exist_ok=True)

    def write(self, rec, base):
        """Adds the graph's facts, the comparison with the baseline `base` and the common
        fields, then appends the line."""
        ref = base.get("msf_weight") if base else None
        rec["suite_msf_weight"] = ref
        rec["msf_matches_suite"] = None if rec["status"] != "ok" or ref is None else \
            same_total(rec.get("msf_weight"), ref, base.get("weight_type")) and \
            rec.get("msf_edges") == base.get("msf_edges")
        rec.update({"graph_source": self.source, "matrix": "peers", "machine": self.a.facts})
        self.out.write(json.dumps(rec) + "\n")
        self.out.flush()
        self.rows.append(rec)
        print("%-16s %-20s %-22s %s" % (
            rec["graph_name"][:16], rec["solver"], rec["variant"],
            "%.3f ms, total %s%s" % (1e3 * rec["compute_s_median"], rec["msf_weight"],
                                     "" if rec["msf_matches_suite"] else " (differs)")
            if rec["status"] == "ok" else "%s: %s" % (rec["status"].upper(), rec.get("error"))),
            flush=True)

    def suite(self, catalog, solver, variant, name, msb, base):
        """Runs one of the suite's solvers on the graph's .msb; returns its line."""
        args = ["--algo", variant]
        if catalog.scales_with(solver) == "threads":
            args += ["--threads", str(self.a.threads)]
        args += ["--trials", str(self.a.trials), "--json"]
        if not solvers.is_baseline(solver, variant):
            args.append("--no-verify")
        launcher = catalog.launcher(solver, self.a.threads, *bench.MPIRUN_OPTIONS)
        cmd = launcher + [catalog.path(solver), *args, msb]
        status, res, msg, wall = bench.run_one(cmd, self.a.timeout_s, self.env)
        rec = res if res is not None else {"solver": solver, "graph": rel(msb), "error": msg}
        rec.update({"variant": variant, "graph_name": name,
                    "config": " ".join([solver] + args), "status": status,
                    "parallelism": catalog.parallelism(solver), "wall_s": round(wall, 3)})
        self.write(rec, base if base is not None else rec)
        return rec

    def peer(self, peer, name, files, weights, base):
        """Runs one peer on the graph's file in its format; writes its line."""
        binary = os.path.join(self.a.build, peer.binary)
        trials = self.a.trials
        if peer.input == "pbbs":
            files = dict(files, out=os.path.join(self.a.data, "logs", name + ".pbbs-out"))
            cmd = [binary, "-r", str(trials), "-o", files["out"], files["pbbs"]]
        else:
            cmd = [binary, str(trials + 1), files[peer.input]]
        log = os.path.join(self.a.data, "logs", "%s.%s.txt" % (name, peer.solver))
        status, out, msg, res, t0 = "ok", "", "", None, time.time()
        try:
            p = subprocess.run(cmd, capture_output=True, text=True, env=self.env,
                               timeout=self.a.timeout_s)
            out = p.stdout
            with open(log, "w") as f:
                f.write("$ %s\n%s%s" % (" ".join(cmd), p.stdout, p.stderr))
            if p.returncode != 0:
                status = "failed"
                msg = ((p.stderr + p.stdout).strip().splitlines() or
                       ["exit code %d" % p.returncode])[-1]
        except subprocess.TimeoutExpired:
            status, msg = "timeout", "timed out after %d s" % self.a.timeout_s
        wall = time.time() - t0
        if status == "ok":
            try:
                res = parse_peer(peer, out, trials, files, weights)
            except (ValueError, KeyError, OSError) as e:
                status, msg = "failed", "%s (output in %s)" % (e, rel(log))
        threads = self.a.threads if peer.parallelism == "threads" else 1
        rec = {"solver": peer.solver, "algo": peer.algo, "variant": peer.algo,
               "peer": {"checkout": getattr(self.a, peer.checkout),
                        "commit": self.a.commits[peer.checkout]},
               "graph": rel(files[peer.input]), "graph_name": name, "format": peer.input,
               "threads": threads, "ranks": 1,
               "device": self.a.facts.get("gpu") if peer.parallelism == "gpu" else None,
               "config": " ".join([peer.solver] + [rel(c) for c in cmd[1:]]),
               "parallelism": peer.parallelism, "status": status, "wall_s": round(wall, 3),
               "timer": TIMERS[peer.input]}
        for key in ("n", "m", "components", "weight_type", "weights", "seed"):
            if base and key in base:
                rec[key] = base[key]
        if res is None:
            rec["error"] = msg
        else:
            times = res["compute_s"]
            rec.update(res)
            rec.update({"compute_s_median": statistics.median(times),
                        "compute_s_min": min(times), "trials": trials})
            if peer.parallelism == "gpu":
                rec["kernel_s_median"] = rec["compute_s_median"]
                rec["kernel_s_min"] = rec["compute_s_min"]
        self.write(rec, base)

    def graph(self, g, catalog, suite_runs, peers):
        """Converts graph `g` (a catalogue name or a file) and runs the suite and the peers."""
        name = g if g in matrices.GRAPHS else file_graph_name(g)
        path, why = bench.resolve_graph(g, self.a.graph_data)
        if path is None:
            print("skipped graph %s: %s" % (g, why), flush=True)
            return
        self.source = rel(path)
        t0 = time.time()
        formats = {p.input for p in peers}
        files = convert.convert(path, self.a.data, name, ())
        for fmt in sorted(formats):    # a format the graph cannot take skips its peers only
            try:
                files.update(convert.convert(path, self.a.data, name, (fmt,)))
            except convert.ConvertError as e:
                print("skipped the %s peers on %s: %s" % (fmt, name, e), flush=True)
        print("converted %s in %.1f s" % (name, time.time() - t0), flush=True)
        base = None
        for solver, variant in suite_runs:
            rec = self.suite(catalog, solver, variant, name, files["msb"], base)
            if base is None:
                base = rec if rec["status"] == "ok" else {}
        weights = convert.msb_weights(files["msb"]) if "pbbs" in files else None
        for peer in peers:
            if peer.input in files:
                self.peer(peer, name, files, weights, base)

    def table(self):
        """The markdown table of every line written, graph by graph."""
        lines = ["| graph | solver | variant | threads | median ms | kernel ms | "
                 "speedup over Kruskal | MSF edges | MSF total | = suite's |",
                 "| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |"]
        base = {}
        for r in self.rows:
            ok = r["status"] == "ok"
            if ok and solvers.is_baseline(r["solver"], r["variant"]):
                base[r["graph_name"]] = r["compute_s_median"]
            b = base.get(r["graph_name"])
            lines.append("| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |" % (
                r["graph_name"], r["solver"], r["variant"],
                "GPU" if r.get("parallelism") == "gpu" else r.get("threads", 1),
                "%.3f" % (1e3 * r["compute_s_median"]) if ok else r["status"],
                "%.3f" % (1e3 * r["kernel_s_median"]) if ok and "kernel_s_median" in r else "",
                "%.2fx" % (b / r["compute_s_median"]) if ok and b and r["compute_s_median"]
                else "", r.get("msf_edges", "") if ok else "", r.get("msf_weight", "")
                if ok else "", {True: "yes", False: "**no**", None: ""}[r["msf_matches_suite"]]))
        return "\n".join(lines)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--ecl", help="ECL-MST checkout (github.com/burtscher/ECL-MST)")
    ap.add_argument("--pbbs", help="pbbsbench checkout with its parlaylib submodule "
                                   "(github.com/cmuparlay/pbbsbench)")
    ap.add_argument("--gbbs", help="GBBS checkout (github.com/ParAlg/gbbs)")
    ap.add_argument("--gbbs-parlaylib", help="the parlaylib GBBS's MODULE.bazel names "
                                             "(default GBBS/external/parlaylib)")
    ap.add_argument("--graphs", default="rmat16,USA-road-NY",
                    help="comma-separated graph names of report/matrices.py or files "
                         "(default rmat16,USA-road-NY)")
    ap.add_argument("--suite", default=SUITE_RUNS,
                    help="the suite's runs, SOLVER:VARIANT,... (default %s; the baseline "
                         "mst-seq:kruskal always runs first)" % SUITE_RUNS)
    ap.add_argument("--trials", type=int, default=5)
    ap.add_argument("--threads", type=int, default=os.cpu_count(),
                    help="threads of mst-omp, PBBS and GBBS (default: every core)")
    ap.add_argument("--results", default=os.path.join(ROOT, "data", "peers", "results.jsonl"),
                    help="JSONL file to append to (default data/peers/results.jsonl)")
    ap.add_argument("--build", default=os.path.join(ROOT, "data", "peers", "build"),
                    help="where the peers are built (default data/peers/build)")
    ap.add_argument("--data", default=os.path.join(ROOT, "data", "peers"),
                    help="where the converted graphs and the runs' output go "
                         "(default data/peers)")
    ap.add_argument("--graph-data", default=os.path.join(ROOT, "data", "bench"),
                    help="where generated graphs go (default data/bench, as bench.py's)")
    ap.add_argument("--timeout-s", type=float, default=300, help="one run's limit")
    ap.add_argument("--jobs", type=int, default=os.cpu_count(), help="make -j of the builds")
    a = ap.parse_args()
    if a.trials < 1 or a.threads < 1:
        ap.error("--trials and --threads take a positive count")
    for opt in ("ecl", "pbbs", "gbbs", "gbbs_parlaylib", "results", "build", "data",
                "graph_data"):
        if getattr(a, opt):
            setattr(a, opt, os.path.abspath(getattr(a, opt)))
    a.gbbs_parlaylib = a.gbbs_parlaylib or (a.gbbs and os.path.join(a.gbbs, "external",
                                                                    "parlaylib"))
    peers = [p for p in PEERS if getattr(a, p.checkout)]
    if not peers:
        ap.error("give at least one peer checkout: --ecl, --pbbs or --gbbs")
    suite_runs = [tuple(s.split(":", 1)) for s in a.suite.split(",") if s]
    if any(len(s) != 2 for s in suite_runs):
        ap.error("--suite takes SOLVER:VARIANT,...")
    suite_runs = [solvers.BASELINE] + [s for s in suite_runs if s != solvers.BASELINE]

    a.facts = bench.machine_facts()
    a.commits = {}     # the checkouts' commits, where they are git checkouts
    for p in peers:
        git = subprocess.run(["git", "-C", getattr(a, p.checkout), "rev-parse", "--short=12",
                              "HEAD"], capture_output=True, text=True)
        a.commits[p.checkout] = git.stdout.strip() if git.returncode == 0 else None
    f = a.facts
    print("machine: %s, %d cores%s; commit %s; %d trials, %d threads; results -> %s" % (
        f["cpu"], f["cores"], (", " + f["gpu"]) if "gpu" in f else "", f["commit"], a.trials,
        a.threads, rel(a.results)), flush=True)
    catalog = solvers.Catalog(os.path.join(ROOT, "bin"))
    runnable = []
    for solver, variant in suite_runs:
        why = bench.probe(catalog, solver)
        if why is None and variant not in catalog.variants(solver):
            why = "no variant %s" % variant
        if why:
            print("skipped %s %s: %s" % (solver, variant, why), flush=True)
        else:
            runnable.append((solver, variant))
    if not runnable or not solvers.is_baseline(*runnable[0]):
        print("error: the baseline %s --algo %s cannot run" % solvers.BASELINE, file=sys.stderr)
        return 1
    skipped = build(peers, a)
    peers = [p for p in peers if p.solver not in skipped]

    os.makedirs(os.path.dirname(a.results), exist_ok=True)
    with open(a.results, "a") as out:
        s = Session(a, out)
        for g in (g for g in re.split(r"[,\s]+", a.graphs) if g):
            try:
                s.graph(g, catalog, runnable, peers)
            except (convert.ConvertError, OSError) as e:
                print("skipped graph %s: %s" % (g, e), flush=True)
    print()
    print(s.table())
    bad = [r for r in s.rows if r["status"] != "ok" or r["msf_matches_suite"] is False]
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
