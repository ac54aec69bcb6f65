#!/usr/bin/python3
"""End-to-end tests of mst-verify --any and --sensitivity (docs/tools.md, issue 36): forests from
other tools (SciPy's and NetworkX's minimum spanning trees, a breadth-first forest) accepted on
graphs full of ties, with the verdict saying whether each is the canonical one; 'u v' lines
matched to the lightest free edge of the pair; a forest that is not minimum refused with exit 4
and one line naming an edge; the sensitivity file checked against brute force (every edge's
weight moved across its interval, the minimum re-solved by a Kruskal written here), for both
objectives, and written like every output. Discovered and run by test_e2e.py."""
import csv
import os
import random
import unittest
from collections import deque

import test_gen
from test_e2e import BIN, Workdir, run, solve
from test_weights import kruskal, total

VERIFY = os.path.join(BIN, "mst-verify")
GEN = os.path.join(BIN, "mst-gen")


def read_graph(path):
    n, edges, _ = test_gen.read_graph(path)
    return n, edges


def best_total(n, edges, maximum=False):
    """The minimum (maximum) spanning forest's total, by the Kruskal of test_weights.py."""
    return total(edges, kruskal(n, edges, maximum))


def bfs_forest(n, edges):
    """A breadth-first spanning forest, as (u, v) pairs: minimum only when weights are equal."""
    adj = [[] for _ in range(n)]
    for u, v, _ in edges:
        adj[u].append(v)
        adj[v].append(u)
    seen, pairs = [False] * n, []
    for root in range(n):
        if seen[root]:
            continue
        seen[root] = True
        queue = deque([root])
        while queue:
            x = queue.popleft()
            for y in adj[x]:
                if not seen[y]:
                    seen[y] = True
                    pairs.append((x, y))
                    queue.append(y)
    return pairs


