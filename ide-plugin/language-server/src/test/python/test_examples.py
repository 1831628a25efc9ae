"""The examples as a user opens them in VS Code: no diagnostics, and hover, definition, references, symbols,
completion and semantic tokens at exact positions of examples/Laplace.hpj (0-based lines and characters)."""
import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities

from conftest import EXAMPLES, SERVER, decode_semantic_tokens, doc, example, locate, open_and_wait, uri

LAPLACE = EXAMPLES / "Laplace.hpj"
TEXT = example("Laplace.hpj")


def at(needle, part=None, occurrence=1):
    return locate(TEXT, needle, part, occurrence)


def where(p):
    return (p.line, p.character)


@pytest_lsp.fixture(scope="module", config=ClientServerConfig(server_command=SERVER))
async def client(lsp_client: LanguageClient):
    result = await lsp_client.initialize_session(types.InitializeParams(
        capabilities=client_capabilities("visual-studio-code"),
        workspace_folders=[types.WorkspaceFolder(uri=uri(EXAMPLES), name="examples")]))
    lsp_client.legend = result.capabilities.semantic_tokens_provider.legend
    yield
    await lsp_client.shutdown_session()


@pytest.mark.parametrize("name", ["Laplace.hpj", "MatrixAdd.hpj", "RedBlack.hpj", "Nozzle.hpj"])
async def test_examples_have_no_diagnostics(client: LanguageClient, name):
    assert await open_and_wait(client, EXAMPLES / name, example(name)) == []


async def hover(client, position) -> str:
    h = await client.text_document_hover_async(types.HoverParams(text_document=doc(LAPLACE), position=position))
    assert h is not None, f"no hover at {where(position)}"
    return h.contents.value


async def test_hover_multiarray(client: LanguageClient):
    text = await hover(client, at("double [[-,-]] a =", "a"))
    assert "double [[-,-]] a" in text
    assert "element type `double`, rank 2, signature `[[-,-]]`" in text
    assert "dimension 0: distributed (`-`), range `x`" in text


async def test_hover_distributed_index(client: LanguageClient):
    text = await hover(client, at("a[i - 1, j]", "i"))
    assert "distributed index i" in text
    assert f"over range `x`, bound by `overall (i = x for 1 : N - 2)` (line {at('overall (i = x for 1 : N - 2)').line + 1})" in text


async def test_hover_range_fact(client: LanguageClient):
    text = await hover(client, at("Range x =", "x"))
    assert "provable: `ExtBlockRange`" in text
    assert "ghost widths lo 1, hi 1" in text
    assert "distributed over `p.dim(0)`" in text


async def test_hover_adlib_call(client: LanguageClient):
    text = await hover(client, at("Adlib.writeHalo(a)", "writeHalo"))
    assert "Adlib.writeHalo(T [[...]]) : void" in text
    assert "Adlib.writeHalo(T [[...]], int[], int[], int[]) : void" in text
    assert "ghost cells" in text


async def test_hover_keyword(client: LanguageClient):
    assert "distributed parallel loop" in await hover(client, at("overall (i = x for 1 : N - 2)"))


async def test_definition_of_local(client: LanguageClient):
    # r in r[i, j] = Math.abs(newA ...) is declared by ..., r = new double [[x, y]];
    locs = await client.text_document_definition_async(types.DefinitionParams(
        text_document=doc(LAPLACE), position=at("r[i, j] = Math.abs(newA")))
    assert [(l.uri, where(l.range.start)) for l in locs] == [(uri(LAPLACE), where(at("r = new double", "r")))]


async def test_definition_of_distributed_index(client: LanguageClient):
    locs = await client.text_document_definition_async(types.DefinitionParams(
        text_document=doc(LAPLACE), position=at("a[i - 1, j]", "i")))
    assert [where(l.range.start) for l in locs] == [where(at("overall (i = x for 1 : N - 2)", "i ="))]


async def test_definition_of_method(client: LanguageClient):
    # u(i`, j`) calls static double u(int x, int y) of the same file (RedBlack.hpj has a u too)
    locs = await client.text_document_definition_async(types.DefinitionParams(
        text_document=doc(LAPLACE), position=at("a[i, j] = u(i`, j`)", "u")))
    assert [where(l.range.start) for l in locs] == [where(at("static double u(", "u("))]


