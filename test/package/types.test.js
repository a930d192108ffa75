'use strict';

const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { createConsumer, typeCheck, sameUnion, OR_NONE } = require('./consumer');
const asyncmark = require('../../lib');
const { NAMES } = require('../../lib/fakes/flavours');
const { BARE } = require('../../examples/instrument/model');
const { FAMILIES } = require('../../lib/registry');
const { CONVENTIONS } = require('../../lib/invoke');

// The hand-written declarations (lib/index.d.ts, lib/index.d.mts) checked by
// the pinned TypeScript compiler, strict, with Node's module resolution, in a
// folder where asyncmark is installed: small consumers type-check, a type
// error is rejected, and files generated from the runtime fail to compile
// where the declarations and the runtime differ (exported names, the lists of
// names, every registry entry's fields). The compiler runs twice: once over
// every file in one program, whose errors are read file by file, and once
// against a package whose declarations lack an export.

const FIXTURES = path.join(__dirname, '..', 'fixtures', 'package');

// Which declared type holds the values of which runtime list.
const LISTS = {
  Flavour: NAMES,
  BareFlavour: Object.keys(BARE),
  '(typeof FLAVOURS)[number]': asyncmark.FLAVOURS,
  LatencyModel: asyncmark.LATENCY_MODELS,
  FaultMode: asyncmark.FAULT_MODES,
  Placement: asyncmark.PLACEMENTS,
  Order: asyncmark.ORDERS,
  Family: FAMILIES,
  Convention: CONVENTIONS,
  Workload: asyncmark.problems['http-server'].workloads,
};

const TYPE_NAMES = Object.keys(LISTS).filter((name) => /^\w+$/.test(name));

// A file that compiles only if the declared exports are the runtime's, by the
// TypeScript import of each module format.
function namesCheck(format, names) {
  const head = format === 'cts' ? "import asyncmark = require('asyncmark');" : "import * as asyncmark from 'asyncmark';";
  const declared = format === 'cts' ? 'keyof typeof asyncmark' : "Exclude<keyof typeof asyncmark, 'default'>";
  return [head, OR_NONE, sameUnion('exports', declared, names)].join('\n') + '\n';
}

// A file that compiles only if every list's declared type has the list's values.
function listsCheck(lists) {
  const lines = [`import type { ${TYPE_NAMES.join(', ')} } from 'asyncmark';`, "import { FLAVOURS } from 'asyncmark';", OR_NONE];
  for (const [type, values] of Object.entries(lists)) lines.push(sameUnion(type, type, values));
  return lines.join('\n') + '\n';
}

// A file that compiles only if every registry's fields, and every entry's,
// are what its problem's declared types allow: an undeclared field, a missing
// one or a value out of its type fails (JSON drops load and response, the
// functions).
function entriesCheck(registries) {
  const lines = ["import type { Problems } from 'asyncmark';"];
  Object.entries(registries).forEach(([problem, registry], i) => {
    const key = JSON.stringify(problem);
    const fields = JSON.stringify({ ...registry, examples: undefined });
    lines.push(`export const registry${i}: Omit<Problems[${key}], 'examples' | 'response'> = ${fields};`);
    lines.push(`export const entries${i}: Omit<Problems[${key}]['examples'][number], 'load'>[] = ${JSON.stringify(registry.examples, null, 1)};`);
  });
  return lines.join('\n') + '\n';
}

// The README's TypeScript snippet, with console declared (a user's project
// has Node's types; this check has none).
function readmeSnippet() {
  const readme = fs.readFileSync(path.join(__dirname, '..', '..', 'README.md'), 'utf8');
  const blocks = [...readme.matchAll(/```ts\n([\s\S]*?)```/g)].map((match) => match[1]);
  assert.equal(blocks.length, 1, 'the README has one TypeScript snippet');
  return `declare const console: { log(...values: unknown[]): void };\n${blocks[0]}`;
}

