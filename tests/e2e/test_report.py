#!/usr/bin/python3
"""End-to-end tests of report/: make_report.py on a small fixed results file gives the expected
tables (speedups over mst-seq Kruskal of the same machine and code only, self-speedups, GPU
kernel vs transfers, MSF agreement, timeouts); one section per machine with the latest run of
each configuration, the cross-paradigm opening, the README block, a user's report kept apart
from the repository's; the committed report's size and README block; and `make bench
MATRIX=tiny` appends valid JSON lines with machine facts, then resumes without running anything
again."""
import glob
import json
import os
import sys
import tempfile
import unittest

from describe import describe, variants
from test_e2e import BIN, ROOT, Workdir, run

REPORT = os.path.join(ROOT, "report", "make_report.py")
PY = sys.executable
sys.path.insert(0, os.path.dirname(REPORT))

MACHINE_A = {"cpu": "Test CPU", "cores": 16, "host": "a", "compiler": "gcc 13", "commit": "abc",
             "source": "s1", "date": "2026-11-20T10:00:00Z", "gpu": "Test GPU",
             "gpu_driver": "1.0", "memory_gib": 64.0}
MACHINE_B = dict(MACHINE_A, cpu="Other CPU", cores=2, gpu=None, date="2026-11-19T10:00:00Z")


def rec(graph, m, solver, variant, median_s, threads=1, ranks=1, machine=MACHINE_A, **kw):
    r = {"solver": solver, "algo": variant, "variant": variant, "graph": "data/%s.msb" % graph,
         "graph_name": graph, "n": m // 4, "m": m, "components": 1, "msf_edges": m // 4 - 1,
         "msf_weight": 5000, "weight_type": "int32", "weights": "file", "seed": 1,
         "compute_s_median": median_s, "compute_s_min": 0.9 * median_s, "trials": 5,
         "threads": threads, "ranks": ranks, "device": None, "status": "ok",
         "phases": {"a": median_s / 2, "b": median_s / 4}, "machine": machine}
    r.update(kw)
    return r


def fixed_results():
    g1, g2 = ("g1", 4000), ("g2", 8000)
    return [
        rec(*g1, "mst-seq", "kruskal", 0.010),
        rec(*g1, "mst-seq", "filter-kruskal", 0.008),
        rec(*g1, "mst-omp", "waitfree", 0.020, threads=1),
        rec(*g1, "mst-omp", "waitfree", 0.010, threads=2),
        rec(*g1, "mst-omp", "waitfree", 0.005, threads=4),
        rec(*g1, "mst-omp", "lock", 0.040, threads=4),
        rec(*g1, "mst-omp", "plain", 0.004, threads=4, msf_weight=5001),
        rec(*g1, "mst-mpi", "ghs", 0.050, ranks=1),
        rec(*g1, "mst-mpi", "ghs", 0.025, ranks=2),
        rec(*g1, "mst-cuda", "ecl", 0.002, device="Test GPU", kernel_s_median=0.0005,
            kernel_s_min=0.0004),
        rec(*g2, "mst-seq", "kruskal", 0.040),
        rec(*g2, "mst-omp", "waitfree", 0.040, threads=1),
        {"solver": "mst-omp", "variant": "waitfree", "graph": "data/g2.msb", "graph_name": "g2",
         "threads": 2, "ranks": 1, "m": 8000, "status": "timeout", "timeout_s": 60,
         "error": "timed out after 60 s", "machine": MACHINE_A},
        rec(*g2, "mst-omp", "waitfree", 0.010, threads=4),
        # a rerun of g2's 4-thread run: the last line of a configuration wins
        rec(*g2, "mst-omp", "waitfree", 0.008, threads=4),
        # another machine without its own baseline: no speedup, never against machine A's
        rec(*g1, "mst-omp", "waitfree", 0.001, threads=2, machine=MACHINE_B),
    ]


