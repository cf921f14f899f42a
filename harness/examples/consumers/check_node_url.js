#!/usr/bin/env node
// Check Node's WHATWG URL against one document's parse and resolve cases.
//
//     node check_node_url.js urlcert-cases.json [DOC]      (DOC: rfc3986 by default)
//
// Reads the export of `urlcert export` (cases/urlcert-cases.json) and compares
// new URL(input) with the document's components and new URL(input, base) with its
// resolutions. URL gives "" for an absent part, so an expected null is compared as "".
'use strict';
const fs = require('fs');

const exportPath = process.argv[2] || 'urlcert-cases.json';
const doc = process.argv[3] || 'rfc3986';
const data = JSON.parse(fs.readFileSync(exportPath, 'utf8'));

function components(u) {
  const userinfo = u.username + (u.password ? ':' + u.password : '');
  return {
    scheme: u.protocol.slice(0, -1),
    authority: (userinfo ? userinfo + '@' : '') + u.host,
    path: u.pathname,
    query: u.search.slice(1),
    fragment: u.hash.slice(1),
  };
}

// null when URL agrees with the expectation, else what differs.
function checkParse(c, want) {
  let got;
  try {
    got = components(new URL(c.input));
  } catch (e) {
    return want.verdict === 'invalid' ? null : `rejected: ${e.message}`;
  }
  if (want.verdict === 'invalid') return `accepted an input ${doc} calls invalid`;
  for (const [name, value] of Object.entries(want.components || {})) {
    if (name in got && got[name] !== (value ?? '')) {
      return `${name}: expected ${JSON.stringify(value)}, got ${JSON.stringify(got[name])}`;
    }
  }
  return null;
}

function checkResolve(c, want) {
  let got;
  try {
    got = new URL(c.input, c.base).href;
  } catch (e) {
    return `rejected: ${e.message}`;
  }
  return got === want.result ? null : `expected ${JSON.stringify(want.result)}, got ${JSON.stringify(got)}`;
}

const counts = { parse: 0, resolve: 0 };
let passed = 0, failed = 0, skipped = 0;
for (const c of data.cases) {
  const want = c.expect[doc];
  if (want === undefined || !(c.op in counts)) continue;
  counts[c.op] += 1;
  if (c.op === 'resolve' && !('result' in want)) {
    skipped += 1; // the document gives no result (not-defined, invalid)
    continue;
  }
  const problem = c.op === 'parse' ? checkParse(c, want) : checkResolve(c, want);
  if (problem === null) {
    passed += 1;
  } else {
    failed += 1;
    if (failed <= 10) console.log(`FAIL ${c.id} (${c.location}): ${problem}`);
  }
}

const total = counts.parse + counts.resolve;
console.log(`${doc}: ${total} cases read (parse ${counts.parse}, resolve ${counts.resolve}): ` +
  `${passed} pass, ${failed} fail, ${skipped} skipped`);
