#!/usr/bin/python3
"""End-to-end tests of the early size checks (docs/design.md, Errors): a binary file (.msb,
.egr, plain or gzip) is read exactly as far as its header says, so a gzip bomb behind an honest
looking header fails at once with exit 2 instead of being inflated; a header (or mst-gen's
arguments) that asks for more memory than the process may use, or more edges than a packed
solver takes, exits 3 at once with the figure, before the body is read. Every run gets an
address-space limit (RLIMIT_AS), so that a regression fails by memory rather than filling the
machine. Discovered and run by test_e2e.py."""
import gzip
import json
import os
import resource
import struct
import subprocess
import time
import unittest
import zlib

from test_e2e import BIN, Workdir

SEQ = os.path.join(BIN, "mst-seq")
OMP = os.path.join(BIN, "mst-omp")
GEN = os.path.join(BIN, "mst-gen")
GIB = 1 << 30
LIMIT = 1 * GIB  # the children's address space: a whole bomb does not fit in it
FAST_S = 10      # "at once": seconds, generous for a loaded 2-core machine


def limited(limit):
    """A preexec_fn giving the child an address-space limit of `limit` bytes."""
    def apply():
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    return apply


def run_limited(args, limit=LIMIT, timeout=120):
    """Runs args under the address-space limit; returns (completed process, seconds)."""
    t0 = time.monotonic()
    p = subprocess.run(args, capture_output=True, text=True, timeout=timeout,
                       preexec_fn=limited(limit))
    return p, time.monotonic() - t0


def msb_header(n, m, wtype=1):
    return b"MSTSUITE" + struct.pack("<IIIIQ", 1, wtype, n, 0, m)


def msb_body(u, v, w):
    return struct.pack("<%dI" % len(u), *u) + struct.pack("<%dI" % len(v), *v) + \
        struct.pack("<%di" % len(w), *w)


def egr_image(nodes, nindex, nlist, weights=None):
    data = struct.pack("<ii", nodes, len(nlist)) + struct.pack("<%di" % len(nindex), *nindex)
    data += struct.pack("<%di" % len(nlist), *nlist)
    if weights is not None:
        data += struct.pack("<%di" % len(weights), *weights)
    return data


def gzip_bomb(head, zero_mib):
    """A gzip stream of `head` followed by zero_mib MiB of zero bytes, built in a fraction of a
    second: after a full flush deflate forgets its history, so every MiB of zeros compresses to
    the same bytes (about 1 KiB), which are repeated. The trailer's CRC and length are right."""
    c = zlib.compressobj(9, zlib.DEFLATED, -15)
    zeros = bytes(1 << 20)
    start = c.compress(head) + c.flush(zlib.Z_FULL_FLUSH)
    block = c.compress(zeros) + c.flush(zlib.Z_FULL_FLUSH)
    again = c.compress(zeros) + c.flush(zlib.Z_FULL_FLUSH)
    assert block == again, "deflate output depends on history after a full flush"
    end = c.flush()
    crc = zlib.crc32(head)
    for _ in range(zero_mib):
        crc = zlib.crc32(zeros, crc)
    size = (len(head) + (zero_mib << 20)) & 0xFFFFFFFF
    header = b"\x1f\x8b\x08\x00\x00\x00\x00\x00\x02\xff"
    return header + start + block * zero_mib + end + struct.pack("<II", crc, size)


class Limits(Workdir):
    def setUp(self):
        super().setUp()
        self.require(SEQ)

    def write_bytes(self, name, data):
        with open(self.path(name), "wb") as f:
            f.write(data)
        return self.path(name)

    def expect(self, args, code, *words, limit=LIMIT):
        """args exits `code` within FAST_S seconds under the limit, with one error line holding
        every word."""
        p, seconds = run_limited(args, limit)
        self.assertEqual(p.returncode, code, p.stderr)
        self.assertLess(seconds, FAST_S, "took %.1f s" % seconds)
        lines = p.stderr.strip().splitlines()
        self.assertEqual(len(lines), 1, p.stderr)
        for w in words:
            self.assertIn(w, lines[0])
        return lines[0]


