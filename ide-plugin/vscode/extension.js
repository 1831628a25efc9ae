// The HPJava extension: starts bin/hpjava-language-server through vscode-languageclient, and adds the commands
// "HPJava: Run" (bin/hpjava run --np N file.hpj in a terminal) and "HPJava: Debug" (bin/hpjava run --debug=PORT
// --np N file.hpj, then the Java debugger's attach configuration on localhost:PORT), plus the "hpjava" launch
// configuration type, which does the same from launch.json.
'use strict';
const vscode = require('vscode');
const path = require('path');
const fs = require('fs');
const cp = require('child_process');
const { LanguageClient, TransportKind } = require('vscode-languageclient/node');

let client;
let output;

/** The HPJava checkout: the setting, else a workspace folder holding bin/hpjava, else null (scripts on the PATH). */
function hpjavaHome() {
  const configured = vscode.workspace.getConfiguration('hpjava').get('home');
  if (configured) return configured;
  for (const f of vscode.workspace.workspaceFolders || []) {
    if (fs.existsSync(path.join(f.uri.fsPath, 'bin', 'hpjava-language-server'))) return f.uri.fsPath;
  }
  return null;
}

/** A script of bin/: by full path in the HPJava checkout, or by name on the PATH. */
function script(name) {
  const home = hpjavaHome();
  return home ? path.join(home, 'bin', name) : name;
}

/** The environment for the scripts: JAVA_HOME from the setting when given (they find a JDK 25 themselves otherwise). */
function scriptEnv() {
  const javaHome = vscode.workspace.getConfiguration('hpjava').get('javaHome');
  return javaHome ? { ...process.env, JAVA_HOME: javaHome } : process.env;
}

function settingsForServer() {
  return { hpjava: { classPath: vscode.workspace.getConfiguration('hpjava').get('classPath') || [] } };
}

function activate(context) {
  output = vscode.window.createOutputChannel('HPJava');
  const serverOptions = {
    command: script('hpjava-language-server'),
    args: ['--stdio'],
    transport: TransportKind.stdio,
    options: { env: scriptEnv() },
  };
  const clientOptions = {
    documentSelector: [{ scheme: 'file', language: 'hpjava' }, { scheme: 'untitled', language: 'hpjava' }],
    initializationOptions: settingsForServer(),
    synchronize: { configurationSection: 'hpjava', fileEvents: vscode.workspace.createFileSystemWatcher('**/*.hpj') },
    outputChannel: output,
  };
  client = new LanguageClient('hpjava', 'HPJava language server', serverOptions, clientOptions);
  client.start().catch((e) => vscode.window.showErrorMessage(
    `HPJava: the language server did not start (${e.message || e}). Set hpjava.home to your HPJava checkout.`));

  context.subscriptions.push(
    vscode.commands.registerCommand('hpjava.run', () => runCurrentFile()),
    vscode.commands.registerCommand('hpjava.runWithCommProfile', () => runCurrentFile(['--comm-profile'])),
    vscode.commands.registerCommand('hpjava.debug', () => debugCurrentFile()),
    vscode.debug.registerDebugConfigurationProvider('hpjava', new HpjavaDebugProvider()),
    output);
}

function currentHpjFile() {
  const editor = vscode.window.activeTextEditor;
  if (!editor || !editor.document.fileName.endsWith('.hpj')) {
    vscode.window.showErrorMessage('HPJava: open a .hpj file first.');
    return null;
  }
  return editor.document;
}

function np() {
  return String(vscode.workspace.getConfiguration('hpjava').get('np') || 2);
}

function classPathArgs() {
  const cpEntries = vscode.workspace.getConfiguration('hpjava').get('classPath') || [];
  return cpEntries.length ? ['-cp', cpEntries.join(path.delimiter)] : [];
}

