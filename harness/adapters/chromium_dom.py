#!/usr/bin/env python3
"""chromium: a urlcert adapter (protocol v1, see ADAPTERS.md): resolve and links.

Headless Chromium, driven over the DevTools protocol on a pipe
(`--remote-debugging-pipe`: commands on its fd 3, replies and events on its fd 4,
NUL-terminated JSON; no network port, no extra package). One Chromium runs for the life
of the adapter, started at the hello.

- `resolve`: in one blank page, a script builds an HTML document with a
  `<base href=BASE>` and an `<a href=REFERENCE>` and reads `a.href`, the HTML
  Standard's "reinitialise url" (the href resolved against the document's base URL,
  the frozen base URL of its `<base>`). `a.href` is the attribute itself when the URL
  does not parse (then `a.protocol` is ":"): answered `rejected`.
- `links`: the document is loaded the way a browser loads a page, so that Chromium's
  own rules for the document's base URL apply (its URL, its `<base>`). Each request
  gets a new tab with the DevTools `Fetch` domain intercepting every request of the
  tab. With retrieval URLs, the tab navigates to the first one; each URL of the chain
  but the last is answered with a 302 whose `Location` is the next, the last with the
  document as `text/html; charset=utf-8`. With none, the document is written into
  `about:blank` (`Page.setDocumentContent`), whose base URL is `about:blank`. The
  page's scripts are disabled (the markup is the data: no script may change the tree
  or hang the tab). Then a script walks the elements in tree order and reports, for
  each attribute named in the request's `attributes` table, its value and
  `new URL(value, document.baseURI).href` (null when that throws).

No request reaches the network. Every request of the tab that is not one of the
navigations above (an image, a stylesheet, a frame, a redirect elsewhere) is failed
(`Fetch.failRequest`) and its URL listed in the answer's `blocked` (an extra key the
harness ignores; the tests read it). What the browser does outside the tab's requests
(a `rel=prefetch`, which the browser process fetches itself; a `rel=preconnect`, which
opens a connection and sends no request) the Fetch domain never sees, so Chromium also
runs with every host name resolving to nothing (`--host-resolver-rules`), with every
connection, loopback included, sent to a proxy whose name does not resolve, with the
flags that keep it off the network on its own (`--disable-background-networking` and
the rest), and with a new empty profile folder.

The version is Chromium's own (`Browser.getVersion`'s product).
"""

import base64
import json
import os
import re
import select
import shutil
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from _protocol import Reject, Unsupported, serve  # noqa: E402

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--disable-default-apps", "--disable-extensions", "--no-pings",
         "--host-resolver-rules=MAP * ~NOTFOUND", "--proxy-server=http://proxy.urlcert.invalid:9",
         "--proxy-bypass-list=<-loopback>", "--remote-debugging-pipe"]
HTTP = re.compile(r"(?i)https?://[^\x00-\x20]")
# The harness gives an answer 5 s; a links request must answer well within that, or
# say it could not.
LINKS_BUDGET = 3.5
# What one DevTools command may take outside a links request (the start included).
CALL_TIMEOUT = 10.0
# The most blocked URLs an answer lists (the count is always given).
MAX_BLOCKED = 50
RESOLVE_SCRIPT = """(function (base, ref) {
  var d = document.implementation.createHTMLDocument("");
  var b = d.createElement("base");
  b.setAttribute("href", base);
  d.head.appendChild(b);
  var a = d.createElement("a");
  a.setAttribute("href", ref);
  d.body.appendChild(a);
  return [a.href, a.protocol];
})(%s, %s)"""
# Tree order is document order; an element's attributes come in the order the parser
# met them (the first of a repeated name counts, as in the tokenizer).
LINKS_SCRIPT = """(function (table, last) {
  var wanted = {};
  table.forEach(function (pair) { wanted[pair[0] + " " + pair[1]] = true; });
  var out = [];
  var all = document.getElementsByTagName("*");
  for (var i = 0; i < all.length; i++) {
    var e = all[i];
    for (var j = 0; j < e.attributes.length; j++) {
      var at = e.attributes[j];
      if (!wanted[e.localName + " " + at.name]) continue;
      var result = null;
      try { result = new URL(at.value, document.baseURI).href; } catch (err) {}
      out.push([at.value, result]);
    }
  }
  var retrieval = null;
  if (last !== null) { try { retrieval = new URL(last).href; } catch (err) {} }
  return {url: document.URL, retrieval: retrieval, links: out};
})(%s, %s)"""


class Timeout(Exception):
    pass


