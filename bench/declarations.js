'use strict';

// The declarations of a .d.ts written as lib/index.d.ts is, read for the API
// reference (bench/api-reference.js): each export starts a line, after its doc
// comment; an interface's or a class's members are indented, each after its
// own doc comment, and end at their `;`. Pure; it reads that shape only, not
// TypeScript at large.

// A doc comment's lines as { text, params, throws }: the prose before the
// first tag, then each @param and @throws.
function docOf(lines) {
  const body = lines
    .join('\n')
    .replace(/^\s*\/\*\*/, '')
    .replace(/\*\/\s*$/, '')
    .split('\n')
    .map((line) => line.replace(/^\s*\* ?/, '').trim());
  const parts = [];
  for (const line of body) {
    if (line.startsWith('@') || parts.length === 0) parts.push(line);
    else parts[parts.length - 1] += ` ${line}`;
  }
  const doc = { text: '', params: [], throws: [] };
  for (const part of parts.map((each) => each.trim()).filter(Boolean)) {
    const param = /^@param\s+(\S+)\s*(.*)$/.exec(part);
    if (param) doc.params.push({ name: param[1], text: param[2] });
    else if (part.startsWith('@throws')) doc.throws.push(part.replace(/^@throws\s*/, ''));
    else if (!part.startsWith('@')) doc.text = part;
  }
  return doc;
}

// The end of the doc comment that starts at lines[i].
function docEnd(lines, i) {
  let end = i;
  while (!lines[end].includes('*/')) end += 1;
  return end;
}

// An interface's or a class's members: [{ code, doc }], from the lines of its body.
function membersOf(body) {
  const members = [];
  let doc = null;
  for (let i = 0; i < body.length; i += 1) {
    if (body[i].trim() === '') continue;
    if (body[i].trim().startsWith('/**')) {
      const end = docEnd(body, i);
      doc = docOf(body.slice(i, end + 1));
      i = end;
      continue;
    }
    let end = i;
    while (!body[end].trimEnd().endsWith(';')) end += 1;
    members.push({ code: oneLine(body.slice(i, end + 1).join(' ')).replace(/;$/, ''), doc });
    doc = null;
    i = end;
  }
  return members;
}

/** A declaration's text on one line, its spaces collapsed. */
function oneLine(text) {
  return text
    .replace(/,\s*\)/g, ')')
    .replace(/\s+/g, ' ')
    .replace(/\( /g, '(')
    .replace(/ \)/g, ')')
    .trim();
}

/**
 * Every exported declaration, in the file's order; a function's overloads are
 * one declaration with a signature and a doc comment each.
 * @param {string} text the .d.ts
 * @returns {{ name: string, kind: string, signatures: string[], docs: (object | null)[], members: object[] | null }[]}
 */
function declarations(text) {
  const lines = text.split('\n');
  const found = [];
  let doc = null;
  for (let i = 0; i < lines.length; i += 1) {
    if (lines[i].startsWith('/**')) {
      const end = docEnd(lines, i);
      doc = docOf(lines.slice(i, end + 1));
      i = end;
      continue;
    }
    const head = /^export (type|interface|class|function|const) (\w+)/.exec(lines[i]);
    if (!head) {
      doc = null;
      continue;
    }
    let end = i;
    while (end + 1 < lines.length && lines[end + 1] !== '' && !/^(export |\/\*\*|\/\/)/.test(lines[end + 1])) end += 1;
    const [, kind, name] = head;
    const own = lines.slice(i, end + 1);
    const bodied = (kind === 'interface' || kind === 'class') && own[0].endsWith('{');
    const signature = oneLine((bodied ? own[0].replace(/\s*\{$/, '') : own.join(' ')).replace(/^export /, '')).replace(/;$/, '');
    const earlier = kind === 'function' && found.find((each) => each.kind === 'function' && each.name === name);
    if (earlier) {
      earlier.signatures.push(signature);
      earlier.docs.push(doc);
    } else {
      found.push({ name, kind, signatures: [signature], docs: [doc], members: bodied ? membersOf(own.slice(1, -1)) : null });
    }
    doc = null;
    i = end;
  }
  return found;
}

module.exports = { declarations, oneLine };
