#!/usr/bin/python3
"""Turns benchmark results (JSON lines of report/bench.py) into report/REPORT.md and PNG plots.

Results are grouped by machine (CPU, cores, GPU) and code (commit and source hash; lines
without a source hash, written before bench.py recorded one, also by results file):
speedups are taken against the mst-seq Kruskal run on the same graph in the same group, never
across machines or code versions. Within a group the last line of a configuration wins (a rerun
replaces it). For each group, newest first:
  - the machine, software, code and date;
  - a summary: speedup of each solver's headline configuration over mst-seq Kruskal per graph
    (the scaling variant at its most threads/ranks; mst-cuda with and without transfers), with
    the geometric mean;
  - one table per graph: median and min compute time, speedup, throughput (millions of edges
    per second), MSF agreement with the baseline, phases;
  - self-speedup tables of mst-omp (threads) and mst-mpi (ranks); GPU kernel vs transfers;
  - plots (matplotlib, Agg): speedup and throughput per solver and graph, self-speedup curves
    with the ideal line, stacked per-phase bars per graph, GPU kernel-only vs with transfers.
Without matplotlib the tables are written and the plots are skipped with a note.

usage: report/make_report.py [--out report/REPORT.md] [--plots report/plots] [--no-plots]
                             [RESULTS.jsonl ...]   (default: report/results/*.jsonl)
"""
import argparse
import glob
import math
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SOLVER_ORDER = ["mst-seq", "mst-omp", "mst-mpi", "mst-cuda"]
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
    """[(path, record)] of every JSON line of the files, in order."""
    import json
    out = []
    for p in paths:
        with open(p) as f:
            for i, line in enumerate(f, 1):
                line = line.strip()
                if not line:
                    continue
                try:
                    out.append((p, json.loads(line)))
                except ValueError as e:
                    print("make_report: %s:%d: skipped, not JSON (%s)" % (p, i, e),
                          file=sys.stderr)
    return out


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
            if graph_name(r) == g and r.get("solver") == "mst-seq" and is_ok(r) and \
                    (r.get("algo") == "kruskal" or variant(r) == "kruskal"):
                return r
        return None

    def variants(self, solver):
        seen = []
        for r in self.runs():
            if r.get("solver") == solver and variant(r) not in seen:
                seen.append(variant(r))
        return seen

    def scaling(self, solver):
        """(variant, count key) of `solver`'s scaling series: the variant run at the most
        distinct thread (mst-omp) or rank (mst-mpi) counts; None if it has fewer than two."""
        key = "ranks" if solver == "mst-mpi" else "threads"
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
        solver_rank = {s: i for i, s in enumerate(SOLVER_ORDER)}
        return sorted(rows, key=lambda r: (solver_rank.get(r.get("solver"), 99), r.get("solver"),
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
    if r.get("solver") == "mst-mpi":
        p = r.get("ranks") or 1
        return "%d rank%s" % (p, "" if p == 1 else "s")
    t = r.get("threads") or 1
    return "%d thread%s" % (t, "" if t == 1 else "s")


def short_where(r):
    if r.get("device") not in (None, ""):
        return "GPU"
    if r.get("solver") == "mst-mpi":
        return "%dr" % (r.get("ranks") or 1)
    return "%dt" % (r.get("threads") or 1)


def same_msf(base, r):
    if base is None or not is_ok(r):
        return "-"
    if r is base:
        return "baseline"
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


def geomean(xs):
    xs = [x for x in xs if x]
    return math.exp(sum(math.log(x) for x in xs) / len(xs)) if xs else None


def table(head, rows):
    lines = ["| " + " | ".join(head) + " |", "|" + "|".join(" --- " for _ in head) + "|"]
    lines += ["| " + " | ".join(str(c) for c in row) + " |" for row in rows]
    return lines


def headlines(gr):
    """Columns of the summary: (title, function graph -> (record, time key))."""
    cols = []
    for v in gr.variants("mst-seq"):
        if v != "kruskal":
            cols.append(("mst-seq %s" % v,
                         lambda g, v=v: (gr.find(g, "mst-seq", v), "compute_s_median")))
    for solver in ("mst-omp", "mst-mpi"):
        sc = gr.scaling(solver)
        if sc:
            v, key = sc
            top = max(r.get(key) or 1 for r in gr.runs()
                      if r.get("solver") == solver and variant(r) == v and is_ok(r))
            title = "%s %s, %d %s" % (solver, v, top, key)

            def pick(g, solver=solver, v=v, key=key):
                rs = [r for r in gr.runs() if graph_name(r) == g and r.get("solver") == solver
                      and variant(r) == v and is_ok(r)]
                return (max(rs, key=lambda r: r.get(key) or 1) if rs else None,
                        "compute_s_median")
            cols.append((title, pick))
        else:
            for v in gr.variants(solver):
                cols.append(("%s %s" % (solver, v),
                             lambda g, s=solver, v=v: (gr.find(g, s, v), "compute_s_median")))
    for v in gr.variants("mst-cuda")[:1]:     # its default; the others in the GPU table
        cols.append(("mst-cuda %s, with transfers" % v,
                     lambda g, v=v: (gr.find(g, "mst-cuda", v), "compute_s_median")))
        if any(r.get("kernel_s_median") for r in gr.runs() if r.get("solver") == "mst-cuda"):
            cols.append(("mst-cuda %s, kernel only" % v,
                         lambda g, v=v: (gr.find(g, "mst-cuda", v), "kernel_s_median")))
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
           "trials after one warm-up, load and verification excluded (DESIGN.md, Timing)" % (
               nruns, ", ".join("`%s`" % p for p in gr.paths),
               " to ".join([dates[0], dates[-1]] if len(dates) > 1 else dates) or "date unknown",
               "/".join(str(t) for t in trials) or "?")]
    if not m.get("source"):
        out.append("- *Written by the first bench.py, which recorded neither the date (the file "
                   "name's is shown), the GPU nor the commit.*")
    if (m.get("cores") or 0) <= 4:
        out.append("- *This machine has %s cores: its parallel timings are not results "
                   "(README, Results).*" % m.get("cores", "?"))
    return out


def group_report(gr, slug, plots):
    """Markdown lines of one group; `plots` maps plot kinds to PNG paths (relative to the
    report) or is None when plots are not drawn."""
    graphs = gr.graphs()
    lines = []
    lines += machine_lines(gr, len(gr.runs()))
    lines.append("")

    # Summary
    cols = headlines(gr)
    head = ["graph", "n", "m", "mst-seq kruskal (ms)"] + [c[0] for c in cols] + ["fastest"]
    rows, per_col = [], [[] for _ in cols]
    for g in graphs:
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
    if len(graphs) > 1:
        rows.append(["geometric mean", "", "", ""] + [fx(geomean(c)) for c in per_col] + [""])
    lines.append("Speedup over `mst-seq --algo kruskal` on the same graph, machine and code "
                 "(higher is better):")
    lines.append("")
    lines += table(head, rows)
    lines.append("")
    for kind, caption in (("speedup", "Speedup over mst-seq Kruskal"),
                          ("throughput", "Throughput (millions of edges per second)")):
        if plots and kind in plots:
            lines += ["![%s](%s)" % (caption, plots[kind]), ""]

    # Self-speedup
    for solver, unit in (("mst-omp", "threads"), ("mst-mpi", "ranks")):
        sc = gr.scaling(solver)
        if not sc:
            continue
        v, key = sc
        counts = sorted({r.get(key) or 1 for r in gr.runs()
                         if r.get("solver") == solver and variant(r) == v and is_ok(r)})
        lines.append("**%s self-speedup** (`%s`, time at 1 %s over time at p; ms in "
                     "parentheses):" % (solver, v, unit[:-1]))
        lines.append("")
        srows = []
        for g in graphs:
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
                srows.append(row)
        lines += table(["graph"] + ["%d %s" % (c, unit if c > 1 else unit[:-1]) for c in counts],
                       srows)
        lines.append("")
        if plots and (solver + "-scaling") in plots:
            lines += ["![%s self-speedup](%s)" % (solver, plots[solver + "-scaling"]), ""]

    # GPU
    gpu = [r for r in gr.runs() if r.get("solver") == "mst-cuda" and is_ok(r)
           and r.get("kernel_s_median")]
    if gpu:
        lines.append("**mst-cuda: kernel only (graph already on the GPU) vs with host-device "
                     "transfers** (ms; speedups over mst-seq Kruskal):")
        lines.append("")
        grows = []
        for g in graphs:
            base = gr.baseline(g)
            for r in gpu:
                if graph_name(r) == g:
                    k, t = r["kernel_s_median"], r["compute_s_median"]
                    grows.append([g, variant(r), ms(k), ms(t), "%.0f%%" % (100 * (t - k) / t),
                                  fx(speedup(base, r, "kernel_s_median")), fx(speedup(base, r)),
                                  medges(r, "kernel_s_median"), medges(r)])
        lines += table(["graph", "variant", "kernel (ms)", "with transfers (ms)",
                        "transfer share", "speedup, kernel", "speedup, with transfers",
                        "Medges/s, kernel", "Medges/s, with transfers"], grows)
        lines.append("")
        if plots and "gpu" in plots:
            lines += ["![GPU kernel vs transfers](%s)" % plots["gpu"], ""]

    # Per graph
    lines.append("**Per graph**: median and min compute time, speedup over mst-seq Kruskal, "
                 "throughput, MSF weight and edges against the baseline, phases of the median "
                 "trial (ms).")
    lines.append("")
    for g in graphs:
        base = gr.baseline(g)
        any_r = base or next(r for r in gr.runs() if graph_name(r) == g)
        desc = []
        if any_r.get("n") is not None:
            desc.append("n = {:,}".format(any_r["n"]))
        if any_r.get("m") is not None:
            desc.append("m = {:,}".format(any_r["m"]))
        if any_r.get("components") is not None:
            desc.append("{:,} component{}".format(any_r["components"],
                                                  "" if any_r["components"] == 1 else "s"))
        if any_r.get("weight_type"):
            w = "%s weights" % any_r["weight_type"]
            if any_r.get("weights") == "random":
                w += " (random, seed %s)" % any_r.get("seed", "?")
            desc.append(w)
        lines.append("*%s*: %s" % (g, ", ".join(desc)))
        lines.append("")
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
                        "min (ms)", "speedup", "Medges/s", "MSF", "phases (ms)"], rows)
        lines.append("")
        if plots and ("phases", g) in plots:
            lines += ["![phases on %s](%s)" % (g, plots[("phases", g)]), ""]
    return lines


