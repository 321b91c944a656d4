"""The language server on a native theme: diagnostics while typing, hover, completion, definition (also into the
preset's files), references, rename, colors, the outline and inlay hints, and a change made on disk."""

from lsprotocol import types
from pytest_lsp import LanguageClient

from conftest import ROOT, HOME, uri as file_uri
from lsp_helpers import at, diagnostics_for, open_document, replace_all

THEME = ROOT / "demo" / "theme.json"
MORE = ROOT / "demo" / "more.json"


async def test_diagnostics_follow_the_unsaved_text_and_clear_when_fixed(client: LanguageClient):
    uri = file_uri(THEME)
    text = THEME.read_text()
    open_document(client, uri, text)
    await diagnostics_for(client, uri, lambda found: found == [])
    broken = text.replace('{"ref": "brand"}', '{"ref": "brnad"}')
    replace_all(client, uri, broken, 2)
    found = await diagnostics_for(client, uri, lambda found: len(found) == 1)
    assert "brnad" in found[0].message and "did you mean 'brand'" in found[0].message
    assert found[0].severity == types.DiagnosticSeverity.Error
    start_position = at(uri, broken, '"brnad"')[1]
    assert found[0].range.start.line == start_position.line
    replace_all(client, uri, text, 3)
    await diagnostics_for(client, uri, lambda found: found == [])
    # The file on disk never changed: diagnostics came from the editor's text.
    assert "brnad" not in THEME.read_text()


async def test_a_syntax_error_is_reported_at_its_place(client: LanguageClient):
    uri = file_uri(THEME)
    text = THEME.read_text()
    open_document(client, uri, text)
    replace_all(client, uri, text.replace('"gap": 8,', '"gap": 8,,'), 2)
    found = await diagnostics_for(client, uri, lambda found: len(found) >= 1)
    assert found[0].range.start.line == text[: text.index('"gap": 8,')].count("\n")


async def test_hover_shows_the_value_in_each_context_and_the_chain(client: LanguageClient):
    uri = file_uri(THEME)
    text = THEME.read_text()
    open_document(client, uri, text)
    document, place = at(uri, text, '"card"', 2)
    hover = await client.text_document_hover_async(types.HoverParams(text_document=document, position=place))
    value = hover.contents.value
    assert "| light | `#FFFFFF` |" in value and "| dark | `#111111` |" in value
    assert "demo/theme.json:6" in value
    document, place = at(uri, text, '"ref": "brand"', 9)
    hover = await client.text_document_hover_async(types.HoverParams(text_document=document, position=place))
    assert "`brand`" in hover.contents.value and "#0A6CFF" in hover.contents.value
    document, place = at(uri, text, '"heading"', 2)
    hover = await client.text_document_hover_async(types.HoverParams(text_document=document, position=place))
    assert "accessibility3" in hover.contents.value and "20pt semibold" in hover.contents.value


async def test_completion_offers_keys_literals_and_members(client: LanguageClient):
    uri = file_uri(THEME)
    text = THEME.read_text().replace('{"ref": "brand"}', '{"ref": "bra"}')
    open_document(client, uri, text)
    document, place = at(uri, text, '"ref": "bra"', 11)
    result = await client.text_document_completion_async(types.CompletionParams(text_document=document, position=place))
    brand = next(item for item in result.items if item.label == "brand")
    assert brand.kind == types.CompletionItemKind.Color and brand.detail == "#0A6CFF"
    assert all(item.label != "gap" for item in result.items)
    document, place = at(uri, text, '"weight": "semibold"', 11)
    result = await client.text_document_completion_async(types.CompletionParams(text_document=document, position=place))
    assert {"semibold", "bold", "regular"} <= {item.label for item in result.items}
    document, place = at(uri, text, '"colorScheme": "dark"', 1)
    result = await client.text_document_completion_async(types.CompletionParams(text_document=document, position=place))
    assert {"colorScheme", "contrast", "dynamicType"} <= {item.label for item in result.items}
    document, place = at(uri, text, '"colorScheme": "dark"', 16)
    result = await client.text_document_completion_async(types.CompletionParams(text_document=document, position=place))
    assert {item.label for item in result.items} == {"light", "dark"}
    document, place = at(uri, text, '"surface"', 1)
    result = await client.text_document_completion_async(types.CompletionParams(text_document=document, position=place))
    assert {"surface", "number", "font", "component", "theme"} <= {item.label for item in result.items}


async def test_definition_goes_to_the_key_and_into_the_preset(client: LanguageClient):
    uri = file_uri(MORE)
    text = MORE.read_text()
    open_document(client, uri, text)
    document, place = at(uri, text, '"brandText"', 3)
    found = await client.text_document_definition_async(types.DefinitionParams(text_document=document, position=place))
    location = found if isinstance(found, types.Location) else found[0]
    assert location.uri == file_uri(THEME)
    assert location.range.start.line == THEME.read_text()[: THEME.read_text().index('"brandText"')].count("\n")
    theme_text = THEME.read_text()
    document, place = at(file_uri(THEME), theme_text, '"ref": "accent"', 10)
    found = await client.text_document_definition_async(types.DefinitionParams(text_document=document, position=place))
    location = found if isinstance(found, types.Location) else found[0]
    preset = HOME / "cache" / "snapstyle" / "preset" / "snap" / "surface.json"
    assert location.uri == file_uri(preset)
    lines = preset.read_text().split("\n")
    assert '"accent"' in lines[location.range.start.line]


