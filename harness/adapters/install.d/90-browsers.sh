# Browsers for the resolve-only browser adapters: Lynx, w3m and headless Chromium
# (harness/adapters/lynx_links.py, w3m_links.py, chromium_dom.py).
apt_install lynx w3m chromium
