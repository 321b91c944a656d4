#!/usr/bin/env python3
"""Drives the preview page and the README's hot-reload snippet in headless Chromium (Selenium).

Started by PreviewBrowserTests with a running daemon and `snapstyle preview` on a sandboxed theme root. Each check
prints `ok: ...`; the first failed check prints `FAIL: ...` and exits 1. Screenshots go to --artifacts.
"""

import argparse
import functools
import http.server
import json
import os
import re
import shutil
import sys
import threading
import time
import urllib.parse
import urllib.request

from selenium import webdriver
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select, WebDriverWait

LIGHT = "#3366FF"
DARK = "#FF8800"
EDITED = "#22AA44"


def theme_text(light, dark=DARK):
    return json.dumps({"surface": {"brandPrimary": {
        "when": [{"if": {"colorScheme": "dark"}, "then": dark}], "else": light}}}, indent=2) + "\n"


def rgb(hex_color):
    value = hex_color.lstrip("#")
    return "rgb(%d, %d, %d)" % tuple(int(value[i:i + 2], 16) for i in (0, 2, 4))


def choose(driver, element_id, value, attempts=20):
    """Selects `value` in the menu `element_id`, finding the menu again if the page redraws it meanwhile."""
    for attempt in range(attempts):
        try:
            Select(driver.find_element(By.ID, element_id)).select_by_value(value)
            return
        except StaleElementReferenceException:
            if attempt == attempts - 1:
                raise
            time.sleep(0.05)


class Checks:
    def __init__(self, driver):
        self.driver = driver

    def ok(self, what):
        print("ok: " + what, flush=True)

    def fail(self, what):
        print("FAIL: " + what, flush=True)
        raise SystemExit(1)

    def expect(self, condition, what):
        if not condition:
            self.fail(what)
        self.ok(what)

    def until(self, predicate, what, timeout=10, state=None):
        try:
            WebDriverWait(self.driver, timeout, poll_frequency=0.05,
                          ignored_exceptions=(StaleElementReferenceException,)).until(lambda d: predicate())
        except Exception:
            page = self.driver.execute_script(
                "try { return JSON.stringify({hash: location.hash, ready: document.body.dataset.ready, "
                "generation: document.body.dataset.generation, status: document.getElementById('status').textContent, "
                "notice: document.getElementById('notice').textContent}) } catch (e) { return String(e) }")
            self.fail(what + " (timed out after %s s%s; page %s)" % (timeout, "; " + state() if state else "", page))
        self.ok(what)

    def console_is_clean(self, where):
        entries = [e for e in self.driver.get_log("browser") if e.get("level") in ("SEVERE", "WARNING")]
        self.expect(not entries, "no console errors or warnings on " + where + (": %s" % entries if entries else ""))


def write_atomically(path, text):
    temporary = os.path.join(os.path.dirname(path), "." + os.path.basename(path) + ".tmp")
    with open(temporary, "w") as handle:
        handle.write(text)
    os.rename(temporary, path)


def start_driver(width, height):
    options = webdriver.ChromeOptions()
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--window-size=%d,%d" % (width, height), "--hide-scrollbars", "--force-device-scale-factor=1"):
        options.add_argument(argument)
    options.binary_location = os.environ.get("CHROMIUM", "/usr/bin/chromium")
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    service = Service(os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver"))
    return webdriver.Chrome(service=service, options=options)


def emulate(driver, width, height, mobile=False):
    """A viewport of exactly this size (a headless window cannot be narrower than 500 px)."""
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile})


def screenshot(driver, path, full_page=True, mobile=False):
    width, height = driver.execute_script("return [window.innerWidth, window.innerHeight]")
    if full_page:
        full = driver.execute_script(
            "return Math.min(Math.max(document.body.scrollHeight, document.documentElement.scrollHeight), 16000)")
        emulate(driver, width, full, mobile)
        time.sleep(0.3)
    driver.save_screenshot(path)
    if full_page:
        emulate(driver, width, height, mobile)


def get_json(url):
    with urllib.request.urlopen(url, timeout=5) as response:
        return json.load(response)


def key_sample(driver, attribute, key, scheme):
    selector = '.key[data-attribute="%s"][data-key="%s"][data-scheme="%s"] .sample' % (attribute, key, scheme)
    found = driver.find_elements(By.CSS_SELECTOR, selector)
    return found[0] if found else None


def computed(driver, element, prop):
    return driver.execute_script("return getComputedStyle(arguments[0]).getPropertyValue(arguments[1])", element, prop)


def sample_style(driver, attribute, key, scheme, prop):
    """In one script, so that a re-render between finding the sample and reading its style cannot interfere."""
    selector = '.key[data-attribute="%s"][data-key="%s"][data-scheme="%s"] .sample' % (attribute, key, scheme)
    return driver.execute_script(
        "const e = document.querySelector(arguments[0]);"
        "return e ? getComputedStyle(e).getPropertyValue(arguments[1]) : null", selector, prop)


def wait_ready(checks, driver, what):
    checks.until(lambda: driver.execute_script("return document.body.dataset.ready === 'true'"), what, timeout=15)


def luminance(hex_color):
    channels = [int(hex_color[index:index + 2], 16) / 255 for index in (1, 3, 5)]
    linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def wcag_ratio(a, b):
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


# A row is named for its element, with the hierarchies it covers when they measure apart (`label.secondary`).
CONTRAST_CELL = ('.contrast-table[data-component="%s"][data-scheme="light"] tr[data-element^="%s"] '
                 'td[data-state="%s"]')


