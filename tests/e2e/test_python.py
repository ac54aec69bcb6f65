#!/usr/bin/python3
"""libmst and the Python package mstsuite as installed: `make install PREFIX=<tmp>`, then every
Python check runs mstsuite in a subprocess whose PYTHONPATH is the installed package
(mstsuite_call.py), never the source tree, and a C program (capi.c) is compiled against the
installed header with `pkg-config --cflags --libs mst`. Oracles: mst-seq --output on the same
edge list (the exact edge set under the (weight, edge id) order), scipy.sparse.csgraph and
python3-igraph (totals), NetworkX and scipy.cluster.hierarchy.linkage. solver="cuda" runs where
mst-cuda finds a GPU (test_cuda.py's probe; class Cuda, skipped elsewhere); without one its
error path runs instead (class CudaWithoutGpu)."""
import glob
import json
import math
import os
import pickle
import random
import re
import shutil
import subprocess
import sys
import tempfile
import unittest

import numpy as np

import manifest
import oracle
from test_cuda import REASON as NO_GPU  # None where mst-cuda runs on a GPU here
from test_e2e import BIN, ROOT, SEQ, run

PYTHON = sys.executable
CALL = os.path.join(os.path.dirname(os.path.abspath(__file__)), "mstsuite_call.py")
CAPI = os.path.join(os.path.dirname(os.path.abspath(__file__)), "capi.c")
TMP = PREFIX = PYDIR = None


def setUpModule():
    global TMP, PREFIX, PYDIR
    TMP = tempfile.mkdtemp(prefix="mstsuite-test-")
    PREFIX = os.path.join(TMP, "prefix")
    p = run(["make", "-C", ROOT, "install", "PREFIX=" + PREFIX])
    if p.returncode != 0:
        raise RuntimeError("make install failed: " + p.stdout[-2000:] + p.stderr[-2000:])
    # PREFIX/lib/python3.X/dist-packages, X that of the Makefile's python3.
    found = glob.glob(os.path.join(PREFIX, "lib", "python3*", "dist-packages", "mstsuite"))
    if len(found) != 1:
        raise RuntimeError("make install put mstsuite in %s, not in one python3.X folder" % found)
    PYDIR = os.path.dirname(found[0])


def tearDownModule():
    shutil.rmtree(TMP, ignore_errors=True)


def calls(*requests):
    """Runs [(function, args, kwargs)] of the installed mstsuite in a subprocess; returns their
    results: ("ok", value) or ("error", exception name, message)."""
    with tempfile.TemporaryDirectory(dir=TMP) as d:
        src, dst = os.path.join(d, "in.pickle"), os.path.join(d, "out.pickle")
        with open(src, "wb") as f:
            pickle.dump(list(requests), f)
        env = dict(os.environ, PYTHONPATH=PYDIR)
        env.pop("MSTSUITE_LIB", None)
        p = subprocess.run([PYTHON, CALL, src, dst], cwd=d, env=env, capture_output=True,
                           text=True)
        if p.returncode != 0:
            raise AssertionError("mstsuite_call.py failed: " + p.stderr[-3000:])
        with open(dst, "rb") as f:
            out = pickle.load(f)
    if not out["module"].startswith(PYDIR + os.sep) or \
            not out["library"].startswith(PREFIX + os.sep):
        raise AssertionError("mstsuite came from %s with %s, not from %s"
                             % (out["module"], out["library"], PREFIX))
    return out["results"]


def value(result):
    if result[0] != "ok":
        raise AssertionError("mstsuite raised %s: %s" % result[1:])
    return result[1]


def read_wel(path):
    """(n, u, v, w) of an edge list written by mst-convert: n from its header line, integer
    weights as int64, float weights as the float type the header names."""
    with open(path) as f:
        header = f.readline()
        n = int(re.search(r"n=(\d+)", header).group(1))
        rows = [line.split() for line in f if not line.startswith("#")]
    u = np.array([int(r[0]) for r in rows], dtype=np.int64)
    v = np.array([int(r[1]) for r in rows], dtype=np.int64)
    kind = re.search(r"(float32|float64)", header)
    w = np.array([float(r[2]) if kind else int(r[2]) for r in rows],
                 dtype=np.dtype(kind.group(1)) if kind else np.int64)
    return n, u, v, w


def write_wel(path, u, v, w):
    with open(path, "w") as f:
        f.writelines("%d %d %s\n" % (a, b, repr(c.item() if hasattr(c, "item") else c))
                     for a, b, c in zip(u, v, w))
    return path


def seq_forest(path, n, *options):
    """mst-seq --output on the edge list `path`: its 'u v w' lines as (u, v, w) in id order."""
    out = path + ".msf"
    p = run([SEQ, "--trials", "1", "--vertices", str(n), *options, "--output", out, path])
    if p.returncode != 0:
        raise AssertionError("mst-seq failed on %s: %s" % (path, p.stderr))
    with open(out) as f:
        return [(int(t[0]), int(t[1]), float(t[2]))
                for t in (line.split() for line in f if not line.startswith("#"))]


def scipy_total(n, u, v, w):
    """scipy.sparse.csgraph's MSF total: the lightest of parallel edges, no self-loops
    (weights must be positive, as csgraph reads a zero as no edge)."""
    import scipy.sparse as sp
    from scipy.sparse.csgraph import minimum_spanning_tree

    a, b = np.minimum(u, v), np.maximum(u, v)
    key = a * max(n, 1) + b
    order = np.lexsort((w, key))
    first = order[np.r_[True, key[order][1:] != key[order][:-1]]] if len(order) else order
    first = first[a[first] != b[first]]
    m = sp.csr_matrix((w[first].astype(np.float64), (a[first], b[first])), shape=(n, n))
    return float(minimum_spanning_tree(m).sum())


def concurrent_solves(test, graphs, runs):
    """Runs minimum_spanning_forest with each of `runs` (on graphs[i % len(graphs)]) in one
    thread each, started together, three times: every forest must be the one a lone call
    gives."""
    requests = [("minimum_spanning_forest", (g["u"], g["v"], g["w"]), dict(r, n=g["n"]))
                for i, r in enumerate(runs) for g in [graphs[i % len(graphs)]]]
    alone = [value(r) for r in calls(*requests)]
    for round_ in range(3):
        together = value(calls(("concurrently", (requests,), {}))[0])
        for i, (want, got) in enumerate(zip(alone, together)):
            ids, total = value(got)
            test.assertTrue(np.array_equal(ids, want[0]) and total == want[1],
                            "round %d, thread %d (%s)" % (round_, i, runs[i]))


