#!/usr/bin/python3
"""Strong- and weak-scaling tables of mst-mpi --algo boruvka as ranks x threads (issues 21 and
34) from the JSON lines that report/device-scaling.sh writes (one run a line, with "tag":
machine, seq, omp, strong, ghs, empty, weak, weak-omp or big), as Markdown on stdout; section()
gives make_report.py the report's section with its plots. Other tags (ghs, or any algorithm of
COMPARE) are rows beside boruvka's.

usage: report/scaling.py scaling.jsonl
Strong scaling: per graph, mst-seq's and mst-omp's times, then boruvka at each ranks x threads:
compute time (median, slowest rank), speedup over mst-seq, mst-omp and boruvka on 1 x 1, peak RSS
per rank (max), bytes per edge of all ranks beyond Open MPI's fixed part, bytes sent per rank to
other ranks (max), rounds; GHS at the most ranks for comparison. Weak scaling: a fixed size per
core, efficiency T(1 x 1) / T, and mst-omp's at as many threads on the same graphs against its
own one thread. A graph above 2^32 edges: the totals of two configurations.
"""
import json
import math
import os
import re
import sys

MIB = 2.0 ** 20
TITLE = "Scaling of mst-mpi --algo boruvka"


def load(path):
    with open(path) as f:
        return [json.loads(line) for line in f if line.strip()]


def name(r):
    return os.path.basename(r["graph"]).replace(".msb", "")


def stats(r):
    s = r.get("stats", {})
    # GHS counts its bytes between ranks in all: its mean per rank stands in for the maximum
    sent = s.get("bytes_sent_max", s.get("bytes_between_ranks", 0) / r["ranks"])
    return (s.get("peak_rss_kib_max", 0) / 1024, sent / MIB,
            s.get("rounds", ""))


def algo(r):
    """The algorithm, with the partition boruvka ran under (--partition auto picks one)."""
    part = r.get("stats", {}).get("partition")
    return "%s, %s" % (r["algo"], part) if r["algo"] == "boruvka" and part else r["algo"]


def threads(r):
    return r.get("threads") or 1


def cores(r):
    return r["ranks"] * threads(r)


def config(r):
    return "%d x %d" % (r["ranks"], threads(r))


def bytes_per_edge(r, runs):
    """The peak RSS of all ranks together, less Open MPI's fixed part (the mean RSS per rank of
    the run on a graph of one edge, tag "empty", with the same ranks x threads), per edge; ""
    without that run."""
    rss = r.get("stats", {}).get("peak_rss_kib")
    empty = next((e for e in runs if e["tag"] == "empty" and config(e) == config(r)), None)
    if not rss or not empty or not r["m"]:
        return ""
    fixed = empty["stats"]["peak_rss_kib"]
    return "%.0f" % (1024 * (sum(rss) - len(rss) * sum(fixed) / len(fixed)) / r["m"])


def strong_rows(runs):
    """Markdown rows of the strong-scaling table."""
    rows = []
    for seq in (r for r in runs if r["tag"] == "seq"):
        g, base = name(seq), seq["compute_s_median"]
        rows.append("| %s | %d | %d | mst-seq | 1 | %.3f | 1.00 | | | | | | |"
                    % (g, seq["n"], seq["m"], base))
        omp = next((r for r in runs if r["tag"] == "omp" and name(r) == g), None)
        if omp:
            rows.append("| | | | mst-omp | 1 x %d | %.3f | %.2f | 1.00 | | | | | |"
                        % (threads(omp), omp["compute_s_median"],
                           base / omp["compute_s_median"]))
        mine = sorted((r for r in runs if r["tag"] == "strong" and name(r) == g),
                      key=lambda r: (cores(r), -r["ranks"]))
        one = next((r["compute_s_median"] for r in mine if cores(r) == 1), None)
        others = [r for r in runs if r["tag"] not in ("seq", "omp", "strong", "weak", "weak-omp",
                                                      "machine", "empty", "big")]
        for r in mine + [r for r in others if name(r) == g]:
            t = r["compute_s_median"]
            rss, sent, rounds = stats(r)
            rows.append("| | | | %s | %s | %.3f | %.2f | %s | %s | %.0f | %s | %.1f | %s |" % (
                algo(r), config(r), t, base / t,
                "%.2f" % (omp["compute_s_median"] / t) if omp else "",
                "%.2f" % (one / t) if one and r["algo"] == "boruvka" else "", rss,
                bytes_per_edge(r, runs), sent, rounds if r["algo"] == "boruvka" else ""))
    return rows