class Matrices(unittest.TestCase):
    def test_every_graph_is_known_and_every_preset_exists(self):
        sys.path.insert(0, os.path.join(ROOT, "report"))
        import matrices
        presets = run([os.path.join(BIN, "mst-gen"), "--help"]).stdout
        for name, m in matrices.MATRICES.items():
            for g in m["graphs"]:
                self.assertIn(g, matrices.GRAPHS, "matrix %s: unknown graph %s" % (name, g))
        for g, how in matrices.GRAPHS.items():
            if "path" in how:
                self.assertTrue(os.path.exists(os.path.join(ROOT, how["path"])), g)
            elif how["gen"][0] == "preset":
                self.assertRegex(presets, r"\n  %s " % how["gen"][1], g)


    def test_papers_matrices_are_well_formed(self):
        """The papers' experiments (issue 37): each matrix fits one 10-minute device call, opens
        with the baseline, names known graphs made by known mst-gen families and options, and
        runs known variants with known options under distinct labels; bench.py lists them."""
        sys.path.insert(0, os.path.join(ROOT, "report"))
        import matrices
        import solvers
        catalog = solvers.Catalog(BIN)
        gen = describe(os.path.join(BIN, "mst-gen"))
        gen_opts = {o["name"] for o in gen["options"]}
        families = {v["name"] for v in gen["variants"]}
        for name in ("ecl-seeds", "schedules", "density-2e14", "vineet-size", "vineet-degree",
                     "sousa-roads"):
            m = matrices.MATRICES[name]
            self.assertLessEqual(m["budget_s"] + m["timeout_s"], 540, name)
            self.assertIn(m["verify"], ("all", "baseline", "none"))
            self.assertGreaterEqual(m["trials"], 1)
            for g in m["graphs"]:
                how = matrices.GRAPHS[g]
                if "gen" in how and how["gen"][0] != "preset":
                    self.assertIn(how["gen"][0], families, g)
                    self.assertLessEqual({a for a in how["gen"] if a.startswith("--")},
                                         gen_opts, g)
            entries = matrices.runs(m, catalog)
            self.assertEqual(entries[0], matrices.BASELINE, name)
            keys = set()
            for e in entries:
                d = describe(os.path.join(BIN, e["solver"]))
                opts = {o["name"] for o in d["options"]}
                self.assertLessEqual({a for a in e["args"] if a.startswith("--")}, opts, e)
                if "--algo" in e["args"]:
                    algo = e["args"][e["args"].index("--algo") + 1]
                    self.assertIn(algo, [v["name"] for v in d["variants"]], e)
                for c in e.get("threads") or e.get("ranks") or [1]:
                    self.assertNotIn((e["solver"], e["label"], c), keys, e)
                    keys.add((e["solver"], e["label"], c))
            omp = sum(len(e.get("threads", [1])) for e in entries if e["solver"] == "mst-omp")
            with tempfile.TemporaryDirectory() as tmp:
                data = os.path.join(tmp, "data")
                p = run([PY, os.path.join(ROOT, "report", "bench.py"), "--matrix", name,
                         "--dry-run", "--data", data, "--results",
                         os.path.join(tmp, "results.jsonl")])
                self.assertFalse(os.path.exists(data) and os.listdir(data), name)
            self.assertEqual(p.returncode, 0, p.stdout + p.stderr)
            lines = p.stdout.splitlines()
            self.assertEqual(sum("/mst-seq --algo kruskal" in x for x in lines),
                             len(m["graphs"]), name)
            self.assertEqual(sum("/mst-omp " in x for x in lines), omp * len(m["graphs"]), name)


class ReportCase(Workdir):
    def make(self, records, *extra):
        path = self.path("results.jsonl")
        with open(path, "w") as f:
            f.write("".join(json.dumps(r) + "\n" for r in records))
        out = self.path("REPORT.md")
        p = run([PY, REPORT, "--out", out, *extra, path])
        self.assertEqual(p.returncode, 0, p.stderr)
        with open(out) as f:
            return f.read()


