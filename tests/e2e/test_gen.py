#!/usr/bin/python3
"""End-to-end tests of mst-gen: the same options and seed give the same bytes at 1, 2 and 4
threads and different seeds differ; every family has its structure (grid degrees, circulant
2K-regular, complete n(n-1)/2, caveman cliques, components = P, R-MAT degree skew, k-out and
geometric minimum degrees, kronecker = relabelled R-MAT); geometric k-NN and uniform weights
against a Python recomputation of the counter-based hash; duplicate removal keeps first
occurrences; injected self-loops and parallel edges; the weight modes; the presets' sizes against
the source papers'; make graphs' manifest; round trips through mst-convert keep n, m and the MSF
weight (mst-seq); and the error contract. Discovered and run by test_e2e.py; about 10 s on a
2-core machine."""
import array
import gzip
import hashlib
import math
import os
import struct
import sys
import unittest

from test_e2e import BIN, Workdir, run, solve

GEN = os.path.join(BIN, "mst-gen")
CONVERT = os.path.join(BIN, "mst-convert")

FAMILIES = ["random", "gnp", "kout", "rmat", "kronecker", "grid2d", "grid3d", "circulant",
            "complete", "caveman", "geometric", "ssca2", "components"]
PRESETS = ["sparse-small", "sparse-medium", "sparse-large", "sparse-extreme",
           "dense-small", "dense-medium", "dense-large", "dense-extreme",
           "2d-2e20", "r4-2e23", "rmat16", "rmat22", "kron-logn21",
           "circulant-2e18", "grid-2e18", "rmat-2e18", "caveman-2e18", "complete-2e14",
           "ssca2-5m", "ssca2-2e16"]


def read_graph(path):
    """(n, edges [(u, v, w)], weighted) of a .msb or .wel file (optionally .gz) written by
    mst-gen. .wel: n from the writer's '# ... n=N' header, else the largest id + 1."""
    opener = gzip.open if path.endswith(".gz") else open
    name = path[:-3] if path.endswith(".gz") else path
    with opener(path, "rb") as f:
        data = f.read()
    if name.endswith(".msb"):
        magic, _version, wtype, n, _flags, m = struct.unpack_from("<8sIIIIQ", data, 0)
        assert magic == b"MSTSUITE"
        words = array.array("I")
        words.frombytes(data[32:])
        if sys.byteorder != "little":
            words.byteswap()
        u, v = words[:m], words[m:2 * m]
        if wtype == 0:
            return n, [(u[e], v[e], None) for e in range(m)], False
        code = {1: "i", 2: "I", 3: "f"}[wtype]
        w = array.array(code)
        w.frombytes(data[32 + 8 * m:])
        if sys.byteorder != "little":
            w.byteswap()
        return n, [(u[e], v[e], w[e]) for e in range(m)], True
    n, edges, weighted = None, [], False
    for line in data.decode().splitlines():
        if line.startswith("#"):
            for word in line.split():
                if word.startswith("n="):
                    n = int(word[2:])
            continue
        f = line.split()
        if not f:
            continue
        w = None
        if len(f) > 2:
            weighted = True
            w = float(f[2]) if any(c in f[2] for c in ".eEn") else int(f[2])
        edges.append((int(f[0]), int(f[1]), w))
    if n is None:
        n = 1 + max((max(u, v) for u, v, _ in edges), default=-1)
    elif edges and edges[-1][:2] == (n - 1, n - 1):
        edges.pop()  # the writer's marker of isolated last vertices (mst-convert --help)
    return n, edges, weighted


def degrees(n, edges):
    d = [0] * n
    for u, v, _ in edges:
        d[u] += 1
        d[v] += 1
    return d


def pairs(edges):
    return [(min(u, v), max(u, v)) for u, v, _ in edges]


class GenBase(Workdir):
    def setUp(self):
        super().setUp()
        self.require(GEN)

    def gen(self, name, *args, threads=None, expect=0):
        """Runs mst-gen ARGS -o NAME in the work folder; returns the output path."""
        out = self.path(name)
        env = dict(os.environ)
        if threads is not None:
            env["OMP_NUM_THREADS"] = str(threads)
        p = run([GEN, *args, "-o", out, "--quiet"], env=env)
        self.assertEqual(p.returncode, expect, "mst-gen %s: %s" % (" ".join(args), p.stderr))
        return out

    def graph(self, *args, name="g.msb"):
        return read_graph(self.gen(name, *args))

    def solved(self, path, *args):
        r, p = solve(path, *args)
        self.assertEqual(p.returncode, 0, "%s: %s" % (path, p.stderr))
        if "--no-verify" not in args:
            self.assertIs(r["verified"], True)
        return r

    def assert_simple(self, edges):
        ps = pairs(edges)
        self.assertTrue(all(a != b for a, b in ps), "self-loop")
        self.assertEqual(len(set(ps)), len(ps), "repeated edge")


