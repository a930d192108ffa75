// The type of every example file of http-client (asyncmark/examples/http-client/<name>):
// load(options). package.json's exports map gives it to each.

import type { HttpClientExample } from '../../lib/index.js';

declare const example: HttpClientExample;
export = example;
