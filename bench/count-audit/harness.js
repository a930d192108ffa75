'use strict';

// The count audit's child (npm run count-audit), short enough to read in a
// minute: the project's fakes and one example, made as the batch child makes
// them (createIO with the options it passes), a loop of batches and a
// marker. Nothing else of the project runs while it counts. Before each
// batch, and after the last, it calls os.loadavg(), which nothing else in a
// run calls: callgrind, told --dump-before=uv_loadavg, starts a new file
// there. So each file holds one batch and whatever it left running
// (rollbacks, collections) until the next one starts: everything the loop
// does, the collector included. The arguments are built before the mark.

const os = require('node:os');
const { createIO } = require('../../lib/fakes');

const { file, io: flavour, call, problem, options, calls, batches, perBatch } = JSON.parse(process.argv[2]);
const makeUpload = require(file);
let upload = makeUpload(createIO(flavour, options, problem).io);

function start(args, done) {
  if (call === 'callback') upload(...args, done);
  else if (call === 'promise') upload(...args).then(() => done(), done);
  else upload(...args).subscribe({ error: done, complete: () => done() });
}

function batch(all) {
  return new Promise((resolve) => {
    let left = all.length;
    const done = () => --left === 0 && resolve();
    for (const args of all) start(args, done);
  });
}

(async () => {
  for (let b = 0; b < batches; b++) {
    // As the tool does, a fresh simulated I/O and upload function a batch; or once.
    if (perBatch) upload = makeUpload(createIO(flavour, options, problem).io);
    const all = calls.map((args) => [...args]);
    os.loadavg();
    await batch(all);
  }
  os.loadavg();
})();
