"""Benchmark matrices of report/bench.py, as data.

GRAPHS names every input a matrix may use: a file of the repository ("path") or an mst-gen
command line ("gen"), generated once into the data folder (data/bench/NAME.msb, outside git).

A matrix is a dict:
  graphs    names from GRAPHS (or file paths), smallest first: a budget cut keeps the small ones
  runs      entries {solver, label, args, threads | ranks, max_m}; an entry with a list of
            thread or rank counts expands into one run per count; label is the variant's name in
            the tables (default: the solver's default variant); max_m skips larger graphs.
            each_variant(...) stands for every variant of every built solver, as their
            --describe reports them (report/solvers.py): a new solver or variant joins the
            matrices without an edit here; the explicit entries name option variants
  trials    timed trials of each run (the solver adds one untimed warm-up)
  verify    "all" (every run verifies its answer), "baseline" (only mst-seq Kruskal; the report
            compares every other run's MSF weight and edge count with it) or "none"
  timeout_s one run's wall-clock limit; a run that exceeds it is recorded as a timeout, and the
            same configuration is not tried on the larger graphs that follow
  budget_s  no new run starts after this many seconds (generation included); the same command
            resumes, skipping the runs already in the results file for this machine and code
  paper     optional: the paper's experiment it repeats; the report gives it a table of its own
  rounds    optional: every run but the baseline solves R rounds of new random weights on the
            one loaded topology (--rounds R --weights random, docs/rounds.md): its JSON has the
            one-shot time (solve() on round 1's weights), the setup, every round's time and
            the break-even round; verify_every K (optional) verifies every K-th round only

The first run of every matrix is the baseline of all speedups: mst-seq --algo kruskal.
runs(matrix, catalog) gives a matrix's entries with each_variant(...) expanded.
"""
import solvers

