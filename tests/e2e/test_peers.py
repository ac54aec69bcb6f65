#!/usr/bin/python3
"""End-to-end tests of report/peers/ (docs/peers.md). The converters, without any peer: the
files convert.py writes for a small graph (a parallel edge, self-loops, an isolated last vertex),
read back by this file's own readers, hold the graph's edges and weights as each peer's format
says, and a graph a format cannot hold is refused with nothing left behind; run.py reads the
peers' outputs (as their printf formats write them) into totals and trial times. With the
checkouts of the peers named by MST_PEERS_ECL, MST_PEERS_PBBS and MST_PEERS_GBBS (any of them;
paths to code that is not ours, which the tests cannot fetch), run.py builds them and their
forests' totals equal the suite's on small graphs; without them that test is skipped."""
import collections
import json
import os
import random
import struct
import sys
import unittest

from test_e2e import BIN, ROOT, Workdir, run

PEERS_DIR = os.path.join(ROOT, "report", "peers")
sys.path.insert(0, PEERS_DIR)
sys.path.insert(0, os.path.join(ROOT, "report"))
import convert  # noqa: E402
import run as peers_run  # noqa: E402

CONVERT = os.path.join(PEERS_DIR, "convert.py")
RUN = os.path.join(PEERS_DIR, "run.py")
PY = sys.executable

# 0-based `u v w` lines: a parallel edge (0-1 twice, other weights), self-loops (dropped by the
# loader), vertex 7 isolated (n = 8 from the `--vertices` the tests pass), two components
EDGES = [(0, 1, 5), (1, 2, 3), (2, 0, 4), (0, 1, 2), (3, 3, 9), (3, 4, 7), (4, 5, 1),
         (5, 6, 6), (6, 4, 8), (2, 2, 1)]
KEPT = [e for e in EDGES if e[0] != e[1]]       # the canonical edges, in the file's order
MSF_WEIGHT = 2 + 3 + 7 + 1 + 6                  # 0-1 (2), 1-2, 3-4, 4-5, 5-6


def read_pbbs(path):
    """(header, [(u, v, w)]) of a PBBS WeightedEdgeArray file."""
    with open(path) as f:
        words = f.read().split()
    triples = [tuple(float(x) if "." in x else int(x) for x in words[i:i + 3])
               for i in range(1, len(words), 3)]
    return words[0], triples


def read_adj(path):
    """(header, n, offsets, [(u, v, w)] arcs) of a GBBS WeightedAdjacencyGraph file."""
    with open(path) as f:
        words = f.read().split()
    n, m = int(words[1]), int(words[2])
    nums = [int(x) for x in words[3:]]
    assert len(nums) == n + 2 * m, (len(nums), n, m)
    offsets, targets, weights = nums[:n], nums[n:n + m], nums[n + m:]
    arcs = [(u, targets[j], weights[j]) for u in range(n)
            for j in range(offsets[u], offsets[u + 1] if u + 1 < n else m)]
    return words[0], n, offsets, arcs


def read_egr(path):
    """(n, [(u, v, w)] arcs) of an ECL binary CSR file."""
    with open(path, "rb") as f:
        data = f.read()
    n, m = struct.unpack_from("<ii", data)
    ints = struct.unpack_from("<%di" % (n + 1 + 2 * m), data, 8)
    index, targets, weights = ints[:n + 1], ints[n + 1:n + 1 + m], ints[n + 1 + m:]
    return n, [(u, targets[j], weights[j]) for u in range(n)
               for j in range(index[u], index[u + 1])]


def both_ways(edges):
    return collections.Counter([(u, v, w) for u, v, w in edges] +
                               [(v, u, w) for u, v, w in edges])


