#!/bin/sh
# Makes .build/browser-venv a Python that imports Selenium (the browser tests' driver): from PyPI, or, when PyPI
# cannot be reached, Debian's python3-selenium seen through a virtual environment of the system's Python.
set -e
venv=${1:-.build/browser-venv}
"$venv/bin/python3" -c 'import selenium' 2>/dev/null && exit 0
echo "installing selenium into $venv"
rm -rf "$venv"
if python3 -m venv "$venv" && "$venv/bin/python3" -m pip install --quiet 'selenium>=4.10'; then
    exit 0
fi
echo "PyPI cannot be reached: using Debian's python3-selenium"
SUDO=""; [ "$(id -u)" = 0 ] || SUDO=sudo
$SUDO apt-get install -y -qq python3-selenium
rm -rf "$venv"
/usr/bin/python3 -m venv --system-site-packages "$venv"
"$venv/bin/python3" -c 'import selenium'
