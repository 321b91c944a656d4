"""The language server on a DTCG system (a resolver with light and dark contexts): hover per modifier context,
completion of token paths inside `{`, definition of an alias, the outline of groups and tokens, an alias that names
no token, and a rename of a token across its files."""

from lsprotocol import types
from pytest_lsp import LanguageClient

from conftest import ROOT, uri as file_uri
from lsp_helpers import at, diagnostics_for, open_document, replace_all

BASE = ROOT / "harbor" / "base.tokens.json"
LIGHT = ROOT / "harbor" / "light.tokens.json"


async def test_hover_on_an_alias_shows_each_modifier_context(client: LanguageClient):
    text = LIGHT.read_text()
    open_document(client, file_uri(LIGHT), text)
    document, place = at(file_uri(LIGHT), text, "{palette.sand}", 3)
    hover = await client.text_document_hover_async(types.HoverParams(text_document=document, position=place))
    value = hover.contents.value
    assert "`palette.sand`" in value and "| light | `#F7F0E0` |" in value
    assert "| theme: dark | `#F7F0E0` |" in value
    document, place = at(file_uri(LIGHT), text, '"background"', 3)
    hover = await client.text_document_hover_async(types.HoverParams(text_document=document, position=place))
    assert "| theme: light | `#F7F0E0` |" in hover.contents.value
    assert "| theme: dark | `#0F294D` |" in hover.contents.value


async def test_completion_inside_braces_offers_token_paths(client: LanguageClient):
    text = LIGHT.read_text().replace('"{palette.sand}"', '"{pal"')
    open_document(client, file_uri(LIGHT), text)
    document, place = at(file_uri(LIGHT), text, '"{pal"', 5)
    result = await client.text_document_completion_async(types.CompletionParams(text_document=document, position=place))
    labels = {item.label for item in result.items}
    assert {"palette.sand", "palette.navy", "palette.sea"} <= labels
    sand = next(item for item in result.items if item.label == "palette.sand")
    assert sand.text_edit.new_text == "palette.sand}" and sand.detail == "#F7F0E0"


async def test_definition_and_outline_of_token_files(client: LanguageClient):
    text = LIGHT.read_text()
    document, place = at(file_uri(LIGHT), text, "{palette.sand}", 4)
    found = await client.text_document_definition_async(types.DefinitionParams(text_document=document, position=place))
    location = found if isinstance(found, types.Location) else found[0]
    assert location.uri == file_uri(BASE)
    assert location.range.start.line == BASE.read_text()[: BASE.read_text().index('"sand"')].count("\n")
    symbols = await client.text_document_document_symbol_async(
        types.DocumentSymbolParams(text_document=types.TextDocumentIdentifier(uri=file_uri(BASE)))
    )
    palette = next(symbol for symbol in symbols if symbol.name == "palette")
    assert [child.name for child in palette.children] == ["navy", "sea", "sand", "white"]
    assert palette.kind == types.SymbolKind.Object and palette.children[0].kind == types.SymbolKind.Constant


async def test_an_alias_to_no_token_is_an_error_until_fixed(client: LanguageClient):
    uri = file_uri(LIGHT)
    text = LIGHT.read_text()
    open_document(client, uri, text)
    await diagnostics_for(client, uri, lambda found: found == [])
    replace_all(client, uri, text.replace("{palette.sand}", "{palette.sandy}"), 2)
    found = await diagnostics_for(client, uri, lambda found: len(found) >= 1)
    assert any("did you mean {palette.sand}" in diagnostic.message for diagnostic in found)
    replace_all(client, uri, text, 3)
    await diagnostics_for(client, uri, lambda found: found == [])


async def test_rename_a_token_edits_its_key_and_every_alias(client: LanguageClient):
    text = BASE.read_text()
    document, place = at(file_uri(BASE), text, '"sand"', 2)
    edit = await client.text_document_rename_async(
        types.RenameParams(text_document=document, position=place, new_name="palette.beach")
    )
    files = {uri.split("/")[-1]: [change.new_text for change in changes] for uri, changes in edit.changes.items()}
    assert files["base.tokens.json"] == ["beach"]
    assert files["light.tokens.json"] == ["palette.beach"]
    try:
        await client.text_document_rename_async(
            types.RenameParams(text_document=document, position=place, new_name="colors.beach")
        )
        raise AssertionError("moving a token to another group should be refused")
    except Exception as error:
        assert "within its group" in str(error)


async def test_a_tokens_studio_project_is_served_alike(client: LanguageClient):
    base = ROOT / "kite" / "core" / "base.json"
    text = base.read_text()
    uri = file_uri(base)
    open_document(client, uri, text)
    await diagnostics_for(client, uri, lambda found: found == [])
    document, place = at(uri, text, "{ink-mode}", 3)
    hover = await client.text_document_hover_async(types.HoverParams(text_document=document, position=place))
    assert "| mode: Light | `#111111` |" in hover.contents.value
    assert "| mode: Dark | `#EEEEEE` |" in hover.contents.value
    found = await client.text_document_definition_async(types.DefinitionParams(text_document=document, position=place))
    location = found if isinstance(found, types.Location) else found[0]
    assert location.uri.split("/kite/")[1] in ("light.json", "dark.json")
    hints = await client.text_document_inlay_hint_async(
        types.InlayHintParams(
            text_document=types.TextDocumentIdentifier(uri=uri),
            range=types.Range(start=types.Position(line=0, character=0), end=types.Position(line=9, character=0)),
        )
    )
    assert [hint.label for hint in hints] == ["#111111"]
    symbols = await client.text_document_document_symbol_async(
        types.DocumentSymbolParams(text_document=types.TextDocumentIdentifier(uri=uri))
    )
    assert [symbol.name for symbol in symbols] == ["ink", "gap"]
    document, place = at(uri, text, '"gap"', 2)
    hover = await client.text_document_hover_async(types.HoverParams(text_document=document, position=place))
    assert "| light | `8` |" in hover.contents.value


async def test_a_resolvers_ref_goes_to_its_token_file(client: LanguageClient):
    resolver = ROOT / "harbor.resolver.json"
    text = resolver.read_text()
    document, place = at(file_uri(resolver), text, "harbor/dark.tokens.json", 3)
    found = await client.text_document_definition_async(types.DefinitionParams(text_document=document, position=place))
    location = found if isinstance(found, types.Location) else found[0]
    assert location.uri == file_uri(ROOT / "harbor" / "dark.tokens.json")
