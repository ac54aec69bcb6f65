#!/usr/bin/python3
"""The README's code blocks, run as a user would copy them (issue 38, item 6): every ```sh block
but the two commands (make run and make test: CI runs those itself) with bash -e, from a folder
that sees the repository's bin/, graphs/ and report/ as the root does; every ```python block,
and those of docs/python.md one by one, with /usr/bin/python3 against mstsuite as `make
install` puts it. sbatch is a stand-in that
checks the job script's syntax, since no cluster is at hand. Discovered and run by
test_e2e.py."""
import glob
import os
import re
import shutil
import subprocess
import tempfile
import unittest

from test_e2e import ROOT, run

ENV = dict(os.environ, OMPI_ALLOW_RUN_AS_ROOT="1", OMPI_ALLOW_RUN_AS_ROOT_CONFIRM="1",
           OMPI_MCA_rmaps_base_oversubscribe="1")


def blocks(language, page="README.md"):
    with open(os.path.join(ROOT, page)) as f:
        text = f.read()
    return re.findall(r"^```%s\n(.*?)^```" % language, text, re.M | re.S)


class Readme(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.mkdtemp(prefix="mst-readme-")
        for name in ("bin", "graphs", "report"):
            os.symlink(os.path.join(ROOT, name), os.path.join(self.dir, name))

    def tearDown(self):
        shutil.rmtree(self.dir, ignore_errors=True)

    def test_shell_blocks(self):
        if shutil.which("mpirun") is None:
            self.skipTest("mpirun not found (apt-get install openmpi-bin)")
        fake = os.path.join(self.dir, "fake-bin")
        os.mkdir(fake)
        with open(os.path.join(fake, "sbatch"), "w") as f:
            f.write('#!/bin/sh\n[ -f "$1" ] && bash -n "$1" && echo "Submitted batch job 1"\n')
        os.chmod(os.path.join(fake, "sbatch"), 0o755)
        env = dict(ENV, PATH=fake + os.pathsep + ENV["PATH"])
        ran = 0
        for block in blocks("sh"):
            if "make run" in block:
                continue
            p = subprocess.run(["bash", "-e", "-o", "pipefail", "-c", block], cwd=self.dir,
                               env=env, capture_output=True, text=True, timeout=600)
            self.assertEqual(p.returncode, 0, "README block failed:\n%s\n%s" % (block,
                                                                                 p.stderr[-3000:]))
            ran += 1
        self.assertGreater(ran, 0)
        self.assertIn("valid minimum spanning forest", p.stdout)

    def test_python_blocks(self):
        prefix = os.path.join(self.dir, "prefix")
        p = run(["make", "-C", ROOT, "install", "PREFIX=" + prefix])
        self.assertEqual(p.returncode, 0, p.stderr[-2000:])
        found = glob.glob(os.path.join(prefix, "lib", "python3*", "dist-packages"))
        self.assertEqual(len(found), 1, found)
        env = dict(os.environ, PYTHONPATH=found[0])
        env.pop("MSTSUITE_LIB", None)
        for block in blocks("python") + blocks("python", "docs/python.md"):
            p = subprocess.run(["/usr/bin/python3", "-c", block], cwd=self.dir, env=env,
                               capture_output=True, text=True, timeout=300)
            self.assertEqual(p.returncode, 0, "README block failed:\n%s\n%s" % (block,
                                                                                 p.stderr[-3000:]))


if __name__ == "__main__":
    unittest.main()
