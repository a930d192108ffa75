'use strict';

const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { parseDatabaseUrl, describeTarget, clientConfig, lookupPassword, targetUrl } = require('../../lib/database/connection');
const { poolRefusal, foreignText } = require('../../lib/database/server-facts');

// What a person's URL may carry into a session, and what is refused, without
// a server: the refusals name what they refuse and never echo the password;
// what a run's child is told holds no password.

const refusal = (text, env = {}) => {
  try {
    parseDatabaseUrl(text, env);
  } catch (error) {
    return error.message;
  }
  return null;
};

describe('lib/database/connection', () => {
  it("takes host, port, database, user, sslmode and a hosted service's endpoint", () => {
    const { target, password } = parseDatabaseUrl('postgresql://al%40ice:s3cr%2Ft@db.example:6543/shop?sslmode=require&options=endpoint%3Dep-cool-123', {});
    assert.equal(password, 's3cr/t');
    assert.deepEqual(
      { host: target.host, port: target.port, database: target.database, user: target.user, sslmode: target.sslmode, routing: target.routing },
      { host: 'db.example', port: 6543, database: 'shop', user: 'al@ice', sslmode: 'require', routing: 'endpoint=ep-cool-123' },
    );
    assert.equal(targetUrl(target), 'postgres://al%40ice@db.example:6543/shop?sslmode=require&options=endpoint%3Dep-cool-123');
    assert.deepEqual(parseDatabaseUrl(targetUrl(target), {}).target, target);
    const shown = describeTarget(target, 'from the URL');
    assert.match(shown, /host db\.example, port 6543, database shop, user al@ice, sslmode require, options endpoint=ep-cool-123, password from the URL/);
    assert.doesNotMatch(shown, /s3cr/);
  });

  it('refuses what would move a session or change its settings, naming it, in one line', () => {
    const cases = [
      ['postgres://u:pw@h/d?options=-c%20search_path%3Dapp', /options "-c search_path=app" would change the session's settings/],
      ['postgres://u:pw@h/d?options=endpoint%3Dep-1%20-c%20search_path%3Dpublic', /would change the session's settings/],
      ['postgres://u:pw@h/d?options=--search_path%3Dapp', /would change/],
      ['postgres://u:pw@h/d?search_path=app', /parameter search_path is not one a session accepts/],
      ['postgres://u:pw@h/d?statement_timeout=1', /parameter statement_timeout/],
      ['postgres://u:pw@h/d?replication=database', /parameter replication/],
      ['postgres://u:pw@h/d?sslmode=maybe', /sslmode "maybe" is not one of disable, allow, prefer, require, verify-ca, verify-full/],
      ['postgres://u:pw@h/d?connect_timeout=soon', /connect_timeout "soon"/],
      [
        'postgres://u:pw@h/d?service=mine',
        /the connection service mine \(PGSERVICE or service=\) is defined in neither \/nonexistent\/service\.conf nor \/nonexistent\/pg_service\.conf$/,
      ],
      ['postgres://u:pw@h/d?sslrootcert=/no/such/file', /sslrootcert "\/no\/such\/file" cannot be read \(ENOENT\)/],
      ['postgres://u:pw@h:port/d', /does not parse: its port is not a number/],
      ['postgres://u:pw@h:99999/d', /does not parse: its port 99999 is above 65535/],
      ['postgres://u:pw#1@h/d', /does not parse: it has a #/],
      ['postgres://u:pw%zz@h/d', /does not parse: its password has a %/],
    ];
    for (const [url, expected] of cases) {
      const message = refusal(url, { PGSERVICEFILE: '/nonexistent/service.conf', PGSYSCONFDIR: '/nonexistent' });
      assert.match(String(message), expected, url);
      assert.doesNotMatch(message, /pw/, `${url}: the password is not echoed`);
      assert.equal(message.split('\n').length, 1);
    }
    assert.match(refusal('postgres://u@h/d', { PGOPTIONS: '-c search_path=app' }), /^PGOPTIONS "-c search_path=app" would change/);
    assert.equal(refusal('postgres://u@h/d', { PGOPTIONS: 'endpoint=ep-1' }), null);
  });

  it("reads a connection service as libpq does: its settings where the URL says nothing, each checked as the URL's", () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'asyncmark-service-'));
    try {
      const file = path.join(folder, 'service.conf');
      fs.writeFileSync(
        file,
        '# mine\n[other]\nhost=elsewhere\n[mine]\nhost = db.example\nport=6543\ndbname=shop\nuser=carol\npassword=from-service\nsslmode=require\n[moved]\nhost=h\noptions=-c search_path=app\n',
      );
      const env = { PGSERVICEFILE: file, PGSYSCONFDIR: folder };
      const { target, password } = parseDatabaseUrl('postgres://', { ...env, PGSERVICE: 'mine' });
      assert.deepEqual(
        { host: target.host, port: target.port, database: target.database, user: target.user, sslmode: target.sslmode, password },
        { host: 'db.example', port: 6543, database: 'shop', user: 'carol', sslmode: 'require', password: 'from-service' },
      );
      // The URL's own values win, and service= names the service as PGSERVICE does.
      const over = parseDatabaseUrl('postgres://dave@other.example/?service=mine&sslmode=disable', env).target;
      assert.deepEqual([over.user, over.host, over.port, over.database, over.sslmode], ['dave', 'other.example', 6543, 'shop', 'disable']);
      assert.match(refusal('postgres://', { ...env, PGSERVICE: 'moved' }), /^service moved's options "-c search_path=app" would change the session's settings/);
      assert.match(refusal('postgres://', { ...env, PGSERVICE: 'absent' }), /^the connection service absent \(PGSERVICE or service=\) is defined in neither/);
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });

  it('builds its configuration from the parts, with the schema set by the connection itself', async () => {
    const { target } = parseDatabaseUrl('postgres://u@h/d?options=endpoint%3Dep-1&sslmode=require', {});
    const config = clientConfig(target, { schema: 'asyncmark_0000beef', applicationName: 'here' });
    assert.equal(config.connectionString, undefined, 'never the URL: node-postgres would let its options win');
    // Read committed whatever the role or database sets: the isolation every run measures at.
    assert.equal(config.options, 'endpoint=ep-1 -c search_path=asyncmark_0000beef -c default_transaction_isolation=read\\ committed');
    assert.deepEqual(config.ssl, { rejectUnauthorized: false });
    assert.equal(clientConfig({ ...target, sslmode: 'disable' }).ssl, false);
    assert.equal(typeof config.password, 'function', 'looked up as libpq does');
    assert.equal(clientConfig(target, { password: 'given' }).password, 'given');
  });

  it('reads the certificate files the URL names, and checks the server as its sslmode says', () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'asyncmark-tls-'));
    try {
      for (const name of ['root.crt', 'client.crt', 'client.key']) fs.writeFileSync(path.join(folder, name), name);
      const query = `sslrootcert=${folder}/root.crt&sslcert=${folder}/client.crt&sslkey=${folder}/client.key`;
      const ssl = (mode) => clientConfig(parseDatabaseUrl(`postgres://u@h/d?sslmode=${mode}&${query}`, {}).target).ssl;
      const full = ssl('verify-full');
      assert.deepEqual([String(full.ca), String(full.cert), String(full.key)], ['root.crt', 'client.crt', 'client.key']);
      assert.equal(full.rejectUnauthorized, undefined, "node's default: the chain and the host name are checked");
      const ca = ssl('verify-ca');
      assert.equal(ca.checkServerIdentity('h', {}), undefined, 'the chain only, not the host name');
      assert.equal(ssl('require').rejectUnauthorized, false);
      for (const mode of ['disable', 'allow', 'prefer']) assert.equal(ssl(mode), false, mode);
      const { target } = parseDatabaseUrl(`postgres://u@h/d?sslmode=verify-full&${query}`, {});
      assert.equal(parseDatabaseUrl(targetUrl(target), {}).target.sslrootcert, `${folder}/root.crt`);
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });

  it('shows what libpq would use where the URL says nothing', () => {
    const { target } = parseDatabaseUrl('postgres://', {});
    assert.equal(targetUrl(target), 'postgres://');
    assert.match(
      describeTarget(target, 'none'),
      /^host (\S+), port \S+, database \S+( \S+)*, user \S+( \S+)*, sslmode prefer \(no TLS: node-postgres cannot fall back\), password none$/,
    );
    assert.match(refusal('mysql://u:pw@h/d'), /scheme is mysql; expected postgres or postgresql/);
    assert.match(refusal('postgres://u:pw@h/d?connect_timeout=0'), /connect_timeout "0"/);
  });

  it('finds the password in PGPASSWORD, then in a password file of mode 0600', async () => {
    const { target } = parseDatabaseUrl('postgres://carol@db.example:5432/shop', {});
    assert.equal(await lookupPassword(target, { PGPASSWORD: 'from-env' }), 'from-env');
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'asyncmark-pgpass-'));
    const file = path.join(folder, 'pgpass');
    fs.writeFileSync(file, 'db.example:5432:shop:carol:from-file\n', { mode: 0o600 });
    fs.appendFileSync(file, '');
    try {
      assert.equal(await lookupPassword(target, { PGPASSFILE: file }), 'from-file');
      assert.equal(await lookupPassword({ ...target, port: 5433 }, { PGPASSFILE: file }), undefined);
      fs.writeFileSync(file, '# theirs\n*:*:other:*:no\ndb.example:*:shop:carol:pass\\:with\\\\colon\n');
      assert.equal(await lookupPassword(target, { PGPASSFILE: file }), 'pass:with\\colon');
      // libpq ignores a password file others can read; so does the lookup.
      fs.chmodSync(file, 0o644);
      assert.equal(await lookupPassword(target, { PGPASSFILE: file }), undefined);
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });
});

