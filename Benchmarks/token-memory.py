#!/usr/bin/env python3
"""The daemon's memory with a very large token file (issue: a 40 MB file of 380,000 oklch colors).

Starts the release daemon on an empty root, moves the file in, waits until the theme serves, edits one token,
waits for the new value, deletes the file, and prints the resident size (VmRSS) and its peak (VmHWM) at each step.
Usage: Benchmarks/token-memory.py PATH/TO/snapstyled [TOKENS]   (make bench-memory)
"""
import json, os, shutil, socket, subprocess, sys, tempfile, time

binary = sys.argv[1]
count = int(sys.argv[2]) if len(sys.argv) > 2 else 380_000
work = tempfile.mkdtemp(prefix="snapstyle-memory-")
themes, run = f"{work}/themes", f"{work}/run"
os.makedirs(themes)
os.makedirs(run, mode=0o700)
source = f"{work}/big.tokens.json"


def write_tokens(path, changed=None):
    with open(path, "w") as out:
        out.write("{")
        for i in range(count):
            hue = 42.5 if i == changed else i % 360 + 0.5
            out.write('%s"c%d": {"$type": "color", "$value": {"colorSpace": "oklch", "components": [0.%04d, 0.1%03d, %s]}}'
                      % (", " if i else "", i, i % 10000, i % 1000, hue))
        out.write("}\n")


write_tokens(source)
print(f"token file: {os.path.getsize(source) / 1e6:.1f} MB, {count} tokens")
sock = f"{run}/s.sock"
daemon = subprocess.Popen([binary, "--socket", sock, "--themes", themes], stdout=subprocess.PIPE,
                          stderr=open(f"{work}/daemon.log", "w"))
daemon.stdout.readline()


def memory():
    values = {}
    with open(f"/proc/{daemon.pid}/status") as status:
        for line in status:
            key, value = line.split(":", 1)
            if key in ("VmRSS", "VmHWM"):
                values[key] = int(value.split()[0]) // 1024
    return f"RSS {values['VmRSS']} MB, peak {values['VmHWM']} MB"


def call(method, params=None):
    client = socket.socket(socket.AF_UNIX)
    client.connect(sock)
    request = {"jsonrpc": "2.0", "id": 1, "method": method}
    if params:
        request["params"] = params
    client.sendall((json.dumps(request) + "\n").encode())
    answer = json.loads(client.makefile("rb").readline())
    client.close()
    return answer


def state():
    return {theme["name"]: theme["state"] for theme in call("themes")["result"]["themes"]}


def hue():
    answer = call("resolve", {"theme": "big", "attribute": "surface", "key": "c7"})
    return answer.get("result", {}).get("generation")


print("idle:", memory())
start = time.time()
shutil.copy(source, f"{themes}/.big.tmp")
os.rename(f"{themes}/.big.tmp", f"{themes}/big.tokens.json")
while state().get("big") != "loaded":
    time.sleep(0.1)
time.sleep(1)
print(f"loaded in {time.time() - start:.1f} s:", memory())
start = time.time()
write_tokens(f"{themes}/.big.tmp", changed=7)
os.rename(f"{themes}/.big.tmp", f"{themes}/big.tokens.json")
while hue() != 2:
    time.sleep(0.1)
time.sleep(1)
print(f"one token edited, served in {time.time() - start:.1f} s:", memory())
os.remove(f"{themes}/big.tokens.json")
while "big" in state():
    time.sleep(0.1)
time.sleep(1)
print("file deleted:", memory())
daemon.terminate()
daemon.wait()
shutil.rmtree(work)
