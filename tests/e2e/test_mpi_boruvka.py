#!/usr/bin/python3
"""End-to-end tests of mst-mpi --algo boruvka, the distributed Borůvka (mpi/dboruvka.h), under
mpirun at 1-4 ranks (Open MPI, as root, oversubscribed): both vertex partitions and the default
(auto) choice between them, text input (parsed on rank 0 and sent in slices) and .msb (every
rank reads its slice), forests, ties, isolated vertices, multi-edges, self-loops, a long path
(many pointer-doubling steps), a star (one label holding every arc), local preprocessing on a
grid, --maximum, 64-bit weights and the wide arcs (--wide-ids): every run writes exactly
mst-seq's edge set. Also --stats (rounds, bytes sent and peak memory per rank), --no-verify,
and bad input read by any rank.
Skipped only where mpirun is not installed. Under a minute on a 2-core machine."""
import gzip
import json
import os
import random
import struct
import unittest

import test_mpi
from test_e2e import BIN, Workdir, run
from test_mpi import MPIRUN, corner_cases, mpirun, write_msb

REASON = "mpirun not found (apt-get install openmpi-bin)" if MPIRUN is None else None
ALGO = ["--algo", "boruvka"]


def runs(ranks=(1, 2, 3, 4), partitions=("block", "hash")):
    """mpirun arguments for --algo boruvka at every rank count and partition given."""
    return [["-np", str(p), *ALGO, "--partition", part] for p in ranks for part in partitions]


