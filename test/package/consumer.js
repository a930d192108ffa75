'use strict';

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { execFile } = require('node:child_process');
const { createRequire } = require('node:module');

// What the package tests share: a consumer's folder, where asyncmark is
// installed as npm would install it (node_modules/asyncmark, its bin linked
// in node_modules/.bin), so that every import resolves through the package's
// exports map and its declarations as a real user's does; and the type check
// of TypeScript files in that folder by the pinned compiler.

const ROOT = path.join(__dirname, '..', '..');
const TSC = path.join(path.dirname(require.resolve('typescript/package.json')), 'bin', 'tsc');

// A temporary folder with packageDir installed as asyncmark (by a symlink, as
// npm link does); remove() deletes it.
function createConsumer(packageDir = ROOT) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'asyncmark-consumer-'));
  const modules = path.join(dir, 'node_modules');
  fs.mkdirSync(path.join(modules, '.bin'), { recursive: true });
  fs.symlinkSync(packageDir, path.join(modules, 'asyncmark'), 'dir');
  const { bin } = JSON.parse(fs.readFileSync(path.join(packageDir, 'package.json'), 'utf8'));
  for (const [name, file] of Object.entries(bin ?? {})) {
    fs.symlinkSync(path.join('..', 'asyncmark', file), path.join(modules, '.bin', name));
  }
  return {
    dir,
    /** Writes a file of the consumer's, returning its path. */
    write(name, text) {
      const file = path.join(dir, name);
      fs.writeFileSync(file, text);
      return file;
    },
    /** Copies a fixture into the consumer's folder, returning its path. */
    copy(fixture) {
      const file = path.join(dir, path.basename(fixture));
      fs.copyFileSync(fixture, file);
      return file;
    },
    /** require.resolve as a module in the consumer's folder. */
    resolve: (specifier) => createRequire(path.join(dir, 'index.js')).resolve(specifier),
    remove: () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}

// Runs a file with node (or any executable) in dir: { status, stdout, stderr }.
function run(command, args, dir, { timeoutMs = 60000 } = {}) {
  return new Promise((resolve) => {
    execFile(command, args, { cwd: dir, timeout: timeoutMs, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      resolve({ status: error ? (error.code ?? 1) : 0, stdout, stderr });
    });
  });
}

// Type-checks files of a consumer's folder as a project strict, with Node's
// module resolution and no ambient types: { status, output, errorsOf(name) },
// errorsOf giving the diagnostics of one file, one per line.
async function typeCheck(consumer, files) {
  const compilerOptions = { strict: true, module: 'nodenext', moduleResolution: 'nodenext', target: 'es2022', noEmit: true, types: [] };
  consumer.write('tsconfig.json', JSON.stringify({ compilerOptions, files }, null, 2));
  const { status, stdout, stderr } = await run(process.execPath, [TSC, '-p', consumer.dir, '--pretty', 'false'], consumer.dir);
  const output = stdout + stderr;
  const lines = output.split('\n');
  return { status, output, errorsOf: (name) => lines.filter((line) => line.startsWith(`${name}(`)) };
}

// The README's fenced block of `language` whose first line is `firstLine`.
function readmeBlock(language, firstLine) {
  const readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');
  const blocks = [...readme.matchAll(new RegExp(`\`\`\`${language}\n([\\s\\S]*?)\`\`\``, 'g'))].map((match) => match[1]);
  const found = blocks.filter((block) => block.startsWith(`${firstLine}\n`));
  if (found.length !== 1) throw new Error(`README.md has ${found.length} \`\`\`${language} blocks that begin ${JSON.stringify(firstLine)}; expected 1`);
  return found[0];
}

// A string type of TypeScript: the values, each quoted, in a union.
function union(values) {
  return values.length === 0 ? 'never' : values.map((value) => JSON.stringify(value)).join(' | ');
}

// TypeScript that fails to compile unless the type `declared` (an expression
// of types) has exactly the values of `actual`, naming in its error what
// either lacks: "'none'" is not assignable to the names missing.
function sameUnion(label, declared, actual) {
  const id = label.replace(/\W/g, '_');
  return [
    `type Actual_${id} = ${union(actual)};`,
    `export const undeclared_${id}: OrNone<Exclude<Actual_${id}, ${declared}>> = 'none';`,
    `export const notAtRuntime_${id}: OrNone<Exclude<${declared}, Actual_${id}>> = 'none';`,
  ].join('\n');
}

const OR_NONE = "type OrNone<T> = [T] extends [never] ? 'none' : T;";

module.exports = { ROOT, createConsumer, run, typeCheck, readmeBlock, union, sameUnion, OR_NONE };
