#!/usr/bin/python3
"""End-to-end tests of --rounds (docs/rounds.md): one topology, new weights every round. Every
round's forest of every solver and variant (--describe) is exactly the forest mst-seq computes
in a process of its own on that round's weights: random ones (seed S + r), or a weights file in
both layouts (R columns; one file per round) and several types (int32 with negatives, float64,
uint64 beyond 2^63, float32 by --weight-type), also with --maximum. mst-mpi runs at 1-3 ranks
(its topology distributed once). Also: --verify-every, every round's --output file and
mst-verify on one of them, the JSON's curve, and the errors (wrong column count, short file,
bad number: "FILE:LINE: ...", exit 2; usage: exit 1). mst-cuda runs where a GPU is."""
import json
import os
import random
import subprocess
import sys
import unittest

from describe import variants
from test_e2e import BIN, SEQ, Workdir, read_output, run
from test_cuda import REASON as CUDA_REASON
from test_mpi import ENV as MPI_ENV, MPIRUN

OMP = os.path.join(BIN, "mst-omp")
MPI = os.path.join(BIN, "mst-mpi")
CUDA = os.path.join(BIN, "mst-cuda")
VERIFY = os.path.join(BIN, "mst-verify")
ROUNDS = 3
REPORT = os.path.join(os.path.dirname(BIN), "report")
sys.path.insert(0, REPORT)
import make_report  # noqa: E402  (report/ is not a package)


def multigraph(seed, n=60, m=300):
    """Edge-list lines 'u v' of a random multigraph without self-loops or reverse arcs (so line
    k is edge id k), with isolated vertices and parallel edges; returns (text, m)."""
    rng = random.Random(seed)
    lines = []
    while len(lines) < m:
        u, v = sorted((rng.randrange(n), rng.randrange(n)))
        if u != v:  # u < v: no arc that a reverse one could merge with (docs/formats.md)
            lines.append("%d %d" % (u, v))
    lines.append("%d %d" % (n + 3, n + 4))  # a second component, and isolated n..n+2
    return "\n".join(lines) + "\n", m + 1


WEIGHT_KINDS = {
    # name: (draw one weight, --weight-type arguments)
    "int32": (lambda rng: str(rng.randint(-20, 20)), []),
    "float64": (lambda rng: "%.6g" % rng.uniform(-1, 1), []),
    "uint64": (lambda rng: str(rng.choice([2 ** 64 - 1, 2 ** 63 + 5, rng.randrange(9)])), []),
    "float32": (lambda rng: "%.4f" % rng.uniform(0, 3), ["--weight-type", "float32"]),
}