class Installed(unittest.TestCase):
    def test_layout_and_pkg_config(self):
        for path in ("lib/libmst.so.1.5.0", "lib/libmst.so.1", "lib/libmst.so",
                     "include/mst.h", "lib/pkgconfig/mst.pc"):
            self.assertTrue(os.path.exists(os.path.join(PREFIX, path)), path)
        for name in ("__init__.py", "_install.py"):
            self.assertTrue(os.path.exists(os.path.join(PYDIR, "mstsuite", name)), name)
        self.assertEqual(os.readlink(os.path.join(PREFIX, "lib", "libmst.so.1")),
                         "libmst.so.1.5.0")
        if shutil.which("pkg-config") is None:
            self.skipTest("no pkg-config on this machine")
        env = dict(os.environ, PKG_CONFIG_PATH=os.path.join(PREFIX, "lib", "pkgconfig"))
        p = run(["pkg-config", "--modversion", "mst"], env=env)
        self.assertEqual((p.returncode, p.stdout.strip()), (0, "1.5.0"), p.stderr)
        p = run(["pkg-config", "--cflags", "--libs", "mst"], env=env)
        self.assertEqual(p.stdout.split(), ["-I" + os.path.join(PREFIX, "include"),
                                            "-L" + os.path.join(PREFIX, "lib"), "-lmst"])

    def test_pip_install_into_a_fresh_venv(self):
        """python3 -m pip install --no-build-isolation ./python into a new virtual environment
        (with the system's NumPy) finds the installed libmst through pkg-config (issue 35,
        item 5); the package runs as python3 -m mstsuite GRAPH."""
        venv, src = os.path.join(TMP, "venv"), os.path.join(TMP, "pysrc")
        shutil.copytree(os.path.join(ROOT, "python"), src)  # pip builds in the source folder
        p = run([PYTHON, "-m", "venv", "--system-site-packages", venv])
        if p.returncode != 0:
            self.skipTest("no venv here (apt-get install python3-venv): " + p.stderr[-300:])
        py = os.path.join(venv, "bin", "python")
        p = run([py, "-m", "pip", "install", "-q", "--no-build-isolation", "--no-index", src])
        self.assertEqual(p.returncode, 0, p.stdout[-2000:] + p.stderr[-2000:])
        env = dict(os.environ, PKG_CONFIG_PATH=os.path.join(PREFIX, "lib", "pkgconfig"))
        env.pop("MSTSUITE_LIB", None)
        env.pop("PYTHONPATH", None)
        p = subprocess.run([py, "-c", "import mstsuite; print(mstsuite.__file__); "
                            "print(mstsuite.library_path)"], cwd=TMP, env=env,
                           capture_output=True, text=True)
        self.assertEqual(p.returncode, 0, p.stderr)
        where, library = p.stdout.split()
        self.assertTrue(where.startswith(venv + os.sep), where)
        self.assertEqual(library, os.path.join(PREFIX, "lib", "libmst.so.1"))
        graph = os.path.join(ROOT, "graphs", "road", "rome99.gr.gz")
        p = subprocess.run([py, "-m", "mstsuite", "--solver", "omp", "-t", "2", "--verify",
                            graph], cwd=TMP, env=env, capture_output=True, text=True)
        self.assertEqual(p.returncode, 0, p.stderr)
        seq = run([SEQ, "--json", "--trials", "1", graph])
        self.assertIn("MSF weight       %d" % json.loads(seq.stdout)["msf_weight"], p.stdout)
        p = subprocess.run([py, "-m", "mstsuite", os.path.join(ROOT, "README.md")], cwd=TMP,
                           env=env, capture_output=True, text=True)
        self.assertEqual(p.returncode, 2)
        self.assertIn("README.md", p.stderr)

    def test_uninstall(self):
        other = os.path.join(TMP, "other")
        for target in ("install", "uninstall"):
            p = run(["make", "-C", ROOT, target, "PREFIX=" + other])
            self.assertEqual(p.returncode, 0, p.stderr)
        left = [os.path.join(d, f) for d, _, files in os.walk(other) for f in files]
        self.assertEqual(left, [])

    def test_c_program_against_installed_header(self):
        if shutil.which("pkg-config") is None:
            self.skipTest("no pkg-config on this machine")
        env = dict(os.environ, PKG_CONFIG_PATH=os.path.join(PREFIX, "lib", "pkgconfig"))
        flags = run(["pkg-config", "--cflags", "--libs", "mst"], env=env).stdout.split()
        exe = os.path.join(TMP, "capi")
        p = run(["cc", "-std=c11", "-Wall", "-Wextra", "-Werror", "-pthread", CAPI, *flags, "-o",
                 exe])
        self.assertEqual(p.returncode, 0, p.stderr)
        g = Graphs.looped_rome(self)
        env = dict(os.environ, LD_LIBRARY_PATH=os.path.join(PREFIX, "lib"))
        p = run([exe, g["path"], str(g["n"])], env=env)
        self.assertEqual(p.returncode, 0, p.stderr)
        lines = p.stdout.split()
        ids = np.array([int(x) for x in lines[:-2]])
        self.assertEqual(lines[-2], "total")
        self.assertEqual(int(lines[-1]), int(g["w"][ids].sum()))
        self.assertEqual(Graphs.lines(g, ids), seq_forest(g["path"], g["n"]))


class ThreadSanitizer(unittest.TestCase):
    def test_concurrent_c_api_under_tsan(self):
        """capi.c (eight threads solving at once among its checks) against the libmst of `make
        tsan`, built and run under ThreadSanitizer: no report."""
        lib = os.path.join(ROOT, "build", "tsan")
        if shutil.which("clang") is None:
            self.skipTest("no clang on this machine")
        self.assertTrue(os.path.exists(os.path.join(lib, "libmst.so")),
                        "build/tsan/libmst.so is missing: make tsan builds it")
        exe = os.path.join(TMP, "capi-tsan")
        p = run(["clang", "-std=c11", "-Wall", "-Werror", "-g", "-O1", "-fsanitize=thread",
                 "-fopenmp", "-pthread", "-I" + os.path.join(ROOT, "lib"), CAPI, "-L" + lib,
                 "-lmst", "-Wl,-rpath," + lib, "-o", exe])
        self.assertEqual(p.returncode, 0, p.stderr)
        g = Graphs.convert(self, "road/rome99.gr.gz", [])
        env = dict(os.environ, TSAN_OPTIONS="ignore_noninstrumented_modules=1 halt_on_error=1 "
                   "exitcode=66")
        p = run([exe, g["path"], str(g["n"])], env=env)
        self.assertEqual(p.returncode, 0, p.stderr[-4000:])
        self.assertNotIn("ThreadSanitizer", p.stderr)


