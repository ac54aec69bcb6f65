#!/usr/bin/python3
"""End-to-end tests of mst-convert: every bundled graph (graphs/) converted to every writable
format and read back by mst-seq (same n and m, same MSF weight with the file's weights and with
random weights drawn per edge id, same MSF edges line for line for the formats that keep the
edge order), exact float, negative and uint32 weights, and the error contract (exit codes, one
line, no file left behind). Discovered and run by test_e2e.py."""
import os
import unittest

import manifest
from test_e2e import BIN, Workdir, read_output, run, solve

CONVERT = os.path.join(BIN, "mst-convert")

# The full format matrix runs on the bundled graphs up to ~200K edges; each larger one gets one
# format (the whole module stays well under a minute on a 2-core machine).
SMALL_GRAPHS = [
    "road/rome99.gr.gz",                                # DIMACS-9, int weights, 1-based
    "mesh/commanche_dual.mtx.gz",                       # float weights, self-loops
    "infrastructure/bcspwr10.mtx.gz",                   # pattern, a self-loop on every vertex
    "mesh/delaunay_n14.mtx.gz",
    "mesh/4elt.graph.gz",                               # METIS
    "ecl/indigo3_undirect_power_law_500n_6000e.egr.gz", # .egr, many components
    "ecl/indigo3_undirect_simple_planar_1000n_3956e.egr.gz",
    "social/wiki-Vote.txt.gz",                          # SNAP, 0-based, sparse ids
    "social/facebook_combined.txt.gz",
    "social/CA-CondMat.txt.gz",                         # SNAP, both directions listed
    "internet/as20graph.txt.gz",                        # SNAP with self-loops, isolated ids
    "road/luxembourg_osm.mtx.gz",
    "road/usroads.mtx.gz",
]
LARGE_GRAPHS = [
    ("web/NotreDame_www.mtx.gz", ".wel.gz"),            # directed, symmetrized, 757K edges
    ("mesh/mdual.graph.gz", ".egr"),
    ("road/USA-road-NY.pace.gr.gz", ".gr"),
    ("road/USA-road-BAY.pace.gr.gz", ".mtx"),
    ("road/USA-road-COL.pace.gr.gz", ".msb.gz"),
]

TARGETS = [".wel", ".wel.gz", ".mtx", ".gr", ".graph", ".egr", ".msb", ".msb.gz"]
ORDER_KEEPING = {".wel", ".wel.gz", ".mtx", ".gr", ".msb", ".msb.gz"}
INTEGER_ONLY = {".gr", ".graph", ".egr"}


def index_base(path):
    """The vertex numbering mst-seq --output uses for a file (the format's own)."""
    name = path[:-3] if path.endswith(".gz") else path
    ext = os.path.splitext(name)[1]
    return 1 if ext in (".gr", ".mtx", ".graph") else 0


def normalized(path, base, lower):
    """MSF lines as (u, v, w) 0-based, each as (max, min) if `lower`, in file order."""
    out = []
    for line in read_output(path):
        u, v, w = line.split()
        u, v = int(u) - base, int(v) - base
        if lower and u < v:
            u, v = v, u
        out.append((u, v, w))
    return out


