#!/usr/bin/env python3
"""Benchmark runner: runs a matrix of solver configurations (report/matrices.py) on graphs
through the solvers' --json output and appends one JSON line per run to a results file: the
solver's own JSON (docs/design.md, Output) plus "variant", "graph_name", "config", "matrix",
"wall_s", "status" ("ok", "failed", "timeout") and a "machine" object (CPU, cores, memory, GPU
and driver, compilers, OS, git commit, a hash of the solver sources, date). It prints a table as
it goes: median compute time, speedup over mst-seq (Kruskal) measured on the same machine and
code, phases. report/make_report.py turns results files into report/REPORT.md.

Resumable: a run whose configuration is already in the results file for the same machine and
source hash is skipped, so the same command continues a matrix cut by its time budget.
The solvers and their variants come from their --describe (report/solvers.py); those that are
not built, or cannot run here (no GPU, no mpirun), are skipped with the reason. Only the
standard library is used (the device machine installs nothing).

usage: report/bench.py [--matrix tiny|quick|full|rounds|...] [--results FILE] [--graphs G,...]
                       [--trials N] [--budget-s S] [--timeout-s S] [--data DIR] [--dry-run]
"""
import argparse
import collections
import datetime
import hashlib
import json
import os
import platform
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import matrices  # noqa: E402
import solvers  # noqa: E402
from make_report import file_graph_name, phase_items, short_ms  # noqa: E402

# ranks share the cores with one another (and with mpirun): no binding
MPIRUN_OPTIONS = ["--bind-to", "none"]
# the sources whose hash identifies the code: the shared ones and every solver's folder
SOURCE_DIRS = ["common"] + [folder for _, folder, _ in solvers.solver_list(ROOT)]


def _out(cmd, line=0):
    """One line (index `line`) of a command's output, or None if it cannot run."""
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=30)
    except (OSError, subprocess.SubprocessError):
        return None
    lines = [x.strip() for x in (p.stdout + p.stderr).splitlines() if x.strip()]
    return lines[line] if p.returncode == 0 and lines else None


def source_hash():
    """sha256 (12 hex digits) of the solvers' sources and the Makefile: identifies the code
    where git is absent (the device machine's copy)."""
    h = hashlib.sha256()
    files = [os.path.join(ROOT, "Makefile")]
    for d in SOURCE_DIRS:
        for dirpath, dirnames, filenames in os.walk(os.path.join(ROOT, d)):
            dirnames.sort()
            files += [os.path.join(dirpath, f) for f in sorted(filenames)
                      if f.endswith((".c", ".h", ".cu", ".cuh"))]
    for f in files:
        if os.path.isfile(f):
            h.update(os.path.relpath(f, ROOT).encode() + b"\0")
            with open(f, "rb") as fh:
                h.update(fh.read())
    return h.hexdigest()[:12]


def git_commit():
    # MST_COMMIT wins: a copy of the working tree (the device machine's) may carry a stale .git.
    if os.environ.get("MST_COMMIT"):
        return os.environ["MST_COMMIT"]
    commit = _out(["git", "-C", ROOT, "rev-parse", "--short=12", "HEAD"])
    if not commit:
        return "unknown"
    dirty = subprocess.run(["git", "-C", ROOT, "status", "--porcelain", "--untracked-files=no",
                            "--", "Makefile", *SOURCE_DIRS], capture_output=True, text=True)
    return commit + ("+dirty" if dirty.stdout.strip() else "")