def weak_table(runs, label):
    """The weak-scaling table's Markdown lines (none without weak runs): boruvka's runs, each
    against its run on one core, and at C x 1 mst-omp's run on the same graph (tag weak-omp,
    a column only where the log has them) against its own one thread; n and m only without a
    label (the heading's share per core, weak_label)."""
    mine = sorted((r for r in runs if r["tag"] == "weak"), key=lambda r: (cores(r), -r["ranks"]))
    omp = {cores(r): r["compute_s_median"] for r in runs if r["tag"] == "weak-omp"}
    one = next((r["compute_s_median"] for r in mine if cores(r) == 1), None)
    two = next((r["compute_s_median"] for r in mine if config(r) == "2 x 1"), None)
    head = ["cores", "ranks x threads", "n", "m", "algo", "compute (s)", "efficiency T(1 x 1)/T",
            "T(2 x 1)/T", "mst-omp (s, efficiency)", "peak RSS per rank, max (MiB)",
            "sent per rank, max (MiB)", "rounds"]
    keep = [not (label and c in ("n", "m")) and (omp or not c.startswith("mst-omp"))
            for c in head]

    def line(cells):
        return "| " + " | ".join(c for c, k in zip(cells, keep) if k) + " |"
    lines = [line(head), line(["---" if c in ("ranks x threads", "algo") else "---:"
                               for c in head])]
    for r in mine:
        t, o = r["compute_s_median"], omp.get(cores(r)) if threads(r) == 1 else None
        rss, sent, rounds = stats(r)
        lines.append(line([
            str(cores(r)), config(r), str(r["n"]), str(r["m"]), algo(r), "%.3f" % t,
            "%.0f%%" % (100 * one / t) if one else "",
            "%.0f%%" % (100 * two / t) if two and r["ranks"] >= 2 else "",
            "%.3f (%.0f%%)" % (o, 100 * omp[1] / o) if o and 1 in omp else "",
            "%.0f" % rss, "%.1f" % sent, str(rounds)]))
    return lines if mine else []


def big_lines(runs):
    """The graph above 2^32 edges made by the ranks: a row per configuration and whether the
    forests' totals agree."""
    big = [r for r in runs if r["tag"] == "big"]
    if not big:
        return []
    rows = ["| %s | %d | %d | %s | %.3f | %d | %s | %.0f | %s |" % (
        config(r), r["n"], r["m"], "%.1f" % r["load_s"] if "load_s" in r else "",
        r["compute_s_median"], r["msf_edges"], r["msf_weight"],
        stats(r)[0], bytes_per_edge(r, runs)) for r in big]
    same = len({(r["msf_edges"], r["msf_weight"]) for r in big}) == 1
    above = " above 2^32 edges" if min(r["m"] for r in big) >= 2 ** 32 else ""
    return ["", "### A graph%s made by the ranks (`--generate`)" % above, "",
            "| ranks x threads | n | m | generation and share (s) | compute (s) | MSF edges "
            "| MSF total | peak RSS per rank, max (MiB) | bytes per edge |",
            "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"] + rows + [
            "", ("The %d configurations find the same forest size and total." % len(big)
                 if same and len(big) > 1 else
                 "**The configurations' forests differ.**" if not same else
                 "One configuration: no second total to compare with.")]


def power(x):
    """x as "2^k" where it is within 1% of a power of two ("about 2^k" unless exact), else
    with thousands separators."""
    k = round(math.log2(x)) if x > 0 else 0
    if x > 0 and abs(x - 2 ** k) <= 0.01 * x:
        return ("2^%d" if x == 2 ** k else "about 2^%d") % k
    return "{:,}".format(int(x))


def weak_label(runs):
    """What each core holds in the weak-scaling runs, from their sizes: "2^19 vertices and
    about 2^21 edges per core"; None without weak runs or where the share per core differs
    between runs by more than 1%."""
    weak = [r for r in runs if r["tag"] == "weak"]
    if not weak:
        return None
    n = [r["n"] / cores(r) for r in weak]
    m = [r["m"] / cores(r) for r in weak]
    if max(n) > 1.01 * min(n) or max(m) > 1.01 * min(m):
        return None
    return "%s vertices and %s edges per core" % (power(n[0]), power(m[0]))


