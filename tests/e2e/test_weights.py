#!/usr/bin/python3
"""End-to-end tests of exact weights of every type, --maximum and edge-id output (docs/formats.md,
Numbers and Forest files; docs/design.md, Data model): every variant of every solver that runs
here (as --describe lists them; mst-mpi under mpirun with 1 and 2 ranks) must return the edge set
of an independent oracle (a small Kruskal in Python over the (weight, edge id) order, -0.0 below
+0.0, the weight order reversed for --maximum) on graphs of int32, int64, uint64 and float64
weights with ties and extreme values, the exact total of that set, and a forest file that
mst-verify accepts; the Matrix Market example of 1.0, 1.00000001 and 1.00000002 must weigh
2.00000001 everywhere. Discovered and run by test_e2e.py."""
import json
import math
import os
import random
import sys
import unittest

from test_e2e import BIN, ROOT, Workdir, run
from test_solvers import MPI_ENV, probe

sys.path.insert(0, os.path.join(ROOT, "report"))
from solvers import Catalog, solver_list  # noqa: E402  (after the path is set)

SEQ = os.path.join(BIN, "mst-seq")
VERIFY = os.path.join(BIN, "mst-verify")
CONVERT = os.path.join(BIN, "mst-convert")

# The user's report: entries (file order = edge ids) 0: 2-1 1.00000002, 1: 3-2 1.00000001,
# 2: 3-1 1.0. As float32 all three are 1.0; as float64 the forest is {1, 2}, 2.00000001.
USER_MTX = ("%%MatrixMarket matrix coordinate real symmetric\n3 3 3\n"
            "2 1 1.00000002\n3 2 1.00000001\n3 1 1.0\n")

# Weight tokens per type: extremes, ties, values a double cannot tell apart (2^53 + 1) and the
# two zeros. The first token of each list makes the loader pick the type.
POOLS = {
    "int32": ["-2147483648", "2147483647", "-5", "0", "3", "3", "7", "-1"],
    "int64": ["-9223372036854775808", "9223372036854775807", "9223372036854775806",
              "-9223372036854775807", "9007199254740993", "9007199254740992", "-4294967296",
              "0", "-1", "1"],
    "uint64": ["18446744073709551615", "18446744073709551614", "9223372036854775808",
               "9007199254740993", "9007199254740992", "4294967296", "0", "1"],
    "float64": ["1.00000001", "1.0", "1.00000002", "-0.0", "0.0", "1e-310", "0.1",
                "0.30000000000000004", "1e300", "-1e300", "-2.5", "9007199254740993.0"],
}


def value(token):
    """A weight token as Python reads it exactly: int, or the nearest double (= strtod)."""
    return float(token) if any(c in token for c in ".eEn") else int(token)


def order_key(w):
    """The suite's weight order: numeric, with -0.0 just below +0.0 (distinct weights)."""
    if isinstance(w, float):
        return (w, math.copysign(1.0, w) > 0)
    return (w, False)


def kruskal(n, edges, maximum=False):
    """Ids of the canonical minimum (maximum) spanning forest of edges [(u, v, w)]: edges taken
    by (weight, id), the weight order reversed for the maximum; equal weights: lower id first."""
    ranks = {k: i for i, k in enumerate(sorted(set(order_key(w) for _, _, w in edges)))}
    sign = -1 if maximum else 1
    order = sorted(range(len(edges)), key=lambda e: (sign * ranks[order_key(edges[e][2])], e))
    parent = list(range(n))

    def find(x):
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    forest = []
    for e in order:
        a, b = find(edges[e][0]), find(edges[e][1])
        if a != b:
            parent[a] = b
            forest.append(e)
    return sorted(forest)


def total(edges, ids):
    """The exact total: an int, or the exact float sum correctly rounded (math.fsum)."""
    ws = [edges[e][2] for e in ids]
    return math.fsum(ws) if ws and isinstance(ws[0], float) else sum(ws)


def random_graph(rng, pool, n=24, m=70):
    """(text, n, edges) of a .wel file with u < v on every line (no reverse arcs, so nothing is
    merged and line i is edge i), weights from the pool, its first token on edge 0."""
    edges = []
    for i in range(m):
        u, v = sorted(rng.sample(range(n), 2))
        edges.append((u, v, pool[0] if i == 0 else rng.choice(pool)))
    text = "".join("%d %d %s\n" % e for e in edges)
    return text, n, [(u, v, value(w)) for u, v, w in edges]


