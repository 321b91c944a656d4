#!/usr/bin/env python3
"""`snapstyle build` of every format for the generated Primer-shaped design system, and the daemon keeping its CSS
fresh after a one-token edit.

usage: build_all_bench.py BIN_DIR PROFILE [RUNS] [CHANGES]
  BIN_DIR  the directory holding snapstyle and snapstyled (release: .build/release)
  PROFILE  the benchmarks' Profile driver (Benchmarks/.build/release/Profile), which writes the generated system
  RUNS     whole `snapstyle build` processes timed (default 10); CHANGES edits for the daemon (default 50)

The system (Benchmarks/Sources/BenchmarkSupport/GeneratedTokens.swift, `Profile tokens-write`) is GitHub Primer's
shape at 3,000 tokens: a resolver, modifiers `theme` and `size`, 40 files. The config has one output of each
format: css (light, dark and dark high-contrast blocks, `references: var`, a layer), scss, js, ts, tailwind, swift,
android, json and dtcg. Each run starts from an empty output directory, so every file is written; the time is the
whole process's, from exec to exit (the themes' load included). Then the daemon keeps the same build (`"builds"`)
and the dark base color that 5 % of the functional tokens alias is edited CHANGES times (an editor's atomic save);
each figure runs from the rename to the CSS output holding the new value. The daemon is measured keeping the css
output alone, then keeping all nine outputs (the CSS is the first written; later outputs of one change can delay the
next change).
"""

import json
import os
import pathlib
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from build_bench import environment, wait_for  # noqa: E402

bin_dir = pathlib.Path(sys.argv[1]).resolve()
profile = pathlib.Path(sys.argv[2]).resolve()
runs = int(sys.argv[3]) if len(sys.argv) > 3 else 10
changes = int(sys.argv[4]) if len(sys.argv) > 4 else 50

EDITED = ("base", "color", "h0", "s5")

CONTEXTS = [
    {"context": {}, "selector": ":root", "name": "light"},
    {"context": {"vars": {"theme": "dark"}}, "selector": "[data-color-mode=dark]", "name": "dark"},
    {"context": {"vars": {"theme": "dark-hc"}}, "selector": "[data-color-mode=dark-hc]", "name": "darkHc"},
]
# The other formats' contexts have names but no selectors (Tailwind's have both).
TWO = [{"context": block["context"], "name": block["name"]} for block in CONTEXTS[:2]]


def config(root):
    outputs = [
        {"format": "css", "file": "out/tokens.css", "theme": "primer", "prefix": "primer", "references": "var",
         "layer": "primer.tokens", "contexts": CONTEXTS},
        {"format": "scss", "file": "out/_tokens.scss", "theme": "primer", "contexts": TWO},
        {"format": "js", "file": "out/tokens.js", "theme": "primer", "contexts": TWO},
        {"format": "ts", "file": "out/tokens.ts", "theme": "primer", "contexts": TWO},
        {"format": "tailwind", "file": "out/theme.css", "theme": "primer",
         "contexts": [{"context": {}}, {"context": CONTEXTS[1]["context"], "selector": CONTEXTS[1]["selector"]}]},
        {"format": "swift", "file": "out/Tokens.swift", "theme": "primer", "contexts": TWO},
        {"format": "android", "dir": "out/android", "theme": "primer", "contexts": TWO},
        {"format": "json", "file": "out/tokens.json", "theme": "primer", "contexts": TWO},
        {"format": "dtcg", "file": "out/tokens.tokens.json", "theme": "primer"},
    ]
    return {"themes": [root], "outputs": outputs}


def edit_dark(root, value):
    """An editor's atomic save of the dark base colors with the edited token's value changed."""
    path = pathlib.Path(root) / "primer" / "base" / "color" / "dark.tokens.json"
    document = json.loads(path.read_text())
    node = document
    for part in EDITED:
        node = node[part]
    channels = [int(value[index:index + 2], 16) / 255 for index in (1, 3, 5)]
    node["$value"] = {"colorSpace": "srgb", "components": channels, "alpha": 1, "hex": value}
    temporary = path.with_name("." + path.name + ".swp")
    temporary.write_text(json.dumps(document))
    os.rename(temporary, path)
    return time.perf_counter()


def one_shot(work, env):
    times = []
    files = 0
    for _ in range(runs):
        shutil.rmtree(work / "out", ignore_errors=True)
        start = time.perf_counter()
        result = subprocess.run([str(bin_dir / "snapstyle"), "build", "--config", str(work / "snapstyle.build.json")],
                                env=env, capture_output=True, text=True)
        times.append((time.perf_counter() - start) * 1000)
        if result.returncode != 0:
            raise SystemExit("snapstyle build failed: " + result.stderr)
        files = result.stdout.count("wrote ")
    times.sort()
    print("snapstyle build, every format (%d files), Primer-shaped system (3,000 tokens), %d runs: median %.0f ms, "
          "min %.0f ms, max %.0f ms (target: <= 300 ms)" % (files, runs, statistics.median(times), times[0],
                                                             times[-1]), flush=True)


def kept(work, env, root, config_name="snapstyle.build.json", what="every format"):
    (work / "snapstyled.json").write_text(json.dumps({"builds": [str(work / config_name)]}))
    output = work / "out" / "tokens.css"
    shutil.rmtree(work / "out", ignore_errors=True)
    process = subprocess.Popen(
        [str(bin_dir / "snapstyled"), "--socket", str(work / "snapstyled.sock"), "--config",
         str(work / "snapstyled.json"), "--log-level", "warning"], env=env, stdout=subprocess.DEVNULL)
    name = "--primer-" + "-".join(EDITED) + ": "
    try:
        wait_for(output, "[data-color-mode=dark]", timeout=60)
        latencies = []
        for index in range(changes):
            value = "#%06x" % (0x200000 + index)
            renamed = edit_dark(root, value)
            written = wait_for(output, name + value + ";")
            latencies.append((written - renamed) * 1000)
            time.sleep(0.05)
        latencies.sort()

        def at(share):
            return latencies[min(len(latencies) - 1, int(share * len(latencies)))]

        print("daemon builds, %s, one dark token edited -> CSS rewritten, %d changes: p50 %.2f ms, "
              "p90 %.2f ms, p99 %.2f ms (settle 10 ms; target: p50 <= 50 ms)"
              % (what, changes, at(0.5), at(0.9), at(0.99)), flush=True)
    finally:
        process.terminate()
        process.wait()


def main():
    root = subprocess.run([str(profile), "tokens-write"], capture_output=True, text=True, check=True).stdout.strip()
    work = pathlib.Path(tempfile.mkdtemp(prefix="snapstyle-build-all-bench"))
    try:
        whole = config(root)
        (work / "snapstyle.build.json").write_text(json.dumps(whole))
        (work / "css.build.json").write_text(json.dumps(dict(whole, outputs=whole["outputs"][:1])))
        env = environment(work)
        one_shot(work, env)
        kept(work, env, root, "css.build.json", "the css output alone")
        kept(work, env, root)
    finally:
        shutil.rmtree(work, ignore_errors=True)
        shutil.rmtree(root, ignore_errors=True)


if __name__ == "__main__":
    main()