async def test_references_of_local(client: LanguageClient):
    refs = await client.text_document_references_async(types.ReferenceParams(
        text_document=doc(LAPLACE), position=at("r[i, j] = Math.abs(newA"), context=types.ReferenceContext(include_declaration=True)))
    expected = [at("r = new double", "r"), at("r[i, j] = Math.abs(newA"), at("Adlib.maxval(r)", "r"),
                at("r[i, j] = Math.abs(a[i, j]"), at("Adlib.maxval(r)", "r", 2)]
    assert sorted(where(l.range.start) for l in refs) == sorted(map(where, expected))


async def test_document_symbols(client: LanguageClient):
    symbols = await client.text_document_document_symbol_async(types.DocumentSymbolParams(text_document=doc(LAPLACE)))
    [laplace] = symbols
    assert laplace.name == "Laplace" and laplace.kind == types.SymbolKind.Class
    members = {s.name: s for s in laplace.children}
    assert members["EPS"].kind == types.SymbolKind.Field
    assert members["u"].kind == types.SymbolKind.Method
    main = members["main"]
    [on] = main.children
    assert on.name == "on (p)"
    blocks = [c.name for c in on.children]
    assert blocks[:2] == ["overall (i = x for :)", "overall (i = x for 1 : N - 2)"]
    assert [c.name for c in on.children[1].children] == ["overall (j = y for 1 : N - 2)"]
    assert on.children[1].range.start.line == at("overall (i = x for 1 : N - 2)").line


async def test_completion_after_adlib(client: LanguageClient):
    items = await client.text_document_completion_async(types.CompletionParams(
        text_document=doc(LAPLACE), position=at("Adlib.writeHalo(a)", "writeHalo")))
    items = items.items if isinstance(items, types.CompletionList) else items
    by_label = {i.label: i for i in items}
    for m in ["writeHalo", "remap", "maxval", "sum", "dotProduct", "broadcast", "aprintf"]:
        assert m in by_label, m
    assert by_label["writeHalo"].detail.startswith("void writeHalo(T [[...]]")
    assert "overall" not in by_label


async def test_completion_of_keywords_and_ranges(client: LanguageClient):
    # at the start of the line after a's declaration: keywords, the range and group classes, the file's variables
    p = at("double [[-,-]] a =")
    items = await client.text_document_completion_async(types.CompletionParams(
        text_document=doc(LAPLACE), position=types.Position(line=p.line + 1, character=0)))
    items = items.items if isinstance(items, types.CompletionList) else items
    labels = {i.label for i in items}
    assert {"on", "overall", "at", "BlockRange", "ExtBlockRange", "CyclicRange", "Procs2", "Adlib", "a", "N"} <= labels
    overall = next(i for i in items if i.label == "overall")
    assert overall.insert_text_format == types.InsertTextFormat.Snippet and "for" in overall.insert_text


async def test_semantic_tokens(client: LanguageClient):
    toks = await client.text_document_semantic_tokens_full_async(types.SemanticTokensParams(text_document=doc(LAPLACE)))
    decoded = {(l, c): (length, t, m) for l, c, length, t, m in decode_semantic_tokens(toks.data, client.legend)}
    assert decoded[where(at("on (p)"))] == (2, "keyword", [])
    assert decoded[where(at("double [[-,-]] a ="))] == (6, "type", ["multiarray"])
    assert decoded[where(at("double [[-,-]] a =", "a ="))] == (1, "variable", ["declaration", "multiarray"])
    assert decoded[where(at("overall (i = x for :)"))] == (7, "keyword", [])
    assert decoded[where(at("overall (i = x for :)", "i"))] == (1, "variable", ["declaration", "distributedIndex"])
    assert decoded[where(at("if (i` == 0", "i`"))] == (1, "variable", ["distributedIndex"])
    assert decoded[where(at("if (i` == 0", "`"))] == (1, "operator", [])
    assert decoded[where(at("a[i, j] = u(i`, j`)"))] == (1, "variable", ["multiarray"])


async def test_hover_group_variable(client: LanguageClient):
    text = await hover(client, at("Procs2 p =", "p"))
    assert "Procs2 p" in text and "two-dimensional grid" in text


async def test_hover_method_of_the_file(client: LanguageClient):
    assert "static double u(int x, int y)" in await hover(client, at("a[i, j] = u(i`, j`)", "u"))
