#!/usr/bin/python3
"""check_solver.py [--launch CMD] [--algo A] [--args ARGS] EXECUTABLE: the grading checks of
`make check-solver` (docs/assignments.md) on a solver built from an assignment folder with the
shared harness.

For every variant the executable describes (--describe), on graphs made here with mst-gen and by
hand (all weights equal, few distinct weights with parallel edges and self-loops and hundreds of
components, float and negative weights, a graph with no edges, isolated vertices) and for both
objectives (minimum, and --maximum on a few): the run succeeds and verifies itself, it writes
exactly the edge ids mst-seq writes (the suite's (weight, id) tie rule: any other minimum forest
fails here, even of the right weight), and mst-verify certifies the file. Then its --trace
(docs/trace.md) on the graphs with ties: well formed, and for a variant whose lines are Borůvka
rounds (unit "round") the same lines as mst-seq --algo boruvka: the same ids in the same round.
Each check prints one line, "ok" or "FAIL" with the reason; the last line sums them, and the exit
status is 0 only if none failed. --launch prefixes every run of EXECUTABLE (--launch 'mpirun -np
2' for an MPI solver); --algo (repeatable) checks only the variants named; --args are added to
every run of EXECUTABLE (its own options: '-t 4 --no-filter').
"""
import argparse
import json
import os
import shlex
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BIN = os.path.join(ROOT, "bin")

# name: mst-gen arguments (None: written by hand below), and whether --maximum is checked too.
GENERATED = [
    ("unit-ties", ["random", "--vertices", "3000", "--edges", "12000", "--weights", "unit"], True),
    ("few-weights-forest", ["random", "--vertices", "3000", "--edges", "2500", "--weights",
                            "uniform", "--min", "1", "--max", "8", "--multi-edges", "0.2",
                            "--self-loops", "0.05"], True),
    ("negative", ["random", "--vertices", "500", "--edges", "2000", "--weights", "uniform",
                  "--min", "-3", "--max", "3"], False),
    ("geometric-float", ["geometric", "--vertices", "2000", "--degree", "6"], False),
    ("ssca2-parallel", ["ssca2", "--vertices", "1000"], False),
]
BY_HAND = {
    "no-edges": "# 4 vertices, no edge\n",
    "isolated-and-ties": "0 1 2\n1 2 2\n0 2 2\n2 3 5\n2 3 3\n5 6 1\n6 5 1\n0 3 7\n",
}


def run(args, **kw):
    return subprocess.run(args, capture_output=True, text=True, **kw)


