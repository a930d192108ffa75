'use strict';

// Timers on a virtual clock, for a counted run (bench --measure
// instructions): the simulated I/O's latencies without the real clock, so
// that the work a run does cannot depend on how fast the process runs.
//
// Why: under valgrind node runs 30-50 times slower, and how many of n
// pending 1 ms timers have expired when libuv looks depends on that speed,
// on the load of the machine and on the cache simulation; so did the number
// of event-loop turns, and with it the work of some styles. Measured at
// doxbee n=1000 on real timers: observables-rxjs counted 518,270
// instructions per upload with the cache simulation and 559,964 without it
// (8%), async-await-native-io 1% apart; callbacks-original 0.01%.
//
// The virtual clock stands still while anything is left to do and moves to
// the next due time only then: a completion due at virtual time T runs after
// every completion due before T and its consequences, as if the CPU were
// infinitely fast against the I/O. The completions due at one time run in
// the order they were scheduled, each on a turn of its own (setImmediate),
// with the microtasks after each, as Node runs expired timers.

/**
 * @returns {{ after: (fn: Function, ms: number, a?: any, b?: any, c?: any, d?: any) => void }}
 *   after, setTimeout's signature for the (at most four) arguments the engine passes
 */
const SLOTS = 5;

function createVirtualTimers() {
  let now = 0;
  // Due time → its completions, five slots each (fn, a, b, c, d); the due times, sorted.
  const due = new Map();
  const times = [];
  // Completions handed to setImmediate and not yet run.
  let running = 0;
  let advancing = false;

  function advanceLater() {
    if (advancing || running > 0 || times.length === 0) return;
    advancing = true;
    setImmediate(advance);
  }

  // Moves the clock to the next due time and runs what is due then.
  function advance() {
    advancing = false;
    if (running > 0 || times.length === 0) return;
    now = times.shift();
    const slots = due.get(now);
    due.delete(now);
    running = slots.length / SLOTS;
    for (let i = 0; i < slots.length; i += SLOTS) setImmediate(runOne, slots[i], slots[i + 1], slots[i + 2], slots[i + 3], slots[i + 4]);
  }

  function runOne(fn, a, b, c, d) {
    try {
      fn(a, b, c, d);
    } finally {
      running--;
      advanceLater();
    }
  }

  function after(fn, ms, a, b, c, d) {
    const at = now + ms;
    let slots = due.get(at);
    if (slots === undefined) {
      slots = [];
      due.set(at, slots);
      let i = times.length;
      while (i > 0 && times[i - 1] > at) i--;
      times.splice(i, 0, at);
    }
    slots.push(fn, a, b, c, d);
    advanceLater();
  }

  return { after };
}

module.exports = { createVirtualTimers };
