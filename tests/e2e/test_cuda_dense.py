#!/usr/bin/python3
"""End-to-end tests of mst-cuda --algo dense (the dense-matrix Borůvka of Ma and Wan, section
3.1.2; docs/dense-hybrid.md): exactly mst-seq's edge set on small dense graphs (complete graphs,
G(n, p) at several p, parallel edges with equal keys, a forest of dense blocks, isolated
vertices, n = 1, m = 0), also with --maximum and --phases; --rounds equal to mst-seq on every
round; and the clear exit 3 of a matrix that cannot fit. Without a GPU these tests are reported
as skipped (test_cuda.py's gpu_state), and mst-cuda --algo dense must fail with "no CUDA
device" instead."""
import json
import random
import re
import unittest

from describe import variants
from test_cuda import CUDA, GEN, NVCC, REASON
from test_e2e import SEQ, Workdir, read_output, run

DENSE = [CUDA, "--algo", "dense"]
# The phases of --algo dense --phases (dense.h).
PHASES = {"upload", "fill", "min-row", "add-edge", "rebuild", "fold", "download", "setup-once"}
# n = 2^22: the matrix needs 2^44 entries of 8 bytes, 131072 GiB (128 TiB).
TOO_LARGE = re.compile(r"dense: the 4194304 x 4194304 matrix needs 131072\.0 GiB, "
                       r"the GPU has [0-9]+\.[0-9] GiB free$")


