'use strict';

// Run by lib/runtimes/probe.js under a Node: whether it loads what every
// child of asyncmark's loads (the problems, their scenarios, the fakes and
// the measuring toolkit) as written. It prints its line only where all of it
// loads; a Node that cannot is given that code compiled for it.

require('../../../examples');
require('../../fakes');
require('../../runner/child/measure');

process.stdout.write('own code loads\n');
