#!/usr/bin/env python3
"""The language server's figures, measured as a client sees them over stdio (`make bench-lsp`):

- first diagnostics: from sending `initialize` to the first `publishDiagnostics` of a file opened right after;
- diagnostics after a change: from sending `didChange` to the `publishDiagnostics` of that version (p50, p99);
  the theme is open, so each includes its contrast warnings (the pairs that read a changed key measured again);
  on the preset also an edit that makes the primary text gray, so that pairs fail and pass contrast in turn (read
  by nearly every component), and one of the action components' text color only;
- hover and completion: request to response (p50, p99).

On the preset (its files copied into a root as the theme `snap`) and on the generated Primer-shaped DTCG system
(3,000 tokens, 40 files, written by Benchmarks' `Profile tokens-write`).

    python3 Benchmarks/lsp-bench.py SNAPSTYLE_BINARY [PROFILE_BINARY]

Without PROFILE_BINARY only the preset is measured.
"""

import json
import os
import pathlib
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROUNDS = int(os.environ.get("LSP_BENCH_ROUNDS", "300"))


class Client:
    def __init__(self, binary, root, home):
        env = {"HOME": home, "XDG_CONFIG_HOME": home + "/config", "XDG_DATA_DIRS": home + "/data",
               "XDG_CACHE_HOME": home + "/cache", "PATH": os.environ["PATH"]}
        self.process = subprocess.Popen([binary, "lsp", "--themes", root], stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env)
        self.next_id = 1

    def send(self, message):
        body = json.dumps(message).encode()
        self.process.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.process.stdin.flush()

    def receive(self):
        header = b""
        while not header.endswith(b"\r\n\r\n"):
            header += self.process.stdout.read(1)
        length = int(header.split(b"Content-Length:")[1].split(b"\r\n")[0])
        return json.loads(self.process.stdout.read(length))

    def request(self, method, params):
        identifier = self.next_id
        self.next_id += 1
        self.send({"jsonrpc": "2.0", "id": identifier, "method": method, "params": params})
        while True:
            message = self.receive()
            if message.get("id") == identifier:
                return message

    def wait_diagnostics(self, uri, version=None):
        while True:
            message = self.receive()
            if message.get("method") == "textDocument/publishDiagnostics" and message["params"]["uri"] == uri:
                if version is None or message["params"].get("version") == version:
                    return message["params"]["diagnostics"]

    def close(self):
        self.request("shutdown", None)
        self.send({"jsonrpc": "2.0", "method": "exit"})
        self.process.wait(timeout=10)


