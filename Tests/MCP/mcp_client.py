"""Drives `snapstyle mcp` with the official MCP Python SDK's stdio client against a real daemon.

Started by the Swift test MCPServerTests, which runs the daemon on a temporary socket and theme root with the
themes `brand` (native) and `kit` (DTCG, a `mode` modifier). Checks every tool, a failure with did-you-mean, the
resources, a subscription that sees a saved edit, the list changing when a theme is added, and the server
reconnecting when the daemon restarts: for that it prints `restart-daemon` on stdout and waits for a line on
stdin (the Swift test restarts the daemon, then answers). Prints `all mcp checks passed` at the end; anything else
goes to stderr. Exit status 1 on the first failure.
"""

import argparse
import asyncio
import json
import os
import sys
import time
import warnings

from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client


def field(obj, *names):
    """A member under its name in the SDK's 1.x (camelCase) or 2.x (snake_case) models."""
    for name in names:
        if hasattr(obj, name):
            return getattr(obj, name)
    raise AttributeError(f"{type(obj).__name__} has none of {names}")


def log(text):
    print(text, file=sys.stderr, flush=True)


class Notifications:
    """Every notification the server sent, in order, and a way to wait for one."""

    def __init__(self):
        self.seen = []
        self.changed = asyncio.Event()

    async def handle(self, message):
        notification = getattr(message, "root", message)
        kind = type(notification).__name__
        if kind in ("ResourceUpdatedNotification", "ResourceListChangedNotification"):
            uri = getattr(getattr(notification, "params", None), "uri", None)
            self.seen.append((kind, str(uri) if uri is not None else None, time.monotonic()))
            self.changed.set()

    async def wait_for(self, kind, uri=None, after=0, timeout=10.0):
        """The first notification of `kind` (for `uri`) at index `after` or later, waiting up to `timeout`."""
        deadline = time.monotonic() + timeout
        while True:
            for index in range(after, len(self.seen)):
                seen_kind, seen_uri, at = self.seen[index]
                if seen_kind == kind and (uri is None or seen_uri == uri):
                    return at
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise AssertionError(f"no {kind} {uri or ''} within {timeout} s; seen: {self.seen[after:]}")
            self.changed.clear()
            try:
                await asyncio.wait_for(self.changed.wait(), remaining)
            except asyncio.TimeoutError:
                pass


def check(condition, what):
    if not condition:
        raise AssertionError(what)
    log(f"ok: {what}")


async def call(session, name, arguments):
    result = await session.call_tool(name, arguments)
    text = "\n".join(item.text for item in result.content if getattr(item, "type", "") == "text")
    structured = field(result, "structured_content", "structuredContent")
    return bool(field(result, "is_error", "isError")), text, structured


def luminance(hex_color):
    """WCAG 2.2 relative luminance of `#RRGGBB[AA]` (an opaque color)."""
    channels = [int(hex_color[index:index + 2], 16) / 255 for index in (1, 3, 5)]
    linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(a, b):
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


async def check_audit(session):
    """The audit tool on `contrasty` (a theme whose label fails on its card in light mode), computed again here."""
    error, text, structured = await call(session, "audit", {"theme": "contrasty"})
    check(not error and text.startswith("contrasty: ") and "WCAG 2.2 AA in 12 context(s)" in text,
          f"audit summarises the theme: {text[:300]!r}")
    theme = structured["themes"][0]
    check(structured["failed"] is True and theme["theme"] == "contrasty" and theme["failing"] == len(theme["pairs"]),
          "audit's structured result is the report of failing pairs")
    for pair in theme["pairs"]:
        drawn = pair["drawn"]
        check(abs(contrast(drawn["foreground"], drawn["background"]) - pair["ratio"]) < 0.02
              and (pair["required"] is None or pair["ratio"] < pair["required"]),
              f"{pair['name']}: ratio {pair['ratio']:.3f} computed again from the drawn colors (as hex, rounded to 8 bits)")
    ours = [pair for pair in theme["pairs"] if pair["foreground"]["key"] == "paleLabel"]
    check(ours and all(pair["foreground"]["file"].endswith("contrasty.json") and pair["foreground"]["line"] == 3
                       for pair in ours), f"the pale label is found at contrasty.json:3: {[p['name'] for p in ours]}")
    check(all(context["colorScheme"] == "light" for pair in ours for context in pair["contexts"]),
          "the pale label fails in light mode only")
    check("label (normal)" in text and "paleLabel #C8C8C8FF" in text and "suggestion #C8C8C8FF → #" in text,
          f"the text lists the failing pair with a suggestion: {text[:1200]!r}")
    check("apcaNotice" not in structured and "note:" not in text, "no APCA figures, no APCA notice")
    _, strict_text, strict = await call(session, "audit", {"theme": "contrasty", "level": "AAA", "apca": True})
    check(strict["standard"] == "WCAG 2.2 AAA and APCA bronze"
          and strict["themes"][0]["failing"] > theme["failing"], "AAA with APCA fails more pairs")
    notice = strict.get("apcaNotice") or ""
    check("APCA" in notice and "WCAG" in notice and strict_text.endswith("note: " + notice),
          f"APCA figures come with the license's notice, structured and in the text: {notice!r}")
    error, text, _ = await call(session, "audit", {"theme": "contrasty", "level": "A"})
    check(error and "level" in text, f"a level that is not AA or AAA is refused: {text!r}")
    error, text, _ = await call(session, "audit", {"theme": "nothing"})
    check(error and "there is no theme 'nothing'" in text, f"audit of no theme: {text!r}")


