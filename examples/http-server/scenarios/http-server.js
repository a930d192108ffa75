'use strict';

const os = require('node:os');

// HTTP servers under load, after "Is async I/O worth the trouble?" (2019): per
// request read 1 MB from /dev/urandom and send it, async, sync, streamed, as a
// cluster and with a pool of threads. Its cell is 100 requests at c=50 (ab -n
// 100 -c 50 -k); c=1 shows each server without concurrency, and 400 requests
// a longer run. --workload compute and wait give the 2015 article's
// Fibonacci server and a server waiting on a database.
module.exports = {
  name: 'http-server',
  problem: 'http-server',
  driver: 'http-load',
  description: 'HTTP servers (async, sync, stream, cluster, thread pool) under a bounded autocannon load',
  params: { workload: 'read', bytes: 1048576, fibN: 20, t: 10, requests: [100, 400], c: [1, 50], workers: os.availableParallelism() },
  // bench --help's examples of this scenario: the options it is run with.
  usage: ['--requests 100 --c 50', '--workload compute --fib-n 25 --workers 4'],
};
