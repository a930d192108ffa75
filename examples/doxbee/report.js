'use strict';

// What the report shows of the DoxBee problem beyond its tables; lib/report
// is handed it by the entry points (lib/problems.js reportHooks).
module.exports = {
  // The scenario whose tables lead the report and feed the summary table.
  headline: 'doxbee-sequential',
  // The 2013 article (lib/article-2013.json) measured this problem: its time
  // and memory table beside the time scenario, its second experiment beside
  // the io-bound one.
  article2013: { timeScenario: 'doxbee-sequential', ioScenario: 'doxbee-io-bound' },
  // The three styles the 2018 experiment compared, as this problem's examples,
  // and the scenario that runs them.
  styles2018: { scenario: 'doxbee-sequential', callback: 'callbacks-original', promise: 'promises-native', asyncAwait: 'async-await' },
  // The README's picture, one row per style family at the headline cell: each
  // family stands as its plain example, the one written the way that style's
  // own documentation teaches it, neither its fastest nor its slowest variant.
  families: [
    { family: 'callbacks', example: 'callbacks-original' },
    { family: 'async.js (caolan/async)', example: 'callbacks-async-waterfall' },
    { family: 'generators with co', example: 'generators-co' },
    { family: 'bluebird', example: 'promises-bluebird' },
    { family: 'Q', example: 'promises-q' },
    { family: 'when.js', example: 'promises-when' },
    { family: 'native promises', example: 'promises-native' },
    { family: 'async/await', example: 'async-await' },
    { family: 'RxJS', example: 'observables-rxjs' },
    { family: 'Effect', example: 'effect' },
  ],
};
