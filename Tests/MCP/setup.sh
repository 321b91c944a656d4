#!/bin/sh
# Makes .build/mcp-venv a Python that imports the official MCP SDK (PyPI `mcp`), whose stdio client drives
# `snapstyle mcp` in the tests (Tests/MCP/mcp_client.py).
set -e
venv=${1:-.build/mcp-venv}
"$venv/bin/python3" -c 'import mcp' 2>/dev/null && exit 0
echo "installing the MCP Python SDK into $venv"
rm -rf "$venv"
python3 -m venv "$venv"
"$venv/bin/python3" -m pip install --quiet 'mcp>=1.10'
"$venv/bin/python3" -c 'import mcp'
