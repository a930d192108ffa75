'use strict';

// The reference example is checked against the problem statement itself, written
// out by hand, so that the conformance suite does not merely compare examples
// with a reference that could be wrong.

const assert = require('node:assert/strict');
const doxbee = require('../../examples/doxbee');
const { observe } = require('../../lib/conformance');

const DOXBEE = { problem: 'doxbee' };
const reference = doxbee.examples.find((e) => e.name === doxbee.reference);
const ops = (trace) => trace.map((e) => `${e.type} ${e.op ?? ''}`.trim());

describe('reference example (callbacks-original)', () => {
  it('runs all steps in series when the file is not found, and hears after commit', async () => {
    const { trace, heard } = await observe(reference, { fileExists: false, fault: null }, DOXBEE);
    assert.deepEqual(ops(trace), [
      'call blob.create',
      'call db.begin',
      'call blob.put',
      'complete blob.put',
      'call file.get',
      'complete file.get',
      'call version.insert',
      'complete version.insert',
      'call file.createQuery',
      'complete file.createQuery',
      'call file.insert',
      'complete file.insert',
      'call fileVersion.insert',
      'complete fileVersion.insert',
      'call file.update',
      'complete file.update',
      'call tx.commit',
      'complete tx.commit',
      'done',
    ]);
    assert.equal(heard.length, 1);
    assert.equal(heard[0].error, null);
    const insert = trace.find((e) => e.type === 'call' && e.op === 'file.insert');
    assert.deepEqual(insert.args, { tx: 1, id: 'uuid-1', userAccountId: 'user-1', name: 'report.txt', version: insert.args.version });
    const version = trace.find((e) => e.type === 'call' && e.op === 'version.insert');
    assert.equal(version.args.previousId, null);
    assert.equal(version.args.dated, true);
    assert.equal(insert.args.version, version.args.id);
  });

  it('links the existing file when found, with its version as the previous one', async () => {
    const { trace } = await observe(reference, { fileExists: true, fault: null }, DOXBEE);
    assert.ok(!trace.some((e) => e.op === 'file.createQuery' || e.op === 'file.insert'));
    const version = trace.find((e) => e.type === 'call' && e.op === 'version.insert');
    assert.equal(version.args.previousId, 'version-of:docs/2013/report.txt');
    const link = trace.find((e) => e.type === 'call' && e.op === 'fileVersion.insert');
    assert.deepEqual(link.args, { tx: 1, fileId: 'file-of:docs/2013/report.txt', versionId: version.args.id });
    const update = trace.find((e) => e.type === 'call' && e.op === 'file.update');
    assert.deepEqual(update.args, { tx: 1, where: { id: 'file-of:docs/2013/report.txt' }, values: { version: version.args.id } });
  });

  it('rolls back and passes the very error on when blob.put fails', async () => {
    const fault = { op: 'blob.put', mode: 'callback', placement: 'timer' };
    const { trace, heard, injected } = await observe(reference, { fileExists: true, fault }, DOXBEE);
    assert.deepEqual(ops(trace).slice(2), ['call blob.put', 'complete blob.put', 'call tx.rollback', 'done', 'complete tx.rollback']);
    assert.equal(heard[0].error, injected[0]);
  });

  it('does not roll back a failed commit', async () => {
    const fault = { op: 'tx.commit', mode: 'callback', placement: 'continuation' };
    const { trace, heard, injected } = await observe(reference, { fileExists: true, fault }, DOXBEE);
    assert.ok(!trace.some((e) => e.op === 'tx.rollback'));
    assert.equal(heard[0].error, injected[0]);
  });

  it('lets a throw inside the timer escape as an uncaught exception', async () => {
    const fault = { op: 'file.update', mode: 'timer', placement: 'timer' };
    const { escaped, heard, injected } = await observe(reference, { fileExists: true, fault }, DOXBEE);
    assert.equal(heard.length, 0);
    assert.deepEqual(
      escaped.map((e) => e.type),
      ['uncaught'],
    );
    assert.equal(escaped[0].error, injected[0]);
  });

  it('throws a synchronous fault of its first operation to the caller', async () => {
    const fault = { op: 'blob.put', mode: 'sync', placement: 'call' };
    const { thrown, injected, heard } = await observe(reference, { fileExists: true, fault }, DOXBEE);
    assert.equal(thrown, injected[0]);
    assert.equal(heard.length, 0);
  });
});
