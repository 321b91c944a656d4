"""Contrast warnings (docs/review.md): a failing pair of an open theme is a warning at its foreground key's
definition, from the unsaved text, and it goes when the text is fixed or the theme's file is closed."""

from lsprotocol import types
from pytest_lsp import LanguageClient

from conftest import ROOT, uri as file_uri
from lsp_helpers import diagnostics_for, open_document, position, replace_all

INK = ROOT / "ink" / "theme.json"


def contrast(found):
    return [diagnostic for diagnostic in found if diagnostic.code == "contrast"]


async def test_a_foreground_made_too_light_is_a_warning_at_its_definition_until_fixed(client: LanguageClient):
    uri = file_uri(INK)
    text = INK.read_text()
    open_document(client, uri, text)
    await diagnostics_for(client, uri, lambda found: found == [])

    pale = text.replace('"else": "#3A3A3C"', '"else": "#C8C8C8"')
    replace_all(client, uri, pale, 2)
    found = await diagnostics_for(client, uri, lambda found: len(contrast(found)) == 1)
    warning = contrast(found)[0]
    assert warning.severity == types.DiagnosticSeverity.Warning
    assert warning.source == "snapstyle"
    defined = position(pale, '"inkLabel": {"when"')
    assert (warning.range.start.line, warning.range.start.character) == (defined.line, defined.character)
    message = warning.message
    assert message.startswith("contrast below WCAG 2.2 AA: surface inkLabel fails in "), message
    assert "\ninkCard label (normal): text " in message and "(normal text): 1." in message, message
    assert "needs 4.5:1" in message and "light" in message and "dark" not in message.split("\n")[1], message
    assert "suggestion: surface inkLabel #C8C8C8 → #" in message, message
    assert "#C8C8C8" not in INK.read_text(), "the warning came from the editor's text"

    replace_all(client, uri, text, 3)
    await diagnostics_for(client, uri, lambda found: found == [])


async def test_closing_the_theme_takes_its_contrast_warnings_away(client: LanguageClient):
    uri = file_uri(INK)
    text = INK.read_text()
    open_document(client, uri, text)
    await diagnostics_for(client, uri, lambda found: found == [])
    replace_all(client, uri, text.replace('"else": "#3A3A3C"', '"else": "#D0D0D0"'), 2)
    await diagnostics_for(client, uri, lambda found: len(contrast(found)) == 1)
    client.text_document_did_close(
        types.DidCloseTextDocumentParams(text_document=types.TextDocumentIdentifier(uri=uri)))
    await diagnostics_for(client, uri, lambda found: found == [])
