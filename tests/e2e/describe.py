"""What an executable of the suite says about itself: `PROGRAM --describe` prints one JSON object
(program, kind, description, parallelism, variants, options) and exits 0. Tests take the
variants to compare and an option's choices from it, so that a variant added to an executable is
covered without editing the tests."""
import os
import sys

# One reader of --describe for the tests and report/ (report/solvers.py).
sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__)))), "report"))
from solvers import DescribeError, describe  # noqa: E402  (after the path is set)


def variants(binary):
    """Names of the variants of `binary` (a solver's --algo values, mst-gen's families), the
    default first, then in the order reported. Raises DescribeError when there are none."""
    reported = describe(binary)["variants"]
    if not reported:
        raise DescribeError("%s --describe reports no variants" % binary)
    # sorted() is stable: the default moves to the front, the others keep their order.
    return [v["name"] for v in sorted(reported, key=lambda v: not v.get("default"))]


def option(binary, name):
    """The reported entry of option `name` (e.g. "--dsu", or its alias): name, alias, kind,
    default, choices, help. Raises DescribeError if `binary` has no such option."""
    for o in describe(binary)["options"]:
        if name in (o["name"], o.get("alias")):
            return o
    raise DescribeError("%s --describe: no option %s" % (binary, name))


def choices(binary, name):
    """The values option `name` accepts, in the order reported. Raises DescribeError if the
    option is unknown or takes no fixed set of values."""
    values = option(binary, name).get("choices")
    if not values:
        raise DescribeError("%s %s: no choices reported" % (binary, name))
    return list(values)