class ConvertBase(Workdir):
    """Helpers only (no tests of its own, so subclasses do not inherit the graph matrix)."""

    def convert(self, src, dst, *args, expect=0):
        p = run([CONVERT, *args, src, dst])
        self.assertEqual(p.returncode, expect, "%s -> %s: %s" % (src, dst, p.stderr))
        if expect != 0:
            lines = p.stderr.strip().splitlines()
            self.assertEqual(len(lines), 1, p.stderr)
            self.assertTrue(lines[0].startswith("mst-convert: error: "), p.stderr)
        return p

    def solved(self, graph, *args, output=None):
        extra = ["--output", output] if output else []
        r, p = solve(graph, *extra, *args)
        self.assertEqual(p.returncode, 0, "%s: %s" % (graph, p.stderr))
        self.assertIs(r["verified"], True)
        return r

    def left_behind(self, prefix):
        return [f for f in os.listdir(self.dir) if f.startswith(prefix)]

    def check_round_trip(self, src, ext, tag):
        """Converts src to ext and compares what mst-seq finds in both."""
        dst = self.path(tag + ext)
        keep, rand = ["--weights", "keep"], ["--weights", "random", "--seed", "3"]
        orig_keep = self.solved(src, *keep, output=self.path(tag + "-orig-keep.txt"))
        if ext in INTEGER_ONLY and orig_keep["weight_type"] in ("float32", "float64"):
            p = self.convert(src, dst, expect=1)
            self.assertIn("integer weights only", p.stderr)
            self.assertEqual(self.left_behind(tag + ext), [], "file left behind")
            return
        self.convert(src, dst)
        self.assertEqual(self.left_behind(tag + ext), [os.path.basename(dst)])
        conv_keep = self.solved(dst, *keep, output=self.path(tag + "-conv-keep.txt"))
        for key in ("n", "m", "msf_edges", "components", "msf_weight", "weight_type"):
            self.assertEqual(conv_keep[key], orig_keep[key], "%s %s: %s" % (src, ext, key))
        if ext not in ORDER_KEEPING:
            return
        orig_rand = self.solved(src, *rand, output=self.path(tag + "-orig-rand.txt"))
        conv_rand = self.solved(dst, *rand, output=self.path(tag + "-conv-rand.txt"))
        # Random weights are drawn per edge id: equal totals mean the edge order was kept.
        self.assertEqual(conv_rand["msf_weight"], orig_rand["msf_weight"], "%s %s" % (src, ext))
        src_base, dst_base = index_base(src), index_base(dst)
        lower = ext == ".mtx"  # symmetric Matrix Market stores each edge as (max, min)
        if ext.startswith(".msb"):
            dst_base = src_base  # .msb records the source's numbering
        for kind in ("keep", "rand"):
            a = self.path("%s-orig-%s.txt" % (tag, kind))
            b = self.path("%s-conv-%s.txt" % (tag, kind))
            self.assertEqual(normalized(b, dst_base, lower), normalized(a, src_base, lower),
                             "%s %s: MSF edges differ (%s)" % (src, ext, kind))
            if src_base == dst_base and not lower:
                self.assertEqual(read_output(b), read_output(a),
                                 "%s %s: --output not identical (%s)" % (src, ext, kind))


class Convert(ConvertBase):
    """The format matrix over the smaller bundled graphs (one test per graph)."""


def _make_matrix_test(name):
    def test(self):
        src = manifest.path(name)
        for i, ext in enumerate(TARGETS):
            with self.subTest(target=ext):
                self.check_round_trip(src, ext, "g%d" % i)
    return test


for _name in SMALL_GRAPHS:
    setattr(Convert, manifest.method_name(_name), _make_matrix_test(_name))


class ConvertLarge(ConvertBase):
    """Each larger bundled graph to one format."""


def _make_large_test(name, ext):
    def test(self):
        self.check_round_trip(manifest.path(name), ext, "large")
    return test


for _name, _ext in LARGE_GRAPHS:
    setattr(ConvertLarge, manifest.method_name(_name), _make_large_test(_name, _ext))


class ConvertCoverage(unittest.TestCase):
    def test_every_bundled_graph_is_converted(self):
        """The two lists above name every graph of graphs/MANIFEST.tsv exactly once."""
        listed = SMALL_GRAPHS + [name for name, _ in LARGE_GRAPHS]
        self.assertEqual(sorted(listed), sorted(row["path"] for row in manifest.rows()))


class ConvertWeights(ConvertBase):
    """Hand-made weighted files: exact float, negative int32 and uint32 weights."""

    def all_targets(self, src, refused=()):
        for i, ext in enumerate(TARGETS):
            with self.subTest(target=ext):
                if ext in refused:
                    self.convert(src, self.path("r%d%s" % (i, ext)), expect=1)
                    self.assertEqual(self.left_behind("r%d" % i), [])
                else:
                    self.check_round_trip(src, ext, "t%d" % i)

    def test_float_weights_exact(self):
        src = self.write("float.wel", "0 1 0.1\n1 2 -0.0\n2 3 3\n3 0 1e-30\n0 2 3.4028235e38\n"
                                      "1 3 0.1\n3 1 0.1\n4 5 1.17549435e-38\n5 6 -2.5\n"
                                      "6 4 16777217\n2 5 0.333333343\n")
        r = self.solved(src, "--weights", "keep")
        self.assertEqual(r["weight_type"], "float64")  # real text weights are float64
        self.all_targets(src, refused=INTEGER_ONLY)

    def test_negative_int32_weights(self):
        src = self.write("neg.wel", "0 1 -5\n1 2 -7\n0 2 -6\n2 3 0\n3 0 -2147483648\n"
                                    "1 3 2147483647\n1 0 -5\n0 1 -5\n4 5 -1\n")
        self.assertEqual(self.solved(src, "--weights", "keep")["weight_type"], "int32")
        self.all_targets(src)

    def test_uint32_weights(self):
        src = self.write("big.wel", "0 1 4000000000\n1 2 3000000000\n0 2 4294967295\n"
                                    "2 3 0\n3 1 2147483648\n1 0 4000000000\n")
        self.assertEqual(self.solved(src, "--weights", "keep")["weight_type"], "uint32")
        self.all_targets(src, refused={".egr"})
        p = self.convert(src, self.path("big.egr"), expect=1)
        self.assertIn("int32", p.stderr)


