#!/bin/sh
# Makes .build/lsp-venv a Python with pytest-lsp (and lsprotocol, pytest-asyncio), the real LSP client that drives
# `snapstyle lsp` in the tests, from PyPI.
set -e
venv=${1:-.build/lsp-venv}
"$venv/bin/python3" -c 'import pytest_lsp' 2>/dev/null && exit 0
echo "installing pytest-lsp into $venv"
rm -rf "$venv"
python3 -m venv "$venv"
"$venv/bin/python3" -m pip install --quiet 'pytest-lsp>=1.0,<2'
