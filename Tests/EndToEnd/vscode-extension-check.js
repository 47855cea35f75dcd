// Run by editors.sh under Node: checks the VS Code extension in Editors/vscode without VS Code
// (which cannot run here).
//
// 1. package.json has the shape VS Code reads (checked field by field against the
//    contribution points used: languages, grammars, jsonValidation, configuration, configurationDefaults),
//    and every file it names exists.
// 2. extension.js, loaded with a stand-in for the `vscode` module, registers a formatting
//    provider for `cards` that returns `cardc fmt -`'s output as one edit, no edit for a
//    formatted document, and no edit (with cardc's diagnostics logged) for a syntax error.
//
// Usage: node vscode-extension-check.js PACKAGE_ROOT   (cardc must be on PATH)
'use strict';

const fs = require('fs');
const path = require('path');
const os = require('os');
const Module = require('module');
const childProcess = require('child_process');

const root = path.resolve(process.argv[2] || '.');
const folder = path.join(root, 'Editors', 'vscode');
const failures = [];
const check = (condition, message) => { if (!condition) failures.push(message); };
const isString = (value) => typeof value === 'string' && value.length > 0;

// 1. The manifest.
const manifest = JSON.parse(fs.readFileSync(path.join(folder, 'package.json'), 'utf8'));
for (const field of ['name', 'displayName', 'description', 'version', 'publisher', 'main']) {
  check(isString(manifest[field]), `package.json: ${field} must be a non-empty string`);
}
check(/^[a-z0-9][a-z0-9-]*$/.test(manifest.name), 'package.json: name must be lower case, digits and dashes');
check(/^\d+\.\d+\.\d+$/.test(manifest.version), 'package.json: version must be x.y.z');
check(manifest.engines && /^\^\d+\.\d+\.\d+$/.test(manifest.engines.vscode), 'package.json: engines.vscode must be ^x.y.z');
check(!manifest.dependencies || Object.keys(manifest.dependencies).length === 0, 'package.json: no dependencies allowed');
check(Array.isArray(manifest.activationEvents) && manifest.activationEvents.includes('onLanguage:cards'),
  'package.json: activationEvents must include onLanguage:cards');
check(fs.existsSync(path.join(folder, manifest.main)), `package.json: main ${manifest.main} does not exist`);
const contributes = manifest.contributes || {};
const languages = contributes.languages || [];
check(languages.length === 1, 'contributes.languages must have one entry');
const language = languages[0] || {};
check(language.id === 'cards', 'the language id must be cards');
check(Array.isArray(language.extensions) && language.extensions.includes('.cards'), 'the language must claim .cards');
check(Array.isArray(language.aliases) && language.aliases.every(isString), 'aliases must be strings');
check(isString(language.configuration) && fs.existsSync(path.join(folder, language.configuration)),
  'the language configuration file must exist');
const grammars = contributes.grammars || [];
check(grammars.length === 1, 'contributes.grammars must have one entry');
const grammarEntry = grammars[0] || {};
check(grammarEntry.language === 'cards', 'the grammar must be for cards');
const grammarPath = path.join(folder, grammarEntry.path || '');
check(fs.existsSync(grammarPath), 'the grammar file must exist');
if (fs.existsSync(grammarPath)) {
  const grammar = JSON.parse(fs.readFileSync(grammarPath, 'utf8'));
  check(grammar.scopeName === grammarEntry.scopeName, 'the grammar scopeName must match package.json');
}
const properties = (contributes.configuration || {}).properties || {};
check(properties['cards.cardcPath'] && properties['cards.cardcPath'].type === 'string', 'cards.cardcPath must be a string setting');
const defaults = (contributes.configurationDefaults || {})['[cards]'] || {};
check(defaults['editor.formatOnSave'] === true, 'format on save must be on by default for cards');
const validation = contributes.jsonValidation || [];
check(validation.length === 1 && validation[0].fileMatch === 'cardc.json' && validation[0].url === './schemas/cardc.schema.json',
  'contributes.jsonValidation must give cardc.json the schema ./schemas/cardc.schema.json');
