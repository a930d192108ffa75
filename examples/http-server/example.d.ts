// The type of every example file of http-server (asyncmark/examples/http-server/<name>):
// serve(options). package.json's exports map gives it to each.

import type { HttpServerExample } from '../../lib/index.js';

declare const example: HttpServerExample;
export = example;
