// The Cards extension's code: the language server `cardc lsp` through the dependency-free
// client in lsp-client.js (diagnostics, hover, completion, go to definition, formatting), and
// format on save through `cardc fmt -` when the server cannot run. No dependencies: `vscode`
// is the editor's own module and `child_process` is Node's.
'use strict';

const vscode = require('vscode');
const childProcess = require('child_process');
const path = require('path');
const { startLanguageClient } = require('./lsp-client');

/** The cardc executable (setting `cards.cardcPath`). */
function cardcPath() {
  return vscode.workspace.getConfiguration('cards').get('cardcPath') || 'cardc';
}

/**
 * Runs `cardc fmt -` on `text` in `cwd`. Resolves to the formatted text, or to null when cardc
 * reports syntax errors (exit 1) or cannot run: then the document is left as it is, and what
 * cardc said goes to the "cardc" output channel.
 */
function runFormatter(text, cwd, log) {
  return new Promise((resolve) => {
    const child = childProcess.spawn(cardcPath(), ['fmt', '-'], { cwd });
    const out = [];
    const err = [];
    child.stdout.on('data', (chunk) => out.push(chunk));
    child.stderr.on('data', (chunk) => err.push(chunk));
    child.on('error', (error) => {
      log.appendLine(`cardc could not run (${cardcPath()}): ${error.message}`);
      resolve(null);
    });
    child.on('close', (code) => {
      if (code === 0) {
        resolve(Buffer.concat(out).toString('utf8'));
      } else {
        log.appendLine(Buffer.concat(err).toString('utf8'));
        resolve(null);
      }
    });
    child.stdin.on('error', () => {});
    child.stdin.end(text, 'utf8');
  });
}

/** The formatter that runs `cardc fmt -` itself, for when the language server is not there. */
function registerFormatter(context, log) {
  context.subscriptions.push(
    vscode.languages.registerDocumentFormattingEditProvider('cards', {
      async provideDocumentFormattingEdits(document) {
        const text = document.getText();
        const cwd = document.uri.scheme === 'file' ? path.dirname(document.uri.fsPath) : undefined;
        const formatted = await runFormatter(text, cwd, log);
        if (formatted === null || formatted === text) return [];
        const whole = new vscode.Range(document.positionAt(0), document.positionAt(text.length));
        return [vscode.TextEdit.replace(whole, formatted)];
      },
    }),
  );
}

let client = null;
/** How long activation waits for `cardc lsp` to answer `initialize`. */
const startTimeout = 10000;

async function activate(context) {
  const log = vscode.window.createOutputChannel('cardc');
  context.subscriptions.push(log);
  // The language server; it formats too (format on save is on for .cards files by default:
  // see package.json).
  // A cardc that cannot start the server — missing, too old for `lsp`, failing, or silent —
  // leaves the extension with its own formatter, after at most `startTimeout` milliseconds.
  const starting = startLanguageClient(vscode, {
    command: cardcPath(),
    subscriptions: context.subscriptions,
    log: (line) => log.appendLine(line),
  });
  let timer = null;
  const timedOut = new Promise((resolve) => { timer = setTimeout(() => resolve('timeout'), startTimeout); });
  let started = null;
  try {
    started = await Promise.race([starting, timedOut]);
  } catch (error) {
    log.appendLine(`cardc lsp could not start: ${error && error.message ? error.message : error}`);
  } finally {
    clearTimeout(timer);
  }
  if (started === 'timeout') {
    log.appendLine(`cardc lsp did not answer within ${startTimeout / 1000} s; formatting with cardc fmt -`);
    // Should it answer later, stop it: this session formats on its own.
    starting.then((late) => late && late.stop(), () => {});
    started = null;
  }
  client = started;
  if (!client || !client.capabilities.documentFormattingProvider) registerFormatter(context, log);
  return client;
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate, runFormatter };