def contrast_cell(driver, component, element, state):
    cells = driver.find_elements(By.CSS_SELECTOR, CONTRAST_CELL % (component, element, state))
    return cells[0] if cells else None


def contrast_section(checks, driver, theme_file, artifacts):
    """The components section's contrast tables: the ratios of the column's context, checked against the WCAG
    formula over the drawn colors, failures marked, and a label made pale in the theme file marked live."""
    checks.until(lambda: len(driver.find_elements(By.CSS_SELECTOR, ".contrast-table")) > 5,
                 "each component has a contrast table")
    cells = driver.execute_script("""
        return [...document.querySelectorAll('.contrast-table td[data-ratio]')].map((td) => [
            td.dataset.foreground, td.dataset.background, Number(td.dataset.ratio), td.dataset.verdict,
            td.textContent]);""")
    checks.expect(len(cells) > 50, "%d contrast cells are drawn" % len(cells))
    # Drawn colors are rounded to 8 bits: next to black, one step moves a ratio of 16 by about 0.1, so the
    # tolerance is relative.
    wrong = [cell for cell in cells if abs(wcag_ratio(cell[0], cell[1]) - cell[2]) > 0.02 + 0.01 * cell[2]]
    checks.expect(not wrong, "every ratio is the WCAG formula over its drawn colors (hex, rounded to 8 bits) %s" % wrong[:3])
    unmarked = [cell for cell in cells if (cell[3] == "fail") != cell[4].endswith("✗")]
    checks.expect(not unmarked, "exactly the failing cells are marked ✗ %s" % unmarked[:3])
    accent = contrast_cell(driver, "accentCard", "any", "normal")
    checks.expect(accent is not None and accent.get_attribute("data-verdict") == "fail"
                  and "4.01" in accent.text,
                  "white on the system blue of accentCard reads 4.01 and fails: %r"
                  % (accent.text if accent else None))
    label = contrast_cell(driver, "contentCard", "title", "normal")
    checks.expect(label is not None and label.get_attribute("data-verdict") == "pass", "contentCard's title passes")
    block = driver.find_element(By.CSS_SELECTOR, '.component-block[data-component="accentCard"][data-scheme="light"]')
    driver.execute_script("arguments[0].scrollIntoView({block: 'start'}); window.scrollBy(0, -130);", block)
    screenshot(driver, os.path.join(artifacts, "preview-contrast.png"), full_page=False)

    # A pale title, saved: the cell turns into a failure without a reload.
    pale = json.loads(theme_text(LIGHT))
    pale["surface"]["onContent0"] = "#B0B0B0"  # the ink content containers draw their elements in
    write_atomically(theme_file, json.dumps(pale, indent=2) + "\n")
    checks.until(lambda: (contrast_cell(driver, "contentCard", "title", "normal") or label).get_attribute(
        "data-verdict") == "fail", "a title made pale in the theme file is marked as failing, live")
    cell = contrast_cell(driver, "contentCard", "title", "normal")
    checks.expect(cell.get_attribute("data-foreground") == "#B0B0B0FF" and "✗" in cell.text,
                  "the failing cell shows the pale gray and its mark: %r" % cell.text)
    write_atomically(theme_file, theme_text(LIGHT))
    checks.until(lambda: (contrast_cell(driver, "contentCard", "title", "normal") or cell).get_attribute(
        "data-verdict") == "pass", "restored, the title passes again")


