#!/usr/bin/env python3
"""Drives headless Chromium through `urlcert explore`'s page, as a person would: types
into the page's boxes, waits for the answer, and prints what the page shows as JSON
(each table's cells as text, the status line, how many <img> elements the page holds)
and saves a screenshot. The test `explore_page.rs` runs it.

    explore_page.py URL INPUT BASE SCREENSHOT.png

BASE may be empty. Chromium is started the way the chromium adapter starts it
(harness/adapters/chromium_dom.py, over the DevTools pipe), but allowed to reach
loopback: the page is on 127.0.0.1.
"""
import base64
import json
import os
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "..", "adapters"))
import chromium_dom  # noqa: E402

# The adapter's flags without the ones that keep it off loopback (the proxy and the
# host resolver rules), and a window wide enough for the tables.
chromium_dom.FLAGS = [f for f in chromium_dom.FLAGS
                      if not f.startswith(("--proxy", "--host-resolver-rules"))] + ["--window-size=1400,1100"]

READ = """(function () {
  function rows(id) {
    return Array.prototype.map.call(document.querySelectorAll('#' + id + ' tbody tr'), function (tr) {
      return Array.prototype.map.call(tr.cells, function (td) { return td.textContent; });
    });
  }
  return {status: document.getElementById('status').textContent,
          documents: rows('documents'), parsers: rows('parsers'), cases: rows('cases'),
          images: document.getElementsByTagName('img').length,
          scripts: document.getElementsByTagName('script').length};
})()"""


def evaluate(b, expression):
    result = b.call("Runtime.evaluate", {"expression": expression, "returnByValue": True}, b.session)
    if "exceptionDetails" in result:
        raise RuntimeError(result["exceptionDetails"].get("text", "script error"))
    return result["result"].get("value")


def wait_for(b, expression, seconds):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if evaluate(b, expression):
            return True
        time.sleep(0.1)
    return False


def type_into(b, element_id, text):
    evaluate(b, "document.getElementById(%s).focus()" % json.dumps(element_id))
    b.call("Input.insertText", {"text": text}, b.session)


def main():
    url, text, base, shot = sys.argv[1:5]
    b = chromium_dom.Browser()
    try:
        b.call("Page.enable", {}, b.session)
        b.call("Page.navigate", {"url": url}, b.session)
        if not wait_for(b, "document.readyState === 'complete' && !!document.getElementById('input')", 20):
            raise RuntimeError("the page did not load")
        if base:
            type_into(b, "base", base)
        type_into(b, "input", text)
        answered = wait_for(b, "document.getElementById('status').textContent.indexOf('Answered') === 0", 30)
        shown = evaluate(b, READ)
        shown["answered"] = answered
        png = b.call("Page.captureScreenshot", {"format": "png", "captureBeyondViewport": True}, b.session)
        with open(shot, "wb") as f:
            f.write(base64.b64decode(png["data"]))
        print(json.dumps(shown))
    finally:
        b.close()


if __name__ == "__main__":
    main()
