#!/usr/bin/python3
"""End-to-end tests of the output files every executable writes (a solver's --output, mst-convert's
OUT, mst-gen's -o), as docs/design.md (Output; Errors) states them:

- a device node, a FIFO and '-' (stdout) are written in place: the node stays what it was, and
  a device that refuses the data (a copy of /dev/full) is exit 2 with the reason;
- a regular file (or a new name) is written to a temporary in the target's directory and renamed
  into place; the temporary's name is random (no "PATH.tmp.PID"), created exclusively, so links or
  directories planted at predictable names are never followed nor in the way, and a temporary
  left by a killed run does not disturb the next one;
- a symbolic link is written through: a link to stdout (/proc/self/fd/1, as /dev/stdout) writes
  to the stream itself (a ">>" redirection is appended to), a link to a regular file gets its
  target replaced (the link stays), a link to a device is written in place, a dangling link or a
  directory is refused (exit 2);
- SIGTERM or SIGINT while the file is written leaves no file at all, and the process dies of the
  signal (the shell's status 128 + signal);
- files get the mode any new file gets (0666 minus the umask).
Discovered and run by test_e2e.py; needs root for mknod (skipped otherwise)."""
import gzip
import os
import select
import signal
import stat
import subprocess
import time
import unittest

from test_e2e import BIN, SEQ, ROOT, Workdir, run

CONVERT = os.path.join(BIN, "mst-convert")
GEN = os.path.join(BIN, "mst-gen")
GRAPH = os.path.join(ROOT, "graphs", "road", "rome99.gr.gz")
PLANTED = 400  # predictable temporary names planted ahead of a run (process ids to come)


def seq_args(out):
    return [SEQ, "--trials", "1", "--no-verify", "--output", out, GRAPH]


def convert_args(out):
    return [CONVERT, GRAPH, out]


def gen_args(out):
    return [GEN, "random", "--vertices", "300", "--edges", "1500", "--quiet", "-o", out]


# (label, suffix of the output name (it picks the format), command line for an output name)
WRITERS = [
    ("mst-seq --output", ".msf", seq_args),
    ("mst-convert .wel", ".wel", convert_args),
    ("mst-convert .wel.gz", ".wel.gz", convert_args),
    ("mst-convert .msb", ".msb", convert_args),
    ("mst-convert .msb.gz", ".msb.gz", convert_args),
    ("mst-gen .wel", ".wel", gen_args),
    ("mst-gen .msb.gz", ".msb.gz", gen_args),
]
# One writer of each code path that had its own temporary (plain text, the text writers' gzip,
# .msb's gzip, mst-gen's): planting hundreds of names per case costs seconds of file system time.
PLANT_WRITERS = [WRITERS[i] for i in (0, 2, 4, 5)]


def content(path_or_bytes, suffix):
    """The bytes a writer meant: gzip output inflated (its header is not compared)."""
    data = path_or_bytes
    if isinstance(data, str):
        with open(data, "rb") as f:
            data = f.read()
    return gzip.decompress(data) if suffix.endswith(".gz") else data


def next_pid():
    """A process id just taken: the next processes get the ids after it."""
    p = subprocess.Popen(["true"])
    p.wait()
    return p.pid


class OutputBase(Workdir):
    def reference(self, args_fn, suffix, raw=False):
        """What the writer puts in a plain new file (written in a directory of its own),
        inflated unless `raw`."""
        os.makedirs(self.path("ref"), exist_ok=True)
        out = self.path(os.path.join("ref", args_fn.__name__ + suffix))
        if not os.path.exists(out):
            p = run(args_fn(out))
            self.assertEqual(p.returncode, 0, p.stderr)
        return content(out, "" if raw else suffix)

    def need_root(self):
        if os.geteuid() != 0:
            self.skipTest("mknod needs root")

    def fresh(self):
        """A new empty directory for one case (a failed case leaves the others theirs)."""
        self.cases = getattr(self, "cases", 0) + 1
        self.case_dir = self.path("case%d" % self.cases)
        os.mkdir(self.case_dir)
        return self.case_dir

    def at(self, name):
        return os.path.join(self.case_dir, name)

    def others(self, *keep):
        """Entries of the current case's directory other than `keep`."""
        return sorted(set(os.listdir(self.case_dir)) - set(keep))


