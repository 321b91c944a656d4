"""The server as a JSON-RPC peer, driven byte by byte: malformed frames and messages get JSON-RPC errors and the
server goes on; requests before `initialize` and after `shutdown` are refused; `exit` ends it with 0 only after
`shutdown`; a document outside every root gets empty answers; a workspace folder that holds themes is a root."""

import json
import subprocess

from conftest import ENVIRONMENT, ROOT, WORK, server_command, uri as file_uri


class Peer:
    def __init__(self, *extra):
        self.process = subprocess.Popen(
            server_command(*extra), stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
            env=ENVIRONMENT,
        )
        self.notes = []

    def write(self, raw):
        self.process.stdin.write(raw)
        self.process.stdin.flush()

    def send(self, message):
        body = json.dumps(message).encode()
        self.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)

    def receive(self):
        header = b""
        while not header.endswith(b"\r\n\r\n"):
            byte = self.process.stdout.read(1)
            assert byte, "the server closed its output"
            header += byte
        length = int(header.split(b"Content-Length:")[1].split(b"\r\n")[0])
        return json.loads(self.process.stdout.read(length))

    def answer(self, expected_id=None):
        while True:
            message = self.receive()
            if "method" in message:
                self.notes.append(message)
                continue
            if expected_id is None or message.get("id") == expected_id:
                return message

    def request(self, identifier, method, params=None):
        self.send({"jsonrpc": "2.0", "id": identifier, "method": method, "params": params})
        return self.answer(identifier)

    def initialize(self, **params):
        result = self.request(0, "initialize", {"processId": None, "capabilities": {}, **params})
        self.send({"jsonrpc": "2.0", "method": "initialized", "params": {}})
        return result

    def close(self, shutdown=True):
        if shutdown:
            assert self.request(999, "shutdown")["result"] is None
        self.send({"jsonrpc": "2.0", "method": "exit"})
        return self.process.wait(timeout=10)


def test_malformed_messages_get_errors_and_the_server_goes_on():
    peer = Peer()
    assert peer.request(1, "textDocument/hover", {})["error"]["code"] == -32002
    peer.initialize()
    body = b"{not json"
    peer.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
    assert peer.answer()["error"]["code"] == -32700
    peer.write(b"Content-Type: text/plain\r\n\r\n")
    assert peer.answer()["error"]["code"] == -32700
    peer.send([1, 2, 3])
    assert peer.answer()["error"]["code"] == -32600
    assert peer.request(2, "textDocument/unknownThing", {})["error"]["code"] == -32601
    assert peer.request(3, "textDocument/hover", {"textDocument": {}})["error"]["code"] == -32602
    assert peer.request(4, "initialize", {"capabilities": {}})["error"]["code"] == -32600
    theme = ROOT / "demo" / "theme.json"
    hover = peer.request(
        5, "textDocument/hover", {"textDocument": {"uri": file_uri(theme)}, "position": {"line": 3, "character": 6}}
    )
    assert "#0A6CFF" in hover["result"]["contents"]["value"]
    assert peer.close() == 0


def test_requests_after_shutdown_are_refused_and_exit_without_shutdown_fails():
    peer = Peer()
    peer.initialize()
    assert peer.request(1, "shutdown")["result"] is None
    assert peer.request(2, "textDocument/hover", {})["error"]["code"] == -32600
    assert peer.close(shutdown=False) == 0
    peer = Peer()
    peer.initialize()
    assert peer.close(shutdown=False) == 1


def test_a_document_outside_every_root_gets_empty_answers():
    peer = Peer()
    peer.initialize()
    outside = WORK / "elsewhere.json"
    outside.write_text('{"surface": {"x": "#fff"}}')
    params = {"textDocument": {"uri": file_uri(outside)}, "position": {"line": 0, "character": 15}}
    assert peer.request(1, "textDocument/hover", params) == {"jsonrpc": "2.0", "id": 1, "result": None}
    assert peer.request(2, "textDocument/documentSymbol", {"textDocument": {"uri": file_uri(outside)}})["result"] == []
    assert peer.request(3, "textDocument/definition", params)["result"] is None
    assert peer.close() == 0


def test_a_workspace_folder_holding_themes_is_a_root():
    folder = WORK / "project"
    (folder / "themes" / "brand").mkdir(parents=True, exist_ok=True)
    theme = folder / "themes" / "brand" / "theme.json"
    theme.write_text('{"surface": {"ink": "#102030", "text": {"ref": "ink"}}}\n')
    peer = Peer()
    peer.initialize(workspaceFolders=[{"uri": file_uri(folder), "name": "project"}])
    hover = peer.request(
        1, "textDocument/hover", {"textDocument": {"uri": file_uri(theme)}, "position": {"line": 0, "character": 48}}
    )
    assert "`#102030`" in hover["result"]["contents"]["value"]
    assert peer.close() == 0


def test_a_request_right_behind_an_open_sees_the_document():
    # Both messages in one write: the hover is read before the server is idle, so nothing may wait for idleness.
    peer = Peer("--theme", "harbor")
    peer.initialize()
    sheet = WORK / "web" / "burst.css"
    text = ".a { color: var(--surface-card); }"
    opening = {"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {
        "uri": file_uri(sheet), "languageId": "css", "version": 1, "text": text}}}
    hover = {"jsonrpc": "2.0", "id": 1, "method": "textDocument/hover", "params": {
        "textDocument": {"uri": file_uri(sheet)}, "position": {"line": 0, "character": 20}}}
    frames = b""
    for message in (opening, hover):
        body = json.dumps(message).encode()
        frames += b"Content-Length: %d\r\n\r\n" % len(body) + body
    peer.write(frames)
    answer = peer.answer(1)
    assert "--surface-card: #ffffff" in answer["result"]["contents"]["value"]
    assert peer.close() == 0


def test_hostile_buffers_get_answers():
    # 100,000 levels of nesting in one line (the server used to work for minutes, then crash), then binary garbage.
    deep = WORK / "themes" / "deep.tokens.json"
    depth = 100_000
    text = '{"t": {"$value": 1, "$type": "number"}, ' + '"a": {' * depth + '"x": 2' + "}" * depth + "}"
    deep.write_text(text)
    try:
        peer = Peer()
        peer.initialize()
        uri = file_uri(deep)
        peer.send({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {
            "uri": uri, "languageId": "json", "version": 1, "text": text}}})
        symbols = peer.request(1, "textDocument/documentSymbol", {"textDocument": {"uri": uri}})["result"]
        assert [symbol["name"] for symbol in symbols] == ["t", "a"]
        garbage = '\u0000\u00ff{{{{[[["\\u' * 10_000
        peer.send({"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {
            "textDocument": {"uri": uri, "version": 2}, "contentChanges": [{"text": garbage}]}})
        assert peer.request(2, "textDocument/documentSymbol", {"textDocument": {"uri": uri}})["result"] == []
        hover = {"textDocument": {"uri": uri}, "position": {"line": 0, "character": 40}}
        assert "error" not in peer.request(3, "textDocument/hover", hover)
        assert peer.close() == 0
    finally:
        deep.unlink()
