#!/usr/bin/python3
"""Runs calls of the installed mstsuite package for test_python.py, in a process whose
PYTHONPATH is the installation's: python3 mstsuite_call.py IN OUT, IN a pickle of
[(function name, args, kwargs)], OUT a pickle of {"module": mstsuite.__file__, "library": the
libmst it loaded, "results": [("ok", value) or ("error", exception name, message)]}; a Forest
comes back as (edges, total) with edges a NumPy array or a list."""
import pickle
import sys

import mstsuite


def plain(value):
    if isinstance(value, mstsuite.Forest):
        return (value.edges, value.total)
    return value


def main():
    with open(sys.argv[1], "rb") as f:
        calls = pickle.load(f)
    results = []
    for name, args, kwargs in calls:
        try:
            results.append(("ok", plain(getattr(mstsuite, name)(*args, **kwargs))))
        except Exception as e:  # the test compares the type and message
            results.append(("error", type(e).__name__, str(e)))
    with open(sys.argv[2], "wb") as f:
        pickle.dump({"module": mstsuite.__file__, "library": mstsuite.library_path,
                     "results": results}, f)


if __name__ == "__main__":
    main()
