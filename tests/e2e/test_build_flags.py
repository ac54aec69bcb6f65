#!/usr/bin/python3
"""The Makefile leaves CFLAGS, CPPFLAGS, LDFLAGS and LDLIBS to the user: set on the command line
they add to what the build needs (the C standard, _GNU_SOURCE, the include path, warnings, zlib)
instead of replacing it, and LDFLAGS reaches every link. A private build of mst-seq in a
temporary folder shows it (about 15 s on 2 cores); `make -n` shows the rest."""
import os
import subprocess
import tempfile
import unittest

from test_e2e import ROOT

NEEDED = ("-std=c11", "-D_GNU_SOURCE", "-Icommon/core", "-Icommon/io", "-Icommon/harness",
          "-Wall")


def make(*args):
    return subprocess.run(["make", "-C", ROOT, *args], capture_output=True, text=True)


class UserFlags(unittest.TestCase):
    def test_command_line_flags_add_to_the_build(self):
        with tempfile.TemporaryDirectory() as tmp:
            seq = os.path.join(tmp, "bin", "mst-seq")
            link_map = os.path.join(tmp, "mst-seq.map")
            p = make("-j2", "CFLAGS=-O0 -g", "CPPFLAGS=-DMST_USER_FLAG=1",
                     "LDFLAGS=-Wl,-Map=" + link_map, "LDLIBS=-lm",
                     "BUILD=" + os.path.join(tmp, "build"), "BIN=" + os.path.join(tmp, "bin"),
                     seq)
            self.assertEqual(p.returncode, 0, p.stdout[-3000:] + p.stderr[-3000:])
            compiles = [line for line in p.stdout.splitlines() if " -c " in line]
            self.assertTrue(compiles)
            for line in compiles:
                for flag in NEEDED + ("-O0", "-DMST_USER_FLAG=1"):
                    self.assertIn(flag, line.split())
            self.assertTrue(os.path.exists(link_map), "LDFLAGS did not reach the link")
            graph = os.path.join(tmp, "g.wel")
            with open(graph, "w") as f:
                f.write("0 1 2\n1 2 1\n0 2 3\n")
            run = subprocess.run([seq, "--json", "--trials", "1", graph], capture_output=True,
                                 text=True)
            self.assertEqual(run.returncode, 0, run.stderr)

    def test_every_link_takes_ldflags(self):
        p = make("-n", "-B", "LDFLAGS=-Wl,--mst-probe", "all", "bin/unit-tests")
        self.assertEqual(p.returncode, 0, p.stderr)
        links = [line for line in p.stdout.splitlines() if " -o bin/" in line]
        self.assertTrue(any("bin/mst-verify" in line for line in links))
        for line in links:
            # nvcc hands it on to the host compiler with its comma escaped.
            self.assertTrue("-Wl,--mst-probe" in line or "-Wl\\,--mst-probe" in line, line)
            self.assertIn("-lz", line.split())

    def test_ci_turns_warnings_into_errors(self):
        p = make("-n", "-B", "CI=1", "CFLAGS=-O1", "bin/mst-seq")
        compiles = [line for line in p.stdout.splitlines() if " -c " in line]
        self.assertTrue(compiles, p.stderr)
        for line in compiles:
            self.assertIn("-Werror", line.split())


if __name__ == "__main__":
    unittest.main()


class Trip(unittest.TestCase):
    def test_trip_counts_the_files_a_kruskal_run_executes(self):
        """scripts/trip.py (a coverage build of mst-seq, one Kruskal run on a .gr file): the
        files that ran, starred, with the headers they include; Prim's file never runs."""
        p = subprocess.run(["/usr/bin/python3", os.path.join(ROOT, "scripts", "trip.py")],
                           capture_output=True, text=True)
        self.assertEqual(p.returncode, 0, p.stdout[-2000:] + p.stderr[-2000:])
        rows = {line.split()[-1]: line.split() for line in p.stdout.splitlines()
                if line.split() and line.split()[0].isdigit()}
        self.assertEqual(rows["seq/kruskal.c"][1], "*")
        self.assertIn("common/harness/main.c", rows)
        self.assertIn("common/core/core.h", rows)
        self.assertNotIn("seq/prim.c", rows)
        executed, trip = p.stdout.splitlines()[-2:]
        n_run = sum(1 for r in rows.values() if r[1] == "*")
        self.assertTrue(executed.startswith("executed: %d files, " % n_run), executed)
        self.assertTrue(trip.startswith("trip:     %d files, " % len(rows)), trip)
        self.assertEqual(int(trip.split()[3]), sum(int(r[0]) for r in rows.values()))
