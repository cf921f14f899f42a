#!/usr/bin/env ruby
# frozen_string_literal: true

# urlcert adapters `ruby-uri` (Ruby's standard library URI, RFC 3986 parser) and
# `ruby-addressable` (`--addressable`: the addressable gem, from Debian's
# ruby-addressable), protocol v1 (see ADAPTERS.md at the repository root).
#
# ruby-uri. Parse: URI.parse(input); URI::Error (InvalidURIError, InvalidComponentError)
# is `rejected` with its message. Model `rfc3986`, from the object: scheme, userinfo,
# host (an IP literal keeps its brackets), path (or opaque, for "mailto:a@b"), query,
# fragment; nil is null. The port: URI#port gives the scheme's default when the URI has
# none, so the port is the one the parser split off (URI::RFC3986_PARSER.split, the
# split URI.parse itself starts from), null when absent.
# Resolve: URI.parse(base).merge(reference).to_s (what URI.join does).
#
# ruby-addressable. Parse: Addressable::URI.parse(input); Addressable::URI::
# InvalidURIError is `rejected`. Components: scheme, userinfo, host, port (the explicit
# port; `inferred_port` would give the default), path, query, fragment.
# Resolve: Addressable::URI.join(base, reference).to_s.
#
# It answers every line of standard input until EOF and never dies on a request: a
# line that is not UTF-8 or not a request object gets `unsupported`.

require 'json'
require 'uri'

MAX_MESSAGE = 2000

addressable = false
ARGV.each do |arg|
  if arg == '--addressable'
    addressable = true
  else
    warn "ruby-uri: unknown argument #{arg.inspect} (known: --addressable)"
    exit 2
  end
end

if addressable
  begin
    require 'addressable/uri'
  rescue LoadError => e
    warn "ruby-addressable: unavailable: the addressable gem cannot be loaded (#{e.message}); " \
         'install it with: apt-get install ruby-addressable'
    exit 3
  end
end

NAME = addressable ? 'ruby-addressable' : 'ruby-uri'
ADDRESSABLE = addressable

def cut(text)
  text = text.to_s
  text.length > MAX_MESSAGE ? "#{text[0, MAX_MESSAGE]}..." : text
end

def unsupported(why)
  { 'unsupported' => { 'why' => cut(why) } }
end

def rejected(err)
  { 'rejected' => { 'message' => cut("#{err.class}: #{err.message}") } }
end

def str(value)
  value&.to_s
end

def uri_components(input)
  u = URI.parse(input)
  port = URI::RFC3986_PARSER.split(input)[3]
  {
    'scheme' => str(u.scheme),
    'userinfo' => str(u.userinfo),
    'host' => str(u.host),
    'port' => str(port),
    'path' => u.opaque ? u.opaque : str(u.path),
    'query' => str(u.query),
    'fragment' => str(u.fragment)
  }
end

def addressable_components(input)
  u = Addressable::URI.parse(input)
  {
    'scheme' => str(u.scheme),
    'userinfo' => str(u.userinfo),
    'host' => str(u.host),
    'port' => str(u.port),
    'path' => str(u.path),
    'query' => str(u.query),
    'fragment' => str(u.fragment)
  }
end

def parser_errors
  ADDRESSABLE ? [Addressable::URI::InvalidURIError, URI::Error, ArgumentError, TypeError] : [URI::Error, ArgumentError]
end

def hello
  version = if ADDRESSABLE
              "addressable #{Addressable::VERSION::STRING} (Ruby #{RUBY_VERSION})"
            else
              "URI #{URI::VERSION} (Ruby #{RUBY_VERSION})"
            end
  { 'name' => NAME, 'version' => version, 'model' => 'rfc3986', 'operations' => %w[parse resolve] }
end

def valid_strings?(*values)
  values.all? { |v| v.is_a?(String) && v.valid_encoding? }
end

def answer(request)
  case request['op']
  when 'hello'
    { 'hello' => hello }
  when 'parse'
    input = request['input']
    return unsupported('a parse request needs a string field "input"') unless input.is_a?(String)
    return unsupported('the request holds a lone surrogate (not UTF-8)') unless valid_strings?(input)

    begin
      parts = ADDRESSABLE ? addressable_components(input) : uri_components(input)
      { 'parsed' => { 'components' => parts } }
    rescue *parser_errors => e
      rejected(e)
    end
  when 'resolve'
    base = request['base']
    reference = request['reference']
    unless base.is_a?(String) && reference.is_a?(String)
      return unsupported('a resolve request needs string fields "base" and "reference"')
    end
    return unsupported('the request holds a lone surrogate (not UTF-8)') unless valid_strings?(base, reference)

    begin
      result = if ADDRESSABLE
                 Addressable::URI.join(base, reference).to_s
               else
                 URI.parse(base).merge(reference).to_s
               end
      { 'resolved' => { 'result' => result } }
    rescue *parser_errors => e
      rejected(e)
    end
  else
    unsupported("unknown op #{request['op'].inspect}")
  end
end

$stdin.binmode
$stdout.binmode
$stdout.sync = true
$stdin.each_line do |line|
  line = line.chomp.force_encoding(Encoding::UTF_8)
  id = nil
  body =
    begin
      if !line.valid_encoding?
        unsupported('the request line is not UTF-8')
      else
        request = JSON.parse(line)
        if request.is_a?(Hash)
          id = request['id'] if request['id'].is_a?(Integer) || request['id'].is_a?(String) || request['id'].is_a?(Float)
          answer(request)
        else
          unsupported('not a request object')
        end
      end
    rescue JSON::ParserError => e
      unsupported("not a request object: #{e.message}")
    rescue StandardError, SystemStackError => e
      unsupported("the adapter failed: #{e.class}: #{e.message}")
    end
  out =
    begin
      JSON.generate({ 'id' => id }.merge(body))
    rescue StandardError
      JSON.generate({ 'id' => id, 'unsupported' => { 'why' => 'the answer could not be written' } })
    end
  $stdout.write("#{out}\n")
end
