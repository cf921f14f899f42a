# Go, for the net/url adapter (compiled on first use with go build).
command -v go >/dev/null && exit 0
apt_install golang-go
