'use strict';

// Each column's `description` is its glossary entry and, in the HTML page,
// its header's tooltip.

/** A table's glossary: every column that says what it means, by its title. */
function glossary(columns, extra = []) {
  return [...columns.filter((c) => c.description).map((c) => ({ term: c.title ?? c.key, text: c.description })), ...extra];
}

module.exports = { glossary };
