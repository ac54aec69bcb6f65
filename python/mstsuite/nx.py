"""NetworkX's signature: `from mstsuite.nx import minimum_spanning_tree` in place of
`networkx.minimum_spanning_tree` (docs/python.md)."""
import math

from .forest import minimum_spanning_forest

_ALGORITHMS = {"kruskal": "kruskal", "prim": "prim", "boruvka": "boruvka"}


def _spanning_tree(G, weight, algorithm, ignore_nan, maximum, solve_args):
    import networkx as nx

    if algorithm not in _ALGORITHMS:
        raise ValueError("%s is not a valid choice for an algorithm." % algorithm)
    if G.is_directed():
        raise nx.NetworkXNotImplemented("not implemented for directed type")
    rows = list(G.edges(keys=True, data=True) if G.is_multigraph() else G.edges(data=True))
    index = {x: i for i, x in enumerate(G)}
    kept, w = [], []
    for r in rows:
        wt = r[-1].get(weight, 1)
        if isinstance(wt, float) and math.isnan(wt):
            if ignore_nan:
                continue
            raise ValueError("NaN found as an edge weight. Edge %s" % (r,))
        kept.append(r)
        w.append(wt)
    if solve_args.get("solver", "seq") == "seq":
        solve_args.setdefault("algo", _ALGORITHMS[algorithm])
    u = [index[r[0]] for r in kept]
    v = [index[r[1]] for r in kept]
    ids = minimum_spanning_forest(u, v, w or None, n=len(index), maximum=maximum,
                                  **solve_args).edges
    T = G.__class__()
    T.graph.update(G.graph)
    T.add_nodes_from(G.nodes.items())
    T.add_edges_from(kept[i] for i in ids.tolist())
    return T


def minimum_spanning_tree(G, weight="weight", algorithm="kruskal", ignore_nan=False,
                          **solve_args):
    """The minimum spanning tree (forest) of an undirected NetworkX Graph or MultiGraph, as
    networkx.minimum_spanning_tree returns it (NetworkX 2.8): a graph of G's class with G's
    graph attributes, all its nodes with their attributes, and the forest's edges with their
    data (and keys). weight: the edge attribute (1 where missing); algorithm: "kruskal",
    "prim" or "boruvka", the suite's seq variant of that name (every one gives the same
    forest); ignore_nan: drop edges whose weight is NaN instead of raising ValueError.
    Among equal weights the earlier edge of G.edges() wins, as in NetworkX's Kruskal, so the
    forest is NetworkX's Kruskal forest and the same whatever the algorithm. solve_args: those
    of mstsuite.minimum_spanning_forest (solver, threads, options, verify, device; algo
    overrides the algorithm's variant). Raises NetworkXNotImplemented for a directed graph."""
    return _spanning_tree(G, weight, algorithm, ignore_nan, False, dict(solve_args))


def maximum_spanning_tree(G, weight="weight", algorithm="kruskal", ignore_nan=False,
                          **solve_args):
    """As minimum_spanning_tree for the maximum spanning tree (forest), as
    networkx.maximum_spanning_tree; among equal weights the earlier edge still wins."""
    return _spanning_tree(G, weight, algorithm, ignore_nan, True, dict(solve_args))
