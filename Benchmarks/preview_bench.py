#!/usr/bin/env python3
"""The preview's figures (see preview-bench.sh): starts the release daemon on a temporary root, `snapstyle preview`,
and headless Chromium; prints each figure next to its target."""

import argparse
import http.client
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.support.ui import Select, WebDriverWait

SETTLE_MS = 10


def theme_text(color):
    return json.dumps({"surface": {"brandPrimary": color}}) + "\n"


def write_atomically(path, text):
    temporary = os.path.join(os.path.dirname(path), "." + os.path.basename(path) + ".tmp")
    with open(temporary, "w") as handle:
        handle.write(text)
    os.rename(temporary, path)


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(fraction * (len(ordered) - 1))))]


def start_driver():
    options = webdriver.ChromeOptions()
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--window-size=1440,900"):
        options.add_argument(argument)
    options.binary_location = "/usr/bin/chromium"
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)


def page_load(driver, url, runs):
    """Navigation start to body[data-ready] (the page's performance mark `snapstyle-ready`), preset theme."""
    figures = []
    for _ in range(runs):
        driver.get("about:blank")
        driver.get(url + "#theme=snap")
        try:
            WebDriverWait(driver, 20, poll_frequency=0.02).until(
                lambda d: d.execute_script("return document.body.dataset.ready === 'true'"))
        except Exception:
            raise SystemExit("the page did not render: %s" % driver.execute_script(
                "return document.body.dataset.ready + ' ' + (document.querySelector('#notice')?.textContent ?? '')"))
        figures.append(driver.execute_script(
            "const m = performance.getEntriesByName('snapstyle-ready'); return m.length ? m[m.length-1].startTime : null"))
    return figures


def save_to_update(driver, url, theme_file, saves):
    """A save (rename over the file) to the moment the swatch's style in the DOM has the new color."""
    driver.get(url + "#theme=brand")
    WebDriverWait(driver, 20).until(lambda d: d.execute_script("return document.body.dataset.ready === 'true'"))
    Select(driver.find_element("id", "theme")).select_by_value("brand")
    WebDriverWait(driver, 20).until(lambda d: d.execute_script(
        "return !!document.querySelector('.key[data-attribute=\"surface\"][data-key=\"brandPrimary\"] .sample')"))
    figures = []
    for index in range(saves):
        color = "#%02X%02X%02X" % (index * 5 % 256, 80, 200 - index)
        expected = "rgb(%d, %d, %d)" % (index * 5 % 256, 80, 200 - index)
        driver.execute_script("""
            window.__updatedAt = null;
            const expected = arguments[0];
            const check = () => {
                const sample = document.querySelector('.key[data-attribute="surface"][data-key="brandPrimary"] .sample');
                if (sample && getComputedStyle(sample).backgroundColor === expected && window.__updatedAt === null)
                    window.__updatedAt = Date.now();
            };
            if (window.__observer) window.__observer.disconnect();
            window.__observer = new MutationObserver(check);
            window.__observer.observe(document.body, {subtree: true, attributes: true, childList: true});
        """, expected)
        started = time.time() * 1000
        write_atomically(theme_file, theme_text(color))
        WebDriverWait(driver, 10, poll_frequency=0.01).until(
            lambda d: d.execute_script("return window.__updatedAt") is not None)
        figures.append(driver.execute_script("return window.__updatedAt") - started)
        time.sleep(0.1)
    return figures


def css_route(port, requests):
    """Sequential GET /theme/snap.css on one keep-alive connection."""
    connection = http.client.HTTPConnection("127.0.0.1", port)
    figures = []
    for index in range(requests + 20):
        started = time.perf_counter()
        connection.request("GET", "/theme/snap.css?colorScheme=dark&v=%d" % index)
        response = connection.getresponse()
        body = response.read()
        elapsed = (time.perf_counter() - started) * 1000
        if response.status != 200 or b"--surface-accent" not in body:
            raise SystemExit("unexpected CSS answer: %d" % response.status)
        if index >= 20:
            figures.append(elapsed)
    return figures, len(body)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", required=True)
    parser.add_argument("--saves", type=int, default=50)
    arguments = parser.parse_args()
    work = tempfile.mkdtemp(prefix="snapstyle-preview-bench.")
    os.makedirs(work + "/run", mode=0o700)
    os.makedirs(work + "/themes")
    theme_file = work + "/themes/brand.json"
    write_atomically(theme_file, theme_text("#3366FF"))
    environment = dict(os.environ, XDG_RUNTIME_DIR=work + "/run", XDG_CONFIG_HOME=work + "/config",
                       HOME=work + "/home")
    socket = work + "/run/snapstyled.sock"
    daemon = subprocess.Popen([arguments.bin + "/snapstyled", "--socket", socket, "--themes", work + "/themes"],
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=environment, text=True)
    daemon.stdout.readline()
    preview = subprocess.Popen([arguments.bin + "/snapstyle", "preview", "--socket", socket, "--port", "0"],
                               stdout=subprocess.PIPE, env=environment, text=True)
    url = preview.stdout.readline().strip().split(" ", 1)[1]
    port = int(url.rstrip("/").rsplit(":", 1)[1])
    driver = start_driver()
    try:
        loads = page_load(driver, url, 12)[2:]
        updates = save_to_update(driver, url, theme_file, arguments.saves)
        css, size = css_route(port, 500)
    finally:
        driver.quit()
        preview.terminate()
        daemon.terminate()
    print("preview figures (release binaries, headless Chromium, %d cores)" % os.cpu_count())
    print("  save -> page updated, %d saves: p50 %.1f ms, p99 %.1f ms, max %.1f ms   (target p50 <= settle %d + 40 ms)"
          % (len(updates), percentile(updates, 0.5), percentile(updates, 0.99), max(updates), SETTLE_MS))
    print("  page load to first full render, preset: p50 %.0f ms, max %.0f ms over %d loads   (target <= 300 ms)"
          % (statistics.median(loads), max(loads), len(loads)))
    print("  GET /theme/snap.css (%d bytes), keep-alive: p50 %.2f ms, p99 %.2f ms, mean %.2f ms   (target <= 2 ms)"
          % (size, percentile(css, 0.5), percentile(css, 0.99), statistics.mean(css)))


if __name__ == "__main__":
    main()