class RoundsChecks:
    """The checks every solver's rounds pass (mixed into the test classes below)."""

    def setUp(self):
        super().setUp()
        self.text, self.m = multigraph(5)
        self.graph = self.write("g.el", self.text)

    def seq_round(self, graph, *args):
        """mst-seq's edges, one-shot, in a process of its own."""
        out = self.path("seq.txt")
        p = run([SEQ, "--trials", "1", "--output", out, *args, graph])
        self.assertEqual(p.returncode, 0, p.stderr)
        return read_output(out)

    def random_refs(self, *args, seed=7):
        return [self.seq_round(self.graph, "--weights", "random", "--seed", str(seed + r), *args)
                for r in range(1, ROUNDS + 1)]

    def check_rounds(self, cmd, refs, *args, what=""):
        """cmd (a solver's command line, up to its options) with --rounds and --output writes,
        for every round r, exactly refs[r - 1]; returns the JSON."""
        out = self.path("rounds.txt")
        p = subprocess.run(cmd + ["--json", "--trials", "1", "--rounds", str(len(refs)),
                                  "--output", out, *args, self.graph],
                           capture_output=True, text=True, env=MPI_ENV, timeout=300)
        self.assertEqual(p.returncode, 0, "%s %s: %s" % (what, args, p.stderr))
        for r, ref in enumerate(refs, 1):
            self.assertEqual(read_output("%s.%d" % (out, r)), ref,
                             "%s %s: round %d differs from mst-seq" % (what, args, r))
        result = json.loads(p.stdout)
        self.assertEqual(result["round_verified"], [True] * len(refs))
        return result

    def solver_commands(self):
        """(label, command) of every solver and variant that runs here."""
        cmds = [("seq " + a, [SEQ, "--algo", a]) for a in variants(SEQ)]
        cmds += [("omp " + a, [OMP, "--algo", a, "-t", "2"]) for a in variants(OMP)]
        if CUDA_REASON is None:
            cmds += [("cuda " + a, [CUDA, "--algo", a]) for a in variants(CUDA)]
        return cmds

    def test_random_weights_every_solver(self):
        refs = self.random_refs()
        prepared = []
        for label, cmd in self.solver_commands():
            r = self.check_rounds(cmd, refs, "--weights", "random", "--seed", "7", what=label)
            self.assertEqual(len(r["rounds_s"]), ROUNDS)
            self.assertEqual(r["mst_rounds"], ROUNDS)
            if r["prepared"]:  # the break-even round is the first that pays back the setup
                prepared.append(label)
                k = r["break_even_round"] or ROUNDS + 1
                eps = 1e-8  # the JSON's rounding
                for j in range(1, min(k, ROUNDS + 1)):
                    self.assertGreater(r["cumulative_s"][j - 1], j * r["oneshot_s"] - eps)
                if k <= ROUNDS:
                    self.assertLessEqual(r["cumulative_s"][k - 1], k * r["oneshot_s"] + eps)
            else:
                self.assertEqual(r["setup_s"], 0)
        if self.__class__ is Rounds:  # mst-seq prim keeps its CSR (seq.h)
            self.assertIn("seq prim", prepared)

    def test_maximum_every_solver(self):
        refs = self.random_refs("--maximum", seed=11)
        for label, cmd in self.solver_commands():
            self.check_rounds(cmd, refs, "--weights", "random", "--seed", "11", "--maximum",
                              what=label)

    def test_weights_file_with_maximum(self):
        cols = self.weights("int32", ROUNDS, seed=3)
        refs = self.file_refs(cols, "--maximum")
        path = self.write_columns(cols)
        for label, cmd in self.solver_commands():
            self.check_rounds(cmd, refs, "--round-weights", path, "--maximum", what=label)

    def weights(self, kind, rounds, seed):
        """rounds columns of `kind` weights, one list of m strings per round."""
        draw = WEIGHT_KINDS[kind][0]
        rng = random.Random(seed)
        return [[draw(rng) for _ in range(self.m)] for _ in range(rounds)]

    def file_refs(self, cols, *args):
        """mst-seq on the graph with each round's weights written into it."""
        refs = []
        for r, col in enumerate(cols, 1):
            lines = self.text.splitlines()
            g = self.write("w%d.el" % r, "".join("%s %s\n" % (l, w) for l, w in zip(lines, col)))
            refs.append(self.seq_round(g, *args))
        return refs

    def write_columns(self, cols):
        rows = ["# weights of %d rounds, one line per edge id" % len(cols)]
        rows += [" ".join(c[e] for c in cols) for e in range(self.m)]
        return self.write("weights.txt", "\n".join(rows) + "\n")


