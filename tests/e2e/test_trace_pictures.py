#!/usr/bin/python3
"""End-to-end tests of mst-trace (docs/trace.md, Pictures): mst-gen writes a grid2d and a
geometric graph with --coordinates, a solver traces its rounds with --trace, and mst-trace draws
one PNG per round and the animated rounds.gif; a former output is replaced, any other folder
refused. Bad input (a missing file, a trace of another graph, an id out of range, a vertex
without coordinates, a usage error) gives one line naming the file and a non-zero exit, never a
traceback, and leaves no folder behind. Skipped only where matplotlib is missing (make test
installs python3-matplotlib). Discovered and run by test_e2e.py."""
import importlib.util
import json
import os
import unittest

from test_e2e import BIN, SEQ, Workdir, run

GEN = os.path.join(BIN, "mst-gen")
OMP = os.path.join(BIN, "mst-omp")
TRACE = os.path.join(BIN, "mst-trace")
HAVE_MATPLOTLIB = importlib.util.find_spec("matplotlib") is not None


@unittest.skipUnless(HAVE_MATPLOTLIB, "no matplotlib (apt-get install python3-matplotlib)")
class Pictures(Workdir):
    def setUp(self):
        super().setUp()
        for binary in (GEN, OMP, TRACE):
            self.require(binary)

    def traced(self, name, family, solver):
        """mst-gen FAMILY with --coordinates, then SOLVER --trace: (graph, .co, trace) paths."""
        graph, co, trace = (self.path(name + ext) for ext in (".wel", ".co", ".jsonl"))
        p = run([GEN, *family, "--quiet", "-o", graph, "--coordinates", co])
        self.assertEqual(p.returncode, 0, p.stderr)
        p = run([*solver, "--trials", "1", "--trace", trace, graph])
        self.assertEqual(p.returncode, 0, p.stderr)
        return graph, co, trace

    def pictures(self, trace, graph, co, out):
        p = run([TRACE, trace, graph, "--coordinates", co, "-o", out])
        self.assertEqual(p.returncode, 0, p.stderr)
        with open(trace) as f:
            rounds = json.loads(f.readline())["rounds"]
        self.assertGreater(rounds, 1)
        names = ["round-%02d.png" % k for k in range(1, rounds + 1)]
        self.assertEqual(sorted(os.listdir(out)), names + ["rounds.gif"])
        for name in names:
            with open(os.path.join(out, name), "rb") as f:
                self.assertEqual(f.read(8), b"\x89PNG\r\n\x1a\n", name)
            self.assertGreater(os.path.getsize(os.path.join(out, name)), 1000, name)
        from PIL import Image
        with Image.open(os.path.join(out, "rounds.gif")) as gif:
            self.assertEqual((gif.format, gif.n_frames), ("GIF", rounds))
        self.assertEqual([f for f in os.listdir(self.dir) if ".tmp-" in f or ".old-" in f], [])
        return rounds

    def test_grid2d_rounds(self):
        graph, co, trace = self.traced("grid", ["grid2d", "--rows", "12", "--cols", "15"],
                                       [OMP, "--algo", "contract", "-t", "2"])
        self.pictures(trace, graph, co, self.path("pics"))
        # Again into the same folder: the former pictures are replaced.
        self.pictures(trace, graph, co, self.path("pics"))

    def test_geometric_steps(self):
        graph, co, trace = self.traced("geo", ["geometric", "--vertices", "300", "--degree",
                                               "4"], [SEQ, "--algo", "kruskal"])
        self.pictures(trace, graph, co, self.path("pics"))

    def expect_error(self, code, args, fragment, out="pics"):
        """mst-trace ARGS -o OUT fails with `code` and one line holding `fragment`; OUT is not
        made and no temporary is left."""
        before = set(os.listdir(self.dir))
        p = run([TRACE, *args, "-o", self.path(out)])
        self.assertEqual(p.returncode, code, "%s: %s" % (args, p.stderr))
        lines = p.stderr.strip().splitlines()
        self.assertEqual(len(lines), 1, p.stderr)
        self.assertTrue(lines[0].startswith("mst-trace: error: "), p.stderr)
        self.assertIn(fragment, lines[0])
        self.assertEqual(set(os.listdir(self.dir)), before)

    def test_errors(self):
        graph, co, trace = self.traced("grid", ["grid2d", "--rows", "6", "--cols", "7"],
                                       [SEQ, "--algo", "boruvka"])
        other, other_co, other_trace = self.traced("other", ["grid2d", "--rows", "6", "--cols",
                                                             "8"], [SEQ, "--algo", "boruvka"])
        self.expect_error(1, [trace, graph], "--coordinates")
        self.expect_error(2, [self.path("none.jsonl"), graph, "--coordinates", co],
                          self.path("none.jsonl") + ": No such file")
        self.expect_error(2, [trace, self.path("none.wel"), "--coordinates", co],
                          self.path("none.wel"))
        self.expect_error(2, [trace, graph, "--coordinates", self.path("none.co")],
                          self.path("none.co"))
        # A trace of another graph: other n and m, then ids beyond this graph's.
        self.expect_error(2, [other_trace, graph, "--coordinates", co],
                          other_trace + ": a trace of a graph of n = 48")
        with open(trace) as f:
            lines = f.read().splitlines()
        last = json.loads(lines[-1])
        last["added"][-1] = 10 ** 6
        bad = self.write("bad.jsonl", "\n".join(lines[:-1] + [json.dumps(last)]) + "\n")
        self.expect_error(2, [bad, graph, "--coordinates", co],
                          "%s:%d: edge id 1000000 is not in 0..70" % (bad, len(lines)))
        self.expect_error(2, [self.write("cut.jsonl", lines[0] + "\n"), graph, "--coordinates",
                              co], "cut short")
        self.expect_error(2, [self.write("junk.jsonl", "junk\n"), graph, "--coordinates", co],
                          "junk.jsonl:1: not a --trace file")
        # Coordinates of another graph, one vertex missing, one out of range.
        self.expect_error(2, [trace, graph, "--coordinates", other_co],
                          other_co + ":1: coordinates of 48 vertices for a graph of 42")
        with open(co) as f:
            points = f.read().splitlines()
        self.expect_error(2, [trace, graph, "--coordinates",
                              self.write("miss.co", "\n".join(points[:6] + points[7:]) + "\n")],
                          "miss.co: no coordinates for vertex 6 (of 1..42)")
        self.expect_error(2, [trace, graph, "--coordinates",
                              self.write("far.co", "\n".join(points + ["v 43 0 0"]) + "\n")],
                          "far.co:44: vertex 43 is not in 1..42")
        # An output that is a file, or a folder of other things, is refused.
        self.expect_error(2, [trace, graph, "--coordinates", co], "is not a folder",
                          out="grid.wel")
        os.mkdir(self.path("mine"))
        self.write("mine/notes.txt", "mine\n")
        self.expect_error(2, [trace, graph, "--coordinates", co], "holds notes.txt", out="mine")
        self.assertEqual(os.listdir(self.path("mine")), ["notes.txt"])


if __name__ == "__main__":
    unittest.main(verbosity=2)
