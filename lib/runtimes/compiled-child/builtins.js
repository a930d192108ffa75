'use strict';

// The built-ins and Node APIs asyncmark's own child code uses that an old
// Node lacks and no compiler supplies, each added only where missing, before
// any of that code loads (preload.js). They are not the examples' concern:
// an example that uses one of them itself would find it here too, which is
// why the list is short and names the first Node that has each.
// Written in the JavaScript Node 6 parses, since it runs uncompiled.

const os = require('os');

function define(object, name, value) {
  if (typeof object[name] !== 'function') Object.defineProperty(object, name, { value: value, writable: true, configurable: true });
}

// Node 12.
if (typeof globalThis === 'undefined') global.globalThis = global;
define(Object, 'fromEntries', function fromEntries(pairs) {
  const object = {};
  Array.from(pairs, function set(pair) {
    object[pair[0]] = pair[1];
  });
  return object;
});

// perf_hooks, or null before Node 8.5. Optional catch binding is Node 10:
// this file runs uncompiled on Node 6, hence the unused binding.
function perfHooks() {
  try {
    return require('perf_hooks');
  } catch (missing) {
    return missing && null;
  }
}

// Node 16: performance as a global (the compute driver's clock), from
// perf_hooks (Node 8.5), else from process.hrtime, in milliseconds alike.
if (typeof performance === 'undefined') {
  const hooks = perfHooks();
  const origin = process.hrtime();
  global.performance = hooks
    ? hooks.performance
    : {
        now: function now() {
          const since = process.hrtime(origin);
          return since[0] * 1e3 + since[1] / 1e6;
        },
      };
}

// Node 11.
define(Array.prototype, 'flat', function flat(depth) {
  const levels = depth === undefined ? 1 : Number(depth);
  return this.reduce(function join(all, item) {
    return all.concat(Array.isArray(item) && levels > 0 ? item.flat(levels - 1) : [item]);
  }, []);
});
define(Array.prototype, 'flatMap', function flatMap(map, self) {
  return this.map(map, self).flat(1);
});

// Node 7 and 8 (esbuild's object spread takes descriptors).
define(Object, 'entries', function entries(object) {
  return Object.keys(object).map(function pair(key) {
    return [key, object[key]];
  });
});
define(Object, 'values', function values(object) {
  return Object.keys(object).map(function value(key) {
    return object[key];
  });
});
define(Object, 'getOwnPropertyDescriptors', function getOwnPropertyDescriptors(object) {
  const descriptors = {};
  Reflect.ownKeys(object).forEach(function describe(key) {
    descriptors[key] = Object.getOwnPropertyDescriptor(object, key);
  });
  return descriptors;
});
function pad(text, length, filler) {
  const fill = filler === undefined ? ' ' : String(filler);
  const missing = Math.max(0, length - text.length);
  return fill === '' ? '' : fill.repeat(Math.ceil(missing / fill.length)).slice(0, missing);
}
define(String.prototype, 'padStart', function padStart(length, filler) {
  return pad(String(this), length, filler) + String(this);
});
define(String.prototype, 'padEnd', function padEnd(length, filler) {
  return String(this) + pad(String(this), length, filler);
});

// Node 18.14.
define(os, 'availableParallelism', function availableParallelism() {
  return os.cpus().length;
});

// Node 10.7: nanoseconds as a number, exact to 2^53 ns (104 days), which is
// all the child does with them (a difference, made a Number).
define(process.hrtime, 'bigint', function hrtimeNanoseconds() {
  const time = process.hrtime();
  return time[0] * 1e9 + time[1];
});

// Node 18.2: http.Server's closeIdleConnections() and closeAllConnections(),
// with which the http-load driver's target server ends the connections a
// warm-up left idle, and stops. Before it a server keeps no list of its
// connections, so every server made by http.createServer keeps one here:
// a map of its sockets to their requests in flight. A server example on such
// a Node keeps it too, a small cost the newer Node pays in its own way.
const http = require('http');
if (typeof http.Server.prototype.closeAllConnections !== 'function') {
  const CONNECTIONS = Symbol('asyncmark connections');
  const createServer = http.createServer;
  http.createServer = function createServerWithConnections() {
    const server = createServer.apply(this, arguments);
    const connections = new Map();
    server[CONNECTIONS] = connections;
    // Before the server's own listeners, which may act on the request at once.
    server.prependListener('connection', function track(socket) {
      connections.set(socket, 0);
      socket.on('close', function untrack() {
        connections.delete(socket);
      });
    });
    server.prependListener('request', function busy(request, response) {
      const socket = request.socket;
      connections.set(socket, (connections.get(socket) || 0) + 1);
      response.on('finish', function idle() {
        if (connections.has(socket)) connections.set(socket, connections.get(socket) - 1);
      });
    });
    return server;
  };
  const closeConnections = function closeConnections(server, idleOnly) {
    const connections = server[CONNECTIONS];
    if (!connections) return;
    connections.forEach(function close(inFlight, socket) {
      if (!idleOnly || inFlight === 0) socket.destroy();
    });
  };
  define(http.Server.prototype, 'closeAllConnections', function closeAllConnections() {
    closeConnections(this, false);
  });
  define(http.Server.prototype, 'closeIdleConnections', function closeIdleConnections() {
    closeConnections(this, true);
  });
}
