"""Drives `snapstyle mcp --build CONFIG` with the official MCP Python SDK's stdio client against a real daemon.

Started by the Swift test MCPBuildTests, which runs the daemon on a temporary theme root with the theme `brand`,
writes a build config with a CSS, a JS (with its .d.ts) and an Android output, and runs `snapstyle build` into
`--expected` first. Checks that every file the config writes is a resource `snapstyle://build/FILE`, that each reads
byte for byte as `snapstyle build` wrote it, that a subscriber hears of a saved edit and reads the new value, that a
file no output writes is -32002, and that without --build a build file is not served. Prints
`all mcp build checks passed` at the end; anything else goes to stderr. Exit status 1 on the first failure.
"""

import argparse
import os

from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client

from mcp_client import Notifications, check, field, read_text, run_checks, write_in_place

FILES = ("out/tokens.css", "out/tokens.js", "out/tokens.d.ts", "res/values/colors.xml", "res/values-night/colors.xml")


async def fails_with_code(coroutine, code, what):
    try:
        await coroutine
    except Exception as failure:  # the SDK raises its McpError
        seen = getattr(getattr(failure, "error", None), "code", None)
        check(seen == code and len(str(failure)) < 1000, f"{what}: {str(failure)[:200]}")
        return str(failure)
    check(False, what)


async def run(args):
    server = StdioServerParameters(
        command=args.snapstyle, args=["mcp", "--socket", args.socket, "--build", args.config], env=dict(os.environ))
    notifications = Notifications()
    async with stdio_client(server) as (read, write):
        async with ClientSession(read, write, message_handler=notifications.handle) as session:
            await session.initialize()
            resources = {str(resource.uri): resource for resource in (await session.list_resources()).resources}
            check("snapstyle://theme/brand.css" in resources, "the themes' resources are still listed")
            for path in FILES:
                uri = "snapstyle://build/" + path
                check(uri in resources, f"resources/list has {uri}")
                with open(os.path.join(args.expected, path), encoding="utf-8") as handle:
                    expected = handle.read()
                check(await read_text(session, uri) == expected, f"{uri} reads as snapstyle build writes it")
            css = resources["snapstyle://build/out/tokens.css"]
            check(field(css, "mime_type", "mimeType") == "text/css", "a CSS output is text/css")
            check("brand" in css.description, f"a build file says its theme: {css.description!r}")

            message = await fails_with_code(
                session.read_resource("snapstyle://build/out/nothing.css"), -32002, "a file no output writes is -32002")
            check("out/tokens.css" in message, "the error names the files there are")
            await fails_with_code(
                session.subscribe_resource("snapstyle://build/out/nothing.css"), -32002,
                "subscribing to a file no output writes is -32002")

            # A saved edit reaches a subscriber of the build file, which then reads the new value.
            await session.subscribe_resource("snapstyle://build/out/tokens.css")
            mark = len(notifications.seen)
            write_in_place(os.path.join(args.themes, "brand.json"), '{"surface": {"brandPrimary": "#22AA44"}}\n')
            await notifications.wait_for("ResourceUpdatedNotification", "snapstyle://build/out/tokens.css", mark)
            css = await read_text(session, "snapstyle://build/out/tokens.css")
            check("--ds-surface-brand-primary: #22aa44;" in css, f"the build file reads the saved value: {css!r}")
            check(not any(uri == "snapstyle://build/out/tokens.js" for _, uri, _ in notifications.seen[mark:]),
                  "no notification for a build file not subscribed to")
            await session.unsubscribe_resource("snapstyle://build/out/tokens.css")

    server = StdioServerParameters(command=args.snapstyle, args=["mcp", "--socket", args.socket], env=dict(os.environ))
    async with stdio_client(server) as (read, write):
        async with ClientSession(read, write) as session:
            await session.initialize()
            uris = {str(resource.uri) for resource in (await session.list_resources()).resources}
            check(not any(uri.startswith("snapstyle://build/") for uri in uris), "without --build no file is listed")
            message = await fails_with_code(
                session.read_resource("snapstyle://build/out/tokens.css"), -32002, "without --build no file is served")
            check("--build" in message, f"the error says how to serve one: {message[:200]!r}")
    print("all mcp build checks passed", flush=True)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--snapstyle", required=True, help="the snapstyle executable")
    parser.add_argument("--socket", required=True, help="the daemon's socket")
    parser.add_argument("--themes", required=True, help="the daemon's theme root")
    parser.add_argument("--config", required=True, help="the build config")
    parser.add_argument("--expected", required=True, help="the directory snapstyle build wrote the config's files to")
    run_checks(run, parser.parse_args())


if __name__ == "__main__":
    main()
