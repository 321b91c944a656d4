#!/usr/bin/env python3
"""The hostile-input probe of the daemon, against its real binary on a temporary socket (loopback only, bounded).

Writes the token files that once held the daemon (4^30 exponential aliases in 2 KB, 15,000 aliases to nothing, a
100 GB sparse token file, an exponential theme just under the value bound asked for 1,000 times in one batch),
then measures how long a `ping` on another connection waits while each hostile request is answered, and prints
every figure. Usage: python3 Benchmarks/hostile_probe.py [--bin .build/release]
"""
import argparse, json, os, socket, subprocess, sys, tempfile, threading, time

def tokens(levels, fan=4):
    t = {"s0": {"value": "8px 64px", "type": "spacing"}}
    for i in range(1, levels + 1):
        t[f"s{i}"] = {"value": " ".join([f"{{s{i-1}}}"] * fan), "type": "spacing"}
    t["ok"] = {"value": "#336699", "type": "color"}
    return json.dumps(t)

def connect(path):
    s = socket.socket(socket.AF_UNIX)
    s.connect(path)
    return s, s.makefile("rb")

def call(conn, line, timeout=120):
    s, f = conn
    s.settimeout(timeout)
    s.sendall((line + "\n").encode())
    return f.readline()

def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", default=".build/release")
    args = parser.parse_args()
    work = tempfile.mkdtemp(prefix="snapstyle-probe-")
    themes = os.path.join(work, "themes")
    os.makedirs(themes)
    runtime = os.path.join(work, "run")
    os.makedirs(runtime, mode=0o700)
    sock = os.path.join(runtime, "probe.sock")
    open(os.path.join(themes, "expo.tokens.json"), "w").write(tokens(30))
    open(os.path.join(themes, "under.tokens.json"), "w").write(tokens(5))
    aliases = {f"c{i}": {"$type": "color", "$value": "#112233"} for i in range(15000)}
    aliases.update({f"a{i}": {"$type": "color", "$value": f"{{missing.color.number{i}}}"} for i in range(15000)})
    open(os.path.join(themes, "typos.tokens.json"), "w").write(json.dumps(aliases))
    with open(os.path.join(themes, "sparse.tokens.json"), "w") as f:
        f.truncate(100 << 30)
    env = dict(os.environ, XDG_RUNTIME_DIR=runtime, XDG_CONFIG_HOME=os.path.join(work, "config"), HOME=work)
    started = time.monotonic()
    daemon = subprocess.Popen([os.path.join(args.bin, "snapstyled"), "--socket", sock, "--themes", themes],
                              env=env, stderr=subprocess.DEVNULL)
    try:
        for _ in range(600):
            if os.path.exists(sock):
                try:
                    if b"pong" in call(connect(sock), '{"jsonrpc":"2.0","id":0,"method":"ping"}', 1):
                        break
                except OSError:
                    pass
            time.sleep(0.05)
        ready = time.monotonic() - started
        listing = json.loads(call(connect(sock), '{"jsonrpc":"2.0","id":1,"method":"themes"}'))
        print(f"daemon ready with every hostile file: {ready:.2f} s")
        for theme in listing["result"]["themes"]:
            print(f"  {theme['name']}: {theme['state']}, {theme.get('errorCount')} error(s), "
                  f"{len(json.dumps(theme))} bytes in `themes`")
        hostile = {
            "exponential aliases (s30)": '{"jsonrpc":"2.0","id":2,"method":"resolve","params":'
                                         '{"theme":"expo","attribute":"token","key":"s30"}}',
            "a batch of 1,000 resolves of a 3,073-part value, each in a new context": json.dumps([
                {"jsonrpc": "2.0", "id": 100 + i, "method": "resolve", "params": {"theme": "under",
                 "attribute": "token", "key": "s5", "context": {"scaleFactor": 1 + i / 1000}}} for i in range(1000)]),
            "a theme refused with 15,000 errors": '{"jsonrpc":"2.0","id":4,"method":"resolve","params":'
                                         '{"theme":"typos","attribute":"surface","key":"c123x"}}',
            "an unknown key (did you mean)": '{"jsonrpc":"2.0","id":5,"method":"resolve","params":'
                                         '{"theme":"under","attribute":"token","key":"s55"}}',
        }
        for name, line in hostile.items():
            victim = connect(sock)
            pings = []
            done = threading.Event()
            def pinger():
                while not done.is_set():
                    t = time.monotonic()
                    call(victim, '{"jsonrpc":"2.0","id":9,"method":"ping"}', 30)
                    pings.append((time.monotonic() - t) * 1000)
            thread = threading.Thread(target=pinger)
            thread.start()
            t = time.monotonic()
            answer = call(connect(sock), line)
            took = (time.monotonic() - t) * 1000
            time.sleep(0.05)
            done.set()
            thread.join()
            parsed = json.loads(answer)
            if isinstance(parsed, list):
                codes = {str(entry.get("error", {}).get("code", "a result")) for entry in parsed}
                parsed = {"error": {"code": f"{len(parsed)} answers: " + ", ".join(sorted(codes))}}
            code = parsed.get("error", {}).get("code", "a result")
            if code == -32602:
                print("  ", parsed["error"])
            print(f"{name}: answered {code} in {took:.1f} ms ({len(answer)} bytes); "
                  f"ping on another connection: {len(pings)} pings, worst {max(pings):.2f} ms")
    finally:
        daemon.terminate()
        daemon.wait(10)
        subprocess.run(["rm", "-rf", work])

if __name__ == "__main__":
    main()