def machine_facts():
    """What the timings depend on; stored in every results line."""
    facts = {"cpu": platform.processor() or platform.machine(), "cores": os.cpu_count(),
             "host": platform.node()}
    try:
        with open("/proc/cpuinfo") as f:
            facts["cpu"] = next(l.split(":", 1)[1].strip() for l in f if l.startswith("model name"))
    except (OSError, StopIteration):
        pass
    try:
        with open("/proc/meminfo") as f:
            kib = next(int(l.split()[1]) for l in f if l.startswith("MemTotal"))
        facts["memory_gib"] = round(kib / 2**20, 1)
    except (OSError, StopIteration, ValueError):
        pass
    try:
        with open("/etc/os-release") as f:
            facts["os"] = next(l.split("=", 1)[1].strip().strip('"') for l in f
                               if l.startswith("PRETTY_NAME="))
    except (OSError, StopIteration):
        pass
    cc = os.environ.get("CC", "gcc")
    facts["compiler"] = _out([cc, "--version"]) or "?"
    nvcc = shutil.which("nvcc") or "/usr/local/cuda/bin/nvcc"
    release = _out([nvcc, "--version"], -2) if os.path.exists(nvcc) else None
    if release:
        facts["nvcc"] = release
    mpirun = _out(["mpirun", "--version"])
    if mpirun:
        facts["mpirun"] = mpirun
    gpu = _out(["nvidia-smi", "--query-gpu=name,driver_version", "--format=csv,noheader"])
    if gpu:
        name, _, driver = gpu.rpartition(",")
        facts["gpu"], facts["gpu_driver"] = name.strip(), driver.strip()
    facts["commit"] = git_commit()
    facts["source"] = source_hash()
    facts["date"] = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
    return facts


def machine_key(facts):
    """Identity of a machine for resuming and for grouping results (not its host name)."""
    return "%s|%s|%s" % (facts.get("cpu"), facts.get("cores"), facts.get("gpu", "-"))


# One run of a matrix: a solver's variant with its arguments at one thread or rank count (None
# where the solver does not scale); max_m skips graphs with more edges.
Run = collections.namedtuple("Run", "solver label args threads ranks max_m")


def expand(entries):
    """One Run per run of a matrix's concrete entries (matrices.runs)."""
    out = []
    for e in entries:
        args = list(e.get("args", []))
        for t in e.get("threads", [None]):
            for r in e.get("ranks", [None]):
                extra = ["--threads", str(t)] if t is not None else []
                out.append(Run(e["solver"], e.get("label"), args + extra, t, r, e.get("max_m")))
    return out


def resolve_graph(name, data_dir, dry_run=False):
    """Path of graph NAME (a catalogue name or a file), generated with mst-gen if needed.
    Returns (path, None) or (None, reason)."""
    if name not in matrices.GRAPHS:
        path = name if os.path.isabs(name) else os.path.join(ROOT, name)
        return (path, None) if os.path.exists(path) else (None, "no such graph or file")
    entry = matrices.GRAPHS[name]
    if "path" in entry:
        path = os.path.join(ROOT, entry["path"])
        return (path, None) if os.path.exists(path) else (None, "missing file " + entry["path"])
    path = os.path.join(data_dir, name + ".msb")
    stamp = path + ".args"
    want = " ".join(entry["gen"])
    if os.path.exists(path) and os.path.exists(stamp) and open(stamp).read().strip() == want:
        return path, None
    gen = os.path.join(ROOT, "bin", "mst-gen")
    if not os.path.exists(gen):
        return None, "bin/mst-gen not built"
    if dry_run:
        return path, None
    os.makedirs(data_dir, exist_ok=True)
    t0 = time.time()
    p = subprocess.run([gen, *entry["gen"], "--quiet", "-o", path], capture_output=True, text=True)
    if p.returncode != 0:
        return None, "mst-gen failed: " + (p.stderr.strip().splitlines() or ["?"])[-1]
    with open(stamp, "w") as f:
        f.write(want + "\n")
    print("generated %s (mst-gen %s) in %.1f s" % (os.path.relpath(path, ROOT), want,
                                                 time.time() - t0), flush=True)
    return path, None


def load_done(results):
    """Records of a results file: {resume key: record}, and the timeouts."""
    done, timeouts = {}, []
    if not os.path.exists(results):
        return done, timeouts
    with open(results) as f:
        for line in f:
            try:
                r = json.loads(line)
            except ValueError:
                continue
            if "config" not in r or "machine" not in r:
                continue
            key = (machine_key(r["machine"]), r["machine"].get("source"), r.get("graph_name"),
                   r["config"])
            if r.get("status", "ok") in ("ok", "timeout"):
                done[key] = r
            if r.get("status") == "timeout":
                timeouts.append(r)
    return done, timeouts


