#!/usr/bin/python3
"""End-to-end tests of mst-omp: on every shared graph and on generated corner cases, every
thread count (1-4), union-find variant and filtering choice returns exactly mst-seq's edge set;
the ThreadSanitizer build (make tsan) runs clean on small graphs."""
import os
import random
import subprocess
import unittest

from test_e2e import BIN, SHARED, Workdir, run, _shared_cases

OMP = os.path.join(BIN, "mst-omp")
TSAN = os.path.join(os.path.dirname(BIN), "bin", "tsan", "mst-omp")
DSUS = ["waitfree", "lock", "half", "full", "plain"]


@unittest.skipUnless(os.path.exists(OMP), "bin/mst-omp not built")
class OmpSameEdges(Workdir):
    def check(self, graph, runs, *args):
        self.check_same_edges(OMP, graph, runs, *args)

    def test_corner_cases(self):
        rng = random.Random(11)
        cases = {
            "empty.wel": "",
            "loops.wel": "0 0 1\n1 1 2\n",
            "multi.wel": "0 1 5\n0 1 3\n1 0 3\n0 1 3\n1 2 4\n2 1 4\n",
            "forest.wel": "".join("%d %d %d\n" % (2 * i, 2 * i + 1, i % 3) for i in range(500)),
            "equal.wel": "".join("%d %d 7\n" % (rng.randrange(300), rng.randrange(300))
                                 for _ in range(3000)),
            "neg.wel": "".join("%d %d %d\n" % (rng.randrange(100), rng.randrange(100),
                                               rng.randint(-5, 5)) for _ in range(2000)),
            "float.wel": "".join("%d %d %.3f\n" % (rng.randrange(200), rng.randrange(200),
                                                   rng.uniform(-1, 1)) for _ in range(2000)),
            "star.wel": "".join("0 %d %d\n" % (i, rng.randint(1, 3)) for i in range(1, 5000)),
            "path.wel": "".join("%d %d 1\n" % (i, i + 1) for i in range(5000)),
            # Edge 0 with the smallest key: its packed (key, id) word is 0.
            "minkey.wel": "0 1 -2147483648\n" + "".join(
                "%d %d %d\n" % (rng.randrange(100), rng.randrange(100), rng.randint(-9, 9))
                for _ in range(1000)),
        }
        runs = [["-t", str(t)] for t in (1, 2, 3, 4)]
        runs += [["-t", "3", "--dsu", d, f] for d in DSUS for f in ("--filter", "--no-filter")]
        runs += [["-t", "4", "--schedule", s] for s in ("dynamic,1", "guided", "static,3")]
        for name, text in cases.items():
            self.check(self.write(name, text), runs, "--vertices", "10000")

    def test_shared_graphs(self):
        found = False
        for name, *_ in _shared_cases():
            path = os.path.join(SHARED, name)
            if not os.path.exists(path):
                continue
            found = True
            runs = [["-t", str(t)] for t in (1, 2, 3, 4)]
            runs += [["-t", "3", "--dsu", d] for d in DSUS[1:]]
            runs += [["-t", "2", "--filter"], ["-t", "2", "--no-filter"]]
            self.check(path, runs, "--weights", "random", "--seed", "9")
        if not found:
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
