'use strict';

// The CLI writing into a pipe whose reader stops early (asyncmark list | head
// -1) ends quietly, exit 0, not with an unhandled EPIPE stack trace; and a
// pipe given where a results file is wanted is named as a pipe.

const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { spawn, execFileSync } = require('node:child_process');
const { runCli } = require('./capture');

const CLI = path.join(__dirname, '..', '..', 'bench', 'cli.js');

describe('the CLI and pipes', function () {
  this.timeout(30000);

  it('ends quietly, exit 0, when the reader of its stdout stops early', async () => {
    const cli = spawn(process.execPath, [CLI, 'help', 'bench'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    cli.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    // The reader is gone before the first line, as after head has read its lines.
    cli.stdout.destroy();
    const code = await new Promise((resolve) => cli.on('close', resolve));
    assert.equal(stderr, '');
    assert.equal(code, 0);
  });

  it('compare names a FIFO as a pipe, not a folder', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'asyncmark-pipe-'));
    try {
      const fifo = path.join(dir, 'fifo');
      execFileSync('mkfifo', [fifo]);
      const { code, stderr } = await runCli('compare', fifo, fifo);
      assert.equal(code, 2);
      assert.equal(stderr, `asyncmark: OLD: ${JSON.stringify(fifo)} is not allowed; expected a regular results file (it is a pipe, device or socket)\n`);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
