'use strict';

// The server's own process in an http-load run, so that the load generator and
// the server never share an event loop. It starts a server module (an
// http-server example, or the fixed target of the client problem) by its
// contract, serve(options) → { port, close, stats? }, says when it listens,
// and closes it when told. A cluster example forks its workers from here.
//
// Messages from the driver: { type: 'stats' } and { type: 'stop' }.
// Messages to it: { type: 'ready', port }, { type: 'stats', stats }, { type: 'stopped' }.

const { file, options } = JSON.parse(process.argv[2]);

async function main() {
  const server = await require(file)(options);
  process.on('message', async (message) => {
    if (message.type === 'stats') process.send({ type: 'stats', stats: server.stats ? server.stats() : null });
    if (message.type === 'stop') {
      await server.close();
      process.send({ type: 'stopped' }, () => process.exit(0));
    }
  });
  // The driver is gone: nothing more to serve.
  process.on('disconnect', () => process.exit(0));
  process.send({ type: 'ready', port: server.port });
}

main().catch((error) => {
  process.stderr.write(`${error && error.stack ? error.stack : error}\n`);
  process.exit(1);
});
