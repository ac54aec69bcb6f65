#!/usr/bin/python3
"""Turns benchmark results (JSON lines of report/bench.py) into report/REPORT.md and PNG plots.

Results are grouped by machine (CPU, cores, GPU) and code (commit and source hash; lines
without a source hash, written before bench.py recorded one, also by results file):
speedups are taken against the mst-seq Kruskal run on the same graph in the same group, never
across machines or code versions. Within a group the last line of a configuration wins (a rerun
replaces it). For each group, newest first:
  - the machine, software, code and date;
  - a summary: speedup of each solver's headline configuration over mst-seq Kruskal per graph
    (a scaling solver's series at its most threads/ranks; a GPU solver's default variant with
    and without transfers; every variant of the others), with the geometric mean;
  - one table per graph: median and min compute time, speedup, throughput (millions of edges
    per second), MSF agreement with the baseline, phases;
  - self-speedup tables of the solvers that scale with threads or ranks; GPU kernel vs
    transfers;
  - repeated MSF (--rounds runs): one-shot time, setup, median round and break-even per run,
    and the best prepared path against the best one-shot one per graph;
  - plots (matplotlib, Agg): speedup and throughput per solver and graph, self-speedup curves
    with the ideal line, stacked per-phase bars per graph, GPU kernel-only vs with transfers,
    and the cumulative time over the rounds of --rounds runs.
Without matplotlib the tables are written and the plots are skipped with a note.
Solvers are ordered as the Makefile's SOLVER_LIST; whether one scales with threads or ranks or
runs on a GPU comes from its results lines, else from its --describe (report/solvers.py).

usage: report/make_report.py [--out report/REPORT.md] [--plots report/plots] [--no-plots]
                             [RESULTS.jsonl ...]   (default: report/results/*.jsonl)
"""
import argparse
import glob
import math
import os
import re
import sys

import matrices
import scaling
import solvers

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
EXTENSIONS = re.compile(r"(\.gz|\.msb|\.gr|\.pace|\.mtx|\.graph|\.egr|\.txt|\.el|\.wel|\.edges)+$")


# ---------------------------------------------------------------------------------------------
# Loading and grouping


def file_graph_name(path):
    """The name of a graph file in the tables: its basename without format extensions."""
    base = os.path.basename(path)
    return EXTENSIONS.sub("", base) or base


def graph_name(r):
    return r.get("graph_name") or file_graph_name(r.get("graph", "?"))


def load(paths):
    """[(path, record)] of every JSON line of the files that records a solver's run, in order
    (other scripts' lines, such as the hybrid's threshold sweep, have no "solver")."""
    import json
    out = []
    for p in paths:
        with open(p) as f:
            for i, line in enumerate(f, 1):
                line = line.strip()
                if not line:
                    continue
                try:
                    rec = json.loads(line)
                except ValueError as e:
                    print("make_report: %s:%d: skipped, not JSON (%s)" % (p, i, e),
                          file=sys.stderr)
                    continue
                if isinstance(rec, dict) and "solver" in rec:
                    out.append((p, rec))
    return out


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


def is_ok(r):
    return r.get("status", "ok") == "ok" and r.get("compute_s_median") is not None


def config_key(r):
    return (graph_name(r), r.get("solver"), variant(r), r.get("threads") or 1,
            r.get("ranks") or 1, r.get("device") or "")


def variant(r):
    return r.get("variant") or r.get("algo") or "default"


