#!/usr/bin/env python3
"""`snapstyle preview` under half-sent requests (slowloris), on loopback only, bounded in time.

Starts a daemon on a temporary root and `snapstyle preview` on a free port, opens N connections that each send
the start of a request head and never finish it, then times a normal `GET /api/themes` on a fresh connection and
counts the preview's open descriptors (/proc/PID/fd) and how many of the half-sent connections it still holds.
Everything ends within --time-limit seconds (default 60).

    python3 Benchmarks/preview_slowloris.py --bin .build/debug [--connections 2000] [--unbounded] [--nofile 1024]
        [--wait 12]
"""

import argparse
import os
import resource
import socket
import subprocess
import sys
import tempfile
import time


def descriptors(pid):
    return len(os.listdir(f"/proc/{pid}/fd"))


def timed_get(port, path, timeout):
    """The status line of a GET on a new connection and the seconds it took; (None, seconds) without an answer."""
    started = time.monotonic()
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=timeout) as client:
            client.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n\r\n".encode())
            data = b""
            while b"\r\n" not in data:
                chunk = client.recv(4096)
                if not chunk:
                    break
                data += chunk
            line = data.split(b"\r\n", 1)[0].decode(errors="replace") if data else None
    except OSError as error:
        line = f"no answer ({error.__class__.__name__}: {error})"
    return line, time.monotonic() - started


def still_open(connections):
    """How many of the connections the server has not closed (a zero-byte read says closed)."""
    alive = 0
    for connection in connections:
        try:
            connection.setblocking(False)
            if connection.recv(1, socket.MSG_PEEK) == b"":
                continue
            alive += 1
        except BlockingIOError:
            alive += 1
        except OSError:
            pass
    return alive


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", required=True, help="the folder of snapstyled and snapstyle")
    parser.add_argument("--connections", type=int, default=2000)
    parser.add_argument("--time-limit", type=float, default=60.0)
    parser.add_argument("--unbounded", action="store_true",
                        help="run the preview without its bounds (no head timeout to speak of, no cap per address), "
                             "as it was before they were added")
    parser.add_argument("--nofile", type=int, default=0,
                        help="the preview's limit on open files (soft and hard), e.g. 1024 as a login shell has")
    parser.add_argument("--wait", type=float, default=0.0,
                        help="seconds to wait after the GET, then count again (to see a head timeout act)")
    args = parser.parse_args()
    deadline = time.monotonic() + args.time_limit

    work = tempfile.mkdtemp(prefix="snapstyle-slowloris-")
    themes, run = os.path.join(work, "themes"), os.path.join(work, "run")
    os.makedirs(themes)
    os.makedirs(run, mode=0o700)
    sock = os.path.join(run, "snapstyled.sock")
    env = dict(os.environ, HOME=work, XDG_CONFIG_HOME=work + "/config", XDG_RUNTIME_DIR=run)
    daemon = subprocess.Popen([args.bin + "/snapstyled", "--socket", sock, "--themes", themes],
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env)
    preview = None
    connections = []
    try:
        assert b"listening on" in daemon.stdout.readline()
        unbounded = ["--head-timeout", "100000", "--connections-per-address", "1000000"] if args.unbounded else []
        limit = (lambda: resource.setrlimit(resource.RLIMIT_NOFILE, (args.nofile, args.nofile))) if args.nofile else None
        preview = subprocess.Popen([args.bin + "/snapstyle", "preview", "--socket", sock, "--port", "0"] + unbounded,
                                   stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env, preexec_fn=limit)
        line = preview.stdout.readline().decode()
        assert line.startswith("preview: http://"), line
        port = int(line.rsplit(":", 1)[1].strip().rstrip("/"))
        status, took = timed_get(port, "/api/themes", 5)
        print(f"quiet: GET /api/themes -> {status!r} in {took * 1000:.1f} ms; "
              f"descriptors {descriptors(preview.pid)}")

        started = time.monotonic()
        refused = 0
        for index in range(args.connections):
            if time.monotonic() > deadline - 15:
                print(f"stopped opening at {index}: the time limit is near")
                break
            try:
                connection = socket.create_connection(("127.0.0.1", port), timeout=2)
                connection.sendall(f"GET /api/themes HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nX-Slow: ".encode())
                connections.append(connection)
            except OSError:
                refused += 1
        opened = time.monotonic() - started
        time.sleep(0.5)
        print(f"opened {len(connections)} half-sent connections in {opened:.2f} s ({refused} failed to connect); "
              f"descriptors {descriptors(preview.pid)}; still held by the server {still_open(connections)}")

        status, took = timed_get(port, "/api/themes", max(1.0, min(10.0, deadline - time.monotonic() - 2)))
        print(f"under load: GET /api/themes -> {status!r} in {took * 1000:.1f} ms; "
              f"descriptors {descriptors(preview.pid)}")
        if args.wait > 0:
            time.sleep(min(args.wait, max(0.0, deadline - time.monotonic() - 1)))
            print(f"after {args.wait:.0f} s: descriptors {descriptors(preview.pid)}; "
                  f"still held by the server {still_open(connections)}")
        return 0 if status and status.startswith("HTTP/1.1 200") else 1
    finally:
        for connection in connections:
            connection.close()
        for process in (preview, daemon):
            if process is not None:
                process.terminate()
                try:
                    process.wait(timeout=5)
                except subprocess.TimeoutExpired:
                    process.kill()


if __name__ == "__main__":
    sys.exit(main())
