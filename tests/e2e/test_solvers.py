"""Every variant of every solver in the Makefile's SOLVER_LIST returns exactly mst-seq Kruskal's
edge set, on generated corner cases and three bundled graphs: a solver added to the list is
tested here with no edit. Solvers run as their --describe says (mpirun for "ranks"); a GPU
solver on a machine without a GPU is skipped. Per-solver files (test_omp.py, test_mpi.py,
test_cuda.py) test each one's own options. Discovered and run by test_e2e.py."""
import os
import shutil
import sys
import unittest

import manifest
from test_e2e import BIN, ROOT, Workdir, corner_case_graphs, read_output, run

sys.path.insert(0, os.path.join(ROOT, "report"))
from solvers import Catalog, solver_list  # noqa: E402  (after the path is set)

GRAPHS = ["road/rome99.gr.gz", "mesh/commanche_dual.mtx.gz", "internet/as20graph.txt.gz"]
MPI_ENV = dict(os.environ, OMPI_ALLOW_RUN_AS_ROOT="1", OMPI_ALLOW_RUN_AS_ROOT_CONFIRM="1",
               OMPI_MCA_rmaps_base_oversubscribe="1")


def probe(catalog, solver, graph):
    """None if `solver` runs here, else why not (no mpirun, no GPU)."""
    if catalog.parallelism(solver) == "ranks" and shutil.which("mpirun") is None:
        return "no mpirun"
    cmd = catalog.launcher(solver, 1, "--quiet") + [catalog.path(solver), "--trials", "1", graph]
    p = run(cmd, env=MPI_ENV)
    if p.returncode == 3 and "no GPU (" in p.stderr:
        return "no GPU"
    return None


class EverySolver(Workdir):
    @classmethod
    def setUpClass(cls):
        """The listed solvers that can run here, and why the others cannot. A solver that is not
        built where its toolchain exists fails in its own per-solver test file."""
        cls.catalog = Catalog(BIN)
        cls.runnable, cls.unrunnable = [], []
        graph = manifest.path(GRAPHS[0])
        for solver, _, _ in solver_list(ROOT):
            if solver not in cls.catalog.solvers():
                cls.unrunnable.append("%s: %s" % (solver, cls.catalog.missing().get(solver)))
                continue
            why = probe(cls.catalog, solver, graph)
            (cls.unrunnable.append("%s: %s" % (solver, why)) if why
             else cls.runnable.append(solver))

    def expect_same(self, graph, *args):
        """Every variant of every runnable solver writes mst-seq Kruskal's edges for graph."""
        ref = self.path("ref.txt")
        p = run([os.path.join(BIN, "mst-seq"), "--trials", "1", "--output", ref, *args, graph])
        self.assertEqual(p.returncode, 0, p.stderr)
        for solver in self.runnable:
            for variant in self.catalog.variants(solver):
                out = self.path("out.txt")
                cmd = self.catalog.launcher(solver, 2, "--quiet") + [
                    self.catalog.path(solver), "--algo", variant, "--trials", "2"]
                p = run(cmd + ["--output", out, *args, graph], env=MPI_ENV)
                self.assertEqual(p.returncode, 0, "%s --algo %s: %s" % (solver, variant, p.stderr))
                self.assertEqual(read_output(out), read_output(ref),
                                 "%s --algo %s on %s: edge sets differ" % (solver, variant, graph))

    def test_every_listed_solver_runs_here(self):
        """One skip (counted) names the solvers this machine cannot run."""
        self.assertIn("mst-seq", self.runnable)
        if self.unrunnable:
            self.skipTest("; ".join(self.unrunnable))

    def test_corner_cases(self):
        for name, text in corner_case_graphs(21).items():
            with self.subTest(graph=name):
                self.expect_same(self.write(name, text), "--vertices", "10000")

    def test_bundled_graphs(self):
        for name in GRAPHS:
            with self.subTest(graph=name):
                self.expect_same(manifest.path(name), "--weights", "random", "--seed", "5")


if __name__ == "__main__":
    unittest.main()