# name -> {"path": file in the repository} or {"gen": mst-gen arguments}
GRAPHS = {
    "USA-road-NY": {"path": "graphs/road/USA-road-NY.pace.gr.gz"},
    # Shou and He's sparse and dense sets, section 4.1 (random / G(n, p) with distinct weights)
    "sparse-small": {"gen": ["preset", "sparse-small"]},
    "sparse-medium": {"gen": ["preset", "sparse-medium"]},
    "sparse-large": {"gen": ["preset", "sparse-large"]},
    "dense-small": {"gen": ["preset", "dense-small"]},
    "dense-medium": {"gen": ["preset", "dense-medium"]},
    "dense-large": {"gen": ["preset", "dense-large"]},
    # ECL-MST's generated inputs (Fallin et al. 2023, Table 2)
    "2d-2e20": {"gen": ["preset", "2d-2e20"]},
    "rmat16": {"gen": ["preset", "rmat16"]},
    "rmat22": {"gen": ["preset", "rmat22"]},
    "r4-2e23": {"gen": ["preset", "r4-2e23"]},
    "kron-logn21": {"gen": ["preset", "kron-logn21"]},
    # Ma and Wan's families at 2^18 vertices (section 2, Table 1), complete graphs (Table 4),
    # a density point (Table 5) and the mixed sparse/dense R-MAT workload (section 4)
    "circulant-2e18": {"gen": ["preset", "circulant-2e18"]},
    "grid-2e18": {"gen": ["preset", "grid-2e18"]},
    "rmat-2e18": {"gen": ["preset", "rmat-2e18"]},
    "caveman-2e18": {"gen": ["preset", "caveman-2e18"]},
    "complete-2e12": {"gen": ["preset", "complete-2e12"]},
    "gnp-2e14-p01": {"gen": ["preset", "gnp-2e14-p01"]},
    "rmat-mixed": {"gen": ["preset", "rmat-mixed"]},
    # the dense sweep: complete graphs of 2^9 .. 2^13 vertices (Ma and Wan's Table 4 sizes and
    # the powers of two between) and G(4096, p) at p = 0.1 .. 1.0 (Table 5's sweep, at n = 4096)
    "complete-2e9": {"gen": ["preset", "complete-2e9"]},
    "complete-2e10": {"gen": ["preset", "complete-2e10"]},
    "complete-2e11": {"gen": ["complete", "--vertices", "2048"]},
    "complete-2e13": {"gen": ["complete", "--vertices", "8192"]},
    **{"gnp-2e12-p%02d" % k: {"gen": ["gnp", "--vertices", "4096", "--p", "%.1f" % (k / 10)]}
       for k in range(1, 11)},
    # Sousa et al. 2015 (section V) and Vineet et al. 2009 (section 5): road networks, and the
    # latter's largest random and R-MAT graphs (5M vertices, 30M edges)
    "USA-road-BAY": {"path": "graphs/road/USA-road-BAY.pace.gr.gz"},
    "USA-road-COL": {"path": "graphs/road/USA-road-COL.pace.gr.gz"},
    "random-5M-30M": {"gen": ["random", "--vertices", "5000000", "--edges", "30000000"]},
    "rmat24": {"gen": ["rmat", "--scale", "24"]},
    "random-2e23": {"gen": ["random", "--vertices", "8388608", "--edges", "33554432"]},
    "ssca2-5m": {"gen": ["preset", "ssca2-5m"]},
    # GTgraph's R-MAT parameters (0.45, 0.15, 0.15, 0.25), as Vineet et al. used them
    "rmat-gt-2e22": {"gen": ["rmat", "--scale", "22", "--edge-factor", "7",
                             "--abcd", "0.45,0.15,0.15"]},
    # Ma and Wan's density sweep at its own size (Table 5, Figure 8): G(16384, p), p = 0.1 .. 1.0
    **{"gnp-2e14-p%02d" % k: {"gen": ["gnp", "--vertices", "16384", "--p", "%.1f" % (k / 10)]}
       for k in range(1, 11) if k != 1},
    # Vineet et al. 2009, Figure 13(a, b): random graphs of growing n at 6 edges per vertex
    # (their 5M-vertex, 30M-edge graph's degree), and of growing degree at n = 1M (the text
    # gives no degrees: multiples of 6 up to the 30M edges of their largest graph)
    **{"random-%dM-%dM" % (n, 6 * n): {"gen": ["random", "--vertices", str(n * 1000000),
                                              "--edges", str(6 * n * 1000000)]}
       for n in (1, 2, 3, 4)},
    **{"random-1M-%dM" % m: {"gen": ["random", "--vertices", "1000000",
                                     "--edges", str(m * 1000000)]} for m in (12, 18, 24, 30)},
    # small analogues
    "kron-logn16": {"gen": ["kronecker", "--scale", "16", "--edge-factor", "48"]},
    "geo-2e16": {"gen": ["geometric", "--vertices", "65536", "--degree", "4"]},
    "tiny-random": {"gen": ["random", "--vertices", "2000", "--edges", "6000"]},
    "tiny-forest": {"gen": ["components", "--parts", "3", "kout", "--vertices", "500",
                            "--k", "2"]},
}

BASELINE = {"solver": solvers.BASELINE[0], "label": solvers.BASELINE[1],
            "args": ["--algo", solvers.BASELINE[1]]}


def each_variant(*parallelism, counts=(1,)):
    """An entry standing for every variant of every built solver whose parallelism is one of
    `parallelism` ("sequential", "threads", "ranks", "gpu"; any when none is given). A solver
    that scales runs its default variant at every count of `counts` (threads or ranks: its
    self-speedup) and its other variants at the largest count only."""
    return {"each_variant": list(parallelism), "counts": list(counts)}


def variant_runs(catalog, parallelism, counts):
    """The concrete entries of each_variant(*parallelism, counts=counts) for `catalog`."""
    out = []
    for solver in catalog.solvers():
        if parallelism and catalog.parallelism(solver) not in parallelism:
            continue
        scale = catalog.scales_with(solver)
        for i, v in enumerate(catalog.variants(solver)):
            e = {"solver": solver, "label": v, "args": ["--algo", v]}
            if scale:
                e[scale] = counts if i == 0 else [max(counts)]
            out.append(e)
    return out


def runs(matrix, catalog):
    """The entries of `matrix` (a dict of MATRICES) with every each_variant(...) replaced by
    the built solvers' variants (`catalog`, a solvers.Catalog), each entry once, in order."""
    out = []
    for e in matrix["runs"]:
        expanded = variant_runs(catalog, e["each_variant"], e["counts"]) \
            if "each_variant" in e else [e]
        out += [x for x in expanded if x not in out]
    return out


