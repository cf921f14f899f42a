//! Real files read into the document model: the trees below are what the inputs say,
//! written out by hand (lines counted in the inputs), not copied from the code's output.

use crate::common::pages::rfc1808_section_10_as_printed;
use urlcert::page::{mime::MAX_DEPTH, read, DocumentError, Format, Problem};
use urlcert_reference::base::{Embedded, Entity, HeaderField, Reference};

fn field(name: &str, value: &[u8], line: usize) -> HeaderField {
    HeaderField {
        name: name.into(),
        value: value.to_vec(),
        line,
    }
}

fn base(element: &str, href: Option<&[u8]>, in_head: bool, line: usize) -> Embedded {
    Embedded {
        element: element.into(),
        href: href.map(<[u8]>::to_vec),
        in_head,
        line,
    }
}

fn reference(element: &str, attribute: &str, href: &[u8], line: usize) -> Reference {
    Reference {
        element: element.into(),
        attribute: attribute.into(),
        href: href.to_vec(),
        line,
    }
}

fn html(text: &str) -> Entity {
    read(text.as_bytes(), Format::Html).unwrap()
}

fn error_of(input: &[u8]) -> DocumentError {
    read(input, Format::Mime).expect_err("the message should not read")
}

#[test]
fn the_rfc_1808_example_has_one_base_in_head_and_one_reference() {
    let expected = Entity {
        media_type: Some("text/html".into()),
        embedded: vec![base(
            "BASE",
            Some(b"http://www.ics.uci.edu/Test/a/b/c"),
            true,
            4,
        )],
        references: vec![reference("A", "href", b"../x", 6)],
        line: 1,
        ..Entity::default()
    };
    let printed = rfc1808_section_10_as_printed();
    assert_eq!(html(&printed), expected);
    // No header: `auto` reads it as HTML.
    assert_eq!(read(printed.as_bytes(), Format::Auto).unwrap(), expected);
}

/// A multipart/mixed message: an HTML part, then a message/rfc822 part whose message is
/// a multipart/alternative of text and quoted-printable HTML. `{nl}` is the line end.
fn mixed_message(nl: &str) -> String {
    [
        "From: a@example.org",                                 // 1
        "Content-Type: multipart/mixed; boundary=\"outer\"",   // 2
        "Content-Base: http://a/b/",                           // 3
        " c",                                                  // 4
        "",                                                    // 5
        "preamble",                                            // 6
        "--outer",                                             // 7
        "Content-Type: text/html",                             // 8
        "",                                                    // 9
        "<html><head><base href=\"http://h/p/q\"></head>",     // 10
        "<body><a href=\"r\">r</a></body></html>",             // 11
        "--outer",                                             // 12
        "Content-Type: message/rfc822",                        // 13
        "",                                                    // 14
        "Content-Location: http://m/n/o",                      // 15
        "Content-Type: multipart/alternative; boundary=inner", // 16
        "",                                                    // 17
        "--inner",                                             // 18
        "Content-Type: text/plain",                            // 19
        "",                                                    // 20
        "see <http://x/>",                                     // 21
        "--inner",                                             // 22
        "Content-Type: text/html; charset=us-ascii",           // 23
        "Content-Transfer-Encoding: quoted-printable",         // 24
        "",                                                    // 25
        "<p><img SRC=3D\"i.gif\"></p>",                        // 26
        "--inner--",                                           // 27
        "--outer--",                                           // 28
        "epilogue",                                            // 29
    ]
    .join(nl)
}