class Rounds(RoundsChecks, Workdir):
    """mst-seq, mst-omp and (with a GPU) mst-cuda, every variant."""

    def test_weights_file_columns_and_per_round_files(self):
        for i, kind in enumerate(WEIGHT_KINDS):
            extra = WEIGHT_KINDS[kind][1]
            cols = self.weights(kind, ROUNDS, seed=i)
            refs = self.file_refs(cols, *extra)
            path = self.write_columns(cols)
            for label, cmd in self.solver_commands():
                self.check_rounds(cmd, refs, "--round-weights", path, *extra,
                                  what="%s %s" % (label, kind))
            for r, col in enumerate(cols, 1):
                self.write("round-%d.txt" % r, "\n".join(col) + "\n")
            self.check_rounds([SEQ], refs, "--round-weights", self.path("round-{r}.txt"),
                              *extra, what=kind)

    def test_verify_every_and_the_curve(self):
        out = self.path("o")
        p = run([SEQ, "--json", "--weights", "random", "--rounds", "5", "--verify-every", "2",
                 "--output", out, self.graph])
        self.assertEqual(p.returncode, 0, p.stderr)
        r = json.loads(p.stdout)
        self.assertEqual(r["round_verified"], [True, None, True, None, True])
        self.assertEqual(len(r["cumulative_s"]), 5)
        total = r["setup_s"]
        for t, c in zip(r["rounds_s"], r["cumulative_s"]):
            total += t
            self.assertAlmostEqual(c, total, places=6)
        self.assertFalse(r["prepared"])
        self.assertIsNone(r["break_even_round"])
        # mst-verify checks one round with that round's weights, and refuses another's
        v = run([VERIFY, "--weights", "random", "--seed", "5", self.graph, out + ".4"])
        self.assertEqual(v.returncode, 0, v.stderr)
        v = run([VERIFY, "--weights", "random", "--seed", "4", self.graph, out + ".4"])
        self.assertEqual(v.returncode, 4, v.stderr)
        # the human summary's lines
        p = run([SEQ, "--weights", "random", "--rounds", "2", self.graph])
        for line in ("setup time", "round times", "break-even round", "cumulative time"):
            self.assertIn(line, p.stdout)

    def test_mst_verify_checks_one_round_of_a_weights_file(self):
        cols = self.weights("float64", ROUNDS, seed=8)
        path = self.write_columns(cols)
        out = self.path("o")
        p = run([SEQ, "--rounds", str(ROUNDS), "--round-weights", path, "--output", out,
                 self.graph])
        self.assertEqual(p.returncode, 0, p.stderr)
        for r in range(1, ROUNDS + 1):
            v = run([VERIFY, "--round-weights", path, "--round", str(r), self.graph,
                     "%s.%d" % (out, r)])
            self.assertEqual(v.returncode, 0, v.stderr)
        v = run([VERIFY, "--round-weights", path, "--round", "1", self.graph, out + ".2"])
        self.assertEqual(v.returncode, 4, "round 2's forest under round 1's weights")

    def test_output_files_follow_the_output_rules(self):
        out = self.path("o")
        os.symlink(self.path("nowhere/x"), out + ".2")  # a dangling link is refused
        p = run([SEQ, "--rounds", "3", "--weights", "random", "--output", out, self.graph])
        self.assertEqual(p.returncode, 2, p.stderr)
        self.assertIn("o.2", p.stderr)
        self.assertEqual(len(p.stderr.strip().splitlines()), 1, p.stderr)
        self.assertTrue(os.path.exists(out + ".1"))
        self.assertFalse(os.path.exists(out + ".3"), "the run stops at the failing round")
        self.assertEqual(sorted(os.listdir(self.dir)), ["g.el", "o.1", "o.2"], "no temporary")

    def check_error(self, args, code, *words):
        p = run([SEQ, *args, self.graph])
        self.assertEqual(p.returncode, code, p.stderr)
        lines = p.stderr.strip().splitlines()
        self.assertEqual(len(lines), 1, p.stderr)
        for w in words:
            self.assertIn(w, lines[0])

    def test_errors(self):
        rows = ["%d %d" % (e, e + 1) for e in range(self.m)]
        path = self.write("bad.txt", "\n".join(rows[:5] + ["1 2 3"] + rows[6:]) + "\n")
        self.check_error(["--rounds", "2", "--round-weights", path], 2, "bad.txt:6:",
                         "3 weights, expected 2")
        path = self.write("short.txt", "\n".join(rows[:-2]) + "\n")
        self.check_error(["--rounds", "2", "--round-weights", path], 2, "short.txt:%d:" %
                         (self.m - 2), "weight lines")
        path = self.write("nan.txt", "\n".join(rows[:9] + ["4 x5"] + rows[10:]) + "\n")
        self.check_error(["--rounds", "2", "--round-weights", path], 2, "nan.txt:10:",
                         "bad weight")
        path = self.write("long.txt", "\n".join(rows + ["1 2"]) + "\n")
        self.check_error(["--rounds", "2", "--round-weights", path], 2, "long.txt:%d:" %
                         (self.m + 1), "more weight lines")
        path = self.write("fit.txt", "\n".join(rows[:3] + ["-1 2"] + rows[4:]) + "\n")
        self.check_error(["--rounds", "2", "--round-weights", path, "--weight-type", "uint32"],
                         2, "fit.txt:4:", "does not fit uint32")
        self.check_error(["--rounds", "2", "--round-weights", self.path("none-{r}.txt")], 2,
                         "none-1.txt")
        # A later round's column whose values no integer type holds fails before round 1, and
        # nothing is written (issue 33, item 8).
        mix = ["%d %d" % (e, -1 if e == 2 else 2**64 - 1 if e == 6 else e) for e in range(self.m)]
        path = self.write("wmix.txt", "\n".join(mix) + "\n")
        self.check_error(["--rounds", "2", "--round-weights", path, "--output",
                          self.path("f")], 2, "wmix.txt:7:", "line 3", "(round 2)")
        self.assertFalse(os.path.exists(self.path("f.1")), "round 1 ran before the check")
        self.check_error(["--round-weights", path], 1, "--round-weights needs --rounds")
        self.check_error(["--verify-every", "2"], 1, "needs --rounds")
        self.check_error(["--rounds", "2", "--output", "-"], 1, "--output")
        g = self.write("weighted.el", "0 1 5\n1 2 4\n")
        p = run([SEQ, "--rounds", "2", g])
        self.assertEqual(p.returncode, 1, p.stderr)
        self.assertIn("--weights random", p.stderr)