class Report(ReportCase):
    def test_papers_tables(self):
        """A paper's matrix gets its own table: a row per configuration, a column per graph,
        time, speedup over Kruskal and efficiency against the 1-thread run; other matrices'
        runs stay out of it."""
        paper = dict(matrix="sousa-roads")
        recs = [rec("r1", 4000, "mst-seq", "kruskal", 0.010, **paper),
                rec("r1", 4000, "mst-omp", "contract", 0.020, threads=1, **paper),
                rec("r1", 4000, "mst-omp", "contract", 0.005, threads=8, **paper),
                rec("r2", 8000, "mst-seq", "kruskal", 0.040, **paper),
                rec("r2", 8000, "mst-omp", "contract", 0.080, threads=1, **paper),
                rec("r1", 4000, "mst-omp", "lock", 0.004, threads=8, matrix="full")]
        text = self.make(recs)
        head = "### Speedup and efficiency on road networks (Sousa et al. 2015, Table III)"
        self.assertIn(head, text)
        part = text[text.index(head):].split("\n\n")[2].splitlines()
        self.assertEqual(part[0], "| solver | variant | where | r1 | r2 |")
        self.assertIn("| mst-omp | contract | 8 threads | 5.00 ms, 2.00x, eff. 50% | - |",
                      part)
        self.assertIn("| mst-omp | contract | 1 thread | 20.0 ms, 0.50x | 80.0 ms, 0.50x |",
                      part)
        self.assertFalse(any("lock" in x for x in part), part)
        self.assertNotIn("### OpenMP schedules", text)
        # the cross-paradigm table keeps the graphs that another matrix ran too
        across = text[text.index("## Across paradigms"):].split("\n\n")[3].splitlines()
        self.assertTrue(any(x.startswith("| r1 |") for x in across), across)
        self.assertFalse(any(x.startswith("| r2 |") for x in across), across)

    def test_verifier_table(self):
        """The verify matrix's runs get the verifier's time beside their compute time, each
        over Kruskal's compute time on the same graph; other runs stay out."""
        v = dict(matrix="verify")
        recs = [rec("r1", 4000, "mst-seq", "kruskal", 0.010, verify_s=0.008, **v),
                rec("r1", 4000, "mst-omp", "boruvka", 0.002, threads=16, verify_s=0.0025, **v),
                rec("r1", 4000, "mst-omp", "lock", 0.004, threads=8, verify_s=0.5)]
        text = self.make(recs)
        head = "**Verification** over Kruskal's compute time (`make bench MATRIX=verify`"
        self.assertIn(head, text)
        part = text[text.index(head):].split("\n\n")[1].splitlines()
        self.assertEqual(part[0], "| graph | run | compute | verify |")
        self.assertEqual(part[2:], [
            "| r1 | mst-seq kruskal 1t | 0.010 s (1.00x) | 0.008 s (0.80x) |",
            "| r1 | mst-omp boruvka 16t | 0.002 s (0.20x) | 0.003 s (0.25x) |"])
        plain = [rec("r1", 4000, "mst-seq", "kruskal", 0.010, verify_s=0.008)]
        self.assertNotIn("**Verification**", self.make(plain + recs[2:]))

    def test_rounds_table(self):
        """Runs that record their rounds get one row each, at their largest thread count."""
        rounds = [[4000, 8000], [1500, 3000], [300, 500]]
        text = self.make(fixed_results() + [
            rec("g1", 4000, "mst-omp", "contract", 0.03, threads=1, rounds=[[1, 1]]),
            rec("g1", 4000, "mst-omp", "contract", 0.01, threads=4, rounds=rounds)],
            "--no-plots")
        self.assertIn("| mst-omp | contract | 3 | 4.00k → 1.50k → 300 | 8.00k → 3.00k → 500 |",
                      text.splitlines())
        self.assertEqual(text.count("| mst-omp | contract | "), 2 + 1,
                         "two runs in the times table, one row in the rounds table")

    def test_repeated_runs_are_checked_by_their_rounds(self):
        """A --rounds run solved other weights than the baseline: its MSF cell reports its
        rounds' verification, not a weight compared with the baseline's; lines of other
        scripts (no "solver") are skipped."""
        text = self.make(fixed_results() + [
            rec("g2", 8000, "mst-omp", "contract", 0.01, threads=4, msf_weight=7,
                rounds_s=[0.01, 0.01, 0.01], round_verified=[True, None, True],
                oneshot_s=0.02, setup_s=0.01, round_s_median=0.01),
            rec("g2", 8000, "mst-omp", "plain", 0.01, threads=4, msf_weight=7,
                rounds_s=[0.01, 0.01], round_verified=[True, False],
                oneshot_s=0.02, setup_s=0.01, round_s_median=0.01),
            {"exp": "finish", "graph": "not-a-run-graph", "round_ms": 1.0}], "--no-plots")
        rows = [line for line in text.splitlines() if line.startswith("| mst-omp | ")]
        self.assertTrue(any("| verified, 2 of 3 rounds |" in r for r in rows if "contract" in r))
        self.assertTrue(any("| NOT VERIFIED |" in r for r in rows if "plain" in r))
        self.assertNotIn("not-a-run-graph", text)

    def test_tables(self):
        text = self.make(fixed_results(), "--no-plots")
        lines = text.splitlines()
        # newest machine first, each titled with its date, CPU and solvers
        self.assertIn("## 1. 2026-11-20: Test CPU, 16 cores, Test GPU "
                      "(mst-seq, mst-omp, mst-mpi, mst-cuda)", lines)
        self.assertIn("## 2. 2026-11-19: Other CPU, 2 cores (mst-omp)", lines)
        self.assertLess(text.index("## 1."), text.index("## 2."))
        # summary: headline configurations, fastest run, geometric mean
        self.assertIn("| graph | n | m | mst-seq kruskal (ms) | mst-seq filter-kruskal | "
                      "mst-omp waitfree, 4 threads | mst-mpi ghs, 2 ranks | "
                      "mst-cuda ecl, with transfers | mst-cuda ecl, kernel only | fastest |",
                      lines)
        self.assertIn("| g1 | 1,000 | 4,000 | 10.000 | 1.25x | 2.00x | 0.40x | 5.00x | 20.00x | "
                      "mst-cuda ecl GPU, 2.000 ms |", lines)
        self.assertIn("| g2 | 2,000 | 8,000 | 40.000 | - | 5.00x | - | - | - | "
                      "mst-omp waitfree 4t, 8.000 ms |", lines)
        self.assertIn("| geometric mean |  |  |  | 1.25x | 3.16x | 0.40x | 5.00x | 20.00x |  |",
                      lines)
        # per graph: time, min, speedup, throughput, MSF agreement, phases
        self.assertIn("| mst-seq | kruskal | 1 thread | 10.000 | 9.000 | 1.00x | 0.4 | baseline "
                      "| a 5.00, b 2.50 |", lines)
        self.assertIn("| mst-omp | waitfree | 2 threads | 10.000 | 9.000 | 1.00x | 0.4 | same "
                      "| a 5.00, b 2.50 |", lines)
        self.assertIn("| mst-omp | plain | 4 threads | 4.000 | 3.600 | 2.50x | 1.0 | DIFFERS "
                      "| a 2.00, b 1.00 |", lines)
        self.assertIn("| mst-mpi | ghs | 2 ranks | 25.000 | 22.500 | 0.40x | 0.2 | same "
                      "| a 12.5, b 6.25 |", lines)
        self.assertIn("| mst-cuda | ecl, kernel only | Test GPU | 0.500 | 0.400 | 20.00x | 8.0 "
                      "|  |  |", lines)
        self.assertIn("| mst-omp | waitfree | 2 threads | timeout (> 60 s) | - | - | - | - |  |",
                      lines)
        # self-speedup and GPU tables
        self.assertIn("| g1 | 1.00x (20.000) | 2.00x (10.000) | 4.00x (5.000) |", lines)
        self.assertIn("| g2 | 1.00x (40.000) | timeout | 5.00x (8.000) |", lines)
        self.assertIn("| g1 | 1.00x (50.000) | 2.00x (25.000) |", lines)
        self.assertIn("| g1 | ecl | 0.500 | 2.000 | 75% | 20.00x | 5.00x | 8.0 | 2.0 |", lines)
        # machine B has no baseline: no speedup rather than one across machines
        self.assertIn("| mst-omp | waitfree | 2 threads | 1.000 | 0.900 | - | 4.0 | - "
                      "| a 0.500, b 0.250 |", lines)

    def test_plots(self):
        try:
            import matplotlib  # noqa: F401
        except ImportError:
            self.skipTest("no matplotlib for %s" % PY)
        text = self.make(fixed_results(), "--plots", self.path("plots"))
        pngs = sorted(os.listdir(self.path("plots")))
        for name in ("speedup", "throughput", "omp-scaling", "mpi-scaling", "gpu",
                     "phases-g1"):
            self.assertIn("cpu-16c-%s.png" % name, pngs)
            self.assertIn("(plots/cpu-16c-%s.png)" % name, text)
        for name in pngs:
            with open(os.path.join(self.path("plots"), name), "rb") as f:
                self.assertEqual(f.read(8), b"\x89PNG\r\n\x1a\n", name)


