"""Shared helpers of the end-to-end tests: the server command, documents, waiting for diagnostics.

The server is bin/hpjava-language-server, driven by pytest-lsp's client with the capabilities of a real editor
(VS Code's, as recorded by pytest-lsp), so pytest-lsp also checks every answer against what that client accepts.
"""
import asyncio
import os
import pathlib

from lsprotocol import types

ROOT = pathlib.Path(__file__).resolve().parents[5]
SERVER = [str(ROOT / "bin" / "hpjava-language-server")]
EXAMPLES = ROOT / "examples"
# Seconds to wait for a diagnostics notification (the first ECJ run in a fresh JVM takes a few seconds).
WAIT = float(os.environ.get("HPJAVA_LSP_TEST_WAIT", "120"))


def uri(path: pathlib.Path) -> str:
    return path.resolve().as_uri()


def example(name: str) -> str:
    return (EXAMPLES / name).read_text(encoding="utf-8")


def pos(line: int, character: int) -> types.Position:
    return types.Position(line=line, character=character)


async def open_and_wait(client, path: pathlib.Path, text: str) -> list:
    """Opens `text` as document `path` and returns the diagnostics the server publishes for it."""
    u = uri(path)
    client.diagnostics.pop(u, None)
    client.text_document_did_open(types.DidOpenTextDocumentParams(
        text_document=types.TextDocumentItem(uri=u, language_id="hpjava", version=1, text=text)))
    return await wait_diagnostics(client, u)


async def wait_diagnostics(client, u: str) -> list:
    async def until_published():
        while u not in client.diagnostics:
            await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    await asyncio.wait_for(until_published(), WAIT)
    return list(client.diagnostics[u])


def close(client, path: pathlib.Path) -> None:
    client.text_document_did_close(types.DidCloseTextDocumentParams(
        text_document=types.TextDocumentIdentifier(uri=uri(path))))


def doc(path: pathlib.Path) -> types.TextDocumentIdentifier:
    return types.TextDocumentIdentifier(uri=uri(path))


def decode_semantic_tokens(data, legend):
    """(line, char, length, type, [modifiers]) per token, from LSP's relative encoding."""
    out, line, char = [], 0, 0
    for i in range(0, len(data), 5):
        dl, dc, length, ty, mods = data[i:i + 5]
        line += dl
        char = char + dc if dl == 0 else dc
        out.append((line, char, length, legend.token_types[ty],
                    [m for k, m in enumerate(legend.token_modifiers) if mods & (1 << k)]))
    return out


def locate(text: str, needle: str, at: str = None, occurrence: int = 1) -> types.Position:
    """The position of `at` (default: the start) inside the `occurrence`-th `needle` of `text`, so that tests name
    places by the code there and survive edits elsewhere in the examples."""
    start = -1
    for _ in range(occurrence):
        start = text.index(needle, start + 1)
    offset = start + (needle.index(at) if at else 0)
    line = text.count("\n", 0, offset)
    return types.Position(line=line, character=offset - (text.rfind("\n", 0, offset) + 1))
