// The Cards extension's code: format on save through `cardc fmt -`. No dependencies: `vscode`
// is the editor's own module and `child_process` is Node's.
'use strict';

const vscode = require('vscode');
const childProcess = require('child_process');
const path = require('path');

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

function activate(context) {
  const log = vscode.window.createOutputChannel('cardc');
  context.subscriptions.push(log);

  // Formatting (format on save is on for .cards files by default: see package.json).
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

  // Language server: `cardc lsp` does not exist yet. When it does, start it here (this is
  // the only block to add), with vscode-languageclient as a dependency of this folder:
  //
  //   const { LanguageClient } = require('vscode-languageclient/node');
  //   const client = new LanguageClient('cards', 'cardc',
  //     { command: cardcPath(), args: ['lsp'] },
  //     { documentSelector: [{ language: 'cards' }] });
  //   client.start();
  //   context.subscriptions.push(client);
  //
  // and drop the formatting provider above: the server formats with the same formatter.
}

function deactivate() {}

module.exports = { activate, deactivate, runFormatter };
