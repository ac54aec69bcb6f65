"""Loading libmst and declaring its C API (lib/mst.h) for ctypes.

Where the library comes from, in this order:
  1. the environment variable MSTSUITE_LIB, the path of a libmst.so (nothing else is tried
     when it is set);
  2. the path `make install` recorded in mstsuite/_install.py (PREFIX/lib/libmst.so.1);
  3. the libdir of `pkg-config mst` (a package installed with pip against an installed libmst);
  4. libmst.so.1 through the system's search path (ldconfig's cache, LD_LIBRARY_PATH).
"""
import ctypes
import os
import subprocess

ENV = "MSTSUITE_LIB"
MAJOR, MINOR = 1, 5  # msf_solve_csr came with 1.5
SONAME = "libmst.so.%d" % MAJOR

# msf_status codes (the suite's exit codes).
OK, EUSAGE, EINPUT, ERESOURCE, EVERIFY, EINTERNAL = range(6)

# msf_weight_type.
INT32, UINT32, FLOAT32, INT64, UINT64, FLOAT64 = range(6)

# msf_index_type.
INDEX_INT32, INDEX_INT64 = range(2)


class Total(ctypes.Structure):
    _fields_ = [("is_float", ctypes.c_int), ("value", ctypes.c_double)]


def _candidates():
    env = os.environ.get(ENV)
    if env:
        return [env]
    paths = []
    try:
        from ._install import LIBRARY
        paths.append(LIBRARY)
    except ImportError:
        pass
    try:  # a pip-installed package: the libmst that pkg-config knows
        libdir = subprocess.run(["pkg-config", "--variable=libdir", "mst"], capture_output=True,
                                text=True, check=True).stdout.strip()
        paths.append(os.path.join(libdir, SONAME))
    except (OSError, subprocess.CalledProcessError):
        pass
    return paths + [SONAME]


def _load():
    errors = []
    for path in _candidates():
        try:
            return ctypes.CDLL(path), path
        except OSError as e:
            errors.append(str(e))
    raise ImportError("mstsuite: cannot load libmst (%s); install it with `make install "
                      "PREFIX=...` or set %s to the path of %s" % ("; ".join(errors), ENV,
                                                                   SONAME))


def _declare(lib):
    p, c = ctypes.POINTER, ctypes
    sig = {
        "msf_version": (c.c_char_p, []),
        "msf_last_error": (c.c_char_p, []),
        "msf_solver_name": (c.c_char_p, [c.c_uint]),
        "msf_variant_name": (c.c_char_p, [c.c_char_p, c.c_uint]),
        "msf_graph_create": (c.c_int, [c.c_uint32, c.c_uint64, p(c.c_uint32), p(c.c_uint32),
                                       c.c_int, c.c_void_p, p(c.c_void_p)]),
        "msf_graph_from_csr": (c.c_int, [c.c_uint32, c.c_int, c.c_void_p, c.c_void_p, c.c_int,
                                         c.c_void_p, c.c_int, c.c_int, p(c.c_void_p)]),
        "msf_graph_free": (None, [c.c_void_p]),
        "msf_graph_load": (c.c_int, [c.c_char_p, p(c.c_void_p)]),
        "msf_graph_vertices": (c.c_uint32, [c.c_void_p]),
        "msf_graph_edges": (c.c_uint64, [c.c_void_p]),
        "msf_graph_endpoints": (c.c_int, [c.c_void_p, p(c.c_uint32), p(c.c_uint32)]),
        "msf_solve": (c.c_int, [c.c_void_p, c.c_char_p, c.c_char_p, c.c_int,
                                p(c.c_char_p), p(c.c_void_p)]),
        "msf_solve_max": (c.c_int, [c.c_void_p, c.c_char_p, c.c_char_p, c.c_int,
                                    p(c.c_char_p), p(c.c_void_p)]),
        "msf_solve_csr": (c.c_int, [c.c_uint32, c.c_int, c.c_void_p, c.c_void_p, c.c_int,
                                    c.c_void_p, c.c_int, c.c_char_p, c.c_char_p, c.c_int,
                                    p(c.c_char_p), p(c.c_void_p)]),
        "msf_result_free": (None, [c.c_void_p]),
        "msf_result_size": (c.c_uint64, [c.c_void_p]),
        "msf_result_edges": (p(c.c_uint64), [c.c_void_p]),
        "msf_result_total": (Total, [c.c_void_p]),
        "msf_result_total_text": (c.c_char_p, [c.c_void_p]),
        "msf_result_csr": (c.c_int, [c.c_void_p, c.c_void_p, p(c.c_uint64), p(c.c_uint64),
                                     c.c_void_p, c.c_void_p, c.c_void_p, p(c.c_double)]),
        "msf_result_components": (c.c_uint64, [c.c_void_p]),
        "msf_verify": (c.c_int, [c.c_void_p, c.c_void_p]),
        "msf_prepare": (c.c_int, [c.c_void_p, c.c_char_p, c.c_char_p, c.c_int, p(c.c_char_p),
                                  p(c.c_void_p)]),
        "msf_prepared_solve": (c.c_int, [c.c_void_p, c.c_int, c.c_void_p, c.c_int,
                                         p(c.c_void_p)]),
        "msf_prepared_graph": (c.c_void_p, [c.c_void_p]),
        "msf_prepared_free": (None, [c.c_void_p]),
    }
    for name, (restype, argtypes) in sig.items():
        f = getattr(lib, name)
        f.restype, f.argtypes = restype, argtypes
    return lib


lib, path = _load()
_declare(lib)
version = lib.msf_version().decode()
if int(version.split(".")[0]) != MAJOR or int(version.split(".")[1]) < MINOR:
    raise ImportError("mstsuite: %s is libmst %s; this package needs version %d.%d or a later "
                      "%d.x" % (path, version, MAJOR, MINOR, MAJOR))


def check(status):
    """Raises the library's last error for a failed call: ValueError for bad arguments and bad
    input, MemoryError for memory and size limits, RuntimeError otherwise, "no GPU (...)" (the
    cuda solver without a GPU, or in a libmst built without CUDA) included."""
    if status == OK:
        return
    message = lib.msf_last_error().decode(errors="replace")
    if status in (EUSAGE, EINPUT):
        raise ValueError(message)
    if status == ERESOURCE and not message.startswith("no GPU"):
        raise MemoryError(message)
    raise RuntimeError(message)


def names(get, *args):
    """The list get(*args, 0), get(*args, 1), ... up to the first NULL."""
    out = []
    while True:
        name = get(*args, len(out))
        if name is None:
            return out
        out.append(name.decode())