def preview_page(checks, driver, base, theme_file, harbor_file, artifacts):
    driver.get(base)
    wait_ready(checks, driver, "the page renders (body[data-ready])")
    choose(driver, "theme", "brand")
    checks.until(lambda: sample_style(driver, "surface", "brandPrimary", "light", "background-color") == rgb(LIGHT),
                  "the light swatch of surface brandPrimary is %s" % LIGHT)
    for section in ("surfaces", "accents", "numbers", "fonts", "paddings", "shapes", "icons", "compositions",
                    "components", "sheet", "tokens"):
        checks.expect(driver.find_elements(By.ID, section), "section #%s is on the page" % section)
    for attribute in ("surface", "accent", "number", "font", "padding", "shape", "icon", "composition"):
        count = len(driver.find_elements(By.CSS_SELECTOR, '.key[data-attribute="%s"]' % attribute))
        checks.expect(count > 5, "%d %s keys are rendered" % (count, attribute))
    checks.expect(not driver.find_element(By.ID, "inherited-toggle").is_displayed(),
                  "a theme without design tokens lists all its keys, with no 'inherited keys' toggle")
    name = driver.find_element(By.CSS_SELECTOR, '.key[data-attribute="surface"] .name')
    wrapping = (computed(driver, name, "overflow-wrap"), computed(driver, name, "text-overflow"))
    checks.expect(wrapping == ("anywhere", "clip"), "key names wrap, never cut with an ellipsis %s" % (wrapping,))
    checks.expect(driver.execute_script("""
        const collator = new Intl.Collator('en', {numeric: true, sensitivity: 'variant'});
        const compare = (a, b) => {
            const x = a.split('.'), y = b.split('.');
            for (let i = 0; i < Math.min(x.length, y.length); i += 1) {
                const order = collator.compare(x[i], y[i]);
                if (order) return order;
            }
            return x.length - y.length;
        };
        const keys = [...document.querySelectorAll('.key[data-attribute="number"][data-scheme="light"]')]
            .map((e) => e.dataset.key);
        return keys.length > 5 && keys.every((k, i) => i === 0 || compare(keys[i - 1], k) <= 0);
    """), "number keys are in natural order")
    screenshot(driver, os.path.join(artifacts, "preview-light-1440.png"))
    contrast_section(checks, driver, theme_file, artifacts)

    choose(driver, "scheme", "dark")
    checks.until(lambda: sample_style(driver, "surface", "brandPrimary", "dark", "background-color") == rgb(DARK),
                 "the dark swatch of surface brandPrimary is %s" % DARK)
    # The page's own chrome follows the chosen scheme, whatever the system's appearance.
    chrome = "return [document.documentElement.dataset.chrome, getComputedStyle(document.body).backgroundColor]"
    checks.until(lambda: driver.execute_script(chrome) == ["dark", "rgb(22, 22, 24)"],
                 "the chrome is dark with the dark scheme")
    screenshot(driver, os.path.join(artifacts, "preview-dark-1440.png"))
    choose(driver, "scheme", "light")
    checks.until(lambda: sample_style(driver, "surface", "brandPrimary", "light", "background-color") == rgb(LIGHT),
                 "back to light")
    checks.until(lambda: driver.execute_script(chrome) == ["light", "rgb(245, 245, 247)"],
                 "the chrome is light with the light scheme")

    expected = {}
    for category in ("large", "accessibility5"):
        query = urllib.parse.urlencode({"theme": "brand", "attribute": "font", "key": "title", "dynamicType": category})
        expected[category] = get_json(base + "api/resolve?" + query)["value"]["size"]
    checks.expect(expected["accessibility5"] > expected["large"], "the daemon scales font title: %s" % expected)
    checks.until(lambda: abs(float((sample_style(driver, "font", "title", "light", "font-size") or "0px")[:-2])
                             - expected["large"]) < 0.05,
                 "the type ramp's title is %.2f px at large" % expected["large"])
    slider = driver.find_element(By.ID, "dynamic-type")
    driver.execute_script(
        "arguments[0].value = 11; arguments[0].dispatchEvent(new Event('input', {bubbles: true}));"
        "arguments[0].dispatchEvent(new Event('change', {bubbles: true}));", slider)
    checks.until(lambda: abs(float((sample_style(driver, "font", "title", "light", "font-size") or "0px")[:-2])
                             - expected["accessibility5"]) < 0.05,
                 "after the slider moves to accessibility5 the title is %.2f px" % expected["accessibility5"])
    driver.execute_script(
        "arguments[0].value = 3; arguments[0].dispatchEvent(new Event('input', {bubbles: true}));"
        "arguments[0].dispatchEvent(new Event('change', {bubbles: true}));", slider)
    wait_ready(checks, driver, "the page renders again at large")

    driver.execute_script("""
        window.__sameDocument = true;
        window.__changed = [];
        new MutationObserver(records => {
            for (const record of records) {
                const node = record.target;
                if (node.classList && node.classList.contains('changed') && node.dataset.key)
                    window.__changed.push(node.dataset.key);
            }
        }).observe(document.body, {subtree: true, attributes: true, attributeFilter: ['class']});
        window.scrollTo(0, 400);
    """)
    write_atomically(theme_file, theme_text(EDITED))
    checks.until(lambda: sample_style(driver, "surface", "brandPrimary", "light", "background-color") == rgb(EDITED),
                 "a save turns the swatch %s in place" % EDITED)
    checks.expect(driver.execute_script("return window.__sameDocument === true"), "the page did not reload")
    checks.expect("brandPrimary" in driver.execute_script("return window.__changed"),
                  "the changed key was marked as changed")
    checks.expect(driver.execute_script("return window.scrollY") >= 300, "the scroll position was kept")

    with open(theme_file, "w") as handle:
        handle.write('{"surface": {"brandPrimary": "#12345"}}\n')
    banner = driver.find_element(By.ID, "banner")
    checks.until(lambda: banner.is_displayed() and "brand.json:1:" in banner.text,
                 "a broken file shows the banner with brand.json:line:column")
    items = [item.text for item in banner.find_elements(By.TAG_NAME, "li")]
    checks.expect(items and all(re.search(r"brand\.json:\d+:\d+: .+", item) for item in items),
                  "each banner line reads path:line:column: message (%s)" % items)
    checks.expect(sample_style(driver, "surface", "brandPrimary", "light", "background-color") == rgb(EDITED),
                  "the last good value stays on screen")
    screenshot(driver, os.path.join(artifacts, "preview-error-banner.png"), full_page=False)
    write_atomically(theme_file, theme_text(LIGHT))
    checks.until(lambda: not banner.is_displayed(), "fixing the file removes the banner")
    checks.until(lambda: sample_style(driver, "surface", "brandPrimary", "light", "background-color") == rgb(LIGHT),
                 "and the fixed value is shown")
    checks.expect(driver.execute_script("return window.__sameDocument === true"), "still without a reload")

    key = driver.find_element(By.CSS_SELECTOR, '.key[data-attribute="surface"][data-key="brandPrimary"]')
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", key)
    key.click()
    panel = driver.find_element(By.ID, "explain")
    checks.until(lambda: panel.is_displayed() and "brand.json" in panel.text,
                 "clicking a key shows its explain with the file")
    screenshot(driver, os.path.join(artifacts, "preview-explain.png"), full_page=False)
    driver.find_element(By.TAG_NAME, "body").send_keys("\ue00c")  # Escape
    checks.until(lambda: not panel.is_displayed(), "Escape closes the explain panel")

    search = driver.find_element(By.ID, "search")
    search.send_keys("brandPrim")
    checks.until(lambda: driver.execute_script(
        "const shown = (key) => { const e = document.querySelector("
        "`.key[data-attribute=\"surface\"][data-key=\"${key}\"]`); return !!e && e.offsetParent !== null; };"
        "return shown('brandPrimary') && !shown('accent')"), "the search box filters keys")
    search.clear()
    search.send_keys("\ue00c")
    checks.console_is_clean("the preview page")
    stack(checks, driver)
    token_theme(checks, driver, artifacts)
    groups(checks, driver, artifacts, harbor_file)
    imported_page(checks, driver, artifacts)
    error_banner(checks, driver, os.path.dirname(theme_file), artifacts)

    # A page left for another one may stay in the back-forward cache; its event stream must not stay open with it,
    # or six such pages use up the browser's connections to the server and the next page never loads.
    for visit in range(8):
        driver.get("about:blank")
        driver.get(base + "#theme=brand")
        wait_ready(checks, driver, "visit %d of the page renders" % (visit + 1))
    checks.console_is_clean("the page after eight visits")


