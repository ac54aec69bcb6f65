#!/usr/bin/python3
"""`make check-solver` (docs/assignments.md, issue 36 item 5): the assignment template passes it
as shipped, and a copy with a planted bug (ties to the higher edge id: a minimum forest of the
right weight, but not the suite's) fails it, naming the tie rule. Builds into the repository's
build/ and bin/ like any make target (a few seconds). Discovered and run by test_e2e.py."""
import os
import shutil
import subprocess
import tempfile
import unittest

from test_e2e import BIN, ROOT

TEMPLATE = os.path.join(ROOT, "assignments", "template", "solver.c")
TIE_RULE = "return x < y ? -1 : x > y;"


def make(*args):
    # A make of its own, not a job of the make that may have started the tests.
    env = {k: v for k, v in os.environ.items() if k not in ("MAKEFLAGS", "MFLAGS", "MAKELEVEL")}
    return subprocess.run(["make", "-C", ROOT, "--no-print-directory", *args],
                          capture_output=True, text=True, env=env, timeout=900)


class CheckSolver(unittest.TestCase):
    def test_the_template_passes_as_shipped(self):
        p = make("check-solver", "SOLVER=template")
        self.assertEqual(p.returncode, 0, p.stdout[-3000:] + p.stderr[-3000:])
        self.assertIn("check-solver: ", p.stdout)
        self.assertIn(" passed, 0 failed", p.stdout)
        self.assertIn("ok   kruskal on unit-ties --maximum", p.stdout)
        self.assertIn("ok   kruskal --trace on unit-ties", p.stdout)
        self.assertTrue(os.access(os.path.join(BIN, "assignments", "mst-template"), os.X_OK))

    def test_a_planted_tie_bug_fails(self):
        with open(TEMPLATE) as f:
            source = f.read()
        self.assertEqual(source.count(TIE_RULE), 1)
        self.assertIn("const mst_solver_desc mst_solver_template = {", source)
        planted = source.replace(TIE_RULE, "return x > y ? -1 : x < y;")
        planted = planted.replace("mst_solver_template", "mst_solver_planted")
        with tempfile.TemporaryDirectory() as tmp:
            folder = os.path.join(tmp, "planted")
            os.mkdir(folder)
            with open(os.path.join(folder, "solver.c"), "w") as f:
                f.write(planted)
            try:
                p = make("check-solver", "SOLVER=planted", "SOLVER_DIR=" + folder)
            finally:
                shutil.rmtree(os.path.join(ROOT, "build", "assignments", "planted"),
                              ignore_errors=True)
                if os.path.exists(os.path.join(BIN, "assignments", "mst-planted")):
                    os.remove(os.path.join(BIN, "assignments", "mst-planted"))
        self.assertNotEqual(p.returncode, 0, p.stdout[-3000:])
        self.assertIn("FAIL kruskal on unit-ties:", p.stdout)
        self.assertIn("equal weights, lower id", p.stdout)
        self.assertIn("ok   kruskal on no-edges", p.stdout)  # no tie there to break
        self.assertRegex(p.stdout, r"check-solver: \d+ passed, [1-9]\d* failed")


if __name__ == "__main__":
    unittest.main()
