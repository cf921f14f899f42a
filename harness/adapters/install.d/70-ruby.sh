# Ruby (its URI library is in the standard library) and the addressable gem, from
# Debian (RubyGems is not used).
command -v ruby >/dev/null && ruby -raddressable/uri -e1 2>/dev/null && exit 0
apt_install ruby ruby-addressable