def stack(checks, driver):
    """Values resolve inside the stack: an accentCard requires the secondary accent, for everything nested too."""
    primary = sample_style(driver, "surface", "accent", "light", "background-color")
    secondary = sample_style(driver, "surface", "accentSecondary", "light", "background-color")
    checks.expect(primary != secondary, "the accents differ (%s, %s)" % (primary, secondary))
    choose(driver, "stack-component", "accentCard")
    checks.until(lambda: sample_style(driver, "surface", "accent", "light", "background-color") == secondary,
                 "inside an accentCard, surface accent is the secondary accent",
                 state=lambda: "accent is %s; hash %s; ready %s" % (
                     sample_style(driver, "surface", "accent", "light", "background-color"),
                     driver.execute_script("return location.hash"),
                     driver.execute_script("return document.body.dataset.ready")))
    driver.find_element(By.ID, "stack-push").click()
    choose(driver, "stack-component", "contentCard")
    choose(driver, "stack-state", "highlighted")
    wait_ready(checks, driver, "a nested stack renders")
    entries = driver.find_elements(By.CSS_SELECTOR, "#stack .stack-entry")
    checks.expect(len(entries) == 1 and entries[0].get_attribute("data-id") == "accentCard",
                  "the pushed accentCard is a chip below the current choice")
    checks.expect(sample_style(driver, "surface", "accent", "light", "background-color") == secondary,
                  "a contentCard nested in it keeps the secondary accent")
    checks.expect("stack=" in driver.execute_script("return location.hash"), "the stack is in the URL")
    driver.find_element(By.ID, "stack-clear").click()
    checks.until(lambda: sample_style(driver, "surface", "accent", "light", "background-color") == primary,
                 "clearing the stack brings the primary accent back",
                 state=lambda: "accent is %s; hash %s; ready %s; chips %d; pick %s" % (
                     sample_style(driver, "surface", "accent", "light", "background-color"),
                     driver.execute_script("return location.hash"),
                     driver.execute_script("return document.body.dataset.ready"),
                     len(driver.find_elements(By.CSS_SELECTOR, "#stack .stack-entry")),
                     driver.find_element(By.ID, "stack-component").get_attribute("value")))


def token_theme(checks, driver, artifacts):
    """The DTCG theme `kit`: its modifier is a menu, imported tokens have their section."""
    choose(driver, "theme", "kit")
    checks.until(lambda: sample_style(driver, "surface", "color.bg", "light", "background-color") == rgb("#FFFFFF"),
                 "the imported color.bg is white in the default mode")
    modifier = driver.find_elements(By.CSS_SELECTOR, 'select[data-modifier="mode"]')
    checks.expect(modifier, "the theme's DTCG modifier 'mode' has a menu")
    Select(modifier[0]).select_by_value("dark")
    checks.until(lambda: sample_style(driver, "surface", "color.bg", "light", "background-color") == rgb("#1A1A1A"),
                 "choosing mode 'dark' resolves color.bg from dark.tokens.json")
    tokens = driver.find_elements(By.CSS_SELECTOR, '#tokens .key[data-attribute="token"]')
    checks.expect(len(tokens) == 3, "the imported tokens section shows shadow, duration and curve (%d)" % len(tokens))
    shadow = driver.find_element(By.CSS_SELECTOR, '.key[data-attribute="token"][data-key="shadow.card"]')
    checks.expect(driver.execute_script(
        "return [arguments[0], ...arguments[0].querySelectorAll('*')]"
        ".some(e => getComputedStyle(e).boxShadow.includes('12px'))", shadow), "the shadow is drawn as a box shadow")
    toggle = driver.find_element(By.ID, "inherited")
    checks.expect(driver.find_element(By.ID, "inherited-toggle").is_displayed(),
                  "an imported theme has the 'inherited keys' toggle")
    surfaces = lambda: len(driver.find_elements(By.CSS_SELECTOR, '.key[data-attribute="surface"]'))
    own = surfaces()
    toggle.send_keys(Keys.SPACE)
    checks.until(lambda: toggle.is_selected() and surfaces() > own,
                 "the keyboard turns on 'inherited keys', which lists the inherited surfaces too (%d own)" % own)
    toggle.send_keys(Keys.SPACE)
    checks.until(lambda: not toggle.is_selected() and surfaces() == own, "and off again: own keys only")
    curve = driver.find_element(By.CSS_SELECTOR, '.key[data-attribute="token"][data-key="motion.ease"]')
    checks.expect(curve.find_elements(By.CSS_SELECTOR, "svg path"), "the cubic Bézier is drawn as a curve")
    driver.execute_script("arguments[0].scrollIntoView({block: 'start'})", driver.find_element(By.ID, "tokens"))
    screenshot(driver, os.path.join(artifacts, "preview-tokens.png"), full_page=False)
    choose(driver, "theme", "brand")
    checks.until(lambda: sample_style(driver, "surface", "brandPrimary", "light", "background-color") == rgb(LIGHT),
                 "back to the theme brand")
    checks.console_is_clean("the DTCG theme")