class VerifyAny(Workdir):
    def setUp(self):
        super().setUp()
        self.require(VERIFY)

    def pairs_file(self, name, pairs, weights=None):
        lines = ["%d %d" % p if weights is None else "%d %d %s" % (p[0], p[1], weights[i])
                 for i, p in enumerate(pairs)]
        return self.write(name, "\n".join(lines) + "\n")

    def unit_graph(self):
        """mst-gen's random graph of unit weights: every spanning forest is minimum."""
        graph = self.path("unit.wel")
        p = run([GEN, "random", "--vertices", "5000", "--edges", "20000", "--weights", "unit",
                 "-o", graph])
        self.assertEqual(p.returncode, 0, p.stderr)
        return graph

    def accept(self, graph, forest, *options, canonical=None):
        p = run([VERIFY, "--any", *options, graph, forest])
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertIn("valid %s spanning forest" % ("maximum" if "--maximum" in options
                                                    else "minimum"), p.stdout)
        if canonical is not None:
            self.assertIn("; the canonical" if canonical else "; not the canonical", p.stdout)
        return p.stdout

    def test_any_spanning_forest_of_unit_weights(self):
        """A BFS forest, SciPy's and NetworkX's trees: all minimum, none refused; the default
        mode still takes the canonical forest only."""
        import networkx as nx
        import scipy.sparse as sp
        from scipy.sparse.csgraph import minimum_spanning_tree

        graph = self.unit_graph()
        n, edges = read_graph(graph)
        bfs = self.pairs_file("bfs.txt", bfs_forest(n, edges))
        out = self.accept(graph, bfs)
        weighed = self.pairs_file("bfs-w.txt", bfs_forest(n, edges), [1] * n)
        self.assertEqual(out.replace(bfs, weighed), self.accept(graph, weighed))
        p = run([VERIFY, graph, weighed])  # 'u v w' lines: the default mode reads them
        self.assertEqual(p.returncode, 4 if "not the canonical" in out else 0, p.stderr)
        if p.returncode == 4:
            self.assertIn("only the canonical minimum spanning forest", p.stderr)

        a = sp.coo_matrix(([w for _, _, w in edges], ([u for u, _, _ in edges],
                                                      [v for _, v, _ in edges])), shape=(n, n))
        tree = minimum_spanning_tree(a.tocsr()).tocoo()
        self.assertEqual(len(tree.row), len(bfs_forest(n, edges)))
        self.accept(graph, self.pairs_file("scipy.txt", zip(tree.row, tree.col)))
        # With SciPy's own weights, float64: "1.0" names the integer weight 1.
        self.accept(graph, self.pairs_file("scipy-w.txt", list(zip(tree.row, tree.col)),
                                           [repr(float(w)) for w in tree.data]))

        g = nx.Graph()
        g.add_nodes_from(range(n))
        g.add_weighted_edges_from(edges)
        for algorithm in ("kruskal", "prim", "boruvka"):
            with self.subTest(algorithm=algorithm):
                path = self.path("nx-%s.txt" % algorithm)
                nx.write_edgelist(nx.minimum_spanning_tree(g, algorithm=algorithm), path,
                                  data=False)
                self.accept(graph, path)

        # The canonical forest is told so.
        msf = self.path("seq.msf")
        r, p = solve(graph, "--output", msf)
        self.assertEqual(p.returncode, 0, p.stderr)
        self.accept(graph, msf, canonical=True)

    def test_weighted_ties_from_networkx_both_objectives(self):
        """Few distinct weights: NetworkX's forests, with their weights ('u v w') or without,
        are minimum (maximum) and often break ties another way."""
        import networkx as nx

        rng = random.Random(36)
        noncanonical = 0
        for case in range(6):
            n = rng.randint(20, 60)
            edges, seen = [], set()
            while len(edges) < 3 * n:
                u, v = rng.randrange(n), rng.randrange(n)
                if u != v and (u, v) not in seen and (v, u) not in seen:
                    seen.add((u, v))
                    edges.append((u, v, rng.randint(1, 3)))
            graph = self.write("g%d.wel" % case, "".join("%d %d %d\n" % e for e in edges))
            g = nx.Graph()
            g.add_nodes_from(range(n))
            g.add_weighted_edges_from(edges)
            for maximum in (False, True):
                make = nx.maximum_spanning_tree if maximum else nx.minimum_spanning_tree
                tree = make(g, algorithm="prim")
                options = ["--maximum"] if maximum else []
                with_w = self.path("w.txt")
                nx.write_weighted_edgelist(tree, with_w)
                out = self.accept(graph, with_w, *options)
                noncanonical += "not the canonical" in out
                without = self.path("p.txt")
                nx.write_edgelist(tree, without, data=False)
                self.assertEqual(out.replace(with_w, without),
                                 self.accept(graph, without, *options))
        self.assertGreater(noncanonical, 0, "no forest broke a tie another way")

    def test_a_forest_that_is_not_minimum_is_refused(self):
        graph = self.unit_graph()
        n, edges = read_graph(graph)
        # One tree edge's weight raised: the BFS forest through it is no longer minimum, unless
        # the edge is a bridge (the optimum then rises with it): the first that is not.
        pairs = bfs_forest(n, edges)
        tree = {frozenset(p) for p in pairs}
        for heavy in (i for i, (u, v, _) in enumerate(edges) if frozenset((u, v)) in tree):
            heavier = [(u, v, 5 if i == heavy else w) for i, (u, v, w) in enumerate(edges)]
            if best_total(n, heavier) == best_total(n, edges):
                break
        graph = self.write("heavy.wel", "".join("%d %d %d\n" % e for e in heavier))
        forest = self.pairs_file("bfs.txt", pairs)
        p = run([VERIFY, "--any", graph, forest])
        self.assertEqual(p.returncode, 4, p.stderr)
        self.assertEqual(p.stdout, "")
        lines = p.stderr.strip().splitlines()
        self.assertEqual(len(lines), 1, p.stderr)
        self.assertTrue(lines[0].startswith("mst-verify: invalid: non-tree edge "), lines[0])
        self.assertIn("is lighter than tree edge %d " % heavy, lines[0])
        # A forest short of an edge, and one with a cycle, as in the default mode.
        short = self.pairs_file("short.txt", pairs[1:])
        p = run([VERIFY, "--any", graph, short])
        self.assertEqual(p.returncode, 4)
        self.assertIn("a spanning forest of this graph has", p.stderr)
        extra = next((u, v) for u, v, _ in edges if frozenset((u, v)) not in tree)
        p = run([VERIFY, "--any", graph, self.pairs_file("more.txt", pairs + [extra])])
        self.assertEqual(p.returncode, 4)
        self.assertIn("cycle", p.stderr)

    def test_pairs_take_the_lightest_parallel_edge_then_the_next(self):
        # ids 0..3: two parallel 0-1 edges (7, then 2), a tie 1-2 (3, 3).
        graph = self.write("par.wel", "0 1 7\n0 1 2\n1 2 3\n1 2 3\n")
        self.accept(graph, self.write("f.txt", "0 1\n1 2\n"), canonical=True)
        p = run([VERIFY, "--any", graph, self.write("f.txt", "0 1\n1 0\n")])
        self.assertEqual(p.returncode, 4)  # the second line takes the 7: a cycle
        self.assertIn("cycle", p.stderr)
        p = run([VERIFY, "--any", graph, self.write("f.txt", "0 1\n1 2\n2 1\n2 1\n")])
        self.assertEqual(p.returncode, 4)
        self.assertIn("f.txt:4: 2-1 named again", p.stderr)
        # --maximum: the heaviest of the pair.
        self.accept(graph, self.write("f.txt", "0 1\n1 2\n"), "--maximum", canonical=True)
        p = run([VERIFY, "--any", "--sensitivity", "-", graph, self.write("f.txt", "1 0 7\n2 1\n")])
        self.assertEqual(p.returncode, 4, p.stderr)  # the 7 is not minimum
        self.assertIn("non-tree edge 1 (0-1, w=2) is lighter than tree edge 0", p.stderr)
        self.assertEqual(p.stdout, "")  # nothing of the sensitivity was written

    def test_pairs_need_any(self):
        graph = self.write("par.wel", "0 1 7\n1 2 3\n")
        p = run([VERIFY, graph, self.write("f.txt", "0 1\n1 2\n")])
        self.assertEqual(p.returncode, 2)
        self.assertIn("expected 'u v w'", p.stderr)


