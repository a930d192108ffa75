'use strict';

const { Option } = require('commander');
const { problemNamed } = require('../../lib/problems');
const { renderVerdict } = require('../../lib/verify');
const { verifyFenced } = require('../../lib/verify-fenced');
const { VERIFIABLE, DEFAULT_PROBLEM, styleOptions, resolveStyle, ownEntry, refuseUnloadable } = require('../own-examples');
const { Failed, parseChoice } = require('../usage');

// `asyncmark verify FILE`: the whole conformance suite of a problem, every
// case its registered examples face against the same reference, run on a file
// of one's own. Each failing case is printed with the first difference of its
// trace; exit code 1 when any fails, 0 when every case passes.

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

async function action(file, options) {
  const settings = resolveOptions(file, options);
  // The file runs in a child with a time limit per case, never in this process.
  const verdict = await verifyFenced(settings.problem, settings.entry);
  const refused = refuseUnloadable(verdict, file, settings.problem, 'FILE');
  if (refused) throw refused;
  process.stdout.write(heading(settings, verdict.reference) + renderVerdict(verdict, { full: settings.full }));
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
hangs or throws from a timer fails that case with the reason. The cases: success and a failure at every operation in every mode, in every
branch, several uploads at once, twice in a row, varied paths, completions one
by one (see docs/architecture.md, lib/conformance/). Each failing case is
printed with the first event where its trace parts from the expected one and
both traces around it, then a line "N of M cases pass". Exit code 0 when every
case passes, 1 when one fails, 2 on bad input. A file that passes can be
benched beside the registered examples: asyncmark bench --add FILE.

Examples:
  cp examples/doxbee/async-await.js my-style.js     # then change it
  asyncmark verify my-style.js --io promises
  asyncmark verify my-style.js --io callbacks --throws caught
  asyncmark verify my-parallel.js --problem parallel --io bluebird --on-failure wait-all
`,
    )
    .action(action);
}

module.exports = { register, resolveOptions };
