'use strict';

const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const net = require('node:net');
const { personServer, runCli, runHere, PERSON } = require('../database/person-server');
const { SCHEMA_SQL } = require('../../examples/doxbee/db');

// A hostile probe of --db URL, a skeptical person's: URLs that try to move a
// session or change its settings, URLs that do not parse, credentials from
// every place libpq reads them, and faults of the server itself. Each case
// runs the CLI as a person does and states how it must end: refused, with
// exit 2 and one line that names what refused it, or accepted; never a stack,
// never the password, and nothing written to the person's data. With
// HOSTILE_REPORT=1 the counts are printed at the end.

const BENCH = ['bench', '--scenario', 'doxbee-sequential', '--examples', 'callbacks-original', '--test', '--no-out', '--quiet'];
const BY = {
  url: "the URL's check (lib/database/connection.js)",
  kinds: "--db's kinds (bench/db-option.js)",
  pool: 'the pool check (lib/database/server-facts.js)',
  signature: "the check for asyncmark's objects (lib/database/server-facts.js)",
  connect: 'the server, at connection (the session says so in one line)',
  privilege: 'the privilege check (lib/database/server-facts.js)',
};

// A port nothing listens on.
function closedPort() {
  return new Promise((resolve) => {
    const holder = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = holder.address();
      holder.close(() => resolve(port));
    });
  });
}

