'use strict';

// Every scenario, by name: each problem's (examples/<problem>/scenarios/), as lib/problems.js discovers them.
module.exports = require('../lib/problems').scenarios();
