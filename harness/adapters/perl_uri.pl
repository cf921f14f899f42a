#!/usr/bin/env perl
# urlcert adapter `perl-uri`: CPAN's URI module (Debian liburi-perl), protocol v1 (see
# ADAPTERS.md at the repository root). JSON::PP is in Perl's core.
#
# Parse: URI->new($input). URI->new never refuses a string (perldoc URI: it "will
# always return a URI object"), so nothing is `rejected`. Model `rfc3986`, from the
# object's own accessors: scheme, path, query, fragment (all raw, still escaped),
# null where URI says undef. The authority: for the schemes URI knows to have a
# server (objects that `can('host')`, URI::_server) userinfo is ->userinfo, port the
# explicit port (->_port, which ->port falls back from to the scheme's default), and
# host the authority with the userinfo and port taken off the way URI::_server::host
# does it, but without its unescaping and without dropping an IP literal's brackets;
# for any other scheme URI does not split the authority, and host is ->authority whole.
# Resolve: URI->new_abs($reference, $base)->as_string.
#
# It answers every line of standard input until EOF and never dies on a request: a
# line that is not UTF-8 or not a request object gets `unsupported`.
use strict;
use warnings;

my $NAME = 'perl-uri';
my $MAX_MESSAGE = 2000;

BEGIN {
    my $ok = eval { require URI; require JSON::PP; 1 };
    if (!$ok) {
        my $why = $@;
        $why =~ s/\n.*//s;
        print STDERR "perl-uri: unavailable: the Perl module URI cannot be loaded ($why); "
          . "install it with: apt-get install liburi-perl\n";
        exit 3;
    }
}

for my $arg (@ARGV) {
    print STDERR "$NAME: unknown argument '$arg' (this adapter has no profiles)\n";
    exit 2;
}

my $reader = JSON::PP->new->allow_nonref(1);
my $writer = JSON::PP->new->ascii(1)->allow_nonref(1);

sub cut {
    my ($s) = @_;
    $s = "$s";
    $s =~ s/\s+$//;
    return length($s) > $MAX_MESSAGE ? substr($s, 0, $MAX_MESSAGE) . '...' : $s;
}

sub unsupported { return { unsupported => { why => cut($_[0]) } } }

sub lone_surrogate {
    for my $v (@_) {
        return 1 if defined $v && !ref $v && $v =~ /[\x{D800}-\x{DFFF}]/;
    }
    return 0;
}

sub components {
    my ($input) = @_;
    my $u = URI->new($input);
    my %c = (
        scheme   => scalar $u->scheme,
        path     => scalar $u->path,
        query    => scalar $u->query,
        fragment => scalar $u->fragment,
        userinfo => undef,
        host     => undef,
        port     => undef,
    );
    my $authority = $u->can('authority') ? $u->authority : undef;
    if (defined $authority) {
        if ($u->can('host')) {
            $c{userinfo} = $u->can('userinfo') ? scalar $u->userinfo : undef;
            $c{port} = $u->can('_port') ? scalar $u->_port : undef;
            my $host = $authority;
            $host =~ s/.*@//s;
            $host =~ s/:\d*$//;
            $c{host} = $host;
        } else {
            $c{host} = $authority;
        }
    }
    return \%c;
}

sub answer {
    my ($req) = @_;
    my $op = $req->{op};
    $op = '' unless defined $op && !ref $op;
    if ($op eq 'hello') {
        return { hello => {
            name       => $NAME,
            version    => "URI $URI::VERSION (Perl " . sprintf('%vd', $^V) . ")",
            model      => 'rfc3986',
            operations => ['parse', 'resolve'],
        } };
    }
    if ($op eq 'parse') {
        my $input = $req->{input};
        return unsupported('a parse request needs a string field "input"')
          unless defined $input && !ref $input;
        return unsupported('the request holds a lone surrogate (not UTF-8)')
          if lone_surrogate($input);
        my $c = eval { components($input) };
        return { rejected => { message => cut($@ || 'URI failed') } } unless $c;
        return { parsed => { components => $c } };
    }
    if ($op eq 'resolve') {
        my ($base, $ref) = ($req->{base}, $req->{reference});
        return unsupported('a resolve request needs string fields "base" and "reference"')
          unless defined $base && !ref $base && defined $ref && !ref $ref;
        return unsupported('the request holds a lone surrogate (not UTF-8)')
          if lone_surrogate($base, $ref);
        my $result = eval { URI->new_abs($ref, $base)->as_string };
        return { rejected => { message => cut($@ || 'URI failed') } } unless defined $result;
        return { resolved => { result => $result } };
    }
    return unsupported("unknown op '$op'");
}

binmode STDIN;
binmode STDOUT;
$| = 1;
while (my $line = <STDIN>) {
    $line =~ s/\r?\n\z//;
    my ($id, $body) = (undef, undef);
    my $text = $line;
    if (!utf8::decode($text)) {
        $body = unsupported('the request line is not UTF-8');
    } else {
        # A lone surrogate escape is JSON but not UTF-8 (the harness never sends one);
        # JSON::PP refuses it, so it is replaced to read the request's id, and the
        # request is answered unsupported.
        my $lone = $text =~ s/(?<!\\)((?:\\\\)*)(?:\\u[dD][89abAB][0-9a-fA-F]{2}(?!\\u[dD][c-fC-F])|(?<![0-9a-fA-F]{2})\\u[dD][c-fC-F][0-9a-fA-F]{2})/$1\\ufffd/g;
        my $req = eval { $reader->decode($text) };
        if (!defined $req || ref $req ne 'HASH') {
            $body = unsupported('not a request object' . ($@ ? ': ' . $@ : ''));
        } else {
            my $i = $req->{id};
            $id = $i if defined $i && !ref $i;
            $body = $lone ? unsupported('the request holds a lone surrogate (not UTF-8)')
              : (eval { answer($req) } || unsupported('the adapter failed: ' . $@));
        }
    }
    my $out = eval { $writer->encode({ id => $id, %$body }) }
      || '{"id":null,"unsupported":{"why":"the answer could not be written"}}';
    print $out, "\n";
}
exit 0;
