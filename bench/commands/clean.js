'use strict';

const { afterHelp } = require('../help-text');
const os = require('node:os');
const readline = require('node:readline/promises');
const { UsageError, Failed, refuse } = require('../usage');
const { findOrphans, describeOrphan, removeOrphan } = require('../../lib/database/orphans');
const { sessionSchemas, dropSessionSchema, whyLeft, sessionEnded } = require('../../lib/database/schemas');
const { releaseLock } = require('../../lib/database/session-lock');
const { redacted } = require('../../lib/database/session');
const { maskSecrets } = require('../../lib/database/connection');
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
  if (!(await confirmed(options, orphans.length, 'npx asyncmark clean'))) return;
  for (const orphan of orphans) {
    await removeOrphan(orphan);
    write(`removed ${orphan.folder}`);
  }
}

function describeSchema({ schema, mark }, ended) {
  const whose = `session ${mark.id}, pid ${mark.pid} on ${mark.host}, started ${mark.started}`;
  if (mark.lock)
    return `${schema}: ${whose}: ${ended ? 'its session has ended (its lock is free): an orphan' : 'its session still runs (it holds its lock); not removed'}`;
  if (ended) return `${schema}: ${whose}: an older asyncmark's session that has ended (an orphan)`;
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
  // The ended sessions' locks are held from the listing to the drop, so that no session can take one meanwhile.
  const held = [];
  try {
    const { marked, unmarked } = await sessionSchemas(client);
    const orphans = [];
    if (marked.length === 0) write(`no asyncmark session schemas in ${redacted(url)}`);
    else write(`asyncmark session schemas in ${redacted(url)}:`);
    for (const entry of marked) {
      const ended = await sessionEnded(client, entry.mark);
      if (ended && entry.mark.lock) held.push(entry.mark.id);
      if (ended) orphans.push(entry);
      write(`  ${describeSchema(entry, ended)}`);
    }
    for (const schema of unmarked) write(`  ${schema}: named like asyncmark's but without its mark: not asyncmark's, never touched`);
    if (orphans.length === 0) return;
    if (!(await confirmed(options, orphans.length, `npx asyncmark clean --db ${redacted(url)}`))) return;
    const left = [];
    for (const entry of orphans) {
      const outcome = await dropSessionSchema(client, entry);
      if (outcome.dropped) write(`removed ${entry.schema}`);
      else if (outcome.why === 'mark') write(`${entry.schema}: its mark changed since it was listed: left as it is`);
      else left.push(`${entry.schema} is left, nothing of it dropped: ${whyLeft(outcome)}`);
    }
    for (const line of left) process.stderr.write(`asyncmark: ${line}\n`);
    if (left.length) throw new Failed(left.join('\n'));
  } finally {
    for (const id of held) await releaseLock(client, id).catch(() => {});
    await client.end().catch(() => {});
  }
}

function parseUrl(text) {
  const allowed = 'a postgres:// or postgresql:// URL of your own server';
  if (!/^postgres(ql)?:\/\//.test(text)) throw refuse('--db', maskSecrets(text), allowed);
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
  this user (for root, also by the user postgres), whose session no longer holds the lock
  on its lock file; a schema asyncmark_<id> whose COMMENT is a session's mark and whose
  session no longer holds its advisory lock. A live session proves it lives by its lock,
  from any host, container or PID namespace. (What an older asyncmark made, without a
  lock, is judged by its record's host and pid.) A live session's folder or schema, and
  anything without the mark, are listed at most and never removed; a schema is removed
  object by object, never with CASCADE, and one that your own objects depend on is left,
  with what depends on it.

Examples:
  npx asyncmark clean                              list, then ask before removing
  npx asyncmark clean --yes                        remove without asking
  npx asyncmark clean --db postgres://me@host/db   the same for a database's session schemas
`,
      }),
    )
    .action(action);
}

module.exports = { register };