class Determinism(GenBase):
    CASES = [
        ["random", "--vertices", "5000", "--edges", "40000", "--weights", "distinct"],
        ["random", "--vertices", "3000", "--edges", "5000", "--connected"],
        ["gnp", "--vertices", "400", "--p", "0.3", "--connected", "--weights", "float"],
        ["kout", "--vertices", "20000", "--k", "4"],
        ["rmat", "--scale", "14", "--edge-factor", "8"],
        ["kronecker", "--scale", "13", "--edge-factor", "16", "--weights", "distinct"],
        ["geometric", "--vertices", "20000", "--degree", "6"],
        ["complete", "--vertices", "300", "--weights", "float", "--min", "-2", "--max", "3"],
        ["components", "--parts", "3", "rmat", "--scale", "10", "--self-loops", "0.05",
         "--multi-edges", "0.05"],
        ["rmat", "--scale", "11", "--keep-duplicates", "--multi-edges", "0.2"],
        ["kronecker", "--scale", "17", "--edge-factor", "16"],  # 2M edges, many dedup buckets
        ["ssca2", "--vertices", "20000", "--max-clique", "20"],
        ["ssca2", "--vertices", "5000", "--keep-duplicates", "--max-parallel", "4",
         "--p-inter", "0.9"],
    ]

    def test_same_bytes_at_1_2_4_threads(self):
        for i, case in enumerate(self.CASES):
            ext = ".wel.gz" if i % 3 == 2 else ".msb"
            files = [self.gen("c%d-t%d%s" % (i, t, ext), *case, threads=t) for t in (1, 2, 4)]
            data = []
            for f in files:
                with open(f, "rb") as fh:
                    data.append(fh.read())
            self.assertGreater(len(data[0]), 32)
            for t, d in zip((2, 4), data[1:]):
                self.assertEqual(d, data[0], "%s: %d threads differ from 1" % (case, t))
            self.assertEqual(run(["cmp", files[0], files[2]]).returncode, 0)

    def test_seeds_differ(self):
        for case in (["random", "--vertices", "1000", "--edges", "3000"],
                     ["rmat", "--scale", "10"], ["geometric", "--vertices", "2000", "--degree", "4"],
                     ["grid2d", "--rows", "20", "--cols", "20"],
                     ["ssca2", "--vertices", "2000", "--max-clique", "10"]):
            a = self.graph(*case, "--seed", "1", name="a.msb")
            b = self.graph(*case, "--seed", "2", name="b.msb")
            c = self.graph(*case, name="c.msb")  # default seed 1
            self.assertNotEqual(a, b, case)
            self.assertEqual(a, c, case)

    def test_weights_do_not_move_edges(self):
        base = ["rmat", "--scale", "10"]
        _, e1, _ = self.graph(*base, "--weights", "unit", name="a.msb")
        _, e2, _ = self.graph(*base, "--weights", "distinct", name="b.msb")
        self.assertEqual([(u, v) for u, v, _ in e1], [(u, v) for u, v, _ in e2])


