'use strict';

// What the report shows of the HTTP client problem beyond its tables; lib/report
// is handed it by the entry points (lib/problems.js reportHooks).
module.exports = {
  // The three styles the 2018 experiment compared (lib/published-2018.json), as
  // this problem's examples, and the scenario that runs them. The 2018 article
  // measured HTTP clients itself (measured2018), so its table comes first.
  // cell: the parameters preferred when the scenario ran several reference cells.
  styles2018: {
    scenario: 'http-client',
    callback: 'recursive-callback',
    promise: 'promise-chain',
    asyncAwait: 'async-await',
    cell: { c: 1, keepAlive: 'off' },
    cellWhy: "the 2018 article's cell: one request at a time, no keep-alive",
    measured2018: true,
  },
};
