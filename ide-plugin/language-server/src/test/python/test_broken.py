"""Broken variants of the examples: each diagnostic at its exact .hpj range with its key as code, ECJ's errors
mapped back, diagnostics following edits (debounced), and every request answered on text that does not parse."""
import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities

from conftest import SERVER, decode_semantic_tokens, doc, example, locate, open_and_wait, pos, uri, wait_diagnostics


@pytest_lsp.fixture(scope="module", config=ClientServerConfig(server_command=SERVER))
async def client(lsp_client: LanguageClient):
    result = await lsp_client.initialize_session(types.InitializeParams(capabilities=client_capabilities("neovim")))
    lsp_client.legend = result.capabilities.semantic_tokens_provider.legend
    yield
    await lsp_client.shutdown_session()


def laplace(old: str, new: str) -> str:
    text = example("Laplace.hpj")
    assert old in text
    return text.replace(old, new, 1)


def summary(diagnostics):
    return [(d.code, d.range.start.line, d.range.start.character, d.range.end.line, d.range.end.character,
             d.severity, d.source) for d in diagnostics]


E = types.DiagnosticSeverity.Error


async def test_keyed_check(client: LanguageClient, tmp_path):
    text = laplace("a[i, j] = u(i`, j`);", "a[i] = u(i`, j`);")
    diags = await open_and_wait(client, tmp_path / "Laplace.hpj", text)
    p = locate(text, "a[i] = u(")
    assert summary(diags) == [("hpj.SUBSCRIPT_COUNT", p.line, p.character, p.line, p.character + 1, E, "hpjavac")]
    assert diags[0].message == "multiarray 'a' has rank 2 but is subscripted with 1 subscript(s)"


async def test_index_used_as_number(client: LanguageClient, tmp_path):
    text = laplace("a[i, j] = u(i`, j`);", "a[i, j] = u(i, j`);")
    diags = await open_and_wait(client, tmp_path / "Laplace.hpj", text)
    p = locate(text, "u(i, j`)", "i")
    assert summary(diags) == [("hpj.INDEX_AS_NUMBER", p.line, p.character, p.line, p.character + 1, E, "hpjavac")]


async def test_ecj_error_mapped_back(client: LanguageClient, tmp_path):
    text = laplace("Math.abs(newA", "Math.abz(newA")
    diags = await open_and_wait(client, tmp_path / "Laplace.hpj", text)
    p = locate(text, "Math.abz(newA", "abz")
    assert summary(diags) == [("hpj.JAVA", p.line, p.character, p.line, p.character + 3, E, "hpjavac")]
    assert "abz(double) is undefined" in diags[0].message


async def test_syntax_error(client: LanguageClient, tmp_path):
    text = laplace("int iterations = 0;", "int iterations = 0")
    diags = await open_and_wait(client, tmp_path / "Laplace.hpj", text)
    p = locate(text, "int iterations = 0\n", "\n")  # where the ';' is missing: the end of that line
    assert summary(diags) == [("hpj.SYNTAX", p.line, p.character, p.line, p.character, E, "hpjavac")]
    assert diags[0].message == "syntax error: ';' expected"


async def test_diagnostics_follow_edits(client: LanguageClient, tmp_path):
    path = tmp_path / "Laplace.hpj"
    assert await open_and_wait(client, path, example("Laplace.hpj")) == []
    for version, (text, expected) in enumerate([
            (laplace("a[i, j] = u(i`, j`);", "a[i] = u(i`, j`);"), ["hpj.SUBSCRIPT_COUNT"]),
            (example("Laplace.hpj"), [])], start=2):
        client.diagnostics.pop(uri(path), None)
        client.text_document_did_change(types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri(path), version=version),
            content_changes=[types.TextDocumentContentChangeWholeDocument(text=text)]))
        assert [d.code for d in await wait_diagnostics(client, uri(path))] == expected


BROKEN = {
    "truncated": lambda t: t[: len(t) // 2],
    "garbage": lambda t: t.replace("on (p) {", "on (p) {{{{ [[ `` overall ( for at (", 1),
    "unclosed-comment": lambda t: t.replace("// Edge values", "/* Edge values", 1),
    "unterminated-string": lambda t: t.replace("Range x", "Range \"x", 1),
    "empty": lambda t: "",
    "binary": lambda t: "\u0000\u0001\ufffd`[[]]]]" * 50,
}


@pytest.mark.parametrize("variant", sorted(BROKEN))
async def test_every_request_answers_on_broken_text(client: LanguageClient, tmp_path, variant):
    path = tmp_path / "Laplace.hpj"
    diags = await open_and_wait(client, path, BROKEN[variant](example("Laplace.hpj")))
    assert variant == "empty" or diags, "broken text must have diagnostics"
    assert all(d.code == "hpj.SYNTAX" for d in diags), summary(diags)
    d = doc(path)
    for line, character in [(0, 0), (23, 21), (29, 12), (41, 36), (37, 15), (200, 5)]:
        p = pos(line, character)
        await client.text_document_hover_async(types.HoverParams(text_document=d, position=p))
        await client.text_document_definition_async(types.DefinitionParams(text_document=d, position=p))
        await client.text_document_references_async(types.ReferenceParams(
            text_document=d, position=p, context=types.ReferenceContext(include_declaration=True)))
        await client.text_document_completion_async(types.CompletionParams(text_document=d, position=p))
    await client.text_document_document_symbol_async(types.DocumentSymbolParams(text_document=d))
    await client.text_document_semantic_tokens_full_async(types.SemanticTokensParams(text_document=d))


async def test_server_alive_after_broken_inputs(client: LanguageClient, tmp_path):
    diags = await open_and_wait(client, tmp_path / "MatrixAdd.hpj", example("MatrixAdd.hpj"))
    assert diags == []


async def test_request_on_unopened_document_is_an_lsp_error(client: LanguageClient, tmp_path):
    with pytest.raises(Exception, match="document not open"):
        await client.text_document_hover_async(types.HoverParams(
            text_document=types.TextDocumentIdentifier(uri=uri(tmp_path / "Nowhere.hpj")), position=pos(0, 0)))


async def test_on_and_at_as_method_names_are_not_keywords(client: LanguageClient, tmp_path):
    text = "public class Calls {\n  static void on(int p) {}\n  void f() {\n    on(1);\n  }\n}\n"
    path = tmp_path / "Calls.hpj"
    assert await open_and_wait(client, path, text) == []
    toks = await client.text_document_semantic_tokens_full_async(types.SemanticTokensParams(text_document=doc(path)))
    kinds = {(l, c): t for l, c, _, t, _ in decode_semantic_tokens(toks.data, client.legend)}
    assert kinds[(1, 14)] == "function" and kinds[(3, 4)] == "function"
