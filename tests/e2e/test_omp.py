#!/usr/bin/python3
"""End-to-end tests of mst-omp: on every bundled graph (graphs/) and on generated corner cases,
every thread count (1-4), union-find variant (those --describe lists for --dsu) and filtering
choice returns exactly mst-seq's edge set; the contract variant does, with and without
--merge-parallel, and reports its phases, counters and shrinking rounds; the ThreadSanitizer
build (make tsan) runs clean on small graphs. A missing bin/mst-omp or bin/tsan/mst-omp fails
(make test builds both)."""
import json
import os
import random
import shutil
import subprocess
import sys
import unittest

import manifest
from describe import choices, option
from test_e2e import (BIN, SEQ, ContractPhases, Workdir, contract_cases, corner_case_graphs,
                      read_output, run)

OMP = os.path.join(BIN, "mst-omp")
TSAN = os.path.join(os.path.dirname(BIN), "bin", "tsan", "mst-omp")


def dsus():
    """The union-find variants of --dsu."""
    return choices(OMP, "--dsu")


class OmpSameEdges(Workdir):
    def setUp(self):
        super().setUp()
        self.require(OMP)

    def check(self, graph, runs, *args):
        self.check_same_edges(OMP, graph, runs, *args)

    def test_corner_cases(self):
        cases = corner_case_graphs(11)
        runs = [["-t", str(t)] for t in (1, 2, 3, 4)]
        runs += [["-t", "3", "--dsu", d, f] for d in dsus() for f in ("--filter", "--no-filter")]
        runs += [["-t", "4", "--schedule", s] for s in ("dynamic,1", "guided", "static,3")]
        for name, text in cases.items():
            self.check(self.write(name, text), runs, "--vertices", "10000")

    def test_bundled_graphs(self):
        runs = [["-t", str(t)] for t in (1, 2, 3, 4)]
        default = option(OMP, "--dsu")["default"]  # the runs above use it
        runs += [["-t", "3", "--dsu", d] for d in dsus() if d != default]
        runs += [["-t", "2", "--filter"], ["-t", "2", "--no-filter"]]
        for path in manifest.paths():
            self.check(path, runs, "--weights", "random", "--seed", "9")

    def test_filter_seeds(self):
        """Every seed of the threshold sample (ECL-MST's study) leaves the forest as it is."""
        runs = [["-t", "3", "--filter", "--filter-factor", k, "--filter-seed", str(s)]
                for k in ("0.5", "4") for s in (1, 2, 3, 8)]
        for path in manifest.paths():
            self.check(path, runs, "--weights", "random", "--seed", "9")
        cases = corner_case_graphs(11)
        for name, text in cases.items():
            self.check(self.write(name, text), runs[:4], "--vertices", "10000")

    def test_bad_options(self):
        path = self.write("g.wel", "0 1 1\n")
        for args in (["--dsu", "nope"], ["--schedule", "often"], ["--schedule", "dynamic,0"],
                     ["-t", "0"], ["--filter-seed", "-1"], ["--filter-seed", "x"]):
            self.assertEqual(run([OMP, *args, path]).returncode, 1, args)


MERGE = ("--merge-parallel", "--no-merge-parallel")


class OmpContract(ContractPhases, Workdir):
    """--algo contract (Sousa et al. 2015): mst-seq's edges with and without --merge-parallel
    at 1-3 threads; --phases --json has its phases, counters and rounds (ContractPhases)."""
    PROGRAM, ARGS = OMP, ["-t", "3"]

    def setUp(self):
        super().setUp()
        self.require(OMP)

    def same_edges(self, graph, *args):
        ref = self.path("seq.txt")
        p = run([SEQ, "--trials", "1", "--output", ref, *args, graph])
        self.assertEqual(p.returncode, 0, p.stderr)
        for threads in ("1", "2", "3"):
            for merge in MERGE:
                out = self.path("contract.txt")
                p = run([OMP, "--algo", "contract", "-t", threads, merge, "--trials", "2",
                         "--output", out, *args, graph])
                self.assertEqual(p.returncode, 0, "%s -t %s: %s" % (graph, threads, p.stderr))
                self.assertEqual(read_output(out), read_output(ref),
                                 "%s -t %s %s: edge sets differ" % (graph, threads, merge))

    def test_corner_cases(self):
        cases = dict(corner_case_graphs(12), **contract_cases(5))
        for name, text in cases.items():
            with self.subTest(graph=name):
                self.same_edges(self.write(name, text), "--vertices", "10000")

    def test_bundled_graphs(self):
        for path in manifest.paths():
            with self.subTest(graph=path):
                self.same_edges(path, "--weights", "random", "--seed", "4")


