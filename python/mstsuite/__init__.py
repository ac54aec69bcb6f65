"""mstsuite: minimum spanning forests with mst-suite's solvers, through libmst (docs/python.md).

    minimum_spanning_forest(u, v, w, n=None, solver="seq", algo=None, threads=None,
                            maximum=False, device=None)   maximum_spanning_forest(u, v, w, ...)
    Graph(u, v, w).prepare(solver="cuda").solve(w2)       repeated solves with new weights
    from_scipy(matrix, triangle="min", ...)       from_networkx(G, weight="weight", ...)
    single_linkage(points, metric="euclidean") or single_linkage(graph=(u, v, w))

Edges are ordered by (weight, edge id), so the forest is unique and equals `mst-seq --output`
on the same edge list. The package loads libmst from MSTSUITE_LIB, else from where `make
install` put it, else through the system's library path (_lib.py).
"""
from ._lib import path as library_path
from ._lib import version as library_version
from .adapters import from_networkx, from_scipy
from .forest import (Forest, Graph, PreparedGraph, maximum_spanning_forest,
                     minimum_spanning_forest, solvers, variants)
from .linkage import single_linkage

__version__ = library_version
__all__ = ["Forest", "Graph", "PreparedGraph", "from_networkx", "from_scipy", "library_path", "library_version",
           "maximum_spanning_forest", "minimum_spanning_forest", "single_linkage", "solvers",
           "variants"]
