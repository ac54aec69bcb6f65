"""Graphs of SciPy and NetworkX in, their own edges out."""
import numpy as np

from .forest import Forest, minimum_spanning_forest

_TRIANGLES = ("min", "upper", "lower", "both")


def _matrix_entries(matrix):
    """(n, row, col, data) of a square scipy.sparse matrix's stored entries in CSR order (row by
    row, columns increasing), duplicates summed."""
    import scipy.sparse as sp

    if not sp.issparse(matrix):
        raise ValueError("matrix must be a scipy.sparse matrix or array, not %s"
                         % type(matrix).__name__)
    if matrix.shape[0] != matrix.shape[1]:
        raise ValueError("matrix must be square, not %d x %d" % matrix.shape)
    a = sp.csr_matrix(matrix, copy=True)
    a.sum_duplicates()
    n = a.shape[0]
    row = np.repeat(np.arange(n, dtype=np.int64), np.diff(a.indptr))
    return n, row, a.indices.astype(np.int64), a.data


def _pair_minima(row, col, data, maximum=False):
    """One edge per vertex pair {i, j} (i < j) holding an entry in either triangle, weighing
    the smaller (maximum: the larger) of A[i, j] and A[j, i] where both are stored, the first
    in CSR order among equals: (lo, hi, weight, position), pairs in the upper triangle's CSR
    order, `position` the index of the chosen entry in row, col, data (CSR order, as
    _matrix_entries gives them). A NaN entry raises ValueError."""
    if data.dtype.kind == "f" and np.isnan(data).any():
        k = int(np.flatnonzero(np.isnan(data))[0])
        raise ValueError("matrix: entry [%d, %d] is NaN" % (row[k], col[k]))
    up, low = np.flatnonzero(row < col), np.flatnonzero(row > col)
    if len(up) == len(low) and len(up) > 0:
        # The lower triangle transposed into CSR order by SciPy's counting sort, carrying each
        # entry's position; where its pattern is the upper triangle's (a symmetric pattern,
        # the usual input), the pairs are the upper entries and no comparison sort is needed.
        import scipy.sparse as sp

        n = int(max(row.max(), col.max())) + 1
        t = sp.csr_matrix((low.astype(np.int64), (col[low], row[low])), shape=(n, n))
        if (np.array_equal(t.indices, col[up]) and
                np.array_equal(np.repeat(np.arange(n), np.diff(t.indptr)), row[up])):
            mine, other = data[up], data[t.data]
            # The upper entry comes first in CSR order: it wins ties.
            take = other > mine if maximum else other < mine
            chosen = np.where(take, t.data, up)
            return row[up], col[up], data[chosen], chosen
    off = np.flatnonzero(row != col)
    lo, hi, d = np.minimum(row, col)[off], np.maximum(row, col)[off], data[off]
    # Each pair's entries by value, then by position (maximum: the later first), so that the
    # pair's first (maximum: last) entry is the one chosen.
    position = np.arange(len(off))
    order = np.lexsort((-position if maximum else position, d, hi, lo))
    lo, hi = lo[order], hi[order]
    pick = np.ones(len(lo), bool)
    if maximum:
        pick[:-1] = (lo[1:] != lo[:-1]) | (hi[1:] != hi[:-1])
    else:
        pick[1:] = (lo[1:] != lo[:-1]) | (hi[1:] != hi[:-1])
    chosen = off[order][pick]
    return lo[pick], hi[pick], data[chosen], chosen


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
    n, row, col, data = _matrix_entries(matrix)
    if triangle == "min":
        lo, hi, d, _ = _pair_minima(row, col, data)
        ids, total = minimum_spanning_forest(lo, hi, d, n=n, **solve_args)
        chosen = ids.astype(np.int64)
        return Forest(np.column_stack([lo[chosen], hi[chosen]]), total)
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