fn mixed_tree(nl: &str) -> Entity {
    let folded = format!(" http://a/b/{nl} c");
    Entity {
        fields: vec![
            field("From", b" a@example.org", 1),
            field("Content-Type", b" multipart/mixed; boundary=\"outer\"", 2),
            field("Content-Base", folded.as_bytes(), 3),
        ],
        media_type: Some("multipart/mixed".into()),
        line: 1,
        children: vec![
            Entity {
                fields: vec![field("Content-Type", b" text/html", 8)],
                media_type: Some("text/html".into()),
                embedded: vec![base("base", Some(b"http://h/p/q"), true, 10)],
                references: vec![reference("a", "href", b"r", 11)],
                line: 8,
                ..Entity::default()
            },
            Entity {
                fields: vec![field("Content-Type", b" message/rfc822", 13)],
                media_type: Some("message/rfc822".into()),
                line: 13,
                children: vec![Entity {
                    fields: vec![
                        field("Content-Location", b" http://m/n/o", 15),
                        field(
                            "Content-Type",
                            b" multipart/alternative; boundary=inner",
                            16,
                        ),
                    ],
                    media_type: Some("multipart/alternative".into()),
                    line: 15,
                    children: vec![
                        Entity {
                            fields: vec![field("Content-Type", b" text/plain", 19)],
                            media_type: Some("text/plain".into()),
                            line: 19,
                            ..Entity::default()
                        },
                        Entity {
                            fields: vec![
                                field("Content-Type", b" text/html; charset=us-ascii", 23),
                                field("Content-Transfer-Encoding", b" quoted-printable", 24),
                            ],
                            media_type: Some("text/html".into()),
                            references: vec![reference("img", "src", b"i.gif", 26)],
                            line: 23,
                            ..Entity::default()
                        },
                    ],
                    ..Entity::default()
                }],
                ..Entity::default()
            },
        ],
        ..Entity::default()
    }
}

#[test]
fn a_multipart_message_with_an_enclosed_multipart_message_crlf() {
    let message = mixed_message("\r\n");
    assert_eq!(
        read(message.as_bytes(), Format::Mime).unwrap(),
        mixed_tree("\r\n")
    );
    assert_eq!(
        read(message.as_bytes(), Format::Auto).unwrap(),
        mixed_tree("\r\n")
    );
}

#[test]
fn a_multipart_message_with_an_enclosed_multipart_message_lf() {
    let message = mixed_message("\n");
    assert_eq!(
        read(message.as_bytes(), Format::Auto).unwrap(),
        mixed_tree("\n")
    );
}

#[test]
fn field_values_are_as_written_after_the_colon() {
    let message = b"Base:<URL:http://a/b/c>\r\n\
Content-Base:\t http://a/\r\n\tb/\r\n\
Content-Location:\r\n http://c/\r\n\
Subject : spaced name\r\n\
Empty:\r\n\
Trailing: x  \r\n\
\r\n\
body\r\n";
    let top = read(message, Format::Auto).unwrap();
    assert_eq!(
        top.fields,
        vec![
            field("Base", b"<URL:http://a/b/c>", 1),
            field("Content-Base", b"\t http://a/\r\n\tb/", 2),
            field("Content-Location", b"\r\n http://c/", 4),
            field("Subject", b" spaced name", 6),
            field("Empty", b"", 7),
            field("Trailing", b" x  ", 8),
        ]
    );
    assert_eq!(top.media_type, None);
    assert!(top.children.is_empty() && top.references.is_empty());
}

#[test]
fn element_and_attribute_names_are_case_insensitive_and_kept_as_written() {
    let page = html(concat!(
        "<Html><head><bAsE HrEf=\"http://h/\"></head>\n",
        "<BODY BACKGROUND=\"bg.gif\"><a HREF=\"one\">1</a> <IMG src=\"i\" LongDesc=\"d\" usemap=\"#m\">\n",
        "<Form Action=\"/cgi\"><INPUT type=image SRC=\"b.gif\"></form>\n",
        "<blockquote cite=\"q\"><object data=\"o\" classid=\"c\"></object></blockquote>\n",
        "<map><AREA href=\"a\"></map><embed src=\"e\"><frame src=f><iframe src=g></iframe>\n",
    ));
    assert_eq!(
        page.embedded,
        vec![base("bAsE", Some(b"http://h/"), true, 1)]
    );
    assert_eq!(
        page.references,
        vec![
            reference("BODY", "background", b"bg.gif", 2),
            reference("a", "href", b"one", 2),
            reference("IMG", "src", b"i", 2),
            reference("IMG", "longdesc", b"d", 2),
            reference("IMG", "usemap", b"#m", 2),
            reference("Form", "action", b"/cgi", 3),
            reference("INPUT", "src", b"b.gif", 3),
            reference("blockquote", "cite", b"q", 4),
            reference("object", "data", b"o", 4),
            reference("object", "classid", b"c", 4),
            reference("AREA", "href", b"a", 5),
            reference("embed", "src", b"e", 5),
            reference("frame", "src", b"f", 5),
            reference("iframe", "src", b"g", 5),
        ]
    );
}