class Converters(Workdir):
    def graph(self, lines):
        return self.write("g.wel", "".join("%d %d %s\n" % e for e in lines))

    def convert(self, graph, *formats):
        return run([PY, CONVERT, graph, self.path("out"), *formats])

    def test_formats_read_back(self):
        # n = 8 (vertex 7 isolated): the .msb holds it; mst-convert's edge list keeps it with a
        # self-loop on vertex 7, which PBBS reads as an edge and no forest takes
        msb = self.path("g8.msb")
        p = run([os.path.join(BIN, "mst-convert"), "--vertices", "8", self.graph(EDGES), msb])
        self.assertEqual(p.returncode, 0, p.stderr)
        p = self.convert(msb)
        self.assertEqual(p.returncode, 0, p.stderr)
        out = self.path("out")
        self.assertFalse(os.path.exists(os.path.join(out, "g8.msb")),
                         "a weighted .msb is used as it is")
        self.assertEqual(list(convert.msb_weights(msb)), [w for _, _, w in KEPT])

        header, triples = read_pbbs(os.path.join(out, "g8.pbbs"))
        self.assertEqual(header, "WeightedEdgeArray")
        self.assertEqual(triples[:len(KEPT)], KEPT, "PBBS's edge i is the .msb's edge i")
        self.assertEqual(triples[len(KEPT):], [(7, 7, 0)])

        header, n, offsets, arcs = read_adj(os.path.join(out, "g8.adj"))
        self.assertEqual((header, n), ("WeightedAdjacencyGraph", 8))
        self.assertEqual(offsets, sorted(offsets))
        self.assertEqual(collections.Counter(arcs), both_ways(KEPT))
        n, egr_arcs = read_egr(os.path.join(out, "g8.egr"))
        self.assertEqual((n, collections.Counter(egr_arcs)), (8, both_ways(KEPT)))

        # kept when newer than the graph
        stamp = os.path.getmtime(os.path.join(out, "g8.adj"))
        self.assertEqual(self.convert(msb).returncode, 0)
        self.assertEqual(os.path.getmtime(os.path.join(out, "g8.adj")), stamp)
        self.assertEqual(sorted(os.listdir(out)), ["g8.adj", "g8.egr", "g8.pbbs"])

    def test_text_graph_gets_the_solvers_weights(self):
        # an unweighted file: the .msb has the weights a solver gives it (random, seed 1)
        graph = self.write("u.el", "".join("%d %d\n" % e[:2] for e in KEPT))
        p = self.convert(graph, "pbbs")
        self.assertEqual(p.returncode, 0, p.stderr)
        msb = os.path.join(self.path("out"), "u.msb")
        seq = os.path.join(BIN, "mst-seq")
        direct = json.loads(run([seq, "--json", "--trials", "1", graph]).stdout)
        copy = json.loads(run([seq, "--json", "--trials", "1", msb]).stdout)
        self.assertEqual(copy["msf_weight"], direct["msf_weight"])
        header, triples = read_pbbs(os.path.join(self.path("out"), "u.pbbs"))
        self.assertEqual([t[:2] for t in triples], [e[:2] for e in KEPT])
        self.assertEqual([t[2] for t in triples], list(convert.msb_weights(msb)))
        self.assertFalse(os.path.exists(os.path.join(self.path("out"), "u.egr")))

    def test_refused_format_leaves_nothing(self):
        # .egr holds int32 weights: a float graph is refused, naming the file, no file left
        graph = self.write("f.wel", "0 1 1.5\n1 2 2.5\n")
        p = self.convert(graph, "adj")
        self.assertEqual(p.returncode, 2)
        self.assertIn("f.egr", p.stderr)
        self.assertEqual(len(p.stderr.strip().splitlines()), 1, p.stderr)
        self.assertEqual(os.listdir(self.path("out")), ["f.msb"])
        # PBBS reads float weights
        p = self.convert(graph, "pbbs")
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertEqual(read_pbbs(os.path.join(self.path("out"), "f.pbbs"))[1],
                         [(0, 1, 1.5), (1, 2, 2.5)])


