#!/usr/bin/python3
"""End-to-end tests of mst-cuda: every variant it lists (--describe), with its own switches (the
ablations of ecl, --merge-parallel of contract), gives exactly mst-seq's edge set on every bundled
graph (graphs/) and on generated corner cases (dense may refuse, with exit 3, a graph whose n x n
matrix does not fit: test_cuda_dense.py tests it apart); contract reports its phases, counters and
shrinking rounds. Without a GPU (CI) those tests are reported as skipped, never as passed, and
mst-cuda must fail with a clear message instead; without nvcc (nothing builds mst-cuda)
everything here is skipped. A missing bin/mst-cuda where nvcc is installed is a failure."""
import json
import os
import re
import shutil
import tempfile
import unittest

import manifest
from describe import variants
from test_e2e import (BIN, SEQ, ContractPhases, Workdir, contract_cases, corner_case_graphs,
                      read_output, run)

CUDA = os.path.join(BIN, "mst-cuda")
GEN = os.path.join(BIN, "mst-gen")
# The GPU test program of the transfer path and the prepared topology (tests/cuda/).
PREPARED_TEST = os.path.join(BIN, "test-cuda-prepared")
# Edges a chunk of the chunked copy holds at least (cuda/transfer.cuh, CUDA_CHUNK_MIN).
CHUNK_MIN = 1 << 20
# Where the Makefile looks for nvcc when it is not on PATH.
NVCC = shutil.which("nvcc") or shutil.which("nvcc", path="/usr/local/cuda/bin")


def gpu_state():
    """None if mst-cuda can run here, else the reason it cannot (no nvcc, no binary, no GPU)."""
    if NVCC is None:
        return "no nvcc here: mst-cuda is not built"
    if not os.path.exists(CUDA):
        return "bin/mst-cuda is missing"
    with tempfile.NamedTemporaryFile("w", suffix=".wel") as probe:
        probe.write("0 1 1\n")
        probe.flush()
        p = run([CUDA, "--trials", "1", probe.name])
    if p.returncode == 3 and "no GPU (" in p.stderr:
        return p.stderr.strip().splitlines()[-1]
    return None


REASON = gpu_state()
# --algo dense holds an n x n matrix of 8-byte entries (cuda/dense.h): graphs whose matrix
# needs more than this may be refused for want of GPU memory (exit 3, its one-line message);
# every smaller one must run.
DENSE_MUST_FIT_GIB = 8.0
DENSE_TOO_LARGE = re.compile(r"dense: the (\d+) x \1 matrix needs ([0-9.]+) GiB.*, "
                             r"the GPU has [0-9.]+ GiB free$")


def dense_refused(p):
    """True when mst-cuda --algo dense (completed process p) refused a graph because its
    matrix, larger than DENSE_MUST_FIT_GIB, does not fit in the GPU's free memory."""
    lines = p.stderr.strip().splitlines()
    hit = DENSE_TOO_LARGE.search(lines[-1]) if p.returncode == 3 and len(lines) == 1 else None
    return hit is not None and float(hit.group(2)) > DENSE_MUST_FIT_GIB
ABLATIONS = [[], ["--no-guard"], ["--no-implicit-compression"], ["--filter"], ["--no-filter"],
             ["--filter", "--filter-factor", "4"], ["--csr-init"], ["--csr-init", "--filter"],
             ["--thread-only"], ["--both-directions"], ["--both-directions", "--filter"],
             ["--vertex-centric"], ["--vertex-centric", "--filter", "--no-guard"],
             ["--no-implicit-compression", "--both-directions"]]
MERGE = [["--merge-parallel"], ["--no-merge-parallel"]]
# Each variant's own switches; a variant not named here runs with its defaults.
VARIANT_RUNS = {"ecl": ABLATIONS, "contract": MERGE}