def position(text, index):
    before = text[:index]
    return {"line": before.count("\n"), "character": len(before.split("\n")[-1].encode("utf-16-le")) // 2}


def figures(samples):
    ordered = sorted(samples)
    return "p50 %.2f ms, p99 %.2f ms (n=%d)" % (
        statistics.median(ordered) * 1000, ordered[int(len(ordered) * 0.99) - 1] * 1000, len(ordered))


def errors(diagnostics):
    """The errors among diagnostics (an open theme also gets contrast warnings, docs/review.md)."""
    return [diagnostic for diagnostic in diagnostics if diagnostic.get("severity") == 1]


def contrast_warnings(diagnostics):
    return [diagnostic for diagnostic in diagnostics if diagnostic.get("code") == "contrast"]


def measure(name, binary, root, path, reference_pattern, completion_prefix, edit, valid_edit, contrast_edit=None,
            narrow_edit=None):
    home = tempfile.mkdtemp(prefix="snapstyle-lsp-bench-home-")
    uri = pathlib.Path(path).as_uri()
    text = pathlib.Path(path).read_text()
    client = Client(binary, root, home)
    start = time.perf_counter()
    client.request("initialize", {"processId": None, "capabilities": {}})
    client.send({"jsonrpc": "2.0", "method": "initialized", "params": {}})
    client.send({"jsonrpc": "2.0", "method": "textDocument/didOpen",
                 "params": {"textDocument": {"uri": uri, "languageId": "json", "version": 1, "text": text}}})
    client.wait_diagnostics(uri)
    first = time.perf_counter() - start

    references = [match.start(1) for match in re.finditer(reference_pattern, text)]
    assert references, "no references to hover in " + path
    hovers = []
    for round in range(ROUNDS):
        place = position(text, references[round % len(references)] + 1)
        began = time.perf_counter()
        answer = client.request("textDocument/hover", {"textDocument": {"uri": uri}, "position": place})
        hovers.append(time.perf_counter() - began)
        assert answer.get("result"), answer

    completions = []
    typing = text.replace(completion_prefix[0], completion_prefix[1], 1)
    client.send({"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {
        "textDocument": {"uri": uri, "version": 2}, "contentChanges": [{"text": typing}]}})
    client.wait_diagnostics(uri, 2)
    cursor = position(typing, typing.index(completion_prefix[1]) + len(completion_prefix[1]) - 1)
    for _ in range(ROUNDS):
        began = time.perf_counter()
        answer = client.request("textDocument/completion", {"textDocument": {"uri": uri}, "position": cursor})
        completions.append(time.perf_counter() - began)
        assert answer["result"]["items"], answer

    valid = []
    for round in range(ROUNDS):
        version = round + 3
        began = time.perf_counter()
        client.send({"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {
            "textDocument": {"uri": uri, "version": version}, "contentChanges": [{"text": valid_edit(text, round)}]}})
        diagnostics = client.wait_diagnostics(uri, version)
        valid.append(time.perf_counter() - began)
        assert errors(diagnostics) == [], diagnostics

    changes = []
    for round in range(ROUNDS):
        version = ROUNDS + round + 3
        edited = edit(text, round)
        began = time.perf_counter()
        client.send({"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {
            "textDocument": {"uri": uri, "version": version}, "contentChanges": [{"text": edited}]}})
        diagnostics = client.wait_diagnostics(uri, version)
        changes.append(time.perf_counter() - began)
        assert (len(errors(diagnostics)) > 0) == (round % 2 == 0), diagnostics

    contrasts = []
    counts = set()
    for round in range(ROUNDS if contrast_edit else 0):
        version = 2 * ROUNDS + round + 3
        began = time.perf_counter()
        client.send({"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {
            "textDocument": {"uri": uri, "version": version}, "contentChanges": [{"text": contrast_edit(text, round)}]}})
        diagnostics = client.wait_diagnostics(uri, version)
        contrasts.append(time.perf_counter() - began)
        counts.add((round % 2, len(contrast_warnings(diagnostics))))
    if contrast_edit:
        assert len(counts) == 2, f"the edit changes the contrast warnings in turn: {counts}"

    narrows = []
    narrow_counts = set()
    for round in range(ROUNDS if narrow_edit else 0):
        version = 3 * ROUNDS + round + 3
        began = time.perf_counter()
        client.send({"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {
            "textDocument": {"uri": uri, "version": version}, "contentChanges": [{"text": narrow_edit(text, round)}]}})
        diagnostics = client.wait_diagnostics(uri, version)
        narrows.append(time.perf_counter() - began)
        narrow_counts.add((round % 2, len(contrast_warnings(diagnostics))))
    if narrow_edit:
        assert len(narrow_counts) == 2, f"the edit changes the contrast warnings in turn: {narrow_counts}"
    client.close()
    shutil.rmtree(home, ignore_errors=True)
    print(f"{name}:")
    print("  first diagnostics after initialize: %.1f ms (target <= 500 ms)" % (first * 1000))
    print("  diagnostics after an edit that keeps the theme valid: " + figures(valid) + " (target p99 <= 50 ms)")
    print("  diagnostics after edits that break and fix it in turn: " + figures(changes) + " (target p99 <= 50 ms)")
    if contrast_edit:
        print("  diagnostics after a foreground edit that makes text fail contrast and pass in turn (contrast "
              "warnings of the pairs that read it, nearly every component; warnings %s): " % sorted(count for _, count in counts)
              + figures(contrasts) + " (target p99 <= 50 ms)")
    if narrow_edit:
        print("  diagnostics after an edit of a foreground only the action components read, failing and passing "
              "contrast in turn (only their pairs measured again): " + figures(narrows) + " (target p99 <= 50 ms)")
    print("  hover: " + figures(hovers) + " (target p99 <= 10 ms)")
    print("  completion: " + figures(completions) + " (target p99 <= 10 ms)")


def main():
    binary, profile = sys.argv[1], sys.argv[2] if len(sys.argv) > 2 else None
    repository = pathlib.Path(__file__).resolve().parents[1]
    work = tempfile.mkdtemp(prefix="snapstyle-lsp-bench-")
    try:
        preset = pathlib.Path(work) / "preset"
        shutil.copytree(repository / "Sources" / "SnapStyleThemes" / "Preset", preset / "snap")
        surface = preset / "snap" / "surface.json"
        measure(
            "preset (its 12 files as the theme snap)", binary, str(preset), str(surface), r'"ref": "(\w+)"',
            ('"ref": "', '"ref": "lab'),
            lambda text, round: text.replace('"ref": "', '"ref": "zz' if round % 2 == 0 else '"ref": "', 1),
            lambda text, round: text.replace('"ref": "systemGray"', '"ref": "accent"' if round % 2 == 0
                                             else '"ref": "systemGray"', 1),
            lambda text, round: text.replace('"then": {"ref": "onLight0"}', '"then": {"ref": "systemGray"}'
                                             if round % 2 == 0 else '"then": {"ref": "onLight0"}', 1),
            lambda text, round: text.replace('"onInteractive": {"ref": "onAccent"}', '"onInteractive": "#8FB8FF"'
                                             if round % 2 == 0 else '"onInteractive": {"ref": "onAccent"}', 1))
        if profile is None:
            return
        primer_root = subprocess.run([profile, "tokens-write"], capture_output=True, text=True).stdout.strip()
        try:
            functional = pathlib.Path(primer_root) / "primer" / "functional" / "color0.tokens.json"
            measure(
                "Primer-shaped DTCG system (3,000 tokens, 40 files)", binary, primer_root, str(functional),
                r'"\{(base\.color\.[\w.]+)\}"', ('{base.color.h0.s0}', '{base.color.h0'),
                lambda text, round: text.replace("{base.color.h0.s0}", "#zz" if round % 2 == 0
                                                 else "{base.color.h0.s0}", 1),
                lambda text, round: text.replace("{base.color.h0.s0}", "{base.color.h0.s1}" if round % 2 == 0
                                                 else "{base.color.h0.s0}", 1))
        finally:
            shutil.rmtree(primer_root, ignore_errors=True)
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
