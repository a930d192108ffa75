'use strict';

const assert = require('node:assert/strict');
const path = require('node:path');
const problems = require('../../examples');
const doxbeeFixtures = require('../fixtures/doxbee');
const parallelFixtures = require('../fixtures/parallel');
const { VERIFIABLE, callFor, throwsFor, entryForFile, createVerifier, renderVerdict, firstFailure, eventText } = require('../../lib/verify');
const { lacking } = require('../../lib/runtimes/syntax');

const FIXTURES = { doxbee: doxbeeFixtures, parallel: parallelFixtures };

describe('verify: an example given by its file', () => {
  it('is named after its file and loads it', () => {
    const file = path.join(__dirname, '..', '..', 'examples', 'doxbee', 'async-await.js');
    const entry = entryForFile(path.relative(process.cwd(), file), { io: 'promises' });
    assert.equal(entry.name, 'async-await');
    assert.equal(entry.file, file);
    assert.equal(entry.load(), require(file));
  });

  it('infers the call from the flavour and the throw behaviour from the call, as the registered examples have them', () => {
    for (const problem of VERIFIABLE) {
      for (const example of problems[problem].examples) {
        // generators-gens calls back over thunks: it must say so (--call callback).
        if (example.name !== 'generators-gens') assert.equal(callFor(example.io), example.call, `${problem}/${example.name}`);
        // A callback style that catches (the generator runners: resume, suspend, genny, streamline) must say so (--throws caught).
        if (!(example.call === 'callback' && example.throws === 'caught')) assert.equal(throwsFor(example.call), example.throws, `${problem}/${example.name}`);
      }
    }
    const style = ({ call, io, throws, onFailure }) => ({ call, io, throws, onFailure });
    assert.deepEqual(style(entryForFile('x.js', { io: 'callbacks' })), { call: 'callback', io: 'callbacks', throws: 'escapes', onFailure: 'fail-fast' });
    assert.deepEqual(style(entryForFile('x.js', { io: 'observables' })), { call: 'observable', io: 'observables', throws: 'caught', onFailure: 'fail-fast' });
    assert.equal(entryForFile('x.js', { io: 'callbacks', throws: 'caught' }).throws, 'caught');
  });
});

