#!/usr/bin/python3
"""Strong- and weak-scaling tables of mst-mpi --algo boruvka (issue 21) from the JSON lines that
report/device-scaling.sh writes (one run a line, with "tag": seq, strong, ghs or weak), as
Markdown on stdout; plots(runs, directory) draws them for make_report.py. Other tags (ghs, or
any algorithm of COMPARE) are rows beside boruvka's.

usage: report/scaling.py scaling.jsonl
Strong scaling: per graph, mst-seq's time, then boruvka at each rank count: compute time (median,
slowest rank), speedup over mst-seq and over boruvka on 1 rank, peak RSS per rank (max; the even
share is the graph's .msb size / p), bytes sent per rank to other ranks (max), rounds; GHS at the
largest rank count for comparison. Weak scaling: a fixed size per rank, efficiency T(1) / T(p).
"""
import json
import os
import sys

MIB = 2.0 ** 20


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


def tables(runs):
    out = ["Machine: %s, %d cores, %s, %s." % (m["cpu"], m["cores"], m["mpirun"], m["date"])
           for m in runs if m["tag"] == "machine"]
    out += ["", "### Strong scaling", "",
           "| graph | n | m | algo | ranks | compute (s) | vs mst-seq | vs 1 rank "
           "| peak RSS per rank, max (MiB) | even share (MiB) | sent per rank, max (MiB) "
           "| rounds |",
           "| --- | ---: | ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"]
    out += strong_rows(runs)
    out += ["", "### Weak scaling (2^19 vertices and 2^21 edges per rank, uniform random)", "",
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


def plots(runs, directory):
    """Strong and weak scaling plots (time, memory, bytes sent per rank) into directory;
    returns the file names written (none without matplotlib)."""
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return []
    names = []
    os.makedirs(directory, exist_ok=True)
    strong = [r for r in runs if r["tag"] == "strong"]
    fig, axes = plt.subplots(1, 3, figsize=(13, 4))
    for g in sorted({name(r) for r in strong}):
        mine = sorted((r for r in strong if name(r) == g), key=lambda r: r["ranks"])
        p = [r["ranks"] for r in mine]
        axes[0].plot(p, [r["compute_s_median"] for r in mine], marker="o", label=g)
        axes[1].plot(p, [stats(r)[0] for r in mine], marker="o", label=g)
        many = [r for r in mine if r["ranks"] > 1]  # one rank sends nothing
        axes[2].plot([r["ranks"] for r in many], [stats(r)[1] for r in many], marker="o",
                     label=g)
    for ax, title in zip(axes, ("compute time (s)", "peak RSS per rank, max (MiB)",
                                "sent per rank, max (MiB)")):
        ax.set_xscale("log", base=2)
        ax.set_yscale("log")
        ax.set_xlabel("ranks")
        ax.set_title(title)
    axes[0].legend(fontsize=7)
    fig.suptitle("mst-mpi --algo boruvka, strong scaling")
    fig.tight_layout()
    fig.savefig(os.path.join(directory, "scaling-strong.png"), dpi=110)
    names.append("scaling-strong.png")
    weak = sorted((r for r in runs if r["tag"] == "weak"), key=lambda r: r["ranks"])
    if weak:
        fig, ax = plt.subplots(figsize=(5, 4))
        ax.plot([r["ranks"] for r in weak], [r["compute_s_median"] for r in weak], marker="o")
        ax.set_xscale("log", base=2)
        ax.set_ylim(bottom=0)
        ax.set_xlabel("ranks (2^19 vertices, 2^21 edges each)")
        ax.set_ylabel("compute time (s)")
        ax.set_title("weak scaling")
        fig.tight_layout()
        fig.savefig(os.path.join(directory, "scaling-weak.png"), dpi=110)
        names.append("scaling-weak.png")
    plt.close("all")
    return names


def section(results_dir, report_dir, plot_dir, draw):
    """The REPORT.md section from the newest log in results_dir/scaling/*.jsonl (Markdown
    text), with its plots drawn into plot_dir when `draw`."""
    logs = sorted(f for f in os.listdir(os.path.join(results_dir, "scaling"))
                  if f.endswith(".jsonl")) if os.path.isdir(
                      os.path.join(results_dir, "scaling")) else []
    head = ["", "## Scaling of mst-mpi --algo boruvka", ""]
    if not logs:
        return "\n".join(head + ["*Not measured yet: `report/device-scaling.sh` on the device "
                                  "machine writes the log that belongs in "
                                  "`report/results/scaling/`.*", ""])
    path = os.path.join(results_dir, "scaling", logs[-1])
    runs = load(path)
    head += ["From `%s` (`report/device-scaling.sh`, tables by `report/scaling.py`)." %
             os.path.relpath(path, os.path.dirname(report_dir)), "", tables(runs), ""]
    for png in plots(runs, plot_dir) if draw else []:
        head += ["![%s](%s)" % (png, os.path.relpath(os.path.join(plot_dir, png), report_dir)),
                 ""]
    return "\n".join(head)


if __name__ == "__main__":
    print(tables(load(sys.argv[1])))
