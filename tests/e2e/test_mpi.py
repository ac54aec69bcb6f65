#!/usr/bin/python3
"""End-to-end tests of mst-mpi under mpirun (Open MPI, as root and oversubscribed): at 1-4 ranks,
with both partitions and every algorithm it reports (--describe), on the bundled graphs
(graphs/) and on generated corner cases
(forests, isolated vertices, equal weights, multi-edges, a path, a star, a complete graph,
self-loops, float and negative weights), read as text (parsed on rank 0 and sent in slices) and
as .msb (every rank reads its slice with MPI-IO), every run writes exactly mst-seq's edge set.
Also: --no-verify runs (rank 0 without the whole graph) report mst-seq's weight, --stats and
the JSON statistics (GHS's message bound at --test-window 1, and with the window's share),
both transports between ranks (shared-memory rings, tiny ones that fill up, rings and
MPI_Isend mixed as between nodes (--shm-group); MPI_Isend alone; tiny batches and rings
through --batch and --ring), errors (one line, the first failing rank's
message, exit codes), and an AddressSanitizer build on small graphs. Skipped only where mpirun
is not installed; a missing bin/mst-mpi fails. About a minute on a 2-core machine."""
import json
import math
import os
import random
import shutil
import struct
import subprocess
import unittest

import manifest
from describe import variants
from test_e2e import BIN, Workdir, corner_case_graphs, read_output, run

ROOT = os.path.dirname(BIN)
MPI = os.path.join(BIN, "mst-mpi")
ASAN = os.path.join(ROOT, "bin", "asan", "mst-mpi")
MPIRUN = shutil.which("mpirun")
# Open MPI as root, oversubscribed. The ob1 PML is the one Open MPI picks on one node anyway:
# naming it skips probing the cm PML's network libraries, half of each mpirun's start. A run
# that fails ends at once: mpirun otherwise waits a second (odls_base_sigkill_timeout) before
# it kills ranks that have already exited.
ENV = dict(os.environ, OMPI_ALLOW_RUN_AS_ROOT="1", OMPI_ALLOW_RUN_AS_ROOT_CONFIRM="1",
           OMPI_MCA_rmaps_base_oversubscribe="1", OMPI_MCA_pml="ob1",
           OMPI_MCA_odls_base_sigkill_timeout="0")
REASON = "mpirun not found (apt-get install openmpi-bin)" if MPIRUN is None else None

# The full rank x partition x algorithm matrix runs on these; every bundled graph runs once.
MATRIX_GRAPHS = ["road/rome99.gr.gz", "ecl/indigo3_undirect_power_law_500n_6000e.egr.gz",
                 "social/wiki-Vote.txt.gz"]


def others(np):
    """mpirun arguments running each algorithm but the default (GHS) at `np` ranks."""
    return [["-np", str(np), "--algo", algo] for algo in variants(MPI)[1:]]


def matrix():
    """mpirun arguments: every algorithm mst-mpi reports at 1-4 ranks, the default one (GHS)
    with both vertex partitions, its test windows and its transports."""
    runs = [["-np", str(p), "--algo", algo] for algo in variants(MPI) for p in (1, 2, 3, 4)]
    runs += [["-np", str(p), "--partition", "hash"] for p in (1, 2, 3, 4)]
    # GHS's own test procedure (one Test at a time), and windows from tiny to the largest
    runs += [["-np", "3", "--test-window", "1"], ["-np", "2", "--test-window", "2"],
             ["-np", "4", "--test-window", "255", "--partition", "hash"]]
    # GHS between ranks through MPI_Isend alone (the default is shared-memory rings)
    runs += [["-np", "4", "--transport", "mpi"],
             ["-np", "3", "--transport", "mpi", "--partition", "hash"]]
    return runs


def shm_group(k):
    """mst-mpi options: ranks share rings in groups of k, as nodes would (--shm-group)."""
    return ["--shm-group", str(k)]


def small(batch=None, ring=None):
    """mst-mpi options (docs/mst-mpi.md): --batch messages per batch between ranks, --ring
    messages per ring; tiny ones interleave ranks the most and fill rings up."""
    return (["--batch", str(batch)] if batch is not None else []) + \
        (["--ring", str(ring)] if ring is not None else [])


