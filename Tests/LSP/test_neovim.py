"""A real editor: Debian's Neovim (headless) runs the Neovim set-up of docs/editors.md as written there (only the
binary's path put in), opens a theme file and a CSS file of one workspace, and drives the server through `vim.lsp`:
one server for both buffers, hover and definition on an accent's `"ref"`, and a rename applied by Neovim and saved,
after which the theme loads with the same values."""

import json
import os
import re
import shutil
import subprocess

import pytest

from conftest import BINARY, ENVIRONMENT, REPOSITORY, WORK

FOLDER = WORK / "neovim"
THEME = FOLDER / "themes" / "ocean" / "theme.json"
THEME_TEXT = """{
  "surface": {
    "brandBlue": "#0A6CFF",
    "ink": {"ref": "brandBlue"}
  },
  "accent": {
    "brand": {"base": {"ref": "brandBlue"}, "onAccent": "#FFFFFF", "complementary": {"ref": "ink"},
              "contrast": {"ref": "brandBlue"}, "brightness": "dark"}
  }
}
"""
SHEET = FOLDER / "web" / "app.css"
SHEET_TEXT = ".a { color: var(--surface-accent); }\n"

SCRIPT = r"""
local params = vim.fn.json_decode(vim.fn.readfile(os.getenv("SNAPSTYLE_NVIM_PARAMS")))
local report = {}
local function wait(what, check)
  local ok = vim.wait(20000, check, 50)
  if not ok then report.failed = "timed out waiting for " .. what end
  return ok
end
local function position(buf, line, character)
  return { textDocument = { uri = vim.uri_from_bufnr(buf) }, position = { line = line, character = character } }
end
local function attached(buf)
  local n = 0
  for _ in pairs(vim.lsp.buf_get_clients(buf)) do n = n + 1 end
  return n
end

vim.cmd("edit " .. params.theme)
local theme = vim.api.nvim_get_current_buf()
vim.cmd("edit " .. params.sheet)
local sheet = vim.api.nvim_get_current_buf()
if wait("both buffers attached", function() return attached(theme) == 1 and attached(sheet) == 1 end) then
  local ids = {}
  for id, _ in pairs(vim.lsp.buf_get_clients(theme)) do ids[#ids + 1] = id end
  for id, _ in pairs(vim.lsp.buf_get_clients(sheet)) do ids[#ids + 1] = id end
  report.clients = #vim.lsp.get_active_clients()
  report.same = ids[1] == ids[2]
  wait("the server to start", function()
    local client = vim.lsp.get_client_by_id(ids[1])
    return client ~= nil and client.initialized
  end)
  local answers = vim.lsp.buf_request_sync(theme, "textDocument/hover", position(theme, params.line, params.character), 20000)
  for _, answer in pairs(answers or {}) do
    if answer.result then report.hover = answer.result.contents.value end
  end
  answers = vim.lsp.buf_request_sync(theme, "textDocument/definition", position(theme, params.line, params.character), 20000)
  for _, answer in pairs(answers or {}) do
    local result = answer.result
    if result and result[1] then result = result[1] end
    if result and result.range then report.definition = result.range.start.line end
  end
  answers = vim.lsp.buf_request_sync(sheet, "textDocument/hover", position(sheet, 0, 20), 20000)
  for _, answer in pairs(answers or {}) do
    if answer.result then report.sheet_hover = answer.result.contents.value end
  end
  local rename = position(theme, params.line, params.character)
  rename.newName = "brandAzure"
  answers = vim.lsp.buf_request_sync(theme, "textDocument/rename", rename, 20000)
  for _, answer in pairs(answers or {}) do
    if answer.result then
      vim.lsp.util.apply_workspace_edit(answer.result, "utf-16")
      report.renamed = true
    end
    if answer.err then report.failed = vim.inspect(answer.err) end
  end
  vim.cmd("silent! wall")
end
vim.fn.writefile({ vim.fn.json_encode(report) }, os.getenv("SNAPSTYLE_NVIM_REPORT"))
vim.cmd("qall!")
"""


def docs_setup():
    """The Lua of docs/editors.md's Neovim 0.7 set-up, with the binary's path for `snapstyle`."""
    text = (REPOSITORY / "docs" / "editors.md").read_text()
    block = re.search(r"### Neovim\n.*?```lua\n(.*?)```", text, re.S).group(1)
    assert '{ "snapstyle", "lsp" }' in block
    return block.replace('{ "snapstyle", "lsp" }', "{ %s, \"lsp\" }" % json.dumps(BINARY))


def exported():
    done = subprocess.run(
        [BINARY, "export", "--offline", "--themes", str(FOLDER / "themes"), "--theme", "ocean", "--format", "json"],
        capture_output=True, text=True, env=ENVIRONMENT, timeout=60,
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


@pytest.mark.skipif(shutil.which("nvim") is None and not os.environ.get("SNAPSTYLE_REQUIRE_NEOVIM"), reason="no nvim")
def test_neovim_runs_the_documented_set_up_with_one_server_for_the_workspace():
    if FOLDER.exists():
        shutil.rmtree(FOLDER)
    THEME.parent.mkdir(parents=True)
    THEME.write_text(THEME_TEXT)
    SHEET.parent.mkdir(parents=True)
    SHEET.write_text(SHEET_TEXT)
    before = exported()
    line = THEME_TEXT.split("\n").index(next(l for l in THEME_TEXT.split("\n") if '"base": {"ref": "brandBlue"}' in l))
    character = THEME_TEXT.split("\n")[line].index('"base": {"ref": "brandBlue"}') + 18
    (FOLDER / "init.lua").write_text(docs_setup())
    (FOLDER / "script.lua").write_text(SCRIPT)
    params = FOLDER / "params.json"
    params.write_text(json.dumps({"theme": str(THEME), "sheet": str(SHEET), "line": line, "character": character}))
    report = FOLDER / "report.json"
    environment = dict(
        ENVIRONMENT, SNAPSTYLE_NVIM_PARAMS=str(params), SNAPSTYLE_NVIM_REPORT=str(report), TERM="dumb"
    )
    done = subprocess.run(
        ["nvim", "--headless", "-i", "NONE", "-u", str(FOLDER / "init.lua"), "-c", "luafile " + str(FOLDER / "script.lua")],
        cwd=FOLDER, env=environment, capture_output=True, text=True, timeout=120,
    )
    assert report.exists(), done.stdout + done.stderr
    found = json.loads(report.read_text())
    assert "failed" not in found, found
    assert found["clients"] == 1 and found["same"], found
    assert "`brandBlue`" in found["hover"] and "#0A6CFF" in found["hover"]
    assert found["definition"] == 2
    # The workspace imports no theme: style sheets use `snap`'s names.
    assert "`--surface-accent: " in found["sheet_hover"]
    assert found["renamed"]
    assert '"brandBlue"' not in THEME.read_text() and THEME.read_text().count('"brandAzure"') == 4
    check = subprocess.run(
        [BINARY, "check", "--themes", str(FOLDER / "themes"), str(THEME.parent)], capture_output=True, text=True,
        env=ENVIRONMENT, timeout=60,
    )
    assert check.returncode == 0, check.stdout + check.stderr
    after = exported()
    before["surface"]["brandAzure"] = before["surface"].pop("brandBlue")
    assert after == before
