'use strict';

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { SECRET_PREFIX, secret, handedSecrets } = require('../runner/child/secrets');

// A person's connection URL (--db postgres://…), read as the settings a
// session may use and nothing more. node-postgres lets a URL's own `options`
// replace the ones a program passes, so a URL is never handed to it: it is
// parsed here, its parameters checked against what a session allows, and
// node-postgres gets a configuration built from the parts (clientConfig). The
// password never travels with those parts: a run's child is handed it as a
// secret on its stdin (childCredentials), or reads ~/.pgpass as libpq does.

const SSL_MODES = ['disable', 'allow', 'prefer', 'require', 'verify-ca', 'verify-full'];
// What a URL may carry besides host, port, database, user and password.
const PARAMETERS = ['sslmode', 'sslrootcert', 'sslcert', 'sslkey', 'connect_timeout', 'options'];
// A URL's options may carry only a hosted service's routing (Neon's
// endpoint=<id>), which the service reads and PostgreSQL never sees.
const ROUTING = /^endpoint=[A-Za-z0-9_.-]+$/;

class ConnectionError extends Error {
  constructor(message) {
    super(message);
    this.name = 'ConnectionError';
    this.database = true;
  }
}

/**
 * A text that may hold a password, as it may be shown: the password of every
 * form a connection string takes masked, whether it parses or not
 * (postgres://user:pw@host, postgres:/user:pw@host, postgres:user:pw@host,
 * user:pw@host, a misspelt scheme, an unencoded @ in the password, a
 * password= parameter or keyword). It masks more than it must rather than
 * less.
 * @param {string} text
 * @returns {string}
 */