# corner_case_graphs' cases of integer weights that corner_cases() joins into one graph, the
# first first: its edge 0 keeps the smallest key and edge 1 the largest.
JOINED = ["minkey.wel", "isolated.wel", "multi.wel", "forest.wel", "equal.wel", "neg.wel",
          "star.wel", "path.wel", "complete.wel"]


def corner_cases(seed):
    """corner_case_graphs(seed) for mpirun: name -> (edge-list text, --vertices). The cases of
    integer weights become one graph, "joined.wel", each case's vertex ids shifted past those of
    the case before (its MSF is theirs side by side, so that one mpirun checks them all), with
    1000 isolated vertices after them; the others (no edges, self-loops only, float weights)
    stay graphs of their own, of 5001 vertices as in every solver's tests."""
    cases = corner_case_graphs(seed)
    lines, base = [], 0
    for name in JOINED:
        edges = [l.split() for l in cases.pop(name).splitlines()]
        lines += ["%d %d %s\n" % (base + int(u), base + int(v), w) for u, v, w in edges]
        base += 1 + max(max(int(u), int(v)) for u, v, _ in edges)
    joined = {"joined.wel": ("".join(lines), base + 1000)}
    return {**joined, **{name: (text, 5001) for name, text in cases.items()}}


def mpirun(np_args, binary=MPI, env=None):
    """Runs `mpirun -np P binary ARGS`; np_args = ["-np", P, ARGS...]. Open MPI's runtime may
    add a libevent warning ("[warn] Epoll MOD(1) on fd 27 failed. ...") when a rank exits with
    an error: not the program's output, so it is dropped from stderr."""
    p = subprocess.run([MPIRUN, "--quiet", np_args[0], np_args[1], binary, *np_args[2:]],
                       capture_output=True, text=True, env=env or ENV, timeout=300)
    p.stderr = "".join(l for l in p.stderr.splitlines(True) if not l.startswith("[warn] Epoll "))
    return p


def write_msb(path, n, edges, weight_type=1):
    """A raw .msb file (common/io/loader.h) with edges (u, v, w) as given: self-loops included."""
    m = len(edges)
    code = "i" if weight_type == 1 else "I" if weight_type == 2 else "f"
    with open(path, "wb") as f:
        f.write(b"MSTSUITE" + struct.pack("<IIIIQ", 1, weight_type, n, 0, m))
        f.write(struct.pack("<%dI" % m, *[e[0] for e in edges]))
        f.write(struct.pack("<%dI" % m, *[e[1] for e in edges]))
        f.write(struct.pack("<%d%s" % (m, code), *[e[2] for e in edges]))


