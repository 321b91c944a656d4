#!/usr/bin/env python3
"""Opens a `snapstyle diff --format html` page in headless Chromium (Selenium) and checks it: every swatch is drawn
in the color its title names (old and new side by side in each changed row), the page loads nothing else, and a
screenshot is written next to it (diff-page.png).

Started by DiffBrowserTests. Prints `ok: ...` lines and `FAIL: ...` for each problem; exits 1 on any.
"""

import argparse
import pathlib
import sys

from selenium import webdriver
from selenium.webdriver.chrome.service import Service

parser = argparse.ArgumentParser()
parser.add_argument("--page", required=True)
arguments = parser.parse_args()
page = pathlib.Path(arguments.page)

options = webdriver.ChromeOptions()
for flag in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1400,1000"]:
    options.add_argument(flag)
driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
failures = []
try:
    driver.get(page.as_uri())
    result = driver.execute_script(
        """
        const swatches = [...document.querySelectorAll('.swatch')].map(s => {
            const hex = s.getAttribute('title');
            const drawn = getComputedStyle(s.firstElementChild).backgroundColor;
            return [hex, drawn, s.getBoundingClientRect().width];
        });
        const rows = [...document.querySelectorAll('tr.change')].map(r =>
            [r.querySelectorAll('td.old .swatch').length, r.querySelectorAll('td.new .swatch').length]);
        const resources = performance.getEntriesByType('resource').map(e => e.name);
        return {swatches, rows, resources, title: document.title};
        """)
    def rgb(hex_color):
        return tuple(int(hex_color[i:i + 2], 16) for i in (1, 3, 5))
    for hex_color, drawn, width in result["swatches"]:
        numbers = drawn[drawn.index("(") + 1:drawn.index(")")].split(",")
        got = tuple(int(float(n)) for n in numbers[:3])
        if got != rgb(hex_color) or width < 10:
            failures.append("swatch %s drawn as %s (%dpx)" % (hex_color, drawn, width))
    if not result["swatches"]:
        failures.append("no swatch on the page")
    if not any(old > 0 and new > 0 for old, new in result["rows"]):
        failures.append("no row shows old and new swatches side by side")
    if result["resources"]:
        failures.append("the page loads %s" % result["resources"])
    driver.save_screenshot(str(page.with_name("diff-page.png")))
    print("ok: %d swatches, %d changed rows, title %r" % (len(result["swatches"]), len(result["rows"]),
                                                      result["title"]), flush=True)
finally:
    driver.quit()
for failure in failures:
    print("FAIL: " + failure, flush=True)
if failures:
    sys.exit(1)
print("all diff html checks passed")
