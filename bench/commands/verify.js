'use strict';

const { temporaryFolderProblem } = require('../../lib/temporary-folder');
const { afterHelp } = require('../help-text');
const { Option } = require('commander');
const { problemNamed } = require('../../lib/problems');
const { renderVerdict } = require('../../lib/verify');
const { verifyFenced, cancelFenced } = require('../../lib/verify-fenced');
const { CANCEL_MEANS, KEEPS, NO_ABORT_CONTROLLER, kindOf, worse, hearingText } = require('../../lib/conformance');
const { VERIFIABLE, DEFAULT_PROBLEM, styleOptions, resolveStyle, ownEntry, refuseUnloadable } = require('../own-examples');
const { Failed, UsageError, parseChoice } = require('../usage');
const { interruptible } = require('../interrupt');

// `asyncmark verify FILE`: the whole conformance suite of a problem, every
// case its registered examples face against the same reference, run on a file
// of one's own. Each failing case is printed with the first difference of its
// trace; exit code 1 when any fails, 0 when every case passes. Then, for a
// problem with a cancel case, what the file does when its caller gives up at
// every cancel point by --cancel's means, judged by the cancel contract: exit
// code 1 too when it breaks the contract, or, for a registered example, when
// it does worse than its registry's onCancel declares.

function resolveOptions(file, options) {
  const problem = parseChoice('--problem', options.problem ?? DEFAULT_PROBLEM, VERIFIABLE);
  const entry = ownEntry(file, resolveStyle(options, problem), problem, 'FILE');
  // A registered example is held to its registry's declaration, by its own means unless --cancel says.
  const registered = problemNamed(problem).registry.examples.find((e) => e.file === entry.file && e.cancel !== undefined);
  if (registered && options.cancel === undefined) entry.cancel = registered.cancel;
  const declared = registered ? registered.onCancel : KEEPS;
  return { problem, entry, declared, full: Boolean(options.full) };
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

// How the caller gave up: the points of cancel.js, then the uses of cancel-uses.js.
const GIVES_UP = {
  signal:
    'aborted its signal before start, while each operation was in flight and turns after each completed, with many uploads at once, one signal shared by two, AbortSignal.timeout and AbortSignal.any',
  unsubscribe: 'unsubscribed while each operation was in flight and turns after each completed, with many uploads at once',
  halt: 'halted its task while each operation was in flight and turns after each completed, with many uploads at once',
};

// The cancel outcome in a line, with how the caller gave up, and whether it
// fails verify; null for a problem without a cancel case.
async function cancelVerdict({ problem, entry, declared }) {
  if (!problemNamed(problem).model.CANCEL) return null;
  const { outcome, hearing } = await cancelFenced(problem, entry, { declared });
  // How soon its caller hears, beside the grade: what a caller may expect, and the times measured.
  const hears = hearingText(hearing);
  if (!entry.cancel)
    return {
      line: `on cancel: ${outcome}; --cancel ${CANCEL_MEANS.slice(0, -1).join(', ')} or ${CANCEL_MEANS.at(-1)} says how the file is cancelled`,
      failure: null,
    };
  const kind = kindOf(outcome);
  if (kind === null) {
    // The case could not run, which the file is to blame for, unless the runtime lacks AbortController.
    if (outcome === NO_ABORT_CONTROLLER) return { line: `on cancel: ${outcome}`, failure: null };
    return { line: `FAIL on cancel: ${outcome}`, failure: 'the cancel case did not run' };
  }
  const how = `its caller ${GIVES_UP[entry.cancel]}${declared === KEEPS ? '' : `; its registry declares ${declared}`}`;
  if (!worse(kind, declared)) return { line: `on cancel: ${outcome}${hears ? `; ${hears}` : ''} (${how})`, failure: null };
  // A breach, or worse than declared, fails, and the line says so as a failing case's does.
  const why = declared === KEEPS ? 'it breaks the cancel contract' : `it does worse than its registry declares (${declared})`;
  return { line: `FAIL on cancel: ${outcome}: ${why} (${how})`, failure: `on cancel ${why}` };
}

// Ctrl-C, SIGTERM or SIGHUP ends the child and what the file started, and the command.
const interruptibly = (task) => interruptible(task, { progress: { stop() {} }, note: 'interrupted; the verification did not finish' });

async function action(file, options) {
  const settings = resolveOptions(file, options);
  // A temporary folder that cannot hold a run's files is said before anything runs.
  const noRoom = temporaryFolderProblem();
  if (noRoom) throw new UsageError(noRoom);
  // The file runs in a child with a time limit per case, never in this process.
  const verdict = await interruptibly(() => verifyFenced(settings.problem, settings.entry));
  const refused = refuseUnloadable(verdict, file, settings.problem, 'FILE');
  if (refused) throw refused;
  const onCancel = await interruptibly(() => cancelVerdict(settings));
  process.stdout.write(
    heading(settings, verdict.reference) +
      renderVerdict(verdict, { full: settings.full }) +
      everyCaseFails(verdict, settings) +
      (onCancel ? `${onCancel.line}\n` : ''),
  );
  const failures = [];
  if (verdict.failures.length > 0) failures.push(`${verdict.failures.length} of ${verdict.total} cases fail`);
  if (onCancel && onCancel.failure) failures.push(onCancel.failure);
  if (failures.length > 0) throw new Failed(failures.join('; '));
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
      afterHelp({
        examples: [
          'npx asyncmark verify my-style.js --io promises',
          'npx asyncmark verify my-style.js --io callbacks --throws caught',
          'npx asyncmark verify my-style.js --io promises --cancel signal',
        ],
        long: `
The file is run in a child process against the simulated I/O with tick
latency, case by case, each case within 10 s: a file that ends the process,
hangs or throws from a timer fails that case with the reason. Whatever the
file starts is ended with its child, and only the child's own sealed messages
count: nothing the file prints can pass for a verdict (docs/explanation/methods.md,
Safety: a fence against mistakes, not an attacker). The cases: success and a failure at every operation in every mode, in every
branch, several uploads at once, twice in a row, varied paths, completions one
by one (see docs/architecture.md, lib/conformance/). Each failing case is
printed with the first event where its trace parts from the expected one and
both traces around it, then a line "N of M cases pass". Exit code 0 when every
case passes, 1 when one fails, 2 on bad input. A file that passes can be
benched beside the registered examples: asyncmark bench --add FILE.

Then the cancel case, in a child of its own within 30 s: by --cancel's means, the caller
gives up before the upload starts (an already-aborted signal), while each
operation of each branch is in flight, the commit included, and 0 to 4
microtasks and 1 to 2 macrotasks after each operation completed; 12 uploads
run at once, some aborted and some not; one signal is shared by two uploads;
and AbortSignal.timeout and AbortSignal.any abort it on real timers. After
every answer the process is kept alive until every timer the upload set has
fired, and each signal not yet aborted is aborted. The cancel contract judges
what follows (docs/explanation/conformance.md): no write after the abort; rolled back,
unless the commit was already issued and the caller is told it committed; the
caller hears the signal's reason within one I/O step; an already-aborted signal
issues no I/O and is answered later, never by a throw or a callback before the
call returns; an upload not aborted commits and hears success; it settles
exactly once, and then issues nothing and leaves no listener on its signal. The
line "on cancel:" says "keeps the contract" or the worst breach and where
("writes after the abort at version.insert (file found)"), and a breach
makes the exit code 1. A file registered in examples/<problem>/ is cancelled
by its registry's means unless --cancel says, and fails only when it does
worse than its registry's onCancel declares. Without --cancel any other file
is n/a (no means to cancel), and nothing is run.

Examples:
  cp examples/doxbee/async-await.js my-style.js     # then change it
  asyncmark verify my-style.js --io promises
  asyncmark verify my-style.js --io callbacks --throws caught
  asyncmark verify my-parallel.js --problem parallel --io bluebird --on-failure wait-all
  asyncmark verify my-style.js --io promises --cancel signal
  asyncmark verify my-rx.js --io observables --cancel unsubscribe
`,
      }),
    )
    .action(action);
}

module.exports = { register, resolveOptions, cancelVerdict };
