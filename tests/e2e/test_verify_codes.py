#!/usr/bin/python3
"""End-to-end tests of mst-verify's exit codes (docs/tools.md): a well-formed certificate that
is not the canonical minimum spanning forest exits 4 with the reason on one line, whatever is
wrong with it (a changed weight, a repeated line, a vertex or a pair that is not in the graph, a
self-loop, an equal-weight swap); a line that does not parse, or a file that cannot be read,
exits 2. Discovered and run by test_e2e.py."""
import os
import unittest

from test_e2e import BIN, Workdir, run, solve

VERIFY = os.path.join(BIN, "mst-verify")

# Edge ids 0..4; the canonical MSF is {0, 1, 3}: 0-1 (1), 1-2 (2), 2-3 (1), weight 4.
GRAPH = "0 1 1\n1 2 2\n0 2 3\n2 3 1\n3 4 7\n"
GOOD = "# the forest\n0 1 1\n1 2 2\n2 3 1\n3 4 7\n"


class VerifyCodes(Workdir):
    def setUp(self):
        super().setUp()
        self.require(VERIFY)
        self.graph = self.write("g.wel", GRAPH)

    def verify(self, certificate, *options, graph=None):
        cert = self.write("c.msf", certificate)
        return run([VERIFY, *options, graph or self.graph, cert])

    def expect(self, certificate, code, *words, graph=None, options=()):
        p = self.verify(certificate, *options, graph=graph)
        self.assertEqual(p.returncode, code, "%r: %s" % (certificate, p.stderr))
        self.assertEqual(p.stdout, "")
        lines = p.stderr.strip().splitlines()
        self.assertEqual(len(lines), 1, p.stderr)
        prefix = "mst-verify: invalid: " if code == 4 else "mst-verify: error: "
        self.assertTrue(lines[0].startswith(prefix), lines[0])
        for w in words:
            self.assertIn(w, lines[0])
        return lines[0]

    def test_the_canonical_forest_is_valid(self):
        p = self.verify(GOOD)
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertIn("valid minimum spanning forest", p.stdout)
        self.assertIn(": 4 edges, 1 component, weight", p.stdout)  # plurals as they fall

    def test_changed_weight(self):
        self.expect(GOOD.replace("0 1 1", "0 1 9"), 4, "c.msf:2:", "0-1", "weighs 1", "not 9")
        self.expect(GOOD.replace("3 4 7", "3 4 7.5"), 4, "c.msf:5:", "3-4", "not 7.5")
        self.expect(GOOD.replace("3 4 7", "3 4 99999999999"), 4, "c.msf:5:", "3-4")

    def test_repeated_line(self):
        self.expect(GOOD + "2 3 1\n", 4, "c.msf:6:", "2-3", "again")
        self.expect("0 1 1\n0 1 1\n1 2 2\n2 3 1\n", 4, "c.msf:2:", "0-1", "again")

    def test_vertex_not_in_the_graph(self):
        self.expect(GOOD.replace("3 4 7", "3 5 7"), 4, "c.msf:5:", "vertex 5",
                    "not a vertex", "0..4")
        self.expect(GOOD.replace("3 4 7", "3 18446744073709551615 7"), 4, "c.msf:5:",
                    "vertex 18446744073709551615")

    def test_self_loop(self):
        self.expect(GOOD.replace("1 2 2", "1 1 2"), 4, "c.msf:3:", "1-1", "self-loop")

    def test_pair_that_is_no_edge(self):
        self.expect(GOOD.replace("2 3 1", "0 3 1"), 4, "c.msf:4:", "0-3", "not an edge")
        self.expect(GOOD.replace("2 3 1", "3 0 1"), 4, "c.msf:4:", "3-0", "not an edge")

    def test_errors_of_the_forest_itself_stay_code_4(self):
        self.expect("0 1 1\n1 2 2\n2 3 1\n", 4, "3 edges")         # an edge missing
        self.expect("0 1 1\n0 2 3\n2 3 1\n3 4 7\n", 4, "lighter")  # a heavier edge

    def test_equal_weight_swap_names_the_order(self):
        graph = self.write("tie.wel", "0 1 5\n1 2 5\n0 2 5\n")
        line = self.expect("0 1 5\n0 2 5\n", 4, "non-tree edge 1 (1-2, w=5)",
                           "tree edge 2 (0-2, w=5)", "(weight, edge id) order", graph=graph)
        self.assertNotIn("lighter", line)
        self.assertEqual(self.verify("0 1 5\n1 2 5\n", graph=graph).returncode, 0)

    def test_one_based_graph(self):
        graph = self.write("g.gr", "p sp 3 2\na 1 2 4\na 2 3 5\n")
        self.assertEqual(self.verify("1 2 4\n2 3 5\n", graph=graph).returncode, 0)
        self.expect("0 1 4\n2 3 5\n", 4, "c.msf:1:", "vertex 0", "1..3", graph=graph)
        self.expect("1 2 4\n2 4 5\n", 4, "c.msf:2:", "vertex 4", "1..3", graph=graph)

    def test_weights_of_another_run(self):
        """A forest of random weights checked against the file's weights matches no edge."""
        out = self.path("random.msf")
        r, p = solve(self.graph, "--weights", "random", "--output", out)
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertEqual(run([VERIFY, "--weights", "random", self.graph, out]).returncode, 0)
        p = run([VERIFY, self.graph, out])
        self.assertEqual(p.returncode, 4, p.stderr)
        self.assertIn("loading options", p.stderr)

    def test_lines_that_do_not_parse(self):
        for bad in ("0 1 x\n", "0 1\n", "0 1 1 4\n", "0 1 0x1\n", "a b c\n", "-1 2 3\n",
                    "0 1 1e-400\n", "0 1 1e999\n", "0x1 1 1\n", "0 1 1\0\n"):
            with self.subTest(line=bad):
                self.expect(bad, 2, "c.msf:1:")

    def test_a_line_led_by_a_nul_byte(self):
        """Refused, not skipped as a blank line (issue 33, item 1)."""
        self.expect(GOOD.replace("\n", "\n\0", 1), 2, "c.msf:2:", "NUL byte")

    def test_garbled_line_after_good_ones(self):
        self.expect("0 1 1\n1 2 2\n2 3 !\n", 2, "c.msf:3:", "'!'")

    def test_unreadable_files(self):
        p = run([VERIFY, self.graph, self.path("missing.msf")])
        self.assertEqual(p.returncode, 2)
        self.assertIn("missing.msf", p.stderr)
        p = run([VERIFY, self.graph, self.dir])
        self.assertEqual(p.returncode, 2)


if __name__ == "__main__":
    unittest.main()