def run_one(cmd, timeout_s, env):
    """Runs cmd in its own process group; returns (status, result or None, message, wall_s)."""
    t0 = time.time()
    p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                         env=env, start_new_session=True)
    try:
        out, err = p.communicate(timeout=timeout_s)
    except subprocess.TimeoutExpired:
        # SIGTERM first: mpirun then ends its ranks, which live in process groups of their own
        os.killpg(p.pid, signal.SIGTERM)
        try:
            p.communicate(timeout=10)
        except subprocess.TimeoutExpired:
            os.killpg(p.pid, signal.SIGKILL)
            p.communicate()
        return "timeout", None, "timed out after %d s" % timeout_s, time.time() - t0
    wall = time.time() - t0
    if p.returncode != 0:
        lines = err.strip().splitlines() or ["exit code %d" % p.returncode]
        return "failed", None, lines[-1], wall
    js = [l for l in out.splitlines() if l.startswith("{")]
    try:
        return "ok", json.loads(js[-1]), "", wall
    except (IndexError, ValueError):
        return "failed", None, "no JSON on stdout", wall


def probe(catalog, solver):
    """None if `solver` runs here (built, and solves a triangle), else the reason."""
    try:
        launcher = catalog.launcher(solver, 1, *MPIRUN_OPTIONS)
    except solvers.DescribeError as e:
        return str(e).replace(ROOT + os.sep, "")
    if launcher and not shutil.which(launcher[0]):
        return "%s not found" % launcher[0]
    with tempfile.TemporaryDirectory() as tmp:
        tri = os.path.join(tmp, "triangle.wel")
        with open(tri, "w") as f:
            f.write("0 1 1\n1 2 2\n0 2 3\n")
        cmd = launcher + [catalog.path(solver), "--trials", "1", "--json", tri]
        status, res, msg, _ = run_one(cmd, 60, dict(os.environ, OMP_NUM_THREADS="1"))
    if status != "ok":
        return "cannot run here (%s)" % msg
    if res.get("msf_weight") != 3:
        return "wrong answer on a triangle (MSF weight %s, not 3)" % res.get("msf_weight")
    return None


def plan(entries, catalog):
    """The Runs of a matrix's concrete entries whose solver runs here, an unnamed variant named
    after the solver's default; prints every solver that cannot run, with the reason, once."""
    skipped = catalog.missing()
    for solver, why in skipped.items():
        print("skipped %s: %s" % (solver, why), flush=True)
    runs = []
    for run in expand(entries):
        if run.solver not in skipped:
            skipped[run.solver] = probe(catalog, run.solver)
            if skipped[run.solver]:
                print("skipped %s: %s" % (run.solver, skipped[run.solver]), flush=True)
        if not skipped[run.solver]:
            runs.append(run._replace(label=run.label or catalog.default_variant(run.solver)))
    return runs


def fmt_phases(r):
    ph = ", ".join("%s %s" % (k, short_ms(1e3 * v)) for k, v in phase_items(r))
    cnt = ", ".join("%s %s" % kv for kv in (r.get("counters") or {}).items())
    return ph + ((" | " + cnt) if cnt else "")


def rounds_text(r):
    """A --rounds run's line: setup, median round against the one-shot time, break-even."""
    if not r.get("rounds_s"):
        return "no round ran"
    return "rounds: setup %s, median round %s (one-shot %s), break-even %s" % (
        short_ms(1e3 * r["setup_s"]), short_ms(1e3 * r["round_s_median"]),
        short_ms(1e3 * r["oneshot_s"]),
        r["break_even_round"] if r.get("break_even_round") else
        "none" if r.get("prepared") else "- (no prepared path)")