def omp_variants(threads):
    """mst-omp's union-find, filtering and schedule variants at `threads` threads."""
    t = ["-t", str(threads)]
    runs = [{"solver": "mst-omp", "label": d, "args": t + ["--dsu", d]}
            for d in ("lock", "half", "full", "plain")]
    return runs + [
        {"solver": "mst-omp", "label": "waitfree,no-filter", "args": t + ["--no-filter"]},
        {"solver": "mst-omp", "label": "waitfree,filter-4n",
         "args": t + ["--filter", "--filter-factor", "4"]},
        {"solver": "mst-omp", "label": "waitfree,static", "args": t + ["--schedule", "static"]},
    ]


# mst-cuda's filtering choices and ECL-MST's CSR fill (the default is its own algo name)
CUDA_VARIANTS = [
    {"solver": "mst-cuda", "label": "no-filter", "args": ["--no-filter"]},
    {"solver": "mst-cuda", "label": "filter-4n", "args": ["--filter", "--filter-factor", "4"]},
    {"solver": "mst-cuda", "label": "csr-init", "args": ["--csr-init"]},
]

def at_counts(solver, variant, counts, extra=(), label=None):
    """One entry: `solver --algo variant extra` at every thread count of `counts`."""
    return {"solver": solver, "label": label or variant, "args": ["--algo", variant, *extra],
            "threads": list(counts)}


# The Borůvka families side by side (docs/contraction.md): implicit contraction by union-find
# (the worklist variants) against explicit contraction (contract) and the primitives-based
# recursion, CPU at 1-16 threads and GPU.
FAMILY_RUNS = [
    BASELINE,
    at_counts("mst-omp", "boruvka", [1, 2, 4, 8, 16]),
    at_counts("mst-omp", "contract", [1, 2, 4, 8, 16]),
    at_counts("mst-omp", "contract", [16], ["--merge-parallel"], "contract,merge-parallel"),
    {"solver": "mst-cuda", "label": "ecl", "args": ["--algo", "ecl"]},
    {"solver": "mst-cuda", "label": "contract", "args": ["--algo", "contract"]},
    {"solver": "mst-cuda", "label": "contract,merge-parallel",
     "args": ["--algo", "contract", "--merge-parallel"]},
    {"solver": "mst-cuda", "label": "primitives", "args": ["--algo", "primitives"]},
]

# Repeated MSF (Ma and Wan, section 4): every CPU-parallel and GPU variant, each with its
# prepared path where it has one; the baseline runs one-shot, for the speedups.
ROUNDS_RUNS = [BASELINE, each_variant("threads", counts=[16]), each_variant("gpu")]

# The dense-matrix Borůvka against the sparse codes (docs/dense-hybrid.md): where the n x n
# matrix pays, by density at a fixed n and by n on complete graphs.
DENSE_RUNS = [
    BASELINE,
    at_counts("mst-omp", "boruvka", [16]),
    {"solver": "mst-cuda", "label": "ecl", "args": ["--algo", "ecl"]},
    {"solver": "mst-cuda", "label": "dense", "args": ["--algo", "dense"]},
]

# ECL-MST's threshold-seed study (Fallin et al. 2023, section 5.4, Figures 6 and 7): the
# filtering Borůvkas with their threshold drawn from seeds 1..8 (0: the evenly spread sample),
# on the CPU at 16 threads and on the GPU (ECL-MST's filter: about 4n light edges).
SEED_RUNS = [BASELINE] + [
    e for s in range(9) for e in (
        at_counts("mst-omp", "boruvka", [16],
                  ["--filter", "--filter-factor", "4", "--filter-seed", str(s)],
                  "boruvka,filter-4n,seed-%d" % s),
        {"solver": "mst-cuda", "label": "ecl,filter-4n,seed-%d" % s,
         "args": ["--algo", "ecl", "--filter", "--filter-factor", "4", "--filter-seed", str(s)]})]

