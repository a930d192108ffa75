'use strict';

// A small XML well-formedness check for the report's SVG files: one root
// element, every tag closed in order, quoted and unique attributes, known
// entities only, comments without "--". It is not a validating parser, and
// DTDs are refused outright (the charts never have one).

const NAME = /^[A-Za-z_:][\w:.-]*/;
const ENTITY = /^&(?:amp|lt|gt|quot|apos|#[0-9]+|#x[0-9a-fA-F]+);/;

class XmlError extends Error {
  constructor(message, text, at) {
    const line = text.slice(0, at).split('\n').length;
    super(`${message} at line ${line}, offset ${at}: ${JSON.stringify(text.slice(at, at + 40))}`);
  }
}

function checkText(text, start, end, source) {
  for (let i = start; i < end; i++) {
    const ch = text[i];
    if (ch === '<') throw new XmlError('"<" in text or attribute', source, i);
    if (ch === '&' && !ENTITY.test(text.slice(i, i + 12))) throw new XmlError('bad entity', source, i);
  }
}

/**
 * Throws an Error naming the line when `text` is not well-formed XML.
 * @returns {{ root: string, elements: number }}
 */
function checkWellFormed(text) {
  const stack = [];
  let root = null;
  let elements = 0;
  let i = 0;
  if (text.startsWith('<?xml')) {
    const end = text.indexOf('?>');
    if (end < 0) throw new XmlError('unclosed XML declaration', text, 0);
    i = end + 2;
  }
  while (i < text.length) {
    const lt = text.indexOf('<', i);
    const textEnd = lt < 0 ? text.length : lt;
    if (stack.length === 0 && text.slice(i, textEnd).trim() !== '') throw new XmlError('text outside the root element', text, i);
    checkText(text, i, textEnd, text);
    if (lt < 0) break;
    i = lt;
    if (text.startsWith('<!--', i)) {
      const end = text.indexOf('-->', i + 4);
      if (end < 0) throw new XmlError('unclosed comment', text, i);
      if (text.slice(i + 4, end).includes('--') || text[end - 1] === '-') throw new XmlError('"--" inside a comment', text, i);
      i = end + 3;
    } else if (text.startsWith('<![CDATA[', i)) {
      if (stack.length === 0) throw new XmlError('CDATA outside the root element', text, i);
      const end = text.indexOf(']]>', i);
      if (end < 0) throw new XmlError('unclosed CDATA section', text, i);
      i = end + 3;
    } else if (text.startsWith('<?', i)) {
      const end = text.indexOf('?>', i);
      if (end < 0) throw new XmlError('unclosed processing instruction', text, i);
      i = end + 2;
    } else if (text.startsWith('<!', i)) {
      throw new XmlError('DTDs are not expected', text, i);
    } else if (text.startsWith('</', i)) {
      const name = NAME.exec(text.slice(i + 2));
      if (!name) throw new XmlError('bad closing tag', text, i);
      const close = text.indexOf('>', i);
      if (close < 0 || text.slice(i + 2 + name[0].length, close).trim() !== '') throw new XmlError('bad closing tag', text, i);
      const open = stack.pop();
      if (open !== name[0]) throw new XmlError(`</${name[0]}> closes <${open}>`, text, i);
      i = close + 1;
    } else {
      const name = NAME.exec(text.slice(i + 1));
      if (!name) throw new XmlError('bad tag name', text, i);
      if (stack.length === 0) {
        if (root !== null) throw new XmlError('a second root element', text, i);
        root = name[0];
      }
      elements++;
      i += 1 + name[0].length;
      const seen = new Set();
      for (;;) {
        const space = /^\s*/.exec(text.slice(i))[0].length;
        i += space;
        if (text.startsWith('/>', i)) {
          i += 2;
          break;
        }
        if (text[i] === '>') {
          stack.push(name[0]);
          i += 1;
          break;
        }
        if (space === 0) throw new XmlError('no space before an attribute', text, i);
        const attribute = NAME.exec(text.slice(i));
        if (!attribute) throw new XmlError('bad attribute', text, i);
        if (seen.has(attribute[0])) throw new XmlError(`attribute ${attribute[0]} twice`, text, i);
        seen.add(attribute[0]);
        i += attribute[0].length;
        const eq = /^\s*=\s*/.exec(text.slice(i));
        if (!eq) throw new XmlError('attribute without "="', text, i);
        i += eq[0].length;
        const quote = text[i];
        if (quote !== '"' && quote !== "'") throw new XmlError('unquoted attribute value', text, i);
        const end = text.indexOf(quote, i + 1);
        if (end < 0) throw new XmlError('unclosed attribute value', text, i);
        checkText(text, i + 1, end, text);
        i = end + 1;
      }
    }
  }
  if (stack.length > 0) throw new XmlError(`<${stack[stack.length - 1]}> is never closed`, text, text.length);
  if (root === null) throw new XmlError('no root element', text, 0);
  return { root, elements };
}

module.exports = { checkWellFormed };
