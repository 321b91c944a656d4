#!/usr/bin/env python3
"""Soak test of snapstyled (`make soak`): the release daemon on a temporary root, 20 clients resolving random keys
in random contexts (a slider's scale factor, variables), subscribing and reconnecting, while a theme file changes
every 200 ms (now and then broken, then fixed). Fails when resident memory grows by more than 10% after warm-up,
when an answer on a connection goes back to an older generation of a theme, or when a request goes unanswered.
Prints the figures."""

import argparse
import json
import os
import random
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time

KEYS = [f"k{i}" for i in range(60)]


def theme_text(round_number, broken=False):
    if broken:
        return '{"number": {"k0": '
    numbers = {key: (index * 7 + round_number) % 97 for index, key in enumerate(KEYS)}
    numbers["sum"] = {"calc": "{k1} + {k2} * $scaleFactor"}
    surfaces = {
        "brand": f"#{round_number % 256:02X}3366",
        "deep": {"ref": "brand", "adjust": [{"opacity": 0.5}]},
        "flip": {"when": [{"if": {"colorScheme": "dark"}, "then": {"ref": "brand"}}], "else": "#FFFFFF"},
    }
    return json.dumps({"number": numbers, "surface": surfaces})


def write(path, text):
    with open(path, "w") as handle:  # in place: create/modify events
        handle.write(text)


def rss_kb(pid):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


class Client:
    """One connection; `call` sends a request and waits for its answer (notifications are kept aside)."""

    def __init__(self, path):
        self.socket = socket.socket(socket.AF_UNIX)
        self.socket.settimeout(5)
        self.socket.connect(path)
        self.buffer = b""
        self.next_id = 1
        self.notifications = []

    def line(self):
        while b"\n" not in self.buffer:
            chunk = self.socket.recv(65536)
            if not chunk:
                raise ConnectionError("closed by the daemon")
            self.buffer += chunk
        line, self.buffer = self.buffer.split(b"\n", 1)
        return json.loads(line)

    def call(self, method, params=None):
        request_id = self.next_id
        self.next_id += 1
        message = {"jsonrpc": "2.0", "id": request_id, "method": method}
        if params is not None:
            message["params"] = params
        self.socket.sendall((json.dumps(message) + "\n").encode())
        while True:
            answer = self.line()
            if "id" not in answer:
                self.notifications.append(answer)
                continue
            if answer["id"] != request_id:
                raise AssertionError(f"answer to {answer['id']} while waiting for {request_id}")
            return answer

    def close(self):
        self.socket.close()