#[test]
fn a_base_in_the_body_is_not_in_head() {
    let page =
        html("<html><head><title>t</title></head><body>\n<BASE href=\"http://h/\">\n</body>");
    assert_eq!(
        page.embedded,
        vec![base("BASE", Some(b"http://h/"), false, 2)]
    );
}

#[test]
fn the_head_ends_where_html_2_says() {
    // Head elements (and HEAD, HTML, SCRIPT, STYLE) keep the head open; white space,
    // comments and the doctype do not count.
    let kept = html(concat!(
        "<!DOCTYPE html>\n<!-- c -->\n<html>\n<head>\n<title>T</title>\n",
        "<meta name=a content=b><link rel=x href=\"l\"><isindex><nextid n=z1>\n",
        "<script>document.write('<p>text')</script><style>p {}</style>\n",
        "<base href=\"x\">\n",
    ));
    assert_eq!(kept.embedded, vec![base("base", Some(b"x"), true, 8)]);
    assert_eq!(kept.references, vec![reference("link", "href", b"l", 6)]);
    // Without HEAD or HTML at all, a BASE first is in the head.
    assert!(html("<base href=x>").embedded[0].in_head);
    // Each of these ends it.
    for before in [
        "</head>",
        "<body>",
        "<p>",
        "<a href=y>",
        "words",
        "</body>",
        "<img src=i>",
    ] {
        let page = html(&format!("<html><head>{before}<base href=x>"));
        assert_eq!(page.embedded.len(), 1, "{before}");
        assert!(!page.embedded[0].in_head, "{before}");
    }
}

#[test]
fn a_base_with_no_href_and_with_an_empty_one() {
    let page = html("<head><BASE target=_top><base href><base href=\"\"></head>");
    assert_eq!(
        page.embedded,
        vec![
            base("BASE", None, true, 1),
            base("base", Some(b""), true, 1),
            base("base", Some(b""), true, 1),
        ]
    );
}

#[test]
fn a_base_href_is_not_a_reference_and_markup_in_scripts_is_not_markup() {
    let page = html("<head><base href=\"b\"><script>var s = '<a href=\"no\">';</script></head>");
    assert_eq!(page.embedded.len(), 1);
    assert!(page.references.is_empty());
}

#[test]
fn hrefs_are_decoded_as_the_tokenizer_does_and_the_first_attribute_counts() {
    let page = html("<a href=\"a&amp;b&#x41;&lt;\" href=\"second\">x</a>\n<a\n  href='q?x=1&y=2'>");
    assert_eq!(
        page.references,
        vec![
            reference("a", "href", b"a&bA<", 1),
            reference("a", "href", b"q?x=1&y=2", 3),
        ]
    );
}

#[test]
fn an_html_file_with_no_header_and_a_plain_text_file() {
    let page = read(b"<p>see <a href=\"x\">x</a>", Format::Auto).unwrap();
    assert_eq!(page.fields, vec![]);
    assert_eq!(page.media_type.as_deref(), Some("text/html"));
    assert_eq!(page.references, vec![reference("a", "href", b"x", 1)]);
    // No header, no markup: plain text, nothing in it.
    let text = read(b"see http://x/ and Base: y\n", Format::Auto).unwrap();
    assert_eq!(
        text,
        Entity {
            line: 1,
            ..Entity::default()
        }
    );
    // An mbox "From " line is not a header field.
    let mbox = read(
        b"From a@b Mon Jan  1 00:00:00 1996\nBase: x\n\n<a href=y>",
        Format::Auto,
    );
    assert_eq!(mbox.unwrap().media_type.as_deref(), Some("text/html"));
}