@unittest.skipIf(REASON is not None, REASON or "")
class CudaDense(Workdir):
    def generate(self, name, *args):
        path = self.path(name)
        p = run([GEN, *args, "-o", path])
        self.assertEqual(p.returncode, 0, p.stderr)
        return path

    def same_as_seq(self, graph, *args, extra=()):
        """mst-cuda --algo dense (warm-up and two trials, each compared by the harness) writes
        exactly mst-seq's edges; returns dense's JSON."""
        ref, out = self.path("seq.txt"), self.path("dense.txt")
        p = run([SEQ, "--trials", "1", "--output", ref, *args, graph])
        self.assertEqual(p.returncode, 0, p.stderr)
        cmd = DENSE + [*extra, "--json", "--trials", "2", "--output", out, *args, graph]
        p = run(cmd)
        self.assertEqual(p.returncode, 0, "%s: %s" % (" ".join(cmd), p.stderr))
        self.assertEqual(read_output(out), read_output(ref), "%s: edge sets differ" %
                         " ".join(cmd))
        r = json.loads(p.stdout)
        self.assertIs(r["verified"], True)
        return r

    def test_complete_graphs(self):
        for n in (2, 3, 16, 64, 512, 1024):
            for weights in (["--weights", "uniform"], ["--weights", "uniform", "--max", "3"],
                            ["--weights", "unit"]):
                with self.subTest(n=n, weights=weights):
                    g = self.generate("k%d.msb" % n, "complete", "--vertices", str(n), *weights)
                    r = self.same_as_seq(g)
                    self.assertEqual(r["msf_edges"], n - 1)

    def test_gnp_densities(self):
        for p in ("0.01", "0.1", "0.3", "0.5", "0.7", "0.9", "1.0"):
            with self.subTest(p=p):
                g = self.generate("gnp.msb", "gnp", "--vertices", "600", "--p", p, "--seed", "3")
                self.same_as_seq(g)

    def test_parallel_edges_with_equal_keys(self):
        """Many parallel edges per pair, keys 1..2: the matrix keeps the lightest by (key,
        id), in both directions of every pair."""
        rng = random.Random(5)
        lines = []
        for _ in range(20000):
            u, v = rng.sample(range(120), 2)
            lines.append("%d %d %d\n" % (u, v, rng.randint(1, 2)))
        g = self.write("parallel.wel", "".join(lines))
        self.same_as_seq(g)
        self.same_as_seq(g, "--maximum")
        g = self.write("equal.wel", "".join("%d %d 4\n%d %d 4\n" % (u, v, v, u) for u in
                                            range(60) for v in range(u + 1, 60)))
        self.same_as_seq(g)

    def test_forest_of_dense_blocks(self):
        g = self.generate("blocks.msb", "components", "--parts", "5", "gnp", "--vertices",
                          "200", "--p", "0.6", "--weights", "uniform", "--max", "5")
        r = self.same_as_seq(g)
        self.assertEqual(r["components"], r["n"] - r["msf_edges"])
        self.assertGreaterEqual(r["components"], 5)
        # complete blocks between isolated vertices: vertices 50k..50k+29 form a clique
        text = "".join("%d %d %d\n" % (b + i, b + j, (i * j + b) % 7 + 1)
                       for b in range(0, 400, 50) for i in range(30) for j in range(i + 1, 30))
        r = self.same_as_seq(self.write("cliques.wel", text), "--vertices", "420")
        self.assertEqual(r["components"], 8 + 8 * 20 + 20)

    def test_isolated_vertices_one_vertex_no_edges(self):
        cases = {"isolated.wel": ("3 4 2\n10 11 1\n0 11 5\n", ["--vertices", "40"]),
                 "one.wel": ("", ["--vertices", "1"]),
                 "empty.wel": ("", ["--vertices", "7"]),
                 "pair.wel": ("0 1 9\n", [])}
        for name, (text, args) in cases.items():
            with self.subTest(graph=name):
                r = self.same_as_seq(self.write(name, text), *args)
                self.assertEqual(r["components"], r["n"] - r["msf_edges"])

    def test_phases_counters_and_kernel_time(self):
        g = self.generate("gnp.msb", "gnp", "--vertices", "2000", "--p", "0.5")
        r = self.same_as_seq(g, extra=["--phases"])
        self.assertTrue(PHASES <= set(r["phases"]), r["phases"])
        c = r["counters"]
        # The first round scans every vertex's row; every later round at most half as many.
        self.assertGreaterEqual(c["rounds"], 1)
        self.assertGreaterEqual(c["rows_scanned"], r["n"])
        self.assertLessEqual(c["rows_scanned"], 2 * r["n"])
        self.assertGreater(r["kernel_s_median"], 0)
        self.assertLessEqual(r["kernel_s_median"], r["compute_s_median"])

    def test_rounds_equal_mst_seq_every_round(self):
        """--rounds 3 on a dense graph: the prepared path (u and v resident, the matrix rebuilt
        every round) gives mst-seq's forest of every round's weights."""
        g = self.generate("gnp.msb", "gnp", "--vertices", "500", "--p", "0.4",
                          "--weights", "none")
        refs = []
        for r in range(1, 4):
            ref = self.path("seq%d.txt" % r)
            p = run([SEQ, "--trials", "1", "--weights", "random", "--seed", str(7 + r),
                     "--output", ref, g])
            self.assertEqual(p.returncode, 0, p.stderr)
            refs.append(read_output(ref))
        out = self.path("rounds.txt")
        p = run(DENSE + ["--json", "--trials", "1", "--rounds", "3", "--weights", "random",
                         "--seed", "7", "--output", out, g])
        self.assertEqual(p.returncode, 0, p.stderr)
        for r, ref in enumerate(refs, 1):
            self.assertEqual(read_output("%s.%d" % (out, r)), ref, "round %d differs" % r)
        res = json.loads(p.stdout)
        self.assertIs(res["prepared"], True)
        self.assertEqual(res["round_verified"], [True] * 3)

    def test_matrix_that_cannot_fit_is_exit_3(self):
        """n = 2^22 (a path, and a single edge with --vertices): the 128 TiB matrix is refused
        before anything is allocated, in one line; with --rounds too."""
        path = self.generate("path.msb", "grid2d", "--rows", "1", "--cols", str(1 << 22))
        edge = self.write("edge.wel", "0 1 1\n")
        for args in ([path], ["--vertices", str(1 << 22), edge],
                     ["--rounds", "2", "--weights", "random", path]):
            with self.subTest(args=args):
                p = run(DENSE + ["--trials", "1", *args])
                self.assertEqual(p.returncode, 3, p.stderr)
                lines = p.stderr.strip().splitlines()
                self.assertEqual(len(lines), 1, p.stderr)
                self.assertRegex(lines[0], TOO_LARGE)


class CudaDenseListed(Workdir):
    """What runs without a GPU: dense is a variant of mst-cuda (--describe), and without a
    device it fails with the usual exit 3."""

    def test_described(self):
        self.require(CUDA, lacking="nvcc" if NVCC is None else None)
        self.assertIn("dense", variants(CUDA))

    @unittest.skipIf(REASON is None, "a GPU is present")
    def test_no_device_is_a_clear_error(self):
        self.require(CUDA, lacking="nvcc" if NVCC is None else None)
        p = run(DENSE + [self.write("g.wel", "0 1 1\n")])
        self.assertEqual(p.returncode, 3)
        self.assertEqual(len(p.stderr.strip().splitlines()), 1)
        self.assertIn("no GPU (", p.stderr)


if __name__ == "__main__":
    unittest.main()
