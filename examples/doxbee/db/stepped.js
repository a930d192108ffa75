'use strict';

const { keyedRandom } = require('../../../lib/fakes/random');

// Stepped delivery on a real database, for conformance (lib/conformance's
// stepped cases, as lib/fakes/engine.js has them): the database answers when
// it answers, but its answer reaches the example only when the harness
// releases it, one at a time, once the program has gone quiet. The answers
// wait in the order their calls were made, whatever order the database
// answered in; release() picks one of those answered by the order:
//   issue     the first started
//   reverse   the last started
//   shuffle   a seeded random one

const ORDERS = ['issue', 'reverse', 'shuffle'];

class SteppedDelivery {
  /**
   * @param {string} order issue | reverse | shuffle
   * @param {number} seed for shuffle
   * @param {(answer: object) => void} deliver hands an answer ({ name, cb, error, value }) to the example
   */
  constructor(order, seed, deliver) {
    if (!ORDERS.includes(order)) throw new RangeError(`order must be one of ${ORDERS.join(', ')}; got ${order}`);
    this.order = order;
    this.seed = seed;
    this.deliver = deliver;
    this.slots = []; // every call not yet released, in the order made
    this.releases = 0;
  }

  // A call made: its place in the order, filled when the database answers.
  slot(name, cb) {
    const slot = { name, cb, answered: false, error: null, value: undefined };
    this.slots.push(slot);
    return slot;
  }

  answer(slot, error, value) {
    Object.assign(slot, { answered: true, error, value });
  }

  // The answers waiting for release().
  get held() {
    return this.slots.filter((slot) => slot.answered);
  }

  // Delivers one answer, chosen by the order, on a turn of its own; false when none waits.
  release() {
    const held = this.held;
    if (held.length === 0) return false;
    let at = 0;
    if (this.order === 'reverse') at = held.length - 1;
    else if (this.order === 'shuffle') at = Math.floor(keyedRandom(this.seed, `order:${this.releases}`) * held.length);
    this.releases++;
    const slot = held[at];
    this.slots.splice(this.slots.indexOf(slot), 1);
    setImmediate(() => this.deliver(slot));
    return true;
  }
}

module.exports = { SteppedDelivery };
