// A minimal Language Server Protocol client for `cardc lsp`, with no dependencies: VS Code has
// no built-in LSP client, and this extension installs nothing from npm. It spawns the server,
// frames JSON-RPC messages with Content-Length headers, keeps the server's copy of every
// `.cards` document in step (incremental changes), and registers diagnostics, hover,
// completion, go to definition and formatting through the `vscode` API.
'use strict';

const childProcess = require('child_process');

/** JSON-RPC over a child's stdio, with `Content-Length` framing. */
class Connection {
  constructor(child, log) {
    this.child = child;
    this.log = log;
    this.nextId = 1;
    this.pending = new Map();
    this.notificationHandlers = new Map();
    this.buffer = Buffer.alloc(0);
    child.stdout.on('data', (chunk) => this.receive(chunk));
    child.stderr.on('data', (chunk) => log(chunk.toString('utf8').trimEnd()));
    child.stdin.on('error', () => {});
    this.exited = new Promise((resolve) => child.on('exit', (code) => {
      for (const { reject } of this.pending.values()) reject(new Error('cardc lsp exited'));
      this.pending.clear();
      resolve(code);
    }));
  }

  write(message) {
    const body = Buffer.from(JSON.stringify(message), 'utf8');
    this.child.stdin.write(Buffer.concat([Buffer.from(`Content-Length: ${body.length}\r\n\r\n`, 'ascii'), body]));
  }

  request(method, params) {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.write({ jsonrpc: '2.0', id, method, params });
    });
  }

  notify(method, params) {
    this.write({ jsonrpc: '2.0', method, params });
  }

  onNotification(method, handler) {
    this.notificationHandlers.set(method, handler);
  }

  receive(chunk) {
    this.buffer = Buffer.concat([this.buffer, chunk]);
    for (;;) {
      const headerEnd = this.buffer.indexOf('\r\n\r\n');
      if (headerEnd < 0) return;
      const header = this.buffer.subarray(0, headerEnd).toString('ascii');
      const match = /content-length:\s*(\d+)/i.exec(header);
      if (!match) { // not a header: skip to the next one
        this.buffer = this.buffer.subarray(headerEnd + 4);
        continue;
      }
      const length = Number(match[1]);
      if (this.buffer.length < headerEnd + 4 + length) return;
      const body = this.buffer.subarray(headerEnd + 4, headerEnd + 4 + length).toString('utf8');
      this.buffer = this.buffer.subarray(headerEnd + 4 + length);
      let message;
      try { message = JSON.parse(body); } catch (error) { this.log(`unreadable message: ${error.message}`); continue; }
      this.dispatch(message);
    }
  }

  dispatch(message) {
    if (message.id !== undefined && message.method === undefined) {
      const waiting = this.pending.get(message.id);
      if (!waiting) return;
      this.pending.delete(message.id);
      if (message.error) waiting.reject(new Error(`${message.error.code}: ${message.error.message}`));
      else waiting.resolve(message.result);
    } else if (message.id !== undefined) {
      // A request from the server: none is needed by cardc; answer so it never waits.
      this.write({ jsonrpc: '2.0', id: message.id, error: { code: -32601, message: `unsupported: ${message.method}` } });
    } else {
      const handler = this.notificationHandlers.get(message.method);
      if (handler) handler(message.params);
    }
  }
}

/** Converts between the protocol's and the editor's values. */
function converters(vscode) {
  const position = (p) => new vscode.Position(p.line, p.character);
  const range = (r) => new vscode.Range(position(r.start), position(r.end));
  const toPosition = (p) => ({ line: p.line, character: p.character });
  const toRange = (r) => ({ start: toPosition(r.start), end: toPosition(r.end) });
  const location = (l) => new vscode.Location(vscode.Uri.parse(l.uri), range(l.range));
  const markdown = (content) => new vscode.MarkdownString(typeof content === 'string' ? content : content.value);
  const severities = [null, vscode.DiagnosticSeverity.Error, vscode.DiagnosticSeverity.Warning,
    vscode.DiagnosticSeverity.Information, vscode.DiagnosticSeverity.Hint];
  function diagnostic(d) {
    const result = new vscode.Diagnostic(range(d.range), d.message, severities[d.severity] ?? vscode.DiagnosticSeverity.Error);
    result.source = d.source;
    if (d.code !== undefined) {
      result.code = d.codeDescription ? { value: d.code, target: vscode.Uri.parse(d.codeDescription.href) } : d.code;
    }
    if (d.relatedInformation) {
      result.relatedInformation = d.relatedInformation.map((r) => new vscode.DiagnosticRelatedInformation(location(r.location), r.message));
    }
    if (d.tags && d.tags.includes(1)) result.tags = [vscode.DiagnosticTag.Unnecessary];
    return result;
  }
  function completionItem(item) {
    // The protocol's kinds are the editor's plus one.
    const result = new vscode.CompletionItem(item.label, item.kind ? item.kind - 1 : undefined);
    result.detail = item.detail;
    if (item.documentation) result.documentation = markdown(item.documentation);
    result.sortText = item.sortText;
    result.filterText = item.filterText;
    const text = item.textEdit ? item.textEdit.newText : (item.insertText ?? item.label);
    result.insertText = item.insertTextFormat === 2 ? new vscode.SnippetString(text) : text;
    if (item.textEdit) result.range = range(item.textEdit.range);
    return result;
  }
  const textEdit = (e) => new vscode.TextEdit(range(e.range), e.newText);
  // A protocol WorkspaceEdit (`changes`, or `documentChanges` with versions) as the editor's.
  function workspaceEdit(edit) {
    const result = new vscode.WorkspaceEdit();
    if (!edit) return result;
    for (const change of edit.documentChanges || []) {
      if (!change.textDocument) continue; // file operations: the server sends none
      const uri = vscode.Uri.parse(change.textDocument.uri);
      for (const e of change.edits) result.replace(uri, range(e.range), e.newText);
    }
    for (const [uri, edits] of Object.entries(edit.changes || {})) {
      for (const e of edits) result.replace(vscode.Uri.parse(uri), range(e.range), e.newText);
    }
    return result;
  }
  return { position, range, toPosition, toRange, location, markdown, diagnostic, completionItem, textEdit, workspaceEdit };
}