@unittest.skipIf(REASON is not None, REASON or "")
class DistributedBoruvka(Workdir):
    # test_mpi's comparison with mst-seq's edge set, without its tests
    reference = test_mpi.MpiSameEdges.reference
    check = test_mpi.MpiSameEdges.check
    msb_of = test_mpi.MpiSameEdges.msb_of

    def setUp(self):
        super().setUp()
        self.require(test_mpi.MPI)

    def gen(self, name, *args):
        path = self.path(name)
        p = run([os.path.join(BIN, "mst-gen"), *args, "-o", path, "--quiet"])
        self.assertEqual(p.returncode, 0, p.stderr)
        return path

    def test_corner_cases(self):
        """Forests, isolated vertices, ties, multi-edges, self-loops, negative and float
        weights, a path, a star, a complete graph (test_mpi.corner_cases: those of integer
        weights joined into one graph)."""
        for name, (text, n) in corner_cases(7).items():
            path = self.write(name, text)
            ref = self.check(path, runs((1, 2, 4)), "--vertices", str(n))
            msb = self.msb_of(path, "--vertices", str(n))
            self.check(msb, runs((3,)), ref=ref)

    def test_generated_families(self):
        """Random graphs with many ties, a forest of components, R-MAT hubs, a grid (mostly
        local arcs: the local preprocessing does most of the work), read as .msb slices."""
        graphs = [
            ("ties.msb", "random", "--vertices", "3000", "--edges", "12000", "--weights",
             "uniform", "--min", "1", "--max", "5"),
            ("forest.msb", "components", "--parts", "5", "kout", "--vertices", "400",
             "--k", "2"),
            ("rmat.msb", "rmat", "--scale", "11", "--edge-factor", "8"),
            ("grid.msb", "grid2d", "--rows", "60", "--cols", "70"),
        ]
        for name, *args in graphs:
            self.check(self.gen(name, *args), runs())

    def test_threads_per_rank(self):
        """-t 2 and 3 at 1-4 ranks, both partitions: filtering and the hub (a random graph of 4
        edges per vertex), many ties, R-MAT hubs, a grid (mostly local: the local pass runs
        on the threads), a forest and the corner cases, tiny windows (many blocks
        per exchange); the summary and the JSON name the threads and the ranks. Threads wait
        passively (OMP_WAIT_POLICY): on 2 cores, spinning teams of oversubscribed ranks take
        each other's time slices at every barrier."""
        env = dict(test_mpi.ENV, OMP_WAIT_POLICY="passive")
        graphs = [
            (self.gen("dense.msb", "random", "--vertices", "3000", "--edges", "12000"), runs()),
            (self.gen("ties.msb", "random", "--vertices", "2000", "--edges", "9000",
                      "--weights", "uniform", "--min", "1", "--max", "4"), runs((2, 3))),
            (self.gen("rmat.msb", "rmat", "--scale", "11", "--edge-factor", "8"), runs((1, 4))),
            (self.gen("grid.msb", "grid2d", "--rows", "40", "--cols", "50"), runs((1, 3))),
            (self.gen("forest.msb", "components", "--parts", "4", "kout", "--vertices", "300",
                      "--k", "2"), runs((2,))),
        ]
        for path, rs in graphs:
            self.check(path, [r + ["-t", "2"] for r in rs], env=env)
        dense = graphs[0][0]
        self.check(dense, [["-np", "3", *ALGO, "-t", "2", "--window", "7"],
                           ["-np", "1", *ALGO, "-t", "3", "--window", "5"]], env=env)
        for name, (text, n) in corner_cases(7).items():
            self.check(self.write(name, text), [["-np", "2", *ALGO, "-t", "2"]], "--vertices",
                       str(n), env=env)
        p = mpirun(["-np", "2", *ALGO, "-t", "2", "--trials", "1", dense], env=env)
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertIn("threads x ranks  2 x 2", p.stdout)
        p = mpirun(["-np", "3", *ALGO, "-t", "2", "--json", "--trials", "1", dense], env=env)
        self.assertEqual(p.returncode, 0, p.stderr)
        r = json.loads(p.stdout)
        self.assertEqual((r["threads"], r["ranks"], r["verified"]), (2, 3, True))

    def test_local_pass_on_threads(self):
        """The local pass on several threads (Borůvka with blocking): at one rank every arc is
        local, so it finds the whole forest of a graph that is not filtered (a grid with ties,
        a forest with isolated vertices, with and without the wide ids) and no round runs; at
        2-4 ranks under the block partition it stops at the arcs to other ranks and the rounds
        finish. Every run writes mst-seq's edge set; -t 1 (Kruskal) finds as many edges."""
        env = dict(test_mpi.ENV, OMP_WAIT_POLICY="passive")
        grid = self.gen("lg.msb", "grid2d", "--rows", "50", "--cols", "40", "--weights",
                        "uniform", "--min", "1", "--max", "3")
        rng = random.Random(8)
        edges = [(v, rng.randrange(v - 9 if v % 300 >= 10 else v - v % 300, v), rng.randint(1, 4))
                 for v in range(1, 1500) if v % 300]  # 5 trees of 300, ties
        edges += [(t + rng.randrange(300), t + rng.randrange(300), rng.randint(1, 5))
                  for t in range(0, 1500, 300) for _ in range(60)]
        forest = self.path("lf.msb")
        write_msb(forest, 1600, edges)  # 1500..1599 isolated
        block = [["-np", str(p), *ALGO, "--partition", "block", "-t", "2"] for p in (1, 2, 4)]
        for graph in (grid, forest):
            self.check(graph, block + [r + ["--wide-ids"] for r in block[:2]] +
                       [["-np", "3", *ALGO, "--partition", "block", "-t", "3"]], env=env)
            seq = json.loads(run([os.path.join(BIN, "mst-seq"), "--json", "--trials", "1",
                                  graph]).stdout)
            for t in ("1", "2"):
                out = mpirun(["-np", "1", *ALGO, "-t", t, "--json", "--phases", "--no-verify",
                              "--trials", "1", graph], env=env)
                self.assertEqual(out.returncode, 0, out.stderr)
                r = json.loads(out.stdout)
                self.assertEqual(r["counters"]["local_edges"], seq["msf_edges"], (graph, t))
                self.assertEqual(r["counters"]["rounds"], 0, (graph, t))
            out = mpirun(["-np", "2", *ALGO, "--partition", "block", "-t", "2", "--json",
                          "--phases", "--no-verify", "--trials", "1", graph], env=env)
            self.assertEqual(out.returncode, 0, out.stderr)
            local = json.loads(out.stdout)["counters"]["local_edges"]
            self.assertTrue(0 < local < seq["msf_edges"], (graph, local))

    def test_maximum_and_wide_weights(self):
        path = self.gen("w.msb", "random", "--vertices", "800", "--edges", "4000", "--weights",
                        "uniform", "--min", "1", "--max", "9")
        self.check(path, runs((2, 3)), "--maximum")
        self.check(path, runs((1, 4)), "--weight-type", "int64")

    def test_msb_with_self_loops_and_random_weights(self):
        rng = random.Random(5)
        edges = [(rng.randrange(300), rng.randrange(300), rng.randint(1, 3))
                 for _ in range(3000)]
        path = self.path("loops.msb")
        write_msb(path, 300, edges)
        self.check(path, runs((2, 4)), "--weights", "random", "--seed", "4")

    def test_stats_and_no_verify(self):
        path = self.gen("s.msb", "random", "--vertices", "2000", "--edges", "8000")
        seq = json.loads(run([os.path.join(BIN, "mst-seq"), "--json", "--trials", "1",
                              path]).stdout)
        for p in (1, 3):
            out = mpirun(["-np", str(p), *ALGO, "--json", "--stats", "--no-verify",
                          "--trials", "1", path])
            self.assertEqual(out.returncode, 0, out.stderr)
            r = json.loads(out.stdout)
            self.assertEqual((r["msf_weight"], r["msf_edges"]),
                             (seq["msf_weight"], seq["msf_edges"]))
            s = r["stats"]
            self.assertGreater(s["rounds"], 0)
            self.assertEqual(len(s["bytes_sent"]), p)
            self.assertEqual(len(s["peak_rss_kib"]), p)
            self.assertEqual(s["bytes_sent_total"], sum(s["bytes_sent"]))
            # One rank sends nothing to others; three ranks must exchange arcs and labels.
            self.assertEqual(s["bytes_sent_total"] == 0, p == 1)
        out = mpirun(["-np", "2", *ALGO, "--stats", "--trials", "1", path])
        self.assertEqual(out.returncode, 0, out.stderr)
        for word in ("Borůvka rounds", "pointer-doubling steps", "sent", "peak RSS"):
            self.assertIn(word, out.stdout)

    def test_auto_partition(self):
        """--partition auto (the default) keeps block where it holds 3/4 of the edges inside
        ranks (a grid of 40 rows at 2 ranks: all but one row's), else hash (a random graph:
        half of them), and ghs keeps block; each run writes mst-seq's edge set."""
        grid = self.gen("grid.msb", "grid2d", "--rows", "40", "--cols", "50")
        rand = self.gen("rand.msb", "random", "--vertices", "2000", "--edges", "8000")
        for path, want in ((grid, "block"), (rand, "hash")):
            self.check(path, [["-np", "2", *ALGO]])
            for algo, part in (("boruvka", want), ("ghs", "block")):
                out = mpirun(["-np", "2", "--algo", algo, "--json", "--stats", "--no-verify",
                              "--trials", "1", path])
                self.assertEqual(out.returncode, 0, out.stderr)
                self.assertEqual(json.loads(out.stdout)["stats"]["partition"], part,
                                 (path, algo))

    def test_filter_phases(self):
        """--phases splits a filtered run's filter phase into its four steps, which add up to
        at most the whole (docs/mst-mpi.md), and counts the merges: one on a random graph of 4
        edges per vertex (split at the start), and at least one on a random graph of 1.5 (split
        between rounds, once its components hold many arcs each). A path never holds 3 edges
        per label and is never split: it has none of them."""
        steps = ("filter-compress", "filter-relabel", "filter-reduce", "filter-redistribute")
        dense = self.gen("f.msb", "random", "--vertices", "2000", "--edges", "8000")
        sparse = self.gen("g.msb", "random", "--vertices", "20000", "--edges", "30000")
        path = self.path("path.msb")
        write_msb(path, 3000, [(v, v + 1, v % 7) for v in range(2999)])
        for graph, merges in ((dense, 1), (sparse, 1), (path, 0)):
            out = mpirun(["-np", "2", *ALGO, "--json", "--phases", "--no-verify", "--trials",
                          "1", graph])
            self.assertEqual(out.returncode, 0, out.stderr)
            r = json.loads(out.stdout)
            ph, got = r["phases"], r["counters"].get("filter_merges", 0)
            self.assertEqual([s in ph for s in ("filter",) + steps], [merges > 0] * 5, ph)
            self.assertEqual(got > 0, merges > 0, r["counters"])
            self.assertGreaterEqual(got, merges, r["counters"])
            if merges:
                self.assertLessEqual(sum(ph[s] for s in steps), ph["filter"] * 1.001 + 1e-6)

    def test_split_between_rounds(self):
        """Filtering between rounds (dbv_split_held) on sparse random graphs, with ties, at
        1-4 ranks, both partitions, and over tiny windows: the heavy arcs held aside and merged
        after the light rounds give exactly mst-seq's edge set. At 3 ranks the merge finds a
        hub among the components of the split, whose held arcs are then dropped."""
        ties = self.gen("st.msb", "random", "--vertices", "6000", "--edges", "9000",
                        "--weights", "uniform", "--min", "1", "--max", "40")
        forest = self.gen("sf.msb", "components", "--parts", "3", "random", "--vertices",
                          "3000", "--edges", "4500")
        for graph in (ties, forest):
            self.check(graph, runs())
        self.check(ties, [r + ["--window", "5"] for r in runs((3,))])
        out = mpirun(["-np", "3", *ALGO, "--json", "--phases", "--no-verify", "--trials", "1",
                      ties])
        self.assertEqual(out.returncode, 0, out.stderr)
        counters = json.loads(out.stdout)["counters"]
        self.assertGreaterEqual(counters.get("filter_merges", 0), 1, counters)
        self.assertGreater(counters.get("hub_labels", 0), 0, counters)

    def test_hub_keeps_every_edge(self):
        """After the light rounds one component (the hub) holds most vertices, and its arcs are
        dropped in favour of their twins at the other ends (docs/mst-mpi.md): a star from the
        hub to a thousand small vertices, those joined to the hub again by parallel edges of
        equal weight (ties broken by id only at the twins) and to each other, a second large
        component that is not the hub, and isolated vertices. A lost twin, or a hub that picked
        a minimum from its partial arcs, changes the edge set. The hub's two lightest leaving
        edges come first: 1 (10-3000) is in the forest, 2 (20-3001) is not, as 3000-3001 (id 0)
        is as light; a hub that missed arc 1 would take 2."""
        rng = random.Random(21)
        giant, small, second = range(0, 3000), range(3000, 4000), range(4000, 5200)
        edges = [(3000, 3001, 6), (10, 3000, 6), (20, 3001, 6)]
        for part in (giant, second):  # a light spanning tree each, then heavier extras
            edges += [(v, rng.randrange(part.start, v), 1) for v in part[1:]]
            edges += [(rng.choice(part), rng.choice(part), rng.randint(2, 5))
                      for _ in range(4 * len(part))]
        for v in small:
            edges.append((0, v, rng.randint(7, 9)))  # the star, from the hub's root side
            u, w = rng.choice(giant), rng.randint(6, 9)
            edges += [(v, u, w), (u, v, w)]  # parallel, equal weights: ties by id
            edges += [(v, rng.choice(giant), rng.randint(6, 9)) for _ in range(2)]
            edges.append((v, rng.choice(small), rng.randint(6, 9)))
        path = self.path("hub.msb")
        write_msb(path, 5300, edges)  # 5200..5299 isolated
        self.check(path, runs())
        for p in ("1", "3"):
            out = mpirun(["-np", p, *ALGO, "--json", "--phases", "--no-verify", "--trials",
                          "1", path])
            self.assertEqual(out.returncode, 0, out.stderr)
            counters = json.loads(out.stdout)["counters"]
            self.assertGreaterEqual(counters.get("hub_labels", 0), 2900, counters)
        self.check(path, [r + ["--window", "3"] for r in runs((2, 4))])

    def test_tiny_windows(self):
        """The share built and the arcs of every round moved over many small windows
        (--window arcs per rank per all-to-all): a window that lost, duplicated or
        misplaced arcs changes the edge set. A bad value is a clear error, non-zero exit."""
        path = self.gen("win.msb", "random", "--vertices", "700", "--edges", "2900",
                        "--weights", "uniform", "--min", "1", "--max", "7")
        for window in ("1", "2", "7", "1000"):
            self.check(path, [r + ["--window", window] for r in runs((1, 2, 3, 4), ("block",)) +
                              runs((3,), ("hash",))])
        p = mpirun(["-np", "2", *ALGO, "--window", "0", "--no-verify", path])
        self.assertNotEqual(p.returncode, 0, p.stderr)
        self.assertIn("--window: bad value '0'", p.stderr)

    def test_weak_scaling_graphs(self):
        """mst-gen --per-rank P: the sizes given are per rank; the graph for P ranks is the one
        of the multiplied sizes, byte for byte; --scale grows by log2 P."""
        for args, per, whole in [(["random", "--vertices", "500", "--edges", "2000"], "4",
                                  ["random", "--vertices", "2000", "--edges", "8000"]),
                                 (["rmat", "--scale", "8"], "4", ["rmat", "--scale", "10"]),
                                 (["grid2d", "--rows", "5", "--cols", "9"], "3",
                                  ["grid2d", "--rows", "15", "--cols", "9"])]:
            a = self.gen("a.msb", *args, "--per-rank", per)
            b = self.gen("b.msb", *whole)
            with open(a, "rb") as fa, open(b, "rb") as fb:
                self.assertEqual(fa.read(), fb.read(), args)
        self.check(self.gen("w.msb", "random", "--vertices", "500", "--edges", "2000",
                            "--per-rank", "3"), runs((3,)))
        p = run([os.path.join(BIN, "mst-gen"), "rmat", "--scale", "8", "--per-rank", "3", "-o",
                 self.path("x.msb")])
        self.assertEqual(p.returncode, 1)
        self.assertIn("--scale needs a power of two", p.stderr)

    def test_bad_input_from_any_rank(self):
        """A bad vertex id in the slice of rank 0, a middle rank or the last one: that rank's
        message, as mst-seq says it, one line, exit 2."""
        for at in (0, 50, 99):
            edges = [(i % 10, (i + 1) % 10, 1) for i in range(100)]
            edges[at] = (3, 12, 1)
            path = self.path("bad%d.msb" % at)
            write_msb(path, 10, edges)
            seq = run([os.path.join(BIN, "mst-seq"), path])
            self.assertEqual(seq.returncode, 2)
            for part in ("block", "hash"):
                p = mpirun(["-np", "4", *ALGO, "--partition", part, "--no-verify", path])
                self.assertEqual(p.returncode, 2, p.stderr)
                lines = [l for l in p.stderr.splitlines() if l.strip()]
                self.assertEqual(lines, [seq.stderr.strip().replace("mst-seq", "mst-mpi")])
        p = mpirun(["-np", "3", *ALGO, self.write("bad.wel", "0 1 2\n0 x 3\n")])
        self.assertEqual(p.returncode, 2, p.stderr)
        self.assertIn("bad.wel:2:", p.stderr)

    def test_wide_ids(self):
        """--wide-ids: the 20-byte arcs with 64-bit edge ids that graphs of 2^32 edges or more
        take, on small graphs, against mst-seq's edge set: many ties (filtered at the start,
        a hub), a forest split between rounds, a grid (the local pass), the corner cases, at
        1-4 ranks, both partitions, 1 and 2 threads, tiny windows. --stats names the arcs'
        bytes: 20 with the option, 16 without (fewer than 2^32 edges)."""
        env = dict(test_mpi.ENV, OMP_WAIT_POLICY="passive")
        wide = ["--wide-ids"]
        ties = self.gen("ties.msb", "random", "--vertices", "2000", "--edges", "8000",
                        "--weights", "uniform", "--min", "1", "--max", "5")
        forest = self.gen("forest.msb", "components", "--parts", "3", "random", "--vertices",
                          "2000", "--edges", "3000", "--weights", "uniform", "--min", "1",
                          "--max", "30")
        grid = self.gen("grid.msb", "grid2d", "--rows", "40", "--cols", "30")
        self.check(ties, [r + wide for r in runs()] +
                   [r + wide + ["-t", "2"] for r in runs((1, 4), ("hash",))] +
                   [["-np", "3", *ALGO, *wide, "-t", "2", "--window", "5"]], env=env)
        self.check(forest, [r + wide for r in runs((2, 3))] +
                   [["-np", "4", *ALGO, *wide, "-t", "2"]], env=env)
        self.check(grid, [r + wide for r in runs((1, 4), ("block",))] +
                   [["-np", "2", *ALGO, *wide, "-t", "2"]], env=env)
        for name, (text, n) in corner_cases(7).items():
            self.check(self.write(name, text),
                       [["-np", "3", *ALGO, *wide, "--partition", "hash"],
                        ["-np", "2", *ALGO, *wide, "-t", "2"]], "--vertices", str(n), env=env)
        for more, size in (([], 16), (wide, 20)):
            p = mpirun(["-np", "2", *ALGO, "--json", "--stats", "--no-verify", "--trials", "1",
                        *more, ties])
            self.assertEqual(p.returncode, 0, p.stderr)
            self.assertEqual(json.loads(p.stdout)["stats"]["arc_bytes"], size, more)

    def test_no_edge_limit_from_the_header(self):
        """The wide arcs hold 64-bit edge ids: a header announcing 2^36 edges meets no edge
        limit, only the memory estimate of the rank that loads the whole graph (rank 0, to
        verify), exit 3 before any of the body is read, whether gzip or a plain .msb (a sparse
        file: nothing is stored, and nothing may be read)."""
        header = b"MSTSUITE" + struct.pack("<IIIIQ", 1, 1, 10, 0, 1 << 36)
        gz = self.path("big.msb.gz")
        with open(gz, "wb") as f:
            f.write(gzip.compress(header))
        plain = self.path("big.msb")
        with open(plain, "wb") as f:
            f.write(header)
            f.truncate(len(header) + 12 * (1 << 36))
        for path in (gz, plain):
            with self.subTest(path=path):
                p = mpirun(["-np", "2", *ALGO, "--trials", "1", path])
                self.assertEqual(p.returncode, 3, p.stderr)
                self.assertIn("m = 68719476736 needs about 768.0 GiB", p.stderr)
                self.assertNotIn("this solver takes at most", p.stderr)