def title_of(gr):
    m = gr.machine
    dates = sorted(gr.dates)
    t = "%s: %s, %s cores" % (dates[-1][:10] if dates else "undated", m.get("cpu", "?"),
                              m.get("cores", "?"))
    if m.get("gpu"):
        t += ", " + m["gpu"]
    solvers = [s for s in SOLVER_ORDER if any(r.get("solver") == s for r in gr.runs())]
    return t + " (%s)" % ", ".join(solvers)


def slugs(groups):
    out, used = [], {}
    for gr in groups:
        s = re.sub(r"[^A-Za-z0-9_.-]+", "-", os.path.splitext(os.path.basename(gr.path))[0])
        used[s] = used.get(s, 0) + 1
        out.append(s if used[s] == 1 else "%s-%d" % (s, used[s]))
    return out


SOLVER_DIRS = {"mst-seq": "seq", "mst-omp": "openmp", "mst-mpi": "mpi", "mst-cuda": "cuda"}


def missing_solvers(groups):
    """Solvers with sources in the repository but no results in any group."""
    seen = {r.get("solver") for gr in groups for r in gr.runs() if is_ok(r)}
    out = []
    for solver, d in SOLVER_DIRS.items():
        if solver not in seen and glob.glob(os.path.join(ROOT, d, "*.c")) + \
                glob.glob(os.path.join(ROOT, d, "*.cu")):
            out.append(solver)
    return out


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
    """Draws every group's plots; returns {slug: {kind: path relative to the report}}."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    import matplotlib.ticker

    os.makedirs(plot_dir, exist_ok=True)
    for old in glob.glob(os.path.join(plot_dir, "*.png")):
        os.remove(old)
    out = {}
    phase_colors = {}
    palette = plt.get_cmap("tab20").colors

    def color(name):
        if name == "other":
            return "#bbbbbb"
        if name not in phase_colors:
            phase_colors[name] = palette[len(phase_colors) % len(palette)]
        return phase_colors[name]

    def save(fig, slug, name):
        path = os.path.join(plot_dir, "%s-%s.png" % (slug, name))
        fig.savefig(path, dpi=110, bbox_inches="tight")
        plt.close(fig)
        return os.path.relpath(path, report_dir)

    for gr, slug in zip(groups, slugs(groups)):
        mine = out.setdefault(slug, {})
        graphs = gr.graphs()
        cols = headlines(gr)

        # speedup and throughput per solver and graph
        for kind in ("speedup", "throughput"):
            series = ([] if kind == "speedup" else
                      [("mst-seq kruskal", lambda g: (gr.baseline(g), "compute_s_median"))])
            series += cols
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
                continue
            fig, ax = plt.subplots(figsize=(max(6, 1.2 * len(graphs) + 2), 4.2))
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
                ax.yaxis.set_major_formatter(matplotlib.ticker.FuncFormatter(
                    lambda y, _: "%g" % y))
            scale = " (log)" if log else ""
            if kind == "speedup":
                ax.axhline(1.0, color="black", lw=0.8, ls="--")
                ax.set_ylabel("speedup over mst-seq Kruskal" + scale)
            else:
                ax.set_ylabel("millions of edges per second" + scale)
            ax.set_title("%s: %s" % (kind, title_of(gr)), fontsize=9)
            ax.legend(fontsize=7, loc="best")
            ax.grid(axis="y", which="both", alpha=0.3)
            mine[kind] = save(fig, slug, kind)

        # self-speedup curves
        for solver in ("mst-omp", "mst-mpi"):
            sc = gr.scaling(solver)
            if not sc:
                continue
            v, key = sc
            fig, ax = plt.subplots(figsize=(6, 4.5))
            top = 1
            for g in graphs:
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
                axis.set_major_formatter(matplotlib.ticker.FuncFormatter(lambda v, _: "%g" % v))
            ax.set_xlabel(key)
            ax.set_ylabel("self-speedup (time at 1 / time at p)")
            ax.set_title("%s %s self-speedup: %s" % (solver, v, title_of(gr)), fontsize=9)
            ax.legend(fontsize=7)
            ax.grid(which="both", alpha=0.3)
            mine[solver + "-scaling"] = save(fig, slug, solver[4:] + "-scaling")

        # stacked phases per graph
        for g in graphs:
            rs = [r for r in gr.sorted_rows(g) if is_ok(r) and phase_items(r)]
            if len(rs) < 3:     # the table's phases column says enough
                continue
            base = gr.baseline(g)
            totals = [1e3 * r["compute_s_median"] for r in rs]
            limit = 4e3 * base["compute_s_median"] if base else max(totals)
            shown = [t for t in totals if t <= limit] or totals
            xmax = 1.12 * max(shown)
            fig, ax = plt.subplots(figsize=(8, 0.32 * len(rs) + 1.6))
            labels, seen = [], set()
            for i, r in enumerate(rs):
                left = 0.0
                items = [(k, 1e3 * v) for k, v in phase_items(r)]
                rest = 1e3 * r["compute_s_median"] - sum(v for _, v in items)
                if rest > 0.02 * 1e3 * r["compute_s_median"]:
                    items.append(("other", rest))
                for k, v in items:
                    ax.barh(i, v, left=left, color=color(k),
                            label=k if k not in seen else None)
                    seen.add(k)
                    left += v
                if totals[i] > xmax:
                    ax.text(xmax * 0.99, i, "%.4g ms >" % totals[i], va="center", ha="right",
                            fontsize=7, color="white", fontweight="bold")
                labels.append("%s %s %s" % (r["solver"][4:], variant(r), short_where(r)))
            ax.set_yticks(range(len(rs)))
            ax.set_yticklabels(labels, fontsize=7)
            ax.invert_yaxis()
            ax.set_xlim(0, xmax)
            ax.set_xlabel("ms (median trial)")
            ax.set_title("phases on %s: %s" % (g, title_of(gr)), fontsize=9)
            ax.legend(fontsize=7, loc="lower right")
            ax.grid(axis="x", alpha=0.3)
            mine[("phases", g)] = save(fig, slug, "phases-" + re.sub(r"[^A-Za-z0-9_.-]", "-", g))

        # GPU kernel only vs with transfers
        gpu = [r for r in gr.runs() if r.get("solver") == "mst-cuda" and is_ok(r)
               and r.get("kernel_s_median")]
        if gpu:
            gl = [g for g in graphs if any(graph_name(r) == g for r in gpu)]
            fig, ax = plt.subplots(figsize=(max(6, 1.1 * len(gl) + 2), 4.2))
            for i, (key, lab) in enumerate((("kernel_s_median", "kernel only"),
                                            ("compute_s_median", "with transfers"))):
                ys = []
                for g in gl:
                    r = next(r for r in gpu if graph_name(r) == g)
                    ys.append(1e3 * r[key])
                ax.bar([j + (i - 0.5) * 0.4 for j in range(len(gl))], ys, 0.4, label=lab)
            base_y = [1e3 * gr.baseline(g)["compute_s_median"] if gr.baseline(g) else None
                      for g in gl]
            ax.scatter([j for j, y in enumerate(base_y) if y], [y for y in base_y if y],
                       marker="_", s=400, color="black", label="mst-seq Kruskal", zorder=3)
            ax.set_xticks(range(len(gl)))
            ax.set_xticklabels(gl, rotation=30, ha="right")
            ax.set_xlim(-0.7, len(gl) - 0.3)
            ax.set_yscale("log")
            ax.yaxis.set_major_formatter(matplotlib.ticker.FuncFormatter(lambda y, _: "%g" % y))
            ax.set_ylabel("ms (log)")
            ax.set_title("mst-cuda: %s" % title_of(gr), fontsize=9)
            ax.legend(fontsize=7)
            ax.grid(axis="y", which="both", alpha=0.3)
            mine["gpu"] = save(fig, slug, "gpu")
    return out


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
