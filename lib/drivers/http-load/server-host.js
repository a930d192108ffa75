'use strict';

const net = require('node:net');

// The server's own process in an http-load run, so that the load generator and
// the server never share an event loop. It starts a server module (an
// http-server example, or the fixed target of the client problem) by its
// contract, serve(options) → { port, close, stats? }, says when it listens,
// and closes it when told, checking that close() did close. A cluster example
// forks its workers from here.
//
// Messages from the driver: { type: 'stats' }, { type: 'closeIdle' } and { type: 'stop' }.
// Messages to it: { type: 'unloadable', error }, { type: 'ready', port }, { type: 'stats', stats }, { type: 'closeIdle' },
// { type: 'stopped', problem } (problem: what was wrong with close(), or null).

const { file, options } = JSON.parse(process.argv[2]);

// Whether something still accepts connections on the port.
function accepts(port) {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

async function stop(server) {
  try {
    await server.close();
  } catch (error) {
    return `close() failed: ${error && error.message ? error.message : error}`;
  }
  if (await accepts(server.port)) return `the port ${server.port} still accepts connections after close()`;
  return null;
}

async function main() {
  // A server a runtime cannot load (a syntax or a module it lacks) is told
  // apart from one that fails while it starts: the first is UNSUPPORTED there.
  let serve;
  try {
    serve = require(file);
  } catch (error) {
    const reason = String((error && error.message) || error).split('\n')[0];
    process.send({ type: 'unloadable', error: `${error && error.name ? `${error.name}: ` : ''}${reason}` }, () => process.exit(1));
    return;
  }
  const server = await serve(options);
  process.on('message', async (message) => {
    if (message.type === 'stats') process.send({ type: 'stats', stats: server.stats ? server.stats() : null });
    if (message.type === 'closeIdle') {
      if (server.closeIdle) server.closeIdle();
      process.send({ type: 'closeIdle' });
    }
    if (message.type === 'stop') {
      const problem = await stop(server);
      process.send({ type: 'stopped', problem }, () => process.exit(0));
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
