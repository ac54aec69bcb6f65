#!/usr/bin/python3
"""End-to-end tests of --trace (docs/trace.md): one JSON line per round of the warm-up solve.
Every Borůvka of the suite, with filtering off, at any thread or rank count, adds the same edge
ids in the same round as mst-seq's: the (key, id) order fixes each component's lightest edge.
The lines' components and live edges are replayed from the ids, the rounds' ids together are
the forest written by --output, and the solvers that add one edge at a time (Kruskal,
Filter-Kruskal, Prim) cut their additions into halving steps. Also: --trace with --rounds is a
usage error, and a trace that cannot be written fails before the load."""
import json
import os
import subprocess
import unittest

from test_e2e import BIN, SEQ, Workdir, read_output, run
from test_cuda import REASON as CUDA_REASON
from test_mpi import ENV as MPI_ENV, MPIRUN

GEN = os.path.join(BIN, "mst-gen")
OMP = os.path.join(BIN, "mst-omp")
CUDA = os.path.join(BIN, "mst-cuda")
MPI = os.path.join(BIN, "mst-mpi")

# mst-gen arguments of the graphs every Borůvka traces: a grid, ties everywhere (unit weights),
# a skewed graph, and a forest of three parts with isolated vertices.
GRAPHS = {
    "grid.wel": ["grid2d", "--rows", "18", "--cols", "23"],
    "ties.wel": ["random", "--vertices", "400", "--edges", "1600", "--weights", "unit"],
    "rmat.wel": ["rmat", "--scale", "9"],
    "forest.wel": ["components", "--parts", "3", "random", "--vertices", "150", "--edges",
                   "200"],
}

# The Borůvka solvers with filtering off, each as (name, command before the graph).
BORUVKA = [
    ("omp boruvka 1", [OMP, "--algo", "boruvka", "--no-filter", "-t", "1"]),
    ("omp boruvka 2", [OMP, "--algo", "boruvka", "--no-filter", "-t", "2"]),
    ("omp contract 1", [OMP, "--algo", "contract", "-t", "1"]),
    ("omp contract 2", [OMP, "--algo", "contract", "-t", "2"]),
]
CUDA_BORUVKA = [
    ("cuda ecl", [CUDA, "--algo", "ecl", "--no-filter"]),
    ("cuda contract", [CUDA, "--algo", "contract"]),
    ("cuda primitives", [CUDA, "--algo", "primitives", "--no-filter"]),
    ("cuda dense", [CUDA, "--algo", "dense"]),
]

MPI_BORUVKA = [("mpi %s %d x %d" % (algo, np, t),
                [MPIRUN, "-np", str(np), MPI, "--algo", algo, *extra, "-t", str(t)])
               for algo, extra in (("boruvka", ["--no-filter", "--no-local-contraction"]),
                                   ("boruvka-allreduce", []))
               for np, t in ((1, 1), (2, 1), (3, 1), (2, 2))
               if t == 1 or algo == "boruvka"] if MPIRUN else []


def read_trace(path):
    """(header, round lines) of a trace file."""
    with open(path) as f:
        lines = [json.loads(line) for line in f]
    return lines[0], lines[1:]


