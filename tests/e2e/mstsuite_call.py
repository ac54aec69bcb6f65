#!/usr/bin/python3
"""Runs calls of the installed mstsuite package for test_python.py, in a process whose
PYTHONPATH is the installation's: python3 mstsuite_call.py IN OUT, IN a pickle of
[(function name, args, kwargs)] (a name in mstsuite, or "MODULE.NAME" in mstsuite.MODULE), OUT a pickle of {"module": mstsuite.__file__, "library": the
libmst it loaded, "results": [("ok", value) or ("error", exception name, message)]}; a Forest
comes back as (edges, total) with edges a NumPy array or a list. The function name
"concurrently" runs its argument, a list of such calls, in one thread each, started together;
its value is their results. The function name "prepared" runs prepared() below."""
import importlib
import pickle
import sys
import threading

import mstsuite


def plain(value):
    if isinstance(value, mstsuite.Forest):
        return (value.edges, value.total)
    return value


def prepared(u, v, w, n, prepare_args, rounds):
    """Graph(u, v, w, n).prepare(**prepare_args), then for each (weights, maximum) of rounds
    solve(weights, maximum, verify=True): their results, as call() gives them."""
    with mstsuite.Graph(u, v, w, n) as g, g.prepare(**prepare_args) as p:
        results = []
        for weights, maximum in rounds:
            try:
                results.append(("ok", plain(p.solve(weights, maximum, verify=True))))
            except Exception as e:
                results.append(("error", type(e).__name__, str(e)))
        return results


def call(name, args, kwargs):
    try:
        if name in ("concurrently", "prepared"):
            return ("ok", globals()[name](*args, **kwargs))
        module, _, function = name.rpartition(".")  # "csgraph.minimum_spanning_tree"
        owner = importlib.import_module("mstsuite." + module) if module else mstsuite
        return ("ok", plain(getattr(owner, function)(*args, **kwargs)))
    except Exception as e:  # the test compares the type and message
        return ("error", type(e).__name__, str(e))


def concurrently(calls):
    results = [None] * len(calls)
    start = threading.Barrier(len(calls))

    def one(i):
        start.wait()
        results[i] = call(*calls[i])

    threads = [threading.Thread(target=one, args=(i,)) for i in range(len(calls))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return results


def main():
    with open(sys.argv[1], "rb") as f:
        calls = pickle.load(f)
    results = [call(name, args, kwargs) for name, args, kwargs in calls]
    with open(sys.argv[2], "wb") as f:
        pickle.dump({"module": mstsuite.__file__, "library": mstsuite.library_path,
                     "results": results}, f)


if __name__ == "__main__":
    main()
