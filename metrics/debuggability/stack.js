'use strict';

const path = require('node:path');
const url = require('node:url');
const { STACK_FRAMES } = require('./stack-settings');

// Reading a stack trace, and measuring what it tells a developer about the
// failing call: which frames name the example, how far they are from the call.

const ROOT = path.resolve(__dirname, '..', '..');
// The probe's child, whose startUpload is the caller of every probed upload:
// a trace that reaches it leads back to the code that started the upload.
const PROBE_CHILD = path.join(__dirname, 'probe-child.js');

const FRAME = /^\s+at (?:(async) )?(.*)$/;
const SEPARATOR = /^From previous event:$/;

/**
 * The frames of a V8 stack text, including the earlier events that bluebird
 * and Q append ("From previous event:"); `event` counts those, from 0.
 * @param {string} stack
 * @returns {{ fn: string|null, file: string|null, line: number|null, column: number|null, async: boolean, event: number }[]}
 */
function parseStack(stack) {
  const frames = [];
  let event = 0;
  for (const text of String(stack ?? '').split('\n')) {
    if (SEPARATOR.test(text.trim())) {
      event++;
      continue;
    }
    const match = FRAME.exec(text);
    if (!match) continue;
    let fn = null;
    let location = match[2];
    const named = /^(.*?) \((.*)\)$/.exec(location);
    if (named) {
      fn = named[1];
      location = named[2];
    }
    const position = /^(.*):(\d+):(\d+)$/.exec(location);
    let file = position ? position[1] : location;
    if (file.startsWith('file://')) file = url.fileURLToPath(file);
    frames.push({
      fn,
      file: file || null,
      line: position ? Number(position[2]) : null,
      column: position ? Number(position[3]) : null,
      async: match[1] === 'async',
      event,
    });
  }
  return frames;
}

function lineDistance(line, ranges) {
  let best = Infinity;
  for (const { start, end } of ranges) {
    const d = line < start ? start - line : line > end ? line - end : 0;
    best = Math.min(best, d);
  }
  return best;
}

/** A file as the report names it: relative to the package when it is inside it. */
function shortFile(file) {
  if (!file) return '?';
  if (path.isAbsolute(file)) {
    const relative = path.relative(ROOT, file);
    return relative.startsWith('..') ? file : relative;
  }
  return file;
}

function describeFrame(frame) {
  const where = frame.line === null ? shortFile(frame.file) : `${shortFile(frame.file)}:${frame.line}`;
  return `${frame.async ? 'async ' : ''}${frame.fn ?? '<anonymous>'} (${where})`;
}

/**
 * What a stack trace tells a developer about the failing call.
 * @param {string|null} stack
 * @param {object} where { file: the example, ranges: the failing call's lines, callerFile }
 * @returns {object} frames, namesFile, distance (null unless the file is named
 *   and the call located; 0 when a frame points into a call), nearestLine,
 *   reach ('caller' | 'example' | 'none'), endsIn (the last frame), truncated
 *   (the error's own frames fill the frame limit, so older ones may be missing)
 */
function measureTrace(stack, { file, ranges = [], callerFile = PROBE_CHILD }) {
  const frames = parseStack(stack);
  const target = path.resolve(file);
  const inExample = frames.filter((f) => f.file && f.line !== null && path.resolve(f.file) === target);
  const namesFile = inExample.length > 0;
  let distance = null;
  let nearestLine = null;
  if (namesFile && ranges.length > 0) {
    for (const frame of inExample) {
      const d = lineDistance(frame.line, ranges);
      if (distance === null || d < distance) {
        distance = d;
        nearestLine = frame.line;
      }
    }
  } else if (namesFile) {
    nearestLine = inExample[0].line;
  }
  const reachesCaller = frames.some((f) => f.file && path.resolve(f.file) === path.resolve(callerFile));
  const last = frames[frames.length - 1];
  return {
    frames: frames.length,
    namesFile,
    distance,
    nearestLine,
    reach: reachesCaller ? 'caller' : namesFile ? 'example' : 'none',
    endsIn: last ? describeFrame(last) : null,
    truncated: frames.filter((f) => f.event === 0).length >= STACK_FRAMES,
  };
}

module.exports = { PROBE_CHILD, parseStack, shortFile, measureTrace };
