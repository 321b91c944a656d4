"""Shared set-up of the language-server tests: theme roots in a temporary directory, an isolated environment (no
user config, no user roots, a private cache for the preset's copy), and the server binary from SNAPSTYLE_BIN."""

import os
import pathlib
import shutil
import tempfile

import pytest_lsp
from pytest_lsp import ClientServerConfig, LanguageClient

from lsp_helpers import start

REPOSITORY = pathlib.Path(__file__).resolve().parents[2]
BINARY = os.environ.get("SNAPSTYLE_BIN", str(REPOSITORY / ".build" / "debug" / "snapstyle"))
WORK = pathlib.Path(tempfile.mkdtemp(prefix="snapstyle-lsp-"))
ROOT = WORK / "themes"
HOME = WORK / "home"

DEMO_THEME = """{
  "theme": {"extends": "snap", "description": "demo"},
  "surface": {
    "brand": "#0A6CFF",
    "brandText": {"ref": "brand"},
    "card": {"when": [{"if": {"colorScheme": "dark"}, "then": "#111111"}], "else": "#FFFFFF"},
    "link": {"ref": "accent"}
  },
  "number": {"gap": 8, "gapLarge": {"calc": "{gap} * 2"}},
  "font": {"heading": {"size": 20, "weight": "semibold", "textStyle": "title"}}
}
"""

DEMO_MORE = """{
  "composition": {"banner": {"foreground": "brandText", "background": "brand"}},
  "padding": {"roomy": {"all": "gapLarge"}}
}
"""


# A theme with a component of its own whose labels are ink gray in light mode and pale in dark mode: every pair
# passes until a test makes the ink lighter.
INK_THEME = """{
  "component": {"inkCard": {"extends": "contentCard", "composition": {"label": "inkText"}}},
  "composition": {"inkText": {"foreground": "inkLabel"}},
  "surface": {
    "inkLabel": {"when": [{"if": {"colorScheme": "dark"}, "then": "#EBEBF0"}], "else": "#3A3A3C"}
  }
}
"""


def write_roots():
    if ROOT.exists():
        shutil.rmtree(ROOT)
    (ROOT / "demo").mkdir(parents=True)
    (ROOT / "demo" / "theme.json").write_text(DEMO_THEME)
    (ROOT / "demo" / "more.json").write_text(DEMO_MORE)
    (ROOT / "broken").mkdir()
    (ROOT / "broken" / "theme.json").write_text(
        '{"surface": {"a": {"ref": "nowhere"}, "b": {"ref": "acc"}}}\n'
    )
    (ROOT / "ink").mkdir()
    (ROOT / "ink" / "theme.json").write_text(INK_THEME)
    (ROOT / "scratch").mkdir()
    (ROOT / "scratch" / "theme.json").write_text('{"surface": {"paper": "#FAFAFA"}}\n')
    shutil.copytree(REPOSITORY / "etc" / "examples" / "harbor", ROOT / "harbor")
    shutil.copy(REPOSITORY / "etc" / "examples" / "harbor.resolver.json", ROOT / "harbor.resolver.json")
    kite = ROOT / "kite"
    (kite / "core").mkdir(parents=True)
    (kite / "$themes.json").write_text(
        '[{"id": "1", "name": "Light", "group": "mode", "selectedTokenSets": {"core/base": "enabled", "light": "enabled"}},'
        ' {"id": "2", "name": "Dark", "group": "mode", "selectedTokenSets": {"core/base": "enabled", "dark": "enabled"}}]'
    )
    (kite / "$metadata.json").write_text('{"tokenSetOrder": ["core/base", "light", "dark"]}')
    (kite / "core" / "base.json").write_text(
        '{\n  "ink": {"value": "{ink-mode}", "type": "color"},\n  "gap": {"value": "4 * 2", "type": "spacing"}\n}\n'
    )
    (kite / "light.json").write_text('{"ink-mode": {"value": "#111111", "type": "color"}}\n')
    (kite / "dark.json").write_text('{"ink-mode": {"value": "#EEEEEE", "type": "color"}}\n')
    (WORK / "web").mkdir(exist_ok=True)
    for name in ("config", "data", "cache"):
        (HOME / name).mkdir(parents=True, exist_ok=True)


write_roots()

ENVIRONMENT = {
    "HOME": str(HOME),
    "XDG_CONFIG_HOME": str(HOME / "config"),
    "XDG_DATA_DIRS": str(HOME / "data"),
    "XDG_CACHE_HOME": str(HOME / "cache"),
    "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
}


def server_command(*extra):
    return [BINARY, "lsp", "--themes", str(ROOT), *extra]


@pytest_lsp.fixture(config=ClientServerConfig(server_command=server_command(), server_env=ENVIRONMENT))
async def client(lsp_client: LanguageClient):
    """The server on the test roots, initialized; shut down after the test."""
    await start(lsp_client)
    yield
    await lsp_client.shutdown_session()


def uri(path):
    return pathlib.Path(path).as_uri()
