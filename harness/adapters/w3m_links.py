#!/usr/bin/env python3
"""w3m: a urlcert adapter (protocol v1, see ADAPTERS.md), resolve only, by way of
_browser_links.py: `w3m -dump -o display_link_number=1 -T text/html PAGE` prints the
page and then "References:", the page's links resolved, numbered in document order.
"""

import os
import re
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import _browser_links  # noqa: E402

LINK = re.compile(r"^\[(\d+)\] (.*)$")
W3M = shutil.which("w3m")


def version():
    # "w3m version w3m/0.5.3+git20230121, options lang=en,..."
    out = subprocess.run([W3M, "-version"], capture_output=True, text=True, timeout=10)
    return out.stdout.strip().split(",")[0] or "w3m"


def links(path):
    out = subprocess.run(
        [W3M, "-dump", "-o", "display_link_number=1", "-T", "text/html", "-cols", "10000",
         "-I", "UTF-8", "-O", "UTF-8", "-no-cookie", path],
        capture_output=True, timeout=20, stdin=subprocess.DEVNULL,
    )
    text = out.stdout.decode("utf-8", "replace").splitlines()
    # The list follows the last "References:" line (the page's own text is s, r, e).
    at = max((i for i, line in enumerate(text) if line == "References:"), default=len(text))
    listed = []
    for line in text[at + 1:]:
        m = LINK.match(line)
        if m:
            listed.append(m.group(2))
    return listed, ["file://" + path]


if __name__ == "__main__":
    sys.exit(_browser_links.main("w3m", W3M, version, links))
