"""What an executable of the suite says about itself: `PROGRAM --describe` prints one JSON object
(program, kind, description, parallelism, variants, options) and exits 0. Tests take the
variants to compare and an option's choices from it, so that a variant added to an executable is
covered without editing the tests."""
import functools
import json
import os
import subprocess


class DescribeError(Exception):
    """The executable is missing, --describe failed, or its answer is not the expected object."""


@functools.lru_cache(maxsize=None)
def describe(binary):
    """The --describe object of the executable at path `binary` (e.g. bin/mst-seq). Raises
    DescribeError if it cannot be had; each executable is asked once per process."""
    if not os.path.exists(binary):
        raise DescribeError("%s is missing (make all builds it)" % binary)
    p = subprocess.run([binary, "--describe"], capture_output=True, text=True, timeout=60)
    if p.returncode != 0:
        raise DescribeError("%s --describe: exit %d: %s" % (binary, p.returncode,
                                                           p.stderr.strip()))
    try:
        d = json.loads(p.stdout)
    except json.JSONDecodeError as e:
        raise DescribeError("%s --describe: not one JSON object (%s)" % (binary, e)) from None
    for key in ("program", "kind", "variants", "options"):
        if key not in d:
            raise DescribeError("%s --describe: no \"%s\"" % (binary, key))
    return d


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
