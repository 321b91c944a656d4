"""Hostile input end to end: what a document makes the server do is bounded by the document. A 1 MB buffer nested
200 deep (open, or only on disk beside an opened file) costs memory in proportion to its size; an SCSS value of many
bare `--names` is read in linear time; 100,000 one-character edits of a 1 MB document are applied and analysed
once; a document over the size the server reads gets one diagnostic saying so; the colors of a minified 2.7 MB
theme are bounded in time and size. Each server's peak resident memory (VmHWM) is printed."""

import json
import queue
import shutil
import subprocess
import threading
import time

from conftest import BINARY, ENVIRONMENT, WORK, uri as file_uri

ROOT = WORK / "hostile"
MEBIBYTE = 1 << 20


class Server:
    """`snapstyle lsp` on the hostile root, read by a thread (so that neither side blocks on a full pipe)."""

    def __init__(self, root):
        self.process = subprocess.Popen(
            [BINARY, "lsp", "--themes", str(root)], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL, env=ENVIRONMENT,
        )
        self.messages = queue.Queue()
        threading.Thread(target=self.read, daemon=True).start()

    def read(self):
        stream = self.process.stdout
        while True:
            header = b""
            while not header.endswith(b"\r\n\r\n"):
                byte = stream.read(1)
                if not byte:
                    return
                header += byte
            length = int(header.split(b"Content-Length:")[1].split(b"\r\n")[0])
            body = stream.read(length)
            self.messages.put((len(body), json.loads(body)))

    def send(self, message):
        body = json.dumps(message).encode()
        self.process.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)

    def notify(self, method, params):
        self.send({"jsonrpc": "2.0", "method": method, "params": params})

    def wait(self, predicate, timeout):
        """The first message (with its size in bytes) that satisfies `predicate`, within `timeout` seconds."""
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            assert left > 0, "no answer in time"
            try:
                size, message = self.messages.get(timeout=left)
            except queue.Empty:
                raise AssertionError(f"no answer within {timeout} s") from None
            if predicate(message):
                return size, message

    def request(self, identifier, method, params, timeout):
        self.send({"jsonrpc": "2.0", "id": identifier, "method": method, "params": params})
        self.process.stdin.flush()
        return self.wait(lambda message: message.get("id") == identifier, timeout)

    def start(self):
        self.request(0, "initialize", {"processId": None, "capabilities": {}}, 60)
        self.notify("initialized", {})

    def open(self, path, text, language="json"):
        self.notify(
            "textDocument/didOpen",
            {"textDocument": {"uri": file_uri(path), "languageId": language, "version": 1, "text": text}},
        )
        self.process.stdin.flush()

    def diagnostics(self, path, timeout):
        uri = file_uri(path)
        return self.wait(
            lambda message: message.get("method") == "textDocument/publishDiagnostics"
            and message["params"]["uri"] == uri,
            timeout,
        )[1]["params"]["diagnostics"]

    def peak_mebibytes(self):
        with open(f"/proc/{self.process.pid}/status") as status:
            line = next(line for line in status if line.startswith("VmHWM:"))
        return int(line.split()[1]) / 1024

    def close(self):
        self.request(999, "shutdown", None, 30)
        self.notify("exit", None)
        self.process.stdin.flush()
        assert self.process.wait(timeout=30) == 0


def deep_tokens(size=MEBIBYTE, depth=200):
    """A token file of about `size` bytes whose tokens all stand `depth` groups deep."""
    head = '{"g": ' * depth
    items = []
    total = len(head) + depth
    index = 0
    while total < size:
        item = f'"t{index}": {{"$value": {index}, "$type": "number"}}'
        items.append(item)
        total += len(item) + 2
        index += 1
    return head + "{" + ",\n".join(items) + "}" + "}" * depth


def root(name, files):
    """A theme root of its own for one test (each server loads only what its test needs): `files` maps paths under
    it to their text."""
    path = ROOT / name
    if path.exists():
        shutil.rmtree(path)
    for relative, text in files.items():
        (path / relative).parent.mkdir(parents=True, exist_ok=True)
        (path / relative).write_text(text)
    return path


def typed_theme(size=MEBIBYTE):
    lines = ['{\n  "theme": {"description": "typed here: "},\n  "surface": {']
    index = 0
    total = 0
    while total < size:
        line = f'    "c{index}": "#{index % 0xFFFFFF:06X}",'
        lines.append(line)
        total += len(line) + 1
        index += 1
    lines.append('    "last": "#000000"\n  }\n}\n')
    return "\n".join(lines)


def minified_theme(size=2_700_000):
    """One line, not ASCII (its description), of colors and references to them."""
    parts = []
    total = 0
    index = 0
    while total < size:
        part = f'"c{index}":"#0A6CFF","r{index}":{{"ref":"c{index}"}}'
        parts.append(part)
        total += len(part) + 1
        index += 1
    return '{"theme":{"description":"minifié"},"surface":{' + ",".join(parts) + "}}"