describe('hostile probe: database URLs and server faults', function () {
  this.timeout(900000);
  let person;
  let clean;
  let folder;
  const outcomes = [];

  before(async () => {
    person = await personServer();
    clean = await person.checksum();
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'asyncmark-hostile-'));
    await person.admin("CREATE ROLE reader LOGIN PASSWORD 'reader-pw'");
    await person.admin('CREATE DATABASE left_behind OWNER person');
    const old = person.server.url.replace(/\/postgres$/, '/left_behind');
    const pg = require('pg');
    const client = new pg.Client({ connectionString: old });
    await client.connect();
    await client.query(SCHEMA_SQL);
    await client.end();
    await person.admin('CREATE DATABASE tampered OWNER person');
    const tampered = new pg.Client({ connectionString: person.server.url.replace(/\/postgres$/, '/tampered') });
    await tampered.connect();
    // A schema named like a session's, without its mark, holding asyncmark's functions.
    await tampered.query(`CREATE SCHEMA asyncmark_0000f00d; SET search_path TO asyncmark_0000f00d; ${SCHEMA_SQL}`);
    await tampered.end();
  });

  after(async () => {
    if (person) await person.close();
    if (folder) fs.rmSync(folder, { recursive: true, force: true });
    if (process.env.HOSTILE_REPORT) {
      const refused = outcomes.filter((o) => o.refusedBy);
      process.stdout.write(
        `\nhostile probe (database URLs and server faults): ${outcomes.length} cases, ${refused.length} refused, ${outcomes.length - refused.length} accepted\n`,
      );
      for (const o of outcomes) process.stdout.write(`  ${o.refusedBy ? `refused by ${o.refusedBy}` : 'accepted'}: ${o.name}\n`);
    }
  });

  const url = (query, who) => person.url(query, who);
  const cases = () => [
    // What a URL may not carry.
    {
      name: 'options -c search_path',
      db: () => url('options=-c%20search_path%3Dpublic'),
      by: 'url',
      line: /options "-c search_path=public" would change the session's settings/,
    },
    { name: 'options -csearch_path (no space)', db: () => url('options=-csearch_path%3Dpublic'), by: 'url', line: /would change the session's settings/ },
    { name: 'options --search_path', db: () => url('options=--search_path%3Dpublic'), by: 'url', line: /would change/ },
    {
      name: 'options endpoint= and -c search_path together',
      db: () => url('options=endpoint%3Dep-1%20-c%20search_path%3Dpublic'),
      by: 'url',
      line: /would change/,
    },
    { name: 'options -c default_transaction_read_only', db: () => url('options=-c%20default_transaction_read_only%3Don'), by: 'url', line: /would change/ },
    { name: 'options -c role (another role)', db: () => url('options=-c%20role%3Dasyncmark'), by: 'url', line: /would change/ },
    { name: 'parameter search_path', db: () => url('search_path=public'), by: 'url', line: /parameter search_path is not one a session accepts/ },
    { name: 'parameter statement_timeout', db: () => url('statement_timeout=1'), by: 'url', line: /parameter statement_timeout/ },
    { name: 'parameter application_name', db: () => url('application_name=mine'), by: 'url', line: /parameter application_name/ },
    { name: 'parameter replication', db: () => url('replication=database'), by: 'url', line: /parameter replication/ },
    { name: 'parameter client_encoding', db: () => url('client_encoding=LATIN1'), by: 'url', line: /parameter client_encoding/ },
    { name: 'parameter target_session_attrs', db: () => url('target_session_attrs=any'), by: 'url', line: /parameter target_session_attrs/ },
    { name: 'sslmode that does not exist', db: () => url('sslmode=maybe'), by: 'url', line: /sslmode "maybe" is not one of/ },
    { name: 'connect_timeout not a number', db: () => url('connect_timeout=-1'), by: 'url', line: /connect_timeout "-1"/ },
    {
      name: 'service= naming a service defined nowhere',
      db: () => url('service=mine'),
      env: { PGSERVICEFILE: '/nonexistent/s.conf', PGSYSCONFDIR: '/nonexistent' },
      by: 'url',
      line: /the connection service mine \(PGSERVICE or service=\) is defined in neither/,
    },
    {
      name: 'a service whose options set search_path',
      db: () => 'postgres://',
      env: { PGSERVICE: 'moved' },
      service: true,
      by: 'url',
      line: /^asyncmark: --db: service moved's options "-c search_path=public" would change/,
    },
    {
      name: 'PGOPTIONS -c search_path in the environment',
      db: () => url(),
      env: { PGOPTIONS: '-c search_path=public' },
      by: 'url',
      line: /^asyncmark: --db: PGOPTIONS "-c search_path=public" would change/,
    },
    {
      name: 'sslrootcert that cannot be read',
      db: () => url('sslmode=verify-full&sslrootcert=/no/such/root.crt'),
      by: 'url',
      line: /sslrootcert "\/no\/such\/root\.crt" cannot be read \(ENOENT\)/,
    },
    // URLs that do not parse: said so, and why, never "not allowed".
    {
      name: 'port not a number',
      db: () => `postgres://person:secret-pw@127.0.0.1:fivefour/postgres`,
      by: 'url',
      line: /the URL does not parse: its port is not a number$/,
    },
    {
      name: 'port above 65535',
      db: () => `postgres://person:secret-pw@127.0.0.1:70000/postgres`,
      by: 'url',
      line: /does not parse: its port 70000 is above 65535$/,
    },
    { name: 'a # in the password', db: () => `postgres://person:secret#pw@127.0.0.1:5432/postgres`, by: 'url', line: /does not parse: it has a #/ },
    {
      name: 'a % not followed by hex in the password',
      db: () => `postgres://person:secret%zzpw@127.0.0.1:5432/postgres`,
      by: 'url',
      line: /does not parse: its password has a % not followed/,
    },
    {
      name: 'a mistyped scheme holding a password',
      db: () => `postgress://person:secret-pw@127.0.0.1:5432/postgres`,
      by: 'kinds',
      line: /^asyncmark: --db: "postgress:\/\/person:\*\*\*@127\.0\.0\.1:5432\/postgres" is not allowed; expected fake, pglite, postgres or a postgres:\/\/ URL$/,
    },
    // Faults of the server, and credentials that do not open it.
    {
      name: 'nothing listens on the port',
      db: async () => `postgres://person:secret-pw@127.0.0.1:${await closedPort()}/postgres`,
      by: 'connect',
      line: /^asyncmark: --db: cannot connect to 127\.0\.0\.1:\d+: .*ECONNREFUSED/,
    },
    {
      name: 'a wrong password',
      db: () => url('', { user: 'person', password: 'secret-pw' }),
      by: 'connect',
      line: /password authentication failed for user "person"/,
    },
    {
      name: 'a user that does not exist',
      db: () => url('', { user: 'nobody', password: 'secret-pw' }),
      by: 'connect',
      line: /(password authentication failed|role "nobody" does not exist)/,
    },
    { name: 'a database that does not exist', db: () => url().replace(/\/postgres$/, '/nowhere'), by: 'connect', line: /database "nowhere" does not exist/ },
    { name: 'sslmode=require against a server without TLS', db: () => url('sslmode=require'), by: 'connect', line: /does not support SSL/ },
    {
      name: 'a hosted endpoint= sent to a server that is not a hosted service',
      db: () => url('options=endpoint%3Dep-cool-123'),
      by: 'connect',
      line: /endpoint=ep-cool-123/,
    },
    {
      name: 'no password anywhere',
      db: () => `postgres://person@127.0.0.1:${person.server.port}/postgres`,
      env: { PGPASSFILE: '/nonexistent' },
      by: 'connect',
      line: /(password|SASL)/,
    },
    {
      name: 'a password file others can read (ignored, as libpq does)',
      db: () => `postgres://person@127.0.0.1:${person.server.port}/postgres`,
      pgpass: 0o644,
      by: 'connect',
      line: /(password|SASL)/,
    },
    {
      name: 'a role that may not create a schema',
      db: () => url('', { user: 'reader', password: 'reader-pw' }),
      by: 'privilege',
      line: /^asyncmark: --db: user reader may not create a schema in database postgres \(GRANT CREATE ON DATABASE postgres TO reader, or use another user\); nothing was changed$/,
    },
    {
      name: '--pool larger than the server allows',
      db: () => url(),
      args: ['--pool', '200'],
      by: 'pool',
      line: /^asyncmark: --pool 200: each run opens 201 connections .*\(max_connections 100, 3 reserved/,
    },
    {
      name: '--pool one past the room left',
      db: () => url(),
      args: ['--pool', '97'],
      by: 'pool',
      line: /^asyncmark: --pool 97: each run opens 98 connections/,
    },
    {
      name: "asyncmark's functions left in public by an older asyncmark",
      db: () => url().replace(/\/postgres$/, '/left_behind'),
      by: 'signature',
      line: /10 functions \(public\.asyncmark_blob_put.* and 1 trigger \(commit_gate on public\.commits\); nothing was changed/,
    },
    {
      name: "asyncmark's functions in an unmarked schema named like a session's",
      db: () => url().replace(/\/postgres$/, '/tampered'),
      by: 'signature',
      line: /10 functions \(asyncmark_0000f00d\.asyncmark_blob_put/,
    },
    // Accepted: what a person's URL may carry, and credentials from where libpq reads them.
    { name: 'sslmode=disable and connect_timeout, as the person whose role sets search_path', db: () => url('sslmode=disable&connect_timeout=5') },
    {
      name: 'password in PGPASSWORD, none in the URL',
      db: () => `postgres://person@127.0.0.1:${person.server.port}/postgres`,
      env: { PGPASSWORD: PERSON.password },
    },
    { name: 'password in a password file of mode 0600', db: () => `postgres://person@127.0.0.1:${person.server.port}/postgres`, pgpass: 0o600 },
    { name: 'the postgresql:// scheme', db: () => url().replace(/^postgres:/, 'postgresql:') },
    { name: 'everything from a connection service (PGSERVICE), the URL empty', db: () => 'postgres://', env: { PGSERVICE: 'person' }, service: true },
  ];

  it('refuses each hostile case in one line naming what refused it, accepts the rest, and keeps every row of the person', async () => {
    const failures = [];
    // Every case through the command line's main in this process, and the first refused and
    // the first accepted one also in a process of their own, as a person runs them: a child
    // each loaded the whole CLI again, four minutes of the suite under coverage.
    const all = cases();
    const runs = all.map((spec) => ({ spec, child: false }));
    for (const spec of [all.find((c) => c.by), all.find((c) => !c.by)]) runs.push({ spec, child: true });
    for (const { spec, child } of runs) {
      const env = { ...(spec.env ?? {}) };
      if (spec.pgpass) {
        const file = path.join(folder, `pgpass-${spec.pgpass.toString(8)}`);
        fs.writeFileSync(file, `127.0.0.1:${person.server.port}:postgres:person:${PERSON.password}\n`, { mode: spec.pgpass });
        fs.chmodSync(file, spec.pgpass);
        env.PGPASSFILE = file;
      }
      if (spec.service) {
        const file = path.join(folder, 'pg_service.conf');
        const service = `[person]\nhost=127.0.0.1\nport=${person.server.port}\ndbname=postgres\nuser=person\npassword=${PERSON.password}\nsslmode=disable\n`;
        fs.writeFileSync(file, `${service}[moved]\nhost=127.0.0.1\noptions=-c search_path=public\n`);
        Object.assign(env, { PGSERVICEFILE: file, PGSYSCONFDIR: folder });
      }
      const before = person.statements.length;
      const run = child ? runCli : runHere;
      const { code, stderr } = await run([...BENCH, ...(spec.args ?? []), '--db', await spec.db()], { env: { PGPASSWORD: '', ...env } });
      const said = stderr.split('\n').filter((line) => line && !/^WARNING: password file/.test(line));
      const problems = [];
      if (spec.by) {
        if (code !== 2) problems.push(`exit ${code}, not 2`);
        if (said.length !== 1) problems.push(`${said.length} lines`);
        if (!spec.line.test(said[0] ?? '')) problems.push(`said ${JSON.stringify(said[0])}`);
        const wrote = person.statements.slice(before).filter((s) => /^asyncmark-/.test(s) && !/^asyncmark-session-\d+\|SELECT /.test(s));
        if (wrote.length) problems.push(`sent ${wrote.length} statements that are not questions: ${wrote[0].slice(0, 80)}`);
      } else if (code !== 0) problems.push(`exit ${code}: ${said.join(' / ')}`);
      if (/^\s+at /m.test(stderr)) problems.push('a stack');
      if (stderr.includes(PERSON.password) || stderr.includes('secret-pw') || stderr.includes('reader-pw')) problems.push('the password');
      if (problems.length) failures.push(`${spec.name}${child ? ' (in a child)' : ''}: ${problems.join('; ')}`);
      if (!child) outcomes.push({ name: spec.name, refusedBy: spec.by ? BY[spec.by] : null });
    }
    assert.deepEqual(failures, []);
    assert.ok(outcomes.length >= 30, `${outcomes.length} cases`);
    assert.deepEqual(await person.checksum(), clean);
    assert.deepEqual(await person.admin("SELECT nspname FROM pg_namespace WHERE nspname LIKE 'asyncmark\\_%'"), []);
  });
});
