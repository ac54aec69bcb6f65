#!/usr/bin/python3
"""Turns benchmark results (JSON lines of report/bench.py) into a Markdown report with plots.

`make report` (no files): the repository's report/REPORT.md, report/plots/ and the marked
results block of README.md, from report/results/*.jsonl, one file per machine and run.
`make report RESULTS="FILE..."`: the report of those files alone, into a folder of its own
(report/local/ unless --out says otherwise); nothing of the repository's is read or rewritten.

One section per machine (CPU, cores, GPU), holding the latest run of each configuration
(graph, solver, variant, threads, ranks, device, --rounds): a rerun replaces a run, and the
history lives in git. Speedups are taken against the mst-seq Kruskal run on the same graph,
machine and code (commit and source hash; lines without a source hash, written before bench.py
recorded one, by results file), never across machines or code versions. The report opens with
the machine that ran the most solvers (then the newest): each solver's fastest configuration
per graph against Kruskal, in a table and a figure, and the end-to-end table (load, transfers,
compute). Each machine's section then has:
  - the machine, software, and the runs it is made of (file, date, code);
  - a summary: speedup of each solver's headline configuration over mst-seq Kruskal per graph
    (a scaling solver's series at its most threads/ranks; a GPU solver's default variant with
    and without transfers; every variant of the others), with the geometric mean;
  - self-speedup tables of the solvers that scale with threads or ranks; GPU kernel vs
    transfers;
  - repeated MSF (--rounds runs): one-shot time, setup, median round and break-even per run,
    and the best prepared path against the best one-shot one per graph;
  - one table per graph: median and min compute time, speedup, throughput (millions of edges
    per second), MSF agreement with the baseline, phases;
  - plots (matplotlib, Agg), each as PNG and as PDF (in pdf/ beside the report): speedup and
    throughput per solver and graph,
    self-speedup curves with the ideal line, per-phase bars per graph (time and shares), GPU
    kernel-only vs with transfers, the cumulative time over the rounds of --rounds runs.
Error bars run from the median trial to the fastest (the harness records those two). A scaling
log of report/device-scaling.sh among the files (its lines carry a "tag") adds the strong- and
weak-scaling section of report/scaling.py. Without matplotlib the tables are written and the
plots are skipped with a note. Plots that the previous report at --out linked and this one does
not are removed; no other file is. Solvers are ordered as the Makefile's SOLVER_LIST; whether one
scales with threads or ranks or runs on a GPU comes from its results lines, else from its
--describe (report/solvers.py).

usage: report/make_report.py [--out REPORT.md] [--plots DIR] [--no-plots] [--readme FILE]
                             [RESULTS.jsonl ...]
"""
import argparse
import glob
import json
import math
import os
import re
import sys

import matrices
import scaling
import solvers

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
EXTENSIONS = re.compile(r"(\.gz|\.msb|\.gr|\.pace|\.mtx|\.graph|\.egr|\.txt|\.el|\.wel|\.edges)+$")
# The README's results block, between these lines, is rewritten by the repository's report.
README_BEGIN = "<!-- results: written by make report (report/make_report.py); do not edit -->"
README_END = "<!-- /results -->"


# ---------------------------------------------------------------------------------------------
# Loading and grouping


def file_graph_name(path):
    """The name of a graph file in the tables: its basename without format extensions."""
    base = os.path.basename(path)
    return EXTENSIONS.sub("", base) or base


def graph_name(r):
    return r.get("graph_name") or file_graph_name(r.get("graph", "?"))


def read_lines(path):
    """The JSON objects of a results file, in order; a line that is not JSON is skipped with a
    message naming the file and line."""
    out = []
    with open(path) as f:
        for i, line in enumerate(f, 1):
            line = line.strip()
            if not line:
                continue
            try:
                out.append(json.loads(line))
            except ValueError as e:
                print("make_report: %s:%d: skipped, not JSON (%s)" % (path, i, e),
                      file=sys.stderr)
    return out


def run_date(r, path):
    """The date of a run: its machine's, else the one its file name starts with, else ""."""
    date = (r.get("machine") or {}).get("date")
    if not date:
        m = re.match(r"(\d{4}-\d{2}-\d{2})", os.path.basename(path))
        date = m.group(1) if m else ""
    return date


def load(paths):
    """([(path, record)] of every line of the files that records a solver's run, oldest first
    (by date, then file and line order), [paths of the scaling logs among the files]). Other
    scripts' lines, such as the hybrid's threshold sweep, have no "solver"; a scaling log's
    lines carry a "tag"."""
    runs, logs = [], []
    for p in paths:
        recs = [r for r in read_lines(p) if isinstance(r, dict)]
        if any("tag" in r for r in recs):
            logs.append(p)
            continue
        runs += [(p, r) for r in recs if "solver" in r]
    for _, r in runs:
        # A peer timed by its own kernel timer (ECL-MST's; report/peers/run.py gives that time
        # as both) has no time with host-device transfers to stand beside mst-cuda's.
        if "peer" in r and "kernel_s_median" in r:
            r["kernel_only"] = True
    runs.sort(key=lambda pr: run_date(pr[1], pr[0]))     # stable: file order within a date
    return runs, logs


# solver -> "sequential", "threads", "ranks" or "gpu", for the solvers of the results read
PARALLELISM = {}


def learn_parallelism(records, catalog):
    """Fills PARALLELISM for every solver of `records`: what its results lines record
    (bench.py writes it), else what its executable in `catalog` (a solvers.Catalog) describes,
    else what its runs show (a device: "gpu"; several ranks: "ranks"; threads: "threads")."""
    for r in records:
        if r.get("solver") and r.get("parallelism"):
            PARALLELISM.setdefault(r["solver"], r["parallelism"])
    for solver in {r.get("solver") for r in records} - set(PARALLELISM) - {None}:
        try:
            PARALLELISM[solver] = catalog.parallelism(solver)
        except solvers.DescribeError:
            mine = [r for r in records if r.get("solver") == solver]
            PARALLELISM[solver] = \
                "gpu" if any(r.get("device") for r in mine) else \
                "ranks" if any((r.get("ranks") or 1) > 1 for r in mine) else \
                "threads" if any((r.get("threads") or 1) > 1 for r in mine) else "sequential"


def parallelism(solver):
    return PARALLELISM.get(solver, "sequential")


def count_key(solver):
    """The record key of a solver's process or thread count: "ranks" or "threads"."""
    return "ranks" if parallelism(solver) == "ranks" else "threads"


def is_baseline_run(r):
    return any(solvers.is_baseline(r.get("solver"), v) for v in (r.get("algo"), variant(r)))


def kernel_only(gr, solver):
    """Whether every run of `solver` timed its kernels only (a peer's own timer)."""
    return all(r.get("kernel_only") for r in gr.runs() if r.get("solver") == solver)


def is_ok(r):
    return r.get("status", "ok") == "ok" and r.get("compute_s_median") is not None


def config_key(r):
    """What a rerun replaces: the same graph, solver, variant, counts, device and --rounds."""
    return (graph_name(r), r.get("solver"), variant(r), r.get("threads") or 1,
            r.get("ranks") or 1, r.get("device") or "", r.get("mst_rounds") or 0)


def machine_key(r):
    m = r.get("machine") or {}
    return (m.get("cpu"), m.get("cores"), m.get("gpu"))


def code_key(r, path):
    """The code a run measured: commit and source hash; the results file for lines written
    before bench.py recorded a source hash (their commit is "?")."""
    m = r.get("machine") or {}
    return (m.get("commit"), m.get("source")) if m.get("source") else ("file", path)


def variant(r):
    return r.get("variant") or r.get("algo") or "default"