class Soak:
    def __init__(self, args):
        self.args = args
        self.stop = threading.Event()
        self.failures = []
        self.lock = threading.Lock()
        self.requests = 0
        self.latencies = []
        self.reconnects = 0
        self.notifications = 0
        self.worst_ping = 0.0

    def ping_loop(self):
        """A client of its own pings every 20 ms: how long the others' load holds a quick request."""
        client = Client(self.args.socket)
        while not self.stop.is_set():
            started = time.monotonic()
            if client.call("ping").get("result") != "pong":
                self.fail("a ping was not answered pong")
            self.worst_ping = max(self.worst_ping, time.monotonic() - started)
            time.sleep(0.02)

    def fail(self, message):
        with self.lock:
            if len(self.failures) < 20:
                self.failures.append(message)
        self.stop.set()

    def client_loop(self, index):
        rng = random.Random(index)
        seen = {}  # theme -> newest generation on this connection
        client = None
        subscribed = index % 4 == 0
        while not self.stop.is_set():
            try:
                if client is None:
                    client = Client(self.args.socket)
                    seen = {}
                    if subscribed:
                        query = {"id": "q", "theme": "soak", "attribute": "number", "key": "sum",
                                 "context": {"scaleFactor": 2}}
                        answer = client.call("subscribe", {"themes": ["soak"], "queries": [query]})
                        if "result" not in answer:
                            self.fail(f"subscribe: {answer}")
                context = {"scaleFactor": round(rng.uniform(0.5, 3.0), 3),
                           "colorScheme": rng.choice(["light", "dark"]),
                           "vars": {"slider": rng.randint(0, 10_000)}}
                if rng.random() < 0.5:
                    params = {"theme": "soak", "context": context, "attribute": "number", "key": rng.choice(KEYS)}
                else:
                    queries = [{"attribute": "surface", "key": rng.choice(["brand", "deep", "flip"])},
                               {"attribute": "number", "key": "sum"}]
                    params = {"theme": "soak", "context": context, "queries": queries}
                started = time.monotonic()
                answer = client.call("resolve", params)
                elapsed = time.monotonic() - started
                result = answer.get("result")
                if result is None:
                    if answer.get("error", {}).get("code") != -32004:  # a theme broken from the start
                        self.fail(f"resolve answered {answer}")
                    continue
                generation = result["generation"]
                if generation < seen.get("soak", 0):
                    self.fail(f"connection {index}: generation {generation} after {seen['soak']}")
                seen["soak"] = generation
                for note in client.notifications:
                    params = note.get("params", {})
                    if params.get("theme") == "soak" and "generation" in params:
                        if note["method"] != "themeError" and params["generation"] < seen.get("events", 0):
                            self.fail(f"connection {index}: event generations went back")
                        seen["events"] = max(seen.get("events", 0), params["generation"])
                with self.lock:
                    self.requests += 1
                    self.notifications += len(client.notifications)
                    if len(self.latencies) < 200_000:
                        self.latencies.append(elapsed)
                client.notifications = []
                if rng.random() < 0.002:
                    client.close()
                    client = None
                    with self.lock:
                        self.reconnects += 1
            except (socket.timeout, TimeoutError):
                self.fail(f"connection {index}: a request went unanswered for 5 s")
            except (ConnectionError, OSError, AssertionError, ValueError) as error:
                self.fail(f"connection {index}: {error}")

    def editor_loop(self, path):
        round_number = 1
        while not self.stop.wait(0.2):
            round_number += 1
            write(path, theme_text(round_number, broken=round_number % 25 == 0))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--daemon", default=".build/release/snapstyled")
    parser.add_argument("--minutes", type=float, default=10)
    parser.add_argument("--clients", type=int, default=20)
    args = parser.parse_args()
    base = tempfile.mkdtemp(prefix="snapstyled-soak-")
    try:
        run = os.path.join(base, "run")
        os.makedirs(run, mode=0o700)
        themes = os.path.join(base, "themes")
        os.makedirs(os.path.join(themes, "soak"))
        theme_file = os.path.join(themes, "soak", "theme.json")
        write(theme_file, theme_text(1))
        args.socket = os.path.join(run, "snapstyled.sock")
        environment = dict(os.environ, HOME=base, XDG_CONFIG_HOME=os.path.join(base, "config"),
                           XDG_DATA_DIRS=os.path.join(base, "data"), XDG_RUNTIME_DIR=run)
        environment.pop("NOTIFY_SOCKET", None)
        daemon = subprocess.Popen([args.daemon, "--socket", args.socket, "--themes", themes, "--log-level", "warning"],
                                  env=environment, stdout=subprocess.PIPE, stderr=open(os.path.join(base, "log"), "w"))
        if b"listening" not in daemon.stdout.readline():
            print("soak: the daemon did not start", file=sys.stderr)
            return 1
        soak = Soak(args)
        threads = [threading.Thread(target=soak.client_loop, args=(i,), daemon=True) for i in range(args.clients)]
        threads.append(threading.Thread(target=soak.editor_loop, args=(theme_file,), daemon=True))
        threads.append(threading.Thread(target=soak.ping_loop, daemon=True))
        for thread in threads:
            thread.start()
        duration = args.minutes * 60
        warm_up = min(60.0, duration / 5)
        started = time.monotonic()
        baseline = peak = 0
        samples = []
        while time.monotonic() - started < duration and not soak.stop.is_set():
            time.sleep(min(5.0, max(0.5, duration / 60)))
            rss = rss_kb(daemon.pid)
            peak = max(peak, rss)
            if time.monotonic() - started >= warm_up:
                samples.append(rss)
                if not baseline:
                    baseline = rss
        soak.stop.set()
        for thread in threads:
            thread.join(timeout=10)
        status = Client(args.socket).call("status")["result"]
        end = rss_kb(daemon.pid)
        daemon.send_signal(signal.SIGTERM)
        daemon.wait(timeout=20)
        latencies = sorted(soak.latencies) or [0]
        elapsed = time.monotonic() - started
        print(f"soak: {elapsed:.0f} s, {args.clients} clients, a theme file changed every 200 ms")
        print(f"  requests answered: {soak.requests} ({soak.requests / elapsed:.0f}/s), "
              f"p50 {latencies[len(latencies) // 2] * 1e3:.2f} ms, p99 {latencies[int(len(latencies) * 0.99)] * 1e3:.2f} ms")
        print(f"  notifications: {soak.notifications}, reconnects: {soak.reconnects}")
        print(f"  worst ping on a connection of its own: {soak.worst_ping * 1e3:.1f} ms")
        print(f"  resident memory: after warm-up {baseline} kB, end {end} kB, peak {peak} kB "
              f"(growth {0 if not baseline else (end - baseline) * 100 / baseline:+.1f}%, limit +10%)")
        cache = status["cache"]
        print(f"  cache: {cache['entries']} entries, {cache['bytes']} bytes of {cache['maxBytes']}, "
              f"{cache['hits']} hits, {cache['misses']} misses, {cache['evictions']} evictions, "
              f"{cache['invalidations']} invalidations; {status['reloads']['count']} changes applied")
        if baseline and end > baseline * 1.10:
            soak.failures.append(f"resident memory grew from {baseline} kB to {end} kB after warm-up")
        if soak.requests == 0:
            soak.failures.append("no request was answered")
        for failure in soak.failures:
            print(f"  FAILED: {failure}")
        print(f"soak: {0 if soak.failures else 1} passed, {1 if soak.failures else 0} failed")
        return 1 if soak.failures else 0
    finally:
        shutil.rmtree(base, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