#[test]
fn an_empty_input_is_an_empty_entity() {
    let empty = Entity {
        line: 1,
        ..Entity::default()
    };
    assert_eq!(read(b"", Format::Auto).unwrap(), empty);
    assert_eq!(read(b"", Format::Mime).unwrap(), empty);
    assert_eq!(
        read(b"", Format::Html).unwrap(),
        Entity {
            media_type: Some("text/html".into()),
            ..empty
        }
    );
}

#[test]
fn bytes_that_are_not_utf8_are_kept_in_values_and_hrefs() {
    let mut message = b"Content-Base: http://h/\xE9t\xE9/\n".to_vec();
    message.extend_from_slice(b"X-N\xFFme: v\n");
    message.extend_from_slice(b"Content-Type: text/html; charset=iso-8859-1\n\n");
    message.extend_from_slice(b"<base href=\"http://h/\xE9\"><a href=\"\xFF\xFE\">\xE9</a>\n");
    let top = read(&message, Format::Auto).unwrap();
    assert_eq!(top.fields[0].value, b" http://h/\xE9t\xE9/");
    assert_eq!(top.fields[1].name, "X-N\u{FFFD}me");
    // The body is on line 5, after three fields and the blank line.
    assert_eq!(
        top.embedded,
        vec![base("base", Some(b"http://h/\xE9"), true, 5)]
    );
    assert_eq!(top.references, vec![reference("a", "href", b"\xFF\xFE", 5)]);
}

#[test]
fn a_base64_html_part_is_decoded_and_its_lines_counted_from_the_body() {
    // "<a href=\"x\">\n<a href=\"y\">" in base64, on line 4.
    let message = "Content-Type: text/html\n\
Content-Transfer-Encoding: base64\n\
\n\
PGEgaHJlZj0ieCI+CjxhIGhyZWY9InkiPg==\n";
    let top = read(message.as_bytes(), Format::Mime).unwrap();
    assert_eq!(
        top.references,
        vec![
            reference("a", "href", b"x", 4),
            reference("a", "href", b"y", 5)
        ]
    );
    let broken = "Content-Type: text/html\nContent-Transfer-Encoding: base64\n\n!!!!\n";
    let e = error_of(broken.as_bytes());
    assert_eq!((e.line, e.part.as_str()), (4, ""));
    assert!(matches!(e.problem, Problem::Undecodable { ref encoding, .. } if encoding == "base64"));
    // An unknown transfer encoding is application/octet-stream (RFC 2045 Section 6.4).
    let unknown = "Content-Type: text/html\nContent-Transfer-Encoding: x-uuencode\n\n<a href=x>\n";
    assert!(read(unknown.as_bytes(), Format::Mime)
        .unwrap()
        .references
        .is_empty());
}

#[test]
fn a_digest_part_with_no_content_type_is_a_message() {
    let message = "Content-Type: multipart/digest; boundary=d\n\
\n\
--d\n\
\n\
Content-Base: http://e/\n\
\n\
text\n\
--d--\n";
    let top = read(message.as_bytes(), Format::Mime).unwrap();
    let part = &top.children[0];
    assert_eq!(part.fields, vec![]);
    assert_eq!(part.media_type.as_deref(), Some("message/rfc822"));
    // No header: the part starts at its content, after the blank line.
    assert_eq!(part.line, 5);
    assert_eq!(
        part.children[0].fields,
        vec![field("Content-Base", b" http://e/", 5)]
    );
}

