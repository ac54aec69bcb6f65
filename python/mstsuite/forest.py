"""minimum_spanning_forest: NumPy arrays in, the forest's edge ids and exact total out."""
import ctypes
import os
from typing import Any, NamedTuple

import numpy as np

from . import _lib

# NumPy weight dtypes -> (msf_weight_type, the dtype the library reads). Narrower types widen
# exactly; bool is 0/1.
_WEIGHT_TYPES = {
    "b": (_lib.INT32, np.int32),
    "i1": (_lib.INT32, np.int32), "i2": (_lib.INT32, np.int32), "i4": (_lib.INT32, np.int32),
    "u1": (_lib.UINT32, np.uint32), "u2": (_lib.UINT32, np.uint32),
    "u4": (_lib.UINT32, np.uint32),
    "f2": (_lib.FLOAT32, np.float32), "f4": (_lib.FLOAT32, np.float32),
    "i8": (_lib.INT64, np.int64), "u8": (_lib.UINT64, np.uint64),
    "f8": (_lib.FLOAT64, np.float64),
}

MAX_VERTICES = 2**32 - 1
MAX_THREADS = 2**31 - 1  # the C API's int


class Forest(NamedTuple):
    """A minimum spanning forest: `edges` in the caller's terms (edge ids for
    minimum_spanning_forest, matrix coordinates for from_scipy, the graph's edges for
    from_networkx) and `total`, the exact total weight (int for integer weights, float
    otherwise). Unpacks as (edges, total)."""
    edges: Any
    total: Any


def solvers():
    """The library's solvers: ['seq', 'omp'], and 'cuda' where libmst was built with CUDA."""
    return _lib.names(_lib.lib.msf_solver_name)


def variants(solver):
    """The variants (algo=) of `solver`, the default first; [] for an unknown solver."""
    return _lib.names(_lib.lib.msf_variant_name, _text(solver, "solver"))


def _vertices(x, name):
    """(x as a contiguous uint32 array, its largest id or -1 where empty)."""
    a = np.asarray(x)
    if a.ndim != 1:
        raise ValueError("%s must be one-dimensional, not of shape %s" % (name, a.shape))
    if a.size and a.dtype.kind not in "iub":
        raise ValueError("%s must hold integer vertex ids, not %s" % (name, a.dtype))
    if a.size and a.dtype.kind == "i" and a.min() < 0:
        raise ValueError("%s: vertex %d is negative" % (name, a.min()))
    largest = int(a.max()) if a.size else -1
    if largest > MAX_VERTICES:
        raise ValueError("%s: vertex %d does not fit 32 bits" % (name, largest))
    return np.ascontiguousarray(a, dtype=np.uint32), largest


def _integer_array(values):
    """values, a sequence of Python or NumPy integers, as an exact int64 or uint64 array: NumPy
    alone would make float64 or object arrays of some mixes (2**63 beside 1; -1 beside 2**63)."""
    lo, hi = min(values), max(values)
    if lo >= -2**63 and hi < 2**63:
        return np.array(values, dtype=np.int64)
    if lo >= 0 and hi < 2**64:
        return np.array(values, dtype=np.uint64)
    if lo < -2**63 or hi >= 2**64:
        bad = lo if lo < -2**63 else hi
        raise ValueError("w: weight %d does not fit 64 bits" % bad)
    raise ValueError("w: integer weights mix negative values (%d) and values above 2^63 - 1 "
                     "(%d): no integer type holds both" % (lo, hi))