class Browser:
    def __init__(self):
        self.profile = tempfile.mkdtemp(prefix="urlcert-chromium-")
        to_child_r, self.to_child = os.pipe()
        self.from_child, from_child_w = os.pipe()

        def fds():  # the child's fd 3 reads our commands, its fd 4 writes replies
            os.dup2(to_child_r, 3)
            os.dup2(from_child_w, 4)

        self.proc = subprocess.Popen(
            [CHROMIUM, *FLAGS, "--user-data-dir=" + self.profile, "about:blank"],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            pass_fds=(3, 4), preexec_fn=fds)  # kept: the numbers after fds()
        os.close(to_child_r)
        os.close(from_child_w)
        self.buffer = b""
        self.next_id = 0
        # Event handlers by session id: the events of a links request's tab.
        self.handlers = {}
        self.version = self.call("Browser.getVersion")["product"]
        target = self.call("Target.createTarget", {"url": "about:blank"})["targetId"]
        self.session = self.call("Target.attachToTarget",
                                 {"targetId": target, "flatten": True})["sessionId"]

    def send(self, method, params=None, session=None):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        data = memoryview(json.dumps(message).encode() + b"\0")
        while data:  # a document can be larger than one write takes
            data = data[os.write(self.to_child, data):]
        return self.next_id

    def receive(self, deadline):
        """The next message, its events given to their session's handler first."""
        while b"\0" not in self.buffer:
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([self.from_child], [], [], left)[0]:
                raise Timeout()
            chunk = os.read(self.from_child, 65536)
            if not chunk:
                raise RuntimeError("chromium closed its DevTools pipe")
            self.buffer += chunk
        raw, self.buffer = self.buffer.split(b"\0", 1)
        message = json.loads(raw)
        handler = self.handlers.get(message.get("sessionId"))
        if "method" in message and handler is not None:
            handler(message["method"], message.get("params", {}))
        return message

    def call(self, method, params=None, session=None, deadline=None):
        if deadline is None:
            deadline = time.monotonic() + CALL_TIMEOUT
        sent = self.send(method, params, session)
        while True:
            reply = self.receive(deadline)
            if reply.get("id") != sent:
                continue  # an event, or the reply to a command nobody waits for
            if "error" in reply:
                raise RuntimeError("%s: %s" % (method, reply["error"].get("message")))
            return reply.get("result", {})

    def href(self, base, reference):
        result = self.call("Runtime.evaluate", {
            "expression": RESOLVE_SCRIPT % (json.dumps(base), json.dumps(reference)),
            "returnByValue": True}, self.session)
        if "exceptionDetails" in result:
            raise RuntimeError(result["exceptionDetails"].get("text", "script error"))
        return result["result"]["value"]

    def links(self, document, retrieved_from, attributes):
        deadline = time.monotonic() + LINKS_BUDGET
        target = self.call("Target.createTarget", {"url": "about:blank"},
                           deadline=deadline)["targetId"]
        try:
            session = self.call("Target.attachToTarget", {"targetId": target, "flatten": True},
                                deadline=deadline)["sessionId"]
            tab = Tab(self, session, document, retrieved_from, deadline)
            self.handlers[session] = tab.event
            try:
                return tab.load_and_read(attributes)
            finally:
                del self.handlers[session]
        finally:
            # Whatever the tab still has paused ends with it.
            self.send("Target.closeTarget", {"targetId": target})

    def close(self):
        try:
            self.proc.kill()
            self.proc.wait(timeout=5)
        except Exception:
            pass
        shutil.rmtree(self.profile, ignore_errors=True)


