#!/usr/bin/python3
"""Python users' view (issue 35, item 6): the minimum spanning tree of a SciPy CSR matrix with
mstsuite (seq, omp on 1 and all cores, cuda), SciPy, igraph (python3-igraph, where importable)
and NetworkX, each timed from the CSR matrix to its own answer (the conversion included), as
medians of repeated runs; a markdown table per graph with each time's ratio to SciPy's, and the
issue's targets. Beside them, for the GPU target, the executables mst-cuda and mst-omp on the
same edge list: mst-cuda end to end (END_TO_END) and both executables' compute time.

    report/python-bench.py [--graph FILE|none] [--random N M] [--repeat R] [--budget S]

The graphs: FILE (any format the suite reads; its weights, or the suite's random ones where it
has none; by default graphs/road/USA-road-NY.pace.gr.gz where it exists), and a random graph of
N vertices and M edge draws (default 1,000,000 and 4,000,000; weights uniform in 1..2^20). Each
is made canonical first (no self-loops, one edge per vertex pair, the lightest), so that every
library sees the same undirected graph: a symmetric CSR matrix of float64 weights, and the same
edges in a .msb file for the executables, of float32 weights where every weight is one (as
libmst keeps them), so that neither side ranks 64-bit weights. igraph is Debian's python3-igraph
(scripts/setup.sh test installs it); where it cannot be imported its row says so. mstsuite comes
from python/ and build/libmst.so.1 of this checkout unless MSTSUITE_LIB says otherwise (make all
builds it, with cuda where nvcc is). mstsuite's rows time csgraph.minimum_spanning_tree on the
CSR matrix, the issue's targets: libmst reads the matrix's arrays (msf_graph_from_csr) and gives
the forest's entries back (msf_result_csr) on `threads` threads, all cores for the seq and cuda
rows.
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

import numpy as np
import scipy.sparse as sp
from scipy.sparse.csgraph import minimum_spanning_tree as scipy_mst

# What the GPU target compares with, as the report's end-to-end table defines it.
END_TO_END = ("load_s + rank_s + compute_s_median of `mst-cuda --json` on the .msb file: reading "
              "the file into the edge list, ranking 64-bit weights (none for float32 ones), then "
              "the solve with its transfers (the arrays to the GPU, the kernels, the forest's "
              "ids back)")
NY = "graphs/road/USA-road-NY.pace.gr.gz"

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
os.environ.setdefault("MSTSUITE_LIB", os.path.join(ROOT, "build", "libmst.so.1"))
sys.path.insert(0, os.path.join(ROOT, "python"))
import mstsuite  # noqa: E402
from mstsuite import csgraph  # noqa: E402

THREADS = os.cpu_count() or 1
args = None  # the command line (main)


def canonical(n, u, v, w):
    """(n, lo, hi, w): no self-loops, one edge per pair {lo < hi}, the lightest, pairs sorted."""
    keep = u != v
    lo, hi, w = np.minimum(u, v)[keep], np.maximum(u, v)[keep], w[keep]
    order = np.lexsort((w, hi, lo))
    lo, hi, w = lo[order], hi[order], w[order]
    first = np.r_[True, (lo[1:] != lo[:-1]) | (hi[1:] != hi[:-1])]
    return n, lo[first], hi[first], w[first]


def read_msb(path):
    """(n, u, v, w) of a .msb file with int32, uint32 or float weights (docs/formats.md)."""
    with open(path, "rb") as f:
        head = f.read(32)
        kind = int(np.frombuffer(head, np.uint32, 1, 12)[0])
        n = int(np.frombuffer(head, np.uint32, 1, 16)[0])
        m = int(np.frombuffer(head, np.uint64, 1, 24)[0])
        u = np.fromfile(f, np.uint32, m).astype(np.int64)
        v = np.fromfile(f, np.uint32, m).astype(np.int64)
        dtype = {1: np.int32, 2: np.uint32, 3: np.float32, 4: np.int64, 5: np.uint64,
                 6: np.float64}[kind]
        w = np.fromfile(f, dtype, m).astype(np.float64)
    return n, u, v, w


def write_msb(path, n, u, v, w):
    """The edges as a .msb file for the executables: float32 weights where every weight is one
    exactly, else float64."""
    narrow = bool(np.all(w.astype(np.float32) == w))
    head = np.zeros(4, np.uint64)
    raw = head.view(np.uint8)
    raw[:8] = np.frombuffer(b"MSTSUITE", np.uint8)
    head.view(np.uint32)[2:5] = (1, 3 if narrow else 6, n)
    head[3] = len(u)
    with open(path, "wb") as f:
        for a in (head, u.astype(np.uint32), v.astype(np.uint32),
                  w.astype(np.float32 if narrow else np.float64)):
            a.tofile(f)


def load_file(path, tmp):
    """(n, u, v, w) of a graph file, through mst-convert to .msb (its canonical edges and
    weights, random from seed 1 where the file has none)."""
    out = os.path.join(tmp, "file.msb")
    subprocess.run([os.path.join(args.bin, "mst-convert"), "--weights", "auto", path, out],
                   check=True, stdout=subprocess.DEVNULL)
    return read_msb(out)


def random_graph(n, m, seed):
    rng = np.random.default_rng(seed)
    return n, rng.integers(0, n, m), rng.integers(0, n, m), \
        rng.integers(1, 2**20 + 1, m).astype(np.float64)


def timed(fn, repeat, budget, warm):
    """(median, min, runs, value): fn() run up to `repeat` times (at least once) while the runs
    so far took less than `budget` seconds, after one untimed run when `warm`."""
    if warm:
        fn()
    times, value, start = [], None, time.perf_counter()
    while len(times) < repeat and (not times or time.perf_counter() - start < budget):
        t0 = time.perf_counter()
        value = fn()
        times.append(time.perf_counter() - t0)
    return statistics.median(times), min(times), len(times), value


def methods(A, n, lo, hi, w):
    """(label, fn returning the library's forest, its total, warm-up?) for every library, fn
    from A: the timed call is the library's own; the forest's total is taken after it."""
    def matrix_total(T):
        return float(T.sum())

    def suite(**kw):
        return lambda: csgraph.minimum_spanning_tree(A, **kw)

    def igraph_run():
        import igraph

        U = sp.triu(A, 1).tocoo()
        g = igraph.Graph(n=A.shape[0], edges=np.column_stack((U.row, U.col)).tolist(),
                         edge_attrs={"weight": U.data})
        return U.data, g.spanning_tree(weights="weight", return_tree=False)

    def networkx_run():
        import networkx as nx

        return nx.minimum_spanning_tree(nx.from_scipy_sparse_array(A))

    held = []

    def prepared():
        """The topology goes to the GPU in the first (untimed) run; each run after it sends
        the weights only."""
        if not held:
            held.append(mstsuite.Graph(lo, hi, w, n).prepare(solver="cuda"))
        return held[0].solve(w)

    out = [("SciPy csgraph", lambda: scipy_mst(A), matrix_total, True),
           ("mstsuite seq", suite(solver="seq"), matrix_total, True),
           ("mstsuite omp, 1 thread", suite(solver="omp", threads=1), matrix_total, True),
           ("mstsuite omp, %d threads" % THREADS, suite(solver="omp", threads=THREADS),
            matrix_total, True),
           ("mstsuite cuda", suite(solver="cuda"), matrix_total, True),
           ("mstsuite cuda, Graph.prepare: new weights only, no conversion", prepared,
            lambda f: float(f.total), True),
           ("igraph", igraph_run, lambda r: float(r[0][r[1]].sum()), True),
           ("NetworkX", networkx_run, lambda T: float(T.size(weight="weight")), False)]
    return out


def executable(name, path, *extra):
    """(note, --json's record or None) of a suite executable on the .msb file; the note is the
    last line of its error where it failed."""
    exe = os.path.join(args.bin, name)
    p = subprocess.run([exe, "--json", "--no-verify", "--trials", str(args.repeat), *extra,
                        path], capture_output=True, text=True)
    if p.returncode != 0:
        return (p.stderr.strip().splitlines() or ["failed"])[-1], None
    r = json.loads(p.stdout)
    return "kernel %.4f s" % r["kernel_s_median"] if r.get("kernel_s_median") else "", r


def bench(title, graph, tmp):
    n, lo, hi, w = canonical(*graph)
    A = sp.csr_matrix((np.r_[w, w], (np.r_[lo, hi], np.r_[hi, lo])), shape=(n, n))
    path = os.path.join(tmp, "graph.msb")
    write_msb(path, n, lo, hi, w)
    print("\n### %s: n = %d, m = %d (a symmetric CSR matrix of %d entries)\n"
          % (title, n, len(lo), A.nnz))
    print("| method | runs | median (s) | min (s) | SciPy / this | total |")
    print("| --- | --- | --- | --- | --- | --- |")
    times, ref = {}, None
    for label, fn, total_of, warm in methods(A, n, lo, hi, w):
        if any(s.lower() in label.lower() for s in args.skip):
            continue
        print("bench: %s: %s" % (title, label), file=sys.stderr, flush=True)
        try:
            med, low, runs, forest = timed(fn, args.repeat, args.budget, warm)
            total = total_of(forest)
        except ImportError as e:
            print("| %s | - | - | - | - | not installed (%s; scripts/setup.sh test) |"
                  % (label, e))
            continue
        except (RuntimeError, MemoryError) as e:
            print("| %s | - | - | - | - | %s |" % (label, str(e).splitlines()[0]))
            continue
        ref = total if ref is None else ref
        times[label] = med
        same = "same" if abs(total - ref) <= 1e-9 * max(1.0, abs(ref)) else "DIFFERS"
        ratio = times["SciPy csgraph"] / med if "SciPy csgraph" in times else float("nan")
        print("| %s | %d | %.4f | %.4f | %.3gx | %.17g (%s) |"
              % (label, runs, med, low, ratio, total, same), flush=True)
    exe_t = None  # mst-cuda end to end
    for name, extra in (("mst-cuda", ()), ("mst-omp", ("-t", str(THREADS)))):
        label = " ".join((name,) + extra)
        note, r = executable(name, path, *extra)
        if r is None:
            print("| %s (executable) | - | - | - | - | %s |" % (label, note))
            continue
        rows = [("%s (executable, graph loaded: compute)" % label, r["compute_s_median"],
                 r["compute_s_min"], note)]
        if name == "mst-cuda":
            ahead = r["load_s"] + r.get("rank_s", 0.0)
            exe_t = ahead + r["compute_s_median"]
            rows.insert(0, ("%s (executable, end to end: load %.4f s + rank %.4f s + compute)"
                            % (label, r["load_s"], r.get("rank_s", 0.0)), exe_t,
                            ahead + r["compute_s_min"], ""))
        for text, med, low, note in rows:
            ratio = times.get("SciPy csgraph", float("nan")) / med
            print("| %s | %d | %.4f | %.4f | %.3gx | %s |"
                  % (text, args.repeat, med, low, ratio, note))
    scipy_t = times.get("SciPy csgraph")
    omp_t = times.get("mstsuite omp, %d threads" % THREADS)
    cuda_t = times.get("mstsuite cuda")
    print()
    if scipy_t and omp_t:
        print("- omp at %d threads: %.1fx SciPy (target: at least 20x on the 4M-edge graph)"
              % (THREADS, scipy_t / omp_t))
    if scipy_t and cuda_t:
        print("- cuda: %.1fx SciPy (target: at least 50x)" % (scipy_t / cuda_t))
    if cuda_t and exe_t:
        print("- cuda from Python: %.2fx mst-cuda's end-to-end time (target: at most 1.5x); "
              "mst-cuda end to end = %s" % (cuda_t / exe_t, END_TO_END))


def main():
    global args
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ny = os.path.join(ROOT, NY)
    parser.add_argument("--graph", default=ny if os.path.exists(ny) else None,
                        help="a graph file, or none (default: %s where it exists)" % NY)
    parser.add_argument("--random", nargs=2, type=int, default=[1000000, 4000000],
                        metavar=("N", "M"), help="the random graph (0 0: none)")
    parser.add_argument("--seed", type=int, default=1, help="of the random graph")
    parser.add_argument("--repeat", type=int, default=5, help="runs per method (median)")
    parser.add_argument("--budget", type=float, default=60.0,
                        help="seconds after which a method stops repeating")
    parser.add_argument("--skip", default="", help="methods to leave out, e.g. networkx,igraph")
    parser.add_argument("--bin", default=os.path.join(ROOT, "bin"), help="the executables")
    args = parser.parse_args()
    args.skip = [s for s in args.skip.split(",") if s]
    print("## mstsuite against SciPy, igraph and NetworkX (%d cores; libmst %s, %s)"
          % (THREADS, mstsuite.library_version, ", ".join(mstsuite.solvers())))
    with tempfile.TemporaryDirectory(prefix="python-bench-") as tmp:
        if args.graph and args.graph != "none":
            bench(os.path.basename(args.graph), load_file(args.graph, tmp), tmp)
        if args.random[0] > 0:
            bench("random, %d vertices, %d edge draws" % tuple(args.random),
                  random_graph(*args.random, args.seed), tmp)


if __name__ == "__main__":
    main()
