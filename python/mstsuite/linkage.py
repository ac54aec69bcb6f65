"""Single-linkage clustering from the minimum spanning forest, in SciPy's linkage format.

Single linkage merges, at each step, the two clusters joined by the shortest remaining distance;
its merges are the minimum spanning tree's edges taken in increasing order (Gower and Ross 1969).
"""
import numpy as np

from .forest import minimum_spanning_forest


def _graph_of_points(points, metric):
    """(n, u, v, d) of the complete graph of the points (2-D: observations by rows, distances by
    scipy.spatial.distance.pdist) or of a condensed distance vector (1-D, as scipy's linkage
    takes); edge ids are the condensed order (0,1), (0,2), ..., (1,2), ..."""
    from scipy.spatial.distance import num_obs_y, pdist

    x = np.asarray(points)
    if x.ndim == 2:
        n, d = x.shape[0], pdist(x, metric)
    elif x.ndim == 1:
        n, d = (num_obs_y(x) if x.size else 1), np.asarray(x, dtype=np.float64)
    else:
        raise ValueError("points must be 2-D (observations) or 1-D (condensed distances)")
    u, v = np.triu_indices(n, k=1)
    return n, u, v, d


def _ranks(d):
    """uint32 keys with the order of the distances d (equal distances, equal keys): the forest
    depends only on that order, so any real distances are exact keys for the library."""
    d = np.asarray(d, dtype=np.float64)
    if not np.all(np.isfinite(d)):
        bad = int(np.flatnonzero(~np.isfinite(d))[0])
        raise ValueError("distance %d is %s: distances must be finite numbers" % (bad, d[bad]))
    ranks = np.unique(d, return_inverse=True)[1] if d.size else np.zeros(0, np.int64)
    return d, np.asarray(ranks, dtype=np.uint32).ravel()


def _label(n, u, v, dist):
    """SciPy's linkage matrix from merges (u[i], v[i]) at dist[i], in merge order: row i joins
    the clusters of u[i] and v[i] (smaller cluster number first) into cluster n + i."""
    parent = np.arange(2 * n - 1)
    size = np.ones(2 * n - 1, dtype=np.int64)
    z = np.zeros((n - 1, 4))

    def find(x):
        root = x
        while parent[root] != root:
            root = parent[root]
        while parent[x] != root:
            parent[x], x = root, parent[x]
        return root

    for i in range(n - 1):
        a, b = find(u[i]), find(v[i])
        parent[a] = parent[b] = n + i
        size[n + i] = size[a] + size[b]
        z[i] = (min(a, b), max(a, b), dist[i], size[n + i])
    return z


def single_linkage(points=None, metric="euclidean", *, graph=None, solver="seq", algo=None,
                   threads=None):
    """Single-linkage clustering as scipy.cluster.hierarchy.linkage(..., method='single')
    returns it: an (n - 1) x 4 float array whose row i merges clusters Z[i, 0] < Z[i, 1] at
    distance Z[i, 2] into a cluster of Z[i, 3] points, numbered n + i.

    Give either points (an n x d array, whose distances are pdist(points, metric), a complete
    graph of n (n - 1) / 2 edges; or a 1-D condensed distance vector, as linkage takes) or
    graph = (u, v, w) or (u, v, w, n): edges {u[e], v[e]} at distance w[e] on vertices
    0..n-1 (n: the largest id + 1 by default), which must be connected (ValueError
    otherwise). Merges go in increasing (distance, edge id) order; the edge ids (the condensed
    order for points) decide between equal distances, where SciPy's own order may differ: Z's
    distance column is the same for every tie order, its cluster columns need not be.
    Distances must be finite. solver, algo, threads: as for minimum_spanning_forest."""
    if (points is None) == (graph is None):
        raise ValueError("give either points or graph=(u, v, w[, n])")
    if graph is not None:
        if len(graph) not in (3, 4):
            raise ValueError("graph must be (u, v, w) or (u, v, w, n)")
        u, v, w = (np.asarray(x) for x in graph[:3])
        n = graph[3] if len(graph) == 4 else (int(max(u.max(), v.max())) + 1 if u.size else 0)
    else:
        n, u, v, w = _graph_of_points(points, metric)
    if len(w) != len(u):
        raise ValueError("graph: %d edges but %d distances" % (len(u), len(w)))
    d, ranks = _ranks(w)
    if n <= 1:
        return np.zeros((0, 4))
    ids, _ = minimum_spanning_forest(u, v, ranks, n=n, solver=solver, algo=algo,
                                     threads=threads)
    if len(ids) != max(n - 1, 0):
        raise ValueError("the graph is disconnected (%d components): single linkage needs a "
                         "connected graph" % (n - len(ids)))
    ids = ids.astype(np.int64)
    order = ids[np.lexsort((ids, ranks[ids]))]
    return _label(n, u[order], v[order], d[order])