#[test]
fn a_truncated_message_is_an_error_naming_the_last_delimiter() {
    let whole = mixed_message("\r\n");
    // Cut inside the enclosed message's second part: the outer body is the first that
    // never closes.
    let cut = &whole[..whole.find("<p><img").unwrap()];
    let e = error_of(cut.as_bytes());
    assert_eq!((e.line, e.part.as_str()), (12, ""));
    assert_eq!(
        e.problem,
        Problem::NeverClosed {
            boundary: "outer".into()
        }
    );
    assert_eq!(
        e.to_string(),
        "line 12, top level: the multipart body never closes: no line \"--outer--\" (truncated?)"
    );
    // Without its close-delimiter, the inner body runs to the end of part 2.
    let unclosed = whole.replace("--inner--\r\n", "");
    let e = error_of(unclosed.as_bytes());
    assert_eq!((e.line, e.part.as_str()), (22, "2.1"));
    assert_eq!(
        e.problem,
        Problem::NeverClosed {
            boundary: "inner".into()
        }
    );
    assert!(e.to_string().starts_with("line 22, part 2.1: "));
}

#[test]
fn a_missing_boundary_parameter_or_delimiter_is_an_error() {
    let e = error_of(b"Subject: s\nContent-Type: multipart/mixed\n\n--x\n\n--x--\n");
    assert_eq!((e.line, e.part.as_str()), (2, ""));
    assert_eq!(
        e.problem,
        Problem::NoBoundary {
            media_type: "multipart/mixed".into()
        }
    );
    let e = error_of(b"Content-Type: multipart/mixed; boundary=x\n\n--y\n\n--y--\n");
    assert_eq!((e.line, e.part.as_str()), (3, ""));
    assert_eq!(
        e.problem,
        Problem::NoDelimiter {
            boundary: "x".into()
        }
    );
    // A line that only starts with the boundary is not a delimiter (RFC 2046 5.1.1).
    let e = error_of(b"Content-Type: multipart/mixed; boundary=x\n\n--xy\n\n--xy--\n");
    assert_eq!(
        e.problem,
        Problem::NoDelimiter {
            boundary: "x".into()
        }
    );
    let e = error_of(b"Content-Type: multipart/mixed; boundary=x\n\n--x--\n");
    assert_eq!(
        e.problem,
        Problem::NoParts {
            boundary: "x".into()
        }
    );
    assert_eq!(e.line, 3);
}

#[test]
fn header_lines_that_are_not_fields_are_errors() {
    let e = error_of(b"Subject: s\nno colon here\n\nbody");
    assert_eq!((e.line, e.part.as_str()), (2, ""));
    assert_eq!(
        e.problem,
        Problem::NotAHeaderField {
            text: "no colon here".into()
        }
    );
    let e = error_of(b" folded: onto nothing\n\n");
    assert_eq!((e.line, e.problem), (1, Problem::ContinuationFirst));
    let e = error_of(b"A: b\n\rC: d\n\n");
    assert_eq!((e.line, e.problem), (2, Problem::LoneCr));
    // In a part: the part's path.
    let e =
        error_of(b"Content-Type: multipart/mixed; boundary=x\n\n--x\nbody with no header\n--x--\n");
    assert_eq!((e.line, e.part.as_str()), (4, "1"));
    assert!(e
        .to_string()
        .starts_with("line 4, part 1: not a header field"));
}

#[test]
fn an_encoded_composite_is_an_error() {
    let e = error_of(
        b"Content-Type: message/rfc822\nContent-Transfer-Encoding: base64\n\nU3ViamVjdDogeA==\n",
    );
    assert_eq!((e.line, e.part.as_str()), (2, ""));
    assert!(matches!(e.problem, Problem::EncodedComposite { .. }));
}

/// `depth` multipart/mixed entities, each the single part of the one before, around a
/// text/plain leaf. Level `i`'s header is on line `3 i + 1`.
fn nested_multiparts(depth: usize) -> Vec<u8> {
    let mut s = String::new();
    for i in 0..depth {
        s += &format!("Content-Type: multipart/mixed; boundary=b{i}\n\n--b{i}\n");
    }
    s += "Content-Type: text/plain\n\nleaf\n";
    for i in (0..depth).rev() {
        s += &format!("--b{i}--\n");
    }
    s.into_bytes()
}

fn ones(n: usize) -> String {
    vec!["1"; n].join(".")
}