def _weights(w, m):
    """(msf_weight_type, contiguous array) for w, or (INT32, None) for unit weights."""
    if w is None:
        return _lib.INT32, None
    if isinstance(w, (list, tuple)) and w and all(isinstance(x, (int, np.integer)) for x in w):
        w = _integer_array(w)
    a = np.asarray(w)
    if a.ndim != 1:
        raise ValueError("w must be one-dimensional, not of shape %s" % (a.shape,))
    if len(a) != m:
        raise ValueError("u, v and w differ in length: %d edges, %d weights" % (m, len(a)))
    key = "b" if a.dtype.kind == "b" else a.dtype.kind + str(a.dtype.itemsize)
    if key not in _WEIGHT_TYPES:
        if a.size == 0:
            return _lib.INT32, None
        raise ValueError("weights of dtype %s are not supported (integers of up to 64 bits, "
                         "float16/32/64)" % a.dtype)
    code, dtype = _WEIGHT_TYPES[key]
    return code, np.ascontiguousarray(a, dtype=dtype)


def _text(x, name):
    """x (a str) as a NUL-free byte string for the C API."""
    if not isinstance(x, str):
        raise TypeError("%s must be a string, not %s" % (name, type(x).__name__))
    if "\0" in x:
        raise ValueError("%s holds a NUL character: %r" % (name, x))
    return x.encode()


def _integer(x, name, lo, hi):
    """x as an int in lo..hi: an int or NumPy integer (not bool), else TypeError/ValueError."""
    if isinstance(x, bool) or not isinstance(x, (int, np.integer)):
        raise TypeError("%s must be an integer, not %s" % (name, type(x).__name__))
    if not lo <= int(x) <= hi:
        raise ValueError("%s = %d is not in %d..%d" % (name, int(x), lo, hi))
    return int(x)


def _option_array(options, solver, device):
    """The C API's NULL-terminated options: `options`, then --device D for device=D (cuda)."""
    if isinstance(options, (str, bytes)) or not isinstance(options, (list, tuple)):
        raise TypeError("options must be a list of strings such as ['--dsu', 'lock'], not %s"
                        % type(options).__name__)
    items = [_text(o, "options[%d]" % i) for i, o in enumerate(options)]
    if device is not None:
        if solver != "cuda":
            raise ValueError("device is for solver 'cuda', not '%s'" % solver)
        items += [b"--device", b"%d" % _integer(device, "device", 0, 1024)]
    return (ctypes.c_char_p * (len(items) + 1))(*items, None)


def _solver_args(solver, algo, threads, options, device):
    """(solver, variant, threads, options) of a solve as the C API takes them."""
    threads = 0 if threads is None else _integer(threads, "threads", 1, MAX_THREADS)
    variant = None if algo is None else _text(algo, "algo")
    name = _text(solver, "solver")
    return name, variant, threads, _option_array(options, solver, device)


def _forest(result, graph, verify=False, matrix=None):
    """Forest(edges, total) of a C result of `graph` (a handle; None for msf_solve_csr's),
    certified by the suite's verifier first with verify: edges, the forest's ids (uint64,
    increasing), or with matrix, the (n, indices, data) of the matrix the result is of,
    (indptr, columns, values), the forest's entries of the matrix in CSR form (msf_result_csr:
    indptr uint64, columns of the indices' dtype, values float64). Frees the result."""
    try:
        if verify:
            _lib.check(_lib.lib.msf_verify(graph, result))
        k = _lib.lib.msf_result_size(result)
        if matrix is not None:
            p64 = ctypes.POINTER(ctypes.c_uint64)
            n, indices, data = matrix
            indptr = np.empty(n + 1, np.uint64)
            position, columns = np.empty(k, np.uint64), np.empty(k, indices.dtype)
            values = np.empty(k, np.float64)
            _lib.check(_lib.lib.msf_result_csr(
                graph, result, indptr.ctypes.data_as(p64), position.ctypes.data_as(p64),
                indices.ctypes.data, data.ctypes.data if data is not None else None,
                columns.ctypes.data, values.ctypes.data_as(ctypes.POINTER(ctypes.c_double))))
            edges = (indptr, columns, values)
        else:
            edges = np.ctypeslib.as_array(_lib.lib.msf_result_edges(result), (k,)).copy() \
                if k else np.zeros(0, np.uint64)
        text = _lib.lib.msf_result_total_text(result).decode()
        is_float = _lib.lib.msf_result_total(result).is_float
        return Forest(edges, float(text) if is_float else int(text))
    finally:
        _lib.lib.msf_result_free(result)