class Group:
    """One machine: the latest run of each configuration, with the baselines of every code
    version measured there."""

    def __init__(self, machine):
        self.machine = machine
        self.records = {}     # config key -> latest record
        self.order = []       # config keys in first-appearance order
        self.bases = {}       # (graph, code key) -> latest baseline run of that code
        self.source = {}      # id(record) -> (path, code key, date)
        self.verifier = {}    # the verify matrix's runs: config key -> (latest record, path)

    def add(self, r, path):
        """Adds run r of results file `path`; runs come oldest first. The verify matrix's runs
        stand in their own table only (verifier_section)."""
        if r.get("matrix") == "verify":
            self.verifier[config_key(r)] = (r, path)
            return
        k = config_key(r)
        if k not in self.records:
            self.order.append(k)
        self.records[k] = r
        code = code_key(r, path)
        self.source[id(r)] = (path, code, run_date(r, path))
        if is_ok(r) and is_baseline_run(r):
            self.bases[(graph_name(r), code)] = r
        if r.get("machine"):
            self.machine = r["machine"]      # the newest run's facts

    # views -------------------------------------------------------------------------------
    def runs(self):
        return [self.records[k] for k in self.order]

    @property
    def dates(self):
        return {self.source[id(r)][2] for r in self.runs()} - {""}

    def paths(self):
        """The results files of the latest runs, oldest first, with (days, code, runs)."""
        out, newest = {}, {}
        for r in self.runs():
            path, code, date = self.source[id(r)]
            e = out.setdefault(path, [set(), code, 0])
            e[0].add(date[:10])
            e[2] += 1
            newest[path] = max(newest.get(path, ""), date)
        return sorted(out.items(), key=lambda pe: (newest[pe[0]], pe[0]))

    def shadowed(self, r):
        """True for a --rounds run whose configuration also ran without --rounds: the tables
        of one-shot times take that run (a --rounds run's one-shot time is its solve() on the
        first round's weights)."""
        return bool(r.get("mst_rounds")) and config_key(r)[:-1] + (0,) in self.records

    def base_of(self, r):
        """The baseline run of r's graph with r's code on this machine, or None."""
        path, code, _ = self.source[id(r)]
        return self.bases.get((graph_name(r), code))

    def speedup(self, r, key="compute_s_median"):
        return speedup(self.base_of(r), r, key) if r is not None else None

    def graphs(self):
        """Graph names, smallest m first."""
        m = {}
        for r in self.runs():
            g = graph_name(r)
            if r.get("m") is not None:
                m[g] = min(m.get(g, r["m"]), r["m"])
            else:
                m.setdefault(g, None)
        return sorted(m, key=lambda g: (m[g] is None, m[g] or 0, g))

    def baseline(self, g):
        """The latest baseline run on graph g."""
        for r in self.runs():
            if graph_name(r) == g and is_ok(r) and is_baseline_run(r):
                return r
        return None

    def solvers(self):
        """The solvers of this group, in SOLVER_LIST's order."""
        return sorted({r.get("solver") for r in self.runs()} - {None}, key=solvers.solver_rank)

    def variants(self, solver):
        seen = []
        for r in self.runs():
            if r.get("solver") == solver and variant(r) not in seen:
                seen.append(variant(r))
        return seen

    def scaling(self, solver):
        """(variant, count key) of `solver`'s scaling series: the variant run at the most
        distinct thread or rank counts (then on the most graphs, then the first); None if it has
        fewer than two or does not scale."""
        if parallelism(solver) not in ("threads", "ranks"):
            return None
        key = count_key(solver)
        best, best_n = None, (1, 0)
        for v in self.variants(solver):
            points = {(graph_name(r), r.get(key) or 1) for r in self.runs()
                      if r.get("solver") == solver and variant(r) == v and is_ok(r) and
                      not self.shadowed(r)}
            n = (len({c for _, c in points}), len(points))
            if n > best_n and n[0] > 1:
                best, best_n = v, n
        return (best, key) if best else None

    def find(self, g, solver, var=None, **counts):
        """The one-shot run of `solver` on g (of variant `var`, at the given counts)."""
        for r in self.runs():
            if graph_name(r) == g and r.get("solver") == solver and \
                    not self.shadowed(r) and \
                    (var is None or variant(r) == var) and \
                    all((r.get(k) or 1) == v for k, v in counts.items()):
                return r
        return None

    def sorted_rows(self, g):
        vorder = {}
        for r in self.runs():
            vorder.setdefault((r.get("solver"), variant(r)), len(vorder))
        rows = [r for r in self.runs() if graph_name(r) == g]
        return sorted(rows, key=lambda r: (solvers.solver_rank(r.get("solver") or ""),
                                           vorder[(r.get("solver"), variant(r))],
                                           r.get("threads") or 1, r.get("ranks") or 1,
                                           r.get("mst_rounds") or 0))


def group_records(loaded):
    """One Group per machine of `loaded` ([(path, record)], oldest first): newest first (by
    day), then the one with the most solvers, then by title."""
    groups = {}
    for path, r in loaded:
        k = machine_key(r)
        if k not in groups:
            groups[k] = Group(r.get("machine") or {})
        groups[k].add(r, path)
    out = list(groups.values())
    out.sort(key=lambda gr: (max(gr.dates)[:10] if gr.dates else "",
                             len(gr.solvers()), title_of(gr)), reverse=True)
    return out


# ---------------------------------------------------------------------------------------------
# Numbers and cells


def speedup(base, r, key="compute_s_median"):
    if base is None or r is None or not is_ok(r) or not r.get(key):
        return None
    return base["compute_s_median"] / r[key]


def fx(x):
    return "-" if x is None else "%.2fx" % x


def ms(s):
    return "-" if s is None else "%.3f" % (1e3 * s)


def medges(r, key="compute_s_median"):
    if not r.get(key) or r.get("m") is None:
        return "-"
    return "%.1f" % (r["m"] / r[key] / 1e6)


def where(r):
    if r.get("device") not in (None, ""):
        return str(r["device"])
    if parallelism(r.get("solver")) == "ranks":
        p = r.get("ranks") or 1
        return "%d rank%s" % (p, "" if p == 1 else "s")
    t = r.get("threads") or 1
    return "%d thread%s" % (t, "" if t == 1 else "s")


def short_where(r):
    if r.get("device") not in (None, ""):
        return "GPU"
    if parallelism(r.get("solver")) == "ranks":
        return "%dr" % (r.get("ranks") or 1)
    return "%dt" % (r.get("threads") or 1)


def same_msf(base, r):
    if base is None or not is_ok(r):
        return "-"
    if r is base:
        return "baseline"
    if r.get("round_verified"):
        # a --rounds run solved other weights than the baseline's: each round was checked by
        # the verifier instead
        checked = [v for v in r["round_verified"] if v is not None]
        if not all(checked):
            return "NOT VERIFIED"
        return "verified, %d of %d rounds" % (len(checked), len(r["round_verified"]))
    wb, wr = base.get("msf_weight"), r.get("msf_weight")
    same_w = wb == wr or (isinstance(wb, (int, float)) and isinstance(wr, (int, float)) and
                          abs(wb - wr) <= 1e-9 * max(1.0, abs(wb)))
    return "same" if same_w and base.get("msf_edges") == r.get("msf_edges") else "DIFFERS"


def short_ms(v):
    """Milliseconds with 3 significant digits or so, never in exponent notation."""
    a = abs(v)
    return "%.0f" % v if a >= 100 else "%.1f" % v if a >= 10 else "%.2f" % v if a >= 1 \
        else "0" if a == 0 else "%.3f" % v


def phase_items(r):
    """[(phase, seconds)] of a record's phases object, numbers only."""
    ph = r.get("phases") or {}
    return [(k, float(v)) for k, v in ph.items() if isinstance(v, (int, float))]


def phases_text(r):
    return ", ".join("%s %s" % (k, short_ms(1e3 * v)) for k, v in phase_items(r))


def short_count(x):
    """A vertex or edge count in 3 significant digits: 264k, 1.05M, 918."""
    for div, suffix in ((1e9, "G"), (1e6, "M"), (1e3, "k")):
        if x >= div:
            v = x / div
            return ("%.0f" if v >= 100 else "%.1f" if v >= 10 else "%.2f") % v + suffix
    return "%d" % x


def rounds_section(gr, g):
    """The per-round shrink of n and m (Sousa et al. 2015, the iteration figure) of every run
    on graph g that recorded its rounds, one row per run at its largest thread count."""
    rows, seen = [], set()
    for r in sorted(gr.sorted_rows(g), key=lambda r: -(r.get("threads") or 1)):
        key = (r.get("solver"), variant(r))
        if not is_ok(r) or not r.get("rounds") or key in seen:
            continue
        seen.add(key)
        rs = r["rounds"]
        rows.append([r["solver"], variant(r), str(len(rs)),
                     " → ".join(short_count(n) for n, _ in rs),
                     " → ".join(short_count(m) for _, m in rs)])
    if not rows:
        return []
    return ["Vertices and edges at the start of every round:", ""] + \
        table(["solver", "variant", "rounds", "n", "m"], rows) + [""]


def repeated_runs(gr, g):
    """The successful --rounds runs on graph g (docs/rounds.md), in table order."""
    return [r for r in gr.sorted_rows(g) if is_ok(r) and r.get("rounds_s")]


def break_even(r, oneshot_s):
    """The first round k at which r's setup and k rounds take at most k one-shot times of
    oneshot_s, or None within its rounds."""
    total = r.get("setup_s") or 0.0
    for k, t in enumerate(r["rounds_s"], 1):
        total += t
        if total <= k * oneshot_s:
            return k
    return None


