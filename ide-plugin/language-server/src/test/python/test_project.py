"""A user's own project: .hpj files of one folder resolve each other (definition, references, ECJ compiles them
together), and jars on the configured class path (initializationOptions / settings "hpjava.classPath") resolve."""
import os
import pathlib
import subprocess
import zipfile

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities

from conftest import ROOT, SERVER, doc, open_and_wait, pos, uri

GRID = """\
public class Grid {
  static int cells(int n) {
    return n * n;
  }
}
"""

MAIN = """\
public class Main {
  public static void main(String[] args) {
    Procs1 p = new Procs1();
    on (p) {
      Range x = new BlockRange(Grid.cells(4), p.dim(0));
      int [[-]] a = new int [[x]];
      overall (i = x for :)
        a[i] = Grid.cells(i`) + ext.Helper.twice(1);
    }
  }
}
"""

HELPER = """\
package ext;
public class Helper {
  public static int twice(int v) { return 2 * v; }
}
"""


def java_home() -> pathlib.Path:
    out = subprocess.run(["bash", "-c", f"source {ROOT}/bin/hpjava-env.sh && echo $JAVA_HOME"], capture_output=True,
                         text=True, check=True).stdout.strip()
    return pathlib.Path(out)


@pytest.fixture(scope="module")
def project(tmp_path_factory):
    """A folder with Grid.hpj and Main.hpj, and lib/helper.jar holding ext.Helper."""
    root = tmp_path_factory.mktemp("project")
    (root / "Grid.hpj").write_text(GRID)
    (root / "Main.hpj").write_text(MAIN)
    src = root / "helper-src" / "ext"
    src.mkdir(parents=True)
    (src / "Helper.java").write_text(HELPER)
    classes = root / "helper-classes"
    subprocess.run([str(java_home() / "bin" / "javac"), "-d", str(classes), str(src / "Helper.java")], check=True)
    (root / "lib").mkdir()
    with zipfile.ZipFile(root / "lib" / "helper.jar", "w") as jar:
        jar.write(classes / "ext" / "Helper.class", "ext/Helper.class")
    return root


@pytest_lsp.fixture(scope="module", config=ClientServerConfig(server_command=SERVER))
async def client(lsp_client: LanguageClient, project):
    await lsp_client.initialize_session(types.InitializeParams(
        capabilities=client_capabilities("visual-studio-code"),
        workspace_folders=[types.WorkspaceFolder(uri=uri(project), name="project")],
        initialization_options={"hpjava": {"classPath": [str(project / "lib" / "helper.jar")]}}))
    yield
    await lsp_client.shutdown_session()


async def test_other_file_and_class_path_resolve(client: LanguageClient, project):
    assert await open_and_wait(client, project / "Main.hpj", MAIN) == []


async def test_ecj_checks_calls_into_the_other_file(client: LanguageClient, project, tmp_path):
    broken = MAIN.replace("Grid.cells(i`)", "Grid.cellz(i`)")
    path = project / "Broken.hpj"
    diags = await open_and_wait(client, path, broken.replace("class Main", "class Broken"))
    assert [(d.code, d.range.start.line, d.range.start.character) for d in diags] == [("hpj.JAVA", 7, 20)]
    assert "cellz(int) is undefined for the type Grid" in diags[0].message


async def test_definition_in_other_file(client: LanguageClient, project):
    locs = await client.text_document_definition_async(types.DefinitionParams(
        text_document=doc(project / "Main.hpj"), position=pos(7, 22)))  # cells of Grid.cells(i`)
    assert [(l.uri, l.range.start.line, l.range.start.character) for l in locs] == [(uri(project / "Grid.hpj"), 1, 13)]
    locs = await client.text_document_definition_async(types.DefinitionParams(
        text_document=doc(project / "Main.hpj"), position=pos(7, 16)))  # Grid
    assert [(l.uri, l.range.start.line) for l in locs] == [(uri(project / "Grid.hpj"), 0)]


async def test_references_across_files(client: LanguageClient, project):
    refs = await client.text_document_references_async(types.ReferenceParams(
        text_document=doc(project / "Main.hpj"), position=pos(4, 37),  # cells of Grid.cells(4)
        context=types.ReferenceContext(include_declaration=True)))
    found = sorted((pathlib.Path(l.uri[len("file://"):]).name, l.range.start.line, l.range.start.character) for l in refs)
    assert ("Grid.hpj", 1, 13) in found and ("Main.hpj", 4, 36) in found and ("Main.hpj", 7, 20) in found


async def test_without_the_class_path_the_jar_class_is_an_error(client: LanguageClient, project):
    client.workspace_did_change_configuration(types.DidChangeConfigurationParams(settings={"hpjava": {"classPath": []}}))
    path = project / "Main2.hpj"
    diags = await open_and_wait(client, path, MAIN.replace("class Main", "class Main2"))
    assert [d.code for d in diags] == ["hpj.JAVA"] and "ext" in diags[0].message