@unittest.skipIf(REASON is not None, REASON or "")
class CudaSameEdges(Workdir):
    def check(self, graph, *args, runs=None):
        """Every variant mst-cuda lists, each with its switches (runs: variant -> list of extra
        arguments; VARIANT_RUNS by default), writes exactly mst-seq's edges."""
        ref = self.path("seq.txt")
        p = run([SEQ, "--trials", "1", "--output", ref, *args, graph])
        self.assertEqual(p.returncode, 0, p.stderr)
        for algo in variants(CUDA):
            for extra in (runs or VARIANT_RUNS).get(algo, [[]]):
                out = self.path("cuda.txt")
                cmd = [CUDA, "--algo", algo, *extra, "--trials", "2", "--output", out, *args,
                       graph]
                p = run(cmd)
                if algo == "dense" and dense_refused(p):
                    continue
                self.assertEqual(p.returncode, 0, "%s: %s" % (" ".join(cmd), p.stderr))
                self.assertEqual(read_output(out), read_output(ref),
                                 "%s: edge sets differ" % " ".join(cmd))

    def test_corner_cases(self):
        cases = dict(corner_case_graphs(12), **contract_cases(8))
        for name, text in cases.items():
            with self.subTest(graph=name):
                self.check(self.write(name, text), "--vertices", "10000")

    def test_star_with_a_million_leaves(self):
        path = self.write("star.wel", "".join("0 %d\n" % i for i in range(1, 1000001)))
        runs = dict(VARIANT_RUNS, ecl=[[], ["--filter"], ["--csr-init"], ["--thread-only"]])
        self.check(path, "--weights", "random", "--seed", "2", runs=runs)

    def test_bundled_graphs(self):
        for path in manifest.paths():
            with self.subTest(graph=path):
                self.check(path, "--weights", "random", "--seed", "9")

    def test_chunk_borders(self):
        """An edge list of three chunks (two full, one of a few edges): every variant, the
        overlapped fill and the timed one (--phases sends everything first), filtered or not,
        the page-locked arrays reused over the warm-up and two trials (the harness compares
        their edge sets)."""
        graph = self.path("chunks.msb")
        p = run([GEN, "random", "--vertices", "1500000", "--edges", str(2 * CHUNK_MIN + 3),
                 "-o", graph])
        self.assertEqual(p.returncode, 0, p.stderr)
        ecl = [[], ["--filter"], ["--phases"], ["--phases", "--filter"], ["--csr-init"]]
        self.check(graph, "--weights", "random", "--seed", "4", runs=dict(VARIANT_RUNS, ecl=ecl))

    def test_prepared_rounds_match_kruskal(self):
        """tests/cuda/test_prepared.cu: the resident topology over rounds of new keys, and the
        plain solve on the same page-locked arrays, against Kruskal."""
        self.assertTrue(os.path.exists(PREPARED_TEST),
                        "%s is missing (make bin/test-cuda-prepared)" % PREPARED_TEST)
        p = run([PREPARED_TEST])
        self.assertEqual(p.returncode, 0, p.stdout + p.stderr)
        self.assertIn(", 0 failed", p.stdout)

    def test_phases_split_transfers_from_kernels(self):
        """--phases: the copy to the device, the forest's way back and the one-time setup are
        phases of their own; the kernel time is part of the whole call."""
        path = self.write("g.wel", "".join("%d %d %d\n" % (i, (i * 7 + 1) % 5000, i % 13)
                                           for i in range(20000)))
        p = run([CUDA, "--json", "--phases", "--trials", "2", path])
        self.assertEqual(p.returncode, 0, p.stderr)
        r = json.loads(p.stdout)
        self.assertTrue({"upload", "download", "setup-once", "fill"} <= set(r["phases"]),
                        r["phases"])
        self.assertGreater(r["phases"]["setup-once"], 0)
        self.assertLessEqual(r["kernel_s_median"], r["compute_s_median"])

    def test_summary_reports_kernel_and_transfer_times(self):
        path = self.write("g.wel", "0 1 1\n1 2 2\n0 2 3\n")
        p = run([CUDA, "--json", "--phases", "--no-filter", path])
        self.assertEqual(p.returncode, 0, p.stderr)
        r = json.loads(p.stdout)
        self.assertGreater(r["kernel_s_median"], 0)
        c = r["counters"]
        # One round joins the triangle; the first worklist holds its three edges.
        self.assertEqual(c["worklist_first"], 3)
        self.assertEqual(c["worklist_max"], 3)
        self.assertGreaterEqual(c["worklist_total"], 3)
        self.assertLessEqual(c["worklist_total"], 3 * c["rounds"])
        self.assertEqual(c["filtered"], 0)


@unittest.skipIf(REASON is not None, REASON or "")
class CudaContract(ContractPhases, Workdir):
    """--algo contract (Sousa et al. 2015): the ContractPhases checks, with the transfer phase
    and a kernel time, and pointer jumping on one long chain."""
    PROGRAM, EXTRA_PHASES = CUDA, {"transfer"}

    def phases(self, graph, merge, *args):
        r = super().phases(graph, merge, *args)
        self.assertGreater(r["kernel_s_median"], 0)
        return r

    def test_path_of_falling_weights_is_one_chain(self):
        # Every vertex's successor is its right neighbour: pointer jumping on one long chain.
        n = 200000
        graph = self.write("chain.wel", "".join("%d %d %d\n" % (i, i + 1, n - i)
                                                for i in range(n - 1)))
        r = self.phases(graph, "--no-merge-parallel")
        self.assertIs(r["verified"], True)
        self.assertEqual(r["counters"]["rounds"], 1)
        # Jumping in place is never slower than synchronous jumping: ceil(log2 n) passes.
        self.assertGreaterEqual(r["counters"]["color-steps"], 2)
        self.assertLessEqual(r["counters"]["color-steps"], 18)


@unittest.skipIf(REASON is None, "a GPU is present")
class CudaWithoutGpu(Workdir):
    def test_no_device_is_a_clear_error(self):
        self.require(CUDA, lacking="nvcc" if NVCC is None else None)
        p = run([CUDA, self.write("g.wel", "0 1 1\n")])
        self.assertEqual(p.returncode, 3)
        self.assertEqual(len(p.stderr.strip().splitlines()), 1)
        self.assertIn("no GPU (", p.stderr)


if __name__ == "__main__":
    unittest.main()