describe('lib/database/server-facts (pure parts)', () => {
  it('refuses a pool the server has no room for, naming both numbers', () => {
    assert.equal(poolRefusal(10, { max: 100, reserved: 3, inUse: 1 }), null);
    assert.equal(poolRefusal(96, { max: 100, reserved: 3, inUse: 1 }), null);
    assert.equal(
      poolRefusal(97, { max: 100, reserved: 3, inUse: 1 }),
      '--pool 97: each run opens 98 connections (the pool and one on the side), but there is room for 97 (max_connections 100, 3 reserved, 0 in use by others); use --pool 96 or less',
    );
    assert.match(poolRefusal(200, { max: 100, reserved: 3, inUse: 21 }), /room for 77 .* 20 in use by others\); use --pool 76 or less$/);
    assert.match(poolRefusal(1, { max: 10, reserved: 3, inUse: 9 }), /room for 0 .*there is no room for a run now$/);
    // The session's lock holds a connection beside the runs.
    assert.match(poolRefusal(96, { max: 100, reserved: 3, inUse: 1 }, { held: 1 }), /room for 96 .* and 1 the session holds\); use --pool 95 or less$/);
  });

  it("refuses a pool the database's or the role's own CONNECTION LIMIT has no room for", () => {
    const limits = [
      { what: "database shop's CONNECTION LIMIT 5", limit: 5, inUse: 2 },
      { what: "role person's CONNECTION LIMIT 20", limit: 20, inUse: 1 },
    ];
    assert.equal(
      poolRefusal(10, { max: 100, reserved: 3, inUse: 2, limits }),
      "--pool 10: each run opens 11 connections (the pool and one on the side), but there is room for 4 (database shop's CONNECTION LIMIT 5, 1 in use by others); use --pool 3 or less",
    );
    assert.equal(poolRefusal(3, { max: 100, reserved: 3, inUse: 2, limits }), null);
    // Planted: without the limits, the server's room alone lets it through.
    assert.equal(poolRefusal(10, { max: 100, reserved: 3, inUse: 2 }), null);
  });

  it('says what it found of asyncmark outside a marked schema, in one line', () => {
    const found = [
      ...['asyncmark_fails', 'asyncmark_gate', 'asyncmark_blob_put', 'asyncmark_commit_gate'].map((name) => ({ schema: 'public', kind: 'function', name })),
      { schema: 'public', kind: 'trigger', name: 'commit_gate on public.commits' },
    ];
    const text = foreignText(found, { functions: ['asyncmark_fails', 'asyncmark_gate'] }, 'shop');
    assert.match(
      text,
      /^database shop already holds asyncmark's objects outside a session's marked schema: 4 functions \(public\.asyncmark_fails, public\.asyncmark_gate, public\.asyncmark_blob_put, …\) and 1 trigger \(commit_gate on public\.commits\); nothing was changed/,
    );
    assert.equal(text.split('\n').length, 1);
  });
});