def repeated_section(gr, plots):
    """Repeated MSF (Ma and Wan, section 4): per graph and run, the one-shot time, the setup,
    the median round, its ratio to the graph's best one-shot time and the break-even rounds;
    then, per graph, the best prepared path against the best one-shot one."""
    rows, best_rows = [], []
    for g in gr.graphs():
        rs = repeated_runs(gr, g)
        if not rs:
            continue
        one = min(rs, key=lambda r: r["oneshot_s"])
        for r in rs:
            own = r.get("break_even_round")
            vs = break_even(r, one["oneshot_s"]) if r.get("prepared") else None
            rows.append([g, r["solver"], variant(r), where(r), ms(r["oneshot_s"]),
                         ms(r["setup_s"]) if r.get("prepared") else "-",
                         ms(r["round_s_median"]),
                         "%.2fx" % (r["round_s_median"] / one["oneshot_s"]),
                         str(own) if own else ("none" if r.get("prepared") else "-"),
                         str(vs) if vs else ("none" if r.get("prepared") else "-"),
                         str(len(r["rounds_s"]))])
        prep = [r for r in rs if r.get("prepared")]
        if prep:
            b = min(prep, key=lambda r: r["round_s_median"])
            vs = break_even(b, one["oneshot_s"])
            best_rows.append([g, "%s %s, %s ms" % (solvers.short_name(b["solver"]), variant(b),
                                                   ms(b["round_s_median"])),
                              "%s %s, %s ms" % (solvers.short_name(one["solver"]),
                                                variant(one), ms(one["oneshot_s"])),
                              "%.2fx" % (b["round_s_median"] / one["oneshot_s"]),
                              str(vs) if vs else "none"])
    if not rows:
        return []
    lines = ["**Repeated MSF** (`--rounds`, docs/rounds.md): one topology, new random weights "
             "every round. One-shot: the median of `solve()` on round 1's weights in the same "
             "run; setup: `prepare()`, once; round: the median prepared round (or `solve()` "
             "where the variant has no prepared path); ratio: median round over the graph's "
             "best one-shot time; break-even: the first round from which setup + rounds <= "
             "rounds x one-shot (own: the run's own one-shot; best: the graph's best):", ""]
    lines += table(["graph", "solver", "variant", "threads / device", "one-shot (ms)",
                    "setup (ms)", "median round (ms)", "ratio", "break-even, own",
                    "break-even, best", "rounds"], rows) + [""]
    if best_rows:
        lines += ["Best prepared path against the best one-shot one, per graph (targets on the "
                  "mixed R-MAT workload: ratio <= 0.3x, break-even within 3 rounds):", ""]
        lines += table(["graph", "best prepared (median round)", "best one-shot",
                        "ratio", "break-even"], best_rows) + [""]
    for g in gr.graphs():
        if ("cumulative", g) in plots:
            lines += ["![cumulative time on %s](%s)" % (g, plots[("cumulative", g)]), ""]
    return lines


def geomean(xs):
    xs = [x for x in xs if x]
    return math.exp(sum(math.log(x) for x in xs) / len(xs)) if xs else None


def table(head, rows):
    lines = ["| " + " | ".join(head) + " |", "|" + "|".join(" --- " for _ in head) + "|"]
    lines += ["| " + " | ".join(str(c) for c in row) + " |" for row in rows]
    return lines


def headlines(gr):
    """Columns of the summary: (title, function graph -> (record, time key)). A solver that
    scales gives its scaling series at the most threads or ranks, a GPU solver its default
    variant with transfers and kernel only; the others give every variant but the baseline."""
    cols = []
    for solver in gr.solvers():
        if gr.scaling(solver):
            cols.append(scaling_headline(gr, solver))
        elif parallelism(solver) == "gpu":
            cols += gpu_headlines(gr, solver)
        else:
            cols += [("%s %s" % (solver, v),
                      lambda g, s=solver, v=v: (gr.find(g, s, v), "compute_s_median"))
                     for v in gr.variants(solver) if not solvers.is_baseline(solver, v)]
    return cols


def scaling_headline(gr, solver):
    """The summary column of `solver`'s scaling series: each graph's run at the most threads
    or ranks."""
    v, key = gr.scaling(solver)
    top = max(r.get(key) or 1 for r in gr.runs()
              if r.get("solver") == solver and variant(r) == v and is_ok(r) and
              not gr.shadowed(r))

    def pick(g):
        rs = [r for r in gr.runs() if graph_name(r) == g and r.get("solver") == solver
              and variant(r) == v and is_ok(r) and not gr.shadowed(r)]
        return max(rs, key=lambda r: r.get(key) or 1) if rs else None, "compute_s_median"
    return "%s %s, %d %s" % (solver, v, top, key), pick


def gpu_headlines(gr, solver):
    """The summary columns of a GPU solver: its default variant (the first run) with
    transfers, and kernel only where it reports a kernel time; the others are in the GPU
    table."""
    cols = []
    for v in gr.variants(solver)[:1]:
        if not kernel_only(gr, solver):
            cols.append(("%s %s, with transfers" % (solver, v),
                         lambda g, v=v: (gr.find(g, solver, v), "compute_s_median")))
        if any(r.get("kernel_s_median") for r in gr.runs() if r.get("solver") == solver):
            cols.append(("%s %s, kernel only" % (solver, v),
                         lambda g, v=v: (gr.find(g, solver, v), "kernel_s_median")))
    return cols


def fastest(gr, g):
    """The fastest run on g; GPU runs count with transfers (those timing their kernels only do
    not count)."""
    best = None
    for r in gr.runs():
        if graph_name(r) == g and is_ok(r) and not gr.shadowed(r) and not r.get("kernel_only"):
            if best is None or r["compute_s_median"] < best["compute_s_median"]:
                best = r
    return best


def best_runs(gr, g, solver, key="compute_s_median"):
    """`solver`'s fastest run on g by `key` (GPU runs: with transfers, or kernel_s_median) of
    those with a baseline whose forest agrees with theirs, or None; mst-seq's baseline itself
    does not count."""
    rs = [r for r in gr.runs() if graph_name(r) == g and r.get("solver") == solver and
          is_ok(r) and r.get(key) and not is_baseline_run(r) and not gr.shadowed(r) and
          same_msf(gr.base_of(r), r) == "same"]
    return min(rs, key=lambda r: r[key]) if rs else None


def config_label(r):
    """A run's configuration in a few characters: variant and threads, ranks or GPU."""
    return "%s %s" % (variant(r), short_where(r))


def paradigm_columns(gr):
    """Columns of the cross-paradigm table: (title, solver, time key), a GPU solver twice
    (with transfers, kernel only)."""
    cols = []
    for solver in gr.solvers():
        if parallelism(solver) == "gpu":
            if not kernel_only(gr, solver):
                cols.append((solver + ", with transfers", solver, "compute_s_median"))
            cols.append((solver + ", kernel only", solver, "kernel_s_median"))
        else:
            cols.append((solver, solver, "compute_s_median"))
    return cols


def paper_only(gr, g):
    """Whether every run on graph g belongs to a paper's experiment (its own table)."""
    return all(matrices.MATRICES.get(r.get("matrix"), {}).get("paper")
               for r in gr.runs() if graph_name(r) == g)


def paradigm_data(gr):
    """{(graph, column title): (speedup, run)} of each column's fastest run per graph, and
    {column title: geometric mean}; graphs without a baseline or that only a paper's
    experiment ran (papers_section) are left out."""
    cells, cols = {}, paradigm_columns(gr)
    for g in gr.graphs():
        if gr.baseline(g) is None or paper_only(gr, g):
            continue
        for title, solver, key in cols:
            r = best_runs(gr, g, solver, key)
            if r is not None:
                cells[(g, title)] = (gr.speedup(r, key), r)
    means = {title: geomean([cells[(g, title)][0] for g in gr.graphs() if (g, title) in cells])
             for title, _, _ in cols}
    return cells, means


def paradigm_section(gr, plots):
    """The opening's table: per graph, each solver's fastest configuration over Kruskal."""
    cells, means = paradigm_data(gr)
    if not cells:
        return []
    cols = [c for c in paradigm_columns(gr) if means[c[0]]]
    graphs = [g for g in gr.graphs() if any((g, c[0]) in cells for c in cols)]
    rows = []
    for g in graphs:
        row = [g, ms(gr.baseline(g)["compute_s_median"])]
        for title, _, _ in cols:
            if (g, title) in cells:
                x, r = cells[(g, title)]
                row.append("%s %s" % (fx(x), config_label(r)))
            else:
                row.append("-")
        rows.append(row)
    rows.append(["geometric mean", ""] + [fx(means[c[0]]) for c in cols])
    lines = ["Each solver's fastest configuration on each graph (its variant and threads, "
             "ranks or GPU beside the speedup) over `mst-seq --algo kruskal` on the same "
             "graph, machine and code; runs whose forest differs from Kruskal's do not "
             "count. mst-seq's column is its best variant other than Kruskal.", ""]
    lines += table(["graph", "mst-seq kruskal (ms)"] + [c[0] for c in cols], rows) + [""]
    if "paradigms" in plots:
        lines += ["![Speedup over mst-seq Kruskal per solver and graph](%s)" %
                  plots["paradigms"], ""]
    return lines