class Checker:
    def __init__(self, exe, launch, args, tmp):
        self.exe, self.launch, self.args, self.tmp = exe, launch, args, tmp
        self.passed = self.failed = 0

    def report(self, name, why):
        if why is None:
            self.passed += 1
            print("ok   %s" % name)
        else:
            self.failed += 1
            print("FAIL %s: %s" % (name, why))
        sys.stdout.flush()

    def variants(self):
        p = run([self.exe, "--describe"])  # prints without starting the solver (no ranks)
        try:
            d = json.loads(p.stdout)
            names = [v["name"] for v in d["variants"]]
        except (ValueError, KeyError, TypeError):
            self.report("describe", "--describe gave no JSON object with variants (exit %d): %s"
                        % (p.returncode, p.stderr.strip()[-300:]))
            return []
        self.report("describe", None if names else "no variants")
        return names

    def graphs(self):
        made = []
        for name, args, both in GENERATED:
            path = os.path.join(self.tmp, name + ".wel")
            p = run([os.path.join(BIN, "mst-gen"), *args, "-o", path])
            if p.returncode != 0:
                sys.exit("check-solver: mst-gen failed: %s" % p.stderr)
            made.append((name, path, both))
        for name, text in BY_HAND.items():
            path = os.path.join(self.tmp, name + ".wel")
            with open(path, "w") as f:
                f.write(text)
            made.append((name, path, True))
        road = os.path.join(ROOT, "graphs", "road", "rome99.gr.gz")
        if os.path.exists(road):
            made.append(("rome99", road, False))
        return made

    def same_edges(self, variant, name, graph, objective):
        """One run of the variant against mst-seq's ids; None or the reason it fails."""
        tag = "%s-%s-%s" % (variant, name, "max" if objective else "min")
        mine, want = os.path.join(self.tmp, tag + ".ids"), os.path.join(self.tmp, "seq-" + tag)
        extra = ["--vertices", "7"] if name == "isolated-and-ties" else []
        extra += ["--vertices", "4"] if name == "no-edges" else []
        extra += objective
        p = run([os.path.join(BIN, "mst-seq"), "--trials", "1", "--output-format", "ids",
                 "--output", want, *extra, graph])
        if p.returncode != 0:
            return "mst-seq failed: %s" % p.stderr.strip()
        p = run(self.launch + [self.exe, "--algo", variant, "--trials", "2", "--json",
                               "--output-format", "ids", "--output", mine, *self.args, *extra,
                               graph], timeout=600)
        if p.returncode != 0:  # its error line is the last (notes come before it)
            return "exit %d: %s" % (p.returncode, (p.stderr.strip().splitlines() or [""])[-1])
        try:
            result = json.loads(p.stdout.splitlines()[0])
        except (ValueError, IndexError):
            return "--json printed no JSON object: %r" % p.stdout[:200]
        if result.get("verified") is not True:
            return "the harness's verifier refused the forest: %s" % result.get("verify_error")
        with open(mine) as f:
            got = [line for line in f if not line.startswith("#")]
        with open(want) as f:
            expected = [line for line in f if not line.startswith("#")]
        if got != expected:
            only = sorted(set(got) - set(expected), key=int)[:5]
            return ("edge ids differ from mst-seq's (%d edges, mst-seq %d; first ids only here: "
                    "%s): ties must go to the lower edge id" %
                    (len(got), len(expected), " ".join(x.strip() for x in only)))
        v = run([os.path.join(BIN, "mst-verify"), *extra, graph, mine])
        if v.returncode != 0:
            return "mst-verify: %s" % v.stderr.strip()
        return None

    def trace(self, variant, name, graph):
        """The variant's --trace on graph; None or the reason it fails."""
        mine, want = (os.path.join(self.tmp, "%s-%s.jsonl" % (variant, name)),
                      os.path.join(self.tmp, "boruvka-%s.jsonl" % name))
        extra = ["--vertices", "7"] if name == "isolated-and-ties" else []
        p = run(self.launch + [self.exe, "--algo", variant, "--trials", "1", "--trace", mine,
                               *self.args, *extra, graph], timeout=600)
        if p.returncode != 0:
            return "exit %d: %s" % (p.returncode, (p.stderr.strip().splitlines() or [""])[-1])
        try:
            with open(mine) as f:
                head, *lines = [json.loads(line) for line in f]
            if head["rounds"] != len(lines) or [r["round"] for r in lines] != list(
                    range(1, len(lines) + 1)):
                return "the header's %d rounds are not lines 1..%d" % (head["rounds"],
                                                                      len(lines))
            unit = head["unit"]
        except (OSError, ValueError, KeyError, TypeError) as e:
            return "the trace is not docs/trace.md's: %s" % e
        if unit != "round":
            return None  # steps, levels, a whole solve: their own order, checked for form only
        p = run([os.path.join(BIN, "mst-seq"), "--algo", "boruvka", "--trials", "1", "--trace",
                 want, *extra, graph])
        if p.returncode != 0:
            return "mst-seq --algo boruvka failed: %s" % p.stderr.strip()
        with open(want) as f:
            expected = [json.loads(line) for line in f][1:]
        for r, (got, exp) in enumerate(zip(lines, expected), 1):
            if got != exp:
                return ("round %d differs from mst-seq --algo boruvka's (%d components, %d ids "
                        "added; mst-seq: %d, %d): each round adds the lightest edge of every "
                        "component (filtering off: --args '--no-filter')" %
                        (r, got.get("components", -1), len(got.get("added", [])),
                         exp["components"], len(exp["added"])))
        if len(lines) != len(expected):
            return "%d rounds, mst-seq --algo boruvka %d" % (len(lines), len(expected))
        return None


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--launch", default="", help="prefix of every run, e.g. 'mpirun -np 2'")
    ap.add_argument("--algo", action="append", help="check only this variant (repeatable)")
    ap.add_argument("--args", default="", help="added to every run, e.g. '-t 4 --no-filter'")
    ap.add_argument("executable")
    a = ap.parse_args()
    if not os.access(a.executable, os.X_OK):
        sys.exit("check-solver: %s is not an executable" % a.executable)
    with tempfile.TemporaryDirectory(prefix="check-solver-") as tmp:
        c = Checker(os.path.abspath(a.executable), shlex.split(a.launch), shlex.split(a.args),
                    tmp)
        graphs = c.graphs()
        variants = c.variants()
        for unknown in sorted(set(a.algo or []) - set(variants)):
            c.report("--algo " + unknown, "the executable has no such variant")
        for variant in variants:
            if a.algo and variant not in a.algo:
                continue
            for name, graph, both in graphs:
                for objective in ([], ["--maximum"]) if both else ([],):
                    c.report("%s on %s%s" % (variant, name, " --maximum" if objective else ""),
                             c.same_edges(variant, name, graph, objective))
            for name, graph, _ in graphs:
                if name in ("unit-ties", "few-weights-forest", "isolated-and-ties"):
                    c.report("%s --trace on %s" % (variant, name), c.trace(variant, name, graph))
    print("check-solver: %d passed, %d failed" % (c.passed, c.failed))
    return 0 if c.failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