# What the tables' columns say, once below every machine's tables.
NOTE = ("Compute time: median of the trials, the slowest rank's; generation and share: "
        "the ranks making their slices, dropping repeated pairs and building their shares "
        "(load_s); peak RSS: getrusage "
        "ru_maxrss of every rank (Open MPI's own share included); bytes per edge: the "
        "ranks' peak RSS together less Open MPI's fixed part (each rank's RSS on a graph "
        "of one edge, same ranks x threads), over m; sent: bytes to other ranks, counted "
        "by the solver. On one rank every arc is local and boruvka's local pass is "
        "Kruskal's algorithm; from two ranks on the rounds exchange arcs, so T(2 x 1)/T is "
        "the efficiency of the distributed part.")


def tables(runs):
    out = ["Machine: %s, %d cores, %s, %s." % (m["cpu"], m["cores"], m["mpirun"], m["date"])
           for m in runs if m["tag"] == "machine"]
    rows = strong_rows(runs)
    if rows:
        out += ["", "### Strong scaling", "",
                "| graph | n | m | run | ranks x threads | compute (s) | vs mst-seq | vs mst-omp "
                "| vs 1 x 1 | peak RSS per rank, max (MiB) | bytes per edge "
                "| sent per rank, max (MiB) | rounds |",
                "| --- | ---: | ---: | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: "
                "| ---: |"] + rows
    label = weak_label(runs)
    rows = weak_table(runs, label)
    if rows:
        out += ["", "### Weak scaling" + (" (%s)" % label if label else ""), ""] + rows
    out += big_lines(runs)
    return "\n".join(out)


def headline(runs):
    """One line on boruvka's best configuration at the most cores over mst-seq (and mst-omp
    where it ran), per graph, or "" without strong-scaling runs."""
    strong = [r for r in runs if r["tag"] == "strong"]
    if not strong:
        return ""
    top = max(cores(r) for r in strong)
    cells = []
    for seq in (r for r in runs if r["tag"] == "seq"):
        mine = [r for r in strong if name(r) == name(seq) and cores(r) == top]
        if not mine:
            continue
        r = min(mine, key=lambda r: r["compute_s_median"])
        omp = next((o for o in runs if o["tag"] == "omp" and name(o) == name(seq)), None)
        cells.append(("%s %.2fx%s" % (
            name(seq), seq["compute_s_median"] / r["compute_s_median"],
            " / %.2fx" % (omp["compute_s_median"] / r["compute_s_median"]) if omp else ""),
            config(r)))
    machine = next((m for m in runs if m["tag"] == "machine"), None)
    when = "; study of %s" % machine["date"][:10] if machine else ""
    best = {c for _, c in cells}
    one = "%s" % next(iter(best)) if len(best) == 1 else "per graph"
    vs = " / `mst-omp`" if any(o["tag"] == "omp" for o in runs) else ""
    return "`mst-mpi --algo boruvka` at its best ranks x threads on %d cores (%s%s), over " \
        "`mst-seq`%s in the same call: %s." % (
            top, one, when, vs, ", ".join(t if len(best) == 1 else "%s (%s)" % (t, c)
                                          for t, c in cells))


