#!/usr/bin/env node
// urlcert adapter `node-url-legacy`: Node's legacy URL API, `url.parse` and
// `url.resolve` (built into Node, no package), protocol v1 (see ADAPTERS.md at the
// repository root).
//
// Parse: `url.parse(input)` (no query parsing, no slash-denoting-host guess); what it
// throws (TypeError "Invalid URL", ...) is `rejected`. Its Url object is shaped like
// the WHATWG API, so the model is `whatwg`: protocol (with ":"), hostname, port,
// pathname, search (with "?"), hash (with "#"), each `null` where url.parse gives null
// (unlike the WHATWG API it tells absent from empty). The mapping onto the model:
// - username and password: url.parse has one `auth` (decoded), split here at its first
//   ":" as the WHATWG API splits userinfo; both null when auth is null, password null
//   when auth has no ":";
// - url.parse gives an IP literal's hostname without its brackets ("::1"), the WHATWG
//   hostname keeps them: a hostname holding ":" gets them back.
// Resolve: `url.resolve(base, reference)`.
// Version: `Node.js ${process.version}`. url.parse's deprecation warnings (DEP0169,
// DEP0170) are silenced: they are not answers.
'use strict';

const protocol = require('./_protocol');
const url = require('url');

const NAME = 'node-url-legacy';

protocol.noArguments(NAME);
process.noDeprecation = true;

function credentials(auth) {
  if (auth === null || auth === undefined) {
    return [null, null];
  }
  const colon = auth.indexOf(':');
  return colon < 0 ? [auth, null] : [auth.slice(0, colon), auth.slice(colon + 1)];
}

protocol.serve(
  () => protocol.parserHello(NAME, `Node.js ${process.version}`, 'whatwg'),
  (input) => {
    const u = url.parse(input);
    const [username, password] = credentials(u.auth);
    return {
      protocol: u.protocol,
      username,
      password,
      hostname: protocol.ipLiteral(u.hostname),
      port: u.port,
      pathname: u.pathname,
      search: u.search,
      hash: u.hash,
    };
  },
  (base, reference) => url.resolve(base, reference)
);