def scaling_log():
    """A scaling log as report/device-scaling.sh writes it: strong runs as ranks x threads
    beside mst-seq and mst-omp, Open MPI's fixed part on a graph of one edge, 2^10 vertices and
    4096 - 3 edges per core in the weak runs (mst-omp's beside them), and a graph above 2^32
    edges at two configurations."""
    def run_line(tag, solver, algo, graph, ranks, n, m, t, threads=1, rss=2048):
        return {"tag": tag, "solver": solver, "algo": algo, "graph": "data/%s.msb" % graph,
                "n": n, "m": m, "ranks": ranks, "threads": threads, "compute_s_median": t,
                "compute_s_min": 0.9 * t, "msf_edges": n - 1, "msf_weight": 77,
                "stats": {"peak_rss_kib_max": rss, "peak_rss_kib": [rss] * ranks,
                          "bytes_sent_max": 1024, "rounds": 3}}
    lines = [{"tag": "machine", "cpu": "Test CPU", "cores": 16, "mpirun": "mpirun 4",
              "date": "2026-11-22T10:00Z"},
             run_line("seq", "mst-seq", "kruskal", "big", 1, 4000, 16000, 1.0),
             run_line("omp", "mst-omp", "boruvka", "big", 1, 4000, 16000, 0.5, threads=4)]
    lines += [run_line("strong", "mst-mpi", "boruvka", "big", p, 4000, 16000, 1.0 / p)
              for p in (1, 2, 4)]
    lines += [run_line("strong", "mst-mpi", "boruvka", "big", 1, 4000, 16000, 0.3, threads=4),
              run_line("empty", "mst-mpi", "boruvka", "one-edge", 4, 2, 1, 0.0, rss=1024)]
    lines += [run_line("weak", "mst-mpi", "boruvka", "weak-%d" % p, p, 1024 * p,
                       4093 * p, 0.1 + 0.01 * p) for p in (1, 2, 4)]
    lines += [run_line("weak-omp", "mst-omp", "boruvka", "weak-%d" % p, 1, 1024 * p, 4093 * p,
                       0.05 + 0.02 * p, threads=p) for p in (1, 2, 4)]
    lines += [run_line("big", "mst-mpi", "boruvka", "huge", p, 2 ** 29, 2 ** 32 + 5, 9.0 / p,
                       threads=t) for p, t in ((4, 1), (1, 4))]
    return lines


