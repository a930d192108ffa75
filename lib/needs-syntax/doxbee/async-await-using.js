'use strict';

// asyncmark/examples/doxbee/async-await-using, as package.json's exports map
// gives it: the example where its syntax runs, else an error naming the
// syntax and the Node it needs (lib/registry.js), not a bare SyntaxError.
module.exports = require('../../index').example('doxbee', 'async-await-using').load();