describe('package: TypeScript declarations', function () {
  let consumer;
  let check;

  before(async function () {
    consumer = createConsumer();
    const files = {
      'consumer.mts': consumer.copy(path.join(FIXTURES, 'consumer.mts')),
      'consumer.cts': consumer.copy(path.join(FIXTURES, 'consumer.cts')),
      'type-error.mts': consumer.copy(path.join(FIXTURES, 'type-error.mts')),
      'example.mts': consumer.copy(path.join(FIXTURES, 'example.mts')),
      'example.cts': consumer.copy(path.join(FIXTURES, 'example.cts')),
      'example-type-error.mts': consumer.copy(path.join(FIXTURES, 'example-type-error.mts')),
      'readme.mts': consumer.write('readme.mts', readmeSnippet()),
      'names.cts': consumer.write('names.cts', namesCheck('cts', Object.keys(asyncmark))),
      'names.mts': consumer.write('names.mts', namesCheck('mts', Object.keys(asyncmark))),
      'lists.mts': consumer.write('lists.mts', listsCheck(LISTS)),
      'entries.mts': consumer.write('entries.mts', entriesCheck(asyncmark.problems)),
      // Planted bugs, generated: the runtime as another branch may make it.
      'planted-flavour.mts': consumer.write('planted-flavour.mts', listsCheck({ ...LISTS, Flavour: [...NAMES, 'fibers'] })),
      'planted-entry.mts': consumer.write('planted-entry.mts', entriesCheck({ doxbee: plantedRegistry() })),
    };
    check = await typeCheck(consumer, Object.keys(files));
  });

  after(() => consumer?.remove());

  // The doxbee registry with a field on one entry that no declaration names.
  function plantedRegistry() {
    const registry = asyncmark.problems.doxbee;
    const [first, ...rest] = registry.examples;
    return { ...registry, examples: [{ ...first, warmStart: true }, ...rest] };
  }

  it('type-checks the ES module and CommonJS consumers, strict', function () {
    assert.deepEqual(check.errorsOf('consumer.mts'), [], check.output);
    assert.deepEqual(check.errorsOf('consumer.cts'), [], check.output);
  });

  it("type-checks the README's TypeScript snippet", function () {
    assert.deepEqual(check.errorsOf('readme.mts'), [], check.output);
  });

  it('rejects a consumer with a type error (the check type-checks)', function () {
    const errors = check.errorsOf('type-error.mts');
    assert.equal(errors.length, 1, check.output);
    assert.match(errors[0], /^type-error\.mts\(6,\d+\): error TS2345: Argument of type '"promise"' is not assignable to parameter of type 'Flavour'/);
    assert.notEqual(check.status, 0);
  });

  it('types the examples imported by their paths, and the registries by their folders (package.json exports, examples/*/example.d.ts)', function () {
    assert.deepEqual(check.errorsOf('example.mts'), [], check.output);
    assert.deepEqual(check.errorsOf('example.cts'), [], check.output);
  });

  it('rejects an upload called with a wrong argument, and a module of a problem that is not an example (no declaration)', function () {
    const errors = check.errorsOf('example-type-error.mts');
    assert.equal(errors.length, 2, check.output);
    assert.match(
      errors[0],
      /^example-type-error\.mts\(6,\d+\): error TS7016: Could not find a declaration file for module 'asyncmark\/examples\/doxbee\/model'/,
    );
    assert.match(errors[1], /^example-type-error\.mts\(9,\d+\): error TS2345: Argument of type 'number' is not assignable to parameter of type 'string'/);
  });

  it('declares no Node module, so that a project without @types/node type-checks them', function () {
    const nodeModules = (text) => text.match(/['"]node:[\w/]+['"]/g) ?? [];
    for (const file of ['lib/index.d.ts', 'lib/index.d.mts']) {
      assert.deepEqual(nodeModules(fs.readFileSync(path.join(__dirname, '..', '..', file), 'utf8')), [], file);
    }
    // Planted: the reference these declarations had.
    assert.deepEqual(nodeModules("export const uploadContext: import('node:async_hooks').AsyncLocalStorage<UploadStore>;"), ["'node:async_hooks'"]);
  });

  it('declares every export of the runtime and no other, for both module formats', function () {
    assert.deepEqual(check.errorsOf('names.cts'), [], check.output);
    assert.deepEqual(check.errorsOf('names.mts'), [], check.output);
  });

  it('declares the flavours, latency models, fault modes, families and the other lists as the runtime has them', function () {
    assert.deepEqual(check.errorsOf('lists.mts'), [], check.output);
  });

  it('fails when the runtime has a flavour the declarations lack (a branch adding one must declare it)', function () {
    const errors = check.errorsOf('planted-flavour.mts');
    assert.equal(errors.length, 1, check.output);
    assert.match(errors[0], /Type '"none"' is not assignable to type '"fibers"'/);
  });

  it('declares every field of every registry entry and of every registry', function () {
    assert.deepEqual(check.errorsOf('entries.mts'), [], check.output);
  });

  it('fails when a registry entry has a field the declarations lack', function () {
    const errors = check.errorsOf('planted-entry.mts');
    assert.equal(errors.length, 1, check.output);
    assert.match(errors[0], /'"warmStart"' does not exist in type 'Omit<BatchEntry, "load">'/);
  });

  it('names the export a declaration lacks', async function () {
    const planted = createConsumer(path.join(FIXTURES, 'missing-declaration'));
    try {
      planted.write('names.cts', namesCheck('cts', Object.keys(asyncmark)));
      const result = await typeCheck(planted, ['names.cts']);
      const errors = result.errorsOf('names.cts');
      assert.equal(errors.length, 1, result.output);
      assert.match(errors[0], /Type '"none"' is not assignable to type '"invoke"'/);
    } finally {
      planted.remove();
    }
  });
});
