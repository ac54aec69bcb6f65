#!/usr/bin/python3
"""End-to-end tests of mst-mpi --generate (docs/mst-mpi.md, issue 34): the ranks make mst-gen's
graph, each its own slice, and the graph is the same whatever the rank count. At 1, 2, 3 and 4
ranks the forest's edge ids and total are those mst-seq finds on the file mst-gen writes for
the same arguments: families made in slices whose repeats the ranks drop together (random,
with --connected, rmat, kout, kronecker), families without repeats (grid2d, caveman,
complete), families every rank makes whole (geometric, ssca2) and a preset; every algorithm,
-t 2, --no-verify (rank 0 holds no graph), --maximum, --weights random, the weight modes. Errors
(one line from rank 0, exit 1): an unknown family, a bad option, a file's option, mst-gen's own
options, a GRAPH beside --generate, and the size limits (exit 3). Skipped only where mpirun is
not installed. About 20 seconds on a 2-core machine."""
import json
import os
import unittest

import test_mpi
from test_e2e import BIN, Workdir, run
from test_mpi import MPI, MPIRUN, mpirun

REASON = "mpirun not found (apt-get install openmpi-bin)" if MPIRUN is None else None
BORUVKA = ["--algo", "boruvka"]
# Threads wait passively: spinning teams of oversubscribed ranks take each other's time slices.
ENV = dict(test_mpi.ENV, OMP_WAIT_POLICY="passive")


def forest(path):
    """The total on the '#' line and the edge ids of a forest written with --output-format
    ids."""
    with open(path) as f:
        lines = f.read().splitlines()
    return lines[0].rsplit("weight ", 1)[1], lines[1:]