for (const file of ['language-configuration.json', 'syntaxes/cards.tmLanguage.json', 'schemas/cardc.schema.json']) {
  const copy = fs.readFileSync(path.join(folder, file), 'utf8');
  const original = fs.readFileSync(path.join(root, 'Grammar', path.basename(file)), 'utf8');
  check(copy === original, `${file} differs from Grammar/${path.basename(file)}`);
}

// 2. The formatting provider, with a stand-in `vscode` module.
let provider = null;
const logged = [];
let configuredCardc = path.join(root, 'no-such-cardc');
class Position { constructor(offset) { this.offset = offset; } }
class Range { constructor(start, end) { this.start = start; this.end = end; } }
const vscode = {
  Range,
  TextEdit: { replace: (range, newText) => ({ range, newText }) },
  // `cards.cardcPath`: first a cardc that cannot run, so that activation falls back to the
  // formatter of its own (the language server's half is vscode-client.sh's), then the real one.
  workspace: { getConfiguration: () => ({ get: () => configuredCardc }) },
  window: { createOutputChannel: () => ({ appendLine: (line) => logged.push(line), dispose() {} }) },
  languages: {
    registerDocumentFormattingEditProvider: (selector, registered) => {
      check(selector === 'cards', 'the provider must be for cards');
      provider = registered;
      return { dispose() {} };
    },
  },
};
const load = Module._load;
Module._load = function (request, ...rest) { return request === 'vscode' ? vscode : load.call(this, request, ...rest); };
const extension = require(path.join(folder, manifest.main));

const documentFor = (text) => ({
  getText: () => text,
  positionAt: (offset) => new Position(offset),
  uri: { scheme: 'file', fsPath: path.join(root, 'Samples', 'untitled.cards') },
});

(async () => {
  const client = await extension.activate({ subscriptions: [] });
  check(client === null, 'without a cardc to run, activate must start no language client');
  check(provider !== null, 'activate must register a formatting provider when the language server cannot run');
  check(logged.some((line) => line.includes('cannot run')), 'the failed start must be logged');
  // A cardc that runs but cannot serve (too old for `lsp`, or failing): the same fallback.
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'cards-vscode-'));
  process.on('exit', () => fs.rmSync(scratch, { recursive: true, force: true }));
  const failing = path.join(scratch, 'cardc');
  fs.writeFileSync(failing, '#!/bin/sh\necho "cardc: error: unknown command \'lsp\'" >&2\nexit 2\n', { mode: 0o755 });
  provider = null;
  configuredCardc = failing;
  check(await extension.activate({ subscriptions: [] }) === null, 'a cardc whose server exits must give no client');
  check(provider !== null, 'activate must register a formatting provider when the language server exits at once');
  check(logged.some((line) => line.includes('could not start')), 'the server that exited must be logged');
  configuredCardc = 'cardc';
  if (provider) {
    const messy = fs.readFileSync(path.join(__dirname, 'unformatted.cards'), 'utf8');
    const expected = childProcess.execFileSync('cardc', ['fmt', '-'], { input: messy }).toString('utf8');
    check(expected !== messy, 'the sample used is already formatted');
    const edits = await provider.provideDocumentFormattingEdits(documentFor(messy));
    check(edits.length === 1 && edits[0].newText === expected, 'a messy document must get one edit: the formatted text');
    check(edits.length === 1 && edits[0].range.start.offset === 0 && edits[0].range.end.offset === messy.length,
      'the edit must replace the whole document');
    check((await provider.provideDocumentFormattingEdits(documentFor(expected))).length === 0, 'a formatted document needs no edit');
    const broken = await provider.provideDocumentFormattingEdits(documentFor('card A {\n  text("a"\n}\n'));
    check(broken.length === 0, 'a document with a syntax error must be left alone');
    check(logged.some((line) => line.includes('error[E202]')), 'the syntax error must be logged');
  }
  if (failures.length > 0) {
    console.error(`vscode: ${failures.length} failures\n  ${failures.join('\n  ')}`);
    process.exit(1);
  }
  console.log('vscode extension: ok (package.json shape, copies of Grammar/, formatting provider through cardc fmt -)');
})();