async def test_references_span_the_themes_files(client: LanguageClient):
    text = THEME.read_text()
    document, place = at(file_uri(THEME), text, '"brand"', 2)
    found = await client.text_document_references_async(
        types.ReferenceParams(
            text_document=document, position=place, context=types.ReferenceContext(include_declaration=False)
        )
    )
    places = sorted((location.uri.split("/")[-1], location.range.start.line) for location in found)
    assert places == [("more.json", 1), ("theme.json", 4)]
    found = await client.text_document_references_async(
        types.ReferenceParams(
            text_document=document, position=place, context=types.ReferenceContext(include_declaration=True)
        )
    )
    assert len(found) == 3


async def test_rename_edits_every_file_and_refuses_what_it_must(client: LanguageClient):
    text = THEME.read_text()
    document, place = at(file_uri(THEME), text, '"brand"', 2)
    prepared = await client.text_document_prepare_rename_async(
        types.PrepareRenameParams(text_document=document, position=place)
    )
    assert prepared is not None
    edit = await client.text_document_rename_async(
        types.RenameParams(text_document=document, position=place, new_name="brandMain")
    )
    edits = {uri.split("/")[-1]: [change.new_text for change in changes] for uri, changes in edit.changes.items()}
    assert edits == {"more.json": ["brandMain"], "theme.json": ["brandMain", "brandMain"]}
    for new_name, reason in (("card", "already exists"), ("9lives", "not a valid key")):
        try:
            await client.text_document_rename_async(
                types.RenameParams(text_document=document, position=place, new_name=new_name)
            )
            raise AssertionError("the rename should have been refused")
        except Exception as error:  # the client raises the JSON-RPC error
            assert reason in str(error)
    document, place = at(file_uri(THEME), text, '"ref": "accent"', 10)
    try:
        await client.text_document_prepare_rename_async(types.PrepareRenameParams(text_document=document, position=place))
        raise AssertionError("a preset key should not be renamed")
    except Exception as error:
        assert "preset" in str(error)


async def test_colors_outline_and_inlay_hints(client: LanguageClient):
    uri = file_uri(THEME)
    text = THEME.read_text()
    identifier = types.TextDocumentIdentifier(uri=uri)
    colors = await client.text_document_document_color_async(types.DocumentColorParams(text_document=identifier))
    brand = [c for c in colors if c.range.start.line == 3]
    assert brand and abs(brand[0].color.blue - 1.0) < 1e-9 and abs(brand[0].color.red - 10 / 255) < 1e-9
    presentations = await client.text_document_color_presentation_async(
        types.ColorPresentationParams(text_document=identifier, color=brand[0].color, range=brand[0].range)
    )
    assert presentations[0].label == "#0A6CFF"
    symbols = await client.text_document_document_symbol_async(types.DocumentSymbolParams(text_document=identifier))
    names = [(symbol.name, [child.name for child in symbol.children or []]) for symbol in symbols]
    assert names[1] == ("surface", ["brand", "brandText", "card", "link"])
    hints = await client.text_document_inlay_hint_async(
        types.InlayHintParams(
            text_document=identifier,
            range=types.Range(start=types.Position(line=0, character=0), end=types.Position(line=20, character=0)),
        )
    )
    labels = {(hint.position.line, hint.label) for hint in hints}
    assert (4, "#0A6CFF") in labels and (8, "8") in labels


async def test_a_change_on_disk_is_seen_without_the_editor(client: LanguageClient):
    scratch = ROOT / "scratch" / "theme.json"
    other = ROOT / "scratch" / "other.json"
    open_document(client, file_uri(scratch), scratch.read_text())
    await diagnostics_for(client, file_uri(scratch), lambda found: found == [])
    try:
        other.write_text('{"surface": {"ink": {"ref": "papr"}}}\n')
        found = await diagnostics_for(client, file_uri(other), lambda found: len(found) == 1)
        assert "did you mean 'paper'" in found[0].message
    finally:
        other.unlink()
    await diagnostics_for(client, file_uri(other), lambda found: found == [])


async def test_a_theme_broken_from_the_start_still_completes_from_its_parent(client: LanguageClient):
    broken = ROOT / "broken" / "theme.json"
    uri = file_uri(broken)
    text = broken.read_text()
    open_document(client, uri, text)
    found = await diagnostics_for(client, uri, lambda found: len(found) == 2)
    assert "'nowhere'" in found[0].message and "'acc'" in found[1].message
    document, place = at(uri, text, '"ref": "acc', 11)
    result = await client.text_document_completion_async(types.CompletionParams(text_document=document, position=place))
    assert "accent" in {item.label for item in result.items}
