"""SciPy's signature: `from mstsuite.csgraph import minimum_spanning_tree` in place of
`from scipy.sparse.csgraph import minimum_spanning_tree` (docs/python.md)."""
import numpy as np

from .adapters import _canonical
from .forest import Graph, _solve_csr


def _spanning_tree(csgraph, maximum, explicit_zeros, solve_args):
    import scipy.sparse as sp

    if sp.issparse(csgraph):
        a = _canonical(csgraph, explicit_zeros)
    else:
        dense = np.asarray(csgraph)
        if dense.ndim != 2:
            raise ValueError("csgraph must be two-dimensional, not of shape %s" % (dense.shape,))
        a = _canonical(sp.csr_matrix(dense))  # a dense zero is no edge, as in SciPy
    args = dict(solve_args)
    if args.pop("verify", False):  # the verifier reads the graph: made on the host
        with Graph._from_csr(a, maximum, args.get("threads")) as g:
            (indptr, columns, values), _ = g._solve(maximum=maximum, entries=True, verify=True,
                                                    **args)
    else:
        (indptr, columns, values), _ = _solve_csr(a, maximum, **args)
    return sp.csr_matrix((values, columns.astype(a.indices.dtype, copy=False),
                          indptr.astype(a.indices.dtype)), shape=a.shape)


def minimum_spanning_tree(csgraph, overwrite=False, *, explicit_zeros=True, **solve_args):
    """The minimum spanning tree (forest) of an undirected graph, as
    scipy.sparse.csgraph.minimum_spanning_tree returns it.

    csgraph: an N x N array or scipy.sparse matrix or array of any format. Like SciPy, the
    graph is undirected: i and j are joined when A[i, j] or A[j, i] is stored (a dense zero is
    no edge), by the smaller of the two where both are; duplicates of a sparse entry are
    summed. Returns an N x N scipy.sparse.csr_matrix of float64 holding each forest edge once,
    at the position of the entry it came from. overwrite is accepted for SciPy's signature; the
    input is never changed.
    Where the suite differs on purpose: an explicitly stored zero of a sparse matrix is an edge
    of weight 0 (explicit_zeros=False drops them, as SciPy does), and ties between equal
    weights are broken by the (weight, edge id) order, edge ids following the pairs {i < j} in
    CSR order, so the forest is unique and the same for every solver (SciPy's may differ where
    weights tie, its total never). solve_args: those of mstsuite.minimum_spanning_forest
    (solver, algo, threads, options, verify, device); threads is the conversion's team too
    (None: all cores, whatever the solver). Like SciPy's, the call certifies nothing unless
    verify=True (the suite's verifier, O((n + m) log n)); the matrix's structure and values are
    always checked. A canonical CSR matrix with int32 or int64 indices and a dtype of the
    library's weights is read without a copy.
    Raises ValueError for a matrix that is not square, a NaN entry, and as
    minimum_spanning_forest does."""
    del overwrite
    return _spanning_tree(csgraph, False, explicit_zeros, solve_args)


def maximum_spanning_tree(csgraph, overwrite=False, *, explicit_zeros=True, **solve_args):
    """As minimum_spanning_tree for the maximum spanning tree (forest): the larger of A[i, j]
    and A[j, i] joins i and j, and among equal weights the lower edge id still wins."""
    del overwrite
    return _spanning_tree(csgraph, True, explicit_zeros, solve_args)
