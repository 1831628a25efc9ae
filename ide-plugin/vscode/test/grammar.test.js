// Tokenizes the examples with vscode-textmate + vscode-oniguruma (the engine VS Code uses) and compares each with
// its committed golden token file test/golden/NAME.tokens; also checks a few scopes by hand, so that a golden file
// regenerated from a broken grammar cannot pass unnoticed. `node test/grammar.test.js --update` rewrites the goldens.
'use strict';
const fs = require('fs');
const path = require('path');
const assert = require('assert');
const vsctm = require('vscode-textmate');
const oniguruma = require('vscode-oniguruma');

const root = path.resolve(__dirname, '..');
const examples = path.resolve(root, '..', '..', 'examples');
const golden = path.join(__dirname, 'golden');
const update = process.argv.includes('--update');

async function loadGrammar() {
  const wasm = fs.readFileSync(path.join(path.dirname(require.resolve('vscode-oniguruma')), 'onig.wasm'));
  await oniguruma.loadWASM(wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength));
  const registry = new vsctm.Registry({
    onigLib: Promise.resolve({
      createOnigScanner: (patterns) => new oniguruma.OnigScanner(patterns),
      createOnigString: (s) => new oniguruma.OnigString(s),
    }),
    loadGrammar: async (scopeName) => {
      if (scopeName !== 'source.hpjava') return null;
      const file = path.join(root, 'syntaxes', 'hpjava.tmLanguage.json');
      return vsctm.parseRawGrammar(fs.readFileSync(file, 'utf8'), file);
    },
  });
  return registry.loadGrammar('source.hpjava');
}

/** One line per token that has a scope besides the root: `line:col 'text' scope scope...` (1-based). */
function tokenize(grammar, text) {
  const out = [];
  let stack = vsctm.INITIAL;
  text.split(/\r?\n/).forEach((line, i) => {
    const r = grammar.tokenizeLine(line, stack);
    for (const t of r.tokens) {
      const scopes = t.scopes.filter((s) => s !== 'source.hpjava');
      const piece = line.substring(t.startIndex, t.endIndex);
      if (scopes.length === 0 || piece.trim() === '') continue;
      out.push(`${i + 1}:${t.startIndex + 1} ${JSON.stringify(piece)} ${scopes.join(' ')}`);
    }
    stack = r.ruleStack;
  });
  return out;
}

/** The scopes of the token at 1-based line:col of `tokens` (as produced by tokenize). */
function scopesAt(tokens, line, col) {
  const hit = tokens.find((t) => t.startsWith(`${line}:${col} `));
  assert.ok(hit, `no token at ${line}:${col}`);
  return hit;
}

/** The 1-based [line, col] of `part` (default: the start) in the first `needle` of `text`. */
function at(text, needle, part) {
  const start = text.indexOf(needle);
  assert.ok(start >= 0, `'${needle}' not found`);
  const offset = start + (part ? needle.indexOf(part) : 0);
  const before = text.substring(0, offset);
  return [before.split('\n').length, offset - before.lastIndexOf('\n')];
}

