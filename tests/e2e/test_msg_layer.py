#!/usr/bin/python3
"""The message layer of mst-mpi (mpi/msg.h) on its own: bin/msg-layer-test (tests/e2e/msg_layer.c,
built here with make) under mpirun at 1 to 4 ranks, with shared-memory rings, with MPI_Isend
alone, and with both mixed as between nodes (ranks that share rings in groups): batches that leave when full
and at a poll, FIFO order per pair of ranks, rings that fill up while every rank sends,
termination with records in flight, a local queue that grows under a handler, and one rank's
failure reported on every rank; the same under AddressSanitizer + UBSan. Skipped only where
mpirun is not installed."""
import os
import subprocess
import unittest

from test_mpi import ENV, MPIRUN, REASON, ROOT

BINARY = os.path.join(ROOT, "bin", "msg-layer-test")
ASAN_BINARY = os.path.join(ROOT, "bin", "asan", "msg-layer-test")
TESTS = ["batches", "fifo", "full rings, one record per batch", "full rings, batches grow",
         "termination", "local queue growth", "failure"]


@unittest.skipIf(REASON is not None, REASON or "")
class MessageLayer(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        b = subprocess.run(["make", "-C", ROOT, "-s", "-j2", "bin/msg-layer-test"],
                           capture_output=True, text=True)
        if b.returncode != 0:
            raise AssertionError("bin/msg-layer-test did not build: " + b.stderr[-2000:])

    def layer_test(self, np, transport, env=None, binary=BINARY, group=None):
        """group: ranks share rings in groups of that many, as nodes would."""
        more = [] if group is None else [str(group)]
        p = subprocess.run([MPIRUN, "--quiet", "-np", str(np), binary, transport, *more],
                           capture_output=True, text=True, env=env or ENV, timeout=300)
        where = "%d ranks, %s: %s" % (np, transport, p.stderr[-2000:])
        self.assertEqual(p.returncode, 0, where)
        self.assertEqual(p.stdout.splitlines(), ["ok " + t for t in TESTS], where)

    def test_rings(self):
        for np in (1, 2, 3, 4):
            self.layer_test(np, "shm")

    def test_mpi_isend(self):
        for np in (1, 2, 3, 4):
            self.layer_test(np, "mpi")

    def test_rings_and_isend_mixed(self):
        self.layer_test(4, "shm", group=2)
        self.layer_test(3, "shm", group=2)

    def test_asan_clean(self):
        """Built as test_mpi.py builds bin/asan/mst-mpi (the same build folder); Open MPI's own
        leaks are not ours, so leak checking is off."""
        flags = "-O1 -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=all"
        b = subprocess.run(["make", "-C", ROOT, "-s", "-j2", "BUILD=build/asan-mpi", "BIN=bin/asan",
                            "OPT=" + flags, "LDLIBS=-lz -lm -fsanitize=address,undefined",
                            "bin/asan/msg-layer-test"], capture_output=True, text=True)
        self.assertEqual(b.returncode, 0, b.stderr[-2000:])
        env = dict(ENV, ASAN_OPTIONS="detect_leaks=0:exitcode=66",
                   UBSAN_OPTIONS="halt_on_error=1:exitcode=67")
        self.layer_test(3, "shm", env, ASAN_BINARY)
        self.layer_test(4, "mpi", env, ASAN_BINARY)
        self.layer_test(4, "shm", env, ASAN_BINARY, group=2)

    def test_usage(self):
        p = subprocess.run([MPIRUN, "--quiet", "-np", "1", BINARY, "tcp"], capture_output=True,
                           text=True, env=ENV, timeout=60)
        self.assertNotEqual(p.returncode, 0)
        self.assertIn("usage", p.stderr)


if __name__ == "__main__":
    unittest.main()
