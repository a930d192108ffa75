'use strict';

const { Option } = require('commander');
const { problemNamed } = require('../../lib/problems');
const { renderVerdict } = require('../../lib/verify');
const { verifyFenced, cancelFenced } = require('../../lib/verify-fenced');
const { CANCEL_MEANS, CANCEL_OUTCOMES } = require('../../lib/conformance');
const { VERIFIABLE, DEFAULT_PROBLEM, styleOptions, resolveStyle, ownEntry, refuseUnloadable } = require('../own-examples');
const { Failed, parseChoice } = require('../usage');
const { interruptible } = require('../interrupt');

// `asyncmark verify FILE`: the whole conformance suite of a problem, every
// case its registered examples face against the same reference, run on a file
// of one's own. Each failing case is printed with the first difference of its
// trace; exit code 1 when any fails, 0 when every case passes. Then, for a
// problem with a cancel case, what the file does when its caller gives up
// mid-upload by --cancel's means: an outcome recorded, as bench's "on cancel"
// column records it, not a case that fails.

function resolveOptions(file, options) {
  const problem = parseChoice('--problem', options.problem ?? DEFAULT_PROBLEM, VERIFIABLE);
  const entry = ownEntry(file, resolveStyle(options, problem), problem, 'FILE');
  return { problem, entry, full: Boolean(options.full) };
}

// What was verified, the inferred options said as plainly as the given ones.
function heading({ problem, entry }, reference) {
  const concurrent = problemNamed(problem).model.CONCURRENT;
  const style = `call ${entry.call}, io ${entry.io}, throws ${entry.throws}${concurrent ? `, on failure ${entry.onFailure}` : ''}`;
  return `verify ${entry.name} (${entry.file}) as a ${problem} example (${style}) against the reference ${reference}\n\n`;
}

// When no case passes, the likelier cause is how the file was given (its
// problem, flavour or convention) rather than each case: say so once.
function everyCaseFails({ passed, total }, { problem, entry }) {
  if (passed > 0 || total === 0) return '';
  return `no case passes: is ${entry.name} a ${problem} example (--problem), given the I/O it is written for (--io ${entry.io}) and called as it is written (--call ${entry.call})?\n`;
}

const GIVES_UP = { signal: 'aborted its signal', unsubscribe: 'unsubscribed' };

// The cancel outcome in a line, with how and where the caller gave up; null
// for a problem without a cancel case.
async function cancelLine({ problem, entry }) {
  const { CANCEL } = problemNamed(problem).model;
  if (!CANCEL) return null;
  const outcome = await cancelFenced(problem, entry);
  if (!entry.cancel) return `on cancel: ${outcome}; --cancel ${CANCEL_MEANS.join(' or ')} says how the file is cancelled`;
  if (!Object.values(CANCEL_OUTCOMES).includes(outcome)) return `on cancel: ${outcome}`;
  return `on cancel: ${outcome} (its caller ${GIVES_UP[entry.cancel]} while ${CANCEL.during} was in flight)`;
}

// Ctrl-C, SIGTERM or SIGHUP ends the child and what the file started, and the command.
const interruptibly = (task) => interruptible(task, { progress: { stop() {} }, note: 'interrupted; the verification did not finish' });

async function action(file, options) {
  const settings = resolveOptions(file, options);
  // The file runs in a child with a time limit per case, never in this process.
  const verdict = await interruptibly(() => verifyFenced(settings.problem, settings.entry));
  const refused = refuseUnloadable(verdict, file, settings.problem, 'FILE');
  if (refused) throw refused;
  const onCancel = await interruptibly(() => cancelLine(settings));
  process.stdout.write(
    heading(settings, verdict.reference) +
      renderVerdict(verdict, { full: settings.full }) +
      everyCaseFails(verdict, settings) +
      (onCancel ? `${onCancel}\n` : ''),
  );
  if (verdict.failures.length > 0) throw new Failed(`${verdict.failures.length} of ${verdict.total} cases fail`);
}

function register(program) {
  const command = program
    .command('verify')
    .description('run the whole conformance suite on a file of your own: every case the registered examples of a problem face, against the same reference')
    .argument('<file>', 'the example to verify: a module exporting (io) => upload, shaped like examples/<problem>/*.js')
    .addOption(new Option('--problem <name>', `the problem it solves: ${VERIFIABLE.join(', ')}`).default(DEFAULT_PROBLEM));
  for (const option of styleOptions()) command.addOption(option);
  command
    .option('--full', 'print whole traces of a failing case, not only the events around the first difference')
    .addHelpText(
      'after',
      `
The file is run in a child process against the simulated I/O with tick
latency, case by case, each case within 10 s: a file that ends the process,
hangs or throws from a timer fails that case with the reason. Whatever the
file starts is ended with its child, and only the child's own sealed messages
count: nothing the file prints can pass for a verdict (see the README's
threat model: a fence against mistakes, not an attacker). The cases: success and a failure at every operation in every mode, in every
branch, several uploads at once, twice in a row, varied paths, completions one
by one (see docs/architecture.md, lib/conformance/). Each failing case is
printed with the first event where its trace parts from the expected one and
both traces around it, then a line "N of M cases pass". Exit code 0 when every
case passes, 1 when one fails, 2 on bad input. A file that passes can be
benched beside the registered examples: asyncmark bench --add FILE.

Then the cancel case, in a child of its own: the caller gives up while the
upload is mid-way (doxbee: while version.insert is in flight) by --cancel's
means, and the line "on cancel:" says what the file then does: rolls back,
commits anyway, or leaves open (neither commits nor rolls back). Without
--cancel it is n/a (no means to cancel), and nothing is run. The outcome is
recorded, as bench's "on cancel" column records it; it does not change the
exit code.

Examples:
  cp examples/doxbee/async-await.js my-style.js     # then change it
  asyncmark verify my-style.js --io promises
  asyncmark verify my-style.js --io callbacks --throws caught
  asyncmark verify my-parallel.js --problem parallel --io bluebird --on-failure wait-all
  asyncmark verify my-style.js --io promises --cancel signal
  asyncmark verify my-rx.js --io observables --cancel unsubscribe
`,
    )
    .action(action);
}

module.exports = { register, resolveOptions };