class Families(GenBase):
    def test_help_lists_families_and_presets(self):
        p = run([GEN, "--help"])
        self.assertEqual(p.returncode, 0)
        words = set(p.stdout.split())
        for name in FAMILIES + PRESETS:
            self.assertIn(name, words)

    def test_grid2d(self):
        rows, cols = 7, 11
        n, edges, _ = read_graph(self.gen("g.wel", "grid2d", "--rows", str(rows), "--cols",
                                          str(cols)))
        self.assertEqual((n, len(edges)), (rows * cols, rows * (cols - 1) + (rows - 1) * cols))
        self.assert_simple(edges)
        for u, v, _ in edges:
            (ra, ca), (rb, cb) = divmod(u, cols), divmod(v, cols)
            self.assertEqual(abs(ra - rb) + abs(ca - cb), 1)
        d = degrees(n, edges)
        for x in range(n):
            r, c = divmod(x, cols)
            self.assertEqual(d[x], 4 - (r in (0, rows - 1)) - (c in (0, cols - 1)))
        self.assertEqual(self.solved(self.path("g.wel"))["components"], 1)

    def test_grid3d(self):
        k = 6
        n, edges, _ = self.graph("grid3d", "--side", str(k))
        self.assertEqual((n, len(edges)), (k ** 3, 3 * k * k * (k - 1)))
        self.assert_simple(edges)
        d = degrees(n, edges)
        for x in range(n):
            coords = (x % k, x // k % k, x // (k * k))
            self.assertEqual(d[x], 6 - sum(c in (0, k - 1) for c in coords))

    def test_circulant_is_2k_regular(self):
        n0, k = 101, 7
        n, edges, _ = read_graph(self.gen("c.wel", "circulant", "--vertices", str(n0), "--k",
                                          str(k)))
        self.assertEqual((n, len(edges)), (n0, n0 * k))
        self.assert_simple(edges)
        self.assertEqual(set(degrees(n, edges)), {2 * k})
        for u, v, _ in edges:
            self.assertIn(min((u - v) % n, (v - u) % n), range(1, k + 1))

    def test_complete(self):
        for n0 in (1, 2, 57):
            n, edges, _ = read_graph(self.gen("k.wel", "complete", "--vertices", str(n0)))
            self.assertEqual(len(edges), n0 * (n0 - 1) // 2)
            self.assert_simple(edges)
            if n0 > 1:
                self.assertEqual(n, n0)

    def test_caveman_cliques(self):
        c, k = 9, 6
        n, edges, _ = read_graph(self.gen("cave.wel", "caveman", "--cliques", str(c), "--size",
                                          str(k)))
        self.assertEqual((n, len(edges)), (c * k, c * k * (k - 1) // 2))
        self.assert_simple(edges)
        inside = [0] * c
        ring = set()
        for a, b in pairs(edges):
            if a // k == b // k:
                inside[a // k] += 1
            else:
                ring.add(frozenset((a // k, b // k)))
        self.assertEqual(inside, [k * (k - 1) // 2 - 1] * c)  # one edge per clique rewired
        self.assertEqual(ring, {frozenset((q, (q + 1) % c)) for q in range(c)})
        self.assertEqual(self.solved(self.path("cave.wel"))["components"], 1)

    def test_components_gives_p_parts(self):
        for parts in (1, 4):
            path = self.gen("f%d.msb" % parts, "components", "--parts", str(parts), "grid2d",
                            "--rows", "5", "--cols", "6")
            r = self.solved(path)
            self.assertEqual((r["n"], r["m"], r["components"], r["msf_edges"]),
                             (30 * parts, 49 * parts, parts, 29 * parts))
        path = self.gen("kf.msb", "components", "--parts", "5", "kout", "--vertices", "300",
                        "--k", "3")
        self.assertEqual(self.solved(path)["components"], 5)

    def test_rmat_degree_skew(self):
        n, edges, _ = self.graph("rmat", "--scale", "14", "--edge-factor", "8")
        self.assertEqual(n, 1 << 14)
        self.assert_simple(edges)
        d = degrees(n, edges)
        avg = 2 * len(edges) / n
        self.assertGreater(max(d), 20 * avg)
        self.assertGreater(d.count(0), n // 10)  # many isolated vertices
        self.assertEqual(max(range(n), key=lambda x: d[x]), 0)  # no relabelling: hub is 0

    def test_kronecker_is_relabelled_rmat(self):
        """Same seed: the Graph500 generator is R-MAT with its initiator plus a vertex
        permutation, so n, m, components and MSF weight agree; the hub moves off vertex 0."""
        a = self.gen("r.msb", "rmat", "--scale", "12")
        b = self.gen("k.msb", "kronecker", "--scale", "12")
        ra, rb = self.solved(a), self.solved(b)
        for key in ("n", "m", "components", "msf_weight"):
            self.assertEqual(ra[key], rb[key], key)
        n, edges, _ = read_graph(b)
        d = degrees(n, edges)
        self.assertNotEqual(max(range(n), key=lambda x: d[x]), 0)
        self.assertEqual(read_graph(a)[1][0][2], edges[0][2])  # same weights by edge id

    def test_random_and_connected(self):
        n, edges, _ = self.graph("random", "--vertices", "500", "--edges", "2000")
        self.assertEqual(n, 500)
        self.assert_simple(edges)
        self.assertLessEqual(len(edges), 2000)
        self.assertGreater(len(edges), 1900)
        path = self.gen("c.msb", "random", "--vertices", "3000", "--edges", "3000", "--connected")
        r = self.solved(path)
        self.assertEqual((r["n"], r["components"]), (3000, 1))
        self.assertGreaterEqual(r["m"], 2999)

    def test_gnp(self):
        n, edges, _ = self.graph("gnp", "--vertices", "60", "--p", "1")
        self.assertEqual(sorted(pairs(edges)), [(a, b) for a in range(60) for b in range(a + 1, 60)])
        n, edges, _ = self.graph("gnp", "--vertices", "400", "--p", "0.25")
        self.assert_simple(edges)
        self.assertAlmostEqual(len(edges) / (400 * 399 / 2), 0.25, delta=0.01)
        n, edges, _ = self.graph("gnp", "--vertices", "400", "--p", "0.001", "--connected")
        self.assert_simple(edges)
        self.assertEqual(self.solved(self.path("g.msb"))["components"], 1)

    def test_kout_min_degree(self):
        n, edges, _ = self.graph("kout", "--vertices", "5000", "--k", "3")
        self.assert_simple(edges)
        self.assertGreaterEqual(min(degrees(n, edges)), 3)
        self.assertGreater(len(edges), 5000 * 3 - 10)
        self.assertEqual(self.solved(self.path("g.msb"))["components"], 1)

    def test_geometric(self):
        deg = 5
        n, edges, weighted = self.graph("geometric", "--vertices", "3000", "--degree", str(deg))
        self.assertTrue(weighted)
        self.assert_simple(edges)
        self.assertGreaterEqual(min(degrees(n, edges)), deg)
        self.assertLessEqual(len(edges), 3000 * deg)
        self.assertTrue(all(0 < w < 0.2 for _, _, w in edges))
        r = self.solved(self.path("g.msb"))
        self.assertEqual(r["weight_type"], "float32")
        # Each point's D nearest: the edges of a point, in file order, are by growing length.
        by_point = {}
        for u, v, w in edges:
            by_point.setdefault(u, []).append(w)
        self.assertTrue(all(ws == sorted(ws) for ws in by_point.values()))


def components(n, edges):
    """The vertex sets of the connected components, by union-find."""
    parent = list(range(n))

    def find(x):
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for u, v, _ in edges:
        parent[find(u)] = find(v)
    groups = {}
    for x in range(n):
        groups.setdefault(find(x), []).append(x)
    return list(groups.values())


class Ssca2(GenBase):
    """The SSCA#2 family (gen/fam_ssca2.c): cliques of sizes uniform on 1..K, each complete,
    plus inter-clique edges; its own integer weights; parallel edges under --keep-duplicates.
    The cliques are found without the generator's hash: with --p-inter 0 the graph is exactly
    the cliques, and the same seed puts the same clique edges first with inter-clique edges."""
    N, K = 3000, 12

    def base(self, *extra, name="s.msb"):
        return self.graph("ssca2", "--vertices", str(self.N), "--max-clique", str(self.K),
                          "--seed", "3", *extra, name=name)

    def cliques(self):
        n, edges, _ = self.base("--p-inter", "0", name="cliques.msb")
        self.assertEqual(n, self.N)
        self.assert_simple(edges)
        return edges, components(n, edges)

    def test_every_clique_complete(self):
        edges, comps = self.cliques()
        adjacent = set(pairs(edges))
        for c in comps:
            self.assertLessEqual(len(c), self.K)
            for i, a in enumerate(c):
                for b in c[i + 1:]:
                    self.assertIn((min(a, b), max(a, b)), adjacent)
        self.assertEqual(len(edges), sum(len(c) * (len(c) - 1) // 2 for c in comps))
        # Sizes uniform on 1..K: mean (K + 1)/2, (K - 1)/3 clique edges per vertex.
        self.assertAlmostEqual(self.N / len(comps), (self.K + 1) / 2, delta=0.1 * self.K)
        self.assertAlmostEqual(len(edges) / self.N, (self.K - 1) / 3, delta=0.1 * self.K / 3)
        self.assertEqual(max(len(c) for c in comps), self.K)

    def test_inter_clique_edges(self):
        intra, comps = self.cliques()
        clique = {x: i for i, c in enumerate(comps) for x in c}
        n, edges, _ = self.base()
        self.assert_simple(edges)
        self.assertEqual(edges[:len(intra)], intra)  # same cliques, same weights
        inter = edges[len(intra):]
        self.assertTrue(all(clique[u] != clique[v] for u, v, _ in inter))
        # At most M P / 2^(t-1) per vertex and distance class t: below 2 M P = 3 per vertex.
        self.assertGreater(len(inter), self.N // 4)
        self.assertLess(len(inter), 3 * self.N)
        r = self.solved(self.path("s.msb"))
        self.assertEqual(r["components"], len(components(n, edges)))
        self.assertLess(r["components"], len(comps) // 4)
        more = self.base("--p-inter", "1", name="p1.msb")[1]
        self.assertGreater(len(more) - len(intra), len(inter))

    def test_inter_clique_rate(self):
        """Single-vertex cliques, one edge per pair: vertex i draws one partner per distance
        class t = 1 .. log2(n) - 1, kept with probability P / 2^(t-1), so about
        n P (2 - 2^(3 - log2 n)) edges (SSCA#2's hierarchical inter-clique edges)."""
        n = 4096
        for p in (0.5, 0.25):
            _, edges, _ = self.graph("ssca2", "--vertices", str(n), "--max-clique", "1",
                                     "--max-parallel", "1", "--p-inter", str(p),
                                     "--keep-duplicates")
            expect = n * p * (2 - 2 ** (3 - 12))
            self.assertAlmostEqual(len(edges) / expect, 1, delta=0.06)
            self.assertTrue(all(u != v for u, v, _ in edges))

    def test_weights_and_parallel_edges(self):
        _, edges, weighted = self.base("--max-weight", "7")
        self.assertTrue(weighted)
        self.assertEqual(set(w for _, _, w in edges), set(range(1, 8)))
        _, edges, _ = self.base()
        self.assertTrue(all(isinstance(w, int) and 1 <= w <= self.N for _, _, w in edges))
        _, simple, _ = self.base("--p-inter", "0", "--max-parallel", "4")
        _, raw, _ = self.base("--p-inter", "0", "--max-parallel", "4", "--keep-duplicates")
        copies = {}
        for p in pairs(raw):
            copies[p] = copies.get(p, 0) + 1
        self.assertEqual(set(copies.values()), {1, 2, 3, 4})  # uniform on 1..M per clique pair
        self.assertEqual(set(copies), set(pairs(simple)))
        r = self.solved(self.path("s.msb"))  # parallel edges with their own weights
        self.assertEqual(r["m"], len(raw))
        _, unit, _ = self.base("--weights", "unit")
        self.assertEqual([e[:2] for e in unit], [e[:2] for e in edges])

    def test_defaults_from_the_spec(self):
        n, edges, _ = self.graph("ssca2", "--vertices", "4096", "--p-inter", "0",
                                 "--max-parallel", "1", "--keep-duplicates")
        comps = components(n, edges)
        self.assertEqual(max(len(c) for c in comps), 16)  # floor(2^(SCALE/3)), SCALE = 12
        self.assertTrue(all(1 <= w <= 4096 for _, _, w in edges))  # MaxIntWeight = 2^SCALE
        self.assert_simple(edges)
        self.assertEqual(self.graph("ssca2", "--vertices", "1")[:2], (1, []))


M64 = (1 << 64) - 1


def mix64(z):
    """SplitMix64's finalizer (gen/rng.h)."""
    z = ((z ^ (z >> 30)) * 0xbf58476d1ce4e5b9) & M64
    z = ((z ^ (z >> 27)) * 0x94d049bb133111eb) & M64
    return z ^ (z >> 31)


def gen_rand(seed, tag, i):
    """The i-th word of stream `tag` under `seed` (gen/rng.h: gen_stream, gen_rand)."""
    golden = 0x9e3779b97f4a7c15
    k = mix64((mix64(seed ^ 0x6a09e667f3bcc909) + tag * golden) & M64)
    return mix64((k + (i + 1) * golden) & M64)


class HashOracle(GenBase):
    """Outputs recomputed here from the documented counter-based hash: the geometric family
    against a brute-force k-NN of the same points, and the uniform weights (this also pins the
    generator's random streams: a change to them shows up here)."""

    def test_brute_force_knn(self):
        n, d, seed = 400, 5, 7
        pts = [((gen_rand(seed, 4, 2 * i) >> 11) * 2.0 ** -53,
                (gen_rand(seed, 4, 2 * i + 1) >> 11) * 2.0 ** -53) for i in range(n)]
        expect = []
        for i, (x, y) in enumerate(pts):
            near = sorted(((x - px) ** 2 + (y - py) ** 2, j) for j, (px, py) in enumerate(pts)
                          if j != i)[:d]
            for d2, j in near:
                w = struct.unpack("f", struct.pack("f", math.sqrt(d2)))[0]
                expect.append((i, j, w))
        _, edges, _ = self.graph("geometric", "--vertices", str(n), "--degree", str(d),
                                 "--seed", str(seed), "--keep-duplicates")
        self.assertEqual(edges, expect)

    def test_uniform_weights_formula(self):
        """Edge e's default weight is 1 + floor(rand(seed, 5, e) 2^20 / 2^64): a function of
        (seed, e) only (gen/weights.c)."""
        _, edges, _ = self.graph("grid2d", "--rows", "10", "--cols", "10", "--seed", "11")
        self.assertEqual([w for _, _, w in edges],
                         [1 + ((gen_rand(11, 5, e) * (1 << 20)) >> 64) for e in range(len(edges))])


class DuplicatesAndInjection(GenBase):
    def test_dedup_keeps_first_occurrence(self):
        for case in (["random", "--vertices", "30", "--edges", "400"],
                     ["rmat", "--scale", "6", "--edge-factor", "16"]):
            _, raw, _ = self.graph(*case, "--keep-duplicates", name="raw.msb")
            _, dedup, _ = self.graph(*case, name="dedup.msb")
            seen, expect = set(), []
            for a, b in pairs(raw):
                if a != b and (a, b) not in seen:
                    seen.add((a, b))
                    expect.append((a, b))
            self.assertLess(len(expect), len(raw), "the case should have repeats")
            self.assertEqual(pairs(dedup), expect)
            # Orientation of each kept edge is the first occurrence's.
            first = {}
            for u, v, _ in raw:
                first.setdefault((min(u, v), max(u, v)), (u, v))
            self.assertEqual([(u, v) for u, v, _ in dedup], [first[p] for p in expect])

    def test_injected_loops_and_multi_edges(self):
        base = ["grid2d", "--rows", "40", "--cols", "50"]  # simple, 3910 edges
        _, plain, _ = self.graph(*base, name="p.msb")
        path = self.gen("i.msb", *base, "--self-loops", "0.1", "--multi-edges", "0.2")
        n, edges, _ = read_graph(path)
        loops = sum(1 for u, v, _ in edges if u == v)
        multi = len(edges) - loops - len(plain)
        self.assertAlmostEqual(loops / len(plain), 0.1, delta=0.03)
        self.assertAlmostEqual(multi / len(plain), 0.2, delta=0.03)
        self.assertEqual(sorted(set(p for p in pairs(edges) if p[0] != p[1])),
                         sorted(set(pairs(plain))))
        r = self.solved(path)
        self.assertEqual((r["self_loops"], r["m"], r["components"]),
                         (loops, len(edges) - loops, 1))
        r_all = self.solved(self.gen("all.msb", *base, "--self-loops", "1", "--multi-edges", "1"))
        self.assertEqual((r_all["self_loops"], r_all["m"]), (3910, 2 * 3910))


class Weights(GenBase):
    def test_modes(self):
        g = ["kout", "--vertices", "2000", "--k", "4"]
        _, e, _ = self.graph(*g, "--weights", "distinct")
        self.assertEqual(sorted(w for _, _, w in e), list(range(1, len(e) + 1)))
        _, e, _ = self.graph(*g, "--weights", "uniform", "--min", "-5", "--max", "5")
        self.assertEqual(set(w for _, _, w in e), set(range(-5, 6)))
        _, e, _ = self.graph(*g)
        ws = [w for _, _, w in e]
        self.assertTrue(all(1 <= w <= 1 << 20 for w in ws))
        self.assertGreater(len(set(ws)), len(ws) * 0.9)
        _, e, _ = self.graph(*g, "--weights", "unit")
        self.assertEqual(set(w for _, _, w in e), {1})
        _, e, _ = self.graph(*g, "--weights", "float")
        self.assertTrue(all(isinstance(w, float) and 0 < w <= 1 for _, _, w in e))
        _, e, weighted = self.graph(*g, "--weights", "none", name="u.wel")
        self.assertFalse(weighted)
        self.assertEqual(self.solved(self.path("u.wel"))["m"], len(e))

    def test_text_and_binary_agree(self):
        for w in ("uniform", "float"):
            a = self.gen("a.wel", "geometric", "--vertices", "500", "--degree", "4", "--weights", w)
            b = self.gen("b.msb", "geometric", "--vertices", "500", "--degree", "4", "--weights", w)
            # Text holds float32 weights in their shortest float32 form: read as float32, they
            # are the binary file's weights; read as float64 (the default), the same forest.
            as_float32 = ["--weight-type", "float32"] if w == "float" else []
            ra, rb = self.solved(a, *as_float32), self.solved(b)
            for key in ("n", "m", "msf_weight", "weight_type"):
                self.assertEqual(ra[key], rb[key], (w, key))
            ra = self.solved(a)
            for key in ("n", "m", "msf_edges", "components"):
                self.assertEqual(ra[key], rb[key], (w, key))


class Presets(GenBase):
    def check(self, name, n, m, tolerance, components=None, weights=None):
        path = self.gen(name + ".msb", "preset", name)
        r = self.solved(path, "--no-verify") if m > 10 ** 6 else self.solved(path)
        self.assertEqual(r["n"], n, name)
        self.assertAlmostEqual(r["m"] / m, 1, delta=tolerance, msg="%s: m=%d" % (name, r["m"]))
        if components is not None:
            self.assertEqual(r["components"], components, name)
        if weights == "distinct":
            _, edges, _ = read_graph(path)
            self.assertEqual(sorted(w for _, _, w in edges), list(range(1, len(edges) + 1)))
        return r

    def test_seed_002(self):
        self.check("sparse-small", 100000, 149960, 0.001, components=1, weights="distinct")
        self.check("dense-small", 200, 17847, 0.01, components=1, weights="distinct")
        self.check("dense-medium", 1000, 449576, 0.005, components=1)

    def test_seed_000(self):
        self.check("rmat16", 65536, 483933, 0.01)
        self.check("2d-2e20", 1 << 20, 2095104, 0, components=1)

    def test_seed_004(self):
        self.check("grid-2e18", 262144, 2 * 512 * 511, 0, components=1)
        self.check("circulant-2e18", 262144, 262144 * 8, 0, components=1)
        self.check("caveman-2e18", 262144, 16384 * 120, 0, components=1)
        r = self.check("rmat-2e18", 262144, 262144 * 8, 0.1)
        self.assertGreater(r["components"], 1000)

    def test_ssca2_small(self):
        """ssca2-2e16: n = 65,536; (K - 1)/3 = 16/3 clique edges per vertex plus fewer than
        one inter-clique edge each; weights 1..1000 (Vineet et al. 2009, section 4)."""
        r = self.check("ssca2-2e16", 65536, 65536 * (16 / 3 + 0.5), 0.15)
        self.assertEqual(r["weight_type"], "int32")
        _, edges, _ = read_graph(self.path("ssca2-2e16.msb"))
        self.assertEqual(set(w for _, _, w in edges), set(range(1, 1001)))

    def test_preset_seed_and_overrides(self):
        a = read_graph(self.gen("a.msb", "preset", "dense-small"))
        b = read_graph(self.gen("b.msb", "preset", "dense-small", "--seed", "2"))
        c = read_graph(self.gen("c.msb", "preset", "dense-small", "--weights", "unit"))
        self.assertNotEqual(a, b)
        self.assertEqual([e[:2] for e in a[1]], [e[:2] for e in c[1]])
        self.assertEqual(set(e[2] for e in c[1]), {1})


class Collection(GenBase):
    """graphs/build.sh (make graphs) and graphs/fetch.sh --list (offline)."""

    def test_build_small_collection(self):
        root = os.path.dirname(BIN)
        out = self.path("coll")
        p = run([os.path.join(root, "graphs", "build.sh"), "small", out])
        self.assertEqual(p.returncode, 0, p.stderr)
        with open(os.path.join(out, "MANIFEST.tsv")) as f:
            rows = [line.rstrip("\n").split("\t") for line in f if not line.startswith("#")]
        self.assertGreaterEqual(len(rows), 10)
        for name, family, n, m, seed, sha, args in rows:
            path = os.path.join(out, name)
            with open(path, "rb") as fh:
                data = fh.read()
            self.assertEqual(hashlib.sha256(data).hexdigest(), sha, name)
            n_file, _, _ = struct.unpack_from("<IIQ", data, 16)
            m_file = struct.unpack_from("<Q", data, 24)[0]
            self.assertEqual((n_file, m_file, seed), (int(n), int(m), "1"), name)
            self.assertTrue(family and args, name)

    def test_fetch_list_is_offline(self):
        root = os.path.dirname(BIN)
        p = run(["bash", os.path.join(root, "graphs", "fetch.sh"), "--list"])
        self.assertEqual(p.returncode, 0, p.stderr)
        for name in ("USA-road-d.NY", "USA-road-d.USA", "kron_g500-logn21", "soc-LiveJournal1"):
            self.assertIn(name, p.stdout)
        p = run(["bash", os.path.join(root, "graphs", "fetch.sh"), "--help"])
        self.assertIn("NEEDS INTERNET", p.stdout)


class RoundTrips(GenBase):
    """Every format mst-convert writes keeps n, m and the MSF weight of generated graphs."""

    def setUp(self):
        super().setUp()
        self.require(CONVERT)

    def test_round_trips(self):
        cases = [
            ("rmat.msb", ["rmat", "--scale", "11", "--multi-edges", "0.05"], False),
            ("forest.msb", ["components", "--parts", "3", "kout", "--vertices", "500", "--k", "2",
                            "--weights", "uniform", "--min", "-1000", "--max", "1000"], False),
            ("geo.msb", ["geometric", "--vertices", "2000", "--degree", "5"], True),
        ]
        for name, args, is_float in cases:
            src = self.gen(name, *args)
            ref = self.solved(src, "--weights", "keep")
            targets = [".wel", ".wel.gz", ".mtx", ".msb.gz"]
            if not is_float:
                targets += [".gr", ".graph", ".egr"]
            for ext in targets:
                dst = self.path(name + ".conv" + ext)
                p = run([CONVERT, src, dst])
                self.assertEqual(p.returncode, 0, "%s -> %s: %s" % (name, ext, p.stderr))
                # float32 text reads back as float32 with --weight-type float32 (by default as
                # float64: docs/formats.md, Numbers).
                typed = ["--weight-type", "float32"] if is_float else []
                r = self.solved(dst, "--weights", "keep", *typed)
                for key in ("n", "m", "components", "msf_edges", "msf_weight", "weight_type"):
                    self.assertEqual(r[key], ref[key], "%s -> %s: %s" % (name, ext, key))
                # And back to .msb: the same again.
                back = self.path(name + ".back.msb")
                self.assertEqual(run([CONVERT, *typed, dst, back]).returncode, 0)
                self.assertEqual(self.solved(back, "--weights", "keep")["msf_weight"],
                                 ref["msf_weight"])



def read_coordinates(path):
    """{vertex id from 0: (x, y)} of a DIMACS .co file, checking its header's count."""
    with open(path) as f:
        lines = f.read().splitlines()
    head = lines[0].split()
    assert head[:4] == ["p", "aux", "sp", "co"], lines[0]
    points = {}
    for line in lines[1:]:
        tag, i, x, y = line.split()
        assert tag == "v", line
        points[int(i) - 1] = (float(x), float(y))
    assert len(points) == int(head[4]) == len(lines) - 1
    return points


class Coordinates(GenBase):
    """--coordinates FILE: grid2d's (column, row) and geometric's points, recomputed here from
    the hash, as DIMACS .co; refused for families without coordinates, never half-written."""

    def test_grid2d(self):
        co = self.path("g.co")
        n, edges, _ = read_graph(self.gen("g.wel", "grid2d", "--rows", "5", "--cols", "7",
                                          "--coordinates", co))
        points = read_coordinates(co)
        self.assertEqual(points, {r * 7 + c: (c, r) for r in range(5) for c in range(7)})
        for u, v, _ in edges:
            (xu, yu), (xv, yv) = points[u], points[v]
            self.assertEqual(abs(xu - xv) + abs(yu - yv), 1)

    def test_geometric_points_and_lengths(self):
        n, seed, co = 300, 5, self.path("g.co")
        _, edges, _ = read_graph(self.gen("g.msb", "geometric", "--vertices", str(n),
                                          "--degree", "4", "--seed", str(seed),
                                          "--coordinates", co))
        points = read_coordinates(co)
        self.assertEqual(points, {i: ((gen_rand(seed, 4, 2 * i) >> 11) * 2.0 ** -53,
                                      (gen_rand(seed, 4, 2 * i + 1) >> 11) * 2.0 ** -53)
                                  for i in range(n)})
        for u, v, w in edges:
            d = math.dist(points[u], points[v])
            self.assertEqual(w, struct.unpack("f", struct.pack("f", d))[0])

    def test_refused(self):
        co, out = self.path("x.co"), self.path("x.wel")
        for args, fragment in [(["rmat", "--scale", "5", co], "rmat has no coordinates"),
                               (["components", "--parts", "2", "grid2d", "--rows", "2", "--cols",
                                 "2", co], "components has no coordinates"),
                               (["grid2d", "--rows", "2", "--cols", "2", out],
                                "is the graph's output")]:
            with self.subTest(args=args):
                p = run([GEN, *args[:-1], "--coordinates", args[-1], "-o", out])
                self.assertEqual(p.returncode, 1, p.stderr)
                self.assertEqual(len(p.stderr.strip().splitlines()), 1, p.stderr)
                self.assertIn(fragment, p.stderr)
                self.assertEqual(os.listdir(self.dir), [])
        p = run([GEN, "grid2d", "--rows", "2", "--cols", "2", "-o", self.path("x.wel"),
                 "--coordinates", self.path("no/such/x.co")])
        self.assertEqual(p.returncode, 2, p.stderr)
        self.assertIn("no/such/x.co", p.stderr)
        self.assertEqual(os.listdir(self.dir), [])

class Errors(GenBase):
    def expect_error(self, code, args, fragment, output="x.wel"):
        p = run([GEN, *args, "-o", self.path(output)] if output else [GEN, *args])
        self.assertEqual(p.returncode, code, "%s: %s" % (args, p.stderr))
        lines = p.stderr.strip().splitlines()
        self.assertEqual(len(lines), 1, p.stderr)
        self.assertTrue(lines[0].startswith("mst-gen: error: "), p.stderr)
        self.assertIn(fragment, lines[0])
        self.assertEqual([f for f in os.listdir(self.dir) if f.startswith("x.wel")], [])

    def test_usage(self):
        self.expect_error(1, [], "no family", output=None)
        self.expect_error(1, ["nosuch"], "unknown family 'nosuch'")
        self.expect_error(1, ["grid2d", "--rows", "3"], "needs --cols")
        self.expect_error(1, ["grid2d", "--rows", "3", "--cols", "4", "--vertices", "3"],
                          "does not take --vertices")
        self.expect_error(1, ["grid2d", "--rows", "x", "--cols", "4"], "--rows")
        self.expect_error(1, ["grid2d", "--rows", "3", "--cols", "4"], "-o FILE", output=None)
        self.expect_error(1, ["circulant", "--vertices", "10", "--k", "5"], "--k")
        self.expect_error(1, ["rmat", "--scale", "5", "--abcd", "0.9,0.2,0.1"], "--abcd")
        self.expect_error(1, ["random", "--vertices", "10", "--edges", "5", "--bogus"], "--bogus")
        self.expect_error(1, ["random", "--vertices", "10", "--edges", "5", "--weights", "x"],
                          "--weights")
        self.expect_error(1, ["random", "--vertices", "10", "--edges", "5", "--weights", "unit",
                              "--min", "3"], "--min")
        self.expect_error(1, ["random", "--vertices", "10", "--edges", "5", "--self-loops", "2"],
                          "--self-loops")
        self.expect_error(1, ["components", "grid2d", "--rows", "2", "--cols", "2"], "--parts")
        self.expect_error(1, ["preset", "nosuch"], "unknown preset 'nosuch'")
        self.expect_error(1, ["random", "--vertices", "10", "--edges", "20", "--connected",
                              "--p", "0.5"], "does not take --p")
        self.expect_error(1, ["ssca2", "--max-clique", "4"], "needs --vertices")
        self.expect_error(1, ["ssca2", "--vertices", "0"], "--vertices 0")
        self.expect_error(1, ["ssca2", "--vertices", "100", "--max-clique", "0"], "--max-clique")
        self.expect_error(1, ["ssca2", "--vertices", "100", "--max-clique", "70000"],
                          "--max-clique")
        self.expect_error(1, ["ssca2", "--vertices", "100", "--p-inter", "1.5"], "--p-inter")
        self.expect_error(1, ["ssca2", "--vertices", "100", "--max-parallel", "0"],
                          "--max-parallel")
        self.expect_error(1, ["ssca2", "--vertices", "100", "--max-weight", "2147483648"],
                          "--max-weight")
        self.expect_error(1, ["grid2d", "--rows", "3", "--cols", "3", "--p-inter", "0.5"],
                          "does not take --p-inter")

    def test_resources_and_output(self):
        self.expect_error(3, ["complete", "--vertices", "200000"], "too large")
        self.expect_error(3, ["rmat", "--scale", "30", "--edge-factor", "16"], "2^32")
        self.expect_error(3, ["ssca2", "--vertices", "4000000000", "--max-clique", "60000"],
                          "2^32")
        self.expect_error(3, ["components", "--parts", "100000", "grid2d", "--rows", "300",
                              "--cols", "300"], "2^32")
        p = run([GEN, "grid2d", "--rows", "3", "--cols", "3", "-o",
                 os.path.join(self.dir, "no", "such", "dir.wel")])
        self.assertEqual(p.returncode, 2, p.stderr)
        self.assertTrue(p.stderr.startswith("mst-gen: error: "), p.stderr)
        self.assertEqual(len(p.stderr.strip().splitlines()), 1)


if __name__ == "__main__":
    unittest.main(verbosity=2)
