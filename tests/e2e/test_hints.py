#!/usr/bin/python3
"""What a user sees besides the result (issue 38): hints for the usual input pitfalls (item 4: a
1-based edge list read as 0-based, weights the file does not have, commas, a header line) and progress on a terminal
(item 2: the graph's size once loaded, trial i of N, verifying; mst-gen's steps), silent on a
pipe and with --quiet. Discovered and run by test_e2e.py."""
import os
import pty
import subprocess
import unittest

from test_e2e import BIN, SEQ, Workdir, run


def on_a_terminal(args):
    """(exit code, what args wrote to stderr) with stderr a pseudo-terminal."""
    master, slave = pty.openpty()
    p = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=slave)
    os.close(slave)
    out = b""
    while True:
        try:
            data = os.read(master, 65536)
        except OSError:  # the terminal's other end closed
            break
        if not data:
            break
        out += data
    os.close(master)
    return p.wait(), out.decode(errors="replace")


class Hints(Workdir):
    def test_one_based_file_read_as_zero_based(self):
        g = self.write("one.wel", "1 2 5\n2 3 4\n3 1 6\n")
        p = run([SEQ, "--trials", "1", g])
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertIn("note: vertex 0 has no edge; if %s numbers its vertices from 1, read it "
                      "with --one-based" % g, p.stderr)
        for args in (["--one-based", g], [self.write("zero.wel", "0 1 5\n1 2 4\n")]):
            p = run([SEQ, "--trials", "1", *args])
            self.assertEqual((p.returncode, p.stderr), (0, ""), args)

    def test_csv_and_header_lines(self):
        cases = [("c.wel", "0,1,4\n1,2,3\n", "c.wel:1: expected a vertex id, found '0,1,4' "
                  "(fields are separated by blanks, not commas)"),
                 ("h.wel", "u v w\n0 1 4\n", "h.wel:1: expected a vertex id, found 'u' (a "
                  "header line? start it with '#' to make it a comment)"),
                 ("m.wel", "0 1 4\nfoo 2\n", "m.wel:2: expected a vertex id, found 'foo'\n"),
                 ("y.gr", "x 1 2\n", "found 'x'\n")]
        for name, text, message in cases:
            p = run([SEQ, "--trials", "1", self.write(name, text)])
            self.assertEqual(p.returncode, 2, p.stderr)
            self.assertIn(message, p.stderr)
            self.assertEqual(len(p.stderr.splitlines()), 1, p.stderr)

    def test_generated_weights_are_announced(self):
        p = run([SEQ, "--trials", "1", self.write("g.el", "0 1\n1 2\n2 0\n")])
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertIn("random int32 (seed 1; the file has none, --weights unit gives every "
                      "edge 1)", p.stdout)
        p = run([SEQ, "--trials", "1", "--weights", "random",
                 self.write("w.wel", "0 1 5\n1 2 4\n")])
        self.assertIn("random int32 (seed 1)\n", p.stdout)


class Progress(Workdir):
    def test_progress_on_a_terminal_only(self):
        g = self.write("g.wel", "".join("%d %d %d\n" % (i, i + 1, i % 7) for i in range(500)))
        code, err = on_a_terminal([SEQ, "--trials", "2", g])
        self.assertEqual(code, 0, err)
        for line in ("mst-seq: %s: n = 501, m = 500, loaded in" % g, "mst-seq: warm-up solve",
                     "mst-seq: trial 2 of 2", "mst-seq: verifying"):
            self.assertIn(line, err)
        self.assertTrue(err.endswith("\r\x1b[K"), "the last progress line is cleared")
        self.assertNotIn("trial", on_a_terminal([SEQ, "--quiet", "--trials", "2", g])[1])
        self.assertNotIn("trial", on_a_terminal([SEQ, "--json", "--trials", "2", g])[1])
        self.assertEqual(run([SEQ, "--trials", "2", g]).stderr, "")  # a pipe
        gen = [os.path.join(BIN, "mst-gen"), "random", "--vertices", "100", "--edges", "300",
               "-o", self.path("r.wel")]
        code, err = on_a_terminal(gen)
        self.assertEqual(code, 0, err)
        self.assertIn("mst-gen: generating random, n = 100, m = 300", err)
        self.assertNotIn("generating", on_a_terminal(gen + ["--quiet"])[1])


if __name__ == "__main__":
    unittest.main()
