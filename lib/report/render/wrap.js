'use strict';

// Text for a terminal, wrapped at word boundaries to a width, so that no line
// is wider than a reader's window. A word longer than the width is broken
// after its last - @ / or , that fits (bluebird@ | 3.7.2), else where the
// width ends, the only way it fits. Pure.

/** The terminal width asyncmark's own text fits unless told otherwise. */
const TERMINAL_WIDTH = 100;

// Where a word too long for `room` is broken: after the last of its break
// characters that leaves the first part within room, else at room.
function breakOf(word, room) {
  for (let k = room; k > 0; k--) if ('-@/,'.includes(word[k - 1])) return k;
  return room;
}

/**
 * @param {string} text one paragraph (runs of white space become one space)
 * @param {number} [width]
 * @param {string} [indent] put before every line but the first
 * @returns {string[]} the lines, none wider than width
 */
function wrapLines(text, width = TERMINAL_WIDTH, indent = '') {
  const lines = [];
  let line = '';
  for (let word of String(text).split(/\s+/).filter(Boolean)) {
    const room = () => width - (lines.length ? indent.length : 0);
    if (line && line.length + 1 + word.length <= room()) {
      line += ` ${word}`;
      continue;
    }
    if (line) lines.push(line);
    while (word.length > room()) {
      const cut = breakOf(word, room());
      lines.push(word.slice(0, cut));
      word = word.slice(cut);
    }
    line = word;
  }
  if (line || lines.length === 0) lines.push(line);
  return lines.map((each, i) => (i === 0 ? each : `${indent}${each}`));
}

/** wrapLines joined: each line of `text` (a paragraph a line) wrapped. */
function wrapText(text, width = TERMINAL_WIDTH, indent = '') {
  return String(text)
    .split('\n')
    .map((paragraph) => (paragraph.trim() === '' ? paragraph : wrapLines(paragraph, width, indent).join('\n')))
    .join('\n');
}

module.exports = { TERMINAL_WIDTH, wrapLines, wrapText };