def read_ids(path):
    with open(path) as f:
        return [int(line) for line in f if line.strip() and not line.startswith("#")]


class Solvers(Workdir):
    """Runs every variant of every solver that runs here."""

    @classmethod
    def setUpClass(cls):
        cls.catalog = Catalog(BIN)
        cls.runnable = []
        probe_graph = os.path.join(ROOT, "graphs", "road", "rome99.gr.gz")
        for solver, _, _ in solver_list(ROOT):
            if solver in cls.catalog.solvers() and probe(cls.catalog, solver, probe_graph) is None:
                cls.runnable.append(solver)

    def runs(self, ranks=(2,)):
        """(name, command prefix) of every variant of every runnable solver; "ranks" solvers
        once per count in `ranks`."""
        for solver in self.runnable:
            counts = ranks if self.catalog.parallelism(solver) == "ranks" else (1,)
            for count in counts:
                for variant in self.catalog.variants(solver):
                    cmd = self.catalog.launcher(solver, count, "--quiet") + [
                        self.catalog.path(solver), "--algo", variant, "--trials", "2"]
                    yield "%s --algo %s (x%d)" % (solver, variant, count), cmd

    def solve(self, cmd, graph, *args):
        """The JSON result of a run that writes its forest's ids to a file, and the ids."""
        out = self.path("forest.ids")
        p = run(cmd + ["--json", "--output-format", "ids", "--output", out, *args, graph],
                env=MPI_ENV)
        self.assertEqual(p.returncode, 0, "%s: %s" % (" ".join(cmd), p.stderr))
        return json.loads(p.stdout), read_ids(out)

    def check_every_solver(self, graph, n, edges, weight_type, *args, maximum=False):
        """Every solver returns the oracle's forest and its exact total, verified."""
        expected = kruskal(n, edges, maximum)
        exact = total(edges, expected)
        extra = ["--maximum"] if maximum else []
        for name, cmd in self.runs():
            with self.subTest(solver=name, maximum=maximum):
                r, ids = self.solve(cmd, graph, *extra, *args)
                self.assertEqual(ids, expected, "%s: not the oracle's forest" % name)
                self.assertEqual(r["weight_type"], weight_type, name)
                self.assertEqual(r["objective"], "maximum" if maximum else "minimum")
                self.assertIs(r["verified"], None if "--no-verify" in args else True, name)
                # Exact: integers as they are, floats correctly rounded (= math.fsum).
                self.assertEqual(r["msf_weight"], exact, name)


class UserExample(Solvers):
    def test_every_solver_weighs_2_00000001(self):
        graph = self.write("user.mtx", USER_MTX)
        for name, cmd in self.runs(ranks=(1, 2)):
            with self.subTest(solver=name):
                r, ids = self.solve(cmd, graph)
                self.assertEqual(ids, [1, 2], name)
                self.assertEqual(r["msf_weight"], 2.00000001, name)
                self.assertEqual(r["weight_type"], "float64")
                p = run(cmd + ["--output", self.path("f.msf"), graph], env=MPI_ENV)
                self.assertIn("MSF weight       2.00000001\n", p.stdout, name)
        with open(self.path("f.msf")) as f:
            self.assertIn("weight 2.00000001\n", f.readline())
        p = run([VERIFY, graph, self.path("f.msf")])
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertIn("weight 2.00000001", p.stdout)

    def test_float32_is_asked_for(self):
        """--weight-type float32 rounds the three to 1.0: the ties go to the lower ids."""
        graph = self.write("user.mtx", USER_MTX)
        out = self.path("f.ids")
        p = run([SEQ, "--json", "--weight-type", "float32", "--output-format", "ids", "--output",
                 out, graph])
        self.assertEqual(p.returncode, 0, p.stderr)
        r = json.loads(p.stdout)
        self.assertEqual((r["weight_type"], r["msf_weight"]), ("float32", 2))
        self.assertEqual(read_ids(out), [0, 1])


