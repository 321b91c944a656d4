"""Helpers for driving the server through pytest-lsp's client."""

import asyncio

from lsprotocol import types

CAPABILITIES = types.ClientCapabilities(
    text_document=types.TextDocumentClientCapabilities(
        hover=types.HoverClientCapabilities(content_format=[types.MarkupKind.Markdown]),
        completion=types.CompletionClientCapabilities(
            completion_item=types.ClientCompletionItemOptions(label_details_support=True)
        ),
        publish_diagnostics=types.PublishDiagnosticsClientCapabilities(version_support=True),
        rename=types.RenameClientCapabilities(prepare_support=True),
        document_symbol=types.DocumentSymbolClientCapabilities(hierarchical_document_symbol_support=True),
        inlay_hint=types.InlayHintClientCapabilities(),
        color_provider=types.DocumentColorClientCapabilities(),
    )
)


async def start(client, folders=None):
    params = types.InitializeParams(
        capabilities=CAPABILITIES,
        workspace_folders=[types.WorkspaceFolder(uri=f, name="w") for f in folders] if folders else None,
    )
    return await client.initialize_session(params)


def open_document(client, uri, text, language="json", version=1):
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(uri=uri, language_id=language, version=version, text=text)
        )
    )


def replace_all(client, uri, text, version):
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=version),
            content_changes=[types.TextDocumentContentChangeWholeDocument(text=text)],
        )
    )


async def diagnostics_for(client, uri, predicate, timeout=10.0):
    """Waits until the diagnostics last published for `uri` satisfy `predicate`; returns them."""
    deadline = asyncio.get_running_loop().time() + timeout
    while True:
        found = client.diagnostics.get(uri)
        found = list(found) if found is not None else None
        if found is not None and predicate(found):
            return found
        if asyncio.get_running_loop().time() > deadline:
            raise AssertionError(f"diagnostics for {uri} never matched; last: {found}")
        await asyncio.sleep(0.02)


def position(text, needle, offset=0):
    index = text.index(needle) + offset
    before = text[:index]
    return types.Position(line=before.count("\n"), character=len(before.split("\n")[-1].encode("utf-16-le")) // 2)


def at(uri, text, needle, offset=0):
    return types.TextDocumentIdentifier(uri=uri), position(text, needle, offset)


def offset_of(text, position):
    """The string index of an LSP position (UTF-16 columns) in `text`."""
    lines = text.split("\n")
    index = sum(len(line) + 1 for line in lines[: position.line])
    line = lines[position.line] if position.line < len(lines) else ""
    units = 0
    column = 0
    while column < len(line) and units < position.character:
        units += len(line[column].encode("utf-16-le")) // 2
        column += 1
    return index + column


def apply_edit(edit):
    """Writes a WorkspaceEdit's `changes` to the files on disk (each file's edits from the last to the first)."""
    import pathlib
    import urllib.parse

    for uri, changes in (edit.changes or {}).items():
        path = pathlib.Path(urllib.parse.unquote(uri[len("file://"):]))
        text = path.read_text()
        spans = sorted(
            ((offset_of(text, change.range.start), offset_of(text, change.range.end), change.new_text) for change in changes),
            reverse=True,
        )
        for start, end, new_text in spans:
            text = text[:start] + new_text + text[end:]
        path.write_text(text)
