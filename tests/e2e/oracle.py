"""Independent oracles for the end-to-end tests: python3-igraph's minimum spanning forest and
small readers for the weighted graphs bundled in graphs/. Nothing here uses the suite's own code."""
import gzip


def msf_weight(n, edges):
    """Total weight of a minimum spanning forest of the undirected multigraph on n vertices with
    edges [(u, v, w)], self-loops allowed (igraph ignores them in a spanning forest)."""
    import igraph  # here, so that machines without it can still run the other tests

    if not edges:
        return 0
    g = igraph.Graph(n=n, edges=[(u, v) for u, v, _ in edges], directed=False)
    weights = [w for _, _, w in edges]
    tree = g.spanning_tree(weights=weights, return_tree=False)
    return sum(weights[e] for e in tree)


def _lines(path):
    opener = gzip.open if path.endswith(".gz") else open
    with opener(path, "rt") as f:
        yield from f


def read_dimacs_sp(path):
    """DIMACS-9 'p sp n m' / 'a u v w' (1-based) -> (n, [(u, v, w)]) with 0-based ids."""
    n, edges = 0, []
    for line in _lines(path):
        t = line.split()
        if not t:
            continue
        if t[0] == "p":
            n = int(t[2])
        elif t[0] == "a":
            edges.append((int(t[1]) - 1, int(t[2]) - 1, int(t[3])))
    return n, edges


def read_mtx(path):
    """Matrix Market coordinate real/integer (general or symmetric) -> (n, [(u, v, w)])."""
    it = _lines(path)
    header = next(it).lower().split()
    real = header[3] in ("real", "double")
    size = None
    edges = []
    for line in it:
        if line.startswith("%") or not line.strip():
            continue
        t = line.split()
        if size is None:
            size = (int(t[0]), int(t[1]))
            continue
        w = float(t[2]) if real else int(t[2])
        edges.append((int(t[0]) - 1, int(t[1]) - 1, w))
    return max(size), edges


def read_wel(path):
    """Edge list 'u v w' (0-based) with '#' comments -> (n, [(u, v, w)])."""
    edges, n = [], 0
    for line in _lines(path):
        if line.startswith("#") or not line.strip():
            continue
        t = line.split()
        w = float(t[2]) if any(c in t[2] for c in ".eEn") else int(t[2])
        edges.append((int(t[0]), int(t[1]), w))
        n = max(n, int(t[0]) + 1, int(t[1]) + 1)
    return n, edges