class Group:
    """The runs of one machine with one version of the code."""

    def __init__(self, path, machine):
        self.path, self.paths, self.machine = path, [], machine
        self.records = {}     # config key -> last record
        self.order = []       # config keys in first-appearance order
        self.dates = set()

    def add(self, r, path):
        if path not in self.paths:
            self.paths.append(path)
        k = config_key(r)
        if k not in self.records:
            self.order.append(k)
        self.records[k] = r
        date = (r.get("machine") or {}).get("date")
        if not date:
            m = re.match(r"(\d{4}-\d{2}-\d{2})", os.path.basename(path))
            date = m.group(1) if m else None
        if date:
            self.dates.add(date)

    # views -------------------------------------------------------------------------------
    def runs(self):
        return [self.records[k] for k in self.order]

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
        distinct thread or rank counts; None if it has fewer than two or does not scale."""
        if parallelism(solver) not in ("threads", "ranks"):
            return None
        key = count_key(solver)
        best, best_n = None, 1
        for v in self.variants(solver):
            n = len({r.get(key) or 1 for r in self.runs()
                     if r.get("solver") == solver and variant(r) == v and is_ok(r)})
            if n > best_n:
                best, best_n = v, n
        return (best, key) if best else None

    def find(self, g, solver, var=None, **counts):
        for r in self.runs():
            if graph_name(r) == g and r.get("solver") == solver and \
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
                                           r.get("threads") or 1, r.get("ranks") or 1))


def group_records(loaded):
    groups = {}
    for path, r in loaded:
        mach = r.get("machine") or {}
        # Lines with a source hash (bench.py) group by machine and code, whatever the file;
        # older lines (commit "?") cannot tell their code apart: their file is their group.
        key = (None if mach.get("source") else path, mach.get("cpu"), mach.get("cores"),
               mach.get("gpu"), mach.get("commit"), mach.get("source"))
        if key not in groups:
            groups[key] = Group(path, mach)
        groups[key].add(r, path)
    out = list(groups.values())
    # newest first (by day); then the group with the most solvers; the file name breaks ties
    out.sort(key=lambda gr: (max(gr.dates)[:10] if gr.dates else "",
                             len({r.get("solver") for r in gr.runs()}), gr.path), reverse=True)
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
              if r.get("solver") == solver and variant(r) == v and is_ok(r))

    def pick(g):
        rs = [r for r in gr.runs() if graph_name(r) == g and r.get("solver") == solver
              and variant(r) == v and is_ok(r)]
        return max(rs, key=lambda r: r.get(key) or 1) if rs else None, "compute_s_median"
    return "%s %s, %d %s" % (solver, v, top, key), pick


def gpu_headlines(gr, solver):
    """The summary columns of a GPU solver: its default variant (the first run) with
    transfers, and kernel only where it reports a kernel time; the others are in the GPU
    table."""
    cols = []
    for v in gr.variants(solver)[:1]:
        cols.append(("%s %s, with transfers" % (solver, v),
                     lambda g, v=v: (gr.find(g, solver, v), "compute_s_median")))
        if any(r.get("kernel_s_median") for r in gr.runs() if r.get("solver") == solver):
            cols.append(("%s %s, kernel only" % (solver, v),
                         lambda g, v=v: (gr.find(g, solver, v), "kernel_s_median")))
    return cols


def fastest(gr, g):
    """(label, time) of the fastest run on g; GPU runs count with transfers."""
    best = None
    for r in gr.runs():
        if graph_name(r) == g and is_ok(r):
            if best is None or r["compute_s_median"] < best["compute_s_median"]:
                best = r
    return best


# ---------------------------------------------------------------------------------------------
# The report


def machine_lines(gr, nruns):
    m = gr.machine
    hw = "%s, %s cores" % (m.get("cpu", "?"), m.get("cores", "?"))
    if m.get("memory_gib"):
        hw += ", %s GiB" % m["memory_gib"]
    if m.get("gpu"):
        hw += "; GPU %s (driver %s)" % (m["gpu"], m.get("gpu_driver", "?"))
    if m.get("os"):
        hw += "; %s" % m["os"]
    sw = "; ".join(x for x in (m.get("compiler"), m.get("nvcc"), m.get("mpirun")) if x)
    code = "commit `%s`" % m.get("commit", "?")
    if m.get("source"):
        code += ", solver sources `%s`" % m["source"]
    trials = sorted({r.get("trials") for r in gr.runs() if r.get("trials")})
    dates = sorted({d[:10] for d in gr.dates})
    out = ["- **Machine**: " + hw,
           "- **Software**: " + (sw or "?"),
           "- **Code**: " + code,
           "- **Runs**: %d from %s, %s; compute time is the median (and min) of %s timed "
           "trials after one warm-up, load and verification excluded (docs/design.md, Timing)" % (
               nruns, ", ".join("`%s`" % p for p in gr.paths),
               " to ".join([dates[0], dates[-1]] if len(dates) > 1 else dates) or "date unknown",
               "/".join(str(t) for t in trials) or "?")]
    if not m.get("source"):
        out.append("- *Written by the first bench.py, which recorded neither the date (the file "
                   "name's is shown), the GPU nor the commit.*")
    if (m.get("cores") or 0) <= 4:
        out.append("- *This machine has %s cores: its parallel timings are not results "
                   "(docs/results.md).*" % m.get("cores", "?"))
    return out


def group_report(gr, slug, plots):
    """Markdown lines of one group; `plots` maps plot kinds to PNG paths (relative to the
    report) or is None when plots are not drawn."""
    plots = plots or {}
    lines = machine_lines(gr, len(gr.runs())) + [""]
    lines += summary_section(gr, plots)
    for solver in gr.solvers():
        lines += scaling_section(gr, solver, plots)
    lines += gpu_section(gr, plots)
    lines += repeated_section(gr, plots)
    lines += load_section(gr)
    lines.append("**Per graph**: median and min compute time, speedup over mst-seq Kruskal, "
                 "throughput, MSF weight and edges against the baseline, phases of the median "
                 "trial (ms).")
    lines.append("")
    for g in gr.graphs():
        lines += graph_section(gr, g, plots)
    return lines


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
            s = speedup(base, r, key)
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
                     if r.get("solver") == solver and variant(r) == v and is_ok(r)})
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
            and r.get("kernel_s_median")]


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
        base = gr.baseline(g)
        for r in gpu:
            if graph_name(r) == g:
                k, t = r["kernel_s_median"], r["compute_s_median"]
                label = variant(r) if len(names) == 1 else "%s %s" % (r["solver"], variant(r))
                rows.append([g, label, ms(k), ms(t), "%.0f%%" % (100 * (t - k) / t),
                             fx(speedup(base, r, "kernel_s_median")), fx(speedup(base, r)),
                             medges(r, "kernel_s_median"), medges(r)])
    lines += table(["graph", "variant", "kernel (ms)", "with transfers (ms)",
                    "transfer share", "speedup, kernel", "speedup, with transfers",
                    "Medges/s, kernel", "Medges/s, with transfers"], rows) + [""]
    if "gpu" in plots:
        lines += ["![GPU kernel vs transfers](%s)" % plots["gpu"], ""]
    return lines


def load_rows(gr):
    """The runs of the load table: per graph, per solver and variant, the one at the most
    threads or ranks (the configuration a user runs end to end), in the per-graph order."""
    best = {}
    for g in gr.graphs():
        for r in gr.sorted_rows(g):
            if not is_ok(r) or r.get("load_s") is None:
                continue
            k = (g, r.get("solver"), variant(r))
            if k not in best or (r.get("threads") or 1) * (r.get("ranks") or 1) >= \
                    (best[k].get("threads") or 1) * (best[k].get("ranks") or 1):
                best[k] = r
    return list(best.values())


def load_section(gr):
    """The load table: per graph and solver, load (reading and parsing the file), compute
    (median), kernel (GPU) and end-to-end (load + compute) time; matrices.LOAD_NOTE says what
    the load covers."""
    rows = []
    for r in load_rows(gr):
        load, comp = r["load_s"], r["compute_s_median"]
        rows.append([graph_name(r), r.get("format") or "-", r["solver"], variant(r), where(r),
                     ms(load), ms(comp), ms(r.get("kernel_s_median")), ms(load + comp),
                     "%.0f%%" % (100 * load / (load + comp)) if load + comp > 0 else "-"])
    if not rows:
        return []
    lines = ["**Load, compute and end to end** (ms; %s):" % matrices.LOAD_NOTE, ""]
    return lines + table(["graph", "format", "solver", "variant", "threads/ranks/device",
                          "load", "compute", "kernel", "end to end", "load share"],
                         rows) + [""]


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
                     ms(r.get("compute_s_min")), fx(speedup(base, r)), medges(r),
                     same_msf(base, r), phases_text(r)])
        if r.get("kernel_s_median"):
            rows.append([r["solver"], variant(r) + ", kernel only", where(r),
                         ms(r["kernel_s_median"]), ms(r.get("kernel_s_min")),
                         fx(speedup(base, r, "kernel_s_median")),
                         medges(r, "kernel_s_median"), "", ""])
    lines += table(["solver", "variant", "threads / ranks / device", "median (ms)",
                    "min (ms)", "speedup", "Medges/s", "MSF", "phases (ms)"], rows) + [""]
    lines += rounds_section(gr, g)
    if ("phases", g) in plots:
        lines += ["![phases on %s](%s)" % (g, plots[("phases", g)]), ""]
    return lines


def title_of(gr):
    m = gr.machine
    dates = sorted(gr.dates)
    t = "%s: %s, %s cores" % (dates[-1][:10] if dates else "undated", m.get("cpu", "?"),
                              m.get("cores", "?"))
    if m.get("gpu"):
        t += ", " + m["gpu"]
    return t + " (%s)" % ", ".join(gr.solvers())


def slugs(groups):
    out, used = [], {}
    for gr in groups:
        s = re.sub(r"[^A-Za-z0-9_.-]+", "-", os.path.splitext(os.path.basename(gr.path))[0])
        used[s] = used.get(s, 0) + 1
        out.append(s if used[s] == 1 else "%s-%d" % (s, used[s]))
    return out


def missing_solvers(groups):
    """Solvers of the Makefile's SOLVER_LIST with sources in the repository but no results in
    any group."""
    seen = {r.get("solver") for gr in groups for r in gr.runs() if is_ok(r)}
    return [solver for solver, d, _ in solvers.solver_list(ROOT) if solver not in seen and
            glob.glob(os.path.join(ROOT, d, "*.c")) + glob.glob(os.path.join(ROOT, d, "*.cu"))]


def render(groups, plot_paths, notes):
    lines = ["# mst-suite benchmark report", "",
             "Generated by `make report` (`report/make_report.py`) from the JSON lines of "
             "`make bench` (`report/bench.py`, matrices in `report/matrices.py`). Every speedup "
             "is over `mst-seq --algo kruskal` measured on the same graph, machine and code; "
             "throughput is m / compute time. To refresh it: `report/device.sh` on the device "
             "machine (`make bench MATRIX=full`, then `make report`). Sections, newest first:",
             ""]
    for i, gr in enumerate(groups, 1):
        lines.append("%d. [%s](#%d-%s)" % (i, title_of(gr), i, anchor(title_of(gr))))
    lines.append("")
    missing = missing_solvers(groups)
    if missing:
        lines += ["*Not measured yet in these results: %s (their sources exist; "
                  "`report/device.sh` runs every built solver).*" % ", ".join(
                      "`%s`" % s for s in missing), ""]
    lines += notes
    for i, (gr, slug) in enumerate(zip(groups, slugs(groups)), 1):
        lines += ["## %d. %s" % (i, title_of(gr)), ""]
        lines += group_report(gr, slug, plot_paths.get(slug))
    return "\n".join(lines).rstrip() + "\n"


def anchor(title):
    a = re.sub(r"[^\w\- ]", "", title.lower()).replace(" ", "-")
    return a


# ---------------------------------------------------------------------------------------------
# Plots


def draw_plots(groups, plot_dir, report_dir):
    """Draws every group's plots into plot_dir (its old PNGs removed first); returns
    {slug: {kind: path relative to report_dir}}. Raises ImportError without matplotlib."""
    p = Plotter(plot_dir, report_dir)
    out = {}
    for gr, slug in zip(groups, slugs(groups)):
        mine = out.setdefault(slug, {})
        for kind in ("speedup", "throughput"):
            p.bars(gr, slug, kind, mine)
        for solver in gr.solvers():
            p.scaling(gr, slug, solver, mine)
        for g in gr.graphs():
            p.phases(gr, slug, g, mine)
            p.cumulative(gr, slug, g, mine)
        p.gpu(gr, slug, mine)
    return out


class Plotter:
    """The plots of the report (matplotlib, Agg). Each method draws one plot of a group into
    the PNG "SLUG-NAME.png" and records its path under its kind in `mine`, or draws nothing
    when the group has no data for it."""

    def __init__(self, plot_dir, report_dir):
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
        import matplotlib.ticker
        self.plt, self.ticker = plt, matplotlib.ticker
        self.plot_dir, self.report_dir = plot_dir, report_dir
        os.makedirs(plot_dir, exist_ok=True)
        for old in glob.glob(os.path.join(plot_dir, "*.png")):
            os.remove(old)
        self.phase_colors = {}
        self.palette = plt.get_cmap("tab20").colors

    def color(self, phase):
        """One color per phase name across all plots; grey for the unaccounted rest."""
        if phase == "other":
            return "#bbbbbb"
        if phase not in self.phase_colors:
            self.phase_colors[phase] = self.palette[len(self.phase_colors) % len(self.palette)]
        return self.phase_colors[phase]

    def save(self, fig, slug, name):
        path = os.path.join(self.plot_dir, "%s-%s.png" % (slug, name))
        fig.savefig(path, dpi=110, bbox_inches="tight")
        self.plt.close(fig)
        return os.path.relpath(path, self.report_dir)

    def plain_numbers(self, axis):
        axis.set_major_formatter(self.ticker.FuncFormatter(lambda y, _: "%g" % y))

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
                if kind == "speedup":
                    row.append(speedup(gr.baseline(g), r, key))
                else:
                    row.append(r["m"] / r[key] / 1e6 if r is not None and is_ok(r)
                               and r.get(key) and r.get("m") else None)
            vals.append(row)
        if not any(v for row in vals for v in row):
            return
        fig, ax = self.plt.subplots(figsize=(max(6, 1.2 * len(graphs) + 2), 4.2))
        width = 0.8 / max(1, len(series))
        present = [v for row in vals for v in row if v]
        log = max(present) / min(present) > 20
        for i, ((title, _), row) in enumerate(zip(series, vals)):
            xs = [j + (i - (len(series) - 1) / 2) * width for j in range(len(graphs))]
            bars = ax.bar([x for x, v in zip(xs, row) if v], [v for v in row if v], width,
                          label=title)
            if len(series) * len(graphs) <= 40:
                ax.bar_label(bars, labels=[("%.2fx" if kind == "speedup" else "%.0f") % v
                                           for v in row if v], fontsize=6, padding=1)
        ax.set_xticks(range(len(graphs)))
        ax.set_xticklabels(graphs, rotation=30, ha="right")
        ax.set_xlim(-0.6, len(graphs) - 0.4)
        if log:
            ax.set_yscale("log")
            self.plain_numbers(ax.yaxis)
        scale = " (log)" if log else ""
        if kind == "speedup":
            ax.axhline(1.0, color="black", lw=0.8, ls="--")
            ax.set_ylabel("speedup over mst-seq Kruskal" + scale)
        else:
            ax.set_ylabel("millions of edges per second" + scale)
        ax.set_title("%s: %s" % (kind, title_of(gr)), fontsize=9)
        ax.legend(fontsize=7, loc="best")
        ax.grid(axis="y", which="both", alpha=0.3)
        mine[kind] = self.save(fig, slug, kind)

    def scaling(self, gr, slug, solver, mine):
        """Self-speedup curves of `solver`'s scaling series, one per graph, and the ideal."""
        sc = gr.scaling(solver)
        if not sc:
            return
        v, key = sc
        fig, ax = self.plt.subplots(figsize=(6, 4.5))
        top = 1
        for g in gr.graphs():
            pts = sorted((r.get(key) or 1, r["compute_s_median"]) for r in gr.runs()
                         if graph_name(r) == g and r.get("solver") == solver and
                         variant(r) == v and is_ok(r))
            one = [t for c, t in pts if c == 1]
            if not one or len(pts) < 2:
                continue
            ax.plot([c for c, _ in pts], [one[0] / t for _, t in pts], marker="o", label=g)
            top = max(top, pts[-1][0])
        ax.plot([1, top], [1, top], color="black", ls="--", lw=1, label="ideal")
        ax.set_xscale("log", base=2)
        ax.set_yscale("log", base=2)
        for axis in (ax.xaxis, ax.yaxis):
            self.plain_numbers(axis)
        ax.set_xlabel(key)
        ax.set_ylabel("self-speedup (time at 1 / time at p)")
        ax.set_title("%s %s self-speedup: %s" % (solver, v, title_of(gr)), fontsize=9)
        ax.legend(fontsize=7)
        ax.grid(which="both", alpha=0.3)
        mine[solver + "-scaling"] = self.save(fig, slug, solvers.short_name(solver) + "-scaling")

    def phases(self, gr, slug, g, mine):
        """Stacked per-phase bars of every run on graph g (at least three with phases)."""
        rs = [r for r in gr.sorted_rows(g) if is_ok(r) and phase_items(r)]
        if len(rs) < 3:     # the table's phases column says enough
            return
        base = gr.baseline(g)
        totals = [1e3 * r["compute_s_median"] for r in rs]
        limit = 4e3 * base["compute_s_median"] if base else max(totals)
        shown = [t for t in totals if t <= limit] or totals
        xmax = 1.12 * max(shown)
        fig, ax = self.plt.subplots(figsize=(8, 0.32 * len(rs) + 1.6))
        labels, seen = [], set()
        for i, r in enumerate(rs):
            left = 0.0
            items = [(k, 1e3 * v) for k, v in phase_items(r)]
            rest = 1e3 * r["compute_s_median"] - sum(v for _, v in items)
            if rest > 0.02 * 1e3 * r["compute_s_median"]:
                items.append(("other", rest))
            for k, v in items:
                ax.barh(i, v, left=left, color=self.color(k), label=k if k not in seen else None)
                seen.add(k)
                left += v
            if totals[i] > xmax:
                ax.text(xmax * 0.99, i, "%.4g ms >" % totals[i], va="center", ha="right",
                        fontsize=7, color="white", fontweight="bold")
            labels.append("%s %s %s" % (solvers.short_name(r["solver"]), variant(r),
                                        short_where(r)))
        ax.set_yticks(range(len(rs)))
        ax.set_yticklabels(labels, fontsize=7)
        ax.invert_yaxis()
        ax.set_xlim(0, xmax)
        ax.set_xlabel("ms (median trial)")
        ax.set_title("phases on %s: %s" % (g, title_of(gr)), fontsize=9)
        ax.legend(fontsize=7, loc="lower right")
        ax.grid(axis="x", alpha=0.3)
        mine[("phases", g)] = self.save(fig, slug,
                                        "phases-" + re.sub(r"[^A-Za-z0-9_.-]", "-", g))

    def cumulative(self, gr, slug, g, mine):
        """Cumulative time over the rounds of every --rounds run on graph g (Ma and Wan's
        Figure 9): setup at round 0, then each round's time; dashed, the graph's best one-shot
        time per round."""
        rs = repeated_runs(gr, g)
        if not rs:
            return
        fig, ax = self.plt.subplots(figsize=(7, 4.5))
        rounds = max(len(r["rounds_s"]) for r in rs)
        for r in rs:
            ys = [1e3 * (r.get("setup_s") or 0.0)] + [1e3 * c for c in r["cumulative_s"]]
            ax.plot(range(len(ys)), ys, marker="o" if r.get("prepared") else ".",
                    ls="-" if r.get("prepared") else ":", ms=3,
                    label="%s %s %s%s" % (solvers.short_name(r["solver"]), variant(r),
                                          short_where(r), "" if r.get("prepared")
                                          else " (one-shot)"))
        one = min(rs, key=lambda r: r["oneshot_s"])
        ax.plot([0, rounds], [0, 1e3 * rounds * one["oneshot_s"]], color="black", ls="--",
                lw=1, label="best one-shot x rounds (%s %s)" % (
                    solvers.short_name(one["solver"]), variant(one)))
        ax.xaxis.set_major_locator(self.ticker.MaxNLocator(integer=True))
        ax.set_xlabel("MST rounds")
        ax.set_ylabel("cumulative ms (setup + rounds)")
        ax.set_title("repeated MSF on %s: %s" % (g, title_of(gr)), fontsize=9)
        ax.legend(fontsize=6, loc="upper left")
        ax.grid(alpha=0.3)
        mine[("cumulative", g)] = self.save(
            fig, slug, "cumulative-" + re.sub(r"[^A-Za-z0-9_.-]", "-", g))

    def gpu(self, gr, slug, mine):
        """Kernel only against with transfers, per graph, of the first GPU solver's first
        run on each graph, with the baseline's time."""
        runs = gpu_runs(gr)
        if not runs:
            return
        solver = min({r["solver"] for r in runs}, key=solvers.solver_rank)
        runs = [r for r in runs if r["solver"] == solver]
        gl = [g for g in gr.graphs() if any(graph_name(r) == g for r in runs)]
        fig, ax = self.plt.subplots(figsize=(max(6, 1.1 * len(gl) + 2), 4.2))
        for i, (key, lab) in enumerate((("kernel_s_median", "kernel only"),
                                        ("compute_s_median", "with transfers"))):
            ys = [1e3 * next(r for r in runs if graph_name(r) == g)[key] for g in gl]
            ax.bar([j + (i - 0.5) * 0.4 for j in range(len(gl))], ys, 0.4, label=lab)
        base_y = [1e3 * gr.baseline(g)["compute_s_median"] if gr.baseline(g) else None
                  for g in gl]
        ax.scatter([j for j, y in enumerate(base_y) if y], [y for y in base_y if y],
                   marker="_", s=400, color="black", label="mst-seq Kruskal", zorder=3)
        ax.set_xticks(range(len(gl)))
        ax.set_xticklabels(gl, rotation=30, ha="right")
        ax.set_xlim(-0.7, len(gl) - 0.3)
        ax.set_yscale("log")
        self.plain_numbers(ax.yaxis)
        ax.set_ylabel("ms (log)")
        ax.set_title("%s: %s" % (solver, title_of(gr)), fontsize=9)
        ax.legend(fontsize=7)
        ax.grid(axis="y", which="both", alpha=0.3)
        mine["gpu"] = self.save(fig, slug, "gpu")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("results", nargs="*")
    ap.add_argument("--out", default=os.path.join(ROOT, "report", "REPORT.md"))
    ap.add_argument("--plots", help="plot folder (default: plots/ beside --out)")
    ap.add_argument("--no-plots", action="store_true")
    a = ap.parse_args()
    paths = a.results or sorted(glob.glob(os.path.join(ROOT, "report", "results", "*.jsonl")))
    if not paths:
        print("make_report: no results files (run make bench)", file=sys.stderr)
        return 1
    loaded = load(paths)
    if not loaded:
        print("make_report: no results in %s" % ", ".join(paths), file=sys.stderr)
        return 1
    for i, (p, _) in enumerate(loaded):
        loaded[i] = (os.path.relpath(p, ROOT) if os.path.abspath(p).startswith(ROOT + os.sep)
                     else p, loaded[i][1])
    learn_parallelism([r for _, r in loaded], solvers.Catalog(os.path.join(ROOT, "bin")))
    groups = group_records(loaded)
    report_dir = os.path.dirname(os.path.abspath(a.out))
    plot_dir = a.plots or os.path.join(report_dir, "plots")
    notes, plot_paths = [], {}
    if not a.no_plots:
        try:
            plot_paths = draw_plots(groups, plot_dir, report_dir)
        except ImportError as e:
            msg = "plots skipped: %s (%s has no matplotlib; install python3-matplotlib)" % (
                e, sys.executable)
            print("make_report: " + msg, file=sys.stderr)
            notes = ["*%s*" % msg, ""]
    text = render(groups, plot_paths, notes)
    text += scaling.section(os.path.join(ROOT, "report", "results"), report_dir, plot_dir,
                            not a.no_plots and not notes)
    tmp = a.out + ".tmp"
    with open(tmp, "w") as f:
        f.write(text)
    os.replace(tmp, a.out)
    n_png = sum(len(v) for v in plot_paths.values())
    print("make_report: %s (%d group(s), %d runs, %d plots)" % (
        os.path.relpath(a.out), len(groups), sum(len(g.records) for g in groups), n_png))
    return 0


if __name__ == "__main__":
    sys.exit(main())
