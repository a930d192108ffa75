'use strict';

const { afterHelp } = require('../help-text');
const os = require('node:os');
const readline = require('node:readline/promises');
const { UsageError, refuse } = require('../usage');
const { findOrphans, describeOrphan, removeOrphan } = require('../../lib/database/orphans');
const { sessionSchemas, dropSessionSchema } = require('../../lib/database/schemas');
const { isOrphan } = require('../../lib/database/mark');
const { redacted } = require('../../lib/database/session');
const { requireOptional } = require('../../lib/optional-dependency');

// `asyncmark clean`: what earlier sessions left because they died before
// they could remove it, listed, and removed once the person says so (--yes,
// or an answer at the terminal). Without --db: this machine's temporary
// folders of PostgreSQL servers (stopped first if still running) and PGlite
// templates. With --db URL: the session schemas in that database, by their
// mark; a schema without the mark is never touched.

const write = (line) => process.stdout.write(`${line}\n`);

// Whether to remove what was listed: --yes, or a yes typed at a terminal.
// Without a terminal and without --yes, nothing is removed.
async function confirmed(options, count, command) {
  if (options.yes) return true;
  if (!process.stdin.isTTY) {
    write(`nothing removed: run ${command} --yes to remove ${count === 1 ? 'it' : `these ${count}`}`);
    return false;
  }
  // The terminal echoes the answer itself: no line editing, so no cursor codes.
  const prompt = readline.createInterface({ input: process.stdin, output: process.stderr, terminal: false });
  try {
    const answer = await prompt.question(`remove ${count === 1 ? 'it' : `these ${count}`}? [y/N] `);
    if (/^y(es)?$/i.test(answer.trim())) return true;
  } finally {
    prompt.close();
  }
  write('nothing removed');
  return false;
}

async function cleanFolders(options) {
  const orphans = findOrphans();
  if (orphans.length === 0) {
    write(`nothing left by earlier sessions in ${os.tmpdir()}`);
    return;
  }
  write(`left by earlier sessions in ${os.tmpdir()}:`);
  for (const orphan of orphans) write(`  ${describeOrphan(orphan)}`);
  if (!(await confirmed(options, orphans.length, 'asyncmark clean'))) return;
  for (const orphan of orphans) {
    await removeOrphan(orphan);
    write(`removed ${orphan.folder}`);
  }
}

function describeSchema({ schema, mark }) {
  const whose = `session ${mark.id}, pid ${mark.pid} on ${mark.host}, started ${mark.started}`;
  if (isOrphan(mark)) return `${schema}: ${whose}: its session has ended (an orphan)`;
  if (mark.host !== os.hostname()) return `${schema}: ${whose}: another machine's session, which may still run; not removed`;
  return `${schema}: ${whose}: its session still runs; not removed`;
}

async function cleanDatabase(url, options) {
  const pg = requireOptional('pg', 'clean --db');
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10000 });
  // A server that goes away while listed is said in one line, not thrown from an event.
  client.on('error', () => {});
  try {
    await client.connect();
  } catch (error) {
    await client.end().catch(() => {});
    throw new UsageError(`--db: cannot connect to ${redacted(url)}: ${error.message}`);
  }
  try {
    const { marked, unmarked } = await sessionSchemas(client);
    const orphans = marked.filter(({ mark }) => isOrphan(mark));
    if (marked.length === 0) write(`no asyncmark session schemas in ${redacted(url)}`);
    else write(`asyncmark session schemas in ${redacted(url)}:`);
    for (const entry of marked) write(`  ${describeSchema(entry)}`);
    for (const schema of unmarked) write(`  ${schema}: named like asyncmark's but without its mark: not asyncmark's, never touched`);
    if (orphans.length === 0) return;
    if (!(await confirmed(options, orphans.length, `asyncmark clean --db ${redacted(url)}`))) return;
    for (const entry of orphans) {
      const dropped = await dropSessionSchema(client, entry);
      write(dropped ? `removed ${entry.schema}` : `${entry.schema}: its mark changed since it was listed: left as it is`);
    }
  } finally {
    await client.end().catch(() => {});
  }
}

function parseUrl(text) {
  const allowed = 'a postgres:// or postgresql:// URL of your own server';
  if (!/^postgres(ql)?:\/\//.test(text)) throw refuse('--db', text, allowed);
  try {
    new URL(text);
  } catch {
    throw new UsageError(`--db: a value that does not parse as a URL (not shown: it may hold a password); expected ${allowed}`);
  }
  return text;
}

async function action(options) {
  if (options.db !== undefined) await cleanDatabase(parseUrl(String(options.db).trim()), options);
  else await cleanFolders(options);
}

function register(program) {
  program
    .command('clean')
    .description(
      'list what earlier sessions left behind when they died (a PostgreSQL server still running and its folder, PGlite templates, or, with --db, session schemas in your database), and remove it once you confirm',
    )
    .option('--yes', 'remove without asking (without it and without a terminal, only list)')
    .option('--db <url>', "a postgres:// URL: list and remove that database's asyncmark session schemas instead of this machine's folders")
    .addHelpText(
      'after',
      afterHelp({
        examples: ['npx asyncmark clean', 'npx asyncmark clean --yes', 'npx asyncmark clean --db postgres://me@host/db'],
        long: `
What is an orphan:
  a folder asyncmark-postgres-* or asyncmark-pglite-* in the temporary directory, made by
  this user (for root, also by the user postgres), whose owner record names a process of
  this machine that has ended (or, made by an older asyncmark, that has no record, is over
  a minute old, a day for PGlite's, and has no live process running it); a schema
  asyncmark_<id> whose COMMENT is a session's mark for this machine and a process that has
  ended. A live session's folder or schema, another machine's, and anything without the
  mark are listed at most and never removed. A bench session removes its orphans as it
  starts; clean is for seeing them first, and for a database of your own.

Examples:
  asyncmark clean                              list, then ask before removing
  asyncmark clean --yes                        remove without asking
  asyncmark clean --db postgres://me@host/db   the same for a database's session schemas
`,
      }),
    )
    .action(action);
}

module.exports = { register };