def _csr_arrays(a):
    """(n, (itype, indptr, indices, weight type, data)) of a square CSR matrix a, its arrays
    without copies where their dtypes are the library's."""
    wide = a.indptr.dtype != np.int32 or a.indices.dtype != np.int32
    indptr = np.ascontiguousarray(a.indptr, dtype=np.int64 if wide else np.int32)
    indices = np.ascontiguousarray(a.indices, dtype=np.int64 if wide else np.int32)
    code, warr = _weights(a.data, len(a.data))
    itype = _lib.INDEX_INT64 if wide else _lib.INDEX_INT32
    return _integer(a.shape[0], "n", 0, MAX_VERTICES), (itype, indptr, indices, code, warr)


def _csr_call(n, csr):
    """The matrix's first six arguments of msf_graph_from_csr and msf_solve_csr."""
    itype, indptr, indices, code, warr = csr
    return (n, itype, indptr.ctypes.data, indices.ctypes.data, code,
            warr.ctypes.data if warr is not None else None)


def _solve_csr(a, maximum=False, solver="seq", algo=None, threads=None, options=(),
               device=None):
    """(indptr, columns, values) of _forest, and the total: the forest of the graph of a
    canonical CSR matrix `a` as Graph._from_csr(a, maximum, threads) and its solve give it, in
    one call (libmst's msf_solve_csr), which with solver "cuda" reads the matrix on the GPU."""
    n, csr = _csr_arrays(a)
    result = ctypes.c_void_p()
    _lib.check(_lib.lib.msf_solve_csr(*_csr_call(n, csr), 1 if maximum else 0,
                                      *_solver_args(solver, algo, threads, options, device),
                                      ctypes.byref(result)))
    return _forest(result, None, False, (n, csr[2], csr[4]))


class _Handle:
    """A libmst object, its pointer in _handle, that close(), `with` or garbage collection
    frees with the C function _free."""

    _handle = None

    def close(self):
        if self._handle:
            self._free(self._handle)
            self._handle = ctypes.c_void_p()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def __del__(self):
        self.close()


