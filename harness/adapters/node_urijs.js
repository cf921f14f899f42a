#!/usr/bin/env node
// urlcert adapter `node-urijs`: the npm package urijs (URI.js, medialize/URI.js),
// protocol v1 (see ADAPTERS.md at the repository root).
//
// Parse: `new URI(input)`; what it throws (an invalid port, say) is `rejected`. Model
// `rfc3986`, from the parts `URI.parse` documents ("returns an object containing the
// found components"), which `new URI` keeps as its parts: protocol, username, password,
// hostname, port, path, query, fragment, each `null` when absent. URI.js does not keep
// an empty query or fragment apart from an absent one ("http://h/?#" has both null), nor
// an empty host (`file:///x` has a null hostname): that is the parser's answer. The
// mapping onto the model:
// - scheme = protocol; host = hostname; port, path, query, fragment as they are;
// - userinfo = username, then ":" and password when there is a password (URI.js splits
//   userinfo at its first ":"); null when both are null;
// - URI.js gives an IP literal's hostname without its brackets: a hostname holding ":"
//   gets them back (RFC 3986 Section 3.2.2's IP-literal).
// Resolve: `new URI(reference).absoluteTo(base).toString()`.
// Version: the `version` of the package's package.json.
'use strict';

const protocol = require('./_protocol');

function userinfo(p) {
  if (p.username === null && p.password === null) {
    return null;
  }
  const user = p.username === null ? '' : p.username;
  return p.password === null ? user : `${user}:${p.password}`;
}

protocol.servePackage('node-urijs', 'urijs', 'rfc3986', (URI) => ({
  parse: (input) => {
    const p = new URI(input)._parts;
    return {
      scheme: p.protocol,
      userinfo: userinfo(p),
      host: protocol.ipLiteral(p.hostname),
      port: p.port,
      path: p.path,
      query: p.query,
      fragment: p.fragment,
    };
  },
  resolve: (base, reference) => new URI(reference).absoluteTo(base).toString(),
}));
