#!/usr/bin/env python3
"""chromium: a urlcert adapter (protocol v1, see ADAPTERS.md), resolve only.

The DOM's `a.href` under `<base href>`, in headless Chromium. One Chromium runs for
the life of the adapter (started once, at the first request), driven over the
DevTools protocol on a pipe (`--remote-debugging-pipe`: commands on its fd 3, replies
on its fd 4, NUL-terminated JSON; no network port, no extra package). Each resolve
evaluates, in one blank page, a script that builds an HTML document with a
`<base href=BASE>` and an `<a href=REFERENCE>` and reads `a.href`: the HTML
Standard's "reinitialise url" (the href resolved against the document's base URL, the
frozen base URL of its `<base>`).

- `a.href` is the attribute itself when the URL does not parse (then `a.protocol` is
  ":"): answered `rejected`.
- The version is Chromium's own (`Browser.getVersion`'s product).

Chromium is run with the flags that keep it off the network
(`--disable-background-networking` and the rest) and a new empty profile folder.
"""

import json
import os
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from _protocol import Reject, serve  # noqa: E402

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--remote-debugging-pipe"]
SCRIPT = """(function (base, ref) {
  var d = document.implementation.createHTMLDocument("");
  var b = d.createElement("base");
  b.setAttribute("href", base);
  d.head.appendChild(b);
  var a = d.createElement("a");
  a.setAttribute("href", ref);
  d.body.appendChild(a);
  return [a.href, a.protocol];
})(%s, %s)"""


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
        self.version = self.call("Browser.getVersion")["product"]
        target = self.call("Target.createTarget", {"url": "about:blank"})["targetId"]
        self.session = self.call("Target.attachToTarget",
                                 {"targetId": target, "flatten": True})["sessionId"]

    def call(self, method, params=None, session=None):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        os.write(self.to_child, json.dumps(message).encode() + b"\0")
        while True:
            while b"\0" not in self.buffer:
                chunk = os.read(self.from_child, 65536)
                if not chunk:
                    raise RuntimeError("chromium closed its DevTools pipe")
                self.buffer += chunk
            raw, self.buffer = self.buffer.split(b"\0", 1)
            reply = json.loads(raw)
            if reply.get("id") != self.next_id:
                continue  # an event
            if "error" in reply:
                raise RuntimeError("%s: %s" % (method, reply["error"].get("message")))
            return reply.get("result", {})

    def href(self, base, reference):
        result = self.call("Runtime.evaluate", {
            "expression": SCRIPT % (json.dumps(base), json.dumps(reference)),
            "returnByValue": True}, self.session)
        if "exceptionDetails" in result:
            raise RuntimeError(result["exceptionDetails"].get("text", "script error"))
        return result["result"]["value"]

    def close(self):
        try:
            self.proc.kill()
            self.proc.wait(timeout=5)
        except Exception:
            pass
        shutil.rmtree(self.profile, ignore_errors=True)


BROWSER = None


def browser():
    global BROWSER
    if BROWSER is None:
        BROWSER = Browser()
    return BROWSER


def hello():
    return {"name": "chromium", "version": browser().version, "model": "whatwg",
            "operations": ["resolve"]}


def resolve(base, reference):
    href, protocol = browser().href(base, reference)
    if protocol == ":":
        raise Reject("a.href is the attribute itself: the URL does not parse (%r)" % href)
    return href


def main():
    if CHROMIUM is None:
        sys.stderr.write("chromium is not on PATH (apt-get install chromium)\n")
        return 3
    try:
        return serve(hello, None, resolve)
    finally:
        if BROWSER is not None:
            BROWSER.close()


if __name__ == "__main__":
    sys.exit(main())