class NotTheInput(OutputBase):
    """An output that names the input file (itself, a link to it, a hard link) is refused with
    exit 1 and the input stays as it was (issue 33, item 6)."""

    def test_output_over_the_input_is_refused(self):
        d = self.fresh()
        graph = self.at("g.gr")
        with gzip.open(GRAPH, "rb") as f, open(graph, "wb") as out:
            out.write(f.read())
        with open(graph, "rb") as f:
            before = f.read()
        os.symlink("g.gr", self.at("soft.gr"))
        os.link(graph, self.at("hard.gr"))
        for out in (graph, self.at("soft.gr"), self.at("hard.gr"), os.path.join(d, ".", "g.gr")):
            p = run([SEQ, "--trials", "1", "--output", out, graph])
            self.assertEqual(p.returncode, 1, out)
            self.assertIn("is the input file", p.stderr)
            with open(graph, "rb") as f:
                self.assertEqual(f.read(), before, out)
        for out in (graph, self.at("hard.gr")):  # mst-convert refuses it before loading
            p = run([CONVERT, "--to", "dimacs", graph, out])
            self.assertEqual(p.returncode, 1, out)
            self.assertIn("is the input file", p.stderr)
        with open(graph, "rb") as f:
            self.assertEqual(f.read(), before)
        self.assertEqual(self.others(), ["g.gr", "hard.gr", "soft.gr"])


class FailFast(OutputBase):
    """An output that cannot be written (a missing folder, a directory) fails before the input
    is read or the graph generated (issue 38, item 3): with a malformed input, the output's
    error is the one said, and nothing goes to stdout."""

    def test_output_errors_come_before_the_work(self):
        d = self.fresh()
        bad = self.at("bad.wel")
        with open(bad, "w") as f:
            f.write("0 1 x\n")
        missing = os.path.join(d, "no", "such", "dir", "f.wel")
        for args, out in (([SEQ, "--output", missing, bad], missing),
                          ([SEQ, "--output", d, bad], d),
                          ([SEQ, "--rounds", "2", "--weights", "random", "--output", missing,
                            bad], missing + ".1"),
                          ([CONVERT, bad, missing], missing),
                          ([GEN, "random", "--vertices", "50", "--edges", "100", "-o",
                            missing], missing)):
            p = run(args)
            self.assertEqual(p.returncode, 2, args)
            self.assertEqual(p.stdout, "", args)
            self.assertEqual(len(p.stderr.strip().splitlines()), 1, p.stderr)
            self.assertIn(out + ": ", p.stderr)
        self.assertEqual(self.others(), ["bad.wel"])


