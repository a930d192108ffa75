'use strict';

// A child process that runs the conformance suite (lib/verify.js) on a file
// of one's own, case by case from `from`, so that what the file does to its
// process (ends it, hangs it, throws from a timer) ends only this child; see
// lib/verify-fenced.js, its parent. It sends one message per event on a
// descriptor of its own, sealed with the run's nonce (lib/runner/child/channel.js),
// never a line on stdout, so that nothing the file prints or sends is taken for a verdict:
// { ready } as it is about to load the file (its time limit starts there),
// { loaded } or { loadError } next, then { start: i } and { case: i, result } per case;
// or, asked for the cancel case instead, { onCancel, hearing } with its outcome and how soon its caller hears; then { done }.

const { sealedSender, lastWord } = require('./runner/child/channel');

// Taken before the file is loaded: only this child's own messages carry it.
const send = sealedSender();
const say = (message) => new Promise((resolve) => send(message, resolve));

const { createVerifier, entryForFile } = require('./verify');
const { cases, observeCancel, kindOf, worse, HEAR_AT_T } = require('./conformance');
const { problemNamed } = require('./problems');

async function main() {
  const { problem, file, style, from, cancel, declared } = JSON.parse(process.argv[2]);
  const entry = entryForFile(file, style);
  await say({ ready: true });
  let factory;
  try {
    factory = entry.load();
  } catch (error) {
    await say({ loadError: error instanceof Error ? error.message : String(error), syntax: error instanceof SyntaxError });
    return;
  }
  if (typeof factory !== 'function') {
    await say({ exports: factory === null ? 'null' : typeof factory });
    return;
  }
  say({ loaded: true });
  if (cancel) {
    // An outcome worse than declared fails, and its line shows no times: its caller's wait at
    // each latency (t=300 ms operations: seconds) is not timed for nothing.
    const hearAt = (outcome) => (declared !== undefined && worse(kindOf(outcome), declared) ? [] : HEAR_AT_T);
    const { outcome, hearing } = await observeCancel(entry, { problem, hearAt });
    await say({ onCancel: outcome, hearing });
    return;
  }
  const verifier = createVerifier(problem);
  const all = cases(problemNamed(problem).model);
  for (let i = from; i < all.length; i++) {
    say({ start: i });
    const { problems, traces } = await verifier.compareCase(entry, all[i]);
    say({ case: i, problems, traces });
  }
}

main().then(
  // The file may have left timers or sockets behind: the suite is over.
  () => say(lastWord({ done: true })).then(() => process.exit(0)),
  (error) => {
    process.stderr.write(`${error && error.stack ? error.stack : error}\n`);
    process.exit(1);
  },
);