def end_to_end_section(gr):
    """The end-to-end table: per graph, Kruskal and each solver's fastest configuration:
    load, host-device transfers (GPU: with transfers minus kernel), compute (GPU: kernel) and
    their sum. matrices.LOAD_NOTE says what the load covers."""
    rows = []
    for g in gr.graphs():
        base = gr.baseline(g)
        if base is None or paper_only(gr, g):
            continue
        for r in [base] + [best_runs(gr, g, s) for s in gr.solvers()]:
            if r is None or r.get("load_s") is None:
                continue
            load, total = r["load_s"], r["compute_s_median"]
            kernel = r.get("kernel_s_median")
            rows.append([g, r["solver"], config_label(r), ms(load),
                         ms(total - kernel) if kernel else "-", ms(kernel or total),
                         ms(load + total), "%.0f%%" % (100 * load / (load + total))
                         if load + total > 0 else "-"])
    if not rows:
        return []
    return ["**End to end** (ms; %s):" % matrices.LOAD_NOTE, ""] + \
        table(["graph", "solver", "configuration", "load", "transfers", "compute",
               "end to end", "load share"], rows) + [""]


def readme_block(gr, scaling_line):
    """The README's results block: the opening machine's geometric means per solver, and the
    scaling study's line, wrapped at 100 columns."""
    import textwrap
    cells, means = paradigm_data(gr)
    peers = {r["solver"] for r in gr.runs() if "peer" in r}
    every = [c for c in paradigm_columns(gr) if means[c[0]]]
    cols = [t for t, solver, _ in every if solver not in peers]
    count = {c: sum(1 for _, t in cells if t == c) for c in cols}
    graphs = {g for g, t in cells if t in cols}
    text = ("%s: the speedup of each solver's fastest configuration per graph over `mst-seq` "
            "Kruskal on the same machine and code, as the geometric mean over the graphs it "
            "ran (how many of the %d, in brackets; [report/REPORT.md]"
            "(report/REPORT.md#across-paradigms)):" % (title_of(gr, False), len(graphs)))
    lines = [README_BEGIN] + textwrap.wrap(text, 100, break_on_hyphens=False) + [""]
    lines += table(["%s (%d)" % (c, count[c]) for c in cols],
                   [[fx(means[c]) for c in cols]]) + [""]
    # The peers beside the suite on the graphs they ran, by the columns that ran them all, so
    # that the means compare.
    shared = sorted({g for g, t in cells if any(t == c[0] and c[1] in peers for c in every)})
    both = [t for t, _, _ in every if all((g, t) in cells for g in shared)]
    if shared:
        text = "On the %d graph%s the peers ran ([docs/peers.md](docs/peers.md)): %s." % (
            len(shared), "s" if len(shared) > 1 else "", ", ".join("%s %s" % (t, fx(geomean([cells[(g, t)][0] for g in shared])))
                                   for t in both))
        lines += textwrap.wrap(text, 100, break_on_hyphens=False) + [""]
    if scaling_line:
        lines += textwrap.wrap(scaling_line, 100, break_on_hyphens=False) + [""]
    return "\n".join(lines + [README_END])


def write_readme(path, block):
    """Replaces the results block of the README at `path` (between README_BEGIN and
    README_END) by `block`; says so and changes nothing where the markers are missing."""
    with open(path) as f:
        text = f.read()
    i, j = text.find(README_BEGIN), text.find(README_END)
    if i < 0 or j < i:
        print("make_report: %s has no results block (%s ... %s): not updated" % (
            path, README_BEGIN, README_END), file=sys.stderr)
        return
    new = text[:i] + block + text[j + len(README_END):]
    if new != text:
        with open(path + ".tmp", "w") as f:
            f.write(new)
        os.replace(path + ".tmp", path)


# ---------------------------------------------------------------------------------------------
# The report


def machine_lines(gr):
    m = gr.machine
    hw = "%s, %s cores" % (m.get("cpu", "?"), m.get("cores", "?"))
    if m.get("memory_gib"):
        hw += ", %s GiB" % m["memory_gib"]
    if m.get("gpu"):
        hw += "; GPU %s (driver %s)" % (m["gpu"], m.get("gpu_driver", "?"))
    if m.get("os"):
        hw += "; %s" % m["os"]
    sw = "; ".join(x for x in (m.get("compiler"), m.get("nvcc"), m.get("mpirun")) if x)
    trials = sorted({r.get("trials") for r in gr.runs() if r.get("trials")})
    runs = []
    for path, (dates, code, n) in gr.paths():
        dates = sorted(dates - {""})
        code = "commit `%s`, sources `%s`" % code if code[0] != "file" else "code unknown"
        runs.append("`%s` (%s, %s: %d)" % (
            path, " to ".join([dates[0], dates[-1]] if len(dates) > 1 else dates) or
            "date unknown", code, n))
    out = ["- **Machine**: " + hw,
           "- **Software**: " + (sw or "?"),
           "- **Runs**: the latest of %d configurations, from %s; compute time is the median "
           "(and min) of %s timed trials after one warm-up, load and verification excluded "
           "(docs/design.md, Timing)" % (len(gr.runs()), ", ".join(runs),
                                         "/".join(str(t) for t in trials) or "?")]
    if any(code[0] == "file" for _, (_, code, _) in gr.paths()):
        out.append("- *Some runs were written by the first bench.py, which recorded neither "
                   "the date (the file name's is shown), the GPU nor the commit.*")
    if (m.get("cores") or 0) <= 4:
        out.append("- *This machine has %s cores: its parallel timings are not results "
                   "(docs/results.md).*" % m.get("cores", "?"))
    return out


# A machine's per-graph tables longer than this go to a page of their own, details/SLUG.md
# beside the report and linked from its section, so that the report stays one to read.
INLINE_BYTES = 16 * 1024

# Graphs per row of the opening's figure.
PER_ROW = 10


def group_report(gr, plots, opening, slug, pages):
    """Markdown lines of one machine; `plots` maps plot kinds to PNG paths (relative to the
    report) or is None when plots are not drawn; `opening`: the opening has its end-to-end
    table. The per-graph tables, and a GPU table of more than a quarter of that, go to a page of
    their own added to `pages` ({path relative to the report: text}) where they are too long
    to stay inline."""
    plots = plots or {}
    lines = machine_lines(gr) + [""]
    lines += summary_section(gr, plots)
    for solver in gr.solvers():
        lines += scaling_section(gr, solver, plots)
    gpu = gpu_section(gr, plots)
    moved = gpu if len("\n".join(gpu).encode()) > INLINE_BYTES // 4 else []
    lines += [] if moved else gpu
    lines += repeated_section(gr, plots)
    lines += papers_section(gr)
    lines += verifier_section(gr)
    if not opening:
        lines += end_to_end_section(gr)
    what = ("median and min compute time, speedup over mst-seq Kruskal, throughput, MSF "
            "weight and edges against the baseline, phases of the median trial (ms)")
    per_graph = [line for g in gr.graphs() for line in graph_section(gr, g, plots)]
    if not moved and len("\n".join(per_graph).encode()) <= INLINE_BYTES:
        return lines + ["**Per graph**: %s." % what, ""] + per_graph
    page = "details/%s.md" % slug
    # the plots' links, relative to the report, seen from details/
    text = [re.sub(r"\]\((?!https?:)", "](../", line) if line.startswith("![")
            else line for line in moved + ["**Per graph**: %s." % what, ""] + per_graph]
    pages[page] = "\n".join(["# %s: every run" % title_of(gr), "",
                             "Part of [the benchmark report](../REPORT.md).", ""] +
                            text).rstrip() + "\n"
    return lines + ["**%s** (%s): [%s](%s), %d graphs." % (
        "GPU kernel vs transfers of every variant, and per graph" if moved else "Per graph",
        what, page, page, len(gr.graphs())), ""]


