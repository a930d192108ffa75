'use strict';

const fs = require('node:fs');

// What a child must know and the code it runs must not read: the run's nonce
// (lib/runner/child/channel.js) and the parent's secrets (a database's
// password, under a name starting with SECRET_PREFIX). Under the node running
// asyncmark, the parent (lib/runner/spawn.js) writes them to the child's stdin
// as one JSON object and closes it; the child reads it whole as it starts,
// before any code of an example's is loaded, so that they are in neither its
// environment (process.env, nor /proc/<pid>/environ, which keeps the
// environment a process started with) nor its command line. Other runtimes
// get them in the environment, from where they are taken out as the child
// starts. Code in the same process can still go looking in its memory: the
// threat model (docs/explanation/methods.md) says so.

const SECRET_PREFIX = 'ASYNCMARK_SECRET_';
// Set by the parent when the secrets are on stdin; not itself a secret.
const ON_STDIN = 'ASYNCMARK_SECRETS';

let held = null;

function load() {
  if (held) return held;
  held = {};
  if (process.env[ON_STDIN] === 'stdin') {
    delete process.env[ON_STDIN];
    const text = fs.readFileSync(0, 'utf8');
    Object.assign(held, text.trim() ? JSON.parse(text) : {});
  }
  // What came in the environment instead (another runtime), taken out of it.
  for (const name of Object.keys(process.env)) {
    if (name.startsWith(SECRET_PREFIX)) {
      held[name] = process.env[name];
      delete process.env[name];
    }
  }
  return held;
}

/**
 * A secret of this child's, taken out of its environment if it came there.
 * @param {string} name
 * @param {{ keep?: boolean }} [options] keep: it may be asked for again (a password each connection
 *   needs); else it is forgotten once read (the nonce)
 * @returns {string | null}
 */
function secret(name, { keep = false } = {}) {
  const store = load();
  let value = store[name] ?? null;
  if (value === null && process.env[name] !== undefined) {
    value = process.env[name];
    delete process.env[name];
    if (keep) store[name] = value;
  }
  if (!keep) delete store[name];
  return value;
}

/** Whether this process is a child that was handed secrets (so that its stdin is theirs, and read). */
const handedSecrets = () => held !== null || process.env[ON_STDIN] === 'stdin';

module.exports = { SECRET_PREFIX, ON_STDIN, secret, handedSecrets, load };
