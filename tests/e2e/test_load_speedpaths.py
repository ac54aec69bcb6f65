#!/usr/bin/python3
"""End-to-end tests of the fast loaders (docs/formats.md, Loading speed): one generated graph
written as .msb (the reference: edges as they are), .wel, .wel.gz, .gr and .egr, and a text file
that lists every edge in both directions with comments and CRLF, each read at 1, 2 and 4 threads
(OMP_NUM_THREADS, and mst-omp -t). The graph read back (mst-convert to an edge list, in id
order) must not depend on the thread count and must be the .msb's for the formats that keep the
edge order; the MSF must verify and weigh the same everywhere; a file with two bad lines fails
with the first one's line number, exit code 2, at every thread count. Discovered and run by
test_e2e.py."""
import gzip
import os
import unittest

from test_e2e import BIN, Workdir, run, solve

GEN = os.path.join(BIN, "mst-gen")
CONVERT = os.path.join(BIN, "mst-convert")
THREADS = (1, 2, 4)


def env(threads):
    e = dict(os.environ)
    e["OMP_NUM_THREADS"] = str(threads)
    return e


class LoadSpeedPaths(Workdir):
    def setUp(self):
        super().setUp()
        self.msb = self.path("g.msb")
        p = run([GEN, "random", "--vertices", "20000", "--edges", "120000", "--seed", "7",
                 "-o", self.msb])
        self.assertEqual(p.returncode, 0, p.stderr)

    def convert(self, src, ext):
        dst = self.path("g" + ext)
        p = run([CONVERT, src, dst])
        self.assertEqual(p.returncode, 0, p.stderr)
        return dst

    def read_back(self, graph, threads):
        """The graph as an edge list in id order (mst-convert's .wel), at `threads` threads."""
        out = self.path("back-%d.wel" % threads)
        p = run([CONVERT, graph, out], env=env(threads))
        self.assertEqual(p.returncode, 0, "%s at %d threads: %s" % (graph, threads, p.stderr))
        with open(out) as f:
            return [line for line in f if not line.startswith("#")]

    def check_threads(self, graph, reference=None):
        """The same graph at every thread count (and the reference's, if given); the MSF
        verifies and weighs the same; returns its weight."""
        first = self.read_back(graph, 1)
        if reference is not None:
            self.assertEqual(first, reference, "%s differs from the .msb" % graph)
        for t in THREADS[1:]:
            self.assertEqual(self.read_back(graph, t), first,
                             "%s: %d threads read another graph" % (graph, t))
        weights = set()
        for t in THREADS:
            r, p = solve(graph, "-t", str(t), binary="mst-omp")
            self.assertEqual(p.returncode, 0, p.stderr)
            self.assertIs(r["verified"], True)
            weights.add(r["msf_weight"])
        self.assertEqual(len(weights), 1, "%s: MSF weights differ across threads" % graph)
        return weights.pop()

    def test_formats_agree_at_every_thread_count(self):
        reference = self.read_back(self.msb, 1)
        weight = self.check_threads(self.msb)
        for ext in (".wel", ".wel.gz", ".gr"):
            graph = self.convert(self.msb, ext)
            self.assertEqual(self.check_threads(graph, reference), weight, graph)
        # .egr keeps the edges, not their order (CSR rows).
        self.assertEqual(self.check_threads(self.convert(self.msb, ".egr")), weight)

    def both_directions(self, compress):
        """The graph with every edge listed twice (u v w, then later v u w), comments and CRLF:
        each pair must merge into one edge, as a SNAP file's do."""
        with open(self.convert(self.msb, ".wel")) as f:
            edges = [line.split() for line in f if not line.startswith("#")]
        lines = ["# both directions\r\n"]
        lines += ["%s %s %s\r\n" % (u, v, w) for u, v, w in edges]
        lines += ["%% reverse arcs\r\n"] + ["%s\t%s  %s\r\n" % (v, u, w) for u, v, w in edges]
        text = "".join(lines).encode()
        path = self.path("both.wel" + (".gz" if compress else ""))
        with open(path, "wb") as f:
            f.write(gzip.compress(text, 1) if compress else text)
        return path, len(edges)

    def test_reverse_arcs_merge_at_every_thread_count(self):
        reference = self.read_back(self.msb, 1)
        for compress in (False, True):
            path, m = self.both_directions(compress)
            for t in THREADS:
                r, p = solve(path, "-t", str(t), binary="mst-omp")
                self.assertEqual(p.returncode, 0, p.stderr)
                self.assertEqual((r["m"], r.get("merged_arcs", m)), (m, m))
            self.check_threads(path, reference)

    def test_first_bad_line_is_named_at_every_thread_count(self):
        with open(self.convert(self.msb, ".wel")) as f:
            lines = f.readlines()
        lines[5000] = "12 x 3\n"
        lines[90000] = "1 2 3 4\n"
        for name, data in (("bad.wel", "".join(lines).encode()),
                           ("bad.wel.gz", gzip.compress("".join(lines).encode(), 1))):
            path = self.path(name)
            with open(path, "wb") as f:
                f.write(data)
            for t in THREADS:
                p = run([CONVERT, path, self.path("out.wel")], env=env(t))
                self.assertEqual(p.returncode, 2, p.stderr)
                self.assertIn("%s:5001: expected a vertex id, found 'x'" % path, p.stderr)
                self.assertEqual(len(p.stderr.strip().splitlines()), 1, p.stderr)


if __name__ == "__main__":
    unittest.main()