def papers_section(gr):
    """One table per paper's experiment (matrices with a "paper") that ran on this machine: a
    row per configuration, a column per graph, each cell the median time, the speedup over
    mst-seq Kruskal and, beside a run at 1 thread or rank, the efficiency (self-speedup / count;
    Sousa et al. 2015, Table III)."""
    lines = []
    for name, mx in matrices.MATRICES.items():
        rs = [r for r in gr.runs() if r.get("matrix") == name and not gr.shadowed(r)]
        if "paper" not in mx or not rs:
            continue
        graphs = [g for g in gr.graphs() if any(graph_name(r) == g for r in rs)]
        cells = {}      # (solver, variant, where) -> graph -> run, in the runs' order
        for r in rs:
            cells.setdefault((r.get("solver"), variant(r), where(r)), {})[graph_name(r)] = r
        rows = []
        for key, by_graph in cells.items():
            row = [key[0], key[1], key[2]]
            for g in graphs:
                r = by_graph.get(g)
                if r is None or not is_ok(r):
                    row.append("-" if r is None else r.get("status", "?"))
                    continue
                cell = "%s ms, %s" % (short_ms(1000 * r["compute_s_median"]),
                                      fx(gr.speedup(r)))
                c = count_key(r.get("solver"))
                one = gr.find(g, r.get("solver"), variant(r), **{c: 1}) \
                    if parallelism(r.get("solver")) in ("threads", "ranks") else None
                if one is not None and (r.get(c) or 1) > 1 and is_ok(one):
                    cell += ", eff. %.0f%%" % (100 * one["compute_s_median"] /
                                               r["compute_s_median"] / r[c])
                row.append(cell)
            rows.append(row)
        lines += ["### %s" % mx["paper"], "",
                  "`make bench MATRIX=%s`: median compute time, speedup over mst-seq Kruskal "
                  "on the same graph, efficiency at several threads or ranks:" % name, ""]
        lines += table(["solver", "variant", "where"] + graphs, rows) + [""]
    return lines


def verifier_section(gr):
    """The certifying verifier's time (matrix "verify": every run verifies, on the solver's
    threads) beside the run's compute time, both over the Kruskal run of that matrix on the
    same graph and code."""
    runs = [rp for rp in gr.verifier.values() if is_ok(rp[0])]
    base = {(graph_name(r), code_key(r, path)): r for r, path in runs if is_baseline_run(r)}
    rows, files = [], []
    for r, path in runs:
        b = base.get((graph_name(r), code_key(r, path)))
        if r.get("verify_s") and b:
            k = b["compute_s_median"]
            rows.append([graph_name(r), "%s %s" % (r["solver"], config_label(r)),
                         "%.3f s (%.2fx)" % (r["compute_s_median"], r["compute_s_median"] / k),
                         "%.3f s (%.2fx)" % (r["verify_s"], r["verify_s"] / k)])
            files += [] if path in files else [path]
    if not rows:
        return []
    return ["**Verification** over Kruskal's compute time (`make bench MATRIX=verify`, %s):" %
            ", ".join("`%s`" % os.path.relpath(f, ROOT) for f in files), ""] + \
        table(["graph", "run", "compute", "verify"], rows) + [""]


def summary_section(gr, plots):
    """The summary table: per graph, each headline column's speedup and the fastest run."""
    cols = headlines(gr)
    head = ["graph", "n", "m", "mst-seq kruskal (ms)"] + [c[0] for c in cols] + ["fastest"]
    rows, per_col = [], [[] for _ in cols]
    for g in gr.graphs():
        base = gr.baseline(g)
        any_r = base or next(r for r in gr.runs() if graph_name(r) == g)
        row = [g, "{:,}".format(any_r["n"]) if any_r.get("n") is not None else "-",
               "{:,}".format(any_r["m"]) if any_r.get("m") is not None else "-",
               ms(base["compute_s_median"]) if base else "-"]
        for i, (title, fn) in enumerate(cols):
            r, key = fn(g)
            s = gr.speedup(r, key)
            per_col[i].append(s)
            row.append(fx(s))
        f = fastest(gr, g)
        row.append("%s %s %s, %s ms" % (f["solver"], variant(f), short_where(f),
                                        ms(f["compute_s_median"])) if f else "-")
        rows.append(row)
    if len(rows) > 1:
        rows.append(["geometric mean", "", "", ""] + [fx(geomean(c)) for c in per_col] + [""])
    lines = ["Speedup over `mst-seq --algo kruskal` on the same graph, machine and code "
             "(higher is better):", ""]
    lines += table(head, rows) + [""]
    for kind, caption in (("speedup", "Speedup over mst-seq Kruskal"),
                          ("throughput", "Throughput (millions of edges per second)")):
        if kind in plots:
            lines += ["![%s](%s)" % (caption, plots[kind]), ""]
    return lines


def scaling_section(gr, solver, plots):
    """The self-speedup table of `solver`'s scaling series (none if it has none): per graph,
    time at 1 thread or rank over time at each count."""
    sc = gr.scaling(solver)
    if not sc:
        return []
    v, key = sc
    counts = sorted({r.get(key) or 1 for r in gr.runs()
                     if r.get("solver") == solver and variant(r) == v and is_ok(r) and
                     not gr.shadowed(r)})
    lines = ["**%s self-speedup** (`%s`, time at 1 %s over time at p; ms in "
             "parentheses):" % (solver, v, key[:-1]), ""]
    rows = []
    for g in gr.graphs():
        one = gr.find(g, solver, v, **{key: 1})
        row = [g]
        for c in counts:
            r = gr.find(g, solver, v, **{key: c})
            if r is None or not is_ok(r):
                row.append("-" if r is None else r.get("status", "?"))
            else:
                s = one["compute_s_median"] / r["compute_s_median"] if one and is_ok(one) \
                    else None
                row.append("%s (%s)" % (fx(s), ms(r["compute_s_median"])))
        if len(row) > 1 and any(c != "-" for c in row[1:]):
            rows.append(row)
    lines += table(["graph"] + ["%d %s" % (c, key if c > 1 else key[:-1]) for c in counts],
                   rows) + [""]
    if (solver + "-scaling") in plots:
        lines += ["![%s self-speedup](%s)" % (solver, plots[solver + "-scaling"]), ""]
    return lines


def gpu_runs(gr):
    """The group's successful runs of GPU solvers that report a kernel time, in run order."""
    return [r for r in gr.runs() if parallelism(r.get("solver")) == "gpu" and is_ok(r)
            and r.get("kernel_s_median") and not gr.shadowed(r)]


def gpu_section(gr, plots):
    """The GPU table: per graph and variant, kernel time against time with transfers."""
    gpu = gpu_runs(gr)
    if not gpu:
        return []
    names = sorted({r["solver"] for r in gpu}, key=solvers.solver_rank)
    lines = ["**%s: kernel only (graph already on the GPU) vs with host-device "
             "transfers** (ms; speedups over mst-seq Kruskal):" % ", ".join(names), ""]
    rows = []
    for g in gr.graphs():
        for r in gpu:
            if graph_name(r) == g and not paper_only(gr, g):
                k, t = r["kernel_s_median"], r["compute_s_median"]
                label = variant(r) if len(names) == 1 else "%s %s" % (r["solver"], variant(r))
                if r.get("kernel_only"):
                    rows.append([g, label, ms(k), "-", "-", fx(gr.speedup(r, "kernel_s_median")),
                                 "-", medges(r, "kernel_s_median"), "-"])
                    continue
                rows.append([g, label, ms(k), ms(t), "%.0f%%" % (100 * (t - k) / t),
                             fx(gr.speedup(r, "kernel_s_median")), fx(gr.speedup(r)),
                             medges(r, "kernel_s_median"), medges(r)])
    lines += table(["graph", "variant", "kernel (ms)", "with transfers (ms)",
                    "transfer share", "speedup, kernel", "speedup, with transfers",
                    "Medges/s, kernel", "Medges/s, with transfers"], rows) + [""]
    if "gpu" in plots:
        lines += ["![GPU kernel vs transfers](%s)" % plots["gpu"], ""]
    return lines


def graph_description(r):
    """n, m, components and weights of the graph of record r, in words."""
    desc = []
    if r.get("n") is not None:
        desc.append("n = {:,}".format(r["n"]))
    if r.get("m") is not None:
        desc.append("m = {:,}".format(r["m"]))
    if r.get("components") is not None:
        desc.append("{:,} component{}".format(r["components"],
                                              "" if r["components"] == 1 else "s"))
    if r.get("weight_type"):
        w = "%s weights" % r["weight_type"]
        if r.get("weights") == "random":
            w += " (random, seed %s)" % r.get("seed", "?")
        desc.append(w)
    return ", ".join(desc)


