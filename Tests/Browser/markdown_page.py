#!/usr/bin/env python3
"""Renders a `snapstyle diff --format markdown` comment as a pull-request comment reads on GitHub and, with
--screenshot, takes a headless Chromium screenshot of it (Selenium).

GitHub renders the comment's markdown (tables, `<details>`) and draws each `$\\color{#rrggbb}{\\blacksquare}$` with its
math support as a colored square. Offline there is no math renderer, so each such formula becomes a square of that
color here, which is what GitHub shows in its place. `--open` opens the `<details>` sections (GitHub starts them
closed). Prints `ok: ...` with the counts of tables, sections and squares.
"""

import argparse
import pathlib
import re

import markdown

parser = argparse.ArgumentParser()
parser.add_argument("--markdown", required=True)
parser.add_argument("--html", required=True)
parser.add_argument("--screenshot")
parser.add_argument("--open", action="store_true")
parser.add_argument("--width", type=int, default=1100)
parser.add_argument("--height", type=int, default=1400)
arguments = parser.parse_args()

text = pathlib.Path(arguments.markdown).read_text()
swatch = re.compile(r"\$\\color\{(#[0-9a-fA-F]{6})\}\{\\blacksquare\}\$")
squares = len(swatch.findall(text))
text = swatch.sub(lambda m: '<span class="sq" style="background:%s"></span>' % m.group(1), text)
# GitHub renders markdown inside a <details> body when a blank line follows its <summary>; python-markdown leaves
# raw HTML blocks alone, so each body is rendered on its own, as GitHub does.
parts = re.split(r"(<details><summary>.*?</summary>\n)(.*?)(</details>)", text, flags=re.S)
body = ""
index = 0
while index < len(parts):
    if index + 3 < len(parts) and parts[index + 1].startswith("<details>"):
        body += markdown.markdown(parts[index], extensions=["tables"])
        opening = parts[index + 1].replace("<details>", "<details open>") if arguments.open else parts[index + 1]
        body += opening + markdown.markdown(parts[index + 2], extensions=["tables"]) + parts[index + 3]
        index += 4
    else:
        body += markdown.markdown(parts[index], extensions=["tables"])
        index += 1
page = """<!doctype html><html><head><meta charset="utf-8"><style>
body{font:14px/1.5 -apple-system,"Segoe UI","Noto Sans",Helvetica,Arial,sans-serif;color:#1f2328;background:#fff;
margin:0;padding:16px 24px;max-width:%dpx}
h3{font-size:1.25em;margin:8px 0 16px}h4{font-size:1em;margin:16px 0 8px}
table{border-collapse:collapse;margin:0 0 16px;display:block;overflow:auto;max-width:100%%}
th,td{border:1px solid #d1d9e0;padding:6px 13px}th{font-weight:600}tr:nth-child(2n){background:#f6f8fa}
code{font:12px ui-monospace,SFMono-Regular,Menlo,monospace;background:rgba(129,139,152,.12);padding:.2em .4em;
border-radius:6px}
summary{cursor:pointer;margin:8px 0}ul{padding-left:2em}
.sq{display:inline-block;width:.8em;height:.8em;vertical-align:-.05em;margin-right:2px}
</style></head><body>%s</body></html>""" % (arguments.width - 48, body)
pathlib.Path(arguments.html).write_text(page)
tables = page.count("<table")
sections = page.count("<details")
if arguments.screenshot:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    for flag in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                 "--window-size=%d,%d" % (arguments.width, arguments.height), "--hide-scrollbars"]:
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    try:
        driver.get(pathlib.Path(arguments.html).resolve().as_uri())
        driver.save_screenshot(arguments.screenshot)
    finally:
        driver.quit()
print("ok: %d tables, %d sections, %d squares" % (tables, sections, squares))
