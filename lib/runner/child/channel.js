'use strict';

const fs = require('node:fs');
const { descendantsOf } = require('../fence');
const { secret } = require('./secrets');

// The result channel between a fenced child and its parent (lib/runner/spawn.js):
// messages that carry the run's nonce, over IPC or, where the parent asked for
// it, as JSON lines on a descriptor of their own (ASYNCMARK_CHANNEL_FD), which
// nothing the example writes there can break. The nonce and the descriptor
// reach the child in its environment and are taken out of it before any code
// of the example's is loaded, so that what the example prints, or sends
// itself, is never mistaken for the child's word.

const NONCE = 'ASYNCMARK_NONCE';
const CHANNEL_FD = 'ASYNCMARK_CHANNEL_FD';

const take = (name) => secret(name);

/**
 * A sender of sealed messages, made before the example loads:
 * send(message, callback) sends it with the nonce; nothing is sent where the
 * parent gave no channel.
 */
function sealedSender() {
  const nonce = take(NONCE);
  const fd = take(CHANNEL_FD);
  if (fd !== null) {
    return (message, callback = () => {}) => {
      // A parent that is gone leaves nobody to tell: the child ends.
      try {
        fs.writeSync(Number(fd), `${JSON.stringify({ ...message, nonce })}\n`);
      } catch {
        process.exit(1);
      }
      setImmediate(callback);
    };
  }
  return (message, callback = () => {}) => {
    if (!process.send) return callback();
    process.send({ ...message, nonce }, callback);
    return undefined;
  };
}

/**
 * A child's last word, with the processes it has started that still run
 * ([pid, start] pairs), for its parent to end with it: told while the child
 * still lives, since once it has exited they are no longer its descendants.
 */
function lastWord(message) {
  return { ...message, descendants: descendantsOf(process.pid) };
}

module.exports = { NONCE, CHANNEL_FD, sealedSender, lastWord };
