"""The command line every executable shares: `--describe` is one JSON object whose options are
the ones `--help` prints and the parser accepts, with defaults the parser takes; usage errors are
one line and exit 1. Discovered and run by test_e2e.py."""
import json
import os
import shutil
import subprocess
import sys
import unittest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BIN = os.path.join(ROOT, "bin")
sys.path.insert(0, os.path.join(ROOT, "report"))
from solvers import solver_list  # noqa: E402  (after the path is set)

HAVE_NVCC = shutil.which("nvcc") is not None or os.path.exists("/usr/local/cuda/bin/nvcc")
# The Makefile builds CUDA solvers only where nvcc exists; every other one is always built.
SOLVERS = [exe for exe, _, toolchain in solver_list(ROOT) if toolchain != "cuda" or HAVE_NVCC]
PROGRAMS = SOLVERS + ["mst-verify", "mst-convert", "mst-gen"]


def run(args):
    return subprocess.run(args, capture_output=True, text=True, timeout=120)


class Describe(unittest.TestCase):
    def describe(self, program):
        path = os.path.join(BIN, program)
        self.assertTrue(os.path.exists(path), "%s not built" % path)
        p = run([path, "--describe"])
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertEqual(p.stdout.count("\n"), 1, "one line")
        return json.loads(p.stdout)

    def test_every_executable_describes_itself(self):
        for program in PROGRAMS:
            with self.subTest(program=program):
                d = self.describe(program)
                self.assertEqual(d["program"], program)
                self.assertEqual(d["kind"], "solver" if program in SOLVERS else "tool")
                names = [o["name"] for o in d["options"]]
                self.assertEqual(len(names), len(set(names)), "an option listed twice")
                if d["kind"] == "solver":
                    self.assertIn(d["parallelism"], ("sequential", "threads", "gpu", "ranks"))
                    self.assertEqual([v["default"] for v in d["variants"]].count(True), 1)
                    self.assertTrue(d["variants"][0]["default"])

    def test_help_lists_what_describe_reports(self):
        for program in PROGRAMS:
            with self.subTest(program=program):
                d = self.describe(program)
                p = run([os.path.join(BIN, program), "--help"])
                self.assertEqual(p.returncode, 0, p.stderr)
                for o in d["options"]:
                    self.assertIn(o["name"], p.stdout)
                    if o["default"] is not None and o["kind"] != "flag":
                        self.assertIn("(default %s)" % o["default"], p.stdout)
                for v in d["variants"]:
                    self.assertIn(v["name"], p.stdout)

    def test_every_choice_is_accepted_and_others_are_not(self):
        for program in PROGRAMS:
            d = self.describe(program)
            for o in d["options"]:
                if not o["choices"]:
                    continue
                with self.subTest(program=program, option=o["name"]):
                    # A usage error comes before anything is read: a missing graph is exit 2
                    # (or 1 for mst-gen, which then lacks its family), never a choice error.
                    for value in o["choices"]:
                        p = run([os.path.join(BIN, program), o["name"], value, "--describe"])
                        self.assertEqual(p.returncode, 0, p.stderr)
                    p = run([os.path.join(BIN, program), o["name"], "no-such-value", "x", "y"])
                    self.assertEqual(p.returncode, 1, p.stderr)
                    self.assertIn("'no-such-value' is not", p.stderr)
                    self.assertEqual(len(p.stderr.strip().splitlines()), 1, p.stderr)

    def test_solvers_are_the_makefile_list(self):
        """The Makefile builds one executable per solver folder from its list; each is a solver
        whose folder holds its descriptor."""
        listed = solver_list(ROOT)
        self.assertIn("mst-seq", [exe for exe, _, _ in listed])
        for exe, folder, _ in listed:
            if exe not in SOLVERS:
                continue
            with self.subTest(solver=exe):
                sources = os.listdir(os.path.join(ROOT, folder))
                self.assertTrue({"solver.c", "solver.cu"} & set(sources))
                self.assertEqual(self.describe(exe)["kind"], "solver")

    def test_mst_seq_variants(self):
        names = [v["name"] for v in self.describe("mst-seq")["variants"]]
        self.assertEqual(names, ["kruskal", "filter-kruskal", "prim", "boruvka"])


