"""`snapstyle mcp`'s figures on the release binaries (make bench-mcp; Benchmarks/README.md).

- the `resolve` tool against the daemon's own `resolve`: the same query, one at a time, N times each after a
  warm-up; p50 and p99 as the client sees them, and the difference (what the MCP server adds);
- a theme change's `themeChanged` event to the MCP client's `notifications/resources/updated`: a plain subscriber on
  the daemon's socket and the MCP client wait side by side while a theme file is saved, 30 times; each figure is the
  time from the event reaching the plain subscriber to the notification reaching the MCP client. Same clock.

The MCP client is a minimal one written here (newline-delimited JSON-RPC on the server's stdin and stdout), so that
the figures are the server's and not a client library's.
"""

import argparse
import json
import os
import select
import socket
import statistics
import subprocess
import tempfile
import time

THEME = '{"surface": {"brandPrimary": {"when": [{"if": {"colorScheme": "dark"}, "then": "#FF8800"}], "else": "%s"}}}\n'
QUERY = {"theme": "brand", "attribute": "font", "key": "title", "context": {"colorScheme": "dark", "dynamicType": "xxLarge"}}


def percentile(samples, fraction):
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def figures(samples):
    return percentile(samples, 0.5) * 1000, percentile(samples, 0.99) * 1000


class Lines:
    """Newline-delimited JSON over a file descriptor."""

    def __init__(self, read_fd, write):
        self.fd = read_fd
        self.write_bytes = write
        self.buffer = b""

    def send(self, message):
        self.write_bytes((json.dumps(message) + "\n").encode())

    def receive(self, timeout=10.0):
        deadline = time.monotonic() + timeout
        while b"\n" not in self.buffer:
            remaining = deadline - time.monotonic()
            if remaining <= 0 or not select.select([self.fd], [], [], remaining)[0]:
                raise TimeoutError("no line")
            chunk = os.read(self.fd, 1 << 16)
            if not chunk:
                raise EOFError("closed")
            self.buffer += chunk
        line, self.buffer = self.buffer.split(b"\n", 1)
        return json.loads(line), time.monotonic()

    def pending(self):
        return b"\n" in self.buffer


def answer(lines, request_id):
    while True:
        message, _ = lines.receive()
        if message.get("id") == request_id:
            return message


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", required=True, help="the folder of snapstyled and snapstyle (release)")
    parser.add_argument("--calls", type=int, default=3000)
    parser.add_argument("--saves", type=int, default=30)
    args = parser.parse_args()

    work = tempfile.mkdtemp(prefix="snapstyle-mcp-bench-")
    themes, run = os.path.join(work, "themes"), os.path.join(work, "run")
    os.makedirs(themes)
    os.makedirs(run, mode=0o700)
    theme_file = os.path.join(themes, "brand.json")
    with open(theme_file, "w") as handle:
        handle.write(THEME % "#3366FF")
    sock = os.path.join(run, "snapstyled.sock")
    env = dict(os.environ, HOME=work, XDG_CONFIG_HOME=work + "/config", XDG_RUNTIME_DIR=run)
    daemon = subprocess.Popen([args.bin + "/snapstyled", "--socket", sock, "--themes", themes],
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env)
    server = None
    try:
        assert b"listening on" in daemon.stdout.readline()

        direct = socket.socket(socket.AF_UNIX)
        direct.connect(sock)
        daemon_lines = Lines(direct.fileno(), direct.sendall)

        server = subprocess.Popen([args.bin + "/snapstyle", "mcp", "--socket", sock], stdin=subprocess.PIPE,
                                  stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env, bufsize=0)
        mcp = Lines(server.stdout.fileno(), lambda data: (server.stdin.write(data), server.stdin.flush()))
        mcp.send({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {
            "protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "bench", "version": "1"}}})
        answer(mcp, 0)
        mcp.send({"jsonrpc": "2.0", "method": "notifications/initialized"})

        def daemon_call(i):
            daemon_lines.send({"jsonrpc": "2.0", "id": i, "method": "resolve", "params": QUERY})
            return answer(daemon_lines, i)

        def tool_call(i):
            mcp.send({"jsonrpc": "2.0", "id": i, "method": "tools/call",
                      "params": {"name": "resolve", "arguments": QUERY}})
            return answer(mcp, i)

        first = tool_call(1)
        assert not first["result"]["isError"], first
        print("resolve tool:", first["result"]["content"][0]["text"])
        samples = {"daemon": [], "mcp": []}
        # Interleaved rounds, so that both see the same machine.
        for round_ in range(4):
            for name, call in (("daemon", daemon_call), ("mcp", tool_call)):
                for i in range(200 + args.calls // 4):
                    start = time.monotonic()
                    call(10_000_000 * (round_ + 1) + i)
                    if i >= 200:
                        samples[name].append(time.monotonic() - start)
        d50, d99 = figures(samples["daemon"])
        m50, m99 = figures(samples["mcp"])
        print(f"daemon resolve ({len(samples['daemon'])} calls): p50 {d50:.3f} ms, p99 {d99:.3f} ms")
        print(f"resolve tool   ({len(samples['mcp'])} calls): p50 {m50:.3f} ms, p99 {m99:.3f} ms")
        print(f"the MCP server adds: p50 {m50 - d50:.3f} ms, p99 {m99 - d99:.3f} ms")

        subscriber = socket.socket(socket.AF_UNIX)
        subscriber.connect(sock)
        events = Lines(subscriber.fileno(), subscriber.sendall)
        events.send({"jsonrpc": "2.0", "id": 1, "method": "subscribe", "params": {"themes": ["brand"]}})
        answer(events, 1)
        mcp.send({"jsonrpc": "2.0", "id": 2, "method": "resources/subscribe",
                  "params": {"uri": "snapstyle://theme/brand.css"}})
        answer(mcp, 2)
        relay, save_to_notification = [], []
        for n in range(args.saves):
            saved = time.monotonic()
            with open(theme_file, "w") as handle:
                handle.write(THEME % ("#%06X" % (0x100000 + n)))
            event_at = notified_at = None
            while event_at is None or notified_at is None:
                ready = select.select([subscriber.fileno(), server.stdout.fileno()], [], [], 10)[0]
                if not ready and not events.pending() and not mcp.pending():
                    raise TimeoutError(f"save {n}: event {event_at}, notification {notified_at}")
                if subscriber.fileno() in ready or events.pending():
                    message, at = events.receive()
                    if message.get("method") == "themeChanged":
                        event_at = at
                if server.stdout.fileno() in ready or mcp.pending():
                    message, at = mcp.receive()
                    if message.get("method") == "notifications/resources/updated":
                        notified_at = at
            relay.append(notified_at - event_at)
            save_to_notification.append(notified_at - saved)
            time.sleep(0.05)
        r50, r99 = figures(relay)
        s50, s99 = figures(save_to_notification)
        print(f"themeChanged -> resources/updated ({args.saves} saves): p50 {r50:.3f} ms, max {max(relay) * 1000:.3f} ms")
        print(f"save -> resources/updated: p50 {s50:.1f} ms, p99 {s99:.1f} ms")
    finally:
        if server:
            server.stdin.close()
            server.wait(timeout=10)
        daemon.terminate()
        daemon.wait(timeout=10)


if __name__ == "__main__":
    main()
