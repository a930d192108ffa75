// Written by hand as a compiler would write it; compiled.js.map maps it to original.js.
'use strict';
module.exports = function fail() { throw new Error('source map check'); };
//# sourceMappingURL=compiled.js.map
