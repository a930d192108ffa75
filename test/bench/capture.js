'use strict';

const { main } = require('../../bench/cli');

// Runs the CLI in this process and returns { code, stdout, stderr }.
async function runCli(...args) {
  const out = [];
  const err = [];
  const writeOut = process.stdout.write;
  const writeErr = process.stderr.write;
  process.stdout.write = (chunk) => out.push(String(chunk)) > 0;
  process.stderr.write = (chunk) => err.push(String(chunk)) > 0;
  try {
    const code = await main(['node', 'asyncmark', ...args]);
    return { code, stdout: out.join(''), stderr: err.join('') };
  } finally {
    process.stdout.write = writeOut;
    process.stderr.write = writeErr;
  }
}

module.exports = { runCli };