class Bench:
    """One call's work on a matrix: its settings, the machine's facts, the results file (open
    for appending) and the runs it already holds, the counts for the closing line."""

    def __init__(self, a, mx, catalog, out):
        self.a, self.mx, self.catalog, self.out = a, mx, catalog, out
        self.trials = a.trials if a.trials is not None else mx["trials"]
        self.budget = a.budget_s if a.budget_s is not None else mx["budget_s"]
        self.timeout = a.timeout_s if a.timeout_s is not None else mx["timeout_s"]
        self.start = time.time()
        self.facts = machine_facts()
        self.mkey = machine_key(self.facts)
        self.done, self.timeouts = load_done(out.name)
        self.env = dict(os.environ, OMP_NUM_THREADS=os.environ.get("OMP_NUM_THREADS", "1"))
        self.failed = self.skipped_done = self.left = 0

    def over_budget(self):
        return time.time() - self.start > self.budget

    def graph(self, g, runs):
        """Runs `runs` on graph `g` (a catalogue name or a file), generating it if needed."""
        name = g if g in matrices.GRAPHS else file_graph_name(g)
        path = None     # generated when a run needs it
        if not self.over_budget():
            path, why = resolve_graph(g, self.a.data, self.a.dry_run)
            if path is None:
                print("skipped graph %s: %s" % (g, why))
                return
        seen = {"base": None, "m": None}    # the baseline's median (s) and m, once known
        for run in runs:
            self.one(name, path, run, seen)

    def config(self, run, seen):
        """The solver's arguments for `run` and the configuration that identifies it."""
        args = [*run.args, "--trials", str(self.trials), "--json", "--phases"]
        verify = self.mx["verify"] == "all" or (self.mx["verify"] == "baseline" and
                                                seen["base"] is None and
                                                solvers.is_baseline(run.solver, run.label))
        if not verify:
            args.append("--no-verify")
        if self.mx.get("rounds") and not solvers.is_baseline(run.solver, run.label):
            args += ["--rounds", str(self.mx["rounds"]), "--weights", "random"]
            if verify and self.mx.get("verify_every"):
                args += ["--verify-every", str(self.mx["verify_every"])]
        return args, " ".join([run.solver] + (["-np", str(run.ranks)] if run.ranks else []) +
                              args)

    def timed_out_before(self, config, m):
        """True if `config` timed out on a graph of at most m edges, same machine and code."""
        return m is not None and any(
            x.get("config") == config and machine_key(x["machine"]) == self.mkey and
            x["machine"].get("source") == self.facts["source"] and
            x.get("m") is not None and x["m"] <= m for x in self.timeouts)

    def one(self, name, path, run, seen):
        """Runs `run` on graph `name` at `path` unless it is done, over budget or skipped;
        appends its record and prints its line. `seen` carries the graph's baseline and m."""
        args, config = self.config(run, seen)
        prev = self.done.get((self.mkey, self.facts["source"], name, config))
        if prev is not None:
            self.skipped_done += 1
            seen["m"] = seen["m"] or prev.get("m")
            if prev.get("status", "ok") == "ok" and solvers.is_baseline(run.solver, run.label):
                seen["base"] = prev["compute_s_median"]
            return
        if path is None or self.over_budget():
            self.left += 1
            return
        if seen["m"] is not None and run.max_m is not None and seen["m"] > run.max_m:
            return
        if self.timed_out_before(config, seen["m"]):
            print("%-16s %-8s %-20s skipped: timed out on a smaller graph" % (
                name[:16], solvers.short_name(run.solver), run.label))
            return
        cmd = self.catalog.launcher(run.solver, run.ranks or 1, *MPIRUN_OPTIONS) + \
            [self.catalog.path(run.solver), *args, path]
        if self.a.dry_run:
            print(" ".join(cmd))
            return
        status, res, msg, wall = run_one(cmd, self.timeout, self.env)
        rec = self.record(name, path, run, config, status, res, msg, wall, seen["m"])
        self.report(name, run, rec, res, msg, seen)

    def record(self, name, path, run, config, status, res, msg, wall, m):
        """The results line of one run, appended to the results file."""
        rec = res if res is not None else {
            "solver": run.solver, "graph": os.path.relpath(path, ROOT),
            "threads": run.threads or 1, "ranks": run.ranks or 1, "m": m, "error": msg}
        if res is not None:     # what the launcher knows, should the JSON lack it
            rec.setdefault("ranks", run.ranks or 1)
            rec.setdefault("threads", run.threads or 1)
        rec.update({"variant": run.label, "graph_name": name, "config": config,
                    "matrix": self.a.matrix, "parallelism": self.catalog.parallelism(run.solver),
                    "status": status, "wall_s": round(wall, 3), "machine": self.facts})
        if status == "timeout":
            rec["timeout_s"] = self.timeout
            self.timeouts.append(rec)
        self.out.write(json.dumps(rec) + "\n")
        self.out.flush()
        return rec

    def report(self, name, run, rec, res, msg, seen):
        """Prints one run's line: time, speedup over the graph's baseline, phases."""
        short = solvers.short_name(run.solver)
        where = "%d" % (run.ranks if run.ranks is not None else rec.get("threads", 1))
        if res is None:
            self.failed += rec["status"] == "failed"
            print("%-16s %-8s %-20s %9s %s: %s" % (name[:16], short, rec["variant"], where,
                                                   rec["status"].upper(), msg), flush=True)
            return
        seen["m"] = seen["m"] or res.get("m")
        if solvers.is_baseline(run.solver, run.label):
            seen["base"] = res["compute_s_median"]
        if res.get("device"):
            where = str(res["device"])[:9]
        base = seen["base"]
        speed = "%7.2fx" % (base / res["compute_s_median"]) \
            if base and res["compute_s_median"] > 0 else "      -"
        print("%-16s %-8s %-20s %9s %11.3f %s  %s" % (
            name[:16], short, rec["variant"], where, 1e3 * res["compute_s_median"], speed,
            rounds_text(res) if "mst_rounds" in res else fmt_phases(res)), flush=True)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--matrix", default="quick", choices=sorted(matrices.MATRICES))
    ap.add_argument("--results", help="JSONL file to append to "
                                      "(default report/local/MATRIX.jsonl)")
    ap.add_argument("--graphs", help="comma-separated graph names or files instead of the "
                                     "matrix's")
    ap.add_argument("--trials", type=int)
    ap.add_argument("--budget-s", type=float)
    ap.add_argument("--timeout-s", type=float)
    ap.add_argument("--data", default=os.path.join(ROOT, "data", "bench"),
                    help="where generated graphs go (default data/bench)")
    ap.add_argument("--dry-run", action="store_true", help="print the runs, run nothing")
    a = ap.parse_args()
    mx = matrices.MATRICES[a.matrix]
    graphs = [g for g in re.split(r"[,\s]+", a.graphs) if g] if a.graphs else mx["graphs"]
    results = a.results or os.path.join(ROOT, "report", "local", a.matrix + ".jsonl")
    os.makedirs(os.path.dirname(os.path.abspath(results)), exist_ok=True)
    catalog = solvers.Catalog(os.path.join(ROOT, "bin"))
    with open(results, "a") as out:
        b = Bench(a, mx, catalog, out)
        f = b.facts
        print("machine: %s, %d cores%s; %s; commit %s, source %s" % (
            f["cpu"], f["cores"], (", " + f["gpu"]) if "gpu" in f else "", f["compiler"],
            f["commit"], f["source"]))
        print("matrix %s: %d graphs, %d trials, results -> %s" % (
            a.matrix, len(graphs), b.trials, os.path.relpath(results, os.getcwd())), flush=True)
        runs = plan(matrices.runs(mx, catalog), catalog)
        if not runs or not solvers.is_baseline(runs[0].solver, runs[0].label):
            print("error: the baseline %s --algo %s cannot run" % solvers.BASELINE,
                  file=sys.stderr)
            return 1
        print("%-16s %-8s %-20s %9s %11s %8s  %s" % ("graph", "solver", "variant", "thr/ranks",
                                                     "median ms", "speedup", "phases (ms)"))
        for g in graphs:
            b.graph(g, runs)
    if b.skipped_done:
        print("%d runs already in %s were skipped" % (b.skipped_done, results))
    if b.left:
        print("time budget of %.0f s reached with %d runs left: run the same command again "
              "to resume" % (b.budget, b.left))
    print("bench: %.0f s, %d failed; their report: make report RESULTS=%s" % (
        time.time() - b.start, b.failed, os.path.relpath(results, os.getcwd())))
    return 1 if b.failed else 0


if __name__ == "__main__":
    sys.exit(main())
