# A Java compiler and runtime, for the java.net.URI / java.net.URL adapter (compiled on
# first use with javac).
command -v javac >/dev/null && command -v java >/dev/null && exit 0
apt_install default-jdk-headless