class InPlace(OutputBase):
    """Devices, FIFOs and '-' are written in place, never replaced."""

    def test_device_stays_a_device(self):
        self.need_root()
        for label, suffix, args_fn in WRITERS:
            with self.subTest(label):
                self.fresh()
                dev = self.at("null" + suffix)
                os.mknod(dev, 0o666 | stat.S_IFCHR, os.makedev(1, 3))  # a copy of /dev/null
                p = run(args_fn(dev))
                self.assertEqual(p.returncode, 0, p.stderr)
                st = os.lstat(dev)
                self.assertTrue(stat.S_ISCHR(st.st_mode), "%s: the device was replaced" % label)
                self.assertEqual(st.st_rdev, os.makedev(1, 3))
                self.assertEqual(self.others("null" + suffix), [], "no temporary left")

    def test_full_device_fails_and_stays(self):
        self.need_root()
        for label, suffix, args_fn in WRITERS:
            with self.subTest(label):
                self.fresh()
                dev = self.at("full" + suffix)
                os.mknod(dev, 0o666 | stat.S_IFCHR, os.makedev(1, 7))  # a copy of /dev/full
                p = run(args_fn(dev))
                self.assertEqual(p.returncode, 2, p.stderr)
                self.assertIn("No space left on device", p.stderr)
                self.assertEqual(len(p.stderr.strip().splitlines()), 1, p.stderr)
                self.assertTrue(stat.S_ISCHR(os.lstat(dev).st_mode), "the device was replaced")
                self.assertEqual(self.others("full" + suffix), [])

    def read_fifo(self, fifo, args):
        """Runs args writing into `fifo` while reading it; returns (process, stderr, bytes)."""
        fd = os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)  # a reader first: the writer never waits
        chunks = []
        try:
            p = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
            deadline = time.monotonic() + 120
            while time.monotonic() < deadline:
                select.select([fd], [], [], 0.05)
                try:
                    data = os.read(fd, 1 << 16)
                except BlockingIOError:
                    continue
                if data:
                    chunks.append(data)
                elif p.poll() is not None:  # no writer left and the process is done
                    break
            err = p.communicate(timeout=60)[1].decode()
        finally:
            os.close(fd)
        return p, err, b"".join(chunks)

    def test_fifo_is_written_in_place(self):
        for label, suffix, args_fn in WRITERS:
            with self.subTest(label):
                self.fresh()
                fifo = self.at("pipe" + suffix)
                os.mkfifo(fifo)
                p, err, data = self.read_fifo(fifo, args_fn(fifo))
                self.assertEqual(p.returncode, 0, err)
                self.assertTrue(stat.S_ISFIFO(os.lstat(fifo).st_mode), "the FIFO was replaced")
                self.assertEqual(content(data, suffix), self.reference(args_fn, suffix))
                self.assertEqual(self.others("pipe" + suffix), [])

    def test_dash_is_stdout(self):
        cases = [
            ("mst-convert --to edgelist", ".wel", [CONVERT, "--to", "edgelist", GRAPH, "-"],
             convert_args),
            ("mst-convert --to msb", ".msb", [CONVERT, "--to", "msb", GRAPH, "-"], convert_args),
            ("mst-gen --format edgelist", ".wel", gen_args("-") + ["--format", "edgelist"],
             gen_args),
        ]
        for label, suffix, args, args_fn in cases:
            with self.subTest(label):
                p = subprocess.run(args, capture_output=True, cwd=self.fresh())
                self.assertEqual(p.returncode, 0, p.stderr)
                self.assertEqual(p.stdout, self.reference(args_fn, suffix))
                self.assertEqual(self.others(), [], "no file named '-'")

    def test_dash_is_stdout_for_a_solver(self):
        p = subprocess.run(seq_args("-"), capture_output=True, cwd=self.fresh())
        self.assertEqual(p.returncode, 0, p.stderr)
        forest = self.reference(seq_args, ".msf")
        self.assertEqual(p.stdout, forest, "stdout holds the forest alone")
        self.assertIn(b"MSF edges        3352", p.stderr, "the summary goes to stderr")
        self.assertEqual(self.others(), [], "no file named '-'")