@unittest.skipIf(REASON is not None, REASON or "")
class Generate(Workdir):
    def setUp(self):
        super().setUp()
        self.require(MPI)

    def reference(self, gen_args, *args):
        """mst-seq's forest (total, ids) on the file mst-gen writes for gen_args: text, or .msb
        for float32 weights (geometric's, --weights float: text holds their shortest float32
        form, which reads as float64, the same forest with another total)."""
        name = "g.msb" if "float" in gen_args or gen_args[0] == "geometric" else "g.wel"
        graph, out = self.path(name), self.path("seq.ids")
        p = run([os.path.join(BIN, "mst-gen"), *gen_args, "-o", graph, "--quiet"])
        self.assertEqual(p.returncode, 0, p.stderr)
        p = run([os.path.join(BIN, "mst-seq"), "--trials", "1", "--output", out,
                 "--output-format", "ids", *args, graph])
        self.assertEqual(p.returncode, 0, p.stderr)
        return forest(out)

    def check(self, gen_args, spec, ranks=(1, 2, 3, 4), *args):
        """mst-mpi --generate spec at each rank count writes mst-seq's forest of mst-gen's file
        for gen_args (args go to both)."""
        ref = self.reference(gen_args, *args)
        for np in ranks:
            out = self.path("mpi.ids")
            p = mpirun(["-np", str(np), "--trials", "2", "--output", out, "--output-format",
                        "ids", "--generate", spec, *args], env=ENV)
            self.assertEqual(p.returncode, 0, "%s at %d ranks: %s" % (spec, np, p.stderr))
            self.assertEqual(forest(out), ref, "%s %s at %d ranks" % (spec, args, np))
        return ref

    def test_same_graph_at_every_rank_count(self):
        """The issue's example, and families whose repeats fall on different ranks."""
        cases = [
            ("random --vertices 5000 --edges 20000 --seed 3",
             "random:vertices=5000,edges=20000,seed=3"),
            ("random --vertices 300 --edges 6000 --connected --weights distinct",
             "random:vertices=300,edges=6000,connected,weights=distinct"),
            ("rmat --scale 11 --edge-factor 8 --abcd 0.55,0.1,0.1 --seed 4",
             "rmat:scale=11,edge-factor=8,abcd=0.55,0.1,0.1,seed=4"),
            ("kout --vertices 2000 --k 3 --weights float --min -1 --max 2",
             "kout:vertices=2000,k=3,weights=float,min=-1,max=2"),
            ("kronecker --scale 9 --edge-factor 6", "kronecker:scale=9,edge-factor=6"),
            ("grid2d --rows 60 --cols 70", "grid2d:rows=60,cols=70"),
            ("caveman --cliques 20 --size 7 --weights unit", "caveman:cliques=20,size=7,"
                                                              "weights=unit"),
            ("complete --vertices 90 --seed 2", "complete:vertices=90,seed=2"),
        ]
        for gen_args, spec in cases:
            with self.subTest(spec=spec):
                self.check(gen_args.split(), spec, (1, 2, 3, 4), *BORUVKA)

    def test_families_made_whole_and_presets(self):
        """geometric and ssca2 (each rank makes the whole graph and keeps its slice), a preset,
        and mst-gen's own spelling of the options (leading --)."""
        self.check(["geometric", "--vertices", "2000", "--degree", "5"],
                   "geometric:vertices=2000,degree=5", (1, 2, 3, 4), *BORUVKA)
        self.check(["ssca2", "--vertices", "1000"], "ssca2:vertices=1000", (3,), *BORUVKA)
        self.check(["preset", "rmat-medium", "--seed", "6"], "rmat-medium:seed=6", (2, 4),
                   *BORUVKA)
        self.check(["random", "--vertices", "500", "--edges", "2000"],
                   "random:--vertices=500,--edges=2000", (2,), *BORUVKA)

    def test_algorithms_and_options(self):
        gen_args = ["rmat", "--scale", "10", "--edge-factor", "6", "--seed", "8"]
        spec = "rmat:scale=10,edge-factor=6,seed=8"
        ref = self.check(gen_args, spec, (2, 3))  # GHS, the default
        # -t: each judge's set of pairs in ranges, one per thread (4 x 4: four ranges, though
        # a judge's pairs share the top bits of their hash).
        for np, args in [(3, ["--algo", "boruvka-allreduce"]), (4, BORUVKA + ["-t", "2"]),
                         (4, BORUVKA + ["-t", "4"]), (2, BORUVKA + ["--partition", "hash"])]:
            out = self.path("mpi.ids")
            p = mpirun(["-np", str(np), "--trials", "1", "--output", out, "--output-format",
                        "ids", "--generate", spec, *args], env=ENV)
            self.assertEqual(p.returncode, 0, p.stderr)
            self.assertEqual(forest(out), ref, args)
        self.check(gen_args, spec, (1, 3), *BORUVKA, "--maximum", "--weights", "random",
                   "--seed", "5")
        # Without verification rank 0 holds no graph; the JSON names the description.
        p = mpirun(["-np", "3", *BORUVKA, "--trials", "1", "--no-verify", "--json",
                    "--generate", spec], env=ENV)
        self.assertEqual(p.returncode, 0, p.stderr)
        r = json.loads(p.stdout)
        self.assertEqual((r["graph"], r["format"], r["verified"], r["msf_edges"]),
                         (spec, "generated", None, len(ref[1])))
        self.assertEqual(str(r["msf_weight"]), ref[0])

    def test_bad_descriptions(self):
        """One line from rank 0, nothing on stdout, exit 1 (3 for a size beyond the limit)."""
        for spec, code, fragment in [
                ("nosuch:vertices=3", 1, "unknown family 'nosuch'"),
                ("random:vertices=10,edges=5,bogus=1", 1, "unknown option '--bogus'"),
                ("random:vertices=ten,edges=5", 1, "option --vertices: bad value 'ten'"),
                ("random:vertices=10", 1, "family random needs --edges"),
                ("grid2d:rows=3,cols=3,p=0.5", 1, "family grid2d does not take --p"),
                ("random:vertices=10,edges=5,output=x.wel", 1, "--output is mst-gen's alone"),
                ("random:vertices=10,edges=5,keep-duplicates", 1,
                 "--keep-duplicates is mst-gen's alone"),
                ("components:parts=2", 1, "components (disjoint copies) is mst-gen's alone"),
                ("random:vertices=10,,edges=5", 1, "an empty item"),
                ("random:vertices=10,edges=9223372036854775808", 3, "at most 2^63 - 1 edges"),
                ("ssca2:vertices=4000000000,max-clique=60000", 3, "2^32")]:
            with self.subTest(spec=spec):
                p = mpirun(["-np", "3", "--generate", spec], env=ENV)
                self.assertEqual(p.returncode, code, p.stderr)
                self.assertEqual(p.stdout, "")
                lines = p.stderr.strip().splitlines()
                self.assertEqual(len(lines), 1, p.stderr)
                self.assertTrue(lines[0].startswith("mst-mpi: error: "), p.stderr)
                self.assertIn(fragment, lines[0])
        graph = self.path("g.wel")
        with open(graph, "w") as f:
            f.write("0 1 1\n")
        for args, fragment in [([graph], "no GRAPH argument ('%s')" % graph),
                               (["--format", "msb"], "option --format applies to a graph file"),
                               (["--vertices", "9"], "option --vertices applies to a graph file")]:
            with self.subTest(args=args):
                p = mpirun(["-np", "2", "--generate", "random:vertices=10,edges=5", *args],
                           env=ENV)
                self.assertEqual(p.returncode, 1, p.stderr)
                lines = p.stderr.strip().splitlines()
                self.assertEqual(len(lines), 1, p.stderr)
                self.assertIn(fragment, lines[0])

    def test_asan_clean(self):
        """Under AddressSanitizer + UBSan (test_mpi's build): the slices, the repeats dropped
        across ranks, a family made whole, the whole graph gathered on rank 0, a bad item."""
        b = test_mpi.build_asan()
        if b.returncode != 0:
            self.fail("ASan build failed: %s" % b.stderr[-2000:])
        env = dict(ENV, ASAN_OPTIONS="detect_leaks=0:abort_on_error=0:exitcode=66",
                   UBSAN_OPTIONS="halt_on_error=1:exitcode=67")
        for np, spec, code in [(4, "random:vertices=300,edges=3000,connected", 0),
                               (3, "rmat:scale=9,abcd=0.6,0.1,0.1", 0),
                               (2, "geometric:vertices=500,degree=4", 0),
                               (1, "complete:vertices=40,weights=distinct", 0),
                               (3, "random:vertices=9,edges=5,1,abcd", 1)]:
            p = mpirun(["-np", str(np), *BORUVKA, "--trials", "1", "--generate", spec],
                       binary=test_mpi.ASAN, env=env)
            self.assertNotIn("AddressSanitizer", p.stderr, spec)
            self.assertNotIn("runtime error", p.stderr, spec)
            self.assertEqual(p.returncode, code, p.stderr[-3000:])


if __name__ == "__main__":
    unittest.main()