class OmpWaiting(Workdir):
    """Without a waiting policy from the user, mst-omp cuts a team larger than the idle cores
    to them (OpenMP barriers spin on descheduled threads; docs/omp-tuning.md), says so on
    stderr, and reports the team it ran: 64 threads exceed any CI machine's cores. A user's
    OMP_WAIT_POLICY or GOMP_SPINCOUNT keeps the team asked for."""

    def team(self, threads="64", **env):
        graph = self.write("g.wel", "0 1 3\n1 2 1\n2 0 2\n")
        env = dict(os.environ, **env)
        for var in ("OMP_WAIT_POLICY", "GOMP_SPINCOUNT"):
            if var not in env or env[var] is None:
                env.pop(var, None)
        p = subprocess.run([OMP, "-t", threads, "--trials", "1", "--json", graph],
                           capture_output=True, text=True, env=env)
        self.assertEqual(p.returncode, 0, p.stderr)
        result = json.loads(p.stdout)
        self.assertEqual(result["verified"], True)
        return result["threads"], p.stderr

    def test_team_cut_to_the_idle_cores(self):
        self.require(OMP)
        threads, err = self.team(OMP_WAIT_POLICY=None, GOMP_SPINCOUNT=None)
        self.assertLessEqual(threads, os.cpu_count())
        self.assertGreaterEqual(threads, 1)
        self.assertIn(f"note: {threads} thread{'' if threads == 1 else 's'}, not 64: the other cores are busy", err)

    def test_one_thread_keeps_the_default(self):
        self.require(OMP)
        threads, err = self.team(threads="1", OMP_WAIT_POLICY=None, GOMP_SPINCOUNT=None)
        self.assertEqual(threads, 1)
        self.assertNotIn("note:", err)

    def test_a_pipe_reader_takes_no_core(self):
        """The command reading mst-omp's output through a pipe (here one busy for its first
        second, as a Python reader starting beside the solver is) leaves the team whole."""
        self.require(OMP)
        cores = str(os.cpu_count())
        if self.team(threads=cores, OMP_WAIT_POLICY=None, GOMP_SPINCOUNT=None)[0] < int(cores):
            self.skipTest("other work keeps a core busy on this machine")
        graph = self.write("g.wel", "0 1 3\n1 2 1\n2 0 2\n")
        env = {k: v for k, v in os.environ.items()
               if k not in ("OMP_WAIT_POLICY", "GOMP_SPINCOUNT")}
        reader = ("import json, sys, time\nt = time.time()\nwhile time.time() < t + 1: pass\n"
                  "print(json.load(sys.stdin)['threads'])")
        # A task runnable for a moment at all of the guard's looks still cuts the team (the
        # price of an idle machine's single look): the team must be whole in one of 3 runs.
        teams = []
        for _ in range(3):
            p = subprocess.run("%s -t %s --trials 1 --json %s | %s -c \"%s\"" % (
                OMP, cores, graph, sys.executable, reader), shell=True, capture_output=True,
                text=True, env=env)
            self.assertEqual(p.returncode, 0, p.stderr)
            teams.append(p.stdout.strip())
            if teams[-1] == cores:
                self.assertNotIn("note:", p.stderr)
                break
        self.assertIn(cores, teams)

    def test_user_settings_win(self):
        self.require(OMP)
        self.assertEqual(self.team(GOMP_SPINCOUNT="7")[0], 64)
        self.assertEqual(self.team(OMP_WAIT_POLICY="active")[0], 64)


class OmpThreadSanitizer(Workdir):
    def test_tsan_clean(self):
        # make tsan builds it with clang: only a machine without clang has an excuse.
        self.require(TSAN, lacking="clang" if shutil.which("clang") is None else None)
        rng = random.Random(3)
        text = "".join("%d %d %d\n" % (rng.randrange(400), rng.randrange(400), rng.randint(1, 20))
                       for _ in range(6000))
        graphs = [self.write("r.wel", text), manifest.path("road/rome99.gr.gz")]
        env = dict(os.environ, TSAN_OPTIONS="ignore_noninstrumented_modules=1 exitcode=66")
        for graph in graphs:
            for d in dsus():
                for f in ("--filter", "--no-filter"):
                    p = subprocess.run([TSAN, "-t", "4", "--trials", "1", "--dsu", d, f, graph],
                                       capture_output=True, text=True, env=env)
                    self.assertNotIn("ThreadSanitizer", p.stderr, "%s %s %s" % (d, f, graph))
                    self.assertEqual(p.returncode, 0, p.stderr[-2000:])
        # Contraction runs levels of fewer than about 2000 vertices on one thread: the road
        # network keeps its first rounds parallel.
        for graph in (graphs[0], manifest.path("road/USA-road-NY.pace.gr.gz")):
            for merge in MERGE:
                p = subprocess.run([TSAN, "-t", "4", "--trials", "1", "--algo", "contract", merge,
                                    "--phases", graph], capture_output=True, text=True, env=env)
                self.assertNotIn("ThreadSanitizer", p.stderr, "contract %s %s" % (merge, graph))
                self.assertEqual(p.returncode, 0, p.stderr[-2000:])


if __name__ == "__main__":
    unittest.main()