/**
 * Starts `command args` (default `cardc lsp`) and wires it into the editor for documents of
 * `languageId`. Resolves to the running client: `{ connection, capabilities, stop() }`; every
 * registration is pushed to `subscriptions`.
 */
async function startLanguageClient(vscode, { command = 'cardc', args = ['lsp'], languageId = 'cards', subscriptions = [], log = () => {} } = {}) {
  const folder = vscode.workspace.workspaceFolders && vscode.workspace.workspaceFolders[0];
  const child = childProcess.spawn(command, args, { cwd: folder ? folder.uri.fsPath : undefined });
  const spawned = await new Promise((resolve) => {
    child.once('spawn', () => resolve(true));
    child.once('error', (error) => { log(`cannot run ${command}: ${error.message}`); resolve(false); });
  });
  if (!spawned) return null;
  const connection = new Connection(child, log);
  const convert = converters(vscode);
  const initialized = await connection.request('initialize', {
    processId: process.pid,
    clientInfo: { name: 'cards-vscode' },
    rootUri: folder ? folder.uri.toString() : null,
    workspaceFolders: folder ? [{ uri: folder.uri.toString(), name: folder.name }] : null,
    capabilities: {
      general: { positionEncodings: ['utf-16'] }, // the editor's positions count UTF-16 units
      // Changes on disk are reported by the watcher below; edits name document versions.
      workspace: { workspaceEdit: { documentChanges: true }, fileOperations: { willRename: true, didRename: true } },
      textDocument: {
        synchronization: { didSave: false },
        completion: { completionItem: { snippetSupport: true, documentationFormat: ['markdown'] } },
        hover: { contentFormat: ['markdown'] },
        publishDiagnostics: { relatedInformation: true, tagSupport: { valueSet: [1] }, codeDescriptionSupport: true },
        codeLens: {}, // shown below: the server then leaves them out of inlay hints
      },
    },
  });
  connection.notify('initialized', {});
  const capabilities = (initialized && initialized.capabilities) || {};

  // Documents: open, change (incremental), close.
  const isOurs = (document) => document.languageId === languageId;
  const open = (document) => {
    if (!isOurs(document)) return;
    connection.notify('textDocument/didOpen', {
      textDocument: { uri: document.uri.toString(), languageId, version: document.version, text: document.getText() },
    });
  };
  vscode.workspace.textDocuments.forEach(open);
  subscriptions.push(vscode.workspace.onDidOpenTextDocument(open));
  subscriptions.push(vscode.workspace.onDidChangeTextDocument((event) => {
    if (!isOurs(event.document) || event.contentChanges.length === 0) return;
    connection.notify('textDocument/didChange', {
      textDocument: { uri: event.document.uri.toString(), version: event.document.version },
      contentChanges: event.contentChanges.map((change) => ({ range: convert.toRange(change.range), text: change.text })),
    });
  }));
  subscriptions.push(vscode.workspace.onDidCloseTextDocument((document) => {
    if (!isOurs(document)) return;
    connection.notify('textDocument/didClose', { textDocument: { uri: document.uri.toString() } });
  }));

  // Diagnostics.
  const diagnostics = vscode.languages.createDiagnosticCollection('cardc');
  subscriptions.push(diagnostics);
  connection.onNotification('textDocument/publishDiagnostics', (params) => {
    diagnostics.set(vscode.Uri.parse(params.uri), params.diagnostics.map(convert.diagnostic));
  });

  const at = (document, position) => ({ textDocument: { uri: document.uri.toString() }, position: convert.toPosition(position) });
  const selector = { language: languageId };
  const quietly = (promise) => promise.catch((error) => { log(error.message); return null; });

  subscriptions.push(vscode.languages.registerHoverProvider(selector, {
    async provideHover(document, position) {
      const hover = await quietly(connection.request('textDocument/hover', at(document, position)));
      if (!hover) return null;
      return new vscode.Hover(convert.markdown(hover.contents), hover.range ? convert.range(hover.range) : undefined);
    },
  }));
  const triggers = (capabilities.completionProvider && capabilities.completionProvider.triggerCharacters) || [];
  subscriptions.push(vscode.languages.registerCompletionItemProvider(selector, {
    async provideCompletionItems(document, position) {
      const result = await quietly(connection.request('textDocument/completion', at(document, position)));
      if (!result) return [];
      return (Array.isArray(result) ? result : result.items).map(convert.completionItem);
    },
  }, ...triggers));
  subscriptions.push(vscode.languages.registerDefinitionProvider(selector, {
    async provideDefinition(document, position) {
      const result = await quietly(connection.request('textDocument/definition', at(document, position)));
      if (!result) return [];
      return (Array.isArray(result) ? result : [result]).map(convert.location);
    },
  }));
  // References and rename reach every file of the workspace, open or not (the server's index).
  subscriptions.push(vscode.languages.registerReferenceProvider(selector, {
    async provideReferences(document, position, context) {
      const result = await quietly(connection.request('textDocument/references', {
        ...at(document, position), context: { includeDeclaration: context ? context.includeDeclaration !== false : true },
      }));
      return (result || []).map(convert.location);
    },
  }));
  subscriptions.push(vscode.languages.registerRenameProvider(selector, {
    // Refusals (a name the rename would break elsewhere, `$item`) reach the user as the error.
    async prepareRename(document, position) {
      const result = await connection.request('textDocument/prepareRename', at(document, position));
      if (!result) throw new Error('nothing to rename here');
      return { range: convert.range(result.range), placeholder: result.placeholder };
    },
    async provideRenameEdits(document, position, newName) {
      const edit = await connection.request('textDocument/rename', { ...at(document, position), newName });
      return convert.workspaceEdit(edit);
    },
  }));
  // Code lenses above each card: the stacks that list it and the cards that push it, each
  // opening the reference (the server's `cardc.open` command, run here).
  if (capabilities.codeLensProvider) {
    subscriptions.push(vscode.commands.registerCommand('cardc.open', (target) => vscode.window.showTextDocument(
      vscode.Uri.parse(target.uri), { selection: convert.range(target.range) })));
    subscriptions.push(vscode.languages.registerCodeLensProvider(selector, {
      async provideCodeLenses(document) {
        const lenses = await quietly(connection.request('textDocument/codeLens', { textDocument: { uri: document.uri.toString() } }));
        return (lenses || []).map((lens) => new vscode.CodeLens(convert.range(lens.range), lens.command));
      },
    }));
  }
  // Files changed outside the editor, and moves of `.cards` files (imports rewritten first).
  if (vscode.workspace.createFileSystemWatcher) {
    const watcher = vscode.workspace.createFileSystemWatcher('**/{*.cards,cardc.json}');
    subscriptions.push(watcher);
    const report = (type) => (uri) => connection.notify('workspace/didChangeWatchedFiles', { changes: [{ uri: uri.toString(), type }] });
    subscriptions.push(watcher.onDidCreate(report(1)), watcher.onDidChange(report(2)), watcher.onDidDelete(report(3)));
  }
  const moves = (event) => ({ files: event.files.map((f) => ({ oldUri: f.oldUri.toString(), newUri: f.newUri.toString() })) });
  if (vscode.workspace.onWillRenameFiles) {
    subscriptions.push(vscode.workspace.onWillRenameFiles((event) => {
      event.waitUntil(quietly(connection.request('workspace/willRenameFiles', moves(event))).then(convert.workspaceEdit));
    }));
    subscriptions.push(vscode.workspace.onDidRenameFiles((event) => connection.notify('workspace/didRenameFiles', moves(event))));
  }
  if (capabilities.documentFormattingProvider) {
    subscriptions.push(vscode.languages.registerDocumentFormattingEditProvider(selector, {
      async provideDocumentFormattingEdits(document, options) {
        const edits = await quietly(connection.request('textDocument/formatting', {
          textDocument: { uri: document.uri.toString() },
          options: { tabSize: options.tabSize, insertSpaces: options.insertSpaces },
        }));
        return (edits || []).map(convert.textEdit);
      },
    }));
  }

  async function stop() {
    try {
      await Promise.race([connection.request('shutdown', null), connection.exited]);
      connection.notify('exit', null);
    } catch (error) {
      log(error.message);
    }
    const code = await Promise.race([connection.exited, new Promise((resolve) => setTimeout(() => resolve(null), 2000))]);
    if (code === null) child.kill();
    return code;
  }
  return { connection, capabilities, stop };
}

module.exports = { startLanguageClient, Connection };
