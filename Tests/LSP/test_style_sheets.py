"""The language server on a style sheet that uses the theme's CSS names (`--theme harbor`): unknown names warned
with the nearest ones, hover, completion after `var(--`, definition into the token file, and references from the
theme's token to the open style sheet."""

import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient

from conftest import ENVIRONMENT, ROOT, WORK, server_command, uri as file_uri
from lsp_helpers import at, diagnostics_for, open_document, start

SHEET = WORK / "web" / "app.css"
SHEET_TEXT = """.card {
  background: var(--surface-card);
  color: var(--surface-txt);
  font: var(--font-title);
  padding: var(--space-
}
"""
LIGHT = ROOT / "harbor" / "light.tokens.json"


@pytest_lsp.fixture(
    config=ClientServerConfig(server_command=server_command("--theme", "harbor"), server_env=ENVIRONMENT)
)
async def client(lsp_client: LanguageClient):
    await start(lsp_client)
    yield
    await lsp_client.shutdown_session()


async def test_unknown_names_are_warned_with_the_nearest(client: LanguageClient):
    uri = file_uri(SHEET)
    open_document(client, uri, SHEET_TEXT, language="css")
    found = await diagnostics_for(client, uri, lambda found: len(found) >= 1)
    # The name being typed (`--space-`) is not defined either; every name that is defined passes.
    assert [diagnostic.message.split()[0] for diagnostic in found] == ["--surface-txt", "--space-"]
    assert found[0].severity == types.DiagnosticSeverity.Warning
    assert "--surface-txt" in found[0].message and "--surface-text" in found[0].message
    assert found[0].range.start == at(uri, SHEET_TEXT, "--surface-txt")[1]


async def test_hover_completion_and_definition_of_a_name(client: LanguageClient):
    uri = file_uri(SHEET)
    open_document(client, uri, SHEET_TEXT, language="css")
    document, place = at(uri, SHEET_TEXT, "--surface-card", 4)
    hover = await client.text_document_hover_async(types.HoverParams(text_document=document, position=place))
    assert "`--surface-card: #ffffff`" in hover.contents.value and "| theme: dark |" in hover.contents.value
    document, place = at(uri, SHEET_TEXT, "--space-", 8)
    result = await client.text_document_completion_async(types.CompletionParams(text_document=document, position=place))
    assert {"--space-small", "--space-medium", "--space-large"} <= {item.label for item in result.items}
    document, place = at(uri, SHEET_TEXT, "--font-title", 4)
    found = await client.text_document_definition_async(types.DefinitionParams(text_document=document, position=place))
    location = found if isinstance(found, types.Location) else found[0]
    assert location.uri.endswith("/harbor/base.tokens.json")


async def test_references_of_a_token_include_the_open_style_sheet(client: LanguageClient):
    open_document(client, file_uri(SHEET), SHEET_TEXT, language="css")
    text = LIGHT.read_text()
    document, place = at(file_uri(LIGHT), text, '"card"', 2)
    found = await client.text_document_references_async(
        types.ReferenceParams(
            text_document=document, position=place, context=types.ReferenceContext(include_declaration=False)
        )
    )
    assert [(location.uri, location.range.start.line) for location in found] == [(file_uri(SHEET), 1)]
