"""The server started as an editor starts it, with no `--themes`: the workspace folder is the theme root even when it
holds `NAME.resolver.json` beside `NAME/` (native themes beside it get their diagnostics), a `rootUri` with a
trailing slash works, style sheets resolve against the workspace's one imported theme, and a rename of a token
edits the `var(--NAME)` uses of the workspace's style sheets, open or on disk, in the same WorkspaceEdit; a rename
never writes invalid JSON."""

import json
import shutil

import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient

from conftest import BINARY, ENVIRONMENT, REPOSITORY, WORK, uri as file_uri
from lsp_helpers import CAPABILITIES, apply_edit, at, diagnostics_for, open_document, start

FOLDER = WORK / "workspace"
PLAIN = FOLDER / "plain" / "theme.json"
PLAIN_TEXT = '{"surface": {"paper": "#FAFAFA", "ink": {"ref": "papr"}}}\n'
GOOD = FOLDER / "good" / "theme.json"
GOOD_TEXT = '{"surface": {"paper": "#FAFAFA", "ink": {"ref": "paper"}}}\n'
ON_DISK = FOLDER / "web" / "disk.css"
ON_DISK_TEXT = ".a { color: var(--surface-card); }\n.b { background: var(--surface-card-hover, red); }\n"
OPEN_SHEET = FOLDER / "web" / "open.scss"
OPEN_TEXT = ".c { border-color: --surface-card; color: var(--surface-card); }\n"
LIGHT = FOLDER / "harbor" / "light.tokens.json"


def write_folder():
    if FOLDER.exists():
        shutil.rmtree(FOLDER)
    shutil.copytree(REPOSITORY / "etc" / "examples" / "harbor", FOLDER / "harbor")
    shutil.copy(REPOSITORY / "etc" / "examples" / "harbor.resolver.json", FOLDER / "harbor.resolver.json")
    PLAIN.parent.mkdir(parents=True)
    PLAIN.write_text(PLAIN_TEXT)
    GOOD.parent.mkdir(parents=True)
    GOOD.write_text(GOOD_TEXT)
    ON_DISK.parent.mkdir(parents=True)
    ON_DISK.write_text(ON_DISK_TEXT)
    OPEN_SHEET.write_text(OPEN_TEXT)


write_folder()


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[BINARY, "lsp"], server_env=ENVIRONMENT))
async def client(lsp_client: LanguageClient):
    write_folder()
    await start(lsp_client, folders=[file_uri(FOLDER)])
    yield
    await lsp_client.shutdown_session()


CONFIGURED = WORK / "configured"
(CONFIGURED / "snapstyle").mkdir(parents=True, exist_ok=True)
(CONFIGURED / "snapstyle" / "snapstyled.json").write_text('{"defaultTheme": "good"}\n')


@pytest_lsp.fixture(
    config=ClientServerConfig(
        server_command=[BINARY, "lsp"], server_env=dict(ENVIRONMENT, XDG_CONFIG_HOME=str(CONFIGURED))
    )
)
async def configured(lsp_client: LanguageClient):
    write_folder()
    await start(lsp_client, folders=[file_uri(FOLDER)])
    yield
    await lsp_client.shutdown_session()


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[BINARY, "lsp"], server_env=ENVIRONMENT))
async def slashed(lsp_client: LanguageClient):
    write_folder()
    await lsp_client.initialize_session(
        types.InitializeParams(capabilities=CAPABILITIES, root_uri=file_uri(FOLDER) + "/")
    )
    yield
    await lsp_client.shutdown_session()


async def test_a_folder_with_a_resolver_beside_its_directory_is_a_root(client: LanguageClient):
    uri = file_uri(PLAIN)
    open_document(client, uri, PLAIN_TEXT)
    found = await diagnostics_for(client, uri, lambda found: len(found) == 1)
    assert "did you mean 'paper'" in found[0].message


async def test_a_root_uri_with_a_trailing_slash_is_served(slashed: LanguageClient):
    uri = file_uri(PLAIN)
    open_document(slashed, uri, PLAIN_TEXT)
    await diagnostics_for(slashed, uri, lambda found: len(found) == 1)
    uri = file_uri(GOOD)
    document, place = at(uri, GOOD_TEXT, '"paper"', 2)
    hover = await slashed.text_document_hover_async(types.HoverParams(text_document=document, position=place))
    assert hover is not None and "#FAFAFA" in hover.contents.value


async def test_style_sheets_use_the_one_imported_theme(client: LanguageClient):
    uri = file_uri(OPEN_SHEET)
    open_document(client, uri, OPEN_TEXT, language="scss")
    await diagnostics_for(client, uri, lambda found: found == [])
    document, place = at(uri, OPEN_TEXT, "var(--surface-card)", 7)
    hover = await client.text_document_hover_async(types.HoverParams(text_document=document, position=place))
    assert "`--surface-card: #ffffff`" in hover.contents.value
    assert "when `when" not in hover.contents.value


async def test_the_configured_default_theme_comes_first(configured: LanguageClient):
    sheet = FOLDER / "web" / "paper.css"
    text = ".p { background: var(--surface-paper); color: var(--surface-card); }\n"
    open_document(configured, file_uri(sheet), text, language="css")
    found = await diagnostics_for(configured, file_uri(sheet), lambda found: len(found) == 1)
    assert found[0].message.startswith("--surface-card is not defined by theme 'good'")


async def test_a_token_rename_edits_the_style_sheets_open_and_on_disk(client: LanguageClient):
    open_document(client, file_uri(OPEN_SHEET), OPEN_TEXT, language="scss")
    text = LIGHT.read_text()
    document, place = at(file_uri(LIGHT), text, '"card"', 2)
    edit = await client.text_document_rename_async(
        types.RenameParams(text_document=document, position=place, new_name="surface.panel")
    )
    files = {uri.split("/")[-1]: sorted(change.new_text for change in changes) for uri, changes in edit.changes.items()}
    assert files["light.tokens.json"] == ["panel"] and files["dark.tokens.json"] == ["panel"]
    assert files["open.scss"] == ["--surface-panel", "--surface-panel"]
    # `--surface-card-hover` is another token's name: left alone.
    assert files["disk.css"] == ["--surface-panel"]
    apply_edit(edit)
    assert "var(--surface-panel)" in ON_DISK.read_text() and "--surface-card-hover" in ON_DISK.read_text()


async def test_a_rename_never_writes_invalid_json(client: LanguageClient):
    uri = file_uri(GOOD)
    document, place = at(uri, GOOD_TEXT, '"paper"', 2)
    for bad in ('pa"per', "pa\\per", "pa\nper"):
        try:
            await client.text_document_rename_async(
                types.RenameParams(text_document=document, position=place, new_name=bad)
            )
            raise AssertionError(f"{bad!r} should have been refused")
        except Exception as error:
            assert "not a valid key" in str(error)
    text = LIGHT.read_text()
    document, place = at(file_uri(LIGHT), text, '"card"', 2)
    try:
        await client.text_document_rename_async(
            types.RenameParams(text_document=document, position=place, new_name="surface.ca\nrd")
        )
        raise AssertionError("a control character should have been refused")
    except Exception as error:
        assert "not a valid token name" in str(error)
    edit = await client.text_document_rename_async(
        types.RenameParams(text_document=document, position=place, new_name='surface.ca"r\\d')
    )
    apply_edit(edit)
    tokens = json.loads(LIGHT.read_text())
    assert 'ca"r\\d' in tokens["surface"]
