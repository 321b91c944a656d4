#!/usr/bin/env python3
"""Checks a `snapstyle build` CSS output in headless Chromium (Selenium): for every block and every variable, the
value Chromium computes on an element that block applies to equals the value resolved in the block's context.

Started by BuildBrowserTests. --expected is a JSON list of blocks, each {"attributes": {NAME: VALUE} (set on the
element), "colorScheme": "dark" or null (emulated with prefers-color-scheme), "values": {"--name": "value"}}.
Prints `ok: ...` per block and `FAIL: ...` for each mismatch; exits 1 on any.
"""

import argparse
import json
import pathlib
import sys

from selenium import webdriver
from selenium.webdriver.chrome.service import Service

parser = argparse.ArgumentParser()
parser.add_argument("--css", required=True)
parser.add_argument("--expected", required=True)
arguments = parser.parse_args()

blocks = json.loads(pathlib.Path(arguments.expected).read_text())
page = pathlib.Path(arguments.css).with_name("browser-check.html")
page.write_text('<!doctype html><html><head><link rel="stylesheet" href="%s"></head><body></body></html>'
                % pathlib.Path(arguments.css).name)

options = webdriver.ChromeOptions()
for flag in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"]:
    options.add_argument(flag)
driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
failures = 0
try:
    driver.get(page.as_uri())
    for index, block in enumerate(blocks):
        scheme = block.get("colorScheme") or "light"
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia",
                               {"features": [{"name": "prefers-color-scheme", "value": scheme}]})
        computed = driver.execute_script(
            """
            const [attributes, names] = arguments;
            const element = document.createElement('div');
            for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
            document.body.replaceChildren(element);
            const style = getComputedStyle(element);
            return Object.fromEntries(names.map(name => [name, style.getPropertyValue(name).trim()]));
            """, block.get("attributes") or {}, list(block["values"]))
        wrong = [(name, value, computed[name]) for name, value in block["values"].items() if computed[name] != value]
        for name, want, got in wrong:
            print("FAIL: block %d %s: computed %r, resolved %r" % (index, name, got, want), flush=True)
        failures += len(wrong)
        if not wrong:
            print("ok: block %d: %d variables compute to their resolved values" % (index, len(block["values"])),
                  flush=True)
finally:
    driver.quit()
if failures:
    sys.exit(1)
print("all build css checks passed")
