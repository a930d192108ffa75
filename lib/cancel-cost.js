'use strict';

// What cancellability costs a style: each cancellable variant of a registry
// (its entry's variantOf) beside the plain example it was made from, with
// what each does when its caller gives up and the tokens each takes to write.
// Pure: the measures are passed in.

/**
 * One row per cancellable variant, in registry order.
 * @param {object} registry a problem's registry (problem, examples)
 * @param {{ tokensOf: (entry) => number, outcomeOf: (entry) => string }} measures
 *   tokensOf: the file's tokens (metrics/complexity.js); outcomeOf: its cancel
 *   outcome (lib/conformance/cancel.js), n/a for a plain example with no means
 * @returns {object[]} { problem, family, plain, variant, plainOutcome, variantOutcome,
 *   plainTokens, variantTokens, extraTokens, ratio }
 */
function cancelCostRows(registry, { tokensOf, outcomeOf }) {
  const byName = new Map(registry.examples.map((entry) => [entry.name, entry]));
  return registry.examples
    .filter((entry) => entry.variantOf !== undefined)
    .map((variant) => {
      const plain = byName.get(variant.variantOf);
      const plainTokens = tokensOf(plain);
      const variantTokens = tokensOf(variant);
      return {
        problem: registry.problem,
        family: variant.family,
        plain: plain.name,
        variant: variant.name,
        plainOutcome: outcomeOf(plain),
        variantOutcome: outcomeOf(variant),
        plainTokens,
        variantTokens,
        extraTokens: variantTokens - plainTokens,
        ratio: variantTokens / plainTokens,
      };
    });
}

/**
 * The rows as a markdown table, its generated-by line first, then what every
 * example does on cancel, the column a bench summary shows. Pure.
 * @param {object[]} rows cancelCostRows' of every problem
 * @param {string} firstLine the generated-by comment
 * @param {{ problem: string, example: string, outcome: string }[]} [every] each example's outcome
 */
function renderCancelCost(rows, firstLine, every = []) {
  const line = (cells) => `| ${cells.join(' | ')} |`;
  const lines = [
    firstLine,
    '# What cancellability costs each style',
    '',
    'Each cancellable variant beside the plain example it was made from: what each does when its caller gives up,',
    'judged by the cancel contract (docs/conformance.md), and the tokens each takes to write (metrics/complexity.js; a count, not a time).',
  ];
  for (const problem of [...new Set(rows.map((row) => row.problem))]) {
    lines.push(
      '',
      `## ${problem}`,
      '',
      line(['family', 'plain', 'on cancel', 'cancellable variant', 'on cancel', 'tokens', 'extra tokens']),
      line(['---', '---', '---', '---', '---', '---:', '---:']),
    );
    for (const row of rows.filter((r) => r.problem === problem)) {
      lines.push(
        line([
          row.family,
          `\`${row.plain}\``,
          row.plainOutcome,
          `\`${row.variant}\``,
          row.variantOutcome,
          `${row.plainTokens} → ${row.variantTokens}`,
          `+${row.extraTokens} (${row.ratio.toFixed(2)}×)`,
        ]),
      );
    }
  }
  if (every.length > 0) lines.push('', '# On cancel, every example', '', 'The "on cancel" column of a bench summary, observed here for every example.');
  for (const problem of [...new Set(every.map((row) => row.problem))]) {
    lines.push('', `## ${problem}`, '', line(['example', 'on cancel']), line(['---', '---']));
    for (const row of every.filter((r) => r.problem === problem)) lines.push(line([`\`${row.example}\``, row.outcome]));
  }
  return `${lines.join('\n')}\n`;
}

module.exports = { cancelCostRows, renderCancelCost };
