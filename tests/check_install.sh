#!/bin/sh
# `cmake --install` into a scratch prefix gives the layout of
# cmake/packaging.cmake, a module that `.load sudoku` finds, and files a C
# program builds against (tests/check_installed.sh).
#   check_install.sh BUILD_DIR
build=$1
prefix=$(mktemp -d)
trap 'rm -rf "$prefix"' EXIT
cmake --install "$build" --prefix "$prefix" >/dev/null ||
    { echo "install failed"; echo "0 passed, 1 failed"; exit 1; }
sh "$(dirname "$0")/check_installed.sh" "$prefix"
