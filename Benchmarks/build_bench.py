#!/usr/bin/env python3
"""Kept-fresh builds: the time from a token file's rename (an editor's atomic save of a one-token edit) to the
build's CSS output holding the new value, for the daemon's `builds` and for `snapstyle build --watch`.

usage: build_bench.py BIN_DIR [CHANGES] [TOKENS]
  BIN_DIR  the directory holding snapstyled and snapstyle (.build/release or .build/debug)
  CHANGES  edits measured per keeper (default 50); TOKENS color tokens in the theme (default 1000)

The theme is a DTCG theme `ds` in a temporary root: TOKENS colors, 100 dimensions, and a dark file overriding a
tenth of the colors; the build writes one CSS file with a `:root` and a `[data-theme=dark]` block. The output is
polled every 0.2 ms (its size and modification time), so a figure is at most that late. Prints p50, p90 and p99.
"""

import json
import os
import pathlib
import shutil
import subprocess
import sys
import tempfile
import time

bin_dir = pathlib.Path(".")
changes = 50
tokens = 1000


def theme(accent):
    colors = {"accent": {"$value": accent}}
    for index in range(tokens):
        colors["c%d" % index] = {"$value": "#%06x" % (index * 2654435761 % 0xFFFFFF)}
    space = {"s%d" % index: {"$value": {"value": index, "unit": "px"}} for index in range(100)}
    return {"color": {"$type": "color", **colors}, "space": {"$type": "dimension", **space}}


def save(path, document):
    """An editor's atomic save: a temporary file renamed over the original. Returns the time of the rename."""
    temporary = path.with_name("." + path.name + ".swp")
    temporary.write_text(json.dumps(document))
    os.rename(temporary, path)
    return time.perf_counter()


def wait_for(path, text, timeout=5.0):
    deadline = time.perf_counter() + timeout
    last = None
    while time.perf_counter() < deadline:
        try:
            info = os.stat(path)
            stamp = (info.st_mtime_ns, info.st_size, info.st_ino)
            if stamp != last:
                last = stamp
                if text in path.read_text():
                    return time.perf_counter()
        except FileNotFoundError:
            pass
        time.sleep(0.0002)
    raise SystemExit("timed out waiting for %s in %s" % (text, path))


def measure(name, work, output):
    tokens_file = work / "themes" / "ds" / "tokens.json"
    wait_for(output, "--color-accent: #000001;", timeout=30)
    latencies = []
    for index in range(changes):
        accent = "#%06x" % (0x100000 + index)
        renamed = save(tokens_file, theme(accent))
        written = wait_for(output, "--color-accent: %s;" % accent)
        latencies.append((written - renamed) * 1000)
        time.sleep(0.05)
    latencies.sort()

    def at(share):
        return latencies[min(len(latencies) - 1, int(share * len(latencies)))]

    print("%s: rename -> CSS rewritten, %d changes, %d tokens: p50 %.2f ms, p90 %.2f ms, p99 %.2f ms (target: p50 "
          "<= 50 ms, settle 10 ms)" % (name, changes, tokens + 101, at(0.5), at(0.9), at(0.99)), flush=True)


def prepare():
    work = pathlib.Path(tempfile.mkdtemp(prefix="snapstyle-build-bench"))
    (work / "themes" / "ds").mkdir(parents=True)
    (work / "themes" / "ds" / "tokens.json").write_text(json.dumps(theme("#000001")))
    dark = {"color": {"$type": "color", **{"c%d" % i: {"$value": "#%06x" % i} for i in range(0, tokens, 10)}}}
    (work / "themes" / "ds" / "tokens.dark.json").write_text(json.dumps(dark))
    config = {"themes": ["themes"], "outputs": [{"format": "css", "file": "out/tokens.css", "theme": "ds",
              "contexts": [{"context": {}}, {"context": {"colorScheme": "dark"}, "selector": "[data-theme=dark]"}]}]}
    (work / "snapstyle.build.json").write_text(json.dumps(config))
    return work


def environment(work):
    env = dict(os.environ)
    for name, path in [("HOME", "home"), ("XDG_CONFIG_HOME", "config"), ("XDG_DATA_DIRS", "data"),
                       ("XDG_CONFIG_DIRS", "etc"), ("XDG_RUNTIME_DIR", "run")]:
        (work / path).mkdir(exist_ok=True, mode=0o700)
        env[name] = str(work / path)
    env.pop("NOTIFY_SOCKET", None)
    return env


def daemon():
    work = prepare()
    (work / "snapstyled.json").write_text(json.dumps({"builds": [str(work / "snapstyle.build.json")]}))
    process = subprocess.Popen(
        [str(bin_dir / "snapstyled"), "--socket", str(work / "snapstyled.sock"), "--config",
         str(work / "snapstyled.json"), "--log-level", "warning"],
        env=environment(work), stdout=subprocess.DEVNULL)
    try:
        measure("daemon builds", work, work / "out" / "tokens.css")
    finally:
        process.terminate()
        process.wait()
        shutil.rmtree(work, ignore_errors=True)


def watch():
    work = prepare()
    process = subprocess.Popen(
        [str(bin_dir / "snapstyle"), "build", "--watch", "--config", str(work / "snapstyle.build.json")],
        env=environment(work), stdout=subprocess.DEVNULL)
    try:
        measure("build --watch", work, work / "out" / "tokens.css")
    finally:
        process.terminate()
        process.wait()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    bin_dir = pathlib.Path(sys.argv[1]).resolve()
    changes = int(sys.argv[2]) if len(sys.argv) > 2 else 50
    tokens = int(sys.argv[3]) if len(sys.argv) > 3 else 1000
    daemon()
    if (bin_dir / "snapstyle").exists():
        watch()
