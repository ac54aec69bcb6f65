"""The suite's solvers as they describe themselves, so that report/ and scripts/ need no list.

Every executable answers `--describe` with one JSON object (program, kind, parallelism,
variants, options; docs/design.md, Solvers: one descriptor each). A solver is a bin/mst-*
executable whose description says kind "solver"; its parallelism is "sequential", "threads" (it
scales with --threads), "ranks" (it runs under mpirun, one process per rank) or "gpu". The
Makefile's SOLVER_LIST (`executable:folder:toolchain ...`) gives the solvers' order in tables
and the folder of each one's sources, and names those that are not built.

The one solver configuration named here is the baseline of every speedup: mst-seq --algo kruskal.
Only the standard library is used (the device machine installs nothing).
"""
import functools
import json
import os
import re
import subprocess

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BASELINE = ("mst-seq", "kruskal")      # (solver, variant): the reference of every speedup
MPIRUN = ["mpirun", "--allow-run-as-root", "--oversubscribe"]


class DescribeError(Exception):
    """An executable is missing, its --describe failed, or the answer is not the expected
    object. The message is one line naming the executable."""


def is_baseline(solver, variant):
    """True for the baseline run's (solver, variant)."""
    return (solver, variant) == BASELINE


def short_name(solver):
    """A solver's name without the suite's "mst-" prefix, for narrow columns."""
    return solver[4:] if solver.startswith("mst-") else solver


@functools.lru_cache(maxsize=None)
def solver_list(root=ROOT):
    """[(executable, folder, toolchain)] of the SOLVER_LIST line of root/Makefile, in its order
    (e.g. ("mst-seq", "seq", "c")); empty when the Makefile or the line is missing."""
    try:
        with open(os.path.join(root, "Makefile")) as f:
            text = f.read().replace("\\\n", " ")
    except OSError:
        return ()
    line = re.search(r"^SOLVER_LIST\s*[:+?]?=(.*)$", text, re.MULTILINE)
    if not line:
        return ()
    return tuple(tuple(word.split(":")) for word in line.group(1).split()
                 if word.count(":") == 2)


def solver_rank(solver, root=ROOT):
    """Sort key of `solver`: its place in SOLVER_LIST, then unlisted solvers by name."""
    names = [s for s, _, _ in solver_list(root)]
    return (names.index(solver), "") if solver in names else (len(names), solver)


def source_dir(solver, root=ROOT):
    """The folder of `solver`'s sources (relative to root), or None if SOLVER_LIST lacks it."""
    return next((d for s, d, _ in solver_list(root) if s == solver), None)


@functools.lru_cache(maxsize=None)
def describe(path):
    """The --describe object of the executable at `path`, asked once per process. Raises
    DescribeError if the file is missing, the call fails or the answer lacks program, kind or
    variants."""
    if not os.path.isfile(path):
        raise DescribeError("%s is not built" % path)
    try:
        p = subprocess.run([path, "--describe"], capture_output=True, text=True, timeout=60)
    except (OSError, subprocess.SubprocessError) as e:
        raise DescribeError("%s --describe: %s" % (path, e)) from None
    if p.returncode != 0:
        last = (p.stderr.strip().splitlines() or ["exit code %d" % p.returncode])[-1]
        raise DescribeError("%s --describe: %s" % (path, last))
    try:
        d = json.loads(p.stdout)
    except ValueError as e:
        raise DescribeError("%s --describe: not one JSON object (%s)" % (path, e)) from None
    for key in ("program", "kind", "variants"):
        if key not in d:
            raise DescribeError("%s --describe: no \"%s\"" % (path, key))
    return d


class Catalog:
    """The solvers of one bin folder: the built ones, their descriptions (each executable is
    asked once, on first use) and the SOLVER_LIST entries that are not built, with the reason."""

    def __init__(self, bin_dir=None, root=ROOT):
        self.root = root
        self.bin_dir = bin_dir or os.path.join(root, "bin")
        self._solvers = None
        self._missing = {}

    def path(self, solver):
        return os.path.join(self.bin_dir, solver)

    def _scan(self):
        listed = [s for s, _, _ in solver_list(self.root)]
        try:
            found = sorted(f for f in os.listdir(self.bin_dir) if f.startswith("mst-"))
        except OSError:
            found = []
        self._solvers = []
        for name in listed + [f for f in found if f not in listed]:
            try:
                d = describe(self.path(name))
            except DescribeError as e:
                if name in listed:      # unlisted files that do not describe are not solvers
                    self._missing[name] = str(e).replace(self.bin_dir + os.sep, "bin/")
                continue
            if d.get("kind") == "solver":
                self._solvers.append(name)

    def solvers(self):
        """Names of the built solvers: SOLVER_LIST's order, then unlisted ones by name."""
        if self._solvers is None:
            self._scan()
        return list(self._solvers)

    def missing(self):
        """{name: reason} of the SOLVER_LIST solvers that are not built or do not describe."""
        self.solvers()
        return dict(self._missing)

    def description(self, solver):
        """The --describe object of a built solver. Raises DescribeError otherwise."""
        return describe(self.path(solver))

    def variants(self, solver):
        """Variant names of `solver` (its --algo values), the default first, then in the order
        it reports them. Raises DescribeError if it is not built or reports none."""
        reported = self.description(solver)["variants"]
        if not reported:
            raise DescribeError("%s --describe reports no variants" % solver)
        # sorted() is stable: the default moves to the front, the others keep their order
        return [v["name"] for v in sorted(reported, key=lambda v: not v.get("default"))]

    def default_variant(self, solver):
        return self.variants(solver)[0]

    def parallelism(self, solver):
        """"sequential", "threads", "ranks" or "gpu", as `solver` reports it."""
        return self.description(solver).get("parallelism") or "sequential"

    def scales_with(self, solver):
        """"threads" or "ranks" for a solver run at several counts of them, else None."""
        p = self.parallelism(solver)
        return p if p in ("threads", "ranks") else None

    def needs_gpu(self, solver):
        return self.parallelism(solver) == "gpu"

    def launcher(self, solver, count=1, *mpirun_options):
        """The command prefix that starts `solver`: mpirun with `count` processes (and the
        given mpirun options) for a "ranks" solver, nothing for the others."""
        if self.parallelism(solver) != "ranks":
            return []
        return MPIRUN + list(mpirun_options) + ["-np", str(count)]

    def source_dir(self, solver):
        return source_dir(solver, self.root)
