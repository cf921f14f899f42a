// The explore page: asks /api as the user types and writes every answer as text
// (textContent), never as markup, so that nothing an input or a parser says can run.
"use strict";
var input = document.getElementById("input");
var base = document.getElementById("base");
var statusLine = document.getElementById("status");
var asked = 0;
var timer = null;

// Characters that act instead of showing, written as escapes.
function visible(s) {
  if (s === null || s === undefined) return "";
  return String(s).replace(/[\u0000-\u001f\u007f-\u009f\u00ad\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]/g, function (c) {
    if (c === "\n") return "\\n";
    if (c === "\r") return "\\r";
    if (c === "\t") return "\\t";
    return "\\u{" + c.charCodeAt(0).toString(16) + "}";
  });
}

// A cell of text: a string, or an array of lines (each escaped, one per line).
function cell(tr, text, cls) {
  var td = document.createElement("td");
  td.textContent = Array.isArray(text) ? text.map(visible).join("\n") : visible(text);
  if (cls) td.className = cls;
  tr.appendChild(td);
  return td;
}

function fill(id, rows) {
  var body = document.querySelector("#" + id + " tbody");
  body.textContent = "";
  rows.forEach(function (r) { body.appendChild(r); });
}

function documentRows(answer) {
  return Object.keys(answer.documents).map(function (doc) {
    var d = answer.documents[doc];
    var tr = document.createElement("tr");
    cell(tr, doc, d.changed ? "changed" : "");
    var verdict = d.verdict || (d.result !== undefined && d.result !== null ? "resolved" : "no result");
    cell(tr, verdict + (d.rule ? " (" + d.rule + ")" : ""), verdict === "valid" || verdict === "resolved" ? "valid" : verdict === "invalid" ? "invalid" : "other");
    var parts;
    if (d.components) {
      parts = Object.keys(d.components).filter(function (k) { return d.components[k] !== null; })
        .map(function (k) { return k + "=" + JSON.stringify(d.components[k]); }).join("  ");
    } else if (d.result !== undefined && d.result !== null) {
      parts = JSON.stringify(d.result);
    } else {
      parts = d.error ? (d.error.message || JSON.stringify(d.error)) : "";
    }
    if (d.error && d.error.offset !== undefined) {
      parts = "offset " + d.error.offset + " in " + d.error.rule + ", expected " + d.error.expected;
    }
    cell(tr, parts, "mono");
    var t = answer.traces[doc] || {};
    var trace = t.rules_matched ? t.rules_matched.join(" \u00b7 ")
      : (t.steps || []).map(function (s) { return s.step + ": " + s.text + (s.value ? " = " + s.value : ""); });
    cell(tr, trace, "mono");
    return tr;
  });
}

function parserRows(answer) {
  var rows = answer.parsers.map(function (p) {
    var tr = document.createElement("tr");
    var who = p.version.indexOf(p.parser) === 0 ? p.version : p.parser + " " + p.version;
    cell(tr, who + " (" + p.model + ")");
    var faulted = /^(crashed|timed out|no answer|fault|adapter error)/.test(p.answer) || /Timeout|Crash/.test(p.answer);
    cell(tr, p.answer, faulted ? "fault mono" : "mono");
    cell(tr, p.agrees.join(", "), p.agrees.length ? "agrees" : "");
    cell(tr, p.differs.map(function (d) { return d.doc + " (" + d.class + (d.component ? " " + d.component : "") + ")"; }).join(", ") +
      (p.inexpressible.length ? "; cannot express " + p.inexpressible.join(", ") : ""), p.differs.length ? "differs" : "");
    return tr;
  });
  answer.unavailable.forEach(function (u) {
    var tr = document.createElement("tr");
    cell(tr, u.parser);
    cell(tr, "unavailable: " + u.why + " (install: " + u.install + ")", "other");
    cell(tr, "");
    cell(tr, "");
    rows.push(tr);
  });
  return rows;
}

function caseRows(answer) {
  return answer.cases.map(function (c) {
    var tr = document.createElement("tr");
    cell(tr, [c.id, c.location], "mono");
    cell(tr, c.base ? ["base " + c.base, c.input] : [c.input], "mono");
    var said = (c.cite || []).map(function (q) { return q.doc + " \u00a7" + q.section + (q.quote ? ": \u201c" + q.quote + "\u201d" : ""); });
    if (c.comment) said.push(c.comment);
    cell(tr, said, "lines");
    return tr;
  });
}

function ask() {
  var mine = ++asked;
  var query = new URLSearchParams({ input: input.value });
  if (base.value) query.set("base", base.value);
  statusLine.textContent = "Asking\u2026";
  fetch("/api?" + query.toString()).then(function (r) {
    if (r.status === 429) throw new Error("too many requests; slowing down");
    return r.json();
  }).then(function (answer) {
    if (mine !== asked) return;
    fill("documents", documentRows(answer));
    fill("parsers", parserRows(answer));
    fill("cases", caseRows(answer));
    var cut = document.getElementById("cut");
    cut.hidden = !answer.cut;
    cut.textContent = answer.cut ? "The input was cut to " + answer.max_input + " bytes: " + answer.cut + " bytes left out." : "";
    statusLine.textContent = "Answered: " + answer.parsers.length + " parsers, " + answer.cases.length + " cases.";
  }).catch(function (e) {
    if (mine === asked) statusLine.textContent = "No answer: " + e.message;
  });
}

function later() {
  clearTimeout(timer);
  timer = setTimeout(ask, 200);
}

input.addEventListener("input", later);
base.addEventListener("input", later);