#[test]
fn parts_nested_ten_thousand_deep_stop_at_the_limit() {
    assert_eq!(MAX_DEPTH, 64);
    // 64 levels below the top read.
    let mut entity = &read(&nested_multiparts(64), Format::Mime).unwrap();
    for _ in 0..64 {
        entity = &entity.children[0];
    }
    assert_eq!(entity.media_type.as_deref(), Some("text/plain"));
    assert_eq!(entity.line, 3 * 64 + 1);
    // One more is an error naming the part; so is 10,000 more.
    for depth in [65, 10_000] {
        let e = error_of(&nested_multiparts(depth));
        assert_eq!(e.line, 3 * 65 + 1);
        assert_eq!(e.part, ones(65));
        assert_eq!(e.problem, Problem::TooDeep { limit: 64 });
    }
}

#[test]
fn messages_nested_ten_thousand_deep_stop_at_the_limit() {
    let message = "Content-Type: message/rfc822\n\n".repeat(10_000) + "Subject: x\n";
    let e = error_of(message.as_bytes());
    assert_eq!((e.line, e.part.clone()), (2 * 65 + 1, ones(65)));
    assert!(e.to_string().contains("more than 64 levels"));
}

#[test]
fn no_input_makes_it_panic() {
    // Every prefix of a message that uses every feature, and single-byte changes to it,
    // under every format: an answer or an error, never a panic.
    let message = mixed_message("\r\n").into_bytes();
    let formats = [Format::Auto, Format::Mime, Format::Html];
    for end in 0..=message.len() {
        for format in formats {
            let _ = read(&message[..end], format);
        }
    }
    let mut seed: u32 = 1;
    let mut next = || {
        seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12_345);
        (seed >> 16) as usize
    };
    for _ in 0..3000 {
        let mut m = message.clone();
        for _ in 0..1 + next() % 4 {
            let at = next() % m.len();
            match next() % 3 {
                0 => m[at] = next() as u8,
                1 => {
                    m.remove(at);
                }
                _ => m.insert(at, b"\r\n-:<>\"=&; \t"[next() % 12]),
            }
        }
        for format in formats {
            let _ = read(&m, format);
        }
    }
}

/// An HTML page of about `megabytes` MB: a head with a BASE, then paragraphs of text,
/// each with one link, 1 KiB and 16 lines a paragraph.
fn big_page(megabytes: usize) -> (Vec<u8>, usize) {
    let mut page = b"<html><head><base href=\"http://h/\"></head><body>\n".to_vec();
    let paragraphs = megabytes * 1024;
    let line = "x".repeat(63) + "\n";
    for n in 0..paragraphs {
        let link = format!("<p><a href=\"p{n}\">{n}</a>\n");
        page.extend_from_slice(link.as_bytes());
        for _ in 0..15 {
            page.extend_from_slice(line.as_bytes());
        }
    }
    (page, paragraphs)
}

fn read_big_page(megabytes: usize) {
    let (page, paragraphs) = big_page(megabytes);
    let started = std::time::Instant::now();
    let read = read(&page, Format::Auto).unwrap();
    eprintln!(
        "{} MB of HTML read in {:?}",
        page.len() / 1_000_000,
        started.elapsed()
    );
    assert_eq!(
        read.embedded,
        vec![base("base", Some(b"http://h/"), true, 1)]
    );
    assert_eq!(read.references.len(), paragraphs);
    let last = read.references.last().unwrap();
    assert_eq!(last.href, format!("p{}", paragraphs - 1).into_bytes());
    assert_eq!(last.line, 2 + 16 * (paragraphs - 1));
}

#[test]
fn a_10_mb_html_file_reads() {
    read_big_page(10);
}

#[test]
fn a_100_mb_html_file_reads() {
    read_big_page(100);
}

#[test]
fn a_tag_with_a_great_many_attributes_reads_in_linear_time() {
    let mut page = String::from("<a");
    for n in 0..200_000 {
        page += &format!(" x{n}=1 href=h{n}");
    }
    page += ">";
    let read = html(&page);
    assert_eq!(read.references, vec![reference("a", "href", b"h0", 1)]);
}
