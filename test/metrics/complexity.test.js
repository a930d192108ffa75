'use strict';

const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const esprima = require('esprima');
const espree = require('espree');
const complexity = require('../../metrics/complexity');
const problems = require('../../examples');
const { main } = require('../../bench/cli');

const FIXTURES = path.join(__dirname, '..', 'fixtures', 'complexity');
const fixture = (name) => path.join(FIXTURES, name);
const measure = (source) => complexity.measureSource(source);
const parsed = (source) => complexity.parse(source).ast;

// Runs the command line in this process and collects what it prints.
async function run(args) {
  const printed = { stdout: [], stderr: [] };
  const original = { stdout: process.stdout.write, stderr: process.stderr.write };
  process.stdout.write = (chunk) => printed.stdout.push(String(chunk)) > 0;
  process.stderr.write = (chunk) => printed.stderr.push(String(chunk)) > 0;
  try {
    const code = await main(['node', 'asyncmark', ...args]);
    return { code, stdout: printed.stdout.join(''), stderr: printed.stderr.join('') };
  } finally {
    process.stdout.write = original.stdout;
    process.stderr.write = original.stderr;
  }
}

function espreeTokenCount(source) {
  for (const sourceType of ['commonjs', 'module']) {
    try {
      return espree.tokenize(source, { ecmaVersion: 'latest', sourceType }).length;
    } catch {
      // try the other source type
    }
  }
  throw new Error('espree cannot lex the source');
}

describe('complexity: tokens', () => {
  it('leaves comments out, and lines too when they hold only comments', () => {
    const source = ['// leading comment', 'const x = 1; /* trailing */', '/**', ' * block', ' */', '', 'let y = x + 2; // end'].join('\n');
    // const x = 1 ;  (5)  +  let y = x + 2 ;  (7)
    assert.deepEqual([measure(source).tokens, measure(source).lines], [12, 2]);
  });

  it('counts a generator and yield* token by token', () => {
    const source = 'function* ids() { let i = 0; while (true) yield i++; }\nfunction* all(a) { yield* a; }\n';
    // function * ids ( ) { let i = 0 ; while ( true ) yield i ++ ; }   (20)
    // function * all ( a ) { yield * a ; }                              (12)
    const row = measure(source);
    assert.equal(row.tokens, 32);
    assert.equal(row.lexer, 'esprima');
    assert.equal(row.parser, 'esprima');
  });

  it('counts ?. and ?? as one token each, as espree does', () => {
    const source = 'const v = a?.b ?? c?.[0] ?? d?.();';
    // const v = a ?. b ?? c ?. [ 0 ] ?? d ?. ( ) ;   (18)
    assert.equal(esprima.tokenize(source).length, 23, 'Esprima 4 splits each of the five operators in two');
    const row = measure(source);
    assert.equal(row.tokens, 18);
    assert.equal(row.lexer, 'esprima');
    assert.equal(row.parser, 'espree', "Esprima 4's parser does not know ?. and ??");
    assert.equal(espreeTokenCount(source), 18);
  });

  it('counts `await using` as two words, as espree does, and reads its declaration with espree', () => {
    const source = 'async function f(db) { await using tx = db.begin(); return tx.commit(); }';
    // async function f ( db ) { await using tx = db . begin ( ) ; return tx . commit ( ) ; }   (25)
    const row = measure(source);
    assert.equal(row.tokens, 25);
    assert.equal(espreeTokenCount(source), 25);
    assert.equal(row.lexer, 'esprima');
    assert.equal(row.parser, 'espree', "Esprima 4's parser does not know `await using`");
    assert.equal(row.functions, 1);
  });

  it('counts ||= &&= ??= as one token each; **= was never split', () => {
    const source = 'a ||= 1; b &&= 2; c ??= 3; d **= 4;';
    // four statements of four tokens: a ||= 1 ;
    assert.equal(esprima.tokenize(source).length, 20, '||= and &&= in two pieces, ??= in three, **= whole');
    assert.equal(measure(source).tokens, 16);
    assert.equal(espreeTokenCount(source), 16);
  });

  it('merges only pieces that touch', () => {
    // x = a ? .5 : b  (7): the ? of a conditional before a number is not ?.
    assert.equal(measure('x = a ? .5 : b').tokens, 7);
    // a ?? b || c  (5) and a ? b : c ? d : e  (9)
    assert.equal(measure('a ?? b, c ? d : e ? f : g').tokens, 13);
  });

  it('falls back to espree where Esprima cannot lex, and says so', () => {
    const source = 'class Counter { #count = 1_000n; inc() { return ++this.#count; } }';
    assert.throws(() => esprima.tokenize(source));
    // class Counter { #count = 1_000n ; inc ( ) { return ++ this . #count ; } }   (19)
    const row = measure(source);
    assert.equal(row.tokens, 19);
    assert.equal(row.lexer, 'espree');
    assert.equal(row.parser, 'espree');
  });

  it('treats a hashbang line as the comment it is', () => {
    const row = measure("#!/usr/bin/env node\n'use strict';\n");
    assert.deepEqual([row.tokens, row.lines, row.lexer], [2, 1, 'esprima']);
  });

  it('gives the same count as espree on every example and fixture Esprima can lex', () => {
    const files = [
      ...Object.values(problems).flatMap((registry) => registry.examples.map((entry) => entry.file)),
      ...['callbacks.js', 'promises.js', 'queue.js'].map(fixture),
    ].filter((file) => fs.existsSync(file));
    for (const file of files) {
      const source = fs.readFileSync(file, 'utf8');
      const row = measure(source);
      if (row.lexer === 'esprima') assert.equal(row.tokens, espreeTokenCount(source), file);
    }
  });

  it('refuses text that is not JavaScript with the line and column', () => {
    assert.throws(
      () => measure('total = 1 + 2\nthen add three more\n'),
      (error) => {
        assert.ok(error instanceof complexity.SourceError);
        assert.deepEqual([error.line, error.column], [2, 6]);
        assert.match(error.description, /add/);
        return true;
      },
    );
  });
});