class ReportLayout(ReportCase):
    """Issue 37: one section per machine with the latest run of each configuration, the
    cross-paradigm opening, the README block, and a user's report kept apart from the
    repository's."""

    def write_lines(self, name, lines):
        with open(self.path(name), "w") as f:
            f.write("".join(json.dumps(r) + "\n" for r in lines))
        return self.path(name)

    def test_rounds_and_one_shot_runs_of_one_machine(self):
        """A --rounds run and a later one-shot run of the same configuration both stay: the
        repeated-MSF section is kept, the summary takes the one-shot run."""
        repeated = rec("g2", 8000, "mst-omp", "contract", 0.02, threads=4, mst_rounds=3,
                       rounds_s=[0.01, 0.01, 0.01], round_verified=[True, None, True],
                       oneshot_s=0.02, setup_s=0.01, round_s_median=0.01, prepared=True,
                       cumulative_s=[0.01, 0.02, 0.03], break_even_round=1)
        text = self.make(fixed_results() + [repeated,
                                            rec("g2", 8000, "mst-omp", "contract", 0.016,
                                                threads=4)], "--no-plots")
        self.assertIn("**Repeated MSF**", text)
        self.assertIn("| g2 | mst-omp | contract | 4 threads | 20.000 | 10.000 | 10.000 | "
                      "0.50x | 1 | 1 | 3 |", text.splitlines())
        self.assertIn("| mst-omp | contract | 4 threads | 16.000 | 14.400 | 2.50x | 0.5 | same ",
                      text)

    def test_latest_run_of_a_configuration_on_one_machine(self):
        """Runs of two code versions on one machine make one section; each configuration's
        latest run is shown, with the speedup over its own code's baseline."""
        newer = dict(MACHINE_A, commit="def", source="s2", date="2026-11-21T10:00:00Z")
        text = self.make(fixed_results() + [
            rec("g1", 4000, "mst-seq", "kruskal", 0.020, machine=newer),
            rec("g1", 4000, "mst-omp", "waitfree", 0.004, threads=4, machine=newer)],
            "--no-plots")
        self.assertIn("## 1. 2026-11-21: Test CPU, 16 cores, Test GPU "
                      "(mst-seq, mst-omp, mst-mpi, mst-cuda)", text.splitlines())
        self.assertNotIn("## 3.", text)
        rows = text.splitlines()
        self.assertIn("| mst-omp | waitfree | 4 threads | 4.000 | 3.600 | 5.00x | 1.0 | same "
                      "| a 2.00, b 1.00 |", rows)       # over the newer code's 20 ms
        self.assertIn("| mst-omp | waitfree | 2 threads | 10.000 | 9.000 | 1.00x | 0.4 | same "
                      "| a 5.00, b 2.50 |", rows)       # over the older code's 10 ms
        self.assertIn("commit `def`, sources `s2`", text)

    def test_cross_paradigm_opening(self):
        """The opening: each solver's fastest run whose forest agrees with Kruskal's, per
        graph, and the end-to-end table with load, transfers and compute."""
        results = fixed_results()
        for r in results:
            r["load_s"] = 0.001
        text = self.make(results, "--no-plots")
        self.assertLess(text.index("## Across paradigms"), text.index("## 1."))
        rows = text.splitlines()
        self.assertIn("| graph | mst-seq kruskal (ms) | mst-seq | mst-omp | mst-mpi | "
                      "mst-cuda, with transfers | mst-cuda, kernel only |", rows)
        # plain 4 threads is faster but its forest differs: waitfree counts
        self.assertIn("| g1 | 10.000 | 1.25x filter-kruskal 1t | 2.00x waitfree 4t | "
                      "0.40x ghs 2r | 5.00x ecl GPU | 20.00x ecl GPU |", rows)
        self.assertIn("| g1 | mst-cuda | ecl GPU | 1.000 | 1.500 | 0.500 | 3.000 | 33% |", rows)

    def test_peer_timed_by_its_kernels(self):
        """A peer that times its kernels only (ECL-MST) gets a kernel-only column and "-" for
        the time with transfers, and is never the fastest run with transfers."""
        peer = rec("g1", 4000, "ecl-mst", "ECL-MST", 0.0004, device="Test GPU",
                   kernel_s_median=0.0004, kernel_s_min=0.0003, parallelism="gpu",
                   peer={"checkout": "/src/ECL-MST", "commit": "c0"})
        text = self.make(fixed_results() + [peer], "--no-plots")
        rows = text.splitlines()
        self.assertIn("| graph | mst-seq kruskal (ms) | mst-seq | mst-omp | mst-mpi | "
                      "mst-cuda, with transfers | mst-cuda, kernel only | "
                      "ecl-mst, kernel only |", rows)
        self.assertIn("| g1 | ecl-mst ECL-MST | 0.400 | - | - | 25.00x | - | 10.0 | - |", rows)
        self.assertNotIn("ecl-mst, with transfers", text)
        self.assertFalse(any(x.startswith("| g1 |") and x.endswith("0.400 ms |") for x in rows))
        # the README: the suite's means, then the peers beside the suite on their graph only
        import make_report
        readme = self.write("README.md", make_report.README_BEGIN + "\n" +
                            make_report.README_END + "\n")
        self.make(fixed_results() + [peer], "--no-plots", "--readme", readme)
        with open(readme) as f:
            block = " ".join(f.read().split())
        self.assertIn("| mst-seq (1) | mst-omp (2) | mst-mpi (1) | mst-cuda, with transfers (1) "
                      "| mst-cuda, kernel only (1) |", block)
        self.assertIn("On the 1 graph the peers ran ([docs/peers.md](docs/peers.md)): mst-seq "
                      "1.25x, mst-omp 2.00x, mst-mpi 0.40x, mst-cuda, with transfers 5.00x, "
                      "mst-cuda, kernel only 20.00x, ecl-mst, kernel only 25.00x.", block)

    def test_readme_block(self):
        """--readme rewrites the block between the markers, and nothing else; a README
        without them is left as it is."""
        import make_report
        readme = self.write("README.md", "# x\n\nbefore\n%s\nold\n%s\nafter\n" % (
            make_report.README_BEGIN, make_report.README_END))
        plain = self.write("PLAIN.md", "# no block\n")
        self.make(fixed_results() + [], "--no-plots", "--readme", readme)
        with open(readme) as f:
            text = f.read()
        self.assertTrue(text.startswith("# x\n\nbefore\n" + make_report.README_BEGIN), text)
        self.assertTrue(text.endswith(make_report.README_END + "\nafter\n"), text)
        self.assertNotIn("old", text)
        self.assertIn("| 1.25x | 3.16x | 0.40x | 5.00x | 20.00x |", text)
        p = run([PY, REPORT, "--no-plots", "--out", self.path("R.md"), "--readme", plain,
                 self.write_lines("r.jsonl", fixed_results())])
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertIn("has no results block", p.stderr)
        with open(plain) as f:
            self.assertEqual(f.read(), "# no block\n")

    def test_scaling_section_from_the_files_given(self):
        """A scaling log among the files adds its section, the weak-scaling heading from its
        runs' sizes; without one, no repository log is mixed in."""
        text = self.make(fixed_results(), "--no-plots")
        self.assertNotIn("Scaling of mst-mpi", text)
        log = self.write_lines("scaling.jsonl", scaling_log())
        p = run([PY, REPORT, "--no-plots", "--out", self.path("R.md"),
                 self.write_lines("r.jsonl", fixed_results()), log])
        self.assertEqual(p.returncode, 0, p.stderr)
        with open(self.path("R.md")) as f:
            text = f.read()
        self.assertIn("## Scaling of mst-mpi --algo boruvka", text)
        self.assertIn("### Weak scaling (2^10 vertices and about 2^12 edges per core)", text)
        rows = text.splitlines()
        self.assertIn("| | | | mst-omp | 1 x 4 | 0.500 | 2.00 | 1.00 | | | | | |", rows)
        # 4 ranks of 2 MiB less 4 x 1 MiB of Open MPI's over 16,000 edges: 262 bytes an edge
        self.assertIn("| | | | boruvka | 4 x 1 | 0.250 | 4.00 | 2.00 | 4.00 | 2 | 262 | 0.0 "
                      "| 3 |", rows)
        self.assertIn("| | | | boruvka | 1 x 4 | 0.300 | 3.33 | 1.67 | 3.33 | 2 |  | 0.0 | 3 |",
                      rows)
        # Beside 4 x 1, mst-omp at 4 threads against its own one: 0.07 / 0.13 s
        self.assertIn("| 4 | 4 x 1 | boruvka | 0.140 | 79% | 86% | 0.130 (54%) | 2 | 0.0 | 3 |",
                      rows)
        self.assertIn("### A graph above 2^32 edges made by the ranks (`--generate`)", rows)
        self.assertIn("The 2 configurations find the same forest size and total.", rows)
        # A second machine's log: the newest log of each machine size, the largest first
        big = [dict(r, cores=64, date="2026-11-20T10:00Z") if r["tag"] == "machine" else r
               for r in scaling_log()]
        older = [dict(r, date="2026-11-01T10:00Z") if r["tag"] == "machine" else r
                 for r in scaling_log()]
        p = run([PY, REPORT, "--no-plots", "--out", self.path("R.md"),
                 self.write_lines("r.jsonl", fixed_results()), log,
                 self.write_lines("s64.jsonl", big), self.write_lines("old.jsonl", older)])
        self.assertEqual(p.returncode, 0, p.stderr)
        with open(self.path("R.md")) as f:
            text = f.read()
        self.assertLess(text.index("### 64 cores"), text.index("### 16 cores"))
        self.assertIn("From `%s`" % self.path("scaling.jsonl"), text)
        self.assertNotIn("old.jsonl", text)
        self.assertEqual(text.count("#### Weak scaling"), 2)

    def test_scaling_log_of_big_runs_alone(self):
        """A log holding only the graph above 2^32 edges and no machine line: its machine size
        from its runs' cores, no empty strong or weak table, and the columns' note once below
        every machine's tables."""
        big = [dict(r, load_s=12.5) for r in scaling_log() if r["tag"] in ("big", "empty")]
        p = run([PY, REPORT, "--no-plots", "--out", self.path("R.md"),
                 self.write_lines("r.jsonl", fixed_results()),
                 self.write_lines("scaling.jsonl", scaling_log()),
                 self.write_lines("2026-11-28-big.jsonl", big)])
        self.assertEqual(p.returncode, 0, p.stderr)
        with open(self.path("R.md")) as f:
            text = f.read()
        self.assertLess(text.index("### 16 cores"), text.index("### 4 cores"))
        alone = text[text.index("### 4 cores"):]
        self.assertNotIn("Strong scaling", alone)
        self.assertNotIn("Weak scaling", alone)
        self.assertIn("| 4 x 1 | 536870912 | 4294967301 | 12.5 | 2.250 |", alone)
        self.assertEqual(text.count("Compute time: median of the trials"), 1)

    def test_own_results_keep_other_files(self):
        """make report on a user's results writes into its own folder (report/local/ unless
        REPORT_DIR), never the README; a report rewritten in a folder removes only the plots
        its previous version linked."""
        p = run(["make", "-n", "-C", ROOT, "report", "RESULTS=mine.jsonl"])
        self.assertIn("make_report.py --out report/local/REPORT.md mine.jsonl", p.stdout)
        try:
            import matplotlib  # noqa: F401
        except ImportError:
            self.skipTest("no matplotlib for %s" % PY)
        os.makedirs(self.path("plots"))
        foreign = self.write("plots/foreign.png", "not ours")
        with open(os.path.join(ROOT, "README.md")) as f:
            readme = f.read()
        self.make(fixed_results())          # plots named after the machine: no GPU, 16 cores
        self.assertTrue(os.path.exists(self.path("plots/cpu-16c-speedup.png")))
        self.assertTrue(os.path.exists(self.path("pdf/cpu-16c-speedup.pdf")))
        other = self.write_lines("other.jsonl", [
            dict(r, machine=dict(r["machine"], cores=32)) if "machine" in r else r
            for r in fixed_results()])
        p = run([PY, REPORT, "--out", self.path("REPORT.md"), other])
        self.assertEqual(p.returncode, 0, p.stderr)
        pngs = os.listdir(self.path("plots"))
        self.assertIn("cpu-32c-speedup.png", pngs)
        self.assertNotIn("cpu-16c-speedup.png", pngs)
        self.assertFalse(os.path.exists(self.path("pdf/cpu-16c-speedup.pdf")))
        self.assertTrue(os.path.exists(foreign))
        with open(os.path.join(ROOT, "README.md")) as f:
            self.assertEqual(f.read(), readme)


