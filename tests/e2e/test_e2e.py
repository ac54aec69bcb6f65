#!/usr/bin/python3
"""End-to-end tests of the executables (mst-seq, mst-verify): the real graphs bundled in graphs/
against the figures of graphs/MANIFEST.tsv, weighted graphs against an independent oracle
(python3-igraph), generated corner cases, identical edge sets from every algorithm mst-seq
reports (--describe), and the error contract (one-line message with file and line, exit codes,
no output file left behind). Run directly, it runs every tests/e2e/test_*.py."""
import json
import os
import random
import subprocess
import sys
import tempfile
import unittest

import manifest
import oracle
from describe import variants

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BIN = os.path.join(ROOT, "bin")
SEQ = os.path.join(BIN, "mst-seq")


def run(args, **kw):
    return subprocess.run(args, capture_output=True, text=True, **kw)


def solve(graph, *args, algo=None, binary="mst-seq"):
    """Runs a solver with --json (and --algo ALGO if given) and returns (parsed result,
    completed process)."""
    choice = ["--algo", algo] if algo else []
    p = run([os.path.join(BIN, binary), "--json", "--trials", "1", *choice, *args, graph])
    result = json.loads(p.stdout) if p.returncode == 0 else None
    return result, p


def read_output(path):
    with open(path) as f:
        return [line for line in f if not line.startswith("#")]


