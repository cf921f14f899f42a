# Perl's URI module (JSON::PP is core), for the perl-uri adapter.
command -v perl >/dev/null && perl -MURI -e1 2>/dev/null && exit 0
apt_install perl liburi-perl
