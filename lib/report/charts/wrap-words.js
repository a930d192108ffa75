'use strict';

// A chart's title and subtitle lines, and names, wrapped for a narrow layout:
// Vega draws each line as given and never wraps one itself. Pure.

/** Words into lines of at most `most` characters (a longer word keeps its own line). */
function wrapWords(text, most) {
  const lines = [];
  for (const word of String(text).split(/\s+/).filter(Boolean)) {
    const last = lines.length - 1;
    if (last >= 0 && lines[last].length + 1 + word.length <= most) lines[last] += ` ${word}`;
    else lines.push(word);
  }
  return lines;
}

/** A name into lines of at most `most` characters, broken after its hyphens. */
function wrapName(name, most) {
  return wrapWords(String(name).replace(/-/g, '- '), most + 1).map((line) => line.replace(/- /g, '-'));
}

module.exports = { wrapWords, wrapName };
