"""Builds the Python package sudoku-sqlite (import sudoku_sqlite, and the
command sudoku-sqlite for whole collections: docs/batch.md) offline.

    pip install ./python                 # from the repository's top folder

There is deliberately no pyproject.toml: pip then builds with the setuptools
already installed (Debian's python3-setuptools), so nothing is downloaded.
The loadable module is built by the project's own CMake (only the targets
the module needs, Release, in python/build/cmake) and shipped inside the
package as sudoku_sqlite/sudoku.so. SUDOKU_PREBUILT_MODULE=/path/sudoku.so
bundles an already built module instead (the project's tests do that).
"""
import os
import re
import shutil
import subprocess

from setuptools import setup
from setuptools.command.build_py import build_py
from setuptools.dist import Distribution

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


def project_version():
    """The one version: project(... VERSION x.y.z) in CMakeLists.txt."""
    try:
        with open(os.path.join(ROOT, "CMakeLists.txt"), encoding="utf-8") as f:
            m = re.search(r"project\(\s*\w+\s+VERSION\s+([0-9.]+)", f.read())
    except OSError:
        m = None
    if not m:
        raise SystemExit("sudoku-sqlite: build from the repository (python/ next "
                         "to CMakeLists.txt): " + ROOT)
    return m.group(1)


def build_module(build_dir):
    """Configure and build the module with the project's CMake; returns its path."""
    prebuilt = os.environ.get("SUDOKU_PREBUILT_MODULE")
    if prebuilt:
        if not os.path.isfile(prebuilt):
            raise SystemExit(f"SUDOKU_PREBUILT_MODULE={prebuilt}: no such file")
        return prebuilt
    if shutil.which("cmake") is None:
        raise SystemExit("sudoku-sqlite needs cmake and a C compiler to build "
                         "the module (Debian: apt-get install cmake gcc libsqlite3-dev)")
    subprocess.check_call(["cmake", "-S", ROOT, "-B", build_dir,
                           "-DCMAKE_BUILD_TYPE=Release",
                           "-DSUDOKU_BUILD_TESTS=OFF", "-DSUDOKU_BUILD_BENCH=OFF"])
    subprocess.check_call(["cmake", "--build", build_dir, "--target", "sudoku",
                           "--parallel", "2"])
    return os.path.join(build_dir, "sudoku.so")


class BuildWithModule(build_py):
    """build_py that also puts the loadable module into the package."""

    def run(self):
        super().run()
        module = build_module(os.path.join(HERE, "build", "cmake"))
        target = os.path.join(self.build_lib, "sudoku_sqlite")
        self.mkpath(target)
        self.copy_file(module, os.path.join(target, "sudoku.so"))


class BinaryDistribution(Distribution):
    """The package holds a compiled module: tag wheels for this platform."""

    def has_ext_modules(self):
        return True


setup(
    name="sudoku-sqlite",
    version=project_version(),
    description="Sudoku analysis for SQLite: the loadable module, load(conn), "
                "plain functions (minlex, equiv, solve, count, te_depth), and the "
                "sudoku-sqlite command for whole collections on every core or a "
                "dask cluster",
    packages=["sudoku_sqlite"],
    python_requires=">=3.7",
    cmdclass={"build_py": BuildWithModule},
    distclass=BinaryDistribution,
    zip_safe=False,
    # the command: sudoku-sqlite FUNCTION [ARG] INPUT... (docs/batch.md)
    entry_points={"console_scripts": ["sudoku-sqlite = sudoku_sqlite.cli:main"]},
    # -j N and --scheduler run on dask.distributed (Debian: python3-distributed)
    extras_require={"dask": ["distributed"]},
)
