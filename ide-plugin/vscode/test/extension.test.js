// Runs extension.js against stand-ins for the `vscode` and `vscode-languageclient` modules (VS Code itself cannot
// run here): the server is started as `HOME/bin/hpjava-language-server --stdio` with the class path setting; the
// commands and the debug provider are registered; "HPJava: Debug" starts `bin/hpjava run --debug=PORT --np N file`
// (a fake bin/hpjava that prints what hpjava run --debug prints) and resolves to the Java debugger's attach configuration;
// "HPJava: Run with communication profile" types `bin/hpjava run --comm-profile --np N file` into a terminal.
'use strict';
const assert = require('assert');
const fs = require('fs');
const os = require('os');
const path = require('path');
const Module = require('module');

const home = fs.mkdtempSync(path.join(os.tmpdir(), 'hpjava-ext-'));
fs.mkdirSync(path.join(home, 'bin'));
fs.writeFileSync(path.join(home, 'bin', 'hpjava-language-server'), '#!/bin/sh\n', { mode: 0o755 });
fs.writeFileSync(path.join(home, 'bin', 'hpjava'),
  '#!/bin/sh\necho "$@" > "$(dirname "$0")/args"\necho "hpjava: debugging: the job waits for a debugger on localhost:5077 once every rank has loaded the program" >&2\necho "hpjava: every rank has loaded the program; waiting for a debugger on localhost:5077" >&2\nsleep 2\n', { mode: 0o755 });
const program = path.join(home, 'Prog.hpj');
fs.writeFileSync(program, 'public class Prog {}\n');

const settings = { home, javaHome: '', np: 3, debugPort: 5077, classPath: ['/x/lib.jar'] };
const registered = {};
let clientArgs;
const terminalText = [];
const vscode = {
  workspace: {
    getConfiguration: () => ({ get: (k) => settings[k] }),
    workspaceFolders: [],
    createFileSystemWatcher: () => ({}),
    getWorkspaceFolder: () => undefined,
  },
  window: {
    createOutputChannel: () => ({ appendLine() {}, append() {}, show() {}, dispose() {} }),
    showErrorMessage: (m) => { throw new Error('unexpected error message: ' + m); },
    activeTextEditor: { document: { fileName: program, save: async () => true } },
    createTerminal: (opts) => ({ show() {}, sendText: (t) => { terminalText.push(t); } }),
  },
  commands: { registerCommand: (id, f) => { registered[id] = f; return {}; } },
  debug: {
    registerDebugConfigurationProvider: (type, p) => { registered['debug:' + type] = p; return {}; },
    onDidTerminateDebugSession: () => ({ dispose() {} }),
  },
  extensions: { getExtension: (id) => (id === 'vscjava.vscode-java-debug' ? {} : undefined) },
};
class FakeClient {
  constructor(...args) { clientArgs = args; }
  start() { return Promise.resolve(); }
  stop() { return Promise.resolve(); }
}
const load = Module._load;
Module._load = function (request, ...rest) {
  if (request === 'vscode') return vscode;
  if (request === 'vscode-languageclient/node') return { LanguageClient: FakeClient, TransportKind: { stdio: 0 } };
  return load.call(this, request, ...rest);
};

(async () => {
  const ext = require('../extension.js');
  ext.activate({ subscriptions: [] });
  const [id, , serverOptions, clientOptions] = clientArgs;
  assert.strictEqual(id, 'hpjava');
  assert.strictEqual(serverOptions.command, path.join(home, 'bin', 'hpjava-language-server'));
  assert.deepStrictEqual(serverOptions.args, ['--stdio']);
  assert.deepStrictEqual(clientOptions.initializationOptions, { hpjava: { classPath: ['/x/lib.jar'] } });
  assert.deepStrictEqual(clientOptions.documentSelector[0], { scheme: 'file', language: 'hpjava' });
  assert.ok(registered['hpjava.run'] && registered['hpjava.debug'] && registered['debug:hpjava']);

  const resolved = await registered['debug:hpjava'].resolveDebugConfiguration(undefined,
    { type: 'hpjava', request: 'launch', name: 'HPJava: Debug current file', program });
  assert.deepStrictEqual(resolved, { type: 'java', request: 'attach', name: 'HPJava: Debug current file', hostName: 'localhost', port: 5077 });
  const args = fs.readFileSync(path.join(home, 'bin', 'args'), 'utf8').trim();
  assert.strictEqual(args, `run --debug=5077 --np 3 -cp /x/lib.jar ${program}`);
  await registered['hpjava.runWithCommProfile']();
  assert.deepStrictEqual(terminalText, [`${path.join(home, 'bin', 'hpjava')} run --comm-profile --np 3 -cp /x/lib.jar ${program}`]);
  console.log('extension: client, commands and debug launch ok');
  process.exit(0);
})().catch((e) => { console.error(e); process.exit(1); });