def plots(runs, directory, pdf_dir, prefix):
    """Strong and weak scaling plots (time, memory, bytes sent per rank), each as PNG into
    directory and as PDF into pdf_dir; returns the files written (none without
    matplotlib)."""
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return []
    files = []
    os.makedirs(directory, exist_ok=True)
    os.makedirs(pdf_dir, exist_ok=True)

    def save(fig, stem):
        for path in (os.path.join(directory, prefix + stem + ".png"),
                     os.path.join(pdf_dir, prefix + stem + ".pdf")):
            fig.savefig(path, dpi=110, bbox_inches="tight")
            files.append(path)
        plt.close(fig)

    strong = [r for r in runs if r["tag"] == "strong"]
    if strong:
        colors = plt.get_cmap("tab10").colors
        series = sorted({(name(r), threads(r)) for r in strong})
        fig, axes = plt.subplots(1, 3, figsize=(14, 4))
        for i, (g, t) in enumerate(series):
            mine = sorted((r for r in strong if name(r) == g and threads(r) == t), key=cores)
            label = g if t == 1 else "%s, %d threads a rank" % (g, t)
            style = dict(marker="o" if t == 1 else "s", ms=4, color=colors[i % 10], label=label,
                         linestyle="-" if t == 1 else "--")
            c = [cores(r) for r in mine]
            times = [r["compute_s_median"] for r in mine]
            fast = [r.get("compute_s_min", r["compute_s_median"]) for r in mine]
            axes[0].errorbar(c, times, yerr=[[a - b for a, b in zip(times, fast)],
                                             [0.0] * len(times)], capsize=2, **style)
            axes[1].plot(c, [stats(r)[0] for r in mine], **style)
            many = [r for r in mine if r["ranks"] > 1]  # one rank sends nothing
            axes[2].plot([cores(r) for r in many], [stats(r)[1] for r in many], **style)
        for ax, label in zip(axes, ("compute time (s, log scale)",
                                    "peak RSS per rank, max (MiB, log scale)",
                                    "sent per rank, max (MiB, log scale)")):
            ax.set_xscale("log", base=2)
            ax.set_yscale("log")
            ax.set_xlabel("cores (ranks x threads)")
            ax.set_ylabel(label)
            ax.grid(which="both", alpha=0.3)
        axes[2].legend(fontsize=7, loc="upper left", bbox_to_anchor=(1.02, 1.0), frameon=False)
        fig.suptitle("mst-mpi --algo boruvka, strong scaling")
        fig.tight_layout()
        save(fig, "strong")
    weak = [r for r in runs if r["tag"] == "weak"]
    if weak:
        fig, ax = plt.subplots(figsize=(5.5, 4))
        for t in sorted({threads(r) for r in weak}):
            mine = sorted((r for r in weak if threads(r) == t), key=cores)
            times = [r["compute_s_median"] for r in mine]
            fast = [r.get("compute_s_min", r["compute_s_median"]) for r in mine]
            ax.errorbar([cores(r) for r in mine], times,
                        yerr=[[a - b for a, b in zip(times, fast)], [0.0] * len(times)],
                        marker="o", capsize=2,
                        label="%d thread%s a rank" % (t, "s" if t > 1 else ""))
        omp = sorted((r for r in runs if r["tag"] == "weak-omp"), key=cores)
        if omp:
            ax.plot([cores(r) for r in omp], [r["compute_s_median"] for r in omp], marker="s",
                    color="grey", linestyle="--", label="mst-omp, a thread a core")
        ax.set_xscale("log", base=2)
        ax.set_ylim(bottom=0, top=1.15 * max(r["compute_s_median"] for r in weak + omp))
        label = weak_label(runs)
        ax.set_xlabel("cores" + (" (%s)" % label.replace(" per core", " each")
                                 if label else ""))
        ax.set_ylabel("compute time (s)")
        ax.set_title("mst-mpi --algo boruvka, weak scaling")
        ax.legend(fontsize=7, frameon=False)
        ax.grid(alpha=0.3)
        fig.tight_layout()
        save(fig, "weak")
    return files


def log_machine(path):
    """(cores, date) of a scaling log, from its machine line; without one, the most cores a run
    used and the date its file's name starts with."""
    runs = load(path)
    m = next((r for r in runs if r.get("tag") == "machine"), None)
    if m:
        return m["cores"], m["date"]
    day = re.match(r"\d{4}-\d{2}-\d{2}", os.path.basename(path))
    return max((cores(r) for r in runs), default=0), day.group(0) if day else ""


def section(logs, root, report_dir, plot_dir, pdf_dir):
    """(Markdown text of the report's section, its one-line headline, files written) from the
    scaling logs `logs`: the newest (by its machine line's date) of each machine size (cores),
    the largest first, each with its plots drawn into plot_dir (and pdf_dir) unless plot_dir is
    None; the headline is the largest machine's."""
    newest = {}
    for p in logs:
        cores, date = log_machine(p)
        if cores not in newest or (date, p) > newest[cores][0]:
            newest[cores] = ((date, p), p)
    text, files, line = [], [], ""
    for cores in sorted(newest, reverse=True):
        path = newest[cores][1]
        runs = load(path)
        shown = os.path.relpath(path, root) \
            if os.path.abspath(path).startswith(root + os.sep) else path
        if len(newest) > 1:
            text += ["### %d cores" % cores, ""]
        body = tables(runs)
        if len(newest) > 1:  # one level down, below the machine's heading
            body = re.sub(r"(?m)^### ", "#### ", body)
        text += ["From `%s` (`report/device-scaling.sh`, tables by `report/scaling.py`)." % shown,
                 "", body, ""]
        prefix = re.sub(r"[^A-Za-z0-9_.-]+", "-",
                        os.path.splitext(os.path.basename(path))[0]) + "-"
        mine = plots(runs, plot_dir, pdf_dir, prefix) if plot_dir else []
        for f in mine:
            if f.endswith(".png"):
                text += ["![%s](%s)" % (os.path.basename(f)[len(prefix):-4],
                                        os.path.relpath(f, report_dir)), ""]
        files += mine
        line = line or headline(runs)
    return "\n".join(text + [NOTE]), line, files


if __name__ == "__main__":
    print(tables(load(sys.argv[1])) + "\n\n" + NOTE)