describe('complexity: normalise', () => {
  it('scores the fewest tokens 1 and the others relative to it', () => {
    const rows = complexity.normalise([{ tokens: 300 }, { tokens: 200 }, { tokens: 500 }]);
    assert.deepEqual(
      rows.map((row) => row.score),
      [1.5, 1, 2.5],
    );
  });
});

describe('complexity: structure of small sources', () => {
  it('nests by functions only', () => {
    // function (1) > arrow (2) > class (adds nothing) > method (3); blocks add nothing.
    const ast = parsed('f(function () { if (a) { return () => { class A { m() { return 1; } } }; } });');
    assert.equal(complexity.nestingDepth(ast), 3);
    assert.equal(complexity.nestingDepth(parsed('const a = { b: [1, { c: 2 }] };')), 0);
  });

  it('counts every kind of function literal', () => {
    const source = [
      'function a() {}', // 1 declaration
      'const b = function () {};', // 2 expression
      'const c = () => 1;', // 3 arrow
      'function* d() {}', // 4 generator
      'const e = { f() {}, get g() { return 1; } };', // 5, 6 method and getter
      'class H { constructor() {} i() {} }', // 7, 8 constructor and method
    ].join('\n');
    assert.equal(complexity.countFunctions(parsed(source)), 8);
  });

  it('counts the decision points of cyclomatic complexity', () => {
    const source = [
      'if (a) {} else if (b) {} else {}', // 2: two ifs, else is not a decision
      'switch (x) { case 1: break; case 2: break; default: }', // 2: two cases with a test
      'for (;;) {} for (const k in o) {} for (const v of o) {} while (c) {} do {} while (d);', // 5 loops
      'try { t(); } catch (err) {} finally {}', // 1: the catch
      'y = p ? q : r;', // 1
      'z = (s && t) || (u ?? 0);', // 3 logical operators
      'w ||= 1; w &&= 2; w ??= 3; w += 4;', // 3: += is not a decision
      'v = m?.n.o?.(p);', // 2: each ?. link, not the plain .
    ];
    assert.equal(complexity.cyclomatic(parsed(source.join('\n'))), 2 + 2 + 5 + 1 + 1 + 3 + 3 + 2 + 1);
  });

  it('counts explicit error-handling sites', () => {
    const cases = [
      ['if (err) return done(err);', 1],
      ['if (!error) ok();', 1],
      ["if (err != null && err.code === 'X') {}", 1],
      ['if (e instanceof TypeError) {}', 1],
      ['x = err ? fail(err) : ok();', 1],
      ['err && done(err);', 1],
      ['const g = (e) => e && done(e);', 1],
      ['if (ok) {} if (result.error) {}', 0],
      ['p.then(ok, fail);', 1],
      ['p.then(ok); p.then(ok, null); p.then(ok, undefined);', 0],
      ["p.catch(f); p.caught(f); p.fail(f); p.tapCatch(f); p['catch'](f);", 5],
      ['o.pipe(catchError(f), tap({ error: f }), tap(f));', 2],
      ['o.subscribe({ next: n, error: f }); o.subscribe(n, f); o.subscribe(n);', 2],
      ['try { a(); } catch (e) { b(); }', 1],
      ["s.on('error', f); s.once('error', f); s.on('data', f);", 2],
      ['done(null, value); console.error(x); fail(x);', 0],
      ['return err ? done(err) : done();', 1], // CommonJS may return at top level
    ];
    for (const [source, expected] of cases) {
      assert.equal(complexity.countErrorSites(parsed(source)), expected, source);
    }
  });
});