def groups(checks, driver, artifacts, harbor_file):
    """The imported theme `harbor` (etc/examples): dotted keys in collapsible groups by path, natural order inside."""
    checks.expect(not driver.find_elements(By.CSS_SELECTOR, "#surfaces .key-group, #numbers .key-group"),
                  "the native theme brand has no groups (its names have no dots)")
    choose(driver, "theme", "harbor")
    group_keys = lambda path: driver.execute_script(
        "const g = document.querySelector(`#surfaces .key-group[data-path=\"${arguments[0]}\"]`);"
        "return g ? [...g.querySelectorAll('.key')].map((e) => e.dataset.key) : null", path)
    checks.until(lambda: group_keys("palette") == ["palette.navy", "palette.sand", "palette.sea", "palette.white"],
                 "harbor's palette colors are one group, in natural order",
                 state=lambda: "palette group %s" % group_keys("palette"))
    wait_ready(checks, driver, "harbor renders")
    checks.expect(group_keys("surface") == ["surface.accent", "surface.background", "surface.card", "surface.text"],
                  "and its surface.* colors another (%s)" % group_keys("surface"))
    summary = driver.find_element(By.CSS_SELECTOR, '#surfaces .key-group[data-path="palette"] > summary')
    checks.expect(summary.text.split() == ["palette", "4"], "the group is titled with its path and count (%r)"
                  % summary.text)
    name = driver.find_element(By.CSS_SELECTOR, '.key[data-key="palette.navy"] .name')
    checks.expect(name.text == "palette.navy", "a key in a group keeps its whole name (%r)" % name.text)
    swatch = lambda: driver.find_element(By.CSS_SELECTOR, '.key[data-key="palette.navy"]')
    checks.expect(sample_style(driver, "surface", "palette.navy", "light", "background-color") == rgb("#0f294d"),
                  "the grouped key shows its value")
    driver.execute_script("arguments[0].scrollIntoView({block: 'start'})", driver.find_element(By.ID, "surfaces"))
    screenshot(driver, os.path.join(artifacts, "preview-groups.png"), full_page=False)

    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", summary)
    summary.click()
    checks.until(lambda: not swatch().is_displayed(), "clicking the group's title collapses it")
    checks.expect(driver.find_element(By.CSS_SELECTOR, '.key[data-key="surface.card"]').is_displayed(),
                  "the other group stays open")
    driver.find_element(By.ID, "inherited").send_keys(Keys.SPACE)
    checks.until(lambda: len(driver.find_elements(By.CSS_SELECTOR, '#surfaces .key[data-attribute="surface"]')) > 8,
                 "'inherited keys' redraws the section with the inherited keys")
    checks.expect(not swatch().is_displayed(), "a collapsed group stays collapsed across a redraw")
    driver.find_element(By.ID, "inherited").send_keys(Keys.SPACE)
    checks.until(lambda: len(driver.find_elements(By.CSS_SELECTOR, '#surfaces .key[data-attribute="surface"]')) == 8,
                 "own keys only again")

    search = driver.find_element(By.ID, "search")
    search.send_keys("navy")
    checks.until(lambda: swatch().is_displayed(), "a search opens the collapsed group that holds a match")
    count = driver.find_element(By.CSS_SELECTOR, '#surfaces .key-group[data-path="palette"] .group-count')
    checks.expect(count.text == "1 of 4", "the group's count says how many of its keys match (%r)" % count.text)
    checks.expect(not driver.find_element(By.CSS_SELECTOR, '#surfaces .key-group[data-path="surface"]').is_displayed(),
                  "a group without a match is hidden while searching")
    search.clear()
    search.send_keys("\ue00c")
    checks.until(lambda: not swatch().is_displayed(), "after the search the group is collapsed again, as it was")
    driver.find_element(By.CSS_SELECTOR, '#surfaces .key-group[data-path="palette"] > summary').send_keys(Keys.ENTER)
    checks.until(lambda: swatch().is_displayed(), "Enter on the group's title opens it again")

    # A save that adds a token to a group: the section is drawn again, the new key in the group in natural order,
    # and a collapsed group stays collapsed.
    driver.find_element(By.CSS_SELECTOR, '#surfaces .key-group[data-path="surface"] > summary').click()
    with open(harbor_file) as handle:
        original = handle.read()
    tokens = json.loads(original)
    tokens["palette"]["coral"] = {"$value": {"colorSpace": "srgb", "components": [1, 0.5, 0.31], "hex": "#ff7f4f"}}
    write_atomically(harbor_file, json.dumps(tokens, indent=2) + "\n")
    checks.until(lambda: group_keys("palette") == ["palette.coral", "palette.navy", "palette.sand", "palette.sea",
                                                   "palette.white"],
                 "a saved palette.coral joins its group live, in natural order",
                 state=lambda: "palette group %s" % group_keys("palette"))
    checks.expect(driver.find_element(By.CSS_SELECTOR, '#surfaces .key-group[data-path="palette"] .group-count')
                  .text == "5", "the group's count follows")
    checks.expect(driver.find_element(By.CSS_SELECTOR, '#surfaces .key-group[data-path="surface"]')
                  .get_attribute("open") is None, "the collapsed group stayed collapsed through the live update")
    write_atomically(harbor_file, original)
    checks.until(lambda: group_keys("palette") == ["palette.navy", "palette.sand", "palette.sea", "palette.white"],
                 "and leaves it when the token is removed")
    driver.find_element(By.CSS_SELECTOR, '#surfaces .key-group[data-path="surface"] > summary').click()

    choose(driver, "scheme", "both")
    checks.until(lambda: len(driver.find_elements(
        By.CSS_SELECTOR, '#surfaces .key-group[data-path="palette"]')) == 2, "each scheme's column has the groups")
    wait_ready(checks, driver, "harbor renders in both schemes")
    driver.execute_script("arguments[0].scrollIntoView({block: 'start'})", driver.find_element(By.ID, "surfaces"))
    screenshot(driver, os.path.join(artifacts, "preview-groups-both.png"), full_page=False)
    summary = driver.find_element(By.CSS_SELECTOR,
                                  '#surfaces .column[data-scheme="dark"] .key-group[data-path="surface"] > summary')
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", summary)
    summary.click()
    light_surface = driver.find_element(
        By.CSS_SELECTOR, '#surfaces .column[data-scheme="light"] .key-group[data-path="surface"]')
    checks.until(lambda: light_surface.get_attribute("open") is None,
                 "collapsing a group in one column collapses it in the other")
    summary.click()
    checks.until(lambda: light_surface.get_attribute("open") is not None, "and opening it opens both")
    choose(driver, "scheme", "light")
    choose(driver, "theme", "brand")
    checks.until(lambda: sample_style(driver, "surface", "brandPrimary", "light", "background-color") == rgb(LIGHT),
                 "back to the theme brand")
    checks.console_is_clean("the grouped theme")


