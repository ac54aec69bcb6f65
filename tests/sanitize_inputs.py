#!/usr/bin/python3
"""The malformed-input half of the sanitizer job (tests/sanitize.sh): bad and good inputs through
mst-seq and mst-verify built with AddressSanitizer + UndefinedBehaviorSanitizer (make
sanitize-CC), so that a memory error, a leak or undefined behaviour on an error path fails a test.

    tests/sanitize_inputs.py BINDIR

Inputs: every file of the fuzzing corpus (tests/fuzz/corpus/FORMAT/, named ok-* or bad-*), plain
and gzip-compressed, truncated gzip and gzip with trailing bytes, random bytes in every format,
and the certificates of tests/fuzz/corpus/msf/ against the graph of tests/fuzz/msf.c. Then the
error-contract tests of tests/e2e/test_e2e.py (class Errors), run against BINDIR. A case passes
when nothing was reported by a sanitizer, the exit code is the expected one (0 for ok-*, an
input or resource error for bad-*, 4 allowed for a wrong certificate) and an error is one line.
The last line is "inputs: N passed, M failed, K skipped"."""
import gzip
import os
import random
import re
import subprocess
import sys
import tempfile
import unittest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CORPUS = os.path.join(ROOT, "tests", "fuzz", "corpus")
LOADER_FORMATS = ("edgelist", "dimacs", "mtx", "metis", "egr", "msb")
# A report makes the run exit with these instead of an ordinary code, and says so on stderr.
ENV = dict(os.environ,
           ASAN_OPTIONS="exitcode=86:allocator_may_return_null=1:detect_leaks=1",
           UBSAN_OPTIONS="halt_on_error=1:exitcode=87:print_stacktrace=1")
REPORT = re.compile(r"AddressSanitizer|LeakSanitizer|runtime error:|UndefinedBehaviorSanitizer")


def fixed_graph():
    """The graph tests/fuzz/msf.c checks certificates against, read from its GRAPH literal so
    that the two cannot differ."""
    with open(os.path.join(ROOT, "tests", "fuzz", "msf.c")) as f:
        text = re.search(r'GRAPH\[\] = "([^"]*)"', f.read()).group(1)
    return text.replace("\\n", "\n")


class Cases:
    def __init__(self, bindir, workdir):
        self.seq = os.path.join(bindir, "mst-seq")
        self.verify = os.path.join(bindir, "mst-verify")
        self.dir = workdir
        self.passed = self.failed = 0

    def path(self, name):
        return os.path.join(self.dir, name)

    def check(self, what, args, codes):
        """Runs args; the case passes when no sanitizer spoke, the exit code is in `codes`, and
        a failure says so in one line."""
        p = subprocess.run(args, capture_output=True, text=True, errors="replace", env=ENV)
        problem = None
        if REPORT.search(p.stderr):
            problem = "sanitizer report"
        elif p.returncode not in codes:
            problem = "exit %d, expected %s" % (p.returncode, " or ".join(map(str, codes)))
        elif p.returncode != 0 and len(p.stderr.strip().splitlines()) != 1:
            problem = "the error is not one line"
        if problem is None:
            self.passed += 1
            return
        self.failed += 1
        print("FAIL %s: %s\n  %s\n%s" % (what, problem, " ".join(args), p.stderr[-4000:]))

    def solve(self, what, graph, fmt, ok):
        out = self.path("msf.out")
        self.check(what, [self.seq, "--trials", "1", "--format", fmt, "--output", out, graph],
                   (0,) if ok else (2, 3))
        if os.path.exists(out):
            os.unlink(out)

    def loaders(self):
        for fmt in LOADER_FORMATS:
            folder = os.path.join(CORPUS, fmt)
            for name in sorted(os.listdir(folder)):
                with open(os.path.join(folder, name), "rb") as f:
                    data = f.read()
                ok = name.startswith("ok-")
                self.solve("%s/%s" % (fmt, name), os.path.join(folder, name), fmt, ok)
                packed = gzip.compress(data, mtime=0)
                self.write_and_solve("%s/%s.gz" % (fmt, name), packed, fmt, ok)
                if ok and len(packed) > 24:
                    self.write_and_solve("%s/%s.gz cut short" % (fmt, name),
                                         packed[:len(packed) // 2], fmt, False)
                    self.write_and_solve("%s/%s.gz with trailing bytes" % (fmt, name),
                                         packed + b"junk", fmt, False)
            rng = random.Random(fmt)
            junk = bytes(rng.randrange(256) for _ in range(3000))
            self.write_and_solve("%s: random bytes" % fmt, junk, fmt, False)

    def write_and_solve(self, what, data, fmt, ok):
        path = self.path("input")
        with open(path, "wb") as f:
            f.write(data)
        self.solve(what, path, fmt, ok)

    def certificates(self):
        graph = self.path("fixed.wel")
        with open(graph, "w") as f:
            f.write(fixed_graph())
        folder = os.path.join(CORPUS, "msf")
        for name in sorted(os.listdir(folder)):
            cert = os.path.join(folder, name)
            codes = (0,) if name.startswith("ok-") else (2, 4)
            self.check("msf/" + name, [self.verify, "--vertices", "8", graph, cert], codes)
            packed = self.path("cert.gz")
            with open(cert, "rb") as f, open(packed, "wb") as g:
                g.write(gzip.compress(f.read(), mtime=0))
            self.check("msf/%s.gz" % name, [self.verify, "--vertices", "8", graph, packed], codes)
        self.check("a missing certificate", [self.verify, graph, self.path("none.txt")], (2,))
        self.check("a directory as certificate", [self.verify, graph, self.dir], (2,))


def e2e_error_contract(bindir):
    """tests/e2e/test_e2e.py's Errors tests with its BIN and SEQ pointed at bindir. Returns
    (passed, failed, skipped)."""
    sys.path.insert(0, os.path.join(ROOT, "tests", "e2e"))
    import test_e2e
    test_e2e.BIN = bindir
    test_e2e.SEQ = os.path.join(bindir, "mst-seq")
    os.environ.update(ASAN_OPTIONS=ENV["ASAN_OPTIONS"], UBSAN_OPTIONS=ENV["UBSAN_OPTIONS"])
    suite = unittest.defaultTestLoader.loadTestsFromTestCase(test_e2e.Errors)
    result = unittest.TextTestRunner(verbosity=1, stream=sys.stdout).run(suite)
    failed = len(result.failures) + len(result.errors)
    skipped = len(result.skipped)
    return result.testsRun - failed - skipped, failed, skipped


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: tests/sanitize_inputs.py BINDIR")
    bindir = os.path.abspath(sys.argv[1])
    with tempfile.TemporaryDirectory() as workdir:
        cases = Cases(bindir, workdir)
        cases.loaders()
        cases.certificates()
    print("corpus and certificates: %d passed, %d failed" % (cases.passed, cases.failed))
    p, f, s = e2e_error_contract(bindir)
    passed, failed = cases.passed + p, cases.failed + f
    print("inputs: %d passed, %d failed, %d skipped" % (passed, failed, s))
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