class UsageErrors(unittest.TestCase):
    def test_one_line_and_exit_1(self):
        seq = os.path.join(BIN, "mst-seq")
        for args, fragment in [(["--algo", "nope", "g"], "unknown --algo 'nope' (variants: "
                                "kruskal, filter-kruskal, prim, boruvka) (try --help)"),
                               (["--trials", "0", "g"], "option --trials: bad value '0'"),
                               (["--json=1", "g"], "option --json takes no value"),
                               (["--bogus", "g"], "unknown option '--bogus'"),
                               (["g", "h"], "too many arguments ('h')"),
                               ([], "missing arguments"),
                               (["g", "--output"], "option --output needs a value")]:
            with self.subTest(args=args):
                p = run([seq, *args])
                self.assertEqual(p.returncode, 1, p.stderr)
                lines = p.stderr.strip().splitlines()
                self.assertEqual(len(lines), 1, p.stderr)
                self.assertTrue(lines[0].startswith("mst-seq: error: "), p.stderr)
                self.assertIn(fragment, lines[0])

    def test_gen_components_of_components(self):
        p = run([os.path.join(BIN, "mst-gen"), "components", "--parts", "2", "components",
                 "-o", "x.wel"])
        self.assertEqual(p.returncode, 1, p.stderr)
        self.assertEqual(p.stderr, "mst-gen: error: components takes a FAMILY to copy, not "
                                   "components itself\n")

    def test_inline_values_and_aliases(self):
        omp = os.path.join(BIN, "mst-omp")
        p = run([omp, "--describe", "-t", "2"])
        self.assertEqual(p.returncode, 0, p.stderr)
        p = run([omp, "-t=2", "g"])
        self.assertEqual(p.returncode, 1, "an alias takes no inline value")
        p = run([omp, "--threads=2", "--schedule=guided,4", "--dsu=lock", "/nonexistent.wel"])
        self.assertEqual(p.returncode, 2, p.stderr)  # parsed; the file is missing


class JsonTimes(unittest.TestCase):
    def test_spread_of_the_trials(self):
        """--json gives the trials' minimum, median and maximum compute times, in order."""
        p = run([os.path.join(BIN, "mst-seq"), "--json", "--trials", "3", "--quiet",
                 os.path.join(ROOT, "graphs", "road", "rome99.gr.gz")])
        self.assertEqual(p.returncode, 0, p.stderr)
        r = json.loads(p.stdout)
        self.assertEqual(r["trials"], 3)
        self.assertLessEqual(r["compute_s_min"], r["compute_s_median"])
        self.assertLessEqual(r["compute_s_median"], r["compute_s_max"])
        self.assertIs(r["verified"], True)
        self.assertGreater(r["verify_s"], 0)

    def test_verification_time(self):
        """The verifier's time is in the JSON beside the solve's, and absent without it."""
        p = run([os.path.join(BIN, "mst-seq"), "--json", "--no-verify", "--quiet",
                 os.path.join(ROOT, "graphs", "road", "rome99.gr.gz")])
        self.assertEqual(p.returncode, 0, p.stderr)
        r = json.loads(p.stdout)
        self.assertIsNone(r["verified"])
        self.assertNotIn("verify_s", r)

    def test_one_trial_in_the_singular(self):
        """The summary counts its trials as English does."""
        g = os.path.join(ROOT, "graphs", "road", "rome99.gr.gz")
        for trials, text in (("1", "(1 trial)"), ("2", "(2 trials)")):
            p = run([os.path.join(BIN, "mst-seq"), "--trials", trials, "--no-verify", g])
            self.assertEqual(p.returncode, 0, p.stderr)
            self.assertIn(text, p.stdout)


if __name__ == "__main__":
    unittest.main()