function maskSecrets(text) {
  let shown = String(text);
  const withScheme = /^(\s*[A-Za-z][A-Za-z0-9+.-]*:\/*)([^:@/?#\s]*):(.*)@/;
  if (withScheme.test(shown)) shown = shown.replace(withScheme, '$1$2:***@');
  else shown = shown.replace(/^(\s*\/*)([^:@/?#\s]*):(?!\/\/)(.*)@/, '$1$2:***@');
  return shown.replace(/\b((?:ssl)?pass(?:word)?)=('[^']*'|[^&\s]*)/gi, '$1=***');
}

// Why a text that looks like a postgres:// URL does not parse, without
// repeating it (it may hold a password).
function unparsedBecause(text) {
  const authority = text.replace(/^postgres(ql)?:\/\//, '').split(/[/?]/)[0];
  if (/@$/.test(authority) || authority === '') {
    return 'it has no host: for a Unix socket, write its folder as the host, percent-encoded (postgres://user@%2Fvar%2Frun%2Fpostgresql/db)';
  }
  if (authority.split('@').pop().includes(',')) return 'it names a list of hosts; a session connects to one host: give one';
  if (authority.split('@').length > 2) return 'it has more than one @ before the host: an @ in the user name or password must be written %40';
  if (/#/.test(text)) return 'it has a #, which ends a URL: a # in the password must be written %23';
  const port = /:([^@\]:]*)$/.exec(authority.split('@').pop());
  if (port && !/^\d+$/.test(port[1])) return 'its port is not a number';
  if (port && Number(port[1]) > 65535) return `its port ${port[1]} is above 65535`;
  if (/%(?![0-9A-Fa-f]{2})/.test(text)) return 'a % is not followed by two hexadecimal digits';
  return 'a character in the user name or password may need percent-encoding (@ %40, / %2F, # %23, ? %3F, : %3A)';
}

function decoded(part, what) {
  try {
    return decodeURIComponent(part);
  } catch {
    throw new ConnectionError(`the URL does not parse: its ${what} has a % not followed by two hexadecimal digits`);
  }
}

/**
 * @param {string} text what --db was given, a postgres:// or postgresql:// URL
 * @param {object} [env] where PGOPTIONS, PGSERVICE, PGSERVICEFILE and PGSYSCONFDIR are read (process.env)
 * @returns {{ target: object, password: string | null, passwordFrom: string | null }} target: host, port,
 *   database, user, sslmode, sslrootcert, sslcert, sslkey, connectTimeout, routing (what a run's child is told;
 *   no password); passwordFrom: where the password was found, said at start
 */
function parseDatabaseUrl(text, env = process.env) {
  let url;
  try {
    url = new URL(text);
  } catch {
    throw new ConnectionError(`the URL does not parse: ${unparsedBecause(text)}`);
  }
  if (!/^postgres(ql)?:$/.test(url.protocol)) throw new ConnectionError(`the URL's scheme is ${url.protocol.slice(0, -1)}; expected postgres or postgresql`);
  if (url.port && !(Number(url.port) >= 1 && Number(url.port) <= 65535)) throw new ConnectionError(`the URL's port ${url.port} is not between 1 and 65535`);
  // A connection service (service= or PGSERVICE) gives what the URL leaves out, as libpq reads it.
  const serviceName = url.searchParams.get('service') ?? env.PGSERVICE;
  const service = serviceName ? serviceEntries(serviceName, env) : new Map();
  const from = (key, part, what) => (part ? decoded(part, what) : service.get(key));
  const port = url.port || service.get('port');
  if (port !== undefined && !(/^\d+$/.test(port) && Number(port) >= 1 && Number(port) <= 65535)) {
    throw new ConnectionError(`service ${serviceName}'s port ${JSON.stringify(port)} is not between 1 and 65535`);
  }
  // postgres:///user:pw@host/db has no host, and its path would be the database's name.
  if (/[@:]/.test(url.pathname)) {
    throw new ConnectionError(
      "the URL's path (its database name) holds an @ or a :, as when a third slash leaves the URL without a host; expected postgres://user@host:port/database",
    );
  }
  const host = from('host', url.hostname.replace(/^\[|\]$/g, ''), 'host');
  // libpq's host lists (h1,h2 or h1:5432,h2:5433) name hosts to try in turn; node-postgres connects to one.
  if (host && host.includes(',')) {
    throw new ConnectionError(
      `the URL names a list of hosts (${host}); a session connects to one host: give one, e.g. postgres://user@${host.split(',')[0]}/db`,
    );
  }
  const target = {
    host,
    port: port === undefined ? undefined : Number(port),
    database: from('dbname', url.pathname.slice(1), 'database'),
    user: from('user', url.username, 'user name'),
    sslmode: 'prefer',
    sslrootcert: undefined,
    sslcert: undefined,
    sslkey: undefined,
    connectTimeout: 10,
    routing: null,
  };
  const password = from('password', url.password, 'password') ?? null;
  // The service's other settings, then the URL's over them; each checked as the URL's are.
  const settings = new Map(
    [...service]
      .filter(([name]) => !['host', 'port', 'dbname', 'user', 'password'].includes(name))
      .map(([name, value]) => [name, { value, where: `service ${serviceName}'s` }]),
  );
  for (const [name, value] of url.searchParams) if (name !== 'service') settings.set(name, { value, where: "the URL's" });
  for (const [name, { value, where }] of settings) {
    if (!PARAMETERS.includes(name)) {
      throw new ConnectionError(
        `${where} parameter ${name} is not one a session accepts: its statements run only in its own schema, with the server's settings; allowed: ${PARAMETERS.join(', ')}`,
      );
    }
    if (name === 'sslmode') {
      if (!SSL_MODES.includes(value)) throw new ConnectionError(`${where} sslmode ${JSON.stringify(value)} is not one of ${SSL_MODES.join(', ')}`);
      target.sslmode = value;
    } else if (name === 'connect_timeout') {
      if (!/^\d+$/.test(value) || Number(value) < 1)
        throw new ConnectionError(`${where} connect_timeout ${JSON.stringify(value)} is not a whole number of seconds >= 1`);
      target.connectTimeout = Number(value);
    } else if (name === 'options') target.routing = routingOf(value, `${where} options`);
    else target[name] = readable(value, name, where);
  }
  if (env.PGOPTIONS) routingOf(env.PGOPTIONS, 'PGOPTIONS');
  const passwordFrom = url.password ? 'from the URL' : password !== null ? `from service ${serviceName}` : null;
  return { target, password, passwordFrom };
}

// A certificate or key file the URL names, which must be readable now: a run
// that finds it missing would fail at every connection.
function readable(file, name, where) {
  try {
    fs.accessSync(file, fs.constants.R_OK);
    return file;
  } catch (error) {
    throw new ConnectionError(`${where} ${name} ${JSON.stringify(file.slice(0, 80))} cannot be read (${error.code})`);
  }
}

// The settings of a connection service, from the first of libpq's two files
// that defines it: PGSERVICEFILE (or ~/.pg_service.conf), then
// pg_service.conf in PGSYSCONFDIR (Debian's /etc/postgresql-common unless set).
function serviceEntries(name, env) {
  const files = [env.PGSERVICEFILE || path.join(os.homedir(), '.pg_service.conf'), path.join(env.PGSYSCONFDIR || '/etc/postgresql-common', 'pg_service.conf')];
  for (const file of files) {
    let text;
    try {
      text = fs.readFileSync(file, 'utf8');
    } catch {
      continue;
    }
    let section = null;
    const entries = new Map();
    for (const raw of text.split('\n')) {
      const line = raw.trim();
      if (!line || line.startsWith('#')) continue;
      const header = /^\[(.*)\]$/.exec(line);
      if (header) {
        if (section === name) break;
        section = header[1];
      } else if (section === name) {
        const at = line.indexOf('=');
        if (at > 0) entries.set(line.slice(0, at).trim(), line.slice(at + 1).trim());
      }
    }
    if (section === name) return entries;
  }
  throw new ConnectionError(`the connection service ${name} (PGSERVICE or service=) is defined in neither ${files.join(' nor ')}`);
}

// The routing a URL's options carry, or a refusal naming what else they hold.
function routingOf(value, where) {
  const words = value.trim().split(/\s+/).filter(Boolean);
  const other = words.find((word) => !ROUTING.test(word));
  if (other !== undefined) {
    throw new ConnectionError(
      `${where} ${JSON.stringify(value.slice(0, 80))} would change the session's settings (${other.slice(0, 40)}); options may carry only a hosted service's endpoint=<id>`,
    );
  }
  return words.length ? words.join(' ') : null;
}

/** The connection as shown at start: every setting but the password. */
function describeTarget(target, passwordFrom) {
  const parts = [
    `host ${target.host ?? process.env.PGHOST ?? 'localhost'}`,
    `port ${target.port ?? process.env.PGPORT ?? 5432}`,
    `database ${target.database ?? process.env.PGDATABASE ?? '(the user name)'}`,
    `user ${target.user ?? process.env.PGUSER ?? '(this account)'}`,
    `sslmode ${target.sslmode}${target.sslmode === 'prefer' || target.sslmode === 'allow' ? ' (no TLS: node-postgres cannot fall back)' : ''}`,
  ];
  if (target.routing) parts.push(`options ${target.routing}`);
  parts.push(`password ${passwordFrom}`);
  return parts.join(', ');
}

// node-postgres's ssl setting for a libpq sslmode.
function sslOf(target) {
  const files = {};
  if (target.sslrootcert) files.ca = fs.readFileSync(target.sslrootcert);
  if (target.sslcert) files.cert = fs.readFileSync(target.sslcert);
  if (target.sslkey) files.key = fs.readFileSync(target.sslkey);
  switch (target.sslmode) {
    case 'require':
      return { ...files, rejectUnauthorized: false };
    case 'verify-ca':
      return { ...files, checkServerIdentity: () => undefined };
    case 'verify-full':
      return files;
    default:
      return false;
  }
}

// Passwords this process was given (a URL's, its own server's), by where
// they apply, for the runs a test opens in this same process; a run's child
// is handed the session's as a secret (CHILD_SECRET: lib/runner/child/secrets.js),
// which is in neither its environment nor its command line.
const given = new Map();
const CHILD_SECRET = `${SECRET_PREFIX}PGPASSWORD`;

/**
 * What a run's child adds to its environment for the session's password: the
 * password as a secret, and the person's own PGPASSWORD taken out (undefined
 * removes a variable), so that neither is in the environment code of the
 * example's can read.
 */
function childCredentials(password) {
  return { PGPASSWORD: undefined, ...(password ? { [CHILD_SECRET]: password } : {}) };
}
const placeOf = (target) => `${target.host ?? ''}|${target.port ?? ''}|${target.user ?? ''}`;

function rememberPassword(target, password) {
  given.set(placeOf(target), password);
}

/**
 * Where the password comes from, as libpq looks: PGPASSWORD, then the
 * password file (PGPASSFILE or ~/.pgpass, which must be 0600).
 * @returns {Promise<string | undefined>}
 */
function lookupPassword(target, env = process.env) {
  const handed = handedSecrets() ? secret(CHILD_SECRET, { keep: true }) : null;
  if (handed) return Promise.resolve(handed);
  if (env.PGPASSWORD) return Promise.resolve(env.PGPASSWORD);
  if (given.has(placeOf(target))) return Promise.resolve(given.get(placeOf(target)));
  const user = target.user ?? env.PGUSER ?? os.userInfo().username;
  const wanted = [target.host ?? env.PGHOST ?? 'localhost', String(target.port ?? env.PGPORT ?? 5432), target.database ?? env.PGDATABASE ?? user, user];
  return Promise.resolve(passwordFileEntry(env.PGPASSFILE || path.join(os.homedir(), '.pgpass'), wanted));
}

// The password of the first line of a password file that matches host, port,
// database and user (* matches anything; \: and \\ escape), as libpq reads
// it; none when the file is missing or others may read it.
function passwordFileEntry(file, wanted) {
  let text;
  try {
    if (fs.statSync(file).mode & 0o077) return undefined;
    text = fs.readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
  for (const line of text.split('\n')) {
    if (!line.trim() || line.startsWith('#')) continue;
    const fields = [];
    let field = '';
    for (let i = 0; i < line.length; i++) {
      if (line[i] === '\\' && i + 1 < line.length) field += line[++i];
      else if (line[i] === ':' && fields.length < 4) {
        fields.push(field);
        field = '';
      } else field += line[i];
    }
    fields.push(field.replace(/\r$/, ''));
    if (fields.length === 5 && wanted.every((value, i) => fields[i] === '*' || fields[i] === value)) return fields[4];
  }
  return undefined;
}

/** The target as a URL without a password: what a run's child is told. */
function targetUrl(target) {
  const host = target.host === undefined ? '' : target.host.includes(':') ? `[${target.host}]` : encodeURIComponent(target.host);
  const user = target.user === undefined ? '' : `${encodeURIComponent(target.user)}@`;
  const port = target.port === undefined ? '' : `:${target.port}`;
  const database = target.database === undefined ? '' : `/${encodeURIComponent(target.database)}`;
  const query = new URLSearchParams();
  if (target.sslmode !== 'prefer') query.set('sslmode', target.sslmode);
  for (const name of ['sslrootcert', 'sslcert', 'sslkey']) if (target[name]) query.set(name, target[name]);
  if (target.connectTimeout !== 10) query.set('connect_timeout', String(target.connectTimeout));
  if (target.routing) query.set('options', target.routing);
  const rest = String(query);
  return `postgres://${user}${host}${port}${database || (rest ? '/' : '')}${rest ? `?${rest}` : ''}`;
}

// Every connection at PostgreSQL's own default isolation, whatever the role
// or database sets: under serializable, concurrent uploads fail with
// serialization errors that are the server's setting, not the style's.
const ISOLATION = '-c default_transaction_isolation=read\\ committed';

/**
 * node-postgres's configuration for a target, built from its parts only.
 * @param {object} target parseDatabaseUrl's
 * @param {{ password?: string | null, schema?: string, applicationName?: string }} [options] schema: set as
 *   search_path by the connection's own start, which nothing of the URL can replace
 */
function clientConfig(target, { password = null, schema, applicationName = `asyncmark-${process.pid}` } = {}) {
  const options = [target.routing, schema ? `-c search_path=${schema}` : null, ISOLATION].filter(Boolean).join(' ');
  return {
    host: target.host,
    port: target.port,
    database: target.database,
    user: target.user,
    password: password ?? (() => lookupPassword(target)),
    ssl: sslOf(target),
    options: options || undefined,
    application_name: applicationName,
    connectionTimeoutMillis: target.connectTimeout * 1000,
  };
}

module.exports = {
  childCredentials,
  maskSecrets,
  parseDatabaseUrl,
  describeTarget,
  clientConfig,
  lookupPassword,
  rememberPassword,
  targetUrl,
  ConnectionError,
  PARAMETERS,
};
