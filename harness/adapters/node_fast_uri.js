#!/usr/bin/env node
// urlcert adapter `node-fast-uri`: the npm package fast-uri (RFC 3986, fastify/fast-uri,
// a rewrite of uri-js), protocol v1 (see ADAPTERS.md at the repository root).
//
// Parse: `fastUri.parse(input)`; model `rfc3986`: scheme, userinfo, host, port, path, query,
// fragment as the returned components object has them, `null` where it leaves a
// component out (fast-uri keeps "?" with nothing after it as an empty query, apart from
// no query). Two mappings onto the model, nothing else:
// - fast-uri gives the port as a number: it is written as its decimal string;
// - fast-uri gives an IP literal's host without its brackets ("2001:db8::7"): the model's
//   host is the IP-literal of RFC 3986 Section 3.2.2, so a host holding ":" gets its
//   brackets back.
// fast-uri does not throw on a malformed reference: it sets `components.error`. Such a
// parse is `rejected` with that message.
// Resolve: `fastUri.resolve(base, reference)`, RFC 3986 Section 5.2 with the package's
// default options (the `tolerant` option is not used; "http:g" against an http base
// throws "HTTP URIs must have a host."). What it throws is `rejected`; an `error` it finds
// while parsing either string is not reported by resolve.
// Version: the `version` of the package's package.json.
'use strict';

require('./_uri_js_api').serveUriJsApi('node-fast-uri', 'fast-uri');