def shown_sections(driver):
    return driver.execute_script(
        "return [...document.querySelectorAll('main > .section')].filter((s) => !s.hidden).map((s) => s.id)")


def imported_page(checks, driver, artifacts):
    """The Tokens Studio project `lantern` (etc/examples): a page for a web team."""
    choose(driver, "theme", "lantern")
    checks.until(lambda: driver.execute_script(
        "return !!document.querySelector('.key[data-attribute=number][data-key=\"space.md\"]')"),
        "lantern renders its tokens")
    wait_ready(checks, driver, "lantern is ready")
    checks.expect(shown_sections(driver) == ["surfaces", "numbers", "fonts", "tokens"],
                  "it leads with its tokens and leaves out the sections it does not define (%s)"
                  % shown_sections(driver))
    checks.expect(not driver.find_elements(By.CSS_SELECTOR, ".card-item, .phone-item"),
                  "no cards or sheet of the preset are drawn")
    toc = [link.text.split()[0] for link in driver.find_elements(By.CSS_SELECTOR, ".toc a") if link.is_displayed()]
    checks.expect(toc == ["Colors", "Dimensions", "Typography", "Other"], "the section links follow (%s)" % toc)
    value = lambda key: driver.find_element(
        By.CSS_SELECTOR, '.key[data-attribute="number"][data-key="%s"] .value' % key).text
    checks.expect(value("space.md") == "16px", "a Tokens Studio spacing shows as px (%r)" % value("space.md"))
    font = driver.find_element(By.CSS_SELECTOR, '.key[data-attribute="font"][data-key="font.body"]')
    checks.expect("16px" in font.text and " pt" not in font.text, "an imported font's size is in px (%r)" % font.text)
    checks.expect("is-substituted" in font.get_attribute("class")
                  and font.find_elements(By.CSS_SELECTOR, ".badge-substituted"),
                  "Inter, which this browser does not have, is marked as substituted")
    driver.execute_script("arguments[0].scrollIntoView({block: 'start'})", driver.find_element(By.ID, "numbers"))
    screenshot(driver, os.path.join(artifacts, "preview-imported-1440.png"))

    driver.find_element(By.ID, "inherited").send_keys(Keys.SPACE)
    checks.until(lambda: len(driver.find_elements(By.CSS_SELECTOR, "#components .card-item")) > 5,
                 "the inherited keys bring the preset's cards back")
    wait_ready(checks, driver, "lantern with its inherited keys is ready")
    checks.expect({"components", "sheet", "accents"} <= set(shown_sections(driver)), "and every section")
    driver.find_element(By.ID, "inherited").send_keys(Keys.SPACE)
    checks.until(lambda: shown_sections(driver) == ["surfaces", "numbers", "fonts", "tokens"], "own keys only again")

    # Switching theme resets every panel: the explain panel closes, the footer counts the new theme's keys.
    key = driver.find_element(By.CSS_SELECTOR, '.key[data-attribute="surface"][data-key="surface.accent"]')
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", key)
    key.click()
    panel = driver.find_element(By.ID, "explain")
    checks.until(lambda: panel.is_displayed() and "lantern" in panel.text, "lantern's key is explained")
    choose(driver, "theme", "kit")
    checks.until(lambda: not panel.is_displayed(), "choosing another theme closes the explain panel")
    wait_ready(checks, driver, "kit is ready")
    count = lambda: int(driver.find_element(By.ID, "key-count").text.split()[0])
    listed = lambda: len(driver.find_elements(By.CSS_SELECTOR, '.key[data-scheme="light"]'))
    checks.until(lambda: count() == listed(), "the footer counts kit's keys (%d, %d listed)" % (count(), listed()))
    checks.expect("DTCG" in driver.find_element(By.ID, "theme-info").text, "the footer describes kit")
    off = driver.find_element(By.CSS_SELECTOR, '.key[data-attribute="number"][data-key="radius.full"]')
    checks.expect("off-scale" in off.get_attribute("class"), "radius.full (9999px) is drawn off its group's scale")
    widths = driver.execute_script(
        "const w = (k) => document.querySelector(`.key[data-key='${k}'] .bar`).getBoundingClientRect().width;"
        "const t = document.querySelector(`.key[data-key='radius.full'] .track`).getBoundingClientRect().width;"
        "return [w('radius.sm'), w('radius.lg'), w('radius.full'), t]")
    checks.expect(abs(widths[0] - 4) < 1 and abs(widths[1] - 12) < 1 and widths[2] >= widths[3] - 1 > 40,
                  "the other radii keep their scale, 4 and 12 px, beside the full bar of 9999 (%s)" % widths)
    checks.expect(value("size.body") == "1.5rem (24px)", "a rem length shows as written (%r)" % value("size.body"))
    driver.execute_script("arguments[0].scrollIntoView({block: 'start'})", driver.find_element(By.ID, "numbers"))
    screenshot(driver, os.path.join(artifacts, "preview-scales.png"), full_page=False)
    choose(driver, "theme", "brand")
    checks.until(lambda: sample_style(driver, "surface", "brandPrimary", "light", "background-color") == rgb(LIGHT),
                 "back to the theme brand")
    checks.expect(not driver.find_elements(By.CSS_SELECTOR, ".key.is-substituted"),
                  "the native theme's fonts (the system's) are not marked as substituted")
    checks.expect(len(shown_sections(driver)) == 11, "a native theme shows every section")
    checks.console_is_clean("the imported themes")