class Graphs(unittest.TestCase):
    """minimum_spanning_forest on bundled graphs (through mst-convert's edge lists): the exact
    edge set of mst-seq --output for every solver, variant and thread count, totals of scipy
    and igraph."""

    # graph, mst-convert's weight options
    GRAPHS = [("road/rome99.gr.gz", []),
              ("mesh/commanche_dual.mtx.gz", []),
              ("social/CA-CondMat.txt.gz", ["--weights", "random", "--seed", "5"]),
              ("internet/as20graph.txt.gz", ["--weights", "random", "--seed", "6"]),
              ("ecl/indigo3_undirect_power_law_500n_6000e.egr.gz", ["--weights", "unit"])]
    RUNS = [{"solver": "seq"}, {"solver": "seq", "algo": "filter-kruskal"},
            {"solver": "seq", "algo": "prim"}, {"solver": "seq", "algo": "boruvka"},
            {"solver": "omp", "threads": 1}, {"solver": "omp", "threads": 2},
            {"solver": "omp", "threads": 2, "options": ["--dsu", "lock", "--no-filter"]},
            {"solver": "seq", "verify": True}]

    def convert(self, graph, args):
        out = os.path.join(TMP, "-".join([os.path.basename(graph), *args]) + ".wel")
        if not os.path.exists(out):
            p = run([os.path.join(BIN, "mst-convert"), *args, manifest.path(graph), out])
            self.assertEqual(p.returncode, 0, p.stderr)
        n, u, v, w = read_wel(out)
        return {"path": out, "n": n, "u": u, "v": v, "w": w}

    @staticmethod
    def lines(g, ids):
        return [(int(g["u"][e]), int(g["v"][e]), float(g["w"][e])) for e in ids]

    def looped_rome(self):
        """rome99 with self-loops inserted (some lighter than every edge), as arrays and as an
        edge list."""
        g = Graphs.convert(self, "road/rome99.gr.gz", [])
        rng = random.Random(11)
        rows = list(zip(g["u"].tolist(), g["v"].tolist(), g["w"].tolist()))
        for _ in range(300):
            x = rng.randrange(g["n"])
            rows.insert(rng.randrange(len(rows) + 1), (x, x, rng.choice([-7, 0, 5, 10**6])))
        u, v, w = (np.array(c, dtype=np.int64) for c in zip(*rows))
        path = write_wel(os.path.join(TMP, "rome99-loops.wel"), u, v, w)
        return {"path": path, "n": g["n"], "u": u, "v": v, "w": w}

    def check_graph(self, g, runs, w=None):
        w = g["w"] if w is None else w
        expect = seq_forest(g["path"], g["n"])
        results = calls(*[("minimum_spanning_forest", (g["u"], g["v"], w),
                           dict(r, n=g["n"])) for r in runs])
        for r, res in zip(runs, results):
            ids, total = value(res)
            self.assertEqual(ids.dtype, np.uint64)
            self.assertEqual(self.lines(g, ids), expect, "%s on %s" % (r, g["path"]))
            chosen = g["w"][ids.astype(np.int64)]
            if chosen.dtype.kind == "f":
                self.assertAlmostEqual(total, math.fsum(chosen.tolist()), delta=1e-9 * len(ids))
            else:
                self.assertEqual(total, int(chosen.sum()))
        return value(results[0])

    def test_bundled_graphs(self):
        for graph, args in self.GRAPHS:
            with self.subTest(graph=graph):
                g = self.convert(graph, args)
                ids, total = self.check_graph(g, self.RUNS)
                self.assertAlmostEqual(total, scipy_total(g["n"], g["u"], g["v"], g["w"]),
                                       delta=1e-6 * max(1, abs(total)))
                if len(g["u"]) < 20000:
                    edges = list(zip(g["u"].tolist(), g["v"].tolist(), g["w"].tolist()))
                    self.assertAlmostEqual(total, oracle.msf_weight(g["n"], edges), places=3)

    def test_concurrent_solves(self):
        """Eight Python threads solve different graphs with different solvers, variants and
        teams at once (libmst holds no lock): every forest is the one a lone call gives."""
        graphs = [self.convert(graph, args) for graph, args in self.GRAPHS[:4]]
        runs = [{"solver": "seq"}, {"solver": "omp", "threads": 2},
                {"solver": "seq", "algo": "prim"}, {"solver": "omp", "algo": "contract",
                                                    "threads": 3},
                {"solver": "omp", "threads": 4, "options": ["--dsu", "half"]},
                {"solver": "seq", "algo": "boruvka"},
                {"solver": "omp", "algo": "contract", "threads": 1},
                {"solver": "seq", "algo": "filter-kruskal"}]
        concurrent_solves(self, graphs, runs)

    def test_self_loops_keep_input_positions(self):
        g = self.looped_rome()
        ids, _ = self.check_graph(g, self.RUNS[:1] + self.RUNS[5:6])
        self.assertFalse(np.any(g["u"][ids.astype(np.int64)] == g["v"][ids.astype(np.int64)]))

    def test_weight_dtypes(self):
        g = self.convert("road/rome99.gr.gz", [])
        runs = [{"solver": "seq"}, {"solver": "omp", "threads": 2}]
        ref = None
        for dtype in (np.int32, np.int64, np.uint32, np.uint64, np.float32, np.float64):
            with self.subTest(dtype=dtype.__name__):
                ids, total = self.check_graph(g, runs, w=g["w"].astype(dtype))
                self.assertEqual(total, 1186386)
                ref = ids if ref is None else ref
                self.assertTrue(np.array_equal(ids, ref))

    def test_exact_64bit_weights(self):
        """float64 weights too close for float32, and 64-bit integers at their extremes: the
        forest of a triangle is its two lightest edges and the total is exact."""
        u, v = np.array([0, 1, 0]), np.array([1, 2, 2])
        cases = [(np.float64, [1.0, 1.00000001, 1.00000002], [0, 1], 2.00000001),
                 (np.uint64, [2**64 - 1, 2**64 - 2, 2**63], [1, 2], 2**64 - 2 + 2**63),
                 (np.int64, [-2**63, 2**63 - 1, -2**63 + 1], [0, 2], -2**64 + 1)]
        for dtype, w, expect_ids, expect_total in cases:
            with self.subTest(dtype=dtype.__name__):
                ids, total = value(calls(("minimum_spanning_forest",
                                          (u, v, np.array(w, dtype=dtype)), {}))[0])
                self.assertEqual(ids.tolist(), expect_ids)
                self.assertEqual(total, expect_total)
                self.assertEqual(type(total), type(expect_total))

    def test_exact_totals_of_a_large_forest(self):
        """A forest of more than 2^16 edges, whose total the library sums on several threads:
        exact for float64 weights of both signs and far-apart magnitudes (math.fsum rounds the
        exact sum once, as the library does) and for 64-bit integers beyond 64 bits in sum."""
        rng = np.random.default_rng(7)
        n = 100000
        u = np.arange(1, n)
        v = rng.integers(0, u)  # a random tree: the forest is every edge
        # The threads' sums cancel but for the last weight: every bit of theirs counts.
        a = rng.random(n // 2 - 1) * 10.0 ** rng.integers(-20, 20, n // 2 - 1)
        cases = [(np.r_[a, -rng.permutation(a), 1e-300], math.fsum),
                 (rng.integers(-2**62, 2**62, n - 1), lambda w: sum(map(int, w)))]
        for w, exact in cases:
            with self.subTest(dtype=w.dtype.name):
                for r in calls(("minimum_spanning_forest", (u, v, w),
                                {"solver": "omp", "threads": 2}),
                               ("maximum_spanning_forest", (u, v, w), {})):
                    ids, total = value(r)
                    self.assertEqual(len(ids), n - 1)
                    self.assertEqual(total, exact(w.tolist()))

    def test_maximum_against_the_command_line(self):
        """maximum=True and maximum_spanning_forest give mst-seq --maximum's edges with every
        solver and variant (issue 35, item 1), with ties (few distinct weights), verified."""
        g = self.convert("road/rome99.gr.gz", ["--weights", "random", "--seed", "4"])
        w = g["w"] % 7
        path = write_wel(os.path.join(TMP, "max.wel"), g["u"], g["v"], w)
        expect = seq_forest(path, g["n"], "--maximum")
        runs = [("maximum_spanning_forest", {"solver": "seq", "algo": a, "verify": True})
                for a in ("kruskal", "filter-kruskal", "prim", "boruvka")]
        runs += [("minimum_spanning_forest", {"solver": "omp", "algo": a, "threads": 2,
                                              "maximum": True, "verify": True})
                 for a in ("boruvka", "contract")]
        results = calls(*[(f, (g["u"], g["v"], w), dict(kw, n=g["n"])) for f, kw in runs])
        for (f, kw), res in zip(runs, results):
            ids, total = value(res)
            got = [(a, b, float(c)) for a, b, c in zip(g["u"][ids.astype(np.int64)].tolist(),
                                                       g["v"][ids.astype(np.int64)].tolist(),
                                                       w[ids.astype(np.int64)].tolist())]
            self.assertEqual(got, expect, kw)
            self.assertEqual(total, sum(c for _, _, c in expect))

    def test_graph_object_and_unit_weights(self):
        g = self.convert("ecl/indigo3_undirect_power_law_500n_6000e.egr.gz", ["--weights", "unit"])
        ids, total = value(calls(("minimum_spanning_forest", (g["u"], g["v"], None),
                                  {"n": g["n"]}))[0])
        self.assertEqual(self.lines(g, ids), seq_forest(g["path"], g["n"]))
        self.assertEqual(total, 240)  # graphs/MANIFEST.tsv: 240 forest edges of weight 1

    def test_endpoints(self):
        """Graph(...).endpoints() gives back the arrays, self-loops included; Graph.load's gives
        the file's canonical edges by id, those mst-convert writes."""
        g = self.convert("road/rome99.gr.gz", [])
        looped = self.looped_rome()
        script = ("import json, sys, numpy as np, mstsuite\n"
                  "a = np.load(sys.argv[1])\n"
                  "made = mstsuite.Graph(a['u'], a['v'], a['w'], n=int(a['n'])).endpoints()\n"
                  "read = mstsuite.Graph.load(sys.argv[2]).endpoints()\n"
                  "print(json.dumps([x.tolist() for x in made + read]))\n")
        arrays = os.path.join(TMP, "looped.npz")
        np.savez(arrays, u=looped["u"], v=looped["v"], w=looped["w"], n=looped["n"])
        env = dict(os.environ, PYTHONPATH=PYDIR)
        env.pop("MSTSUITE_LIB", None)
        p = run([PYTHON, "-c", script, arrays, manifest.path("road/rome99.gr.gz")], env=env)
        self.assertEqual(p.returncode, 0, p.stderr)
        mu, mv, ru, rv = json.loads(p.stdout)
        self.assertEqual((mu, mv), (looped["u"].tolist(), looped["v"].tolist()))
        self.assertEqual((ru, rv), (g["u"].tolist(), g["v"].tolist()))


class Errors(unittest.TestCase):
    """Bad arguments raise ValueError with the library's message."""

    CASES = [
        ({"u": [0, 1, 2], "v": [1, 2], "w": [1, 2, 3]}, "u and v differ in length: 3 and 2"),
        ({"u": [0, 1], "v": [1, 2], "w": [1, 2, 3]}, "u, v and w differ in length"),
        ({"u": [0, 1, 2], "v": [1, 9, 0], "w": [1, 2, 3], "n": 5},
         "edge 1: vertex 9 is not below n = 5"),
        # The weights' messages come from the weight conversion, whose wording may change.
        ({"u": [0, 1, 2], "v": [1, 2, 0], "w": [1.0, 2.0, float("nan")]}, "NaN"),
        ({"u": [0, 1], "v": [1, 2], "w": np.array([1.0, np.inf], np.float32)}, "edge 1"),
        ({"u": [0, 1], "v": [1, 2], "w": [1, 2], "solver": "gpu"},
         "unknown solver 'gpu' (solvers: seq, omp)"),
        ({"u": [0, 1], "v": [1, 2], "w": [1, 2], "algo": "dijkstra"},
         "solver seq has no variant 'dijkstra'"),
        ({"u": [0, 1], "v": [1, 2], "w": [1, 2], "threads": 2},
         "solver seq is sequential: threads must be 0 or 1"),
        ({"u": [0, 1], "v": [1, 2], "w": [1, 2], "solver": "omp", "options": ["--dsu", "x"]},
         "option --dsu: 'x' is not waitfree, lock, half, full or plain"),
        ({"u": [0, 1], "v": [1, 2], "w": [1, 2], "solver": "omp", "options": ["--bogus"]},
         "unknown option '--bogus'"),
        ({"u": [0, -1], "v": [1, 2], "w": [1, 2]}, "u: vertex -1 is negative"),
    ]

    def test_errors(self):
        results = calls(*[("minimum_spanning_forest", (), kw) for kw, _ in self.CASES])
        for (kw, message), res in zip(self.CASES, results):
            self.assertEqual(res[0], "error", kw)
            self.assertEqual(res[1], "ValueError", kw)
            self.assertIn(message, res[2])


class Arguments(unittest.TestCase):
    """Every argument is type- and range-checked: TypeError or ValueError naming it, never a
    crash, a silently dropped option or a wrapped-around number (issue 33, item 3)."""

    BASE = {"u": [0, 1], "v": [1, 2], "w": [1, 2]}
    CASES = [
        ({"options": [1]}, "TypeError", "options[0] must be a string"),
        ({"options": [None, "--x"]}, "TypeError", "options[0] must be a string"),
        ({"options": "--dsu"}, "TypeError", "options must be a list"),
        ({"solver": "omp", "threads": 2**40}, "ValueError", "threads = 1099511627776 is not in"),
        ({"solver": "omp", "threads": 2**31}, "ValueError", "threads = 2147483648 is not in"),
        ({"solver": "omp", "threads": 2.0}, "TypeError", "threads must be an integer"),
        ({"n": 5.5}, "TypeError", "n must be an integer, not float"),
        ({"n": "5"}, "TypeError", "n must be an integer, not str"),
        ({"n": 2**32}, "ValueError", "n = 4294967296 is not in 0..4294967295"),
        ({"solver": None}, "TypeError", "solver must be a string, not NoneType"),
        ({"algo": 1}, "TypeError", "algo must be a string, not int"),
        ({"solver": "seq\0x"}, "ValueError", "solver holds a NUL character"),
        ({"w": [2**63 + 1, -1]}, "ValueError", "integer weights mix negative values (-1) and "
                                               "values above 2^63 - 1 (9223372036854775809)"),
        ({"w": [2**64, 1]}, "ValueError", "weight 18446744073709551616 does not fit 64 bits"),
    ]

    def test_bad_arguments(self):
        results = calls(*[("minimum_spanning_forest", (), dict(self.BASE, **kw))
                          for kw, _, _ in self.CASES])
        for (kw, kind, message), res in zip(self.CASES, results):
            self.assertEqual(res[:2], ("error", kind), kw)
            self.assertIn(message, res[2], kw)

    def test_device_is_for_cuda(self):
        """device= is an integer in 0..1024, and an argument of solver "cuda" only."""
        base = {"u": [0, 1], "v": [1, 2], "w": [1, 2]}
        results = calls(("minimum_spanning_forest", (), dict(base, device=0)),
                        ("minimum_spanning_forest", (), dict(base, solver="cuda", device=1025)),
                        ("minimum_spanning_forest", (), dict(base, solver="cuda", device="0")))
        self.assertEqual(results[0][:2], ("error", "ValueError"))
        self.assertIn("device is for solver 'cuda', not 'seq'", results[0][2])
        self.assertEqual(results[1][:2], ("error", "ValueError"))
        self.assertIn("device = 1025 is not in 0..1024", results[1][2])
        self.assertEqual(results[2][:2], ("error", "TypeError"))

    def test_integer_lists_stay_exact(self):
        """Python ints that NumPy would round to float64 (2^63 beside 1) keep their values:
        the forest and its total are exact."""
        u, v = [0, 0, 1], [1, 1, 2]
        results = calls(("minimum_spanning_forest", (u, v, [2**63 + 1, 2**63, 1]), {}),
                        ("minimum_spanning_forest", (u, v, [-5, 2**62, -2**63]), {}))
        ids, total = value(results[0])
        self.assertEqual((ids.tolist(), total), ([1, 2], 2**63 + 1))
        ids, total = value(results[1])
        self.assertEqual((ids.tolist(), total), ([0, 2], -5 - 2**63))


class Adapters(unittest.TestCase):
    def rome_pairs(self):
        """rome99 with random weights, one edge per vertex pair (the first), as arrays."""
        g = Graphs.convert(self, "road/rome99.gr.gz", ["--weights", "random", "--seed", "9"])
        seen, keep = set(), []
        for e, (a, b) in enumerate(zip(g["u"].tolist(), g["v"].tolist())):
            if (min(a, b), max(a, b)) not in seen:
                seen.add((min(a, b), max(a, b)))
                keep.append(e)
        return g["n"], g["u"][keep], g["v"][keep], g["w"][keep]

    def test_from_scipy(self):
        import scipy.sparse as sp
        from scipy.sparse.csgraph import minimum_spanning_tree

        n, u, v, w = self.rome_pairs()
        sym = sp.csr_matrix((np.r_[w, w], (np.r_[u, v], np.r_[v, u])), shape=(n, n))
        upper = sp.triu(sym, k=1).tocsr()
        # The ids follow CSR order over the upper triangle: mst-seq on that edge list.
        coo = upper.tocoo()
        path = write_wel(os.path.join(TMP, "upper.wel"), coo.row, coo.col, coo.data)
        expect = seq_forest(path, n)
        results = calls(("from_scipy", (sym,), {}), ("from_scipy", (upper,), {"solver": "omp"}),
                        ("from_scipy", (sym,), {"triangle": "lower"}),
                        ("from_scipy", (sym,), {"triangle": "both", "threads": 1,
                                                "solver": "omp"}),
                        ("from_scipy", (sym[:, :-1],), {}), ("from_scipy", (sym.toarray(),), {}))
        oracle_total = minimum_spanning_tree(sym).sum()
        for res in results[:4]:
            coords, total = value(res)
            self.assertEqual(total, oracle_total)
            self.assertEqual(coords.shape, (n - 1, 2))
        for res in results[:2]:
            coords = value(res)[0]
            self.assertEqual([(i, j, float(sym[i, j])) for i, j in coords.tolist()], expect)
        self.assertTrue(np.all(value(results[2])[0][:, 0] > value(results[2])[0][:, 1]))
        self.assertEqual(results[4][:2], ("error", "ValueError"))
        self.assertEqual(results[5][:2], ("error", "ValueError"))

    def test_from_scipy_pair_minima_of_a_symmetric_pattern(self):
        """A symmetric pattern whose two triangles weigh differently, with many ties: each pair
        weighs its smaller entry, and the ids follow the upper triangle's CSR order, as mst-seq
        on that edge list finds them."""
        import scipy.sparse as sp

        rng = np.random.default_rng(4)
        n = 300
        i, j = rng.integers(0, n, 1500), rng.integers(0, n, 1500)
        keep = i != j
        i, j = i[keep], j[keep]
        a = sp.csr_matrix((rng.integers(1, 4, len(i)), (i, j)), shape=(n, n))
        b = sp.csr_matrix((rng.integers(1, 4, len(i)), (j, i)), shape=(n, n))
        m = (a + b).tocsr()
        upper = sp.triu(m, k=1).tocoo()
        w = [min(m[r, c], m[c, r]) for r, c in zip(upper.row.tolist(), upper.col.tolist())]
        path = write_wel(os.path.join(TMP, "pairs.wel"), upper.row, upper.col, np.array(w))
        expect = seq_forest(path, n)
        coords, total = value(calls(("from_scipy", (m,), {}))[0])
        self.assertEqual([(r, c, float(min(m[r, c], m[c, r]))) for r, c in coords.tolist()],
                         expect)

    def test_from_scipy_reads_both_triangles_as_scipy(self):
        """The default reading is SciPy's: a lower-triangular or a non-symmetric matrix (a
        k-nearest-neighbour graph) gives SciPy's forest total and n - 1 edges (issue 33, item
        9); each pair is one edge of the smaller value."""
        import scipy.sparse as sp
        from scipy.sparse.csgraph import minimum_spanning_tree

        rng = np.random.default_rng(5)
        pts = rng.random((400, 2))
        d = np.sqrt(((pts[:, None, :] - pts[None, :, :]) ** 2).sum(-1))
        np.fill_diagonal(d, np.inf)
        near = np.argsort(d, axis=1)[:, :6]
        rows = np.repeat(np.arange(400), 6)
        knn = sp.csr_matrix((d[rows, near.ravel()], (rows, near.ravel())), shape=(400, 400))
        sym = knn.maximum(knn.T).tocsr()
        tril = sp.tril(sym, k=-1).tocsr()
        pair = sp.csr_matrix(([5.0, 3.0, 1.0], ([0, 1, 1], [1, 0, 2])), shape=(3, 3))
        results = calls(("from_scipy", (knn,), {}), ("from_scipy", (tril,), {}),
                        ("from_scipy", (pair,), {}),
                        ("from_scipy", (sp.csr_matrix(([1.0, np.nan], ([0, 1], [1, 0])),
                                                      shape=(2, 2)),), {}))
        for res, matrix in zip(results[:2], (knn, tril)):
            coords, total = value(res)
            oracle_tree = minimum_spanning_tree(matrix)
            self.assertAlmostEqual(total, oracle_tree.sum(), places=9)
            self.assertEqual(len(coords), oracle_tree.nnz)
            self.assertTrue(np.all(coords[:, 0] < coords[:, 1]))
        coords, total = value(results[2])
        self.assertEqual((coords.tolist(), total), ([[0, 1], [1, 2]], 4.0))
        self.assertEqual(results[3][:2], ("error", "ValueError"))
        self.assertIn("entry [1, 0] is NaN", results[3][2])

    def test_csgraph_signature_against_scipy(self):
        """mstsuite.csgraph.minimum_spanning_tree takes what SciPy's takes (dense, every sparse
        format, one triangle or both, non-symmetric) and returns the same CSR matrix where the
        weights are distinct (each edge at its entry; of a symmetric matrix, at one of its two);
        explicit zeros are edges unless explicit_zeros=False (SciPy's
        reading); maximum_spanning_tree is the minimum one of the negated weights (issue 35,
        item 3)."""
        import scipy.sparse as sp
        from scipy.sparse.csgraph import minimum_spanning_tree

        rng = np.random.default_rng(6)
        base = sp.random(400, 400, density=0.02, format="coo", random_state=6)
        base.data = rng.permutation(base.nnz).astype(np.float64) + 1
        inputs = [base.tocsr(), base, base.tocsc(), base.tolil(), base.todok(), base.toarray(),
                  base.maximum(base.T).tocsr(), sp.triu(base.maximum(base.T)).tocsr(),
                  sp.csr_array(base)]
        results = calls(*[("csgraph.minimum_spanning_tree", (a,), {}) for a in inputs],
                        ("csgraph.maximum_spanning_tree", (base.tocsr(),), {"solver": "omp"}),
                        ("csgraph.minimum_spanning_tree",
                         (sp.csr_matrix(([0.0, 2.0], ([0, 1], [1, 2])), shape=(3, 3)),), {}),
                        ("csgraph.minimum_spanning_tree",
                         (sp.csr_matrix(([0.0, 2.0], ([0, 1], [1, 2])), shape=(3, 3)),),
                         {"explicit_zeros": False}))
        for i, (a, res) in enumerate(zip(inputs, results)):
            got, want = value(res), sp.csr_matrix(minimum_spanning_tree(a))
            self.assertEqual(type(got), sp.csr_matrix)
            if i == 6:  # symmetric: SciPy's position of an edge is either of its two entries
                got, want = got + got.T, want + want.T
            self.assertEqual((got != want).nnz, 0, type(a))
        neg = sp.csr_matrix(base.tocsr(), copy=True)
        neg.data = -neg.data
        want = minimum_spanning_tree(neg)  # SciPy reads only nonzero entries: all are
        got = value(results[len(inputs)])
        self.assertEqual((got != -want).nnz, 0)
        self.assertEqual(value(results[-2]).toarray().tolist(), [[0, 0, 0], [0, 0, 2], [0, 0, 0]])
        self.assertEqual(value(results[-2]).nnz, 2, "the explicit zero edge (0, 1) is taken")
        self.assertEqual(value(results[-1]).nnz, 1)

    def test_nx_signature_against_networkx(self):
        """mstsuite.nx.minimum_spanning_tree and maximum_spanning_tree return NetworkX's graph:
        the same class, graph, node and edge attributes, and NetworkX's Kruskal edges, ties
        included, with every algorithm; NaN weights raise or are ignored (issue 35, item 4)."""
        try:
            import networkx as nx
        except ImportError:
            self.skipTest("no python3-networkx on this machine")
        G = nx.gnm_random_graph(300, 1500, seed=3)
        for i, (a, b) in enumerate(G.edges()):
            G[a][b]["weight"] = (i * 7919) % 13  # many ties
            G[a][b]["label"] = "e%d" % i
        G.graph["name"] = "g"
        G.nodes[5]["colour"] = "red"
        M = nx.MultiGraph(G)
        M.add_edge(0, 1, weight=0.5)
        N = nx.Graph(G)
        N.add_edge(1, 2, weight=float("nan"))
        runs = [(f, (H,), kw) for H in (G, M) for f in ("nx.minimum_spanning_tree",
                                                        "nx.maximum_spanning_tree")
                for kw in ({}, {"algorithm": "prim"}, {"solver": "omp", "threads": 2})]
        results = calls(*runs, ("nx.minimum_spanning_tree", (N,), {}),
                        ("nx.minimum_spanning_tree", (N,), {"ignore_nan": True}))
        for (f, (H,), kw), res in zip(runs, results):
            T = value(res)
            ref = getattr(nx, f.split(".")[1])(H)
            self.assertIs(type(T), type(H))
            self.assertEqual(T.graph, H.graph)
            self.assertEqual(dict(T.nodes(data=True)), dict(ref.nodes(data=True)))
            data = (dict(keys=True, data=True) if H.is_multigraph() else dict(data=True))
            norm = lambda E: sorted((min(e[0], e[1]), max(e[0], e[1])) + tuple(
                sorted(e[-1].items())) + tuple(e[2:-1]) for e in E)
            self.assertEqual(norm(T.edges(**data)), norm(ref.edges(**data)), (f, kw))
        self.assertEqual(results[len(runs)][:2], ("error", "ValueError"))
        self.assertEqual(value(results[-1]).number_of_edges(),
                         nx.minimum_spanning_tree(N, ignore_nan=True).number_of_edges())

    def test_from_networkx(self):
        try:
            import networkx as nx
        except ImportError:
            self.skipTest("no python3-networkx on this machine")
        n, u, v, w = self.rome_pairs()
        G = nx.Graph()
        G.add_nodes_from(range(n + 3))  # isolated vertices
        G.add_weighted_edges_from(zip(u.tolist(), v.tolist(), w.tolist()))
        G.add_edge(5, 5, weight=-100)
        rows = list(G.edges(data="weight"))
        path = write_wel(os.path.join(TMP, "nx.wel"), *zip(*rows))
        expect = seq_forest(path, n + 3)
        M = nx.MultiGraph()
        M.add_weighted_edges_from((a, b, c % 7) for a, b, c in rows[:2000])
        M.add_weighted_edges_from((a, b, c % 5) for a, b, c in rows[:2000])
        mrows = list(M.edges(keys=True, data="weight"))
        mpath = write_wel(os.path.join(TMP, "multi.wel"), *[[r[i] for r in mrows]
                                                            for i in (0, 1, 3)])
        labels = nx.relabel_nodes(G, {x: "v%d" % x for x in G})
        results = calls(("from_networkx", (G,), {}), ("from_networkx", (G,), {"solver": "omp"}),
                        ("from_networkx", (labels,), {}), ("from_networkx", (M,), {}),
                        ("from_networkx", (G,), {"weight": None}),
                        ("from_networkx", (nx.DiGraph(G),), {}))
        for res in results[:2]:
            edges, total = value(res)
            self.assertEqual([(a, b, float(G[a][b]["weight"])) for a, b in edges], expect)
            self.assertEqual(total, nx.minimum_spanning_tree(G).size(weight="weight"))
        edges, _ = value(results[2])
        self.assertEqual(edges, [("v%d" % a, "v%d" % b) for a, b in value(results[0])[0]])
        edges, total = value(results[3])
        self.assertEqual([(a, b, float(M[a][b][k]["weight"])) for a, b, k in edges],
                         seq_forest(mpath, n + 3))
        self.assertEqual(total, nx.minimum_spanning_tree(M).size(weight="weight"))
        edges, total = value(results[4])
        self.assertEqual(total, n - 1)
        self.assertEqual(results[5][:2], ("error", "ValueError"))


class SingleLinkage(unittest.TestCase):
    def test_against_scipy(self):
        from scipy.cluster.hierarchy import linkage
        from scipy.spatial.distance import pdist

        rng = np.random.default_rng(3)
        points = rng.random((80, 3))
        self.assertEqual(len(np.unique(pdist(points))), 80 * 79 // 2)  # distinct distances
        u, v = np.triu_indices(80, k=1)
        results = calls(("single_linkage", (points,), {}),
                        ("single_linkage", (points, "cityblock"), {"solver": "omp"}),
                        ("single_linkage", (pdist(points),), {}),
                        ("single_linkage", (), {"graph": (u, v, pdist(points))}))
        for res, metric in zip(results, ["euclidean", "cityblock", "euclidean", "euclidean"]):
            z, ref = value(res), linkage(points, method="single", metric=metric)
            self.assertEqual(z.shape, (79, 4))
            self.assertTrue(np.array_equal(z[:, [0, 1, 3]], ref[:, [0, 1, 3]]), metric)
            self.assertTrue(np.allclose(z[:, 2], ref[:, 2], rtol=1e-12, atol=0))

    def test_ties(self):
        from scipy.cluster.hierarchy import linkage

        rng = np.random.default_rng(4)
        points = rng.integers(0, 6, size=(60, 2)).astype(float)  # many equal distances
        z = value(calls(("single_linkage", (points, "cityblock"), {}))[0])
        ref = linkage(points, method="single", metric="cityblock")
        self.assertTrue(np.array_equal(z[:, 2], ref[:, 2]))
        self.assertEqual(z[-1, 3], 60)

    def test_disconnected_graph(self):
        res = calls(("single_linkage", (), {"graph": ([0, 2], [1, 3], [1.0, 2.0])}))[0]
        self.assertEqual(res[:2], ("error", "ValueError"))
        self.assertIn("disconnected (2 components)", res[2])


def pair_reading(A, maximum=False):
    """SciPy's csgraph reading of a sparse matrix, written out in Python: for each vertex pair
    i < j stored in either triangle, in (i, j) order, (i, j, weight, (r, c)), the weight the
    smaller (maximum: the larger) of A[i, j] and A[j, i], A[i, j] where they are equal, and
    (r, c) the chosen entry."""
    import scipy.sparse as sp

    coo = sp.coo_matrix(A)
    coo.sum_duplicates()
    entries = {(r, c): x for r, c, x in zip(coo.row.tolist(), coo.col.tolist(),
                                            coo.data.tolist()) if r != c}
    out = []
    for i, j in sorted({(min(r, c), max(r, c)) for r, c in entries}):
        up, low = entries.get((i, j)), entries.get((j, i))
        flip = up is None or (low is not None and (low > up if maximum else low < up))
        out.append((i, j, low if flip else up, (j, i) if flip else (i, j)))
    return out


class Matrices(unittest.TestCase):
    """The SciPy paths (csgraph's signature, from_scipy) read a CSR matrix in libmst
    (msf_graph_from_csr, msf_result_csr): their forests are those of pair_reading's edge list
    with minimum_spanning_forest, whatever the pattern, index dtype, weight dtype or team."""

    @staticmethod
    def matrices():
        import scipy.sparse as sp

        rng = np.random.default_rng(13)
        out = []
        for n, draws in ((40, 150), (5000, 80000)):
            r, c = rng.integers(0, n, draws), rng.integers(0, n, draws)
            a = sp.csr_matrix((rng.integers(0, 6, draws).astype(np.float64), (r, c)),
                              shape=(n, n))  # non-symmetric, ties, explicit zeros
            apart = (a + a.T).tocsr()
            apart.data = rng.integers(0, 6, apart.nnz).astype(np.float64)
            out += [("non-symmetric", a), ("upper", sp.triu(a).tocsr()),
                    ("lower", sp.tril(a).tocsr()), ("symmetric pattern", (a + a.T).tocsr()),
                    ("symmetric pattern, values apart", apart)]
        a = out[0][1]
        wide = a.copy()
        wide.indices, wide.indptr = a.indices.astype(np.int64), a.indptr.astype(np.int64)
        signed = sp.csr_matrix(([0.0, -0.0, 2.0, -3.0, 2.0, 2.0],
                                ([0, 1, 1, 2, 2, 3], [1, 0, 2, 1, 3, 2])), shape=(4, 4))
        fine = apart.copy()  # doubles that are not floats: ranked on the host
        fine.data = fine.data + rng.integers(0, 3, fine.nnz) / 10
        out += [("int64 indices", wide), ("float32", a.astype(np.float32)),
                ("doubles beyond float32", fine),
                ("int64 data", a.astype(np.int64)), ("uint8 data", a.astype(np.uint8)),
                ("zeros of both signs, ties", signed)]
        return out

    def test_against_the_pair_reading(self):
        import scipy.sparse as sp

        cases = [(name, a, mx) for name, a in self.matrices() for mx in (False, True)]
        requests = []
        for name, a, mx in cases:
            f = "csgraph.maximum_spanning_tree" if mx else "csgraph.minimum_spanning_tree"
            pairs = pair_reading(a, mx)
            lo, hi = np.array([p[0] for p in pairs], int), np.array([p[1] for p in pairs], int)
            w = np.array([p[2] for p in pairs], a.dtype)
            requests += [(f, (a,), {"verify": mx}), (f, (a,), {"solver": "omp", "threads": 2}),
                         ("minimum_spanning_forest", (lo, hi, w),
                          {"n": a.shape[0], "maximum": mx}),
                         ("from_scipy", (a,), {})]
        results = calls(*requests)
        for i, (name, a, mx) in enumerate(cases):
            with self.subTest(matrix=name, maximum=mx):
                pairs = pair_reading(a, mx)
                ids, total = value(results[4 * i + 2])
                want = sorted((pairs[e][3][0], pairs[e][3][1], float(pairs[e][2]))
                              for e in ids.tolist())
                for res in results[4 * i:4 * i + 2]:
                    got = value(res)
                    self.assertEqual(type(got), sp.csr_matrix)
                    self.assertEqual((got.shape, got.dtype), (a.shape, np.float64))
                    self.assertTrue(got.has_canonical_format)
                    coo = got.tocoo()
                    self.assertEqual(sorted(zip(coo.row.tolist(), coo.col.tolist(),
                                                coo.data.tolist())), want)
                if not mx:  # from_scipy: the minimum forest, as [i, j] rows in id order
                    coords, got_total = value(results[4 * i + 3])
                    self.assertEqual(coords.tolist(), [list(pairs[e][:2]) for e in ids.tolist()])
                    self.assertEqual(got_total, total)

    def test_empty_matrices(self):
        import scipy.sparse as sp

        inputs = [sp.csr_matrix((0, 0)), sp.csr_matrix((5, 5)), sp.identity(4, format="csr"),
                  np.zeros((3, 3))]
        results = calls(*[("csgraph.minimum_spanning_tree", (a,), {}) for a in inputs],
                        ("from_scipy", (inputs[2],), {}))
        for a, res in zip(inputs, results):
            got = value(res)
            self.assertEqual((got.shape, got.nnz), (a.shape, 0))
        coords, total = value(results[-1])
        self.assertEqual((coords.shape, total), ((0, 2), 0.0))

    def test_duplicates_and_unsorted_columns(self):
        """A matrix that is not in SciPy's canonical format (duplicates, columns out of
        order) reads as its canonical form, and stays as it was."""
        import scipy.sparse as sp

        indptr, indices = [0, 3, 5, 7, 8], [2, 1, 2, 0, 3, 1, 0, 1]
        data = [1.0, 4.0, 2.0, 5.0, 1.0, 3.0, 7.0, 2.0]
        a = sp.csr_matrix((np.array(data), np.array(indices), np.array(indptr)), shape=(4, 4))
        canonical = a.copy()
        canonical.sum_duplicates()
        results = calls(("csgraph.minimum_spanning_tree", (a,), {}),
                        ("csgraph.minimum_spanning_tree", (canonical,), {}),
                        ("csgraph.maximum_spanning_tree", (a,), {}),
                        ("csgraph.maximum_spanning_tree", (canonical,), {}))
        self.assertEqual((value(results[0]) != value(results[1])).nnz, 0)
        self.assertEqual((value(results[2]) != value(results[3])).nnz, 0)
        self.assertEqual(value(results[0]).toarray().tolist(),
                         [[0, 0, 3, 0], [0, 0, 0, 1], [0, 3, 0, 0], [0, 0, 0, 0]])
        self.assertFalse(a.has_canonical_format)

    def test_bad_matrices(self, solve_args=None):
        """NaN anywhere (the diagonal too) and an infinite chosen weight raise ValueError
        naming the entry or edge; so does a matrix that claims SciPy's canonical format
        without having it (read by the library, which checks every row). solve_args: those of
        every call (Cuda's test)."""
        import scipy.sparse as sp

        kw = solve_args or {}

        nan_diagonal = sp.csr_matrix(([1.0, np.nan], ([0, 2], [1, 2])), shape=(3, 3))
        infinite = sp.csr_matrix(([np.inf, 5.0, 1.0], ([0, 1, 1], [1, 0, 2])), shape=(3, 3))
        liar = sp.csr_matrix((np.array([1.0, 2.0]), np.array([2, 1]), np.array([0, 2, 2, 2])),
                             shape=(3, 3))
        liar.has_canonical_format = True
        results = calls(("csgraph.minimum_spanning_tree", (nan_diagonal,), kw),
                        ("csgraph.maximum_spanning_tree", (infinite,), kw),
                        ("csgraph.minimum_spanning_tree", (infinite,), kw),
                        ("csgraph.minimum_spanning_tree", (liar,), kw),
                        ("csgraph.minimum_spanning_tree",
                         (sp.csr_matrix(np.eye(3, dtype=np.complex64)),), kw))
        for res, message in zip(results, ["matrix: entry [2, 2] is NaN",
                                          "edge 0: infinite weight", None,
                                          "matrix: row 0: column 1 follows column 2",
                                          "weights of dtype complex64 are not supported"]):
            if message is None:
                self.assertEqual(value(res).toarray().tolist(),
                                 [[0, 0, 0], [5, 0, 1], [0, 0, 0]])
                continue
            self.assertEqual(res[:2], ("error", "ValueError"), message)
            self.assertIn(message, res[2])


class Prepared(unittest.TestCase):
    """Graph.prepare: rounds of new weights on one topology (the --rounds prepared path; issue
    35, item 2) give minimum_spanning_forest's forest on the same edges, on the CPU solvers
    (seq prim has a prepared path, the others solve from scratch each round)."""

    def rounds(self, g):
        """Rounds of (weights, maximum) on g's edges: several dtypes, ties, negative and 64-bit
        weights, and None (the last weights again)."""
        rng = np.random.default_rng(8)
        m = len(g["u"])
        ws = [rng.integers(0, 5, m).astype(np.int32), rng.normal(size=m),
              rng.integers(-2**40, 2**40, m), rng.integers(0, 3, m).astype(np.uint8)]
        return [(w, mx) for w in ws for mx in (False, True)] + [(None, False)]

    def check(self, g, prepare_args):
        rounds = self.rounds(g)
        last = [w for w, _ in rounds if w is not None][-1]
        results = calls(("prepared", (g["u"], g["v"], g["w"], g["n"], prepare_args, rounds),
                         {}),
                        *[("minimum_spanning_forest", (g["u"], g["v"], last if w is None else w),
                           {"n": g["n"], "maximum": mx}) for w, mx in rounds])
        got = value(results[0])
        self.assertEqual(len(got), len(rounds))
        for i, (res, want) in enumerate(zip(got, results[1:])):
            ids, total = value(res)
            self.assertTrue(np.array_equal(ids, value(want)[0]), (prepare_args, i))
            self.assertEqual(total, value(want)[1], (prepare_args, i))

    def test_rounds_equal_one_shot_solves(self):
        g = Graphs.looped_rome(self)  # self-loops: weights by input position
        for args in ({"algo": "prim"}, {"algo": "kruskal"}, {"algo": "boruvka"},
                     {"solver": "omp", "threads": 2}, {"solver": "omp", "algo": "contract"}):
            with self.subTest(**args):
                self.check(g, args)

    def test_bad_weights(self):
        u, v = [0, 1, 2, 2], [1, 2, 0, 2]
        rounds = [(np.ones(3), False), ([1.0, 2.0, 3.0, float("nan")], False),
                  (np.array([1, 2, 3, 4], np.complex64), False), ([4, 3, 2, 1], True)]
        got = value(calls(("prepared", (u, v, [1, 2, 3, 4], 3, {"algo": "prim"}, rounds),
                           {}))[0])
        self.assertEqual(got[0][:2], ("error", "ValueError"))
        self.assertIn("3 weights", got[0][2])
        self.assertEqual(got[1][:2], ("error", "ValueError"))
        self.assertIn("edge 3: NaN weight", got[1][2])  # the self-loop's input position
        self.assertEqual(got[2][:2], ("error", "ValueError"))
        self.assertEqual(value(got[3])[0].tolist(), [0, 1])  # still usable after the errors


@unittest.skipIf(NO_GPU is None, "a GPU is present")
class CudaWithoutGpu(unittest.TestCase):
    def test_no_gpu_is_a_clear_error(self):
        """Without a GPU (or in a libmst built without CUDA) solver="cuda" raises RuntimeError
        with mst-cuda's one line, from every entry point; the process goes on."""
        import scipy.sparse as sp

        u, v, w = [0, 1], [1, 2], [1.0, 2.0]
        results = calls(("minimum_spanning_forest", (u, v, w), {"solver": "cuda"}),
                        ("maximum_spanning_forest", (u, v, w), {"solver": "cuda", "device": 0}),
                        ("csgraph.minimum_spanning_tree", (sp.csr_matrix(np.eye(3)),),
                         {"solver": "cuda"}),
                        ("prepared", (u, v, w, 3, {"solver": "cuda"}, []), {}),
                        ("minimum_spanning_forest", (u, v, w), {"solver": "seq"}))
        for res in results[:4]:
            self.assertEqual(res[:2], ("error", "RuntimeError"), res)
            self.assertTrue(res[2].startswith("no GPU ("), res[2])
            self.assertNotIn("\n", res[2])
        self.assertEqual(value(results[4])[0].tolist(), [0, 1])


# The most vertices for which solver="cuda", algo="dense" runs here: its 8-byte n x n matrix
# (32768^2: 8 GiB) fits any GPU of the machines the suite is tested on.
DENSE_MAX_N = 32768


@unittest.skipIf(NO_GPU is not None, NO_GPU or "")
class Cuda(unittest.TestCase):
    """solver="cuda" on the GPU (issue 35, item 2): every variant gives mst-seq's edges on
    graphs with ties, forests and the maximum; prepared graphs keep the topology on the GPU
    over rounds of new weights; device= picks the GPU; cuda solves run concurrently."""

    lines, check_graph = staticmethod(Graphs.lines), Graphs.check_graph
    rounds, check_prepared = Prepared.rounds, Prepared.check

    def variants(self):
        return value(calls(("variants", ("cuda",), {}))[0])

    def graphs(self):
        """Bundled graphs (random weights, unit weights: all ties), rome99's weights modulo 3
        (ties), and a forest of many components with isolated vertices."""
        out = [Graphs.convert(self, "road/rome99.gr.gz", []),
               Graphs.convert(self, "social/CA-CondMat.txt.gz",
                              ["--weights", "random", "--seed", "5"]),
               Graphs.convert(self, "ecl/indigo3_undirect_power_law_500n_6000e.egr.gz",
                              ["--weights", "unit"])]
        g = out[0]
        w = g["w"] % 3
        out.append({"path": write_wel(os.path.join(TMP, "rome-ties.wel"), g["u"], g["v"], w),
                    "n": g["n"], "u": g["u"], "v": g["v"], "w": w})
        rng = np.random.default_rng(12)
        u, v = rng.integers(0, 20000, 6000), rng.integers(0, 20000, 6000)
        w = rng.integers(1, 50, 6000)
        out.append({"path": write_wel(os.path.join(TMP, "forest.wel"), u, v, w), "n": 20000,
                    "u": u, "v": v, "w": w})
        return out

    def test_variants_equal_seq(self):
        for g in self.graphs():
            # dense holds an n x n matrix (cuda/dense.h): CA-CondMat's would need 87 GiB
            runs = [{"solver": "cuda", "algo": a} for a in self.variants()
                    if a != "dense" or g["n"] <= DENSE_MAX_N]
            runs += [{"solver": "cuda", "verify": True, "device": 0},
                     {"solver": "cuda", "options": ["--csr-init", "--filter"]}]
            with self.subTest(graph=g["path"]):
                self.check_graph(g, runs)

    def test_maximum_equals_seq(self):
        for g in self.graphs()[2:]:
            expect = seq_forest(g["path"], g["n"], "--maximum")
            runs = [{"solver": "cuda", "algo": a, "verify": True} for a in self.variants()]
            results = calls(*[("maximum_spanning_forest", (g["u"], g["v"], g["w"]),
                               dict(r, n=g["n"])) for r in runs])
            for r, res in zip(runs, results):
                self.assertEqual(self.lines(g, value(res)[0]), expect, (r, g["path"]))

    def test_prepared_rounds_on_the_gpu(self):
        """Graph.prepare(solver="cuda") for every variant (ecl, dense and hybrid keep the
        topology on the GPU; contract and primitives solve from scratch): rounds of new weights,
        minimum and maximum, equal seq's one-shot forests."""
        g = Graphs.looped_rome(self)
        for algo in self.variants():
            with self.subTest(algo=algo):
                self.check_prepared(g, {"solver": "cuda", "algo": algo})
        self.check_prepared(self.graphs()[1], {"solver": "cuda"})

    def test_device_selection(self):
        """device= picks the GPU: every GPU present gives seq's forest, the first number past
        them is RuntimeError "no GPU N (N present)"."""
        g = Graphs.convert(self, "road/rome99.gr.gz", [])
        args = (g["u"], g["v"], g["w"])
        probe = calls(("minimum_spanning_forest", args, {"solver": "cuda", "device": 1024}))[0]
        self.assertEqual(probe[:2], ("error", "RuntimeError"))
        count = int(re.search(r"no GPU 1024 \((\d+) present\)", probe[2]).group(1))
        self.assertGreaterEqual(count, 1)
        results = calls(("minimum_spanning_forest", args, {"n": g["n"]}),
                        *[("minimum_spanning_forest", args,
                           {"n": g["n"], "solver": "cuda", "device": d}) for d in range(count)],
                        ("minimum_spanning_forest", args,
                         {"n": g["n"], "solver": "cuda", "device": count}))
        for d, res in enumerate(results[1:-1]):
            self.assertTrue(np.array_equal(value(res)[0], value(results[0])[0]), "GPU %d" % d)
        self.assertEqual(results[-1][:2], ("error", "RuntimeError"))
        self.assertIn("no GPU %d (%d present)" % (count, count), results[-1][2])

    def test_concurrent_solves(self):
        """Threads solving on the GPU and the CPU at once (libmst holds no lock; each cuda call
        has its own stream and device memory): every forest is a lone call's."""
        graphs = self.graphs()
        runs = [{"solver": "cuda"}, {"solver": "cuda", "algo": "contract"},
                {"solver": "cuda", "algo": "primitives"}, {"solver": "cuda", "maximum": True},
                {"solver": "omp", "threads": 2}, {"solver": "seq"}]
        concurrent_solves(self, graphs, runs)

    def test_matrices_read_on_the_gpu(self):
        """csgraph with solver "cuda" reads a matrix on the GPU (msf_solve_csr) where every
        entry below the diagonal has its mirror, else on the host: Matrices' trees, minimum
        and maximum, the same as with "seq"; a bad matrix gives the host's messages."""
        cases = [(name, a, mx) for name, a in Matrices.matrices() for mx in (False, True)]
        requests = []
        for name, a, mx in cases:
            f = "csgraph.maximum_spanning_tree" if mx else "csgraph.minimum_spanning_tree"
            requests += [(f, (a,), {}), (f, (a,), {"solver": "cuda"})]
        results = calls(*requests)
        for i, (name, a, mx) in enumerate(cases):
            with self.subTest(matrix=name, maximum=mx):
                want, got = value(results[2 * i]), value(results[2 * i + 1])
                self.assertEqual((want.shape, (want != got).nnz), (got.shape, 0))
        Matrices.test_bad_matrices(self, {"solver": "cuda"})

    def test_large_matrix_staged_copy(self):
        """A matrix of more than 32 MB goes to the GPU through the page-locked ring
        (cuda_send_staged, many of its 4 MB pieces): the same tree as with "seq"."""
        import scipy.sparse as sp

        rng = np.random.default_rng(21)
        n, draws = 400000, 1800000
        u, v = rng.integers(0, n, draws), rng.integers(0, n, draws)
        w = rng.integers(1, 1000, draws).astype(np.float64)
        A = sp.csr_matrix((np.r_[w, w], (np.r_[u, v], np.r_[v, u])), shape=(n, n))
        self.assertGreater(A.indptr.nbytes + A.indices.nbytes + A.data.nbytes, 32 << 20)
        want, got = (value(r) for r in calls(("csgraph.minimum_spanning_tree", (A,), {}),
                                             ("csgraph.minimum_spanning_tree", (A,),
                                              {"solver": "cuda"})))
        self.assertEqual((want.nnz, (want != got).nnz), (got.nnz, 0))

    def test_scipy_signature_on_the_gpu(self):
        import scipy.sparse as sp

        A = sp.random(2000, 2000, density=0.005, format="csr", random_state=3)
        A = A + A.T
        results = calls(("csgraph.minimum_spanning_tree", (A,), {}),
                        ("csgraph.minimum_spanning_tree", (A,), {"solver": "cuda"}),
                        ("csgraph.maximum_spanning_tree", (A,), {"solver": "cuda",
                                                                 "device": 0}),
                        ("csgraph.maximum_spanning_tree", (A,), {}))
        self.assertEqual((value(results[0]) != value(results[1])).nnz, 0)
        self.assertEqual((value(results[2]) != value(results[3])).nnz, 0)


if __name__ == "__main__":
    unittest.main()
