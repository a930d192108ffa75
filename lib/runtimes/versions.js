'use strict';

// What npm has of a runtime, said briefly: a refusal of a version npm cannot
// install names the versions that exist instead. Pure.

// A release line: the major, or for 0.x the minor too (0.10, 0.12).
function lineOf(version) {
  const [major, minor] = String(version).split('.');
  return major === '0' ? `0.${minor}` : major;
}

function lineNumber(line) {
  const [major, minor = '0'] = line.split('.');
  return Number(major) * 1000 + Number(minor);
}

// "0.8–0.12, 4–26": consecutive lines run together (0.x by minor, then by major).
function runs(lines) {
  const sorted = [...lines].sort((a, b) => lineNumber(a) - lineNumber(b));
  const next = (line) => (line.startsWith('0.') ? `0.${Number(line.split('.')[1]) + 1}` : String(Number(line) + 1));
  const groups = [];
  for (const line of sorted) {
    const last = groups[groups.length - 1];
    // 0.x lines are even for releases, odd for development (0.9, 0.11): a gap of one is no gap.
    const follows = last && (next(last.to) === line || (line.startsWith('0.') && next(next(last.to)) === line));
    if (follows) last.to = line;
    else groups.push({ from: line, to: line });
  }
  return groups.map((g) => (g.from === g.to ? g.from : `${g.from}–${g.to}`)).join(', ');
}

/**
 * The versions of a package, briefly: its release lines, and those of the
 * line a wanted range belongs to when npm has that line.
 *   describeVersions('node', [...], '9.11.1') → "node 0.8–0.12, 4–26; of 9: 9.0.0 to 9.11.2 (20 releases)"
 * @param {string} name the package
 * @param {string[]} versions as `npm view <name> versions` lists them
 * @param {string} [range] the version asked for
 */
function describeVersions(name, versions, range) {
  const releases = versions.filter((v) => /^\d+\.\d+\.\d+$/.test(v));
  if (releases.length === 0) return `npm has no release of ${name}`;
  const lines = [...new Set(releases.map(lineOf))];
  let text = `${name} ${runs(lines)}`;
  const wanted = range ? lineOf(range) : null;
  const ofLine = releases.filter((v) => lineOf(v) === wanted);
  if (ofLine.length > 0) text += `; of ${wanted}: ${ofLine[0]} to ${ofLine[ofLine.length - 1]} (${ofLine.length} releases)`;
  return text;
}

module.exports = { describeVersions, lineOf };