def error_banner(checks, driver, themes, artifacts):
    """An imported theme with 26 tokens in error: the banner says 26, lists the first 20, each once."""
    tokens = {"ok": {"$type": "color", "$value": "#112233"}}
    tokens.update({"bad%02d" % i: {"$type": "color", "$value": "{missing.color}"} for i in range(26)})
    os.makedirs(os.path.join(themes, "faulty"), exist_ok=True)
    write_atomically(os.path.join(themes, "faulty", "tokens.json"), json.dumps(tokens, indent=1) + "\n")
    checks.until(lambda: any(option.get_attribute("value") == "faulty" for option in
                             driver.find_elements(By.CSS_SELECTOR, "#theme option")), "the theme faulty is listed",
                 timeout=15)
    choose(driver, "theme", "faulty")
    banner = driver.find_element(By.ID, "banner")
    checks.until(lambda: banner.is_displayed(), "its banner shows")
    lines = banner_lines(driver, "li:not(.banner-more)")
    more = banner_lines(driver, "li.banner-more")
    checks.expect(len(lines) == 20 and len(set(lines)) == 20, "the first 20 errors, each once (%d)" % len(lines))
    checks.expect(more and "6 more" in more[0], "and how many more (%s)" % more)
    checks.expect(banner.get_attribute("data-count") == "26", "the count is 26 (%s)" % banner.get_attribute(
        "data-count"))
    # The daemon serves the tokens without errors: the banner is a warning above them, not an error.
    checks.until(lambda: sample_style(driver, "surface", "ok", "light", "background-color") == rgb("#112233"),
                 "the tokens without errors are shown under the banner")
    checks.expect(banner.get_attribute("data-kind") == "left-out"
                  and "leaves out 26 tokens in error" in banner.get_attribute("data-title"),
                  "the banner says how many tokens are left out (%s)" % banner.get_attribute("data-title"))
    screenshot(driver, os.path.join(artifacts, "preview-errors.png"), full_page=False)
    left_out_live(checks, driver, themes, artifacts, banner)
    shutil.rmtree(os.path.join(themes, "faulty"))
    choose(driver, "theme", "brand")
    checks.until(lambda: not banner.is_displayed(), "another theme has no banner")
    checks.console_is_clean("the theme with errors")


def banner_lines(driver, selector="li"):
    """The banner's lines, read in one script: the page may redraw the banner between two WebDriver calls."""
    return driver.execute_script(
        "return Array.from(document.querySelectorAll('#banner ' + arguments[0])).map(e => e.innerText.trim())",
        selector)


def left_out_live(checks, driver, themes, artifacts, banner):
    """The banner of the tokens left out follows each save without a reload, and goes when they are fixed."""
    path = os.path.join(themes, "faulty", "tokens.json")
    driver.execute_script("window.__sameDocument = true")
    tokens = {"ok": {"$type": "color", "$value": "#112233"}, "b": {"$type": "color", "$value": "{nope}"}}
    write_atomically(path, json.dumps(tokens) + "\n")
    checks.until(lambda: banner.is_displayed() and banner.get_attribute("data-count") == "1",
                 "a save that fixes all but one token updates the banner to 1")
    one_line = r"faulty/tokens\.json:1:\d+: b: alias \{nope\} names no token"
    checks.until(lambda: (lambda lines: len(lines) == 1 and re.fullmatch(one_line, lines[0]))(banner_lines(driver)),
                 "the line reads path:line:column: message", state=lambda: str(banner_lines(driver)))
    lines = banner_lines(driver)
    checks.expect("leaves out 1 token in error" in banner.get_attribute("data-title"), "one token, said once")
    checks.expect(banner.text.strip() == lines[0], "the banner holds that line and nothing else (%r)" % banner.text)
    screenshot(driver, os.path.join(artifacts, "preview-left-out.png"), full_page=False)
    # Another token in error changes no value: the banner hears of it all the same.
    tokens["c"] = {"$type": "color", "$value": "{gone}"}
    write_atomically(path, json.dumps(tokens) + "\n")
    checks.until(lambda: banner.get_attribute("data-count") == "2" and "c: alias {gone}" in banner.text,
                 "a second token in error shows at once")
    write_atomically(path, json.dumps({"ok": tokens["ok"], "b": {"$type": "color", "$value": "#445566"}}) + "\n")
    checks.until(lambda: not banner.is_displayed(), "fixing every token removes the banner")
    checks.until(lambda: sample_style(driver, "surface", "b", "light", "background-color") == rgb("#445566"),
                 "and the fixed token is shown")
    checks.expect(sample_style(driver, "surface", "ok", "light", "background-color") == rgb("#112233"),
                  "the rest of the theme stayed on screen")
    checks.expect(driver.execute_script("return window.__sameDocument === true"), "all without a reload")