class Workloads(Workdir):
    """Ma and Wan's workloads in mst-gen: the sizes of Table 1, and the mixed family's parts."""

    def generate(self, *args):
        out = self.path("g.el")
        p = run([os.path.join(BIN, "mst-gen"), *args, "--quiet", "-o", out])
        self.assertEqual(p.returncode, 0, p.stderr)
        with open(out) as f:
            return [tuple(int(t) for t in line.split()[:2]) for line in f
                    if not line.startswith("#")]

    def test_table_1_sizes(self):
        sizes = {"tiny": 16, "small": 64, "medium": 1024}
        for size, n in sizes.items():
            k = 7 if n == 16 else 8
            side = int(n ** 0.5)
            clique = 8 if n == 16 else 16
            expect = {"circulant": n * k, "grid": 2 * side * (side - 1),
                      "caveman": n * (clique - 1) // 2, "complete": n * (n - 1) // 2}
            for family, m in expect.items():
                name = "%s-%s" % (family, size)
                edges = self.generate("preset", "complete-2e10" if name == "complete-medium"
                                      else name)
                self.assertEqual(len(edges), m, name)
                self.assertEqual(max(max(e) for e in edges) + 1, n, name)
            edges = self.generate("preset", "rmat-" + size)
            self.assertLessEqual(max(max(e) for e in edges), n - 1)

    def test_mixed_clusters_are_dense_and_attached(self):
        c, k, scale = 3, 40, 7
        edges = self.generate("mixed", "--scale", str(scale), "--cliques", str(c), "--size",
                              str(k), "--p", "0.75")
        inside = [0] * c
        attached = set()
        for u, v in edges:
            a, b = min(u, v), max(u, v)
            if b < c * k:
                self.assertEqual(a // k, b // k, "clusters are not joined to each other")
                inside[a // k] += 1
            elif a < c * k:
                attached.add(a)
            self.assertLess(b, c * k + 2 ** scale)
        for count in inside:  # more than K^2 / 2 ordered pairs: Ma and Wan's "dense"
            self.assertGreater(2 * count, k * k / 2)
        self.assertEqual(attached, set(range(c * k)))


class RoundsReport(Workdir):
    """report/: the rounds matrix through bench.py, and make_report.py's break-even."""

    def test_break_even(self):
        r = {"setup_s": 1.0, "rounds_s": [0.2] * 5, "prepared": True}
        self.assertEqual(make_report.break_even(r, 0.5), 4)  # 1 + 0.2 k <= 0.5 k from k = 4
        self.assertIsNone(make_report.break_even(r, 0.3))    # only from k = 10

    def test_bench_and_report(self):
        results = self.path("r.jsonl")
        p = run(["/usr/bin/python3", os.path.join(REPORT, "bench.py"), "--matrix",
                 "rounds-tiny", "--results", results, "--data", self.path("data")])
        self.assertEqual(p.returncode, 0, p.stdout + p.stderr)
        self.assertIn("median round", p.stdout)
        with open(results) as f:
            recs = [json.loads(line) for line in f]
        rounds = [r for r in recs if "mst_rounds" in r]
        self.assertTrue(rounds)
        for r in rounds:
            self.assertEqual(len(r["rounds_s"]), 4)
            self.assertEqual(r["round_verified"], [True, None, True, None])
        out = self.path("REPORT.md")
        p = run(["/usr/bin/python3", os.path.join(REPORT, "make_report.py"), "--no-plots",
                 "--out", out, results])
        self.assertEqual(p.returncode, 0, p.stderr)
        with open(out) as f:
            text = f.read()
        self.assertIn("**Repeated MSF**", text)


@unittest.skipIf(MPIRUN is None, "mpirun not found (apt-get install openmpi-bin)")
class MpiRounds(RoundsChecks, Workdir):
    """mst-mpi at 1-3 ranks, each algorithm: shares re-keyed every round."""

    def solver_commands(self):
        self.require(MPI)
        return [("mpi %s np %d" % (a, p), [MPIRUN, "--quiet", "-np", str(p), MPI, "--algo", a])
                for a in variants(MPI) for p in (1, 2, 3)]

    def test_weights_file_columns_and_per_round_files(self):
        # two of the types: the ranks receive keys, whatever type made them
        for i, kind in enumerate(["int32", "uint64"]):
            cols = self.weights(kind, ROUNDS, seed=20 + i)
            refs = self.file_refs(cols)
            path = self.write_columns(cols)
            for label, cmd in self.solver_commands():
                self.check_rounds(cmd, refs, "--round-weights", path, what=label)

    def test_no_verify_run(self):
        p = subprocess.run([MPIRUN, "--quiet", "-np", "3", MPI, "--json", "--rounds", "3",
                            "--no-verify", "--weights", "random", "--seed", "7", self.graph],
                           capture_output=True, text=True, env=MPI_ENV, timeout=300)
        self.assertEqual(p.returncode, 0, p.stderr)
        r = json.loads(p.stdout)
        self.assertEqual(r["round_verified"], [None] * 3)
        want = [json.loads(run([SEQ, "--json", "--trials", "1", "--weights", "random",
                                "--seed", str(7 + k), self.graph]).stdout)["msf_weight"]
                for k in (1, 2, 3)]
        self.assertEqual(r["round_msf_weight"], want)


if __name__ == "__main__":
    unittest.main()
