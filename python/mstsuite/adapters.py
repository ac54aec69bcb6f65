"""Graphs of SciPy and NetworkX in, their own edges out."""
import numpy as np

from .forest import Forest, Graph, minimum_spanning_forest

_TRIANGLES = ("min", "upper", "lower", "both")


def _canonical(matrix, explicit_zeros=True):
    """A square scipy.sparse matrix as a CSR matrix in SciPy's canonical format (each row's
    columns increasing, duplicates summed), without its stored zeros unless explicit_zeros
    (those dropped first): the matrix itself where it is one already, else a new one (the
    caller's is never changed)."""
    import scipy.sparse as sp

    if not sp.issparse(matrix):
        raise ValueError("matrix must be a scipy.sparse matrix or array, not %s"
                         % type(matrix).__name__)
    if matrix.shape[0] != matrix.shape[1]:
        raise ValueError("matrix must be square, not %d x %d" % matrix.shape)
    a = matrix if matrix.format == "csr" else matrix.tocsr()
    zeros = not explicit_zeros and not a.data.all()
    if zeros or not a.has_canonical_format:
        a = a.copy()
        if zeros:
            a.eliminate_zeros()  # the stored zeros, before duplicates are summed
        a.sum_duplicates()
    return a


def from_scipy(matrix, triangle="min", **solve_args):
    """The minimum spanning forest of the undirected graph of a square scipy.sparse matrix.

    Every stored entry A[i, j] (explicit zeros included; duplicates summed) with i != j gives an
    edge {i, j} of weight A[i, j]. triangle says how the two triangles are read:
      "min" (the default, SciPy's csgraph reading): one edge per pair {i, j} with an entry in
        either triangle, of the smaller weight where both A[i, j] and A[j, i] are stored, so a
        symmetric, a one-triangle or a non-symmetric matrix (a k-nearest-neighbour graph) all
        give their graph;
      "upper" (i < j) or "lower" (i > j): that triangle only, the other ignored;
      "both": every off-diagonal entry an edge of its own (a directed graph read as undirected).
    Unlike SciPy, an explicit zero is an edge of weight 0. Diagonal entries are self-loops and
    never part of a forest. Edge ids, which break ties between equal weights, follow CSR order
    (for "min": the pairs' order in the upper triangle).

    solve_args: those of minimum_spanning_forest (solver, algo, threads, options, verify,
    device).
    Returns Forest(edges, total): edges, the forest's entries as an int64 array of [i, j] rows
    (matrix coordinates, in CSR order; i < j for "min"); total, the exact total weight.
    Raises ValueError for a matrix that is not square and sparse, a NaN entry, an unknown
    triangle, and as minimum_spanning_forest does."""
    if triangle not in _TRIANGLES:
        raise ValueError("triangle must be one of %s, not %r" % (", ".join(_TRIANGLES), triangle))
    a = _canonical(matrix)
    if triangle == "min":
        with Graph._from_csr(a, threads=solve_args.get("threads")) as g:
            ids, total = g.solve(**solve_args)
            u, v = (x[ids.astype(np.int64)].astype(np.int64) for x in g.endpoints())
        return Forest(np.column_stack([np.minimum(u, v), np.maximum(u, v)]), total)
    n = a.shape[0]
    row = np.repeat(np.arange(n, dtype=np.int64), np.diff(a.indptr))
    col, data = a.indices.astype(np.int64), a.data
    keep = {"upper": row < col, "lower": row > col, "both": row != col}[triangle]
    entry = np.flatnonzero(keep)
    ids, total = minimum_spanning_forest(row[entry], col[entry], data[entry], n=n, **solve_args)
    chosen = entry[ids.astype(np.int64)]
    return Forest(np.column_stack([row[chosen], col[chosen]]), total)


def from_networkx(G, weight="weight", default=1, **solve_args):
    """The minimum spanning forest of a NetworkX Graph or MultiGraph.

    Vertices are G's nodes in the order of list(G); edge e is the e-th edge of G.edges() (with
    keys for multigraphs), which breaks ties between equal weights. Its weight is the edge
    attribute `weight`, or `default` where missing; weight=None gives every edge weight 1.
    Weights must be numbers (int, float, NumPy scalars). Self-loops are never in a forest.
    Directed graphs are refused (G.to_undirected() first).

    solve_args: those of minimum_spanning_forest (solver, algo, threads, options, verify,
    device).
    Returns Forest(edges, total): edges, the forest as a list of G's edges, (u, v) tuples, or
    (u, v, key) for multigraphs, in G.edges() order; total, the exact total weight."""
    if G.is_directed():
        raise ValueError("G is directed: pass G.to_undirected()")
    index = {x: i for i, x in enumerate(G)}
    multi = G.is_multigraph()
    kw = {"keys": True} if multi else {}
    if weight is None:
        edges, w = list(G.edges(**kw)), None
    else:
        rows = list(G.edges(data=weight, default=default, **kw))
        edges = [r[:-1] for r in rows]
        w = [r[-1] for r in rows] if rows else np.zeros(0, np.int32)
    u = np.fromiter((index[e[0]] for e in edges), np.int64, len(edges))
    v = np.fromiter((index[e[1]] for e in edges), np.int64, len(edges))
    ids, total = minimum_spanning_forest(u, v, w, n=len(index), **solve_args)
    return Forest([edges[i] for i in ids.tolist()], total)