class EveryType(Solvers):
    """Random graphs of each type: every solver, minimum and maximum, against the oracle."""

    def check_type(self, weight_type, seed):
        rng = random.Random(seed)
        for i in range(2):
            text, n, edges = random_graph(rng, POOLS[weight_type])
            graph = self.write("g%d.wel" % i, text)
            self.check_every_solver(graph, n, edges, weight_type)
            self.check_every_solver(graph, n, edges, weight_type, maximum=True)

    def test_int64(self):
        self.check_type("int64", 1)

    def test_uint64(self):
        self.check_type("uint64", 2)

    def test_float64(self):
        self.check_type("float64", 3)

    def test_int32_maximum(self):
        self.check_type("int32", 4)

    def test_binary_files_of_64_bit_weights(self):
        """.msb types 4..6 hold the same weights; mst-mpi reads them on rank 0 and ranks them."""
        rng = random.Random(5)
        for weight_type in ("int64", "uint64", "float64"):
            text, n, edges = random_graph(rng, POOLS[weight_type])
            src = self.write("g.wel", text)
            msb = self.path("g.msb")
            p = run([CONVERT, src, msb])
            self.assertEqual(p.returncode, 0, p.stderr)
            self.check_every_solver(msb, n, edges, weight_type)
            self.check_every_solver(msb, n, edges, weight_type, "--no-verify", maximum=True)


class Verify(Workdir):
    """mst-verify with --maximum and both certificate layouts."""

    def setUp(self):
        super().setUp()
        text, self.n, self.edges = random_graph(random.Random(9), POOLS["int64"], n=12, m=30)
        self.graph = self.write("g.wel", text)

    def write_forest(self, name, *args):
        out = self.path(name)
        p = run([SEQ, "--trials", "1", "--output", out, *args, self.graph])
        self.assertEqual(p.returncode, 0, p.stderr)
        return out

    def test_maximum_accepted_minimum_refused(self):
        mx, mn = self.write_forest("max.msf", "--maximum"), self.write_forest("min.msf")
        p = run([VERIFY, "--maximum", self.graph, mx])
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertIn("valid maximum spanning forest", p.stdout)
        # The minimum forest as a maximum one: refused by the cycle property (its '#' line,
        # which says "minimum", is dropped so the forest itself is what is refused).
        with open(mn) as f:
            body = [line for line in f if not line.startswith("#")]
        bare = self.write("bare.msf", "".join(body))
        p = run([VERIFY, "--maximum", self.graph, bare])
        self.assertEqual(p.returncode, 4, p.stderr)
        self.assertIn("heavier", p.stderr)
        # With their '#' lines, each file says which objective it holds.
        p = run([VERIFY, self.graph, mx])
        self.assertEqual(p.returncode, 4, p.stderr)
        self.assertIn("with --maximum", p.stderr)
        p = run([VERIFY, "--maximum", self.graph, mn])
        self.assertEqual(p.returncode, 4, p.stderr)

    def test_ids_round_trip(self):
        for maximum in ([], ["--maximum"]):
            out = self.write_forest("f.ids", "--output-format", "ids", *maximum)
            self.assertEqual(read_ids(out), kruskal(self.n, self.edges, bool(maximum)))
            for layout in ([], ["--certificate-format", "ids"]):
                p = run([VERIFY, *maximum, *layout, self.graph, out])
                self.assertEqual(p.returncode, 0, "%s %s: %s" % (maximum, layout, p.stderr))
            p = run([VERIFY, *maximum, "--certificate-format", "edges", self.graph, out])
            self.assertEqual(p.returncode, 2, p.stderr)  # an id line is no 'u v w' line

    def test_wrong_id_files_are_refused(self):
        out = self.write_forest("f.ids", "--output-format", "ids")
        with open(out) as f:
            lines = f.readlines()
        head, ids = lines[0], lines[1:]
        cases = {
            "missing": (head + "".join(ids[1:]), "edges"),
            "repeated": (head + "".join(ids) + ids[0], "again"),
            "no edge": (head + "".join(ids[:-1]) + "%d\n" % len(self.edges), "not an edge"),
        }
        for what, (text, words) in cases.items():
            with self.subTest(what):
                p = run([VERIFY, self.graph, self.write("bad.ids", text)])
                self.assertEqual(p.returncode, 4, p.stderr)
                self.assertIn(words, p.stderr)

    def test_claimed_total_must_be_exact(self):
        out = self.write_forest("f.msf")
        with open(out) as f:
            lines = f.readlines()
        claimed = lines[0].rsplit(" ", 1)[1].strip()
        wrong = lines[0].replace("weight " + claimed, "weight %d" % (int(claimed) + 1))
        p = run([VERIFY, self.graph, self.write("bad.msf", wrong + "".join(lines[1:]))])
        self.assertEqual(p.returncode, 4, p.stderr)
        self.assertIn("says weight", p.stderr)

    def test_lines_must_carry_the_exact_weights(self):
        graph = self.write("big.wel", "0 1 9007199254740993\n1 2 -9223372036854775808\n")
        good = "0 1 9007199254740993\n1 2 -9223372036854775808\n"
        self.assertEqual(run([VERIFY, graph, self.write("a.msf", good)]).returncode, 0)
        # 2^53 + 1 and 2^53 are one double but two int64 weights.
        p = run([VERIFY, graph, self.write("b.msf", good.replace("993", "992"))])
        self.assertEqual(p.returncode, 4, p.stderr)
        self.assertIn("weighs 9007199254740993", p.stderr)


