#!/usr/bin/python3
"""The trip a reader takes to follow one run from main() to the printed forest: which of the
repository's files hold code that the run executes, and the project headers those files include
(transitively), with their line counts.

    scripts/trip.py [PROGRAM ARG...]     (default: mst-seq --algo kruskal on a plain .gr file)

It builds the program with gcc's --coverage into build/trip (bin/trip), runs it once, asks gcov
which source lines ran, and prints every file of the trip (executed ones marked '*'), then two
totals: the executed files, and those with their headers. Tests, generated and system files are
not counted. Needs gcc and gcov; takes a minute on two cores."""
import glob
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BUILD, BIN = "build/trip", "bin/trip"


def executed_files():
    """Repository files with at least one executed line, from every .gcda of the build."""
    found = set()
    for gcda in glob.glob(os.path.join(ROOT, BUILD, "**", "*.gcda"), recursive=True):
        out = subprocess.run(["gcov", "--json-format", "--stdout", gcda], cwd=ROOT,
                             capture_output=True, text=True, check=True).stdout
        for line in filter(str.strip, out.splitlines()):
            for f in json.loads(line)["files"]:
                path = os.path.relpath(os.path.join(ROOT, f["file"]), ROOT)
                if not path.startswith("..") and any(x["count"] > 0 for x in f["lines"]):
                    found.add(path)
    return found


def include_dirs():
    """The -I folders of the build (the Makefile's include path), for quoted includes."""
    out = subprocess.run(["make", "-s", "-C", ROOT, "-pn"], capture_output=True,
                         text=True).stdout
    dirs = re.findall(r"-I(\S+)", " ".join(l for l in out.splitlines() if "_INC" in l))
    return list(dict.fromkeys(d for d in dirs if os.path.isdir(os.path.join(ROOT, d))))


def with_headers(files, dirs):
    """files and the project headers they include, transitively."""
    seen, todo = set(files), list(files)
    while todo:
        path = todo.pop()
        with open(os.path.join(ROOT, path), errors="replace") as f:
            names = re.findall(r'^\s*#\s*include\s+"([^"]+)"', f.read(), re.M)
        for name in names:
            for d in [os.path.dirname(path)] + dirs:
                q = os.path.normpath(os.path.join(d, name))
                if os.path.isfile(os.path.join(ROOT, q)):
                    if q not in seen:
                        seen.add(q)
                        todo.append(q)
                    break
    return seen


def lines(path):
    with open(os.path.join(ROOT, path), "rb") as f:
        return f.read().count(b"\n")


def main():
    args = sys.argv[1:]
    with tempfile.TemporaryDirectory() as tmp:
        if not args:
            graph = os.path.join(tmp, "rome99.gr")
            subprocess.run(f"zcat {ROOT}/graphs/road/rome99.gr.gz > {graph}", shell=True,
                           check=True)
            args = ["mst-seq", "--algo", "kruskal", "--trials", "1", graph]
        shutil.rmtree(os.path.join(ROOT, BUILD), ignore_errors=True)
        make = ["make", "-s", "-C", ROOT, f"BUILD={BUILD}", f"BIN={BIN}", "HAVE_NVCC=",
                "CFLAGS=-O0 -g --coverage", "LDFLAGS=--coverage", f"{BIN}/{args[0]}"]
        subprocess.run(make, check=True, stdout=subprocess.DEVNULL)
        run = subprocess.run([os.path.join(ROOT, BIN, args[0]), *args[1:]], cwd=tmp,
                             capture_output=True, text=True)
        if run.returncode != 0:
            sys.exit("trip: %s failed: %s" % (" ".join(args), run.stderr.strip()))
    ran = executed_files()
    trip = with_headers(ran, include_dirs())
    for path in sorted(trip):
        print("%6d %s %s" % (lines(path), "*" if path in ran else " ", path))
    print("executed: %d files, %d lines" % (len(ran), sum(map(lines, ran))))
    print("trip:     %d files, %d lines (with the headers they include)"
          % (len(trip), sum(map(lines, trip))))


if __name__ == "__main__":
    main()