def responsive_screenshots(base, artifacts):
    for width, height, name in ((360, 780, "preview-narrow-360.png"), (390, 844, "preview-narrow-390.png"),
                                (1440, 900, "preview-wide-1440.png")):
        driver = start_driver(max(width, 500), height)
        checks = Checks(driver)
        mobile = width < 500
        try:
            emulate(driver, width, height, mobile)
            driver.get(base + "#theme=brand")
            wait_ready(checks, driver, "the page renders at %d px" % width)
            overflow = driver.execute_script(
                "return document.documentElement.scrollWidth - document.documentElement.clientWidth")
            checks.expect(overflow <= 1, "no horizontal scrolling at %d px (overflow %d px)" % (width, overflow))
            checks.expect(driver.execute_script("return window.innerWidth") == width, "the viewport is %d px" % width)
            screenshot(driver, os.path.join(artifacts, name), mobile=mobile)
            choose(driver, "scheme", "both")
            wait_ready(checks, driver, "both schemes render at %d px" % width)
            checks.expect(key_sample(driver, "surface", "brandPrimary", "dark") is not None
                          and key_sample(driver, "surface", "brandPrimary", "light") is not None,
                          "both schemes side by side at %d px" % width)
            screenshot(driver, os.path.join(artifacts, name.replace(".png", "-both.png")), mobile=mobile)
            driver.get("about:blank")
            driver.get(base + "#theme=lantern")
            wait_ready(checks, driver, "lantern renders at %d px" % width)
            overflow = driver.execute_script(
                "return document.documentElement.scrollWidth - document.documentElement.clientWidth")
            checks.expect(overflow <= 1,
                          "lantern: no horizontal scrolling at %d px (overflow %d px)" % (width, overflow))
            screenshot(driver, os.path.join(artifacts, name.replace(".png", "-lantern.png")), mobile=mobile)
            checks.console_is_clean("the page at %d px" % width)
        finally:
            driver.quit()


def snippet_page(checks, driver, base, theme_file, snippet, artifacts):
    """The README's snippet on a page of another origin: the theme's CSS hot-reloads through /events."""
    html = ("<!doctype html><html><head><meta charset='utf-8'><title>web app</title>"
            "<link rel='icon' href='data:,'>%s</head><body>"
            "<div id='brand' style='width:200px;height:80px;background:var(--surface-brand-primary)'></div>"
            "</body></html>") % snippet.replace("http://127.0.0.1:7373/", base)
    directory = os.path.join(artifacts, "webapp")
    os.makedirs(directory, exist_ok=True)
    with open(os.path.join(directory, "index.html"), "w") as handle:
        handle.write(html)
    handler = functools.partial(QuietHandler, directory=directory)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        driver.get("http://127.0.0.1:%d/index.html" % server.server_address[1])
        brand = driver.find_element(By.ID, "brand")
        checks.until(lambda: computed(driver, brand, "background-color") == rgb(LIGHT),
                     "the web app's element takes %s from /theme/brand.css" % LIGHT)
        driver.execute_script("window.__sameDocument = true")
        time.sleep(0.5)
        write_atomically(theme_file, theme_text(EDITED))
        checks.until(lambda: computed(driver, brand, "background-color") == rgb(EDITED),
                     "a save hot-reloads the web app's theme to %s" % EDITED)
        checks.expect(driver.execute_script("return window.__sameDocument === true"), "the web app did not reload")
        checks.console_is_clean("the web app page")
    finally:
        server.shutdown()


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--url", required=True)
    parser.add_argument("--theme-file", required=True)
    parser.add_argument("--snippet", required=True, help="a file holding the README's snippet")
    parser.add_argument("--harbor-file", required=True, help="the example theme harbor's base.tokens.json")
    parser.add_argument("--artifacts", required=True)
    arguments = parser.parse_args()
    os.makedirs(arguments.artifacts, exist_ok=True)
    with open(arguments.snippet) as handle:
        snippet = handle.read()
    driver = start_driver(1440, 900)
    checks = Checks(driver)
    try:
        preview_page(checks, driver, arguments.url, arguments.theme_file, arguments.harbor_file, arguments.artifacts)
        write_atomically(arguments.theme_file, theme_text(LIGHT))
        snippet_page(checks, driver, arguments.url, arguments.theme_file, snippet, arguments.artifacts)
        write_atomically(arguments.theme_file, theme_text(LIGHT))
    finally:
        driver.quit()
    responsive_screenshots(arguments.url, arguments.artifacts)
    print("all browser checks passed", flush=True)


if __name__ == "__main__":
    main()