describe('verify: the whole conformance suite', function () {
  this.timeout(60000);

  for (const problem of VERIFIABLE) {
    const verifier = createVerifier(problem);

    it(`passes every registered ${problem} example`, async () => {
      // An example that cannot run here (fibrous) has its reason instead of a verdict.
      // One in a syntax this node cannot parse is verified under a runtime that can (test/examples).
      for (const entry of problems[problem].examples.filter((e) => !e.unavailable && !lacking(e.needs, null))) {
        const verdict = await verifier.verify(entry);
        assert.deepEqual(
          verdict.failures.map((f) => `${f.name}: ${f.problems[0]}`),
          [],
          entry.name,
        );
        assert.equal(verdict.passed, verdict.total);
        assert.match(renderVerdict(verdict), new RegExp(`^${verdict.total} of ${verdict.total} cases pass\\n$`));
      }
    });

    it(`rejects every planted-bug fixture of ${problem}, each with a first failing case`, async () => {
      for (const [key, entry] of Object.entries(FIXTURES[problem])) {
        // One this node cannot parse would fail for that alone: test/examples checks it under a runtime that can.
        if (lacking(entry.needs, null)) continue;
        const verdict = await verifier.verify(entry);
        assert.ok(verdict.failures.length > 0, key);
        assert.equal(verdict.passed + verdict.failures.length, verdict.total);
        assert.match(firstFailure(verdict), /^[^\n]+: [^\n]+$/, key);
        assert.match(renderVerdict(verdict), new RegExp(`^FAIL [^]*\\n${verdict.passed} of ${verdict.total} cases pass\\n$`), key);
      }
    });
  }

  it('says which case failed, where its trace first parts from the expected one, and both traces around it', async () => {
    const verdict = await createVerifier('doxbee').verify(doxbeeFixtures.skipsFileUpdate);
    const text = renderVerdict(verdict);
    const first = text.slice(0, text.indexOf('\n\n'));
    assert.deepEqual(first.split('\n').slice(0, 3), [
      'FAIL file found, success',
      '  first difference at event 10',
      '    expected: call file.update {"tx":1,"where":{"id":"file-of:docs/2013/report.txt"},"values":{"version":"version-8b29bfc3"}}',
    ]);
    assert.match(first, /^ {4}actual: {3}call tx\.commit \{"tx":1\}$/m);
    assert.match(first, /^ {2}expected trace \(15 events\):\n {6}… events 0-6 not shown\n {7}7 complete version\.insert value=null$/m);
    assert.match(first, /^ {4}> 10 call file\.update /m);
    assert.match(
      first,
      /^ {2}actual trace \(13 events\):[^]*^ {4}> 10 call tx\.commit \{"tx":1\}\n {6}11 complete tx\.commit value=null\n {6}12 done error=null$/m,
    );
    assert.equal(firstFailure(verdict), 'file found, success: event 10 expected call file.update, got call tx.commit');
    assert.match(text, /\n70 of 124 cases pass\n$/);
  });

  it('names the upload and the fields that differ where uploads share an io', async () => {
    const verdict = await createVerifier('doxbee').verify(doxbeeFixtures.sharesStateBetweenUploads);
    const text = renderVerdict(verdict);
    assert.match(text, /^FAIL file found, several uploads at once, success\n {2}upload 1 of 3 \(notes\.md\): first difference at event 4\n/m);
    assert.match(text, /^ {4}differs in: args\.id, args\.blobId$/m);
  });

  it('holds a parallel example to the failure behaviour it declares', async () => {
    const verifier = createVerifier('parallel');
    const fixture = parallelFixtures.waitsForEveryInsert;
    const failFast = await verifier.verify(fixture);
    assert.match(failFast.failures[0].problems.join('\n'), /it is wait-all, but its registry entry says onFailure: fail-fast/);
    const waitAll = await verifier.verify({ ...fixture, onFailure: 'wait-all' });
    assert.deepEqual(waitAll.failures, []);
  });

  it('counts a case whose example cannot even be built as failing, with the reason', async () => {
    const broken = {
      ...entryForFile('broken.js', { io: 'promises' }),
      load: () => () => {
        throw new Error('no upload today');
      },
    };
    const verdict = await createVerifier('doxbee').verify(broken);
    assert.equal(verdict.passed, 0);
    assert.deepEqual(verdict.failures[0].problems, ['the case did not run: no upload today']);
    assert.equal(firstFailure(verdict), 'file found, success: the case did not run: no upload today');
  });
});

describe('verify: a verdict as text', () => {
  const event = (type, op, rest) => ({ type, ...(op ? { op } : {}), ...rest });

  it('writes an event as its kind, its arguments, then its other fields', () => {
    assert.equal(eventText(event('call', 'db.begin', { args: { tx: 1 } })), 'call db.begin {"tx":1}');
    assert.equal(eventText(event('complete', 'blob.put', { value: 'blob-1' })), 'complete blob.put value="blob-1"');
    assert.equal(eventText(event('done', null, { upload: 2, error: null })), 'done upload=2 error=null');
    assert.equal(eventText(null), '(nothing: the trace has ended)');
  });

  it('shows the whole traces with full, and a trace that ended early as nothing', () => {
    const a = event('call', 'db.begin', { args: { tx: 1 } });
    const b = event('done', null, { error: null });
    const verdict = {
      total: 2,
      passed: 1,
      failures: [
        {
          name: 'success',
          problems: ['the caller heard 0 times, expected exactly once', 'trace differs at event 1: expected {"type":"done","error":null}, got nothing'],
          traces: [{ label: null, expected: [a, b], actual: [a], difference: { index: 1, expected: b, actual: null } }],
        },
      ],
    };
    assert.equal(
      renderVerdict(verdict, { full: true }),
      [
        'FAIL success',
        '  the caller heard 0 times, expected exactly once',
        '  first difference at event 1',
        '    expected: done error=null',
        '    actual:   (nothing: the trace has ended)',
        '  expected trace (2 events):',
        '      0 call db.begin {"tx":1}',
        '    > 1 done error=null',
        '  actual trace (1 events):',
        '      0 call db.begin {"tx":1}',
        '    > 1 (nothing)',
        '',
        '1 of 2 cases pass',
        '',
      ].join('\n'),
    );
    assert.equal(firstFailure(verdict), 'success: event 1 expected done, got nothing');
    assert.equal(firstFailure({ ...verdict, failures: [] }), null);
  });
});