class ConvertOptions(ConvertBase):
    def test_unweighted_stays_unweighted(self):
        src = self.write("u.el", "0 1\n1 2\n2 0\n2 3\n")
        dst = self.path("u.wel")
        self.convert(src, dst)
        with open(dst) as f:
            data = [line.split() for line in f if not line.startswith("#")]
        self.assertTrue(all(len(fields) == 2 for fields in data), data)
        # Default weights then are random (seed 1), as for the original.
        self.assertEqual(self.solved(dst)["msf_weight"], self.solved(src)["msf_weight"])

    def test_random_weights_are_written(self):
        src = self.write("u.el", "".join("%d %d\n" % (i, (i * 7 + 3) % 50) for i in range(50)))
        dst = self.path("r.mtx")
        self.convert(src, dst, "--weights", "random", "--seed", "3")
        a = self.solved(src, "--weights", "random", "--seed", "3")
        b = self.solved(dst, "--weights", "keep")
        self.assertEqual(b["msf_weight"], a["msf_weight"])
        self.assertEqual(b["weights"], "file")

    def test_no_weights_and_to(self):
        src = self.write("w.wel", "0 1 5\n1 2 6\n")
        dst = self.path("w.txt")
        self.convert(src, dst, "--no-weights", "--to", "dimacs")
        with open(dst) as f:
            text = f.read()
        self.assertIn("p tw 3 2\n", text)
        r = self.solved(dst, "--format", "dimacs", "--weights", "keep")
        self.assertEqual((r["n"], r["m"], r["msf_weight"]), (3, 2, 2))

    def test_one_based_input(self):
        src = self.write("one.el", "1 2 4\n2 3 5\n")
        dst = self.path("one.msb")
        self.convert(src, dst, "--one-based")
        out_a, out_b = self.path("a.txt"), self.path("b.txt")
        self.solved(src, "--one-based", output=out_a)
        self.solved(dst, output=out_b)
        self.assertEqual(read_output(out_b), read_output(out_a))

    def test_usage_errors(self):
        src = self.write("g.wel", "0 1 1\n")
        self.convert(src, self.path("x.unknown"), expect=1)
        self.convert(src, self.path("x.wel"), "--to", "nope", expect=1)
        self.convert(src, self.path("x.wel"), "--bogus", expect=1)
        self.assertEqual(run([CONVERT]).returncode, 1)
        self.assertEqual(run([CONVERT, src]).returncode, 1)
        self.assertEqual(self.left_behind("x."), [])
        h = run([CONVERT, "--help"])
        self.assertEqual(h.returncode, 0)
        self.assertIn("edge order", h.stdout)
        self.assertIn("metis, egr", h.stdout)

    def test_bad_input_and_unwritable_output(self):
        self.convert(self.path("missing.wel"), self.path("x.mtx"), expect=2)
        self.convert(self.write("bad.wel", "0 x\n"), self.path("x.mtx"), expect=2)
        src = self.write("g.wel", "0 1 1\n1 2 2\n")
        for name in ("no/such/dir/x.mtx", "no/such/dir/x.wel.gz", "no/such/dir/x.egr"):
            p = self.convert(src, self.path(name), expect=2)
            self.assertIn(self.path(name), p.stderr)
        # A directory in the way of the final name: the temporary file is removed.
        os.mkdir(self.path("taken.wel"))
        self.convert(src, self.path("taken.wel"), expect=2)
        self.assertEqual(os.listdir(self.path("taken.wel")), [])
        self.assertEqual(sorted(os.listdir(self.dir)), ["bad.wel", "g.wel", "taken.wel"])

    def test_float_graph_to_dimacs(self):
        src = self.write("f.wel", "0 1 0.5\n1 2 1.5\n")
        p = self.convert(src, self.path("f.gr"), expect=1)
        self.assertIn("DIMACS .gr holds integer weights only", p.stderr)
        self.assertEqual(self.left_behind("f.gr"), [])
        self.convert(src, self.path("f.gr"), "--no-weights")


if __name__ == "__main__":
    unittest.main(verbosity=2)
