'use strict';

// Every problem and its examples, by problem name.
module.exports = {
  doxbee: require('./doxbee'),
  parallel: require('./parallel'),
};