class WeightTypeOption(Workdir):
    """--weight-type: a bad value is a usage error (1); a weight that does not fit is bad input
    (2) naming the file and the line."""

    def expect(self, code, text, *args, words=(), binary=SEQ):
        graph = self.write("g.wel", text)
        p = run([binary, *args, graph] if binary != VERIFY else
                [binary, *args, graph, self.write("f.msf", "")])
        self.assertEqual(p.returncode, code, "%s %s: %s" % (args, text, p.stderr))
        self.assertEqual(len(p.stderr.strip().splitlines()), 1, p.stderr)
        for w in words:
            self.assertIn(w, p.stderr)

    def test_bad_values_are_usage_errors(self):
        for binary in (SEQ, VERIFY, CONVERT):
            with self.subTest(binary=binary):
                args = ["--weight-type", "int128"]
                if binary == CONVERT:
                    p = run([CONVERT, *args, self.write("g.wel", "0 1 1\n"), self.path("o.wel")])
                    self.assertEqual(p.returncode, 1, p.stderr)
                else:
                    self.expect(1, "0 1 1\n", *args, binary=binary, words=["--weight-type"])
        self.expect(1, "0 1 1\n", "--output-format", "csv", words=["--output-format"])

    def test_values_that_do_not_fit(self):
        self.expect(2, "0 1 1\n1 2 3000000000\n", "--weight-type", "int32",
                    words=["g.wel:2:", "does not fit int32"])
        self.expect(2, "0 1 -1\n", "--weight-type", "uint64", words=["g.wel:1:", "uint64"])
        self.expect(2, "0 1 1\n1 2 1.5\n", "--weight-type", "int64",
                    words=["g.wel:2:", "integers"])
        self.expect(2, "0 1 1e39\n", "--weight-type", "float32", words=["g.wel:1:", "range"])
        self.expect(2, "0 1 18446744073709551616\n", words=["g.wel:1:", "out of range"])
        self.expect(2, "0 1 -9223372036854775809\n", words=["g.wel:1:", "out of range"])
        self.expect(2, "0 1 5\n1 2 -1\n2 3 18446744073709551615\n",
                    words=["g.wel:3:", "does not fit int64", "line 2"])
        self.expect(2, "0 1 1\n1 2 nan\n", words=["g.wel:2:", "NaN"])

    def test_values_that_fit(self):
        for t, text, expected in (("int64", "0 1 7\n", 7), ("uint64", "0 1 7\n", 7),
                                  ("float64", "0 1 7\n", 7.0), ("uint32", "0 1 4294967295\n",
                                                                4294967295)):
            p = run([SEQ, "--json", "--weight-type", t, self.write("g.wel", text)])
            self.assertEqual(p.returncode, 0, p.stderr)
            r = json.loads(p.stdout)
            self.assertEqual((r["weight_type"], r["msf_weight"]), (t, expected))


if __name__ == "__main__":
    unittest.main()
