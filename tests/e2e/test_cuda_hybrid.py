#!/usr/bin/python3
"""End-to-end tests of mst-cuda --algo hybrid (docs/dense-hybrid.md): the k-core partition, the
parts on the GPU and the CPU at once, the finish over their forests and the crossing edges.

Here, without a GPU: the whole pipeline on the host with host solvers in the GPU kinds' place
(bin/test-hybrid-host, tests/cuda/*.c) against Kruskal, and mst-cuda --algo hybrid failing with a
clear message. On the device: three rounds of new weights (--rounds 3) on graphs whose parts go
to the GPU only, the CPU only, or both, at 1, 2 and 4 host threads, each round exactly mst-seq's
forest for that round's weights, with the setup phases, the per-round phases and the counters of
the partition in the JSON. (test_cuda.py and test_rounds.py run every mst-cuda variant, hybrid
included, on the bundled graphs and corner cases.) Without a GPU the device tests are reported as
skipped, never as passed."""
import json
import os
import unittest

from test_cuda import CUDA, GEN, NVCC, REASON
from test_e2e import BIN, SEQ, Workdir, read_output, run

HOST_TEST = os.path.join(BIN, "test-hybrid-host")
ROUNDS = 3
SEED = 5
COUNTERS = {"degeneracy", "core_threshold", "cores", "parts", "gpu_parts", "cpu_parts",
            "gpu_edges", "cpu_edges", "crossing_edges"}
# Graphs: mst-gen arguments, and what the partition must make of them with the heuristic's
# thresholds (hybrid.h): GPU and CPU parts, and whether edges cross.
GRAPHS = {
    # Four dense clusters of about 141,000 edges (cores, one batched GPU part) beside an R-MAT
    # graph of 4096 vertices (the CPU part); the cluster-to-R-MAT edges cross.
    "mixed": (["mixed", "--scale", "12", "--cliques", "4", "--size", "560", "--p", "0.9"],
              1, 1, True),
    # One core of 179,700 edges: one GPU part, nothing crossing.
    "complete": (["complete", "--vertices", "600"], 1, 0, False),
    # One core of 6,000 edges, too small for the GPU: one CPU part.
    "caveman": (["caveman", "--cliques", "50", "--size", "16"], 0, 1, False),
}


class HybridHost(Workdir):
    def test_pipeline_on_the_host_matches_kruskal(self):
        """tests/cuda/*.c: k-core numbers, the partition, and every round of the pipeline with
        host stand-ins for the GPU kinds, against Kruskal."""
        self.assertTrue(os.path.exists(HOST_TEST),
                        "%s is missing (make bin/test-hybrid-host)" % HOST_TEST)
        p = run([HOST_TEST], timeout=900)
        self.assertEqual(p.returncode, 0, p.stdout + p.stderr)
        self.assertIn(", 0 failed", p.stdout)


@unittest.skipIf(REASON is None, "a GPU is present")
class HybridWithoutGpu(Workdir):
    def test_no_device_is_a_clear_error(self):
        self.require(CUDA, lacking="nvcc" if NVCC is None else None)
        p = run([CUDA, "--algo", "hybrid", self.write("g.wel", "0 1 1\n1 2 2\n")])
        self.assertEqual(p.returncode, 3)
        self.assertEqual(len(p.stderr.strip().splitlines()), 1)
        self.assertIn("no GPU (", p.stderr)


