#!/usr/bin/env node
// urlcert adapter `node-url-parse`: the npm package url-parse (unshiftio/url-parse),
// protocol v1 (see ADAPTERS.md at the repository root).
//
// Parse: `new Url(input, {})`: an empty location object as the base, so that the
// result does not depend on where the program runs (the package's documented
// `location` argument; in Node it defaults to an empty object too), and no query
// parser, so `query` stays the string with its "?". Model `whatwg`, which url-parse's
// properties follow: protocol (with ":"), username, password, hostname, port, pathname,
// query (as `search`, with "?"), hash (with "#"); "" where a part is absent, as
// url-parse gives them. url-parse rarely throws; what it throws is `rejected`.
// Resolve: `new Url(reference, base).href`.
// Version: the `version` of the package's package.json.
'use strict';

const protocol = require('./_protocol');

protocol.servePackage('node-url-parse', 'url-parse', 'whatwg', (Url) => ({
  parse: (input) => {
    const url = new Url(input, {});
    return {
      protocol: url.protocol,
      username: url.username,
      password: url.password,
      hostname: url.hostname,
      port: url.port,
      pathname: url.pathname,
      search: url.query,
      hash: url.hash,
    };
  },
  resolve: (base, reference) => new Url(reference, base).href,
}));