def write_in_place(path, text):
    with open(path, "w", encoding="utf-8") as handle:
        handle.write(text)


async def read_text(session, uri):
    result = await session.read_resource(uri)
    return result.contents[0].text


async def run(args):
    server = StdioServerParameters(
        command=args.snapstyle, args=["mcp", "--socket", args.socket], env=dict(os.environ))
    notifications = Notifications()
    async with stdio_client(server) as (read, write):
        async with ClientSession(read, write, message_handler=notifications.handle) as session:
            initialized = await session.initialize()
            info = field(initialized, "server_info", "serverInfo")
            check(info.name == "snapstyle", "the server introduces itself as snapstyle")
            capabilities = initialized.capabilities
            check(capabilities.resources.subscribe is True, "resources can be subscribed to")
            check(field(capabilities.resources, "list_changed", "listChanged") is True, "the list of resources changes")

            tools = {tool.name: tool for tool in (await session.list_tools()).tools}
            expected = {"list_themes", "search_keys", "resolve", "resolve_component", "explain", "export_css", "audit"}
            check(set(tools) == expected, f"the seven tools are listed: {sorted(tools)}")
            for tool in tools.values():
                schema = field(tool, "input_schema", "inputSchema")
                check(schema["type"] == "object" and len(tool.description) > 80, f"{tool.name} has a schema and a description")
            resolve_schema = field(tools["resolve"], "input_schema", "inputSchema")
            check("context" in resolve_schema["properties"] and resolve_schema["required"] == ["attribute", "key"],
                  "resolve takes an attribute, a key and a context")

            error, text, structured = await call(session, "list_themes", {})
            check(not error and "brand: native" in text and "kit: dtcg" in text, f"list_themes: {text!r}")
            check("modifier mode: light, dark (default light)" in text, "list_themes names kit's modifier and contexts")
            check('pick one with context {"vars":{"mode":"dark"}}' in text, f"list_themes says what to pass: {text!r}")
            names = [theme["name"] for theme in structured["themes"]]
            check("brand" in names and "kit" in names and structured["default"] == "snap", "list_themes' structured content")

            error, text, structured = await call(session, "search_keys", {"theme": "brand", "query": "brand primary"})
            check(not error and text.startswith("surface brandPrimary = #3366FFFF"), f"search_keys finds brandPrimary: {text!r}")
            check(structured["matches"][0]["value"]["hex"] == "#3366FFFF", "search_keys' structured match has its value")
            error, text, structured = await call(session, "search_keys", {"theme": "kit", "query": "medium gap"})
            check(not error and "space.md" in text and "Medium gap between elements" in text, f"search_keys reads descriptions: {text!r}")

            error, text, structured = await call(
                session, "resolve",
                {"theme": "brand", "attribute": "surface", "key": "brandPrimary", "context": {"colorScheme": "dark"}})
            check(not error and text == "surface brandPrimary = #FF8800FF", f"resolve in dark mode: {text!r}")
            check(structured["value"]["hex"] == "#FF8800FF" and structured["theme"] == "brand", "resolve's structured content")
            error, text, _ = await call(
                session, "resolve", {"theme": "kit", "attribute": "surface", "key": "color.bg", "context": {"vars": {"mode": "dark"}}})
            check(not error and text == "surface color.bg = #1A1A1AFF", f"resolve picks a modifier's context: {text!r}")
            error, text, _ = await call(session, "resolve", {"attribute": "font", "key": "title"})
            check(not error and text.startswith("font title = ") and "pt " in text, f"resolve a font on the default theme: {text!r}")
            check(" system, line height " in text and ", letter spacing " in text,
                  f"a font is written with its family, line height and letter spacing: {text!r}")

            error, text, structured = await call(
                session, "resolve_component", {"component": "contentCard", "context": {"colorScheme": "dark"}})
            check(not error and "container contentCard:" in text and "  title (" in text, f"resolve_component: {text[:300]!r}")
            types = {element["type"] for element in structured["elements"]}
            check({"title", "any"} <= types and structured["container"]["container"] == "contentCard",
                  f"resolve_component's elements: {sorted(types)}")

            error, text, structured = await call(
                session, "explain", {"theme": "brand", "attribute": "surface", "key": "brandPrimary"})
            check(not error and "brand.json:3" in text and len(structured["steps"]) >= 1, f"explain: {text!r}")

            error, text, structured = await call(
                session, "export_css", {"theme": "brand", "context": {"colorScheme": "dark"}, "selector": "[data-theme=dark]"})
            check(not error and text.startswith("[data-theme=dark] {") and "--surface-brand-primary: #ff8800;" in text,
                  "export_css writes the dark block")

            for selector in ("a } b { color: red", ":root /* x", "a; b"):
                error, text, _ = await call(session, "export_css", {"theme": "brand", "selector": selector})
                check(error and "a selector cannot hold" in text, f"export_css refuses the selector {selector!r}: {text!r}")

            await check_audit(session)

            started = time.monotonic()
            error, text, _ = await call(session, "search_keys", {"query": "brand " * 100_000})
            took = time.monotonic() - started
            check(error and "over the limit of 1024" in text and len(text) < 300 and took < 5,
                  f"a 600 KB search query is refused in {took * 1000:.0f} ms: {text[:200]!r}")

            error, text, structured = await call(session, "resolve", {"theme": "brand", "attribute": "font", "key": "titel"})
            check(error and "did you mean 'title'" in text and structured is None, f"an unknown key is a tool error: {text!r}")
            error, text, _ = await call(session, "resolve", {"theme": "brnd", "attribute": "font", "key": "title"})
            check(error and "there is no theme 'brnd'" in text, f"an unknown theme is a tool error: {text!r}")
            error, text, _ = await call(
                session, "resolve", {"attribute": "font", "key": "title", "context": {"colorScheme": "purple"}})
            check(error and "invalid context: colorScheme" in text and "allowed: light, dark" in text, f"a bad context: {text!r}")
            error, text, _ = await call(session, "resolve_component", {"component": "contentCardd"})
            check(error and "unknown component 'contentCardd'" in text, f"an unknown component: {text!r}")

            uris = {str(resource.uri) for resource in (await session.list_resources()).resources}
            for theme in ("brand", "kit", "snap"):
                for suffix in (".css", ".tokens.json", "/keys"):
                    check(f"snapstyle://theme/{theme}{suffix}" in uris, f"resources/list has {theme}{suffix}")
            css = await read_text(session, "snapstyle://theme/brand.css")
            check(css.startswith(":root {") and "--surface-brand-primary: #3366ff;" in css, "resources/read: brand.css")
            tokens = json.loads(await read_text(session, "snapstyle://theme/kit.tokens.json"))
            check("color" in tokens and "space" in tokens, f"resources/read: kit.tokens.json has {sorted(tokens)}")
            keys = json.loads(await read_text(session, "snapstyle://theme/brand/keys"))
            check(keys["surface"]["brandPrimary"]["hex"] == "#3366FFFF", "resources/read: brand/keys")
            try:
                await session.read_resource("snapstyle://theme/nothing.css")
                check(False, "reading a resource of no theme fails")
            except Exception as failure:  # the SDK raises its McpError
                check("there is no theme 'nothing'" in str(failure), f"reading a resource of no theme fails: {failure}")

            for uri in ("snapstyle://theme/nothing.css", "snapstyle://theme/" + "n" * 100_000 + "/keys"):
                try:
                    await session.subscribe_resource(uri)
                    check(False, "subscribing to a resource of no theme fails")
                except Exception as failure:  # the SDK raises its McpError / MCPError
                    code = getattr(getattr(failure, "error", None), "code", None)
                    check(code == -32002 and len(str(failure)) < 1000,
                          f"subscribing to a resource of no theme is -32002: {str(failure)[:200]}")

            # A saved edit reaches a subscriber.
            await session.subscribe_resource("snapstyle://theme/brand.css")
            mark = len(notifications.seen)
            saved = time.monotonic()
            write_in_place(os.path.join(args.themes, "brand.json"),
                           '{"surface": {"brandPrimary": {"when": [{"if": {"colorScheme": "dark"}, "then": "#FF8800"}], "else": "#22AA44"}}}\n')
            at = await notifications.wait_for("ResourceUpdatedNotification", "snapstyle://theme/brand.css", mark)
            log(f"saved to notified: {(at - saved) * 1000:.1f} ms")
            css = await read_text(session, "snapstyle://theme/brand.css")
            check("--surface-brand-primary: #22aa44;" in css, "the updated resource reads the new value")
            check(not any(uri == "snapstyle://theme/kit.css" for _, uri, _ in notifications.seen[mark:]),
                  "no notification for a resource not subscribed to")

            # A new theme changes the list.
            mark = len(notifications.seen)
            write_in_place(os.path.join(args.themes, "extra.json"), '{"number": {"gap": 7}}\n')
            await notifications.wait_for("ResourceListChangedNotification", None, mark)
            uris = {str(resource.uri) for resource in (await session.list_resources()).resources}
            check("snapstyle://theme/extra.css" in uris, "a theme added is listed")

            # The daemon restarts: the server reconnects, says what may have changed, and answers again.
            mark = len(notifications.seen)
            print("restart-daemon", flush=True)
            answer = await asyncio.to_thread(sys.stdin.readline)
            check(answer.strip() == "restarted", "the test restarted the daemon")
            await notifications.wait_for("ResourceUpdatedNotification", "snapstyle://theme/brand.css", mark, timeout=20)
            error, text, _ = await call(session, "resolve", {"theme": "brand", "attribute": "surface", "key": "brandPrimary"})
            check(not error and text == "surface brandPrimary = #22AA44FF", f"resolve after the restart: {text!r}")
            mark = len(notifications.seen)
            write_in_place(os.path.join(args.themes, "brand.json"), '{"surface": {"brandPrimary": "#0055FF"}}\n')
            await notifications.wait_for("ResourceUpdatedNotification", "snapstyle://theme/brand.css", mark)
            check(True, "a saved edit reaches the subscriber after the restart")

    # --theme is the theme of every call that names none.
    server = StdioServerParameters(
        command=args.snapstyle, args=["mcp", "--socket", args.socket, "--theme", "brand"], env=dict(os.environ))
    async with stdio_client(server) as (read, write):
        async with ClientSession(read, write) as session:
            await session.initialize()
            error, text, structured = await call(session, "resolve", {"attribute": "surface", "key": "brandPrimary"})
            check(not error and text == "surface brandPrimary = #0055FFFF" and structured["theme"] == "brand",
                  f"--theme brand answers a call without theme: {text!r}")
    print("all mcp checks passed", flush=True)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--snapstyle", required=True, help="the snapstyle executable")
    parser.add_argument("--socket", required=True, help="the daemon's socket")
    parser.add_argument("--themes", required=True, help="the daemon's theme root")
    run_checks(run, parser.parse_args())


def run_checks(checks, args):
    """Runs `checks(args)`; every failed check is printed to stderr and the exit status is 1."""
    # resources/subscribe is what the handshake-era protocol versions the server speaks offer.
    warnings.filterwarnings("ignore", message="resources/subscribe is removed")
    try:
        asyncio.run(checks(args))
    except* AssertionError as failures:
        for failure in leaves(failures):
            log(f"FAILED: {failure}")
        sys.exit(1)


def leaves(group):
    """The exceptions inside nested exception groups."""
    for failure in group.exceptions:
        yield from leaves(failure) if isinstance(failure, BaseExceptionGroup) else [failure]


if __name__ == "__main__":
    main()
