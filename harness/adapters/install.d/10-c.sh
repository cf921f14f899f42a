# uriparser and libcurl, for the C adapters (compiled on first use).
apt_install liburiparser-dev libcurl4-openssl-dev pkg-config
