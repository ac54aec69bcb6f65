#!/usr/bin/python3
"""Strong- and weak-scaling tables of mst-mpi --algo boruvka (issue 21) from the JSON lines that
report/device-scaling.sh writes (one run a line, with "tag": machine, seq, strong, ghs or weak),
as Markdown on stdout; section() gives make_report.py the report's section with its plots.
Other tags (ghs, or any algorithm of COMPARE) are rows beside boruvka's.

usage: report/scaling.py scaling.jsonl
Strong scaling: per graph, mst-seq's time, then boruvka at each rank count: compute time (median,
slowest rank), speedup over mst-seq and over boruvka on 1 rank, peak RSS per rank (max; the even
share is the graph's .msb size / p), bytes sent per rank to other ranks (max), rounds; GHS at the
largest rank count for comparison. Weak scaling: a fixed size per rank, efficiency T(1) / T(p).
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


def msb_mib(r):
    """The graph's .msb size, 12 bytes an edge: the even share of a rank is this / p."""
    return 12 * r["m"] / MIB


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


def strong_rows(runs):
    """Markdown rows of the strong-scaling table."""
    rows = []
    for seq in (r for r in runs if r["tag"] == "seq"):
        g, base = name(seq), seq["compute_s_median"]
        rows.append("| %s | %d | %d | mst-seq | 1 | %.3f | 1.00 | | | %.0f | | |"
                    % (g, seq["n"], seq["m"], base, msb_mib(seq)))
        mine = sorted((r for r in runs if r["tag"] == "strong" and name(r) == g),
                      key=lambda r: r["ranks"])
        one = next((r["compute_s_median"] for r in mine if r["ranks"] == 1), None)
        others = [r for r in runs if r["tag"] not in ("seq", "strong", "weak", "machine")]
        for r in mine + [r for r in others if name(r) == g]:
            t = r["compute_s_median"]
            rss, sent, rounds = stats(r)
            self_speedup = "%.2f" % (one / t) if one and r["algo"] == "boruvka" else ""
            rows.append("| | | | %s | %d | %.3f | %.2f | %s | %.0f | %.0f | %.1f | %s |" % (
                algo(r), r["ranks"], t, base / t, self_speedup, rss,
                msb_mib(r) / r["ranks"], sent, rounds if r["algo"] == "boruvka" else ""))
    return rows


def weak_rows(runs):
    mine = sorted((r for r in runs if r["tag"] == "weak"), key=lambda r: r["ranks"])
    one = next((r["compute_s_median"] for r in mine if r["ranks"] == 1), None)
    two = next((r["compute_s_median"] for r in mine if r["ranks"] == 2), None)
    rows = []
    for r in mine:
        t = r["compute_s_median"]
        rss, sent, rounds = stats(r)
        rows.append("| %d | %d | %d | %s | %.3f | %s | %s | %.0f | %.0f | %.1f | %s |" % (
            r["ranks"], r["n"], r["m"], algo(r), t, "%.0f%%" % (100 * one / t) if one else "",
            "%.0f%%" % (100 * two / t) if two and r["ranks"] >= 2 else "", rss,
            msb_mib(r) / r["ranks"], sent, rounds))
    return rows


def power(x):
    """x as "2^k" where it is within 1% of a power of two ("about 2^k" unless exact), else
    with thousands separators."""
    k = round(math.log2(x)) if x > 0 else 0
    if x > 0 and abs(x - 2 ** k) <= 0.01 * x:
        return ("2^%d" if x == 2 ** k else "about 2^%d") % k
    return "{:,}".format(int(x))


def weak_label(runs):
    """What each rank holds in the weak-scaling runs, from their sizes: "2^19 vertices and
    about 2^21 edges per rank"; None without weak runs or where the share per rank differs
    between runs by more than 1%."""
    weak = [r for r in runs if r["tag"] == "weak"]
    if not weak:
        return None
    n = [r["n"] / r["ranks"] for r in weak]
    m = [r["m"] / r["ranks"] for r in weak]
    if max(n) > 1.01 * min(n) or max(m) > 1.01 * min(m):
        return None
    return "%s vertices and %s edges per rank" % (power(n[0]), power(m[0]))


def tables(runs):
    out = ["Machine: %s, %d cores, %s, %s." % (m["cpu"], m["cores"], m["mpirun"], m["date"])
           for m in runs if m["tag"] == "machine"]
    out += ["", "### Strong scaling", "",
           "| graph | n | m | algo | ranks | compute (s) | vs mst-seq | vs 1 rank "
           "| peak RSS per rank, max (MiB) | even share (MiB) | sent per rank, max (MiB) "
           "| rounds |",
           "| --- | ---: | ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"]
    out += strong_rows(runs)
    label = weak_label(runs)
    out += ["", "### Weak scaling" + (" (%s)" % label if label else ""), "",
            "| ranks | n | m | algo | compute (s) | efficiency T(1)/T(p) | T(2)/T(p) "
            "| peak RSS per rank, max (MiB) | even share (MiB) | sent per rank, max (MiB) "
            "| rounds |",
            "| ---: | ---: | ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"]
    out += weak_rows(runs)
    out += ["", "Compute time: median of the trials, the slowest rank's; peak RSS: getrusage "
            "ru_maxrss of every rank (Open MPI's own share included); even share: the graph's "
            ".msb (12 bytes an edge) / p; sent: bytes to other ranks, counted by the solver. "
            "On one rank every arc is local and boruvka's local pass is Kruskal's algorithm; "
            "from two ranks on the rounds exchange arcs, so T(2)/T(p) is the efficiency of "
            "the distributed part."]
    return "\n".join(out)