@unittest.skipIf(REASON is not None, REASON or "")
class DistributedBoruvkaSanitized(Workdir):
    def test_asan_clean(self):
        """AddressSanitizer and UBSan (test_mpi's build) over filtering, the local pass and the
        rounds, at 1-4 ranks with both partitions, trials reusing the kept arrays, with two
        threads per rank, and with the wide arcs."""
        self.require(test_mpi.MPI)
        b = test_mpi.build_asan()
        if b.returncode != 0:
            self.fail("ASan build failed: %s" % b.stderr[-2000:])
        env = dict(test_mpi.ENV, ASAN_OPTIONS="detect_leaks=0:abort_on_error=0:exitcode=66",
                   UBSAN_OPTIONS="halt_on_error=1:exitcode=67", OMP_WAIT_POLICY="passive")
        dense = self.path("d.msb")  # 8 arcs per vertex: filtered
        p = run([os.path.join(BIN, "mst-gen"), "random", "--vertices", "400", "--edges", "1600",
                 "--weights", "uniform", "--min", "1", "--max", "6", "-o", dense, "--quiet"])
        self.assertEqual(p.returncode, 0, p.stderr)
        grid = self.path("g.msb")  # mostly local under the block partition
        p = run([os.path.join(BIN, "mst-gen"), "grid2d", "--rows", "30", "--cols", "20", "-o",
                 grid, "--quiet"])
        self.assertEqual(p.returncode, 0, p.stderr)
        for graph in (dense, grid):
            threaded = [r + ["-t", "2"] for r in runs((1, 3), ("hash",))]
            wide = [r + ["--wide-ids"] for r in runs((2,), ("hash",))]
            for r in runs((1, 2, 4), ("block",)) + runs((3,), ("hash",)) + threaded + wide:
                p = mpirun(r[:2] + ["--trials", "2", "--stats"] + r[2:] + [graph],
                           binary=test_mpi.ASAN, env=env)
                self.assertNotIn("AddressSanitizer", p.stderr, "%s %s" % (r, graph))
                self.assertNotIn("runtime error", p.stderr, "%s %s" % (r, graph))
                self.assertEqual(p.returncode, 0, p.stderr[-3000:])


if __name__ == "__main__":
    unittest.main()
