'use strict';

const { comparisons } = require('./comparisons');
const { VERDICTS, labelOf } = require('./verdict');

// The page's totals: one verdict per published claim, so that no figure and
// no run of ours counts twice. Pure.
//   - A figure that summarizes the row's other figures (kaizhu256's range is
//     the lowest and highest ratio of his per-version table) is shown, not
//     counted: its verdicts reuse the runs those figures are judged on.
//   - A figure judged on several runtimes (a release the source does not pin
//     down: "Node 14.5.0 or 14.6.0") counts once: the verdict its judged
//     runtimes agree on, else inconclusive.
//   - A row with no figure is one claim, not measured, whatever runtimes ran.
//   - Rows "beside" (another runtime against the latest figure) never count.
// Where one runtime's runs are still judged against two counted figures, they
// are two published measurements (kaizhu256's Linode figure and his Travis
// table's, both of Node 9.11.1): both count, and the totals name them.

// A verdict decided by intervals, as against one not judged or not measured.
const DECIDED = ['reproduced', 'contradicted', 'inconclusive'];

// The counted verdict of a claim judged several times: the one its decided
// verdicts agree on, inconclusive when they differ (the candidate releases
// tell different stories), else not judged if any runs were refused.
function claimVerdict(verdicts) {
  const decided = [...new Set(verdicts.filter((v) => DECIDED.includes(v)))];
  if (decided.length === 1) return decided[0];
  if (decided.length > 1) return 'inconclusive';
  return verdicts.includes('not judged') ? 'not judged' : 'not measured';
}

/**
 * @param {object[]} rows loadFigures()
 * @param {object[]} lines result lines
 * @param {object[]} [windows] the load windows (load.js)
 * @returns {{ counts: object, onProxy: object, claims: number, list: object[], shared: string[] }}
 *   counts: verdict → claims; onProxy: verdict → how many of those were judged on a proxy;
 *   claims: how many were counted (the counts' sum); list: each claim in page order,
 *   { row, figure, verdict, label, basis, proxy, runtimes }; shared: "row on runtime
 *   (n figures)" for runs judged against several counted figures
 */
function verdictTotals(rows, lines, windows = []) {
  const claims = new Map();
  const runsUse = new Map();
  for (const row of rows) {
    for (const c of comparisons(row, lines, { windows })) {
      if (c.beside || c.figure?.summarizes) continue;
      const key = c.figure ?? row;
      const claim = claims.get(key) ?? { row, figure: c.figure, verdicts: [], runtimes: [] };
      claim.verdicts.push(c.verdict.verdict);
      claim.runtimes.push(c.runtime);
      claims.set(key, claim);
      if (c.runtime && !c.ours.missing) {
        const runs = `${row.id} on ${c.runtime}`;
        runsUse.set(runs, (runsUse.get(runs) ?? 0) + 1);
      }
    }
  }
  const counts = Object.fromEntries(VERDICTS.map((v) => [v, 0]));
  const onProxy = Object.fromEntries(VERDICTS.map((v) => [v, 0]));
  const list = [...claims.values()].map(({ row, figure, verdicts, runtimes }) => {
    const verdict = claimVerdict(verdicts);
    const proxy = row.program?.another;
    counts[verdict]++;
    if (proxy) onProxy[verdict]++;
    return { row, figure, verdict, label: labelOf({ verdict, proxy }), basis: row.ours.basis ?? 'time', proxy, runtimes };
  });
  const shared = [...runsUse].filter(([, n]) => n > 1).map(([runs, n]) => `${runs} (${n} figures)`);
  return { counts, onProxy, claims: claims.size, list, shared };
}

module.exports = { verdictTotals, claimVerdict };