def headline(runs):
    """One line on boruvka's speedup over mst-seq at the largest rank count, per graph, or ""
    without strong-scaling runs."""
    strong = [r for r in runs if r["tag"] == "strong"]
    if not strong:
        return ""
    top = max(r["ranks"] for r in strong)
    cells = []
    for seq in (r for r in runs if r["tag"] == "seq"):
        r = next((r for r in strong if name(r) == name(seq) and r["ranks"] == top), None)
        if r:
            cells.append("%.2fx on %s" % (seq["compute_s_median"] / r["compute_s_median"],
                                          name(seq)))
    machine = next((m for m in runs if m["tag"] == "machine"), None)
    where = " (%s, %d cores, %s)" % (machine["cpu"], machine["cores"], machine["date"][:10]) \
        if machine else ""
    return "`mst-mpi --algo boruvka` at %d ranks over `mst-seq` in the same call, from the " \
        "scaling study%s: %s." % (top, where, ", ".join(cells))


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
    colors = plt.get_cmap("tab10").colors
    fig, axes = plt.subplots(1, 3, figsize=(14, 4))
    for i, g in enumerate(sorted({name(r) for r in strong})):
        mine = sorted((r for r in strong if name(r) == g), key=lambda r: r["ranks"])
        p = [r["ranks"] for r in mine]
        t = [r["compute_s_median"] for r in mine]
        fast = [r.get("compute_s_min", r["compute_s_median"]) for r in mine]
        axes[0].errorbar(p, t, yerr=[[a - b for a, b in zip(t, fast)], [0.0] * len(t)],
                         marker="o", ms=4, capsize=2, label=g, color=colors[i % 10])
        axes[1].plot(p, [stats(r)[0] for r in mine], marker="o", label=g, color=colors[i % 10])
        many = [r for r in mine if r["ranks"] > 1]  # one rank sends nothing
        axes[2].plot([r["ranks"] for r in many], [stats(r)[1] for r in many], marker="o",
                     label=g, color=colors[i % 10])
    for ax, label in zip(axes, ("compute time (s, log scale)",
                                "peak RSS per rank, max (MiB, log scale)",
                                "sent per rank, max (MiB, log scale)")):
        ax.set_xscale("log", base=2)
        ax.set_yscale("log")
        ax.set_xlabel("ranks")
        ax.set_ylabel(label)
        ax.grid(which="both", alpha=0.3)
    axes[2].legend(fontsize=7, loc="upper left", bbox_to_anchor=(1.02, 1.0), frameon=False)
    fig.suptitle("mst-mpi --algo boruvka, strong scaling")
    fig.tight_layout()
    save(fig, "strong")
    weak = sorted((r for r in runs if r["tag"] == "weak"), key=lambda r: r["ranks"])
    if weak:
        fig, ax = plt.subplots(figsize=(5.5, 4))
        t = [r["compute_s_median"] for r in weak]
        fast = [r.get("compute_s_min", r["compute_s_median"]) for r in weak]
        ax.errorbar([r["ranks"] for r in weak], t,
                    yerr=[[a - b for a, b in zip(t, fast)], [0.0] * len(t)], marker="o",
                    capsize=2)
        ax.set_xscale("log", base=2)
        ax.set_ylim(bottom=0, top=1.15 * max(t))
        label = weak_label(runs)
        ax.set_xlabel("ranks" + (" (%s)" % label.replace(" per rank", " each")
                                 if label else ""))
        ax.set_ylabel("compute time (s)")
        ax.set_title("mst-mpi --algo boruvka, weak scaling")
        ax.grid(alpha=0.3)
        fig.tight_layout()
        save(fig, "weak")
    return files


def log_date(path):
    """The date of a scaling log: its machine line's."""
    return next((r.get("date", "") for r in load(path) if r.get("tag") == "machine"), "")


def section(logs, root, report_dir, plot_dir, pdf_dir):
    """(Markdown text of the report's section, its one-line headline, files written) from the
    newest of the scaling logs `logs` (by their machine line's date), with its plots drawn into
    plot_dir (and pdf_dir) unless plot_dir is None."""
    path = max(logs, key=lambda p: (log_date(p), p))
    runs = load(path)
    shown = os.path.relpath(path, root) if os.path.abspath(path).startswith(root + os.sep) \
        else path
    text = ["From `%s` (`report/device-scaling.sh`, tables by `report/scaling.py`)." % shown,
            "", tables(runs), ""]
    prefix = re.sub(r"[^A-Za-z0-9_.-]+", "-", os.path.splitext(os.path.basename(path))[0]) + "-"
    files = plots(runs, plot_dir, pdf_dir, prefix) if plot_dir else []
    for f in files:
        if f.endswith(".png"):
            text += ["![%s](%s)" % (os.path.basename(f)[len(prefix):-4],
                                    os.path.relpath(f, report_dir)), ""]
    return "\n".join(text), headline(runs), files


if __name__ == "__main__":
    print(tables(load(sys.argv[1])))