describe('complexity: fixtures worked out by hand', () => {
  it('callbacks.js: a pyramid of node-style callbacks', () => {
    // functions: the factory arrow, upload, the readFile and begin callbacks, the
    //   (e) => arrow, describe: 6.
    // nesting: factory 1 > upload 2 > readFile callback 3 > begin callback 4 > (e) => 5.
    // cyclomatic: if (err), if (error), for-of, if (!row || ...), its ||,
    //   e && done(e), describe's ?: = 7 decisions, + 1 = 8.
    // errorSites: if (err), if (error), the guard e && done(e) = 3; `if (!row ...)`
    //   tests no error.
    // lines: 27 lines less 4 blank and 1 comment = 22.
    const row = complexity.measureFile(fixture('callbacks.js'));
    assert.deepEqual(
      { lines: row.lines, nesting: row.nesting, functions: row.functions, cyclomatic: row.cyclomatic, errorSites: row.errorSites },
      { lines: 22, nesting: 5, functions: 6, cyclomatic: 8, errorSites: 3 },
    );
    assert.deepEqual([row.lexer, row.parser], ['esprima', 'esprima']);
  });

  it('promises.js: promise and observable handlers', () => {
    // functions: factory arrow, upload and watch methods, and the arrows (row),
    //   (error), (version), (err), () => {}, () => [], (change), (reason): 11.
    // nesting: factory 1 > method 2 > arrow 3.
    // cyclomatic: ?. , ?? , if (err instanceof TypeError) = 3, + 1 = 4.
    // errorSites: .then(ok, fail), .catch(...), if (err instanceof ...),
    //   .on('error', ...), catchError(...), .subscribe({ error }) = 6; `throw error`
    //   raises, it does not handle.
    // lines: 20 lines less 1 blank and 2 comment = 17.
    const row = complexity.measureFile(fixture('promises.js'));
    assert.deepEqual(
      { lines: row.lines, nesting: row.nesting, functions: row.functions, cyclomatic: row.cyclomatic, errorSites: row.errorSites },
      { lines: 17, nesting: 3, functions: 11, cyclomatic: 4, errorSites: 6 },
    );
    assert.deepEqual([row.lexer, row.parser], ['esprima', 'espree']);
  });

  it('queue.js: a class, a generator method, a switch', () => {
    // functions: constructor, *drain, static kind, tryParse: 4.
    // nesting: methods sit at 1 (a class adds nothing), tryParse at 1.
    // cyclomatic: while, case 'string', case 'number' (not default), catch = 4, + 1 = 5.
    // errorSites: the catch clause = 1.
    // lines: 34 lines less 5 blank = 29.
    const row = complexity.measureFile(fixture('queue.js'));
    assert.deepEqual(
      { lines: row.lines, nesting: row.nesting, functions: row.functions, cyclomatic: row.cyclomatic, errorSites: row.errorSites },
      { lines: 29, nesting: 1, functions: 4, cyclomatic: 5, errorSites: 1 },
    );
  });
});