function quote(s) {
  return /^[\w@%+=:,./-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`;
}

/**
 * Runs the current file in a terminal with `options` of hpjava run before the program (`--comm-profile`: the table
 * when the job ends, and .hpjava-profile/NAME.json beside the file, which the language server shows as code lenses).
 */
async function runCurrentFile(options = []) {
  const doc = currentHpjFile();
  if (!doc) return;
  await doc.save();
  const terminal = vscode.window.createTerminal({ name: 'HPJava: Run', cwd: path.dirname(doc.fileName), env: scriptEnv() });
  terminal.show();
  terminal.sendText([script('hpjava'), 'run', ...options, '--np', np(), ...classPathArgs(), doc.fileName].map(quote).join(' '));
}

async function debugCurrentFile() {
  const doc = currentHpjFile();
  if (!doc) return;
  await doc.save();
  const folder = vscode.workspace.getWorkspaceFolder(doc.uri);
  await vscode.debug.startDebugging(folder, {
    type: 'hpjava', request: 'launch', name: 'HPJava: Debug ' + path.basename(doc.fileName),
    program: doc.fileName, np: Number(np()), port: vscode.workspace.getConfiguration('hpjava').get('debugPort') || 5005,
  });
}

/**
 * Starts `bin/hpjava run --debug=PORT --np N program args...`, waits until the JDWP agent listens (READY on its
 * output), then hands VS Code the Java debugger's
 * attach configuration. The job's output goes to the "HPJava" output channel; stopping the debug session ends it.
 */
// What `hpjava run --debug` prints once the JDWP agent listens (every rank has loaded the program), or the JVM's own
// line when the agent is started without hpjava's announcement.
const READY = /waiting for a debugger on localhost:\d+|Listening for transport dt_socket at address:\s*\d+/;
// The announcement comes from the agent's launch hook, just before it accepts: give it a moment before attaching.
const ATTACH_DELAY_MS = 500;

function startDebuggee(config) {
  return new Promise((resolve, reject) => {
    const args = ['run', `--debug=${config.port}`, '--np', String(config.np), ...classPathArgs(), config.program, ...(config.args || [])];
    output.show(true);
    output.appendLine(`$ ${[script('hpjava'), ...args].map(quote).join(' ')}`);
    const child = cp.spawn(script('hpjava'), args, { cwd: path.dirname(config.program), env: scriptEnv() });
    let settled = false;
    const timer = setTimeout(() => {
      if (!settled) { settled = true; child.kill(); reject(new Error(`no JDWP agent listening after 120 s (see the HPJava output)`)); }
    }, 120000);
    const onData = (data) => {
      const text = data.toString();
      output.append(text);
      if (!settled && READY.test(text)) {
        settled = true;
        clearTimeout(timer);
        setTimeout(() => resolve(child), ATTACH_DELAY_MS);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('error', (e) => { if (!settled) { settled = true; clearTimeout(timer); reject(e); } });
    child.on('exit', (code) => {
      output.appendLine(`[hpjava run exited with status ${code}]`);
      if (!settled) { settled = true; clearTimeout(timer); reject(new Error(`hpjava run exited with status ${code} before the debugger could attach`)); }
    });
  });
}

class HpjavaDebugProvider {
  /** Fills the configuration, starts the job, and turns it into the Java debugger's attach configuration. */
  async resolveDebugConfiguration(folder, config) {
    if (!config.type && !config.request) {
      const doc = currentHpjFile();
      if (!doc) return undefined;
      config = { type: 'hpjava', request: 'launch', name: 'HPJava: Debug current file', program: doc.fileName };
    }
    config.np = config.np || Number(np());
    config.port = config.port || vscode.workspace.getConfiguration('hpjava').get('debugPort') || 5005;
    if (!config.program || !config.program.endsWith('.hpj')) {
      vscode.window.showErrorMessage('HPJava: "program" must name a .hpj file.');
      return undefined;
    }
    if (!vscode.extensions.getExtension('vscjava.vscode-java-debug')) {
      vscode.window.showErrorMessage('HPJava: Debug attaches the "Debugger for Java" extension (vscjava.vscode-java-debug); install it first.');
      return undefined;
    }
    let child;
    try {
      child = await startDebuggee(config);
    } catch (e) {
      vscode.window.showErrorMessage(`HPJava: Debug: ${e.message || e}`);
      return undefined;
    }
    // The job ends with its debug session (the attach session on this port), not with any other session.
    const stop = vscode.debug.onDidTerminateDebugSession((s) => {
      if (s.type !== 'java' || s.configuration.port !== config.port) return;
      stop.dispose();
      if (child.exitCode === null) child.kill();
    });
    return { type: 'java', request: 'attach', name: config.name || 'HPJava: attach', hostName: 'localhost', port: config.port };
  }
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
