"""Pulled diagnostics end to end: `cardc lsp` driven by pytest-lsp's client (pygls), which
declares `textDocument.diagnostic` and `workspace.diagnostics.refreshSupport` as VS Code does.
Run by Tests/EndToEnd/lsp-pull.sh (CARDC names the binary).

On a scratch folder (deck/pawtheme.cards declares ShelterNote; deck/pawpal.cards imports it and
lists it in a stack; outer.cards imports pawpal; unrelated.cards stands alone), with only
pawtheme.cards open: the server pushes no diagnostics; the workspace pull reports every file,
then `unchanged` for each given its result id; an edit of the imported file makes the server ask
for a refresh, and the next pull reports the break in the importers that are not open (E303)
while the file that imports nothing stays `unchanged`. Inlay hints carry the code lenses (this
client declares none), and a workspace folder added is indexed and reported."""

import asyncio
import atexit
import os
import pathlib
import shutil
import tempfile

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient

CARDC = os.environ.get("CARDC", "cardc")

THEME = 'card ShelterNote {\n  title: "Shelter"\n  text("Adopt a pet")\n}\n'
PAL = ('import "pawtheme.cards"\n\ncard PawPal {\n  title: "Paw pal"\n  button("Note", action: push(ShelterNote))\n}\n\n'
       'stack Paws: sheet {\n  PawPal\n  ShelterNote\n}\n')
OUTER = ('import "deck/pawpal.cards"\n\ncard Outer {\n  title: "Outer"\n  button("More", action: push(ShelterNote))\n}\n\n'
         'stack More: sheet {\n  Outer\n  ShelterNote\n}\n')
LONE = 'card Lone {\n  text("ShelterNote")\n}\n'


def write_folder(root: pathlib.Path) -> None:
    (root / "deck").mkdir(parents=True)
    (root / "deck" / "pawtheme.cards").write_text(THEME)
    (root / "deck" / "pawpal.cards").write_text(PAL)
    (root / "outer.cards").write_text(OUTER)
    (root / "unrelated.cards").write_text(LONE)


ROOT = pathlib.Path(tempfile.mkdtemp(prefix="cardc-pull-")).resolve()
write_folder(ROOT)
OTHER = pathlib.Path(tempfile.mkdtemp(prefix="cardc-pull-other-")).resolve()
write_folder(OTHER)
atexit.register(shutil.rmtree, ROOT, True)
atexit.register(shutil.rmtree, OTHER, True)


def uri(path: pathlib.Path) -> str:
    return path.as_uri()


CAPABILITIES = types.ClientCapabilities(
    text_document=types.TextDocumentClientCapabilities(
        diagnostic=types.DiagnosticClientCapabilities(dynamic_registration=False, related_document_support=False),
        inlay_hint=types.InlayHintClientCapabilities(dynamic_registration=False),
    ),
    workspace=types.WorkspaceClientCapabilities(
        diagnostics=types.DiagnosticWorkspaceClientCapabilities(refresh_support=True),
        workspace_folders=True,
    ),
)


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[CARDC, "lsp"]))
async def client(lsp_client: LanguageClient):
    result = await lsp_client.initialize_session(types.InitializeParams(
        capabilities=CAPABILITIES,
        workspace_folders=[types.WorkspaceFolder(uri=uri(ROOT), name="pull")],
    ))
    lsp_client.server_capabilities = result.capabilities
    yield
    await lsp_client.shutdown_session()


async def wait_for_refresh(client: LanguageClient, count: int) -> None:
    for _ in range(200):
        if client.diagnostic_refresh_count >= count:
            return
        await asyncio.sleep(0.05)
    raise AssertionError(f"no workspace/diagnostic/refresh (count {client.diagnostic_refresh_count}, wanted {count})")


def codes(report) -> list:
    """The codes of the report's errors (pawtheme.cards alone has a warning: its card's title
    shows in no sheet stack of its own unit, as `cardc check` says too)."""
    return [str(item.code) for item in getattr(report, "items", None) or [] if item.severity == types.DiagnosticSeverity.Error]