describe('asyncmark complexity', () => {
  it('refuses a file that is not JavaScript: exit 2, one line naming the file and position', async () => {
    const file = fixture('not-javascript.txt');
    const { code, stdout, stderr } = await run(['complexity', file]);
    assert.equal(code, 2);
    assert.equal(stdout, '');
    assert.equal(stderr.split('\n').filter(Boolean).length, 1, stderr);
    assert.ok(stderr.includes(`${file}:2:6: not valid JavaScript (`), stderr);
  });

  it('refuses a file that does not exist: exit 2, naming it', async () => {
    const { code, stderr } = await run(['complexity', 'no-such-file.js']);
    assert.equal(code, 2);
    assert.equal(stderr, 'asyncmark: no-such-file.js: no such file\n');
  });

  it('refuses an empty file name with one line naming the argument', async () => {
    const { code, stdout, stderr } = await run(['complexity', '']);
    assert.equal(code, 2);
    assert.equal(stdout, '');
    assert.equal(stderr, 'asyncmark: FILE: "" is not allowed; expected the path of a JavaScript file\n');
  });

  it('refuses an unknown format', async () => {
    const { code, stderr } = await run(['complexity', '--format', 'xml']);
    assert.equal(code, 2);
    assert.match(stderr, /--format: "xml" is not allowed/);
  });

  it('prints JSON with one row per example, normalised within each problem', async () => {
    const { code, stdout } = await run(['complexity', '--format', 'json']);
    assert.equal(code, 0);
    const rows = JSON.parse(stdout);
    const expected = Object.entries(problems).flatMap(([problem, registry]) =>
      registry.examples.filter((entry) => fs.existsSync(entry.file)).map((entry) => `${problem}/${entry.name}`),
    );
    assert.deepEqual(rows.map((row) => `${row.problem}/${row.example}`).sort(), expected.sort());
    for (const row of rows) {
      assert.deepEqual(Object.keys(row), [
        'problem',
        'example',
        'file',
        'tokens',
        'score',
        'lines',
        'nesting',
        'functions',
        'cyclomatic',
        'errorSites',
        'lexer',
        'parser',
        'generatedFrom',
      ]);
      assert.ok(Number.isInteger(row.tokens) && row.tokens > 0, row.example);
      assert.ok(['esprima', 'espree'].includes(row.lexer));
    }
    for (const problem of new Set(rows.map((row) => row.problem))) {
      const scores = rows.filter((row) => row.problem === problem).map((row) => row.score);
      assert.equal(Math.min(...scores), 1, problem);
      assert.deepEqual(
        scores,
        [...scores].sort((a, b) => a - b),
        `${problem} sorted by tokens`,
      );
    }
  });

  it('measures the files given, normalised among them', async () => {
    const files = ['callbacks.js', 'queue.js'].map(fixture);
    const { code, stdout } = await run(['complexity', ...files, '--format', 'csv']);
    assert.equal(code, 0);
    const lines = stdout.trimEnd().split('\r\n');
    assert.equal(lines[0], 'problem,example,file,tokens,score,lines,nesting,functions,cyclomatic,errorSites,lexer,parser,generatedFrom');
    assert.equal(lines.length, 3);
    assert.ok(lines[1].includes('queue.js') && lines[1].includes(',1,'), 'the smaller file first, scoring 1');
  });

  it('prints a table and a markdown table of the examples', async () => {
    const table = await run(['complexity']);
    assert.equal(table.code, 0);
    assert.match(table.stdout, /^doxbee\nexample +tokens +score/);
    const markdown = await run(['complexity', '--format', 'markdown']);
    assert.match(markdown.stdout, /^### doxbee\n\n\| example \| tokens \| score \|/);
    // The compiled examples are marked, each with the example it came from.
    // A note is wrapped at 100 columns, its lines after the first indented.
    const legend = table.stdout
      .replace(/\n {2}/g, ' ')
      .split('\n')
      .find((line) => line.startsWith('generated by npm run build:transpiled, '));
    assert.ok(table.stdout.split('\n').every((line) => !line.startsWith('generated by') || [...line].length <= 100));
    assert.ok(legend && legend.includes('async-await-babel (from async-await)') && legend.includes('generators-co-babel (from generators-co)'), legend);
    const json = JSON.parse((await run(['complexity', '--format', 'json'])).stdout);
    const byName = (name) => json.find((row) => row.problem === 'doxbee' && row.example === name);
    assert.equal(byName('async-await-tsc-es2016').generatedFrom, 'async-await');
    assert.equal(byName('async-await').generatedFrom, null);
  });
});