@unittest.skipIf(REASON is not None, REASON or "")
class HybridRounds(Workdir):
    def graph(self, name):
        path = self.path(name + ".msb")
        p = run([GEN, *GRAPHS[name][0], "-o", path])
        self.assertEqual(p.returncode, 0, p.stderr)
        return path

    def seq_rounds(self, graph, *args):
        """mst-seq's forest for each round's weights (seed SEED + r), each in its own process."""
        refs = []
        for r in range(1, ROUNDS + 1):
            out = self.path("seq.txt")
            p = run([SEQ, "--trials", "1", "--weights", "random", "--seed", str(SEED + r),
                     "--output", out, *args, graph])
            self.assertEqual(p.returncode, 0, p.stderr)
            refs.append(read_output(out))
        return refs

    def hybrid_rounds(self, graph, refs, threads, *args):
        """mst-cuda --algo hybrid --rounds: every round's forest is refs[r - 1]; returns the
        JSON."""
        out = self.path("hybrid.txt")
        env = dict(os.environ, OMP_NUM_THREADS=str(threads))
        cmd = [CUDA, "--algo", "hybrid", "--json", "--phases", "--trials", "1", "--rounds",
               str(ROUNDS), "--weights", "random", "--seed", str(SEED), "--output", out, *args,
               graph]
        p = run(cmd, env=env, timeout=600)
        self.assertEqual(p.returncode, 0, "%s: %s" % (" ".join(cmd), p.stderr))
        for r, ref in enumerate(refs, 1):
            self.assertEqual(read_output("%s.%d" % (out, r)), ref,
                             "%s, %d threads: round %d differs from mst-seq" % (graph, threads, r))
        result = json.loads(p.stdout)
        self.assertEqual(result["round_verified"], [True] * ROUNDS)
        self.assertIs(result["prepared"], True)
        return result

    def check_report(self, name, r):
        """The setup's and the rounds' phases, and the partition's counters as GRAPHS says."""
        gpu, cpu, crossing = GRAPHS[name][1:]
        self.assertTrue({"kcore", "partition", "prepare-parts"} <= set(r["setup_phases"]),
                        r["setup_phases"])
        self.assertTrue({"gather", "parts-gpu", "parts-cpu", "finish"} <= set(r["phases"]),
                        r["phases"])
        c = r["counters"]
        self.assertTrue(COUNTERS <= set(c), c)
        self.assertEqual((c["gpu_parts"], c["cpu_parts"]), (gpu, cpu), c)
        self.assertEqual(c["parts"], gpu + cpu)
        self.assertEqual(c["crossing_edges"] > 0, crossing, c)
        self.assertEqual(c["gpu_edges"] + c["cpu_edges"] + c["crossing_edges"], r["m"], c)
        self.assertGreaterEqual(c["core_threshold"], 8)

    def test_rounds_match_mst_seq(self):
        for name in GRAPHS:
            graph = self.graph(name)
            refs = self.seq_rounds(graph)
            for threads in (1, 2, 4):
                with self.subTest(graph=name, threads=threads):
                    self.check_report(name, self.hybrid_rounds(graph, refs, threads))

    def test_maximum_and_ecl_options(self):
        """--maximum flips the keys the parts gather; the ecl options reach the GPU parts."""
        graph = self.graph("mixed")
        refs = self.seq_rounds(graph, "--maximum")
        self.hybrid_rounds(graph, refs, 4, "--maximum")
        refs = self.seq_rounds(graph)
        for extra in (["--filter"], ["--no-filter"], ["--csr-init"]):
            with self.subTest(options=extra):
                self.hybrid_rounds(graph, refs, 2, *extra)

    def test_core_threshold_option(self):
        """--core-threshold K replaces the rule: K above the degeneracy leaves no core (one CPU
        part), K = 1 makes every vertex with an edge a core vertex (no edge crosses: the parts are
        the connected components); both still match mst-seq."""
        graph = self.graph("mixed")
        refs = self.seq_rounds(graph)
        r = self.hybrid_rounds(graph, refs, 2, "--core-threshold", "100000")
        c = r["counters"]
        self.assertEqual((c["core_threshold"], c["cores"], c["gpu_parts"], c["cpu_parts"]),
                         (100000, 0, 0, 1), c)
        r = self.hybrid_rounds(graph, refs, 2, "--core-threshold", "1")
        self.assertEqual(r["counters"]["core_threshold"], 1, r["counters"])
        self.assertEqual(r["counters"]["crossing_edges"], 0, r["counters"])


if __name__ == "__main__":
    unittest.main()