class Links(OutputBase):
    """A symbolic link at the output name is written through, never replaced by a file."""

    def test_link_to_a_regular_file(self):
        for label, suffix, args_fn in WRITERS:
            with self.subTest(label):
                self.fresh()
                os.mkdir(self.at("real"))
                target = self.at(os.path.join("real", "target" + suffix))
                with open(target, "w") as f:
                    f.write("old\n")
                link = self.at("link" + suffix)
                os.symlink(target, link)
                p = run(args_fn(link))
                self.assertEqual(p.returncode, 0, p.stderr)
                self.assertTrue(os.path.islink(link), "%s: the link was replaced" % label)
                self.assertEqual(os.readlink(link), target)
                self.assertEqual(content(target, suffix), self.reference(args_fn, suffix))
                self.assertEqual(os.listdir(self.at("real")), ["target" + suffix])
                self.assertEqual(self.others("link" + suffix, "real"), [])

    def test_link_to_stdout_writes_to_it_in_place(self):
        for label, suffix, args_fn in WRITERS:
            with self.subTest(label):
                self.fresh()
                link = self.at("stdout" + suffix)
                os.symlink("/proc/self/fd/1", link)  # as /dev/stdout is
                log = self.at("log")
                with open(log, "wb") as f:
                    f.write(b"previous\n")
                with open(log, "ab") as f:  # the shell's >>
                    p = subprocess.run(args_fn(link), stdout=f, stderr=subprocess.PIPE)
                self.assertEqual(p.returncode, 0, p.stderr)
                self.assertTrue(os.path.islink(link), "%s: the link was replaced" % label)
                with open(log, "rb") as f:
                    data = f.read()
                self.assertTrue(data.startswith(b"previous\n"), "appended, not replaced")
                self.assertIn(self.reference(args_fn, suffix, raw=True), data)
                self.assertEqual(self.others("stdout" + suffix, "log"), [])

    def test_link_to_a_device(self):
        self.need_root()
        for label, suffix, args_fn in WRITERS:
            with self.subTest(label):
                self.fresh()
                dev = self.at("null-dev")
                os.mknod(dev, 0o666 | stat.S_IFCHR, os.makedev(1, 3))
                link = self.at("link" + suffix)
                os.symlink(dev, link)
                p = run(args_fn(link))
                self.assertEqual(p.returncode, 0, p.stderr)
                self.assertTrue(os.path.islink(link))
                self.assertTrue(stat.S_ISCHR(os.lstat(dev).st_mode), "the device was replaced")
                self.assertEqual(self.others("link" + suffix, "null-dev"), [])

    def test_dangling_link_is_refused(self):
        for label, suffix, args_fn in WRITERS:
            with self.subTest(label):
                self.fresh()
                target = self.at("missing" + suffix)
                link = self.at("dangling" + suffix)
                os.symlink(target, link)
                p = run(args_fn(link))
                self.assertEqual(p.returncode, 2, p.stderr)
                self.assertIn("dangling" + suffix, p.stderr)
                self.assertEqual(len(p.stderr.strip().splitlines()), 1, p.stderr)
                self.assertTrue(os.path.islink(link), "the link was replaced")
                self.assertFalse(os.path.lexists(target), "the link's target was created")
                self.assertEqual(self.others("dangling" + suffix), [])

    def test_directory_is_refused(self):
        for label, suffix, args_fn in WRITERS:
            with self.subTest(label):
                self.fresh()
                os.mkdir(self.at("dir" + suffix))
                p = run(args_fn(self.at("dir" + suffix)))
                self.assertEqual(p.returncode, 2, p.stderr)
                self.assertTrue(os.path.isdir(self.at("dir" + suffix)))
                self.assertEqual(self.others("dir" + suffix), [])


class Temporaries(OutputBase):
    """Temporaries have unpredictable names, exclusive creation and the usual mode."""

    def plant(self, out, make):
        """Calls make(name) for "OUT.tmp.PID" at the next PLANTED process ids; returns them."""
        base = next_pid()
        names = ["%s.tmp.%d" % (out, pid) for pid in range(base, base + PLANTED)]
        for name in names:
            make(name)
        return names

    def test_links_at_predictable_names_are_not_followed(self):
        for label, suffix, args_fn in PLANT_WRITERS:
            with self.subTest(label):
                self.fresh()
                victim = self.at("victim")
                with open(victim, "w") as f:
                    f.write("precious\n")
                out = self.at("out" + suffix)
                self.plant(out, lambda name: os.symlink(victim, name))
                p = run(args_fn(out))
                self.assertEqual(p.returncode, 0, p.stderr)
                with open(victim, "rb") as f:
                    self.assertEqual(f.read(), b"precious\n", "%s wrote through a link" % label)
                self.assertFalse(os.path.islink(out))
                self.assertEqual(content(out, suffix), self.reference(args_fn, suffix))

    def test_stale_entries_at_predictable_names_are_not_in_the_way(self):
        for label, suffix, args_fn in PLANT_WRITERS:
            with self.subTest(label):
                self.fresh()
                out = self.at("out" + suffix)
                planted = self.plant(out, os.mkdir)
                p = run(args_fn(out))
                self.assertEqual(p.returncode, 0, p.stderr)
                self.assertEqual(content(out, suffix), self.reference(args_fn, suffix))
                self.assertEqual(self.others(*map(os.path.basename, planted)), ["out" + suffix])

    def test_mode_follows_the_umask(self):
        for mask, mode in ((0o022, 0o644), (0o002, 0o664), (0o077, 0o600)):
            for label, suffix, args_fn in WRITERS:
                with self.subTest(label, umask=oct(mask)):
                    out = os.path.join(self.fresh(), "out" + suffix)
                    p = subprocess.run(args_fn(out), capture_output=True, text=True,
                                       preexec_fn=lambda m=mask: os.umask(m))
                    self.assertEqual(p.returncode, 0, p.stderr)
                    self.assertEqual(stat.S_IMODE(os.stat(out).st_mode), mode)
                    self.assertEqual(self.others(), ["out" + suffix])


