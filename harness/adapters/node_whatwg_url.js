#!/usr/bin/env node
// urlcert adapter `node-whatwg-url`: the npm package whatwg-url, the reference
// implementation of the WHATWG URL Standard (jsdom/whatwg-url), protocol v1 (see
// ADAPTERS.md at the repository root).
//
// Parse: `new URL(input)` (the package's `URL` class); model `whatwg`: protocol,
// username, password, hostname, port, pathname, search, hash, exactly as the getters
// return them ("" where a part is absent). A TypeError ("Invalid URL") is `rejected`.
// Resolve: `new URL(reference, base).href`.
// Version: the `version` of the package's package.json.
//
// The package comes from the install command's node_modules ($URLCERT_DEPS); without
// it this program writes why to standard error and exits 3.
'use strict';

const protocol = require('./_protocol');

protocol.servePackage('node-whatwg-url', 'whatwg-url', 'whatwg', ({ URL }) => ({
  parse: (input) => protocol.whatwgComponents(new URL(input)),
  resolve: (base, reference) => new URL(reference, base).href,
}));