class CommittedReport(Workdir):
    def test_size_and_readme(self):
        """The repository's REPORT.md is at most 60 KB and the README's block is what make
        report writes from the committed results."""
        self.assertLessEqual(os.path.getsize(os.path.join(ROOT, "report", "REPORT.md")),
                             60 * 1024)
        with open(os.path.join(ROOT, "README.md")) as f:
            readme = f.read()
        copy = self.write("README.md", readme)
        results = sorted(glob.glob(os.path.join(ROOT, "report", "results", "*.jsonl")))
        p = run([PY, REPORT, "--no-plots", "--out", self.path("REPORT.md"), "--readme", copy,
                 *results])
        self.assertEqual(p.returncode, 0, p.stderr)
        with open(copy) as f:
            self.assertEqual(f.read(), readme)


class Bench(Workdir):
    def test_tiny_matrix_and_resume(self):
        self.require(os.path.join(BIN, "mst-omp"))
        results = self.path("tiny.jsonl")
        args = ["make", "-s", "-C", ROOT, "bench", "MATRIX=tiny", "RESULTS=" + results,
                "BENCH_ARGS=--data " + self.path("data")]
        # mst-omp keeps the threads asked for on a busy machine (make test runs beside other
        # work): the 2-thread runs must record 2 threads
        env = dict(os.environ, OMP_WAIT_POLICY="passive")
        p = run(args, env=env)
        self.assertEqual(p.returncode, 0, p.stdout + p.stderr)
        with open(results) as f:
            recs = [json.loads(line) for line in f]
        ok = [r for r in recs if r["status"] == "ok"]
        configs = {(r["graph_name"], r["solver"], r["variant"], r["threads"]) for r in ok}
        # every variant of mst-seq, mst-omp's default at 1 and 2 threads (as --describe says)
        expect = [("mst-seq", v, 1) for v in variants(os.path.join(BIN, "mst-seq"))]
        omp = variants(os.path.join(BIN, "mst-omp"))[0]
        expect += [("mst-omp", omp, 1), ("mst-omp", omp, 2)]
        for g in ("tiny-random", "tiny-forest"):
            for c in expect:
                self.assertIn((g,) + c, configs)
        for solver in {r["solver"] for r in ok}:     # each solver that ran, every variant
            self.assertEqual({r["variant"] for r in ok if r["solver"] == solver},
                             set(variants(os.path.join(BIN, solver))))
        weights = {}
        for r in ok:
            self.assertIs(r["verified"], True)
            self.assertGreater(r["compute_s_median"], 0)
            weights.setdefault(r["graph_name"], set()).add(r["msf_weight"])
            for k in ("cpu", "cores", "compiler", "commit", "source", "date"):
                self.assertIn(k, r["machine"])
        self.assertTrue(all(len(w) == 1 for w in weights.values()), weights)
        # solvers that are not built or cannot run are skipped with the reason
        for solver in ("mst-mpi", "mst-cuda"):
            if not any(r["solver"] == solver for r in ok):
                self.assertIn("skipped " + solver, p.stdout)
        # the same command again runs nothing
        p = run(args, env=env)
        self.assertEqual(p.returncode, 0, p.stdout + p.stderr)
        self.assertIn("runs already in", p.stdout)
        with open(results) as f:
            self.assertEqual(len(f.readlines()), len(recs))
        # and the report reads it
        out = self.path("REPORT.md")
        p = run([PY, REPORT, "--no-plots", "--out", out, results])
        self.assertEqual(p.returncode, 0, p.stderr)
        with open(out) as f:
            self.assertIn("| tiny-random |", f.read())


if __name__ == "__main__":
    unittest.main()
