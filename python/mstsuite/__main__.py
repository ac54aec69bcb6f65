"""python3 -m mstsuite [options] GRAPH: the forest of a graph file through libmst, summarized as
mst-seq summarizes it (docs/python.md)."""
import argparse
import sys
import time

from . import _lib
from .forest import Graph, solvers


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python3 -m mstsuite",
                                     description="The minimum spanning forest of a graph file "
                                                 "(any format the suite reads) through libmst.")
    parser.add_argument("graph", help="the graph file")
    parser.add_argument("--solver", default="seq", choices=solvers())
    parser.add_argument("--algo", help="the solver's variant (default: its first)")
    parser.add_argument("-t", "--threads", type=int, help="threads (omp)")
    parser.add_argument("--device", type=int, help="the GPU (cuda; default 0)")
    parser.add_argument("--maximum", action="store_true", help="the maximum spanning forest")
    parser.add_argument("--verify", action="store_true", help="certify the forest")
    a = parser.parse_args(argv)
    try:
        t0 = time.perf_counter()
        with Graph.load(a.graph) as g:
            load_s = time.perf_counter() - t0
            t0 = time.perf_counter()
            edges, total = g.solve(a.solver, a.algo, a.threads, verify=a.verify,
                                   maximum=a.maximum, device=a.device)
            solve_s = time.perf_counter() - t0
    except (ValueError, MemoryError, RuntimeError) as e:
        print("python3 -m mstsuite: error: %s" % e, file=sys.stderr)
        return 2 if isinstance(e, ValueError) else 3
    print("mstsuite (%s %s) on %s" % (a.solver, a.algo or "default", a.graph))
    print("  vertices         %d" % g.n)
    print("  edges            %d" % g.m)
    print("  objective        %s spanning forest" % ("maximum" if a.maximum else "minimum"))
    print("  components       %d" % (g.n - len(edges)))
    print("  MSF edges        %d" % len(edges))
    print("  MSF weight       %s" % total)
    print("  load time        %.4f s" % load_s)
    print("  solve time       %.6f s%s" % (solve_s, ", verified" if a.verify else ""))
    print("  library          libmst %s (%s)" % (_lib.version, _lib.path))
    return 0


if __name__ == "__main__":
    sys.exit(main())