class Outputs(Workdir):
    """run.py's reading of each peer's output, as the peer's printf formats write it."""
    PEERS = {p.solver: p for p in peers_run.PEERS}

    def test_ecl_mst(self):
        # three runs: the first (the warm-up) is left out
        runs = ["ECL-MST v1.0\n\ninput: g.egr\nGPU: X\n\nDev+:  0.00%d000000 s\n"
                "Host:  0.100000000 s\nall good\n\n{\"msf_edges\": 5, \"msf_weight\": %d}\n"
                % (t, MSF_WEIGHT) for t in (9, 2, 3)]
        res = peers_run.parse_peer(self.PEERS["ecl-mst"], "".join(runs), 2, {}, None)
        self.assertEqual((res["compute_s"], res["msf_weight"], res["msf_edges"]),
                         ([0.002, 0.003], MSF_WEIGHT, 5))
        self.assertEqual(res["ecl_check"], "all good")
        differ = "".join(runs).replace("all good", "ERROR: results differ!", 1)
        res = peers_run.parse_peer(self.PEERS["ecl-mst"], differ, 2, {}, None)
        self.assertIn("failed", res["ecl_check"])
        with self.assertRaises(ValueError):     # a run that printed no forest
            peers_run.parse_peer(self.PEERS["ecl-mst"], "".join(runs[:2]), 2, {}, None)

    def test_gbbs(self):
        out = "".join("n = 8\nround = 0\n{\"compute_s\": %s, \"msf_edges\": 5, \"msf_weight\": "
                      "%d}\n" % (t, MSF_WEIGHT) for t in ("0.5", "0.25", "0.125"))
        res = peers_run.parse_peer(self.PEERS["gbbs-boruvka"], out, 2, {}, None)
        self.assertEqual((res["compute_s"], res["msf_weight"]), ([0.25, 0.125], MSF_WEIGHT))
        with self.assertRaises(ValueError):     # runs that disagree
            peers_run.parse_peer(self.PEERS["gbbs-boruvka"],
                                 out.replace(str(MSF_WEIGHT), str(MSF_WEIGHT + 1), 1),
                                 2, {}, None)

    def test_pbbs(self):
        # PBBS prints its times and writes the forest's edge ids; the total is of the .msb's
        # weights (the file's own, not PBBS's floats)
        ids = self.write("ids", "sequenceInt\n1\n3\n4\n5\n6\n")
        weights = [w for _, _, w in KEPT]
        out = "mst: sort: 0.0001\nParlay time: 0.0100\nParlay time: 0.0300\n"
        res = peers_run.parse_peer(self.PEERS["pbbs-serial"], out, 2, {"out": ids}, weights)
        self.assertEqual((res["compute_s"], res["msf_edges"], res["msf_weight"]),
                         ([0.01, 0.03], 5, MSF_WEIGHT))
        self.write("ids", "sequenceInt\n1\n8\n")
        with self.assertRaises(ValueError):     # an id beyond the graph
            peers_run.parse_peer(self.PEERS["pbbs-serial"], out, 2, {"out": ids}, weights)

    def test_totals_compared(self):
        self.assertTrue(peers_run.same_total(2**40 + 1, 2**40 + 1, "int64"))
        self.assertFalse(peers_run.same_total(2**40 + 1, 2**40, "int64"))
        self.assertTrue(peers_run.same_total(0.1 + 0.2, 0.3, "float64"))
        self.assertFalse(peers_run.same_total(None, 3, "int32"))


class Peers(Workdir):
    """The peers themselves, from the checkouts the environment names."""

    def test_peers_match_the_suite(self):
        given = {opt: os.environ.get("MST_PEERS_" + opt.upper()) for opt in ("ecl", "pbbs", "gbbs")}
        args = ["--%s=%s" % (opt, path) for opt, path in given.items() if path]
        if not args:
            self.skipTest("no peer checkout given (MST_PEERS_ECL, MST_PEERS_PBBS, "
                          "MST_PEERS_GBBS: docs/peers.md says how to get them)")
        # ties (weights 1..50), parallel edges, self-loops, isolated vertices; large enough for
        # PBBS's parallel filter-Kruskal, which aborts on a handful of edges (docs/peers.md)
        rnd = random.Random(1)
        edges = [(rnd.randrange(2500), rnd.randrange(2500), rnd.randint(1, 50))
                 for _ in range(6000)]
        edges += [(u, v, rnd.randint(1, 50)) for u, v, _ in rnd.sample(edges, 200)]
        edges += [(u, u, 1) for u in rnd.sample(range(2500), 50)]
        rnd.shuffle(edges)
        graph = self.write("g.wel", "".join("%d %d %d\n" % e for e in edges))
        results = self.path("results.jsonl")
        p = run([PY, RUN, *args, "--graphs", "tiny-forest,%s" % graph, "--trials", "2",
                 "--threads", "2", "--results", results, "--data", self.path("data"),
                 "--graph-data", self.path("gen")], timeout=3600)
        self.assertEqual(p.returncode, 0, p.stdout[-3000:] + p.stderr[-3000:])
        with open(results) as f:
            lines = [json.loads(l) for l in f]
        peers = [r for r in lines if "peer" in r]
        expect = {p.solver for p in peers_run.PEERS if given[p.checkout]}
        if not peers_run.bench.machine_facts().get("gpu"):
            expect.discard("ecl-mst")
        self.assertEqual({r["solver"] for r in peers}, expect)
        for r in peers:
            self.assertEqual(r["status"], "ok", r)
            self.assertIs(r["msf_matches_suite"], True, r)
            self.assertEqual(len(r["compute_s"]), 2)
            for key in ("compute_s_median", "compute_s_min", "msf_edges", "msf_weight",
                        "graph_name", "config", "machine", "parallelism", "threads"):
                self.assertIn(key, r)
        self.assertEqual(len({r["msf_weight"] for r in lines if r["graph_name"] == "g"}), 1)
        for solver in expect:
            self.assertIn("| %s |" % solver, p.stdout)


if __name__ == "__main__":
    unittest.main()