async function main() {
  const grammar = await loadGrammar();
  const fixtures = path.join(__dirname, 'fixtures');
  const sources = {};
  for (const dir of [examples, fixtures])
    for (const f of fs.readdirSync(dir).filter((n) => n.endsWith('.hpj'))) sources[f] = path.join(dir, f);
  const names = Object.keys(sources).sort();
  assert.ok(names.length >= 5, 'examples/*.hpj or test/fixtures/*.hpj not found');
  let failures = 0;
  const tokensOf = {};
  for (const name of names) {
    const tokens = tokenize(grammar, fs.readFileSync(sources[name], 'utf8'));
    tokensOf[name] = tokens;
    const file = path.join(golden, name + '.tokens');
    const text = tokens.join('\n') + '\n';
    if (update) {
      fs.writeFileSync(file, text);
      console.log(`wrote ${path.relative(root, file)} (${tokens.length} tokens)`);
      continue;
    }
    const expected = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
    if (expected === text) {
      console.log(`ok   ${name} (${tokens.length} tokens)`);
    } else {
      failures++;
      const want = expected.split('\n');
      const got = text.split('\n');
      const i = got.findIndex((l, k) => l !== want[k]);
      console.log(`FAIL ${name}: first difference at token ${i + 1}\n  golden: ${want[i]}\n  now:    ${got[i]}`);
    }
  }
  // Hand-checked scopes of examples/Laplace.hpj, independent of the goldens; places are named by the code there.
  const laplace = fs.readFileSync(sources['Laplace.hpj'], 'utf8');
  const l = tokensOf['Laplace.hpj'];
  const checks = [
    [at(laplace, 'on (p)'), '"on" keyword.control.hpjava'],
    [at(laplace, 'double [[-,-]] a', '[['), '"[[-,-]]" storage.type.multiarray.hpjava'],
    [at(laplace, 'new double [[x, y]]', '[['), '"[[" punctuation.section.multiarray.begin.hpjava'],
    [at(laplace, 'overall (i = x for :)'), '"overall" keyword.control.hpjava'],
    [at(laplace, 'if (i` == 0', '`'), '"`" keyword.operator.global-index.hpjava'],
    [at(laplace, 'Adlib.writeHalo(a)'), '"Adlib" support.class.adlib.hpjava'],
    [at(laplace, 'Adlib.writeHalo(a)', 'writeHalo'), '"writeHalo" support.function.adlib.hpjava'],
    [at(laplace, 'new ExtBlockRange', 'ExtBlockRange'), '"ExtBlockRange" support.class.hpjava'],
    [at(laplace, 'N - 1 ||', 'N'), '"N" variable.other.constant.hpjava'],
    [[1, 1], '"//" comment.line.double-slash.hpjava punctuation.definition.comment.hpjava'],
  ];
  for (const [[line, col], want] of checks) {
    const got = scopesAt(l, line, col);
    if (got !== `${line}:${col} ${want}`) { failures++; console.log(`FAIL Laplace.hpj ${line}:${col}: ${got} (want ${want})`); }
  }
  const c = tokensOf['Constructs.hpj'];
  for (const [line, col, want] of [
    [15, 44, '"on" keyword.control.hpjava'],
    [16, 9, '"[[]]" storage.type.multiarray.hpjava'],
    [18, 5, '"at" keyword.control.hpjava'],
    [21, 22, '"sum" support.function.adlib.hpjava'],
    [9, 1, '"      text block with \\"quotes\\" and [[brackets]]" string.quoted.triple.hpjava'],
  ]) {
    const got = scopesAt(c, line, col);
    if (got !== `${line}:${col} ${want}`) { failures++; console.log(`FAIL Constructs.hpj ${line}:${col}: ${got} (want ${want})`); }
  }
  const j25 = fs.readFileSync(sources['Java25.hpj'], 'utf8');
  for (const [[line, col], want] of [
    [at(j25, 'import module java.base', 'module'), '"module" keyword.other.module.hpjava'],
    [at(j25, 'import module java.base', 'java.base'), '"java.base" entity.name.package.hpjava'],
    [at(j25, 'import module.pkg.Type', 'module'), '"module.pkg.Type" entity.name.package.hpjava'],
    [at(j25, 'int _ :', '_'), '"_" keyword.other.unnamed.hpjava'],
    [at(j25, 'int a, _)', '_'), '"_" keyword.other.unnamed.hpjava'],
    [at(j25, 'forEach(_ ->', '_'), '"_" keyword.other.unnamed.hpjava'],
    [at(j25, 'on (p)'), '"on" keyword.control.hpjava'],
  ]) {
    const got = scopesAt(tokensOf['Java25.hpj'], line, col);
    if (got !== `${line}:${col} ${want}`) { failures++; console.log(`FAIL Java25.hpj ${line}:${col}: ${got} (want ${want})`); }
  }
  if (failures) { console.log(`${failures} failure(s); if the grammar change is intended: npm run update-golden`); process.exit(1); }
  console.log(update ? 'goldens updated' : 'grammar: all token files match');
}

main().catch((e) => { console.error(e); process.exit(1); });
