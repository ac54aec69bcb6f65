#!/usr/bin/python3
"""The hints a new user gets for the usual input pitfalls (issue 38, item 4): a 1-based edge list
read as 0-based, and weights the file does not have. Discovered and run by test_e2e.py."""
import unittest

from test_e2e import SEQ, Workdir, run


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

    def test_generated_weights_are_announced(self):
        p = run([SEQ, "--trials", "1", self.write("g.el", "0 1\n1 2\n2 0\n")])
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertIn("random int32 (seed 1; the file has none, --weights unit gives every "
                      "edge 1)", p.stdout)
        p = run([SEQ, "--trials", "1", "--weights", "random",
                 self.write("w.wel", "0 1 5\n1 2 4\n")])
        self.assertIn("random int32 (seed 1)\n", p.stdout)


if __name__ == "__main__":
    unittest.main()