class Tab:
    """One links request: a tab whose every request is intercepted."""

    def __init__(self, browser, session, document, chain, deadline):
        self.browser = browser
        self.session = session
        self.document = document
        self.body = base64.b64encode(document.encode("utf-8")).decode("ascii")
        self.chain = chain
        self.deadline = deadline
        self.frame = None
        self.served = 0  # how many URLs of the chain have been answered
        self.parsed = False  # DOMContentLoaded: the tree is complete
        self.loaded = False  # load: every subresource has been asked for (and failed)
        self.blocked = []
        self.blocked_count = 0

    def call(self, method, params=None):
        return self.browser.call(method, params, self.session, self.deadline)

    def event(self, method, params):
        if method == "Fetch.requestPaused":
            self.paused(params)
        elif method == "Page.domContentEventFired":
            self.parsed = True
        elif method == "Page.loadEventFired":
            self.loaded = True

    def paused(self, p):
        """Serves the chain to the tab's own navigation; fails everything else."""
        navigation = p.get("resourceType") == "Document" and p.get("frameId") == self.frame
        request = p.get("requestId")
        if navigation and self.served < len(self.chain):
            at = self.served
            self.served += 1
            if at + 1 < len(self.chain):
                self.browser.send("Fetch.fulfillRequest", {
                    "requestId": request, "responseCode": 302,
                    "responseHeaders": [{"name": "Location", "value": self.chain[at + 1]}],
                    "body": ""}, self.session)
            else:
                self.browser.send("Fetch.fulfillRequest", {
                    "requestId": request, "responseCode": 200,
                    "responseHeaders": [
                        {"name": "Content-Type", "value": "text/html; charset=utf-8"}],
                    "body": self.body}, self.session)
            return
        # A navigation elsewhere (a refresh, a frame) is aborted, which leaves the page
        # as it is; anything else is blocked.
        reason = "Aborted" if p.get("resourceType") == "Document" else "BlockedByClient"
        self.browser.send("Fetch.failRequest", {"requestId": request, "errorReason": reason},
                          self.session)
        self.blocked_count += 1
        if len(self.blocked) < MAX_BLOCKED:
            self.blocked.append(p.get("request", {}).get("url", ""))

    def load_and_read(self, attributes):
        self.frame = self.call("Page.getFrameTree")["frameTree"]["frame"]["id"]
        self.call("Page.enable")
        self.call("Emulation.setScriptExecutionDisabled", {"value": True})
        self.call("Fetch.enable", {"patterns": [{"urlPattern": "*"}]})
        if not self.chain:
            self.call("Page.setDocumentContent", {"frameId": self.frame,
                                                  "html": self.document})
        else:
            for url in self.chain:
                # Only what the Fetch domain intercepts is navigated to: anything else
                # (a file: URL, say) the browser would load itself.
                if not HTTP.match(url) or any(c in url for c in "\t\r\n\0"):
                    raise Unsupported("chromium is given a document only by http or https "
                                      "URLs with no tab, line break or NUL: %r" % url[:200])
            navigated = self.call("Page.navigate", {"url": self.chain[0]})
            if navigated.get("errorText"):
                raise Unsupported("chromium could not load the document from %s: %s"
                                  % (self.chain[0][:200], navigated["errorText"]))
        self.wait_for_load()
        if self.served < len(self.chain):
            raise Unsupported("chromium followed %d of the %d retrieval URLs"
                              % (self.served, len(self.chain)))
        last = self.chain[-1] if self.chain else None
        result = self.call("Runtime.evaluate", {
            "expression": LINKS_SCRIPT % (json.dumps(attributes), json.dumps(last)),
            "returnByValue": True})
        if "exceptionDetails" in result:
            raise RuntimeError(result["exceptionDetails"].get("text", "script error"))
        page = result["result"]["value"]
        if last is not None and unfragmented(page["url"]) != unfragmented(page["retrieval"]):
            # Chromium fetched the document by another URL than the case's (a host on
            # its HSTS preload list is only ever fetched over https): the document's
            # URL, and so its base, is not the one the case is about.
            raise Unsupported("chromium loaded the document as %s, not as %s (an HSTS "
                              "upgrade, say), so its base is not the retrieval URL's"
                              % (page["url"][:200], last[:200]))
        links = [{"href": href, "result": absolute} for href, absolute in page["links"]]
        return {"links": links, "url": page["url"], "blocked": self.blocked,
                "blocked_count": self.blocked_count}

    def wait_for_load(self):
        """Until the load event, so that every subresource has been asked for (and
        failed); a page whose tree is complete but that has not loaded a second before
        the budget ends is read as it is."""
        soft = self.deadline - 1.0
        while not self.loaded:
            try:
                self.browser.receive(soft)
            except Timeout:
                if self.parsed:
                    return
                raise Unsupported("the page was not parsed within %.1f s" % LINKS_BUDGET)


def unfragmented(url):
    return None if url is None else url.split("#", 1)[0]


BROWSER = None


def browser():
    global BROWSER
    if BROWSER is None:
        BROWSER = Browser()
    return BROWSER


def hello():
    return {"name": "chromium", "version": browser().version, "model": "whatwg",
            "operations": ["resolve", "links"]}


def resolve(base, reference):
    href, protocol = browser().href(base, reference)
    if protocol == ":":
        raise Reject("a.href is the attribute itself: the URL does not parse (%r)" % href)
    return href


def links(document, retrieved_from, attributes):
    try:
        return browser().links(document, retrieved_from, attributes)
    except Timeout:
        raise Unsupported("chromium did not answer within %.1f s" % LINKS_BUDGET)
    except (RuntimeError, OSError) as exc:
        if BROWSER is not None and BROWSER.proc.poll() is not None:
            # The browser is gone: end the adapter, which the harness records as a
            # crash and starts again.
            sys.stderr.write("chromium ended (%s): %s\n" % (BROWSER.proc.returncode, exc))
            raise SystemExit(4)
        # DevTools refused a command: the adapter could not ask, the browser did not
        # refuse the document.
        raise Unsupported("DevTools: %s" % exc)


def main():
    if CHROMIUM is None:
        sys.stderr.write("chromium is not on PATH (apt-get install chromium)\n")
        return 3
    try:
        return serve(hello, None, resolve, links)
    finally:
        if BROWSER is not None:
            BROWSER.close()


if __name__ == "__main__":
    sys.exit(main())