@unittest.skipIf(REASON is not None, REASON or "")
class MpiSameEdges(Workdir):
    def setUp(self):
        super().setUp()
        self.require(MPI)

    def reference(self, graph, *args):
        out = self.path("seq.txt")
        p = run([os.path.join(BIN, "mst-seq"), "--trials", "1", "--output", out, *args, graph])
        self.assertEqual(p.returncode, 0, p.stderr)
        return read_output(out)

    def check(self, graph, runs, *args, ref=None, env=None):
        """Each mpirun of `runs` (["-np", P, options...], or (that, its environment)) writes
        exactly mst-seq's edges."""
        ref = self.reference(graph, *args) if ref is None else ref
        for r in runs:
            r, e = r if isinstance(r, tuple) else (r, env)
            out = self.path("mpi.txt")
            p = mpirun(r[:2] + ["--trials", "2", "--output", out] + r[2:] + list(args) + [graph],
                       env=e)
            self.assertEqual(p.returncode, 0, "%s %s: %s" % (r, graph, p.stderr))
            self.assertEqual(read_output(out), ref, "%s on %s: edge sets differ" % (r, graph))
        return ref

    def msb_of(self, graph, *args):
        """graph converted to .msb (random weights written out when args ask for them)."""
        out = self.path(os.path.basename(graph) + ".msb")
        p = run([os.path.join(BIN, "mst-convert"), *args, graph, out])
        self.assertEqual(p.returncode, 0, p.stderr)
        return out

    def test_matrix_on_bundled_graphs(self):
        for name in MATRIX_GRAPHS:
            path = manifest.path(name)
            w = ["--weights", "random", "--seed", "9"]
            ref = self.check(path, matrix(), *w)
            # The same graph as .msb: every rank reads its slice with MPI-IO.
            msb = self.msb_of(path, *w)
            # One message per batch: the most interleaving between ranks.
            self.check(msb, [["-np", "3", "--partition", "hash"], ["-np", "4"],
                             ["-np", "4", "--partition", "hash", *small(batch=1)],
                             ["-np", "3", "--test-window", "255", *small(batch=1)]] + others(2),
                       ref=ref)

    def test_every_bundled_graph(self):
        """Unit weights (ties everywhere, broken by edge id) at 3 ranks, hash partition."""
        for path in manifest.paths():
            self.check(path, [["-np", "3", "--partition", "hash"]], "--weights", "keep")

    def test_corner_cases(self):
        """corner_case_graphs, the cases of integer weights joined into one graph
        (corner_cases), as text and as .msb, with isolated vertices after their ids."""
        runs = [["-np", "1"], ["-np", "2", "--partition", "hash"], ["-np", "4"],
                ["-np", "3", "--test-window", "1"]] + others(3)
        for name, (text, n) in corner_cases(6).items():
            path = self.write(name, text)
            ref = self.check(path, runs, "--vertices", str(n))
            msb = self.msb_of(path, "--vertices", str(n))
            self.check(msb, [["-np", "4", "--partition", "hash"]] + others(2), ref=ref)

    def test_long_rows(self):
        """Rows of over 1024 arcs, each sorted by (key, edge id) with the shared radix sort:
        many ties, keys across the whole int32 range, float keys."""
        for name, weights in [("ties", ["--weights", "uniform", "--min", "1", "--max", "50"]),
                              ("wide", ["--weights", "uniform", "--min", "-2000000000",
                                        "--max", "2000000000"]),
                              ("float", ["--weights", "float"])]:
            path = self.path(name + ".msb")
            p = run([os.path.join(BIN, "mst-gen"), "gnp", "--vertices", "1300", "--p", "0.9",
                     *weights, "-o", path, "--quiet"])
            self.assertEqual(p.returncode, 0, p.stderr)
            self.check(path, [["-np", "1"], ["-np", "3", "--partition", "hash"],
                              ["-np", "2", "--test-window", "1"],
                              ["-np", "4", "--test-window", "255", *small(batch=7)]])

    def test_test_windows_on_a_dense_graph(self):
        """GHS's test window (ghs.h) where searches are long: many rejections, ties of keys,
        one message per batch (the most interleaving), windows of every size class."""
        path = self.path("dense.msb")
        p = run([os.path.join(BIN, "mst-gen"), "gnp", "--vertices", "400", "--p", "0.4",
                 "--weights", "uniform", "--min", "1", "--max", "4", "--seed", "11", "-o", path,
                 "--quiet"])
        self.assertEqual(p.returncode, 0, p.stderr)
        self.check(path, [["-np", "3", "--test-window", "2", *small(batch=1)],
                          ["-np", "4", "--test-window", "5", "--partition", "hash",
                           *small(batch=1)],
                          ["-np", "2", "--test-window", "255", *small(batch=3)],
                          ["-np", "1", "--test-window", "255"]])

    def test_transports(self):
        """GHS's messages between ranks (msg.h): rings so small that senders keep what does
        not fit (their batches grow, get compacted, go out in pieces), rings and MPI_Isend
        mixed as between nodes (--shm-group), MPI_Isend alone; the statistics say which
        transport carried the batches."""
        path = self.path("t.msb")
        p = run([os.path.join(BIN, "mst-gen"), "random", "--vertices", "3000", "--edges", "9000",
                 "--weights", "uniform", "--min", "1", "--max", "20", "-o", path, "--quiet"])
        self.assertEqual(p.returncode, 0, p.stderr)
        tiny = [["-np", "2", *small(batch=1, ring=1)],
                ["-np", "3", "--partition", "hash", *small(ring=3)],
                ["-np", "4", *small(batch=16, ring=64)],
                ["-np", "4", "--test-window", "1", *small(batch=5, ring=2)]]
        ref = self.check(path, tiny)
        mixed = [["-np", "4", *shm_group(2)],
                 ["-np", "3", *small(batch=3, ring=2), *shm_group(2)],
                 ["-np", "4", "--partition", "hash", *small(batch=1), *shm_group(2)]]
        self.check(path, mixed, ref=ref)
        self.check(path, [["-np", "3", "--transport", "mpi", *small(batch=1)]], ref=ref)

        def batches(np_args):
            p = mpirun(np_args + ["--stats", "--json", "--trials", "1", path])
            self.assertEqual(p.returncode, 0, p.stderr)
            s = json.loads(p.stdout)["stats"]
            return s["batches"], s["ring_batches"], s["transport"]

        total, rings, name = batches(["-np", "3"])
        self.assertEqual((rings, name), (total, "shm"))
        self.assertGreater(total, 0)
        total, rings, name = batches(["-np", "3", "--transport", "mpi"])
        self.assertEqual((rings, name), (0, "mpi"))
        self.assertGreater(total, 0)
        total, rings, _ = batches(["-np", "4", *shm_group(2)])  # ranks 0-1 and 2-3 share
        self.assertGreater(rings, 0)
        self.assertLess(rings, total)

    def test_msb_slices_with_self_loops(self):
        """Self-loops inside the ranks' .msb slices: canonical ids (hence random weights and
        ties) agree with the shared loader's."""
        rng = random.Random(8)
        n = 500
        edges = []
        for i in range(4000):
            u = rng.randrange(n)
            v = u if rng.random() < 0.2 else rng.randrange(n)
            edges.append((u, v, rng.randint(1, 4)))
        path = self.path("loops.msb")
        write_msb(path, n, edges)
        for w in (["--weights", "keep"], ["--weights", "random", "--seed", "3"]):
            self.check(path, [["-np", p, "--partition", part] for p in ("2", "3", "4")
                              for part in ("block", "hash")] + others(4), *w)
        fpath = self.path("float.msb")
        write_msb(fpath, 60, [(rng.randrange(60), rng.randrange(60), rng.uniform(-9, 9))
                              for _ in range(900)], weight_type=3)
        self.check(fpath, [["-np", "3"]] + others(4))

    def test_infinities_of_both_signs_are_refused(self):
        """A float .msb with +inf on one rank's slice and -inf on another's is refused by every
        rank with the shared loader's message (issue 33, item 5); one sign loads, and random
        weights ignore the file's."""
        edges = [(0, 1, float("inf"))] + [(i, i + 1, 1.0) for i in range(1, 30)] + \
            [(30, 31, float("-inf"))]
        path = self.path("both.msb")
        write_msb(path, 32, edges, weight_type=3)
        p = mpirun(["-np", "3", "--trials", "1", path])
        self.assertEqual(p.returncode, 2, p.stderr)
        self.assertIn("weights of both +inf and -inf", p.stderr)
        p = mpirun(["-np", "3", "--trials", "1", "--weights", "random", path])
        self.assertEqual(p.returncode, 0, p.stderr)
        write_msb(path, 32, edges[:-1], weight_type=3)
        p = mpirun(["-np", "3", "--trials", "1", path])
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertIn("inf", p.stdout)

    def test_no_verify_reports_the_weight(self):
        """Without --verify/--output rank 0 holds no graph: the weight comes from the forest."""
        path = manifest.path("road/rome99.gr.gz")
        seq = json.loads(run([os.path.join(BIN, "mst-seq"), "--json", "--trials", "1",
                              path]).stdout)
        for extra in (["--algo", algo] for algo in variants(MPI)):
            for src in (path, self.msb_of(path)):
                p = mpirun(["-np", "3", "--json", "--no-verify", "--trials", "1"] + extra + [src])
                self.assertEqual(p.returncode, 0, p.stderr)
                r = json.loads(p.stdout)
                self.assertEqual((r["msf_weight"], r["msf_edges"], r["n"], r["m"], r["ranks"]),
                                 (seq["msf_weight"], seq["msf_edges"], seq["n"], seq["m"], 3))
                self.assertIsNone(r["verified"])

    def test_stats(self):
        path = self.write("g.wel", "".join("%d %d %d\n" % (i, (i * 7 + 3) % 400, i % 17)
                                           for i in range(400)))
        p = mpirun(["-np", "2", "--stats", "--trials", "1", path])
        self.assertEqual(p.returncode, 0, p.stderr)
        for word in ("messages", "GHS bound 5 n log2 n + 2 m", "connect", "initiate", "test",
                     "accept", "reject", "report", "changeroot", "between ranks", "halted",
                     "peak RSS"):
            self.assertIn(word, p.stdout)
        # Every component's core halts on its own, isolated vertices at once (n = 500: 100 are).
        p = mpirun(["-np", "3", "--stats", "--json", "--trials", "1", "--vertices", "500", path])
        self.assertEqual(p.returncode, 0, p.stderr)
        r = json.loads(p.stdout)
        s = r["stats"]
        self.assertEqual(s["halted_components"], r["components"])
        self.assertGreater(r["components"], 100)
        self.assertEqual(len(s["peak_rss_kib"]), 3)
        self.assertEqual(s["messages_total"], sum(s["messages"].values()))
        self.assertLessEqual(s["messages_total"], s["ghs_bound"])
        self.assertGreater(s["bytes_between_ranks"], 0)
        # GHS's bound 5 n log2 n + 2 m holds with GHS's own test procedure (window 1); the
        # window's extra Tests have their own share (ghs.h), on a graph with many rejections.
        dense = self.path("dense.msb")
        p = run([os.path.join(BIN, "mst-gen"), "gnp", "--vertices", "300", "--p", "0.5",
                 "--weights", "uniform", "--min", "1", "--max", "3", "-o", dense, "--quiet"])
        self.assertEqual(p.returncode, 0, p.stderr)
        for window in ("1", "255"):
            p = mpirun(["-np", "3", "--stats", "--json", "--trials", "1", "--test-window",
                        window, dense])
            self.assertEqual(p.returncode, 0, p.stderr)
            r = json.loads(p.stdout)
            s = r["stats"]
            nlogn = r["n"] * math.log2(r["n"])
            textbook = 5 * nlogn + 2 * r["m"]
            extra = 2 * min((int(window) - 1) * nlogn, 2 * r["m"])
            self.assertAlmostEqual(s["ghs_bound"], textbook + extra, delta=1)
            self.assertLessEqual(s["messages_total"], s["ghs_bound"])
            self.assertGreater(s["messages"]["reject"], r["m"] // 4)
        p = mpirun(["-np", "2", "--stats", "--json", "--trials", "1", "--algo",
                    "boruvka-allreduce", path])
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertGreater(json.loads(p.stdout)["stats"]["rounds"], 0)
        p = run([MPI, "--help"], env=ENV)
        self.assertIn("boruvka-allreduce", p.stdout)
        self.assertIn("--test-window K", p.stdout)
        self.assertIn("--transport T", p.stdout)
        self.assertIn("WHOLE graph on every rank", p.stdout)

    def test_started_without_a_launcher(self):
        """One rank without mpirun says so and how to start more (issue 38, item 5); under
        mpirun, even at one rank, nothing is said."""
        path = self.write("g.wel", "0 1 5\n1 2 3\n2 0 4\n")
        p = run([MPI, "--trials", "1", path], env=ENV)
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertIn("note: one rank, started without mpirun", p.stderr)
        self.assertIn("mpirun -np P", p.stderr)
        p = mpirun(["-np", "1", "--trials", "1", path])
        self.assertEqual((p.returncode, p.stderr), (0, ""))

    def test_shared_memory_segment(self):
        """Open MPI's vader segment is 2 MiB unless the user set it (Open MPI prints the values
        MPI_Init read when asked to)."""
        path = self.write("g.wel", "0 1 5\n1 2 3\n2 0 4\n")
        env = {k: v for k, v in ENV.items() if k != "OMPI_MCA_btl_vader_segment_size"}
        env["OMPI_MCA_mpi_show_mca_params"] = "all"
        for value in (None, "8388608"):
            e = dict(env, **({} if value is None else {"OMPI_MCA_btl_vader_segment_size": value}))
            p = mpirun(["-np", "2", "--trials", "1", path], env=e)
            self.assertEqual(p.returncode, 0, p.stderr)
            self.assertIn("btl_vader_segment_size=%s" % (value or "2097152"), p.stdout + p.stderr)

    def test_errors(self):
        """One line from rank 0 with the first failing rank's message; the usual exit codes."""
        def expect(args, code, fragment):
            p = mpirun(args)
            self.assertEqual(p.returncode, code, "%s: %s" % (args, p.stderr))
            lines = [l for l in p.stderr.splitlines() if l.strip()]
            self.assertEqual(len(lines), 1, p.stderr)
            self.assertTrue(lines[0].startswith("mst-mpi: error: "), lines[0])
            self.assertIn(fragment, lines[0])
            return lines[0]

        ok = self.write("ok.wel", "0 1 1\n")
        expect(["-np", "3", "--partition", "nope", ok], 1, "--partition")
        for bad in ("0", "256", "4x"):
            expect(["-np", "2", "--test-window", bad, ok], 1, "--test-window")
        expect(["-np", "2", ok, "--test-window"], 1, "--test-window needs a value")
        expect(["-np", "2", "--transport", "tcp", ok], 1, "--transport: 'tcp' is not shm or mpi")
        for name, bad, most in (("--batch", "0", 1 << 20), ("--ring", "1k", 1 << 24),
                                ("--ring", "16777217", 1 << 24), ("--shm-group", "3", 2)):
            expect(["-np", "2", name, bad, ok], 1,
                   "error: option %s: bad value '%s' (1..%d)" % (name, bad, most))
        expect(["-np", "3", self.path("missing.wel")], 2, "missing.wel")
        expect(["-np", "2", self.write("bad.wel", "0 1 2\n0 x 3\n")], 2, "bad.wel:2:")
        # A bad id in the last rank's slice of an .msb: that rank's message, as mst-seq says it.
        path = self.path("bad.msb")
        write_msb(path, 10, [(i % 10, (i + 1) % 10, 1) for i in range(99)] + [(3, 12, 1)])
        seq = run([os.path.join(BIN, "mst-seq"), path])
        self.assertEqual(seq.returncode, 2)
        line = expect(["-np", "4", "--no-verify", path], 2, "edge 99 (3-12)")
        self.assertEqual(line, seq.stderr.strip().replace("mst-seq", "mst-mpi"))
        with open(self.path("short.msb"), "wb") as f:
            f.write(b"MSTSUITE" + struct.pack("<IIIIQ", 1, 1, 4, 0, 5) + b"\0" * 12)
        expect(["-np", "3", "--no-verify", self.path("short.msb")], 2, "does not match")


def build_asan():
    """bin/asan/mst-mpi: the solver under AddressSanitizer + UBSan (a few seconds; kept in
    build/asan-mpi between runs)."""
    flags = "-O1 -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=all"
    return subprocess.run(["make", "-C", ROOT, "-j2", "BUILD=build/asan-mpi", "BIN=bin/asan",
                           "OPT=" + flags, "LDLIBS=-lz -lm -fsanitize=address,undefined",
                           "bin/asan/mst-mpi"], capture_output=True, text=True)


@unittest.skipIf(REASON is not None, REASON or "")
class MpiAddressSanitizer(Workdir):
    def test_asan_clean(self):
        self.require(MPI)
        b = build_asan()
        if b.returncode != 0:
            self.fail("ASan build failed: %s" % b.stderr[-2000:])
        env = dict(ENV, ASAN_OPTIONS="detect_leaks=0:abort_on_error=0:exitcode=66",
                   UBSAN_OPTIONS="halt_on_error=1:exitcode=67")
        rng = random.Random(4)
        text = "".join("%d %d %d\n" % (rng.randrange(300), rng.randrange(300), rng.randint(1, 9))
                       for _ in range(3000))
        graphs = [self.write("r.wel", text)]
        msb = self.path("r.msb")
        write_msb(msb, 300, [(rng.randrange(300), rng.randrange(300), rng.randint(1, 9))
                             for _ in range(3000)])
        graphs.append(msb)
        for graph in graphs:
            for extra, e in ((["-np", "3", "--partition", "hash", "--stats"], env),
                             (["-np", "2"], env),
                             (["-np", "4", "--algo", "boruvka-allreduce"], env),
                             (["-np", "2", "--no-verify", "--json"], env),
                             (["-np", "3", *small(batch=3, ring=2)], env),
                             (["-np", "4", "--transport", "mpi"], env),
                             (["-np", "4", *shm_group(2)], env)):
                p = mpirun(extra[:2] + ["--trials", "2"] + extra[2:] + [graph], binary=ASAN,
                           env=e)
                self.assertNotIn("AddressSanitizer", p.stderr, "%s %s" % (extra, graph))
                self.assertNotIn("runtime error", p.stderr, "%s %s" % (extra, graph))
                self.assertEqual(p.returncode, 0, p.stderr[-3000:])
        p = mpirun(["-np", "3", self.path("missing.wel")], binary=ASAN, env=env)
        self.assertEqual(p.returncode, 2, p.stderr[-3000:])


if __name__ == "__main__":
    unittest.main()
