// The adapter for an npm package with uri-js's API: uri-js itself and fast-uri, its
// rewrite, which keeps the same `parse` and `resolve` and the same components object.
// What the mapping onto the model `rfc3986` is, and why, is in node_uri_js.js and
// node_fast_uri.js.
'use strict';

const protocol = require('./_protocol');

/** Serves the package `pkg` as the adapter `name`. */
function serveUriJsApi(name, pkg) {
  protocol.servePackage(name, pkg, 'rfc3986', (lib) => ({
    parse: (input) => {
      const c = lib.parse(input);
      if (c.error) {
        throw new protocol.Reject(`${pkg}: ${c.error}`);
      }
      return {
        scheme: c.scheme,
        userinfo: c.userinfo,
        host: protocol.ipLiteral(c.host),
        port: c.port,
        path: c.path,
        query: c.query,
        fragment: c.fragment,
      };
    },
    resolve: (base, reference) => lib.resolve(base, reference),
  }));
}

module.exports = { serveUriJsApi };
