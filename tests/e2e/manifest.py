"""The real graphs bundled in graphs/ and their figures, read from graphs/MANIFEST.tsv (one row
per file: path relative to graphs/, format, n, entries, self_loops, weights, components,
msf_edges, msf_weight, source, licence; graphs/README.md explains the columns). The files are
part of the repository: a missing one is an error of the checkout, never a reason to skip."""
import csv
import os

GRAPHS = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))),
                      "graphs")
MANIFEST = os.path.join(GRAPHS, "MANIFEST.tsv")
COUNTS = ("n", "entries", "self_loops", "components", "msf_edges")


def rows():
    """Every row of the manifest as a dict: counts as int, msf_weight as float, the rest str."""
    with open(MANIFEST, newline="") as f:
        out = []
        for row in csv.DictReader(f, delimiter="\t"):
            for key in COUNTS:
                row[key] = int(row[key])
            row["msf_weight"] = float(row["msf_weight"])
            out.append(row)
    return out


def path(name):
    """Absolute path of graphs/NAME (e.g. "road/rome99.gr.gz"); FileNotFoundError if absent."""
    p = os.path.join(GRAPHS, name)
    if not os.path.isfile(p):
        raise FileNotFoundError("bundled graph %s is missing (see graphs/MANIFEST.tsv)" % p)
    return p


def paths():
    """Absolute paths of every bundled graph, in manifest order (each must exist)."""
    return [path(row["path"]) for row in rows()]


def method_name(name):
    """A unittest method name for graph NAME: "road/rome99.gr.gz" -> "test_road_rome99_gr_gz"."""
    return "test_" + "".join(c if c.isalnum() else "_" for c in name)