class Workdir(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.dir = self.tmp.name

    def tearDown(self):
        self.tmp.cleanup()

    def path(self, name):
        return os.path.join(self.dir, name)

    def write(self, name, text):
        with open(self.path(name), "w") as f:
            f.write(text)
        return self.path(name)

    def require(self, binary, lacking=None):
        """Fails the test when the executable `binary` is missing, as make test builds them all;
        skips it instead when `binary` cannot be built here for want of `lacking` (a tool this
        machine does not have, e.g. "nvcc")."""
        if os.path.exists(binary):
            return
        if lacking is not None:
            self.skipTest("no %s on this machine: %s is not built" % (lacking, binary))
        self.fail("%s is missing: make all builds it" % binary)

    def check_all_algos(self, graph, *args, expect_weight=None, expect_edges=None):
        """Every algorithm mst-seq reports verifies, they write byte-identical outputs (the
        default algorithm's is left in self.msf_output), mst-verify accepts them, and the
        weight/edge count match the expectations. Returns the default algorithm's result."""
        outputs, first = [], None
        for algo in variants(SEQ):
            out = self.path("msf-%s.txt" % algo)
            r, p = solve(graph, "--output", out, *args, algo=algo)
            self.assertEqual(p.returncode, 0, "%s --algo %s: %s" % (graph, algo, p.stderr))
            self.assertIs(r["verified"], True)
            if expect_weight is not None:
                self.assertAlmostEqual(float(r["msf_weight"]), float(expect_weight), places=3)
            if expect_edges is not None:
                self.assertEqual(r["msf_edges"], expect_edges)
            outputs.append(read_output(out))
            if first is None:
                first, self.msf_output = r, out
            v = run([os.path.join(BIN, "mst-verify"), *args, graph, out])
            self.assertEqual(v.returncode, 0, v.stderr)
        for algo, o in zip(variants(SEQ)[1:], outputs[1:]):
            self.assertEqual(o, outputs[0], "%s: %s disagrees with %s on the edge set" %
                             (graph, algo, variants(SEQ)[0]))
        return first

    def check_same_edges(self, binary, graph, runs, *args):
        """Each run of `binary` (its extra arguments in `runs`), with each variant it reports,
        writes exactly mst-seq's edges."""
        out = self.path("seq.txt")
        p = run([SEQ, "--trials", "1", "--output", out, *args, graph])
        self.assertEqual(p.returncode, 0, p.stderr)
        ref = read_output(out)
        for algo in variants(binary):
            for extra in [["--algo", algo, *e] for e in runs]:
                out = self.path("other.txt")
                p = run([binary, "--trials", "2", "--output", out, *extra, *args, graph])
                self.assertEqual(p.returncode, 0, "%s %s: %s" % (extra, graph, p.stderr))
                self.assertEqual(read_output(out), ref,
                                 "%s on %s: edge sets differ" % (extra, graph))


class BundledGraphs(Workdir):
    """Every graph of graphs/MANIFEST.tsv loads with its figures (the file's weights, else unit
    weights); every algorithm finds the same forest with those and with random weights."""


def _make_bundled_test(row):
    def test(self):
        path = manifest.path(row["path"])
        r = self.check_all_algos(path, "--weights", "keep", expect_weight=row["msf_weight"],
                                 expect_edges=row["msf_edges"])
        weights = ("no" if r["weights"] == "unit" else
                   "real" if r["weight_type"] in ("float32", "float64") else "integer")
        self.assertEqual((r["format"], r["n"], r["self_loops"], r["components"], weights),
                         (row["format"], row["n"], row["self_loops"], row["components"],
                          row["weights"]))
        self.check_all_algos(path, "--weights", "random", "--seed", "7",
                             expect_edges=row["msf_edges"])
    return test


def corner_case_graphs(seed):
    """Generated corner cases every solver's tests run (name -> edge-list text, 0-based)."""
    rng = random.Random(seed)
    return {
        "empty.wel": "",
        "loops.wel": "0 0 1\n1 1 2\n",
        "isolated.wel": "3 4 2\n10 11 1\n",
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
        "complete.wel": "".join("%d %d %d\n" % (u, v, rng.randint(1, 50))
                                for u in range(70) for v in range(u + 1, 70)),
        # Edge 0 with the smallest key (its packed (key, id) word is 0), edge 1 the largest.
        "minkey.wel": "0 1 -2147483648\n1 2 2147483647\n" + "".join(
            "%d %d %d\n" % (rng.randrange(100), rng.randrange(100), rng.randint(-9, 9))
            for _ in range(1000)),
    }


CONTRACT_PHASES = {"csr", "min-edge", "mirrors", "colors", "new-ids", "contract"}


class ContractPhases:
    """The --phases checks of every `--algo contract` (Sousa et al. 2015), mixed into a
    Workdir test case that sets PROGRAM (the executable), ARGS (its other options) and
    EXTRA_PHASES: the phases, counters and rounds array, whose vertex counts shrink while edges
    remain; merging parallel arcs keeps the rounds' vertices and only removes arcs."""
    PROGRAM, ARGS, EXTRA_PHASES = None, [], set()

    def phases(self, graph, merge, *args):
        p = run([self.PROGRAM, "--algo", "contract", *self.ARGS, merge, "--phases", "--json",
                 "--trials", "1", *args, graph])
        self.assertEqual(p.returncode, 0, p.stderr)
        return json.loads(p.stdout)

    def check_rounds(self, r):
        """One entry per round, the graph's n and m first, n shrinking, m above zero."""
        rounds = r["rounds"]
        self.assertEqual(len(rounds), r["counters"]["rounds"])
        if r["m"] == 0:
            self.assertEqual(rounds, [])
            return
        self.assertEqual(rounds[0], [r["n"], r["m"]])
        for (n0, _), (n1, m1) in zip(rounds, rounds[1:]):
            self.assertLess(n1, n0, rounds)
            self.assertGreater(m1, 0, rounds)

    def test_phases_counters_rounds(self):
        graphs = [(manifest.path("road/USA-road-NY.pace.gr.gz"), []),
                  (manifest.path("road/rome99.gr.gz"), [])]
        for name, text in contract_cases(6).items():
            graphs.append((self.write(name, text), ["--vertices", "10000"]))
        graphs.append((self.write("none.wel", ""), ["--vertices", "10"]))
        for graph, args in graphs:
            with self.subTest(graph=graph):
                plain = self.phases(graph, "--no-merge-parallel", *args)
                merged = self.phases(graph, "--merge-parallel", *args)
                for r in (plain, merged):
                    self.assertTrue(CONTRACT_PHASES | self.EXTRA_PHASES <= set(r["phases"]),
                                    r["phases"])
                    self.assertTrue({"rounds", "color-steps", "merged-parallel"}
                                    <= set(r["counters"]), r["counters"])
                    self.check_rounds(r)
                self.assertEqual(plain["counters"]["merged-parallel"], 0)
                # Merging never changes which edges the rounds choose, only how many arcs remain.
                self.assertEqual([n for n, _ in merged["rounds"]],
                                 [n for n, _ in plain["rounds"]])
                for (_, mm), (_, mp) in zip(merged["rounds"], plain["rounds"]):
                    self.assertLessEqual(mm, mp)

    def test_merge_removes_parallel_arcs(self):
        graph = self.write("p.wel", contract_cases(7)["parallel-equal.wel"])
        merged = self.phases(graph, "--merge-parallel")
        plain = self.phases(graph, "--no-merge-parallel")
        # 4000 equal-key edges on at most 150 vertex pairs: most arcs of round 2 are parallel.
        self.assertGreater(merged["counters"]["merged-parallel"], 0)
        self.assertLess(merged["rounds"][1][1], plain["rounds"][1][1])


def contract_cases(seed):
    """Graphs that stress contraction (name -> edge-list text, 0-based): parallel edges of equal
    keys, a forest with isolated vertices between its trees, stars, paths whose successors form
    one long chain, all-equal weights."""
    rng = random.Random(seed)
    pairs = [(rng.randrange(60), rng.randrange(60)) for _ in range(150)]
    trees = []
    for base in range(0, 3000, 100):  # a tree on base..base+59; base+60..base+99 stay isolated
        trees += ["%d %d %d\n" % (base + i, base + rng.randrange(i), rng.randint(1, 4))
                  for i in range(1, 60)]
    return {
        "parallel-equal.wel": "".join("%d %d 2\n" % pairs[rng.randrange(150)]
                                      for _ in range(4000)),
        "forest-isolated.wel": "".join(trees),
        "star-equal.wel": "".join("0 %d 5\n%d 0 5\n" % (i, i) for i in range(1, 3000)),
        "star-hubs.wel": "".join("%d %d %d\n" % (i % 3, i, rng.randint(1, 9))
                                 for i in range(3, 4000)),
        "path-up.wel": "".join("%d %d %d\n" % (i, i + 1, i) for i in range(6000)),
        "path-down.wel": "".join("%d %d %d\n" % (i, i + 1, 6000 - i) for i in range(6000)),
        "equal-dense.wel": "".join("%d %d 1\n" % (rng.randrange(500), rng.randrange(500))
                                   for _ in range(8000)),
    }


for _row in manifest.rows():
    setattr(BundledGraphs, manifest.method_name(_row["path"]), _make_bundled_test(_row))


class Oracle(Workdir):
    """MSF weights of weighted graphs agree with python3-igraph."""

    def test_rome99(self):
        path = manifest.path("road/rome99.gr.gz")
        n, edges = oracle.read_dimacs_sp(path)
        self.check_all_algos(path, expect_weight=oracle.msf_weight(n, edges))

    def test_commanche_dual(self):
        path = manifest.path("mesh/commanche_dual.mtx.gz")
        n, edges = oracle.read_mtx(path)
        self.check_all_algos(path, expect_weight=oracle.msf_weight(n, edges))

    def test_random_multigraphs(self):
        rng = random.Random(2026)
        for trial in range(30):
            n = rng.randint(1, 300)
            m = rng.randint(0, 4 * n)
            kind = trial % 3
            edges = []
            for _ in range(m):
                u, v = rng.randrange(n), rng.randrange(n)
                w = (rng.randint(1, 5) if kind == 0 else rng.randint(-10**9, 10**9) if kind == 1
                     else round(rng.uniform(-100, 100), 3))
                edges.append((u, v, w))
            path = self.write("g%d.wel" % trial, "".join("%d %d %s\n" % e for e in edges))
            self.check_all_algos(path, "--vertices", str(n),
                                 expect_weight=oracle.msf_weight(n, edges))


class CornerCases(Workdir):
    def test_empty_graph(self):
        r = self.check_all_algos(self.write("empty.wel", ""), expect_edges=0, expect_weight=0)
        self.assertEqual((r["n"], r["m"], r["components"]), (0, 0, 0))

    def test_one_vertex(self):
        r = self.check_all_algos(self.write("one.wel", "# nothing\n"), "--vertices", "1",
                                 expect_edges=0)
        self.assertEqual((r["n"], r["components"]), (1, 1))

    def test_isolated_vertices(self):
        r = self.check_all_algos(self.write("iso.wel", "0 1 5\n1 2 3\n"), "--vertices", "10",
                                 expect_edges=2, expect_weight=8)
        self.assertEqual(r["components"], 8)

    def test_only_self_loops(self):
        r = self.check_all_algos(self.write("loops.wel", "0 0 1\n1 1 2\n2 2 3\n"),
                                 expect_edges=0)
        self.assertEqual((r["n"], r["m"], r["self_loops"], r["components"]), (3, 0, 3, 3))

    def test_all_weights_equal(self):
        rng = random.Random(5)
        text = "".join("%d %d 7\n" % (rng.randrange(50), rng.randrange(50)) for _ in range(400))
        path = self.write("equal.wel", text)
        n, edges = oracle.read_wel(path)
        self.check_all_algos(path, expect_weight=oracle.msf_weight(n, edges))

    def test_multi_edges_pick_lightest_then_lowest_id(self):
        path = self.write("multi.wel", "0 1 5\n0 1 3\n1 0 3\n0 1 3\n1 2 4\n2 1 4\n")
        self.check_all_algos(path, expect_weight=7, expect_edges=2)
        self.assertEqual(read_output(self.msf_output), ["0 1 3\n", "1 2 4\n"])

    def test_many_components(self):
        text = "".join("%d %d %d\n" % (2 * i, 2 * i + 1, i) for i in range(1000))
        r = self.check_all_algos(self.write("pairs.wel", text), expect_edges=1000)
        self.assertEqual(r["components"], 1000)

    def test_negative_and_float_weights(self):
        path = self.write("neg.wel", "0 1 -5\n1 2 -7\n0 2 -6\n2 3 0\n")
        self.check_all_algos(path, expect_weight=-13)
        path = self.write("float.wel", "0 1 0.5\n1 2 -0.25\n0 2 1e-3\n2 3 -0.0\n3 0 0.0\n")
        r = self.check_all_algos(path, expect_weight=-0.25)
        self.assertEqual(r["weight_type"], "float64")
        # Integers and reals together: float64, exact here.
        path = self.write("mixed.wel", "0 1 5000000000\n1 2 0.5\n0 2 6000000000\n")
        r = self.check_all_algos(path, expect_weight=5000000000.5)
        self.assertEqual(r["weight_type"], "float64")

    def test_uint32_weights(self):
        path = self.write("big.wel", "0 1 4000000000\n1 2 3000000000\n0 2 4294967295\n")
        r = self.check_all_algos(path, expect_weight=7000000000)
        self.assertEqual(r["weight_type"], "uint32")

    def test_huge_ids(self):
        path = self.write("huge.wel", "49999990 49999993 1\n0 49999993 2\n")
        r = self.check_all_algos(path, expect_edges=2, expect_weight=3)
        self.assertEqual((r["n"], r["components"]), (49999994, 49999992))
        path = self.write("too-big.wel", "0 4294967295 1\n")
        r, p = solve(path)
        self.assertEqual(p.returncode, 2, p.stderr)
        self.assertIn("too-big.wel:1:", p.stderr)

    def test_one_based_output_numbering(self):
        path = self.write("g.gr", "p sp 3 4\na 1 2 5\na 2 1 5\na 2 3 1\na 3 2 1\n")
        self.check_all_algos(path, expect_weight=6)
        self.assertEqual(read_output(self.msf_output), ["1 2 5\n", "2 3 1\n"])

    def test_random_weights_are_deterministic(self):
        text = "".join("%d %d\n" % (i, (i * 7 + 1) % 200) for i in range(200))
        path = self.write("unweighted.el", text)
        a, _ = solve(path, "--seed", "3")
        b, _ = solve(path, "--seed", "3")
        c, _ = solve(path, "--seed", "4")
        self.assertEqual(a["msf_weight"], b["msf_weight"])
        self.assertNotEqual(a["msf_weight"], c["msf_weight"])
        self.assertEqual((a["weights"], a["seed"]), ("random", 3))


class Errors(Workdir):
    """Bad input: one line naming file and line, exit 2, no output file left behind."""

    def expect_input_error(self, name, text, fragment):
        path = self.write(name, text)
        out = self.path("out.txt")
        for algo in variants(SEQ):
            r, p = solve(path, "--output", out, algo=algo)
            self.assertEqual(p.returncode, 2, p.stderr)
            lines = p.stderr.strip().splitlines()
            self.assertEqual(len(lines), 1, p.stderr)
            self.assertIn("mst-seq: error: %s" % path, lines[0])
            self.assertIn(fragment, lines[0])
            left = [f for f in os.listdir(self.dir) if f.startswith("out.txt")]
            self.assertEqual(left, [], "files left behind")

    def test_malformed_inputs(self):
        self.expect_input_error("a.wel", "0 1 2\n0 x 3\n", ":2:")
        self.expect_input_error("b.gr", "p sp 3 2\na 1 2 3\n", "header says")
        self.expect_input_error("c.gr", "p sp 3 1\na 1 4 3\n", ":2:")
        self.expect_input_error("d.mtx", "%%MatrixMarket matrix array real general\n2 2\n1\n2\n3\n4\n",
                                "array")
        self.expect_input_error("e.wel", "0 1 nan\n", ":1:")
        self.expect_input_error("f.wel", "0 1 99999999999999999999\n", ":1:")
        self.expect_input_error("g.graph", "3 2\n2\n1 3\n", "")

    def test_random_bytes(self):
        rng = random.Random(1)
        for ext in (".wel", ".gr", ".mtx", ".graph", ".egr", ".msb"):
            data = bytes(rng.randrange(256) for _ in range(3000))
            path = self.path("junk" + ext)
            with open(path, "wb") as f:
                f.write(data)
            r, p = solve(path)
            self.assertEqual(p.returncode, 2, "%s: %s" % (ext, p.stderr))
            self.assertEqual(len(p.stderr.strip().splitlines()), 1)
            os.unlink(path)

    def test_missing_file_and_directory(self):
        r, p = solve(self.path("nope.wel"))
        self.assertEqual(p.returncode, 2)
        self.assertIn("nope.wel", p.stderr)
        r, p = solve(self.dir)
        self.assertEqual(p.returncode, 2)

    def test_bad_usage(self):
        path = self.write("ok.wel", "0 1 1\n")
        for args in (["--algo", "nope"], ["--trials", "0"], ["--bogus"], ["--weights", "x"]):
            p = run([SEQ, *args, path])
            self.assertEqual(p.returncode, 1, args)
        self.assertEqual(run([SEQ]).returncode, 1)
        self.assertEqual(run([SEQ, "--help"]).returncode, 0)

    def test_verify_rejects_tampered_answer(self):
        path = self.write("g.wel", "0 1 1\n1 2 2\n0 2 3\n2 3 1\n")
        self.check_all_algos(path)
        good = self.msf_output
        bad = self.write("bad.txt", "0 1 1\n0 2 3\n2 3 1\n")
        p = run([os.path.join(BIN, "mst-verify"), path, bad])
        self.assertEqual(p.returncode, 4, p.stderr)
        self.assertIn("lighter", p.stderr)
        short = self.write("short.txt", "".join(read_output(good)[:-1]))
        self.assertEqual(run([os.path.join(BIN, "mst-verify"), path, short]).returncode, 4)
        alien = self.write("alien.txt", "0 3 1\n0 1 1\n1 2 2\n")  # well-formed, no such edge
        self.assertEqual(run([os.path.join(BIN, "mst-verify"), path, alien]).returncode, 4)


if __name__ == "__main__":
    runner = unittest.TextTestRunner(verbosity=2, stream=sys.stdout)
    # Every tests/e2e/test_*.py: this file, and those of mst-gen, mst-convert, the solvers...
    suite = unittest.defaultTestLoader.discover(os.path.dirname(os.path.abspath(__file__)),
                                                pattern="test_*.py")
    result = runner.run(suite)
    failed = len(result.failures) + len(result.errors)
    skipped = len(result.skipped)
    passed = result.testsRun - failed - skipped
    print("e2e: %d passed, %d failed, %d skipped" % (passed, failed, skipped))
    sys.exit(1 if failed else 0)