def test_a_deep_buffer_costs_memory_in_proportion_to_its_size():
    where = root("deep", {"deep/big.tokens.json": '{"t": {"$value": 1, "$type": "number"}}\n'})
    server = Server(where)
    server.start()
    path = where / "deep" / "big.tokens.json"
    server.open(path, deep_tokens())
    server.diagnostics(path, 120)
    symbols = server.request(1, "textDocument/documentSymbol", {"textDocument": {"uri": file_uri(path)}}, 120)[1]
    assert symbols["result"][0]["name"] == "g"
    peak = server.peak_mebibytes()
    print(f"peak RSS with a 1 MiB buffer nested 200 deep: {peak:.0f} MiB")
    server.close()
    assert peak < 512


def test_a_deep_file_on_disk_beside_an_open_one_costs_memory_in_proportion():
    where = root(
        "beside",
        {"beside/small.tokens.json": '{"s": {"$value": 2, "$type": "number"}}\n', "beside/big.tokens.json": deep_tokens()},
    )
    server = Server(where)
    server.start()
    small = where / "beside" / "small.tokens.json"
    text = small.read_text()
    server.open(small, text)
    server.diagnostics(small, 120)
    found = server.request(
        1, "textDocument/references",
        {"textDocument": {"uri": file_uri(small)}, "position": {"line": 0, "character": 2},
         "context": {"includeDeclaration": True}},
        120,
    )[1]
    assert len(found["result"]) == 1
    peak = server.peak_mebibytes()
    print(f"peak RSS with a 1 MiB file nested 200 deep on disk: {peak:.0f} MiB")
    server.close()
    assert peak < 512


def test_many_bare_names_in_an_scss_value_are_read_in_linear_time():
    server = Server(root("bare", {}))
    server.start()
    sheet = WORK / "web" / "bare.scss"
    names = " ".join(f"--n{index}" for index in range(500_000))
    text = ".a {\n  margin: " + names + ";\n}\n"
    assert len(text) > 4_800_000
    began = time.monotonic()
    server.open(sheet, text, language="scss")
    found = server.diagnostics(sheet, 60)
    print(f"diagnostics of {len(text)} bytes of bare names: {time.monotonic() - began:.1f} s")
    assert len(found) == 1000 and found[0]["message"].startswith("--n0 is not defined")
    server.close()


def test_a_hundred_thousand_one_character_edits_are_analysed_once():
    where = root("typed", {"typed/theme.json": typed_theme()})
    server = Server(where)
    server.start()
    path = where / "typed" / "theme.json"
    text = path.read_text()
    server.open(path, text)
    server.diagnostics(path, 120)
    line, character = 1, text.split("\n")[1].index("here: ") + 6
    began = time.monotonic()
    for version in range(2, 100_002):
        server.notify(
            "textDocument/didChange",
            {
                "textDocument": {"uri": file_uri(path), "version": version},
                "contentChanges": [
                    {"range": {"start": {"line": line, "character": character},
                               "end": {"line": line, "character": character}}, "text": "x"}
                ],
            },
        )
        character += 1
    hover = server.request(
        1, "textDocument/hover",
        {"textDocument": {"uri": file_uri(path)}, "position": {"line": 3, "character": 6}}, 120,
    )[1]
    elapsed = time.monotonic() - began
    print(f"100,000 one-character edits of a 1 MiB document, then a hover: {elapsed:.1f} s")
    assert "#000000" in hover["result"]["contents"]["value"]
    assert server.diagnostics(path, 30) == []
    server.close()
    assert elapsed < 60


def test_a_document_over_the_limit_gets_one_diagnostic():
    server = Server(root("huge", {}))
    server.start()
    sheet = WORK / "web" / "huge.css"
    server.open(sheet, "/* " + "x" * (9 * MEBIBYTE) + " */ .a { color: var(--nope); }\n", language="css")
    found = server.diagnostics(sheet, 60)
    assert len(found) == 1 and "over the 8388608 bytes the language server reads" in found[0]["message"]
    hover = server.request(
        1, "textDocument/hover", {"textDocument": {"uri": file_uri(sheet)}, "position": {"line": 0, "character": 5}},
        30,
    )[1]
    assert hover["result"] is None
    server.close()


def test_the_colors_of_a_minified_theme_are_bounded():
    where = root("minified", {"minified/theme.json": minified_theme()})
    server = Server(where)
    server.start()
    path = where / "minified" / "theme.json"
    began = time.monotonic()
    size, answer = server.request(1, "textDocument/documentColor", {"textDocument": {"uri": file_uri(path)}}, 60)
    elapsed = time.monotonic() - began
    print(f"documentColor of a 2.7 MB minified theme: {elapsed:.1f} s, {size} bytes")
    assert len(answer["result"]) == 10_000 and size < 3 * MEBIBYTE
    # Positions count UTF-16 units after the `é`.
    first = answer["result"][0]["range"]["start"]
    assert first == {"line": 0, "character": len('{"theme":{"description":"minifié"},"surface":{"')}
    server.close()
    assert elapsed < 20