def graph_section(gr, g, plots):
    """The table of every run on graph g: times, speedup, throughput, MSF agreement, phases."""
    base = gr.baseline(g)
    any_r = base or next(r for r in gr.runs() if graph_name(r) == g)
    lines = ["*%s*: %s" % (g, graph_description(any_r)), ""]
    rows = []
    for r in gr.sorted_rows(g):
        if not is_ok(r):
            why = r.get("status", "failed")
            if why == "timeout" and r.get("timeout_s"):
                why = "timeout (> %g s)" % r["timeout_s"]
            elif r.get("error"):
                why += ": " + r["error"]
            rows.append([r.get("solver"), variant(r), where(r), why, "-", "-", "-", "-", ""])
            continue
        rows.append([r["solver"], variant(r), where(r), ms(r["compute_s_median"]),
                     ms(r.get("compute_s_min")), fx(gr.speedup(r)), medges(r),
                     same_msf(gr.base_of(r), r), phases_text(r)])
        if r.get("kernel_s_median"):
            rows.append([r["solver"], variant(r) + ", kernel only", where(r),
                         ms(r["kernel_s_median"]), ms(r.get("kernel_s_min")),
                         fx(gr.speedup(r, "kernel_s_median")),
                         medges(r, "kernel_s_median"), "", ""])
    lines += table(["solver", "variant", "threads / ranks / device", "median (ms)",
                    "min (ms)", "speedup", "Medges/s", "MSF", "phases (ms)"], rows) + [""]
    lines += rounds_section(gr, g)
    if ("phases", g) in plots:
        lines += ["![phases on %s](%s)" % (g, plots[("phases", g)]), ""]
    return lines


def title_of(gr, with_solvers=True):
    m = gr.machine
    dates = sorted(gr.dates)
    t = "%s: %s, %s cores" % (dates[-1][:10] if dates else "undated", m.get("cpu", "?"),
                              m.get("cores", "?"))
    if m.get("gpu"):
        t += ", " + m["gpu"]
    return t + (" (%s)" % ", ".join(gr.solvers()) if with_solvers else "")


def slugs(groups):
    """The plot names' prefix of each machine, the same from run to run so that a new run
    rewrites its plots in place: the GPU's model (else "cpu") and the cores, as h100-16c."""
    out, used = [], {}
    for gr in groups:
        model = re.search(r"\b[A-Z]+[0-9]+[A-Za-z]*\b", gr.machine.get("gpu") or "")
        s = "%s-%sc" % (model.group(0).lower() if model else "cpu", gr.machine.get("cores", 0))
        used[s] = used.get(s, 0) + 1
        out.append(s if used[s] == 1 else "%s-%d" % (s, used[s]))
    return out


def opening_group(groups):
    """The machine of the opening: the most solvers, then the newest."""
    return max(groups, key=lambda gr: (len(gr.solvers()), max(gr.dates) if gr.dates else ""))


def missing_solvers(groups):
    """Solvers of the Makefile's SOLVER_LIST with sources in the repository but no results in
    any group."""
    seen = {r.get("solver") for gr in groups for r in gr.runs() if is_ok(r)}
    return [solver for solver, d, _ in solvers.solver_list(ROOT) if solver not in seen and
            glob.glob(os.path.join(ROOT, d, "*.c")) + glob.glob(os.path.join(ROOT, d, "*.cu"))]


def render(groups, plot_paths, notes, scaling_text, pages):
    """The report's Markdown: the opening, one section per machine, the scaling study; the
    pages of per-graph tables that do not stay inline go into `pages`."""
    main = opening_group(groups)
    lines = ["# mst-suite benchmark report", "",
             "Generated by `make report` (`report/make_report.py`) from the JSON lines of "
             "`make bench` (`report/bench.py`, matrices in `report/matrices.py`); "
             "`report/device.sh` runs both on the device machine. One section per machine, "
             "with the latest run of each configuration (earlier runs are in git's history). "
             "Every speedup is over `mst-seq --algo kruskal` measured on the same graph, "
             "machine and code; throughput is m / compute time; error bars run from the "
             "median trial to the fastest. Each plot is also written as a PDF, in `pdf/` beside "
             "this report. "
             "Sections:", "",
             "- [Across paradigms](#across-paradigms)"]
    for i, gr in enumerate(groups, 1):
        lines.append("%d. [%s](#%d-%s)" % (i, title_of(gr), i, anchor(title_of(gr))))
    if scaling_text:
        lines.append("- [%s](#%s)" % (scaling.TITLE, anchor(scaling.TITLE)))
    lines.append("")
    missing = missing_solvers(groups)
    if missing:
        lines += ["*Not measured yet in these results: %s (their sources exist; "
                  "`report/device.sh` runs every built solver).*" % ", ".join(
                      "`%s`" % s for s in missing), ""]
    lines += notes
    main_plots = plot_paths.get(id(main)) or {}
    lines += ["## Across paradigms", "", "*%s*" % title_of(main), ""]
    lines += paradigm_section(main, main_plots)
    lines += end_to_end_section(main)
    for i, (gr, slug) in enumerate(zip(groups, slugs(groups)), 1):
        lines += ["## %d. %s" % (i, title_of(gr)), ""]
        lines += group_report(gr, plot_paths.get(id(gr)), gr is main, slug, pages)
    if scaling_text:
        lines += ["## " + scaling.TITLE, "", scaling_text]
    return "\n".join(lines).rstrip() + "\n"


def anchor(title):
    a = re.sub(r"[^\w\- ]", "", title.lower()).replace(" ", "-")
    return a


# ---------------------------------------------------------------------------------------------
# Plots


def draw_plots(groups, plot_dir, report_dir):
    """Draws every machine's plots into plot_dir; returns {id(group): {kind: path relative to
    report_dir}} and the Plotter (its `written` list). Raises ImportError without
    matplotlib."""
    p = Plotter(plot_dir, report_dir)
    out = {}
    main = opening_group(groups)
    for gr, slug in zip(groups, slugs(groups)):
        mine = out.setdefault(id(gr), {})
        if gr is main:
            p.paradigms(gr, mine)
        for kind in ("speedup", "throughput"):
            p.bars(gr, slug, kind, mine)
        for solver in gr.solvers():
            p.scaling(gr, slug, solver, mine)
        for g in gr.graphs():
            p.phases(gr, slug, g, mine)
            p.cumulative(gr, slug, g, mine)
        p.gpu(gr, slug, mine)
    return out, p