class BinarySizes(Limits):
    """.msb and .egr: exactly the header's bytes, whatever the compression."""

    def test_bomb_helper_inflates_to_what_it_says(self):
        data = gzip.decompress(gzip_bomb(b"head", 3))
        self.assertEqual(data, b"head" + bytes(3 << 20))

    def test_msb_gzip_bomb_fails_at_once(self):
        # m = 1 promises 12 bytes after the header; 3 GiB of zeros follow.
        head = msb_header(2, 1) + msb_body([0], [1], [5])
        path = self.write_bytes("bomb.msb.gz", gzip_bomb(head, 3 << 10))
        self.expect([SEQ, "--trials", "1", path], 2, path, "does not match",
                    "expected 44 bytes", "more than 44 bytes")

    def test_egr_gzip_bomb_fails_at_once(self):
        head = egr_image(2, [0, 1, 2], [1, 0], [5, 5])
        path = self.write_bytes("bomb.egr.gz", gzip_bomb(head, 3 << 10))
        self.expect([SEQ, "--trials", "1", path], 2, path, "does not match",
                    "expected 28 or 36", "more than 36 bytes")

    def test_msb_one_byte_more_or_less(self):
        good = msb_header(3, 2) + msb_body([0, 1], [1, 2], [4, 6])  # 56 bytes
        for name, data, found in [("long", good + b"\0", "57 bytes"), ("short", good[:-1], "55"),
                                  ("empty body", good[:32], "32 bytes")]:
            for gz in (False, True):
                with self.subTest(case=name, gzip=gz):
                    path = self.write_bytes("g.msb" + (".gz" if gz else ""),
                                            gzip.compress(data) if gz else data)
                    found_text = "more than 56" if gz and name == "long" else found
                    self.expect([SEQ, "--trials", "1", path], 2, path, "does not match",
                                "expected 56 bytes", found_text)
        for gz in (False, True):
            path = self.write_bytes("g.msb" + (".gz" if gz else ""),
                                    gzip.compress(good) if gz else good)
            p, _ = run_limited([SEQ, "--trials", "1", path])
            self.assertEqual(p.returncode, 0, p.stderr)

    def test_egr_one_byte_more_or_less(self):
        good = egr_image(2, [0, 1, 2], [1, 0], [5, 5])  # 36 bytes weighted, 28 without
        for name, data, found in [("long", good + b"\0", "37 bytes"), ("short", good[:-1], "35"),
                                  ("between", good[:30], "30 bytes")]:
            for gz in (False, True):
                with self.subTest(case=name, gzip=gz):
                    path = self.write_bytes("g.egr" + (".gz" if gz else ""),
                                            gzip.compress(data) if gz else data)
                    found_text = "more than 36" if gz and name == "long" else found
                    self.expect([SEQ, "--trials", "1", path], 2, path, "does not match",
                                "expected 28 or 36", found_text)
        for data in (good, good[:28]):
            for gz in (False, True):
                path = self.write_bytes("g.egr" + (".gz" if gz else ""),
                                        gzip.compress(data) if gz else data)
                p, _ = run_limited([SEQ, "--trials", "1", path])
                self.assertEqual(p.returncode, 0, p.stderr)


