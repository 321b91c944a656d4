#!/bin/sh
# Makes VENV a Python virtual environment that imports MODULE, installing REQUIREMENT from PyPI when it does not:
# the clients that drive the language server (pytest-lsp) and the MCP server (the official `mcp` SDK) in the tests.
#   Tests/pip-venv.sh VENV MODULE REQUIREMENT
set -e
venv=$1 module=$2 requirement=$3
"$venv/bin/python3" -c "import $module" 2>/dev/null && exit 0
echo "installing $requirement into $venv"
rm -rf "$venv"
python3 -m venv "$venv"
"$venv/bin/python3" -m pip install --quiet "$requirement"
"$venv/bin/python3" -c "import $module"
