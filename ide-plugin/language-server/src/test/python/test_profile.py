"""The last communication profile of a file (hpjava run --comm-profile) as code lenses and hovers on its lines: a real
run of a program writes .hpjava-profile/Halo.json beside it, and the server shows it."""
import re
import subprocess

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities

from conftest import ROOT, SERVER, doc, open_and_wait, pos, uri

HALO = """\
public class Halo implements HPspmd {
  public static void main(String[] args) {
    Procs1 p = new Procs1();
    on (p) {
      Range x = new ExtBlockRange(64, p.dim(0), 1);
      double [[-]] a = new double [[x]];
      for (int k = 0; k < 5; k++)
        Adlib.writeHalo(a);
      System.out.println("sum " + Adlib.sum(a));
    }
  }
}
"""


@pytest.fixture(scope="module")
def profiled(tmp_path_factory):
    """A folder with Halo.hpj, run once at np 3 with --comm-profile."""
    root = tmp_path_factory.mktemp("profiled")
    (root / "Halo.hpj").write_text(HALO)
    (root / "Quiet.hpj").write_text(HALO.replace("class Halo", "class Quiet"))
    subprocess.run([str(ROOT / "bin" / "hpjava"), "run", "--comm-profile", "--np", "3", "Halo.hpj"], cwd=root,
                   check=True, capture_output=True, timeout=600)
    assert (root / ".hpjava-profile" / "Halo.json").exists()
    return root


@pytest_lsp.fixture(scope="module", config=ClientServerConfig(server_command=SERVER))
async def client(lsp_client: LanguageClient, profiled):
    await lsp_client.initialize_session(types.InitializeParams(
        capabilities=client_capabilities("visual-studio-code"),
        workspace_folders=[types.WorkspaceFolder(uri=uri(profiled), name="profiled")]))
    yield
    await lsp_client.shutdown_session()


async def test_each_profiled_line_gets_a_lens(client: LanguageClient, profiled):
    await open_and_wait(client, profiled / "Halo.hpj", HALO)
    lenses = await client.text_document_code_lens_async(types.CodeLensParams(text_document=doc(profiled / "Halo.hpj")))
    by_line = {l.range.start.line: l.command.title for l in lenses}
    assert sorted(by_line) == [7, 8], by_line
    # np 3, 5 calls: the median rank is an end rank, 1 message of one double (48 bytes of headers + 8) a call
    assert re.fullmatch(r"writeHalo: 1 msgs/rank, 56 B, waited [0-9.e+-]+ ms median, 5 calls", by_line[7]), by_line[7]
    assert re.fullmatch(r"sum: 1 msgs/rank, 8 B, waited [0-9.e+-]+ ms median, 1 calls", by_line[8]), by_line[8]


async def test_the_hover_of_a_profiled_line_shows_it(client: LanguageClient, profiled):
    hover = await client.text_document_hover_async(types.HoverParams(
        text_document=doc(profiled / "Halo.hpj"), position=pos(7, 15)))  # writeHalo
    assert "**Communication profile** (last run)" in hover.contents.value
    assert "writeHalo: 1 msgs/rank" in hover.contents.value


async def test_a_file_without_a_profile_has_no_lenses(client: LanguageClient, profiled):
    await open_and_wait(client, profiled / "Quiet.hpj", HALO.replace("class Halo", "class Quiet"))
    lenses = await client.text_document_code_lens_async(types.CodeLensParams(text_document=doc(profiled / "Quiet.hpj")))
    assert list(lenses or []) == []