class Signals(OutputBase):
    """SIGTERM/SIGINT during the write: no file at all, death by the signal; SIGKILL's leftover
    temporary does not disturb the next run."""

    def start_large_write(self, out, sig):
        """Starts mst-gen on a few million edges and returns (process, temporary's name) once the
        temporary appears in the work directory."""
        def child():
            os.umask(0o022)
            signal.signal(sig, signal.SIG_DFL)  # a test runner may have started us ignoring it
        p = subprocess.Popen([GEN, "random", "--vertices", "1000000", "--edges", "6000000",
                              "--quiet", "-o", out], stderr=subprocess.PIPE, preexec_fn=child)
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline and p.poll() is None:
            names = self.others()
            if names:
                return p, names[0]
            time.sleep(0.001)
        p.kill()
        p.communicate()
        self.fail("mst-gen ended (or took 2 minutes) before its temporary file appeared")

    def check_signal(self, sig):
        out = os.path.join(self.fresh(), "big.wel")
        p, tmp = self.start_large_write(out, sig)
        p.send_signal(sig)
        err = p.communicate(timeout=60)[1].decode()
        self.assertEqual(self.others(), [], "nothing committed, the temporary removed")
        self.assertEqual(p.returncode, -sig, "killed by the signal (shell: 128 + %d): %s" %
                         (sig, err))
        self.assertNotEqual(tmp, "big.wel.tmp.%d" % p.pid, "a predictable temporary name")

    def test_sigterm_while_writing(self):
        self.check_signal(signal.SIGTERM)

    def test_sigint_while_writing(self):
        self.check_signal(signal.SIGINT)

    def test_temporary_mode_and_leftover_of_sigkill(self):
        out = os.path.join(self.fresh(), "big.wel")
        p, tmp = self.start_large_write(out, signal.SIGTERM)
        # mkostemp creates the file as 0600; the writer gives it a new file's mode right after
        deadline = time.monotonic() + 5
        while (stat.S_IMODE(os.stat(self.at(tmp)).st_mode) != 0o644 and
               time.monotonic() < deadline):
            time.sleep(0.001)
        self.assertEqual(stat.S_IMODE(os.stat(self.at(tmp)).st_mode), 0o644,
                         "the temporary has a new file's mode, not mkstemp's 0600")
        p.kill()
        p.communicate(timeout=60)
        stale = self.others()
        self.assertEqual(len(stale), 1, "SIGKILL cannot be caught: its temporary stays")
        size = os.path.getsize(self.at(stale[0]))
        q = run(gen_args(out))
        self.assertEqual(q.returncode, 0, q.stderr)
        self.assertEqual(content(out, ".wel"), self.reference(gen_args, ".wel"))
        self.assertEqual(os.path.getsize(self.at(stale[0])), size, "the leftover is not used")
        self.assertEqual(self.others(), sorted(["big.wel", stale[0]]))


if __name__ == "__main__":
    unittest.main()