class Sensitivity(Workdir):
    def setUp(self):
        super().setUp()
        self.require(VERIFY)

    def intervals(self, graph, forest, *options):
        out = self.path("s.csv")
        p = run([VERIFY, *options, "--sensitivity", out, graph, forest])
        self.assertEqual(p.returncode, 0, p.stderr)
        with open(out) as f:
            rows = list(csv.DictReader(f))
        return rows

    def check_brute_force(self, n, edges, rows, maximum):
        """Each edge's weight set to values across and at its interval's ends: the forest (the
        rows' tree column) weighs the optimum exactly inside the interval."""
        self.assertEqual([int(r["edge"]) for r in rows], list(range(len(edges))))
        weights = sorted({w for _, _, w in edges})
        probes = sorted(set(weights) | {weights[0] - 1, weights[-1] + 1} |
                        {(a + b) / 2 for a, b in zip(weights, weights[1:])})
        forest = [int(r["tree"]) for r in rows]
        for e, r in enumerate(rows):
            u, v, w = edges[e]
            self.assertEqual((int(r["u"]), int(r["v"]), float(r["weight"])), (u, v, float(w)))
            low, high = float(r["low"]), float(r["high"])
            self.assertTrue(low <= w <= high, r)
            if r["bound"]:
                bound = edges[int(r["bound"])][2]
                self.assertIn(bound, (low, high))
            for x in probes:
                changed = [(a, b, x if i == e else c) for i, (a, b, c) in enumerate(edges)]
                mine = sum(c for i, (_, _, c) in enumerate(changed) if forest[i])
                optimal = mine == best_total(n, changed, maximum)
                self.assertEqual(optimal, low <= x <= high,
                                 "edge %d set to %s: interval [%s, %s]" % (e, x, low, high))

    def test_random_graphs_against_brute_force(self):
        rng = random.Random(2026)
        for case in range(12):
            maximum = case % 2 == 1
            n = rng.randint(2, 9)
            edges = []
            for _ in range(rng.randint(1, 16)):
                u, v = rng.randrange(n), rng.randrange(n)
                if u < v:  # v-u after u-v of one weight would be merged with it
                    edges.append((u, v, rng.randint(0, 4)))
            if not edges:
                continue
            n = max(max(u, v) for u, v, _ in edges) + 1
            graph = self.write("g.wel", "".join("%d %d %d\n" % e for e in edges))
            options = ["--maximum"] if maximum else []
            msf = self.path("g.msf")
            r, p = solve(graph, "--output", msf, *options)
            self.assertEqual(p.returncode, 0, p.stderr)
            with self.subTest(case=case, maximum=maximum):
                self.check_brute_force(n, edges, self.intervals(graph, msf, *options), maximum)

    def test_float_weights_and_a_noncanonical_forest(self):
        # A triangle of ties 0-1-2, a bridge 2-3, a square 3-4-5-6 of reals.
        edges = [(0, 1, 0.5), (1, 2, 0.5), (0, 2, 0.5), (2, 3, 1.25), (3, 4, 2.5), (4, 5, 0.75),
                 (5, 6, 1.5), (6, 3, 3.0)]
        graph = self.write("f.wel", "".join("%d %d %s\n" % e for e in edges))
        forest = self.write("t.txt", "0 2\n1 2\n2 3\n3 4\n4 5\n5 6\n")
        rows = self.intervals(graph, forest, "--any")
        self.check_brute_force(7, edges, rows, False)
        self.assertEqual((rows[3]["low"], rows[3]["high"], rows[3]["bound"]), ("-inf", "inf", ""))
        self.assertEqual((rows[7]["low"], rows[7]["bound"]), ("2.5", "4"))
        # Without --any the forest must be the canonical one: refused, nothing written.
        forest = self.write("t.txt", "0 2 0.5\n1 2 0.5\n2 3 1.25\n3 4 2.5\n4 5 0.75\n5 6 1.5\n")
        p = run([VERIFY, "--sensitivity", self.path("none.csv"), graph, forest])
        self.assertEqual(p.returncode, 4)
        self.assertFalse(os.path.exists(self.path("none.csv")))

    def test_the_file_is_never_an_input(self):
        graph = self.write("g.wel", "0 1 1\n1 2 2\n0 2 3\n")
        forest = self.write("f.txt", "0 1 1\n1 2 2\n")
        for victim in (graph, forest):
            p = run([VERIFY, "--sensitivity", victim, graph, forest])
            self.assertEqual(p.returncode, 1, p.stderr)
            self.assertIn("is the input file", p.stderr)
        with open(graph) as f:
            self.assertEqual(f.read(), "0 1 1\n1 2 2\n0 2 3\n")
        p = run([VERIFY, "--sensitivity", "-", graph, forest])
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertTrue(p.stdout.startswith("edge,u,v,weight,tree,low,high,bound\n"))
        self.assertIn("valid minimum spanning forest", p.stderr)


if __name__ == "__main__":
    unittest.main()
