# PHP's command-line interpreter, for the parse_url adapter.
command -v php >/dev/null && exit 0
apt_install php-cli