# Ma and Wan's scheduling table (Table 3: static, dynamic and guided; 8 threads, n = 262144),
# at 8 and 16 threads
SCHEDULE_RUNS = [BASELINE] + [
    at_counts("mst-omp", "boruvka", [8, 16], ["--schedule", k], "boruvka," + k)
    for k in ("static", "dynamic", "guided")]

# Vineet et al. 2009's sweeps (Figure 13): their primitives-based recursion beside the worklist
# Borůvkas and the CPU
VINEET_RUNS = [
    BASELINE,
    at_counts("mst-omp", "boruvka", [16]),
    {"solver": "mst-cuda", "label": "primitives", "args": ["--algo", "primitives"]},
    {"solver": "mst-cuda", "label": "ecl", "args": ["--algo", "ecl"]},
]

# Sousa et al. 2015's speedup and efficiency (Table III, Figure 5): their explicit contraction
# (contract) and the worklist Borůvka at 1..16 threads, the distributed Borůvka at 1..16 ranks,
# and the GPU's contraction beside them
SOUSA_RUNS = [
    BASELINE,
    at_counts("mst-omp", "contract", [1, 2, 4, 8, 16]),
    at_counts("mst-omp", "boruvka", [1, 2, 4, 8, 16]),
    {"solver": "mst-mpi", "label": "boruvka", "args": ["--algo", "boruvka"],
     "ranks": [1, 2, 4, 8, 16]},
    {"solver": "mst-cuda", "label": "contract", "args": ["--algo", "contract"]},
]


def paper_matrix(paper, graphs, runs, trials=3, budget_s=420):
    """A matrix repeating a paper's experiment (titled `paper` in the report) on the device
    machine in one call, verified against the baseline."""
    return {"paper": paper, "graphs": graphs, "runs": runs, "trials": trials,
            "verify": "baseline", "timeout_s": 60, "budget_s": budget_s}


# Every variant of every solver, the defaults of those that scale at 1 and 2 threads or ranks
# (bench.py skips, with the reason, a solver that cannot run).
LAPTOP_RUNS = [BASELINE, each_variant(counts=[1, 2])]

# What the report's load table (make_report.end_to_end_section) says its load time covers.
LOAD_NOTE = ("load = reading and parsing the file into the canonical edge list, with the "
             "solver's threads (mst-seq and mst-cuda: all cores), as `load_s` of --json; "
             "end to end = load + median compute; the per-format load times of "
             "lab/device-load.sh are in report/loading.md")

