#!/usr/bin/env node
// urlcert adapter `node-url`: Node's built-in WHATWG URL class, protocol v1 (see
// ADAPTERS.md at the repository root).
//
// Parse: `new URL(input)`; model `whatwg`: protocol, username, password, hostname, port,
// pathname, search, hash, exactly as the getters return them ("" where a part is
// absent). A TypeError (ERR_INVALID_URL) is `rejected` with its message.
// Resolve: `new URL(reference, base).href`.
//
// The protocol's reading and writing are `_protocol.js`'s, shared by the Node adapters.
'use strict';

const protocol = require('./_protocol');

const NAME = 'node-url';

protocol.noArguments(NAME);
protocol.serve(
  () => protocol.parserHello(NAME, `Node.js ${process.version}`, 'whatwg'),
  (input) => protocol.whatwgComponents(new URL(input)),
  (base, reference) => new URL(reference, base).href
);
