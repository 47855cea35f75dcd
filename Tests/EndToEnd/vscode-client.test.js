// Activates the VS Code extension (Editors/vscode/extension.js, which starts lsp-client.js)
// against the real `cardc lsp` with a fake `vscode` module (just the API the extension
// touches): open a sample, wait for diagnostics, edit it incrementally, hover, complete, go to
// definition, find references and rename across a file that is not open, code lenses, the
// import rewrite when a file moves, format, deactivate.
// Exits 1 on the first failure.
'use strict';

const fs = require('fs');
const path = require('path');
const childProcess = require('child_process');
const Module = require('module');

const root = path.resolve(__dirname, '../..');
const cardc = process.env.CARDC || path.join(root, '.build/debug/cardc');

// --- A fake `vscode` ----------------------------------------------------------------------
class Position { constructor(line, character) { this.line = line; this.character = character; } }
class Range { constructor(start, end) { this.start = start; this.end = end; } }
class Location { constructor(uri, range) { this.uri = uri; this.range = range; } }
class Uri {
  constructor(value) { this.value = value; }
  static parse(value) { return new Uri(value); }
  static file(p) { return new Uri('file://' + p.split('/').map(encodeURIComponent).join('/')); }
  get fsPath() { return decodeURIComponent(this.value.replace(/^file:\/\//, '')); }
  toString() { return this.value; }
}
class Diagnostic { constructor(range, message, severity) { Object.assign(this, { range, message, severity }); } }
class DiagnosticRelatedInformation { constructor(location, message) { Object.assign(this, { location, message }); } }
class Hover { constructor(contents, range) { Object.assign(this, { contents, range }); } }
class MarkdownString { constructor(value) { this.value = value; } }
class CompletionItem { constructor(label, kind) { Object.assign(this, { label, kind }); } }
class SnippetString { constructor(value) { this.value = value; } }
class TextEdit {
  constructor(range, newText) { Object.assign(this, { range, newText }); }
  static replace(range, newText) { return new TextEdit(range, newText); }
}
class WorkspaceEdit {
  constructor() { this.edits = new Map(); }
  replace(uri, range, newText) {
    const key = uri.toString();
    if (!this.edits.has(key)) this.edits.set(key, []);
    this.edits.get(key).push(new TextEdit(range, newText));
  }
  entries() { return [...this.edits.entries()].map(([uri, edits]) => [Uri.parse(uri), edits]); }
}
class CodeLens { constructor(range, command) { Object.assign(this, { range, command }); } }
class Emitter {
  constructor() { this.listeners = []; this.event = (listener) => { this.listeners.push(listener); return { dispose() {} }; }; }
  fire(value) { this.listeners.forEach((l) => l(value)); }
}

const logs = [];
const opened = new Emitter(), changed = new Emitter(), closed = new Emitter();
const willRename = new Emitter(), didRename = new Emitter();
const collections = [];
const providers = {};
const commands = {};
const shownDocuments = [];
const samples = path.join(root, 'Samples');
const sample = path.join(samples, 'overview.cards');
let text = fs.readFileSync(sample, 'utf8');
const document = { uri: Uri.file(sample), languageId: 'cards', version: 1, getText: () => text };

const vscode = {
  Position, Range, Location, Uri, Diagnostic, DiagnosticRelatedInformation, Hover, MarkdownString,
  CompletionItem, SnippetString, TextEdit, WorkspaceEdit, CodeLens,
  commands: { registerCommand(name, run) { commands[name] = run; return { dispose() {} }; } },
  DiagnosticSeverity: { Error: 0, Warning: 1, Information: 2, Hint: 3 },
  DiagnosticTag: { Unnecessary: 1 },
  window: {
    createOutputChannel: () => ({ appendLine(line) { logs.push(line); }, dispose() {} }),
    showTextDocument(uri, options) { shownDocuments.push({ uri: uri.toString(), line: options.selection.start.line }); },
  },
  workspace: {
    getConfiguration: () => ({ get: (key) => (key === 'cardcPath' ? cardc : undefined) }),
    workspaceFolders: [{ uri: Uri.file(samples), name: 'Samples' }],
    textDocuments: [document],
    onDidOpenTextDocument: opened.event,
    onDidChangeTextDocument: changed.event,
    onDidCloseTextDocument: closed.event,
    onWillRenameFiles: willRename.event,
    onDidRenameFiles: didRename.event,
  },
  languages: {
    createDiagnosticCollection() {
      const collection = { entries: new Map(), set(uri, list) { this.entries.set(uri.toString(), list); }, dispose() {} };
      collections.push(collection);
      return collection;
    },
    registerHoverProvider(_, provider) { providers.hover = provider; return { dispose() {} }; },
    registerCompletionItemProvider(_, provider, ...triggers) { providers.completion = provider; providers.triggers = triggers; return { dispose() {} }; },
    registerDefinitionProvider(_, provider) { providers.definition = provider; return { dispose() {} }; },
    registerReferenceProvider(_, provider) { providers.references = provider; return { dispose() {} }; },
    registerRenameProvider(_, provider) { providers.rename = provider; return { dispose() {} }; },
    registerCodeLensProvider(_, provider) { providers.codeLens = provider; return { dispose() {} }; },
    registerDocumentFormattingEditProvider(_, provider) { providers.formatting = provider; return { dispose() {} }; },
  },
};
const load = Module._load;
Module._load = function (request, ...rest) { return request === 'vscode' ? vscode : load.call(this, request, ...rest); };

// --- The session --------------------------------------------------------------------------
const extension = require(path.join(root, 'Editors/vscode/extension.js'));

function check(condition, message) {
  if (!condition) { console.log('FAIL: ' + message); process.exit(1); }
}
async function until(predicate, what) {
  const deadline = Date.now() + 15000;
  while (Date.now() < deadline) {
    const value = predicate();
    if (value) return value;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  check(false, 'timed out waiting for ' + what);
}

(async () => {
  const client = await extension.activate({ subscriptions: [] });
  check(client, 'the client did not start: ' + logs.join(' | '));
  console.log('server capabilities: ' + Object.keys(client.capabilities).join(', '));
  check(providers.triggers.includes('$') && providers.triggers.includes('.'), 'completion trigger characters');

  const diagnostics = () => collections[0].entries.get(document.uri.toString());
  await until(() => diagnostics(), 'diagnostics');
  console.log(`diagnostics on open: ${diagnostics().length}`);
  check(diagnostics().length === 0, 'the sample should be clean');

  // Break `title(` → `titel(` on card Budget's title line, as an incremental change.
  const lines = text.split('\n');
  const line = lines.findIndex((l) => l.startsWith('  title($title'));
  lines[line] = lines[line].replace('title', 'titel');
  text = lines.join('\n');
  document.version = 2;
  changed.fire({ document, contentChanges: [{ range: new Range(new Position(line, 2), new Position(line, 7)), text: 'titel' }] });
  const broken = await until(() => (diagnostics() || []).find((d) => d.code && d.code.value === 'E301'), 'E301');
  console.log(`after the edit: E301 at ${broken.range.start.line + 1}:${broken.range.start.character + 1}: ${broken.message.split('\n')[0]} (${broken.code.target})`);

  const cardLine = lines.findIndex((l) => l.startsWith('card Budget'));
  const hover = await providers.hover.provideHover(document, new Position(cardLine, 6));
  check(hover && hover.contents.value.includes('card Budget'), 'hover on the card');
  check(hover.contents.value.includes('```text'), "hover shows the card's preview");
  console.log('hover on Budget: ' + hover.contents.value.split('\n').slice(0, 2).join(' '));

  const items = await providers.completion.provideCompletionItems(document, new Position(line, 4));
  const labels = items.map((i) => i.label);
  check(labels.includes('title') && labels.includes('text'), 'completion of parts');
  const snippet = items.find((i) => i.label === 'text');
  check(snippet.insertText instanceof SnippetString, 'parts complete as snippets');
  console.log(`completion at \`ti|\`: ${items.length} items; text inserts ${JSON.stringify(snippet.insertText.value)}`);

  const stackLine = lines.findIndex((l) => l.trim() === 'NetWorth');
  const definition = await providers.definition.provideDefinition(document, new Position(stackLine, 4));
  check(definition.length === 1 && definition[0].range.start.line === lines.findIndex((l) => l.startsWith('card NetWorth')), 'definition of a card');
  console.log(`definition of NetWorth: line ${definition[0].range.start.line + 1}`);
  // References and rename of the theme Evergreen, declared in theme.cards, which is not open:
  // both reach it (nothing is written; the edit is only looked at).
  const themeUse = lines.findIndex((l) => l.trim() === 'theme: Evergreen');
  const themeAt = new Position(themeUse, lines[themeUse].indexOf('Evergreen') + 2);
  const themeFile = Uri.file(path.join(samples, 'theme.cards')).toString();
  const references = await providers.references.provideReferences(document, themeAt, { includeDeclaration: true });
  const referenced = new Set(references.map((l) => l.uri.toString()));
  check(referenced.has(themeFile) && referenced.has(document.uri.toString()), 'references reach theme.cards: ' + [...referenced].join(', '));
  console.log(`references of Evergreen: ${references.length} in ${referenced.size} files`);
  const prepared = await providers.rename.prepareRename(document, themeAt);
  check(prepared.placeholder === 'Evergreen', 'prepareRename of the theme');
  const renamed = await providers.rename.provideRenameEdits(document, themeAt, 'Pine');
  const renamedFiles = new Map(renamed.entries().map(([uri, edits]) => [uri.toString(), edits]));
  check(renamedFiles.has(themeFile) && renamedFiles.get(themeFile).every((e) => e.newText === 'Pine'), 'the rename edits theme.cards, which is not open');
  check(renamedFiles.has(document.uri.toString()), 'the rename edits the open deck');
  console.log(`rename Evergreen → Pine: edits in ${[...renamedFiles.keys()].map((u) => path.basename(u)).join(', ')}`);
  // Formatting through the server gives what `cardc fmt -` gives.
  check(providers.formatting && client.capabilities.documentFormattingProvider, 'the server formats');
  const edits = await providers.formatting.provideDocumentFormattingEdits(document, { tabSize: 2, insertSpaces: true });
  const offset = (p) => text.split('\n').slice(0, p.line).reduce((n, l) => n + l.length + 1, 0) + p.character;
  let formatted = text;
  for (const edit of [...edits].sort((a, b) => offset(b.range.start) - offset(a.range.start))) {
    formatted = formatted.slice(0, offset(edit.range.start)) + edit.newText + formatted.slice(offset(edit.range.end));
  }
  const expected = childProcess.execFileSync(cardc, ['fmt', '-'], { input: text }).toString('utf8');
  check(formatted === expected, 'formatting differs from cardc fmt -');
  console.log(`formatting: ${edits.length} edit(s), the same text as cardc fmt -`);

  // From the declaration, with the deck that uses it closed: the rename still reaches it.
  closed.fire(document);
  const themeText = fs.readFileSync(path.join(samples, 'theme.cards'), 'utf8');
  const themeDocument = { uri: Uri.parse(themeFile), languageId: 'cards', version: 1, getText: () => themeText };
  opened.fire(themeDocument);
  const declared = themeText.split('\n').findIndex((l) => l.startsWith('theme Evergreen'));
  // Code lenses in a deck with cards: the stacks and pushers, each opening its reference.
  const tripPath = path.join(samples, 'trip.cards');
  const tripText = fs.readFileSync(tripPath, 'utf8');
  const trip = { uri: Uri.file(tripPath), languageId: 'cards', version: 1, getText: () => tripText };
  opened.fire(trip);
  const lenses = await providers.codeLens.provideCodeLenses(trip);
  const belem = lenses.filter((l) => tripText.split('\n')[l.range.start.line].startsWith('card BelemDay'));
  const titles = belem.map((l) => l.command.title);
  check(titles.includes('stack TripPlanner') && titles.includes('pushed by LisbonTrip'), 'code lenses above BelemDay: ' + titles.join(', '));
  commands[belem[0].command.command](...belem[0].command.arguments);
  check(shownDocuments.length === 1 && shownDocuments[0].uri === trip.uri.toString(), 'running a lens opens its reference');
  console.log(`code lenses above BelemDay: ${titles.join(', ')}; the first opens line ${shownDocuments[0].line + 1}`);
  const fromDeclaration = await providers.rename.provideRenameEdits(themeDocument, new Position(declared, 8), 'Pine');
  const reached = fromDeclaration.entries().map(([uri]) => path.basename(uri.toString()));
  check(reached.includes('overview.cards'), 'the rename from theme.cards misses overview.cards, which is closed: ' + reached.join(', '));
  console.log(`rename from the declaration, overview.cards closed: edits in ${reached.join(', ')}`);

  // Moving theme.cards into a folder: the extension asks the server first, and the edit
  // rewrites overview.cards' import (nothing is moved or written here).
  let waited;
  willRename.fire({
    files: [{ oldUri: Uri.parse(themeFile), newUri: Uri.file(path.join(samples, 'themes/theme.cards')) }],
    waitUntil(promise) { waited = promise; },
  });
  const moveEdit = await waited;
  const importEdits = moveEdit.entries().find(([uri]) => path.basename(uri.toString()) === 'overview.cards');
  check(importEdits && importEdits[1].length === 1 && importEdits[1][0].newText === '"themes/theme.cards"',
    'moving theme.cards rewrites the import of overview.cards: ' + JSON.stringify(moveEdit.entries()));
  console.log(`moving theme.cards to themes/: overview.cards' import becomes ${importEdits[1][0].newText}`);

  const code = await extension.deactivate();
  check(code === 0, `cardc lsp exited with ${code}`);
  console.log('server exit code: 0');
  console.log('PASS');
})().catch((error) => check(false, error.stack));