class Graph(_Handle):
    """A graph held by libmst (msf_graph): n vertices, edges {u[e], v[e]} with weights w[e].
    Several solves of one graph avoid copying it again; close() (or `with`) frees it."""

    _free = _lib.lib.msf_graph_free
    _matrix = None  # a graph of _from_csr: (n, indices, data) of the matrix it was made from

    def __init__(self, u, v, w=None, n=None):
        (u, top_u), (v, top_v) = _vertices(u, "u"), _vertices(v, "v")
        if len(u) != len(v):
            raise ValueError("u and v differ in length: %d and %d" % (len(u), len(v)))
        m = len(u)
        code, warr = _weights(w, m)
        if n is None:
            n = max(top_u, top_v) + 1
        self.n, self.m = _integer(n, "n", 0, MAX_VERTICES), m
        self._handle = ctypes.c_void_p()
        p32 = ctypes.POINTER(ctypes.c_uint32)
        _lib.check(_lib.lib.msf_graph_create(
            self.n, m, u.ctypes.data_as(p32), v.ctypes.data_as(p32), code,
            warr.ctypes.data if warr is not None else None, ctypes.byref(self._handle)))

    @classmethod
    def _from_csr(cls, a, maximum=False, threads=None):
        """The graph of a square CSR matrix `a` (scipy.sparse; each row's columns increasing:
        SciPy's canonical format) as SciPy's csgraph reads it (libmst's msf_graph_from_csr):
        one edge per vertex pair {i, j} (i < j) stored in either triangle, weighing the smaller
        (maximum: the larger) of A[i, j] and A[j, i] where both are, A[i, j] where they are
        equal; ids in the upper triangle's CSR order of pairs; edge e joins the row and the
        column of its entry. The arrays go to the library without copies where their dtypes
        are its own (int32 or int64 indices; data of a weight type it reads); threads: the
        conversion's (None: all cores). A NaN entry raises ValueError."""
        n, csr = _csr_arrays(a)
        threads = 0 if threads is None else _integer(threads, "threads", 1, MAX_THREADS)
        g = cls.__new__(cls)
        g._handle = ctypes.c_void_p()
        g._matrix = (n, csr[2], csr[4])
        _lib.check(_lib.lib.msf_graph_from_csr(*_csr_call(n, csr), 1 if maximum else 0,
                                               threads, ctypes.byref(g._handle)))
        g.n, g.m = n, _lib.lib.msf_graph_edges(g._handle)
        return g

    @classmethod
    def load(cls, path):
        """The graph file at `path`, read by the suite's loaders as the executables read it
        (every format of docs/formats.md, gzipped too; the file's weights, or random ones from
        seed 1 where it has none). Edge ids are the file's canonical ones, those of `mst-seq
        --output-format ids`. Raises ValueError with FILE:LINE for bad input, MemoryError."""
        g = cls.__new__(cls)
        g._handle = ctypes.c_void_p()
        _lib.check(_lib.lib.msf_graph_load(os.fsencode(path), ctypes.byref(g._handle)))
        g.n, g.m = _lib.lib.msf_graph_vertices(g._handle), _lib.lib.msf_graph_edges(g._handle)
        return g

    def endpoints(self):
        """(u, v): two uint32 arrays of length m, edge e's endpoints at position e, by the ids
        solves and traces name (a loaded file's canonical edges)."""
        u, v = np.zeros(self.m, np.uint32), np.zeros(self.m, np.uint32)
        p32 = ctypes.POINTER(ctypes.c_uint32)
        _lib.check(_lib.lib.msf_graph_endpoints(self._handle, u.ctypes.data_as(p32),
                                                v.ctypes.data_as(p32)))
        return u, v

    def solve(self, solver="seq", algo=None, threads=None, options=(), verify=False,
              maximum=False, device=None):
        """The forest as Forest(edges: uint64 ids, increasing; total). See
        minimum_spanning_forest."""
        return self._solve(solver, algo, threads, options, verify, maximum, device)

    def _solve(self, solver="seq", algo=None, threads=None, options=(), verify=False,
               maximum=False, device=None, entries=False):
        """solve(); with entries, for a graph of _from_csr, the forest's edges as the matrix's
        entries (_forest)."""
        args = _solver_args(solver, algo, threads, options, device)
        result = ctypes.c_void_p()
        run = _lib.lib.msf_solve_max if maximum else _lib.lib.msf_solve
        _lib.check(run(self._handle, *args, ctypes.byref(result)))
        return _forest(result, self._handle, verify, self._matrix if entries else None)

    def prepare(self, solver="seq", algo=None, threads=None, options=(), device=None):
        """A PreparedGraph of this graph's topology for repeated solves with new weights:
        solver, algo, threads, options and device as for minimum_spanning_forest. "cuda"
        (algo "ecl", the default, "dense" or "hybrid") keeps the graph on the GPU, so that each
        solve sends only the new weights' keys (4 bytes an edge); "seq" "prim" keeps its CSR;
        other variants solve from scratch each time. The PreparedGraph holds its own copy of
        the graph (this one may be closed). Raises as minimum_spanning_forest does
        (RuntimeError "no GPU (...)" where cuda cannot run)."""
        handle = ctypes.c_void_p()
        _lib.check(_lib.lib.msf_prepare(self._handle, *_solver_args(solver, algo, threads,
                                                                     options, device),
                                        ctypes.byref(handle)))
        return PreparedGraph(handle, self.n, self.m)


