'use strict';

// Every problem and its examples, by problem name. Each registry names the
// driver that measures its examples (lib/drivers): batch for the problems run
// against the simulated I/O, compute for the recursion problems, http-load
// for the HTTP servers and clients.
module.exports = {
  doxbee: require('./doxbee'),
  parallel: require('./parallel'),
  instrument: require('./instrument'),
  fib: require('./fib'),
  slicing: require('./slicing'),
  'http-server': require('./http-server'),
  'http-client': require('./http-client'),
};