class Plotter:
    """The plots of the report (matplotlib, Agg). Each method draws one plot of a machine into
    plot_dir/SLUG-NAME.png and pdf/SLUG-NAME.pdf beside the report and records the PNG's path
    under its kind in `mine`, or draws nothing when the machine has no data for it."""

    def __init__(self, plot_dir, report_dir):
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
        import matplotlib.ticker
        self.plt, self.ticker = plt, matplotlib.ticker
        self.plot_dir, self.report_dir = plot_dir, report_dir
        self.pdf_dir = os.path.join(report_dir, "pdf")
        os.makedirs(plot_dir, exist_ok=True)
        os.makedirs(self.pdf_dir, exist_ok=True)
        # distinct colours for the phases of one plot, in order of appearance: tab10's,
        # tab20's light shades, tab20b's and tab20c's, 54 in all; no greys (grey is the
        # unaccounted rest)
        cmap = plt.get_cmap
        self.palette = [c for i, c in enumerate(cmap("tab10").colors) if i != 7] + \
            [c for i, c in enumerate(cmap("tab20").colors) if i % 2 and i != 15] + \
            list(cmap("tab20b").colors) + list(cmap("tab20c").colors[:16])
        self.written = []

    def save(self, fig, name):
        """Writes fig as NAME.png and pdf/NAME.pdf; returns the PNG's path relative to the
        report."""
        name = re.sub(r"[^A-Za-z0-9_.-]", "-", name)
        png, pdf = os.path.join(self.plot_dir, name + ".png"), os.path.join(self.pdf_dir,
                                                                            name + ".pdf")
        for path in (png, pdf):
            fig.savefig(path, dpi=110, bbox_inches="tight")
            self.written.append(path)
        self.plt.close(fig)
        return os.path.relpath(png, self.report_dir)

    def plain_numbers(self, axis):
        axis.set_major_formatter(self.ticker.FuncFormatter(lambda y, _: "%g" % y))

    @staticmethod
    def legend(ax, source=None):
        """A legend beside the axes, where it covers nothing, of the labelled artists of
        `source` (default: the same axes)."""
        handles, labels = (source or ax).get_legend_handles_labels()
        ax.legend(handles, labels, loc="upper left", bbox_to_anchor=(1.01, 1.0),
                  borderaxespad=0.0, fontsize=7, frameon=False)

    def grouped_bars(self, ax, labels, series, fmt, log):
        """Bars of each (title, [(value, best, worst) or None per label]) series side by side
        per label, with an error bar from worst to best (the slowest and the fastest trial;
        worst may be None in results older than compute_s_max) and the value above each bar
        while they fit."""
        width = 0.8 / max(1, len(series))
        for i, (title, vals) in enumerate(series):
            xs = [j + (i - (len(series) - 1) / 2) * width for j, v in enumerate(vals) if v]
            ys = [v[0] for v in vals if v]
            up = [max(0.0, v[1] - v[0]) for v in vals if v]
            down = [max(0.0, v[0] - v[2]) if v[2] else 0.0 for v in vals if v]
            bars = ax.bar(xs, ys, width, label=title, color=self.palette[i % len(self.palette)],
                          yerr=[down, up], error_kw={"lw": 0.8, "capsize": 1.5})
            if len(series) * len(labels) <= 40:
                ax.bar_label(bars, labels=[fmt % y for y in ys], fontsize=6, padding=2)
        ax.set_xticks(range(len(labels)))
        ax.set_xticklabels(labels, rotation=30, ha="right")
        ax.set_xlim(-0.6, len(labels) - 0.4)
        top = max(v[1] for _, vals in series for v in vals if v)
        if log:
            ax.set_yscale("log")
            self.plain_numbers(ax.yaxis)
            ax.set_ylim(top=top * 2.5)       # room for the labels above the bars
        else:
            ax.set_ylim(0, top * 1.15)

    def paradigms(self, gr, mine):
        """The opening's figure: per graph, each solver's fastest configuration over
        Kruskal."""
        cells, means = paradigm_data(gr)
        cols = [c for c in paradigm_columns(gr) if means[c[0]]]
        graphs = [g for g in gr.graphs() if any((g, c[0]) in cells for c in cols)]
        if not graphs:
            return
        series = []
        for title, _, key in cols:
            vals = []
            for g in graphs:
                if (g, title) in cells:
                    x, r = cells[(g, title)]
                    best = speedup(gr.base_of(r), r, key.replace("median", "min")) or x
                    vals.append((x, best, speedup(gr.base_of(r), r, key.replace("median", "max"))))
                else:
                    vals.append(None)
            series.append((title, vals))
        present = [v[0] for _, vals in series for v in vals if v]
        log = max(present) / min(present) > 20
        # rows of at most PER_ROW graphs, one y axis, so that the figure stays readable
        rows = -(-len(graphs) // PER_ROW)
        width = min(len(graphs), PER_ROW)
        fig, axes = self.plt.subplots(rows, 1, sharey=True, squeeze=False,
                                      figsize=(max(6, 1.1 * width + 2), 1.2 + 3.4 * rows))
        fig.subplots_adjust(hspace=0.55)
        for i, ax in enumerate(axes[:, 0]):
            part = slice(i * PER_ROW, (i + 1) * PER_ROW)
            self.grouped_bars(ax, graphs[part], [(t, vals[part]) for t, vals in series],
                              "%.2g", log)
            ax.axhline(1.0, color="black", lw=0.8, ls="--")
            ax.grid(axis="y", which="both", alpha=0.3)
        fig.supylabel("speedup over mst-seq Kruskal (x%s)" % (", log scale" if log else ""),
                      fontsize=10)
        top = max(v[1] for _, vals in series for v in vals if v)
        if log:
            axes[0, 0].set_ylim(min(min(present), 1.0) / 2, top * 2.5)
        else:
            axes[0, 0].set_ylim(0, top * 1.15)
        axes[0, 0].set_title("Each solver's fastest configuration: %s" % title_of(gr),
                             fontsize=9)
        # one legend for the rows: each series' first bars, in the series' order
        found = {}
        for ax in axes[:, 0]:
            for h, t in zip(*ax.get_legend_handles_labels()):
                if len(h) and t not in found:
                    found[t] = h
        titles = [t for t, _ in series if t in found]
        axes[0, 0].legend([found[t] for t in titles], titles, loc="upper left",
                          bbox_to_anchor=(1.01, 1.0), borderaxespad=0.0, fontsize=7,
                          frameon=False)
        mine["paradigms"] = self.save(fig, "paradigms")

    def bars(self, gr, slug, kind, mine):
        """Speedup ("speedup") or throughput ("throughput") of the summary's columns, bars
        per graph."""
        graphs = gr.graphs()
        series = ([] if kind == "speedup" else
                  [("mst-seq kruskal", lambda g: (gr.baseline(g), "compute_s_median"))])
        series += headlines(gr)
        vals = []
        for title, fn in series:
            row = []
            for g in graphs:
                r, key = fn(g)
                fast, slow = key.replace("median", "min"), key.replace("median", "max")
                if kind == "speedup":
                    x = gr.speedup(r, key)
                    row.append((x, gr.speedup(r, fast) or x, gr.speedup(r, slow)) if x else None)
                elif r is not None and is_ok(r) and r.get(key) and r.get("m"):
                    x = r["m"] / r[key] / 1e6
                    row.append((x, r["m"] / r[fast] / 1e6 if r.get(fast) else x,
                                r["m"] / r[slow] / 1e6 if r.get(slow) else None))
                else:
                    row.append(None)
            vals.append((title, row))
        present = [v[0] for _, row in vals for v in row if v]
        if not present:
            return
        fig, ax = self.plt.subplots(figsize=(max(6, 1.2 * len(graphs) + 2), 4.2))
        log = max(present) / min(present) > 20
        self.grouped_bars(ax, graphs, vals, "%.2fx" if kind == "speedup" else "%.0f", log)
        scale = ", log scale" if log else ""
        if kind == "speedup":
            ax.axhline(1.0, color="black", lw=0.8, ls="--")
            ax.set_ylabel("speedup over mst-seq Kruskal (x%s)" % scale)
        else:
            ax.set_ylabel("throughput (millions of edges per second%s)" % scale)
        ax.set_title("%s: %s" % (kind, title_of(gr)), fontsize=9)
        self.legend(ax)
        ax.grid(axis="y", which="both", alpha=0.3)
        mine[kind] = self.save(fig, "%s-%s" % (slug, kind))

    def scaling(self, gr, slug, solver, mine):
        """Self-speedup curves of `solver`'s scaling series, one per graph, and the ideal."""
        sc = gr.scaling(solver)
        if not sc:
            return
        v, key = sc
        fig, ax = self.plt.subplots(figsize=(6, 4.5))
        top = 1
        for i, g in enumerate(gr.graphs()):
            pts = sorted((r.get(key) or 1, r["compute_s_median"], r.get("compute_s_min"))
                         for r in gr.runs() if graph_name(r) == g and
                         r.get("solver") == solver and variant(r) == v and is_ok(r) and
                         not gr.shadowed(r))
            one = [t for c, t, _ in pts if c == 1]
            if not one or len(pts) < 2:
                continue
            ys = [one[0] / t for _, t, _ in pts]
            up = [max(0.0, one[0] / f - y) if f else 0.0 for (_, _, f), y in zip(pts, ys)]
            ax.errorbar([c for c, _, _ in pts], ys, yerr=[[0.0] * len(up), up], marker="o",
                        ms=4, capsize=2, lw=1.2, label=g,
                        color=self.palette[i % len(self.palette)])
            top = max(top, pts[-1][0])
        ax.plot([1, top], [1, top], color="black", ls="--", lw=1, label="ideal")
        ax.set_xscale("log", base=2)
        ax.set_yscale("log", base=2)
        for axis in (ax.xaxis, ax.yaxis):
            self.plain_numbers(axis)
        ax.set_xlabel(key)
        ax.set_ylabel("self-speedup: time at 1 %s / time at p (x)" % key[:-1])
        ax.set_title("%s %s self-speedup: %s" % (solver, v, title_of(gr)), fontsize=9)
        self.legend(ax)
        ax.grid(which="both", alpha=0.3)
        mine[solver + "-scaling"] = self.save(
            fig, "%s-%s-scaling" % (slug, solvers.short_name(solver)))

    def phases(self, gr, slug, g, mine):
        """Per-phase bars of every run on graph g (at least five with phases): stacked
        milliseconds on the left, the phases' shares of each run on the right."""
        rs = [r for r in gr.sorted_rows(g) if is_ok(r) and phase_items(r)]
        if len(rs) < 5:     # the table's phases column says enough
            return
        fig, (ax, share) = self.plt.subplots(
            1, 2, figsize=(11, 0.3 * len(rs) + 1.8), sharey=True,
            gridspec_kw={"width_ratios": [3, 2]})
        colors, labels = {}, []
        for i, r in enumerate(rs):
            total = 1e3 * r["compute_s_median"]
            items = [(k, 1e3 * v) for k, v in phase_items(r)]
            rest = total - sum(v for _, v in items)
            if rest > 0.02 * total:
                items.append(("other", rest))
            whole = sum(v for _, v in items) or 1.0
            left = left_share = 0.0
            for k, v in items:
                new = k not in colors
                if new:     # grey for the unaccounted rest
                    colors[k] = "#bbbbbb" if k == "other" else self.palette[
                        len([c for c in colors if c != "other"]) % len(self.palette)]
                ax.barh(i, v, left=left, color=colors[k], label=k if new else None)
                share.barh(i, 100 * v / whole, left=left_share, color=colors[k])
                left += v
                left_share += 100 * v / whole
            ax.text(max(left, total), i, " %s" % short_ms(total), va="center", fontsize=6)
            labels.append("%s %s %s%s" % (solvers.short_name(r["solver"]), variant(r),
                                          short_where(r), " rounds" if r.get("rounds_s")
                                          else ""))
        ax.set_yticks(range(len(rs)))
        ax.set_yticklabels(labels, fontsize=7)
        ax.invert_yaxis()
        ax.set_xlim(0, 1.15 * max(1e3 * r["compute_s_median"] for r in rs))
        ax.set_xlabel("time (ms, median trial)")
        share.set_xlim(0, 100)
        share.set_xlabel("share of the run's phases (%)")
        ax.set_title("phases on %s: %s" % (g, title_of(gr)), fontsize=9, loc="left")
        self.legend(share, ax)
        for a in (ax, share):
            a.grid(axis="x", alpha=0.3)
        mine[("phases", g)] = self.save(fig, "%s-phases-%s" % (slug, g))

    def cumulative(self, gr, slug, g, mine):
        """Cumulative time over the rounds of every --rounds run on graph g (Ma and Wan's
        Figure 9): setup at round 0, then each round's time; dashed, the graph's best one-shot
        time per round."""
        rs = repeated_runs(gr, g)
        if not rs:
            return
        fig, ax = self.plt.subplots(figsize=(7, 4.5))
        rounds = max(len(r["rounds_s"]) for r in rs)
        for i, r in enumerate(rs):
            ys = [1e3 * (r.get("setup_s") or 0.0)] + [1e3 * c for c in r["cumulative_s"]]
            ax.plot(range(len(ys)), ys, marker="o" if r.get("prepared") else ".",
                    ls="-" if r.get("prepared") else ":", ms=3,
                    color=self.palette[i % len(self.palette)],
                    label="%s %s %s%s" % (solvers.short_name(r["solver"]), variant(r),
                                          short_where(r), "" if r.get("prepared")
                                          else " (one-shot)"))
        one = min(rs, key=lambda r: r["oneshot_s"])
        ax.plot([0, rounds], [0, 1e3 * rounds * one["oneshot_s"]], color="black", ls="--",
                lw=1, label="best one-shot x rounds (%s %s)" % (
                    solvers.short_name(one["solver"]), variant(one)))
        ax.xaxis.set_major_locator(self.ticker.MaxNLocator(integer=True))
        ax.set_xlabel("MST rounds")
        ax.set_ylabel("cumulative time: setup + rounds (ms)")
        ax.set_title("repeated MSF on %s: %s" % (g, title_of(gr)), fontsize=9)
        self.legend(ax)
        ax.grid(alpha=0.3)
        mine[("cumulative", g)] = self.save(fig, "%s-cumulative-%s" % (slug, g))

    def gpu(self, gr, slug, mine):
        """Kernel only against with transfers, per graph, of the first GPU solver's first
        run on each graph, with the baseline's time."""
        runs = gpu_runs(gr)
        if not runs:
            return
        solver = min({r["solver"] for r in runs}, key=solvers.solver_rank)
        runs = [r for r in runs if r["solver"] == solver]
        gl = [g for g in gr.graphs() if any(graph_name(r) == g for r in runs)]
        firsts = [next(r for r in runs if graph_name(r) == g) for g in gl]
        series = [(lab, [(1e3 * r[key], 1e3 * (r.get(key.replace("median", "min")) or r[key]))
                         for r in firsts])
                  for key, lab in (("kernel_s_median", "kernel only"),
                                   ("compute_s_median", "with transfers"))]
        fig, ax = self.plt.subplots(figsize=(max(6, 1.1 * len(gl) + 2), 4.2))
        width = 0.4
        for i, (lab, vals) in enumerate(series):
            ys = [v for v, _ in vals]
            down = [v - f for v, f in vals]
            ax.bar([j + (i - 0.5) * width for j in range(len(gl))], ys, width, label=lab,
                   color=self.palette[i], yerr=[down, [0.0] * len(down)],
                   error_kw={"lw": 0.8, "capsize": 1.5})
        base_y = [1e3 * gr.baseline(g)["compute_s_median"] if gr.baseline(g) else None
                  for g in gl]
        ax.scatter([j for j, y in enumerate(base_y) if y], [y for y in base_y if y],
                   marker="_", s=400, color="black", label="mst-seq Kruskal", zorder=3)
        ax.set_xticks(range(len(gl)))
        ax.set_xticklabels(gl, rotation=30, ha="right")
        ax.set_xlim(-0.7, len(gl) - 0.3)
        ax.set_yscale("log")
        self.plain_numbers(ax.yaxis)
        ax.set_ylabel("time (ms, log scale)")
        ax.set_title("%s %s: %s" % (solver, variant(firsts[0]), title_of(gr)), fontsize=9)
        self.legend(ax)
        ax.grid(axis="y", which="both", alpha=0.3)
        mine["gpu"] = self.save(fig, "%s-gpu" % slug)


def linked_files(report, report_dir, pdf_dir):
    """The files that the report at `report` (in report_dir) links and make_report wrote: its
    plots (PNG, with their PDF in pdf_dir) and pages of per-graph tables, and the plots those
    pages link; absolute paths; none if it does not exist."""
    try:
        with open(report) as f:
            text = f.read()
    except OSError:
        return set()
    out = set()
    for link in re.findall(r"\]\((details/[^)\s]+\.md)\)", text):
        page = os.path.normpath(os.path.join(report_dir, link))
        out |= {page} | linked_files(page, os.path.dirname(page), pdf_dir)
    for link in re.findall(r"!\[[^\]]*\]\(([^)\s]+\.png)\)", text):
        path = os.path.normpath(os.path.join(report_dir, link))
        out |= {path, os.path.join(pdf_dir, os.path.basename(path)[:-4] + ".pdf")}
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("results", nargs="*", help="results files (default: the repository's, "
                                               "report/results/*.jsonl)")
    ap.add_argument("--out", help="the report (default report/REPORT.md for the repository's "
                                  "results, else report/local/REPORT.md)")
    ap.add_argument("--plots", help="plot folder (default: plots/ beside --out)")
    ap.add_argument("--no-plots", action="store_true")
    ap.add_argument("--readme", help="README whose results block to rewrite (default "
                                     "README.md for the repository's results, else none)")
    a = ap.parse_args()
    own = bool(a.results)
    paths = a.results or sorted(glob.glob(os.path.join(ROOT, "report", "results", "*.jsonl")))
    out = a.out or os.path.join(ROOT, "report", "local" if own else "", "REPORT.md")
    readme = a.readme or (None if own else os.path.join(ROOT, "README.md"))
    if not paths:
        print("make_report: no results files (run make bench)", file=sys.stderr)
        return 1
    loaded, logs = load(paths)
    if not loaded:
        print("make_report: no results in %s" % ", ".join(paths), file=sys.stderr)
        return 1
    loaded = [(os.path.relpath(p, ROOT) if os.path.abspath(p).startswith(ROOT + os.sep)
               else p, r) for p, r in loaded]
    learn_parallelism([r for _, r in loaded], solvers.Catalog(os.path.join(ROOT, "bin")))
    groups = group_records(loaded)
    report_dir = os.path.dirname(os.path.abspath(out))
    plot_dir = a.plots or os.path.join(report_dir, "plots")
    os.makedirs(report_dir, exist_ok=True)
    old_files = linked_files(out, report_dir, os.path.join(report_dir, "pdf"))
    notes, plot_paths, written = [], {}, []
    draw = not a.no_plots
    if draw:
        try:
            plot_paths, plotter = draw_plots(groups, plot_dir, report_dir)
            written = plotter.written
        except ImportError as e:
            draw = False
            msg = "plots skipped: %s (%s has no matplotlib; install python3-matplotlib)" % (
                e, sys.executable)
            print("make_report: " + msg, file=sys.stderr)
            notes = ["*%s*" % msg, ""]
    scaling_text, scaling_line = "", ""
    if logs:
        scaling_text, scaling_line, files = scaling.section(
            logs, ROOT, report_dir, plot_dir if draw else None, os.path.join(report_dir, "pdf"))
        written += files
    pages = {}
    text = render(groups, plot_paths, notes, scaling_text, pages)
    for page, body in list(pages.items()) + [(os.path.basename(out), text)]:
        path = os.path.join(report_dir, page)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path + ".tmp", "w") as f:
            f.write(body)
        os.replace(path + ".tmp", path)
        written.append(path)
    for stale in old_files - {os.path.normpath(os.path.abspath(w)) for w in written}:
        if os.path.isfile(stale):
            os.remove(stale)
    if readme:
        write_readme(readme, readme_block(opening_group(groups), scaling_line))
    print("make_report: %s (%d machine(s), %d runs, %d KB, %d plots, %d pages of details)" % (
        os.path.relpath(out), len(groups), sum(len(g.records) for g in groups),
        len(text.encode()) // 1024, sum(w.endswith(".png") for w in written), len(pages)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