class PreparedGraph(_Handle):
    """A graph's topology prepared once by a solver (Graph.prepare; libmst's msf_prepare) for
    repeated solves with new weights on the same edges, as the executables' --rounds: on the
    GPU with solver "cuda". One solve at a time (one PreparedGraph per thread); close() (or
    `with`) frees it and its GPU memory."""

    _free = _lib.lib.msf_prepared_free

    def __init__(self, handle, n, m):
        self._handle, self.n, self.m = handle, n, m

    def solve(self, w=None, maximum=False, verify=False):
        """Forest(edges, total) of the prepared topology with weights w (length m, in the
        order of the graph's edges, any dtype minimum_spanning_forest takes; None: the last
        weights, at first the graph's), the maximum forest with maximum=True. The same as
        minimum_spanning_forest on the same edges with these weights; verify: certified by the
        suite's verifier. Raises ValueError for weights of another length or dtype, NaN or
        infinite weights (naming the edge), and as minimum_spanning_forest does."""
        code, warr = _weights(w, self.m) if w is not None else (_lib.INT32, None)
        result = ctypes.c_void_p()
        _lib.check(_lib.lib.msf_prepared_solve(
            self._handle, code, warr.ctypes.data if warr is not None else None,
            1 if maximum else 0, ctypes.byref(result)))
        return _forest(result, _lib.lib.msf_prepared_graph(self._handle), verify)


def minimum_spanning_forest(u, v, w=None, n=None, solver="seq", algo=None, threads=None,
                            options=(), verify=False, maximum=False, device=None):
    """The minimum spanning forest of the undirected multigraph with edges {u[e], v[e]} of
    weight w[e], under the (weight, edge id) order: the same edges as `mst-seq --output` on
    the same edge list, whatever the solver, variant or threads.

    u, v: integer arrays of length m, vertex ids 0..n-1. w: length m; int8..int64, uint8..uint64,
    float16/32/64 (bool: 0/1), or None for unit weights; NaN and infinities are errors. n: the
    number of vertices (default: the largest id + 1). solver: "seq", "omp" or, where libmst was
    built with CUDA, "cuda" (solvers()); algo: its variant (variants(solver); None: the
    default); threads: "omp" only (None: OMP_NUM_THREADS or all cores); options: the
    executable's own options as a list (["--dsu", "lock"]); device: "cuda" only, the GPU (None:
    GPU 0); verify: certify the answer with the suite's verifier; maximum: the maximum spanning
    forest instead (the same tie rule: among equal weights the lower edge id wins; `mst-seq
    --maximum`). "cuda" sends the arrays to the GPU once per call and keeps nothing there.

    Returns Forest(edges, total): edges, the ids (positions in u, v, w) of the forest's edges
    as an increasing uint64 array; total, the exact total weight (int for integer weights).
    Self-loops are never in the forest; a graph of c components has n - c forest edges.
    Integer weights given as a list keep their exact values (int64, or uint64 above 2^63 - 1).
    Raises ValueError with the library's message for bad input (a vertex not below n, a NaN
    weight, integer weights that fit no 64-bit type together, an unknown solver, variant or
    option, an argument out of range, device for another solver than "cuda"), TypeError for an
    argument of the wrong type (n, threads, device not integers; solver, algo, options not
    strings), MemoryError for memory and size limits, RuntimeError "no GPU (...)" for "cuda"
    where no GPU or driver is present, the device number is not below the GPU count, or libmst
    was built without CUDA."""
    with Graph(u, v, w, n) as g:
        return g.solve(solver, algo, threads, options, verify, maximum, device)


def maximum_spanning_forest(u, v, w=None, n=None, **solve_args):
    """minimum_spanning_forest(..., maximum=True): the maximum spanning forest, among equal
    weights the lower edge id first; the same arguments and result."""
    return minimum_spanning_forest(u, v, w, n, maximum=True, **solve_args)