class EarlyResourceLimits(Limits):
    """Exit 3 with the figure, before the body is read or anything large is allocated."""

    def test_pace_header_with_huge_n(self):
        # The reproducer: 2^32 - 1 vertices and one edge (105 s and 20 GB before).
        path = self.write("t.gr", "p tw 4294967295 1\n1 2\n")
        line = self.expect([SEQ, "--trials", "1", path], 3, path + ":1:", "needs about",
                           "GiB", limit=4 * GIB)
        self.assertNotIn("out of memory allocating", line)

    def test_text_header_beyond_the_address_space_limit(self):
        # 10^8 arcs need several GiB: refused from the header line, although only one arc
        # follows (a body that short would otherwise be the error).
        for name, text in [("a.gr", "p sp 1000 100000000\na 1 2 3\n"),
                           ("a.graph", "1000 100000000 1\n2 3\n"),
                           ("a.mtx", "%%MatrixMarket matrix coordinate integer general\n"
                                     "1000 1000 100000000\n1 2 3\n")]:
            with self.subTest(file=name):
                path = self.write(name, text)
                self.expect([SEQ, "--trials", "1", path], 3, path, "needs about", "GiB",
                            "1.0 GiB")

    def test_packed_solvers_refuse_2_32_edges_from_the_header(self):
        # A header of 2^32 edges and a short body: the edge limit comes first, before reading.
        path = self.write_bytes("big.msb.gz", gzip.compress(msb_header(10, 1 << 32)))
        for exe, algo in [(SEQ, "kruskal"), (SEQ, "filter-kruskal"), (SEQ, "prim"),
                          (OMP, "boruvka")]:
            with self.subTest(exe=exe, algo=algo):
                self.require(exe)
                self.expect([exe, "--algo", algo, "--trials", "1", path], 3, path,
                            "4294967296 edges", "at most 4294967295")
        # DIMACS counts arcs: 2^33 + 2 arcs make at least 2^32 + 1 edges.
        gr = self.write("big.gr", "p sp 10 8589934594\na 1 2 3\n")
        self.expect([SEQ, "--trials", "1", gr], 3, gr + ":1:", "4294967297 edges",
                    "at most 4294967295")

    def test_unpacked_variant_gets_the_memory_check_instead(self):
        # mst-seq's Boruvka keeps 64-bit ids: no edge limit, but 2^32 edges need 48 GiB.
        path = self.write_bytes("big.msb.gz", gzip.compress(msb_header(10, 1 << 32)))
        line = self.expect([SEQ, "--algo", "boruvka", "--trials", "1", path], 3, path,
                           "needs about")
        self.assertNotIn("at most", line)

    def test_gen_refuses_what_cannot_fit(self):
        self.require(GEN)
        out = self.path("o.msb")
        self.expect([GEN, "random", "--vertices", "1000000", "--edges", "4294967295", "-o", out],
                    3, "needs about", "GiB", limit=4 * GIB)
        self.assertFalse(os.path.exists(out))
        # Small graphs still generate under the same limit.
        p, _ = run_limited([GEN, "random", "--vertices", "1000", "--edges", "5000", "-o", out,
                            "--quiet"], 4 * GIB)
        self.assertEqual(p.returncode, 0, p.stderr)


if __name__ == "__main__":
    unittest.main()


class PipedText(Workdir):
    """Plain text from a pipe (/dev/stdin) of several MiB loads as the same file does, in every
    text format, and a bad line in it is named by its number (issue 33, item 4)."""

    def test_text_through_a_pipe(self):
        from test_e2e import SEQ
        rows = ["%d %d %d" % (i % 200000, (i * 7919 + 1) % 200000, i % 997 + 1)
                for i in range(250000)]
        text = "\n".join(rows) + "\n"
        mtx = "%%%%MatrixMarket matrix coordinate integer general\n200000 200000 %d\n" % len(rows)
        mtx += "".join("%d %d %s\n" % (int(a) + 1, int(b) + 1, w)
                       for a, b, w in (r.split() for r in rows))
        self.assertGreater(len(text), 3 << 20)
        for fmt, body in (("edgelist", text), ("mtx", mtx)):
            path = self.write("g." + ("wel" if fmt == "edgelist" else "mtx"), body)
            from_file = subprocess.run([SEQ, "--json", "--trials", "1", path],
                                       capture_output=True, text=True)
            piped = subprocess.run([SEQ, "--json", "--trials", "1", "--format", fmt,
                                    "/dev/stdin"], input=body, capture_output=True, text=True)
            self.assertEqual(piped.returncode, 0, piped.stderr)
            self.assertEqual(json.loads(piped.stdout)["msf_weight"],
                             json.loads(from_file.stdout)["msf_weight"], fmt)
        bad = subprocess.run([SEQ, "--trials", "1", "--format", "edgelist", "/dev/stdin"],
                             input=text + "1 x\n", capture_output=True, text=True)
        self.assertEqual(bad.returncode, 2, bad.stderr)
        self.assertIn("/dev/stdin:%d: expected" % (len(rows) + 1), bad.stderr)
