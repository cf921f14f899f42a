#!/usr/bin/env python3
"""lynx: a urlcert adapter (protocol v1, see ADAPTERS.md), resolve only, by way of
_browser_links.py: `lynx -dump -listonly -force_html PAGE` prints the page's links
resolved, numbered in document order. Lynx resolves with its own HTParse (libwww-FM),
the code Fielding's 1997 test pages recorded as Lynx 2.7.1, and like Lynx 2.7.1 there
it takes an empty reference and a bare fragment as "this document".
"""

import os
import re
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import _browser_links  # noqa: E402

LINK = re.compile(r"^\s*(\d+)\. (.*)$")
LYNX = shutil.which("lynx")


def version():
    out = subprocess.run([LYNX, "-version"], capture_output=True, text=True, timeout=10)
    return out.stdout.strip().splitlines()[0] if out.stdout.strip() else "lynx"


def links(path):
    out = subprocess.run(
        [LYNX, "-dump", "-listonly", "-force_html", "-nomargins", "-width=1024",
         "-display_charset=utf-8", "-assume_charset=utf-8", "-assume_local_charset=utf-8",
         path],
        capture_output=True, timeout=20, stdin=subprocess.DEVNULL,
    )
    listed = []
    for line in out.stdout.decode("utf-8", "replace").splitlines():
        m = LINK.match(line)
        if m:
            listed.append(m.group(2))
    return listed, ["file://localhost" + path, "file://" + path]


if __name__ == "__main__":
    sys.exit(_browser_links.main("lynx", LYNX, version, links))