MATRICES = {
    # seconds: the CI test of `make bench`
    "tiny": {
        "graphs": ["tiny-random", "tiny-forest"],
        "runs": LAPTOP_RUNS,
        "trials": 1, "verify": "all", "timeout_s": 60, "budget_s": 120,
    },
    # the default: a few minutes on a 2-core laptop (its timings are not results)
    "quick": {
        "graphs": ["USA-road-NY", "dense-medium", "rmat16", "sparse-medium", "2d-2e20"],
        "runs": LAPTOP_RUNS,
        "trials": 5, "verify": "all", "timeout_s": 120, "budget_s": 900,
    },
    # the device machine (16 cores, one GPU): one 10-minute call, resumable
    "full": {
        "graphs": ["USA-road-NY", "dense-medium", "rmat16", "sparse-medium", "2d-2e20",
                   "dense-large", "sparse-large", "rmat22"],
        # the GPU runs (a second each) before the MPI ones (slowest, least known) on each graph
        "runs": [
            BASELINE,
            each_variant("sequential"),
            each_variant("threads", counts=[1, 2, 4, 8, 16]),
            *omp_variants(16),
            each_variant("gpu"),
            *CUDA_VARIANTS,
            each_variant("ranks", counts=[1, 2, 4, 8, 16]),
        ],
        "trials": 5, "verify": "baseline", "timeout_s": 60, "budget_s": 420,
    },
    # the device machine: repeated MSF on Ma and Wan's workloads (issue 20), under 4 minutes
    # with the build (report/device-rounds.sh)
    "rounds": {
        # the headline workload first, so that a budget cut keeps it
        "graphs": ["rmat-mixed", "grid-2e18", "circulant-2e18", "rmat-2e18", "caveman-2e18",
                   "complete-2e12"],
        "runs": ROUNDS_RUNS,
        "rounds": 10, "verify_every": 5,
        "trials": 3, "verify": "all", "timeout_s": 60, "budget_s": 150,
    },
    # a 2-core laptop's check of the rounds matrix (its timings are not results)
    "rounds-tiny": {
        "graphs": ["tiny-random", "tiny-forest"],
        "runs": [BASELINE, each_variant("threads", counts=[2]), each_variant("gpu")],
        "rounds": 4, "verify_every": 2,
        "trials": 1, "verify": "all", "timeout_s": 60, "budget_s": 120,
    },
    # the device machine: load against compute (issue 22), each solver's default variant at
    # 16 threads or ranks and on the GPU, on a text .gr.gz and a 30M-edge .msb
    "load": {
        "graphs": ["USA-road-NY", "random-5M-30M"],
        "runs": [BASELINE, each_variant("sequential"), each_variant("threads", counts=[16]),
                 each_variant("gpu"), each_variant("ranks", counts=[16])],
        "trials": 3, "verify": "baseline", "timeout_s": 60, "budget_s": 300,
    },
    # the device machine: the dense sweep (issue 20), smallest graph first, in one call
    "dense": {
        "graphs": ["complete-2e9", "complete-2e10", "gnp-2e12-p01", "gnp-2e12-p02",
                   "complete-2e11", "gnp-2e12-p03", "gnp-2e12-p04", "gnp-2e12-p05",
                   "gnp-2e12-p06", "gnp-2e12-p07", "gnp-2e12-p08", "gnp-2e12-p09",
                   "gnp-2e12-p10", "complete-2e12", "complete-2e13"],
        "runs": DENSE_RUNS,
        "trials": 3, "verify": "baseline", "timeout_s": 60, "budget_s": 420,
    },
    # the device machine, one call each: the papers' experiments (issue 37)
    "ecl-seeds": paper_matrix("ECL-MST's threshold seeds (Fallin et al. 2023, Figures 6 and 7)",
                              ["rmat16", "kron-logn16", "rmat22"], SEED_RUNS, trials=5),
    "schedules": paper_matrix("OpenMP schedules (Ma and Wan, Table 3)",
                              ["grid-2e18", "circulant-2e18", "rmat-2e18"], SCHEDULE_RUNS,
                              trials=5, budget_s=300),
    "density-2e14": paper_matrix("Density at n = 16,384 (Ma and Wan, Table 5 and Figure 8)",
                                 ["gnp-2e14-p%02d" % k for k in range(1, 11)], DENSE_RUNS),
    "vineet-size": paper_matrix(
        "Random graphs of growing size (Vineet et al. 2009, Figure 13a)",
        ["random-%dM-%dM" % (n, 6 * n) for n in range(1, 6)], VINEET_RUNS),
    "vineet-degree": paper_matrix(
        "Random graphs of growing degree (Vineet et al. 2009, Figure 13b)",
        ["random-1M-%dM" % m for m in range(6, 31, 6)], VINEET_RUNS),
    "sousa-roads": paper_matrix(
        "Speedup and efficiency on road networks (Sousa et al. 2015, Table III)",
        ["USA-road-NY", "USA-road-BAY", "USA-road-COL"], SOUSA_RUNS, trials=5),
    # the device machine: the certifying verifier's time beside the solve's (issue 38), on one
    # thread (mst-seq's) and on 16 (mst-omp's), in one call
    "verify": {
        "graphs": ["rmat22", "random-2e23", "rmat24"],
        "runs": [BASELINE, at_counts("mst-omp", "boruvka", [16])],
        "trials": 3, "verify": "all", "timeout_s": 300, "budget_s": 480,
    },
    # the device machine: the Borůvka families (issue 18, 19) in one call
    "families": {
        "graphs": ["USA-road-NY", "USA-road-BAY", "USA-road-COL", "2d-2e20", "rmat16",
                   "sparse-large", "rmat-gt-2e22", "random-5M-30M", "ssca2-5m"],
        "runs": FAMILY_RUNS,
        "trials": 5, "verify": "baseline", "timeout_s": 60, "budget_s": 420,
    },
}
