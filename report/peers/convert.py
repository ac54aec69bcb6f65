#!/usr/bin/env python3
"""The peers' input files of one graph (docs/peers.md), all from one weighted copy of it:

  NAME.msb   the graph as the suite's solvers load it (`mst-convert --weights auto`: an
             unweighted file gets the solvers' default random weights), which run.py's suite
             runs read and whose edge order the other files keep or name
  NAME.egr   ECL-MST's binary CSR, written by mst-convert (int32 weights only)
  NAME.pbbs  PBBS's WeightedEdgeArray: the header line, then one `u v w` line per edge, in the
             .msb's order (so PBBS's output edge ids are the .msb's), from mst-convert's edge list
  NAME.adj   GBBS's WeightedAdjacencyGraph: the header, n, the number of arcs m (both directions
             of every edge), then one line each for the n offsets, the m targets and the m
             weights, from the .egr's arrays

A file that is newer than the graph it comes from is kept. Every file is written to a temporary
name in its folder and renamed once complete. Only the standard library is used.

usage: report/peers/convert.py GRAPH OUTDIR [FORMAT ...]   (FORMAT: egr pbbs adj; default all)
"""
import array
import os
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
MST_CONVERT = os.path.join(ROOT, "bin", "mst-convert")
FORMATS = ("egr", "pbbs", "adj")
CHUNK = 1 << 20     # numbers per write of the .adj text


class ConvertError(Exception):
    """A conversion failed: the message is one line naming the file."""


def _fresh(path, source):
    return os.path.exists(path) and os.path.getmtime(path) >= os.path.getmtime(source)


def _write(path, fill):
    """Calls fill(binary file) on a temporary file beside `path`, then renames it to `path`."""
    fd, tmp = tempfile.mkstemp(dir=os.path.dirname(path) or ".",
                               prefix=os.path.basename(path) + ".tmp-")
    try:
        umask = os.umask(0)
        os.umask(umask)
        os.fchmod(fd, 0o666 & ~umask)
        with os.fdopen(fd, "wb") as f:
            fill(f)
        os.replace(tmp, path)
    except BaseException:
        os.unlink(tmp)
        raise


def _mst_convert(*args):
    p = subprocess.run([MST_CONVERT, *args], capture_output=True, text=True)
    if p.returncode != 0:
        raise ConvertError((p.stderr.strip().splitlines() or ["mst-convert failed"])[-1])


def write_pbbs(msb, out):
    """PBBS's WeightedEdgeArray of the weighted graph `msb`: mst-convert's edge list (0-based
    `u v w` lines; its `#` lines dropped, the self-loop it may add to keep n kept) under PBBS's
    header."""
    def fill(f):
        f.write(b"WeightedEdgeArray\n")
        p = subprocess.Popen([MST_CONVERT, "--to", "edgelist", msb, "-"],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        rest = b""
        for chunk in iter(lambda: p.stdout.read(1 << 22), b""):
            chunk = rest + chunk
            cut = chunk.rfind(b"\n") + 1
            block, rest = chunk[:cut], chunk[cut:]
            if b"#" in block:
                block = b"".join(l for l in block.splitlines(True) if not l.startswith(b"#"))
            f.write(block)
        err = p.stderr.read().decode(errors="replace").strip()
        if p.wait() != 0 or rest:
            raise ConvertError((err.splitlines() or ["mst-convert's output ends mid-line"])[-1])
    _write(out, fill)


def write_adj(egr, out):
    """GBBS's WeightedAdjacencyGraph of the weighted ECL CSR file `egr` (little-endian int32
    n, m, nindex[n + 1], nlist[m], eweight[m]; docs/formats.md)."""
    with open(egr, "rb") as f:
        head = array.array("i")
        head.fromfile(f, 2)
        n, m = head
        arrays = [array.array("i") for _ in range(3)]
        try:
            for a, count in zip(arrays, (n + 1, m, m)):
                a.fromfile(f, count)
        except EOFError:
            raise ConvertError("%s: shorter than a weighted .egr of its header" % egr) from None
    if sys.byteorder != "little":
        for a in arrays:
            a.byteswap()

    def fill(f):
        f.write(b"WeightedAdjacencyGraph\n%d\n%d\n" % (n, m))
        for a, count in zip(arrays, (n, m, m)):     # GBBS's offsets: nindex less its last
            for i in range(0, count, CHUNK):
                f.write("\n".join(map(str, a[i:min(i + CHUNK, count)])).encode() + b"\n")
    _write(out, fill)


def convert(graph, out_dir, name, formats=FORMATS):
    """Writes the files of `formats` (egr, pbbs, adj; adj needs egr, which it then writes too)
    for `graph` into out_dir as NAME.EXT, and NAME.msb unless `graph` is itself a weighted .msb.
    Returns {"msb": path, format: path}. Raises ConvertError, naming the file, when a format
    cannot hold the graph (.egr: int32 weights only)."""
    os.makedirs(out_dir, exist_ok=True)
    files = {}
    msb = graph if graph.endswith(".msb") and _msb_header(graph)[0] != 0 else \
        os.path.join(out_dir, name + ".msb")
    if msb != graph and not _fresh(msb, graph):
        _mst_convert("--weights", "auto", graph, msb)
    files["msb"] = msb
    egr = os.path.join(out_dir, name + ".egr")
    if "egr" in formats or "adj" in formats:
        if not _fresh(egr, msb):
            _mst_convert(msb, egr)
        files["egr"] = egr
    if "pbbs" in formats:
        files["pbbs"] = os.path.join(out_dir, name + ".pbbs")
        if not _fresh(files["pbbs"], msb):
            write_pbbs(msb, files["pbbs"])
    if "adj" in formats:
        files["adj"] = os.path.join(out_dir, name + ".adj")
        if not _fresh(files["adj"], egr):
            write_adj(egr, files["adj"])
    return files


# .msb weight types (docs/formats.md) as array typecodes: none, int32, uint32, float32, int64,
# uint64, float64
MSB_TYPES = (None, "i", "I", "f", "q", "Q", "d")


def _msb_header(path):
    with open(path, "rb") as f:
        head = f.read(32)
    if len(head) != 32 or head[:8] != b"MSTSUITE":
        raise ConvertError("%s: not a .msb file" % path)
    wtype = int.from_bytes(head[12:16], "little")
    if wtype >= len(MSB_TYPES):
        raise ConvertError("%s: unknown weight type %d" % (path, wtype))
    return wtype, int.from_bytes(head[24:32], "little")


def msb_weights(path):
    """The weights of a weighted .msb file, in edge order, as an array of the stored type."""
    wtype, m = _msb_header(path)
    if MSB_TYPES[wtype] is None:
        raise ConvertError("%s: unweighted" % path)
    a = array.array(MSB_TYPES[wtype])
    with open(path, "rb") as f:
        f.seek(32 + 8 * m)
        try:
            a.fromfile(f, m)
        except EOFError:
            raise ConvertError("%s: shorter than its header says" % path) from None
    if sys.byteorder != "little":
        a.byteswap()
    return a


def main(argv):
    if len(argv) < 2 or any(f not in FORMATS for f in argv[2:]):
        print(__doc__.strip().splitlines()[-1], file=sys.stderr)
        return 1
    name = os.path.basename(argv[0]).split(".")[0]
    try:
        files = convert(argv[0], argv[1], name, tuple(argv[2:]) or FORMATS)
    except (ConvertError, OSError) as e:
        print("convert.py: %s" % e, file=sys.stderr)
        return 2
    for fmt, path in files.items():
        print("%-5s %s" % (fmt, path))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