async def workspace_pull(client: LanguageClient, previous: dict) -> dict:
    ids = [types.PreviousResultId(uri=u, value=v) for u, v in previous.items()]
    report = await client.workspace_diagnostic_async(types.WorkspaceDiagnosticParams(previous_result_ids=ids))
    return {item.uri: item for item in report.items}


@pytest.mark.asyncio
async def test_pull_refresh_and_importers(client: LanguageClient):
    provider = client.server_capabilities.diagnostic_provider
    assert provider is not None and provider.inter_file_dependencies and provider.workspace_diagnostics

    theme = uri(ROOT / "deck" / "pawtheme.cards")
    client.text_document_did_open(types.DidOpenTextDocumentParams(
        text_document=types.TextDocumentItem(uri=theme, language_id="cards", version=1, text=THEME)))

    # Every file of the folder, open or not, without errors.
    first = await workspace_pull(client, {})
    names = {uri(ROOT / n) for n in ["deck/pawtheme.cards", "deck/pawpal.cards", "outer.cards", "unrelated.cards"]}
    assert set(first) == names, first.keys()
    assert all(item.kind == "full" and codes(item) == [] for item in first.values()), {u: [(d.code, d.message) for d in i.items] for u, i in first.items()}
    assert first[theme].version == 1 and first[uri(ROOT / "outer.cards")].version is None
    previous = {u: item.result_id for u, item in first.items()}

    # Asked again with the result ids: nothing changed.
    again = await workspace_pull(client, previous)
    assert all(item.kind == "unchanged" for item in again.values()), again

    # The document's own pull, then `unchanged` for its id.
    own = await client.text_document_diagnostic_async(types.DocumentDiagnosticParams(
        text_document=types.TextDocumentIdentifier(uri=theme)))
    assert own.kind == "full" and codes(own) == []
    same = await client.text_document_diagnostic_async(types.DocumentDiagnosticParams(
        text_document=types.TextDocumentIdentifier(uri=theme), previous_result_id=own.result_id))
    assert same.kind == "unchanged" and same.result_id == own.result_id

    # No code lenses declared: the card's inlay hint names its stacks and pushers, linked.
    hints = await client.text_document_inlay_hint_async(types.InlayHintParams(
        text_document=types.TextDocumentIdentifier(uri=theme),
        range=types.Range(start=types.Position(line=0, character=0), end=types.Position(line=4, character=0))))
    labels = [[part.value for part in hint.label] for hint in hints if isinstance(hint.label, list)]
    assert labels == [["stack Paws", ", ", "stack More", ", ", "pushed by PawPal", ", ", "pushed by Outer"]], labels
    assert hints[0].label[0].location.uri == uri(ROOT / "deck" / "pawpal.cards")

    # Rename the card in the imported file's buffer: the server asks for a refresh.
    refreshes = client.diagnostic_refresh_count
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=theme, version=2),
        content_changes=[types.TextDocumentContentChangePartial(
            range=types.Range(start=types.Position(line=0, character=5), end=types.Position(line=0, character=16)),
            text="ShelterMemo")]))
    await wait_for_refresh(client, refreshes + 1)

    after = await workspace_pull(client, previous)
    pal = after[uri(ROOT / "deck" / "pawpal.cards")]
    assert pal.kind == "full" and codes(pal) == ["E303", "E303"], pal
    assert "E303" in codes(after[uri(ROOT / "outer.cards")])
    assert after[uri(ROOT / "unrelated.cards")].kind == "unchanged"
    assert after[theme].kind == "full" and after[theme].version == 2

    # A pulling client is never pushed to.
    assert client.diagnostics == {}, client.diagnostics

    # A folder added: indexed, reported, and the client asked to pull again.
    refreshes = client.diagnostic_refresh_count
    client.workspace_did_change_workspace_folders(types.DidChangeWorkspaceFoldersParams(
        event=types.WorkspaceFoldersChangeEvent(added=[types.WorkspaceFolder(uri=uri(OTHER), name="other")], removed=[])))
    await wait_for_refresh(client, refreshes + 1)
    widened = await workspace_pull(client, {})
    assert uri(OTHER / "deck" / "pawpal.cards") in widened and len(widened) == 8, widened.keys()