class Trace(Workdir):
    def setUp(self):
        super().setUp()
        self.graphs = {}
        for name, args in GRAPHS.items():
            path = self.path(name)
            p = run([GEN, *args, "--seed", "7", "--quiet", "-o", path])
            self.assertEqual(p.returncode, 0, p.stderr)
            self.graphs[name] = path

    def trace(self, command, graph, env=None):
        """Runs command with --trace and --output on graph; returns (header, rounds, forest
        edge ids from --output-format ids)."""
        trace, out = self.path("trace.jsonl"), self.path("forest.ids")
        for f in (trace, out):
            if os.path.exists(f):
                os.remove(f)
        p = run([*command, "--trials", "1", "--trace", trace, "--output", out,
                 "--output-format", "ids", graph], env=env)
        self.assertEqual(p.returncode, 0, "%s: %s" % (command, p.stderr))
        header, rounds = read_trace(trace)
        return header, rounds, sorted(int(x) for x in read_output(out))

    def check_replay(self, header, rounds, forest):
        """The lines agree with their own ids: round 1 starts with n components and every edge
        live, each round's components are the previous ones less its additions, live edges
        never grow, and the ids together are the forest."""
        self.assertEqual(header["rounds"], len(rounds))
        self.assertEqual(rounds[0]["components"], header["n"])
        self.assertEqual(rounds[0]["live_edges"], header["m"])
        for a, b in zip(rounds, rounds[1:]):
            self.assertEqual(b["round"], a["round"] + 1)
            self.assertEqual(b["components"], a["components"] - len(a["added"]))
            self.assertLess(b["live_edges"], a["live_edges"])
        for r in rounds:
            self.assertEqual(r["added"], sorted(r["added"]))
        self.assertEqual(sorted(i for r in rounds for i in r["added"]), forest)

    def check_same_rounds(self, runs, env=None):
        for name, graph in self.graphs.items():
            header, ref, forest = self.trace([SEQ, "--algo", "boruvka"], graph)
            self.assertEqual(header["unit"], "round")
            self.check_replay(header, ref, forest)
            for label, command in runs:
                h, rounds, f = self.trace(command, graph, env)
                self.assertEqual(f, forest, "%s on %s: forest" % (label, name))
                self.assertEqual(rounds, ref, "%s on %s: rounds differ from mst-seq "
                                 "--algo boruvka's" % (label, name))
                self.assertEqual((h["n"], h["m"], h["unit"]),
                                 (header["n"], header["m"], "round"))

    def test_every_boruvka_adds_the_same_ids_each_round(self):
        self.require(OMP)
        self.check_same_rounds(BORUVKA, env=dict(os.environ, OMP_WAIT_POLICY="passive"))

    @unittest.skipIf(CUDA_REASON is not None, CUDA_REASON or "")
    def test_gpu_boruvkas_add_the_same_ids_each_round(self):
        self.check_same_rounds(CUDA_BORUVKA)

    def test_one_edge_at_a_time_solvers_trace_halving_steps(self):
        graph = self.graphs["forest.wel"]
        for algo in ("kruskal", "filter-kruskal", "prim"):
            header, steps, forest = self.trace([SEQ, "--algo", algo], graph)
            self.assertEqual(header["unit"], "step", algo)
            self.check_replay(header, steps, forest)
            left = len(forest)
            for s in steps:
                self.assertEqual(len(s["added"]), (left + 1) // 2, algo)
                left -= len(s["added"])
        # Kruskal's steps are the forest in (key, id) order: Filter-Kruskal's are the same.
        self.assertEqual(self.trace([SEQ, "--algo", "filter-kruskal"], graph)[1],
                         self.trace([SEQ, "--algo", "kruskal"], graph)[1])

    @unittest.skipIf(MPIRUN is None, "mpirun not found")
    def test_distributed_boruvkas_add_the_same_ids_each_round(self):
        self.check_same_rounds(MPI_BORUVKA, env=dict(MPI_ENV, OMP_WAIT_POLICY="passive"))

    @unittest.skipIf(MPIRUN is None, "mpirun not found")
    def test_distributed_boruvka_with_its_local_pass_and_filtering(self):
        """The local pass's edges (a block partition keeps a grid's edges local) come first,
        then the rounds: the lines replay, whatever they hold."""
        for name in ("grid.wel", "ties.wel"):
            header, rounds, forest = self.trace(
                [MPIRUN, "-np", "2", MPI, "--algo", "boruvka", "--partition", "block"],
                self.graphs[name], env=MPI_ENV)
            self.check_replay(header, rounds, forest)

    @unittest.skipIf(MPIRUN is None, "mpirun not found")
    def test_ghs_traces_its_levels(self):
        """A line per GHS level: the edges fragments of that level chose, at any rank count."""
        graph = self.graphs["forest.wel"]
        for np in (1, 2, 3):
            header, levels, forest = self.trace([MPIRUN, "-np", str(np), MPI, "--algo", "ghs"],
                                                graph, env=MPI_ENV)
            self.assertEqual(header["unit"], "level")
            self.check_replay(header, levels, forest)

    def test_filtering_traces_its_own_rounds(self):
        """The light pass's rounds, then the heavy pass's: the same forest, other rounds."""
        self.require(OMP)
        graph = self.graphs["ties.wel"]
        header, rounds, forest = self.trace([OMP, "--algo", "boruvka", "--filter", "-t", "1"],
                                            graph)
        self.check_replay(header, rounds, forest)

    def test_errors(self):
        graph = self.graphs["grid.wel"]
        p = run([SEQ, "--rounds", "2", "--weights", "random", "--trace", self.path("t"), graph])
        self.assertEqual(p.returncode, 1)
        self.assertIn("--trace records one solve: it takes no --rounds", p.stderr)
        missing = self.path("no/such/dir/t.jsonl")
        p = run([SEQ, "--trace", missing, graph])
        self.assertEqual(p.returncode, 2, p.stderr)
        self.assertEqual(p.stderr.strip().splitlines(),
                         ["mst-seq: error: %s: No such file or directory" % missing])
        self.assertEqual(p.stdout, "")


if __name__ == "__main__":
    unittest.main()
