'use strict';

// The result channel between a fenced child and its parent (lib/runner/spawn.js):
// IPC messages that carry the run's nonce. The nonce reaches the child in its
// environment and is taken out of it before any code of the example's is
// loaded, so that what the example prints, or sends over IPC itself, is never
// mistaken for the child's word.

const NONCE = 'ASYNCMARK_NONCE';

/** The run's nonce, removed from the environment; null when the parent gave none. */
function takeNonce() {
  const nonce = process.env[NONCE] ?? null;
  delete process.env[NONCE];
  return nonce;
}

/**
 * A sender of sealed messages: send(message, callback) sends it with the
 * nonce over IPC; nothing is sent without a channel.
 */
function sealedSender(nonce = takeNonce()) {
  return (message, callback = () => {}) => {
    if (!process.send) return callback();
    process.send({ ...message, nonce }, callback);
    return undefined;
  };
}

module.exports = { NONCE, takeNonce, sealedSender };
