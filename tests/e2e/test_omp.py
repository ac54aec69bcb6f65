#!/usr/bin/python3
"""End-to-end tests of mst-omp: on every shared graph and on generated corner cases, every
thread count (1-4), union-find variant and filtering choice returns exactly mst-seq's edge set;
the ThreadSanitizer build (make tsan) runs clean on small graphs."""
import os
import random
import subprocess
import unittest

from test_e2e import BIN, SHARED, Workdir, corner_case_graphs, run, shared_graph_paths

OMP = os.path.join(BIN, "mst-omp")
TSAN = os.path.join(os.path.dirname(BIN), "bin", "tsan", "mst-omp")
DSUS = ["waitfree", "lock", "half", "full", "plain"]


@unittest.skipUnless(os.path.exists(OMP), "bin/mst-omp not built")
class OmpSameEdges(Workdir):
    def check(self, graph, runs, *args):
        self.check_same_edges(OMP, graph, runs, *args)

    def test_corner_cases(self):
        cases = corner_case_graphs(11)
        runs = [["-t", str(t)] for t in (1, 2, 3, 4)]
        runs += [["-t", "3", "--dsu", d, f] for d in DSUS for f in ("--filter", "--no-filter")]
        runs += [["-t", "4", "--schedule", s] for s in ("dynamic,1", "guided", "static,3")]
        for name, text in cases.items():
            self.check(self.write(name, text), runs, "--vertices", "10000")

    def test_shared_graphs(self):
        paths = shared_graph_paths()
        for path in paths:
            runs = [["-t", str(t)] for t in (1, 2, 3, 4)]
            runs += [["-t", "3", "--dsu", d] for d in DSUS[1:]]
            runs += [["-t", "2", "--filter"], ["-t", "2", "--no-filter"]]
            self.check(path, runs, "--weights", "random", "--seed", "9")
        if not paths:
            self.skipTest("shared graphs not present")

    def test_bad_options(self):
        path = self.write("g.wel", "0 1 1\n")
        for args in (["--dsu", "nope"], ["--schedule", "often"], ["--schedule", "dynamic,0"],
                     ["-t", "0"]):
            self.assertEqual(run([OMP, *args, path]).returncode, 1, args)


@unittest.skipUnless(os.path.exists(TSAN), "bin/tsan/mst-omp not built (make tsan needs clang)")
class OmpThreadSanitizer(Workdir):
    def test_tsan_clean(self):
        rng = random.Random(3)
        text = "".join("%d %d %d\n" % (rng.randrange(400), rng.randrange(400), rng.randint(1, 20))
                       for _ in range(6000))
        graphs = [self.write("r.wel", text)]
        rome = os.path.join(SHARED, "road", "rome99.gr")
        if os.path.exists(rome):
            graphs.append(rome)
        env = dict(os.environ, TSAN_OPTIONS="ignore_noninstrumented_modules=1 exitcode=66")
        for graph in graphs:
            for d in DSUS:
                for f in ("--filter", "--no-filter"):
                    p = subprocess.run([TSAN, "-t", "4", "--trials", "1", "--dsu", d, f, graph],
                                       capture_output=True, text=True, env=env)
                    self.assertNotIn("ThreadSanitizer", p.stderr, "%s %s %s" % (d, f, graph))
                    self.assertEqual(p.returncode, 0, p.stderr[-2000:])


if __name__ == "__main__":
    unittest.main()
