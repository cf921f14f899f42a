//! `urlcert ask`: one adapter asked about one input, its answer shown in its own
//! component model and mapped onto one document's component names.

use super::adapters::model_name;
use super::{emit, os_bytes};
use serde_json::{json, Value};
use std::process::ExitCode;
use urlcert::ask::process::{describe, Limits};
use urlcert::ask::registry::{self, Found};
use urlcert::ask::{Answer, Ask, Engine};
use urlcert::judge::meaning::mapped;
use urlcert::report::text::visible;

#[derive(clap::Args)]
pub struct Args {
    /// A name from `urlcert adapters` (a profile is NAME@SETTING).
    #[arg(long, required_unless_present = "command", conflicts_with = "command")]
    adapter: Option<String>,
    /// An external command speaking the protocol (ADAPTERS.md), one argument per
    /// --command: --command python3 --command my_adapter.py. Run as argv, never
    /// through a shell.
    #[arg(long = "command", value_name = "ARG", allow_hyphen_values = true)]
    command: Vec<String>,
    /// Resolve INPUT against this base instead of parsing it.
    #[arg(long)]
    base: Option<std::ffi::OsString>,
    /// One JSON object: adapter, version, model, op, input, base, verdict, and
    /// components (parse), result (resolve), message, why or fault.
    #[arg(long)]
    json: bool,
    /// Run an external adapter once per request instead of as one process.
    #[arg(long)]
    one_shot: bool,
    /// The document whose component names the answer is mapped onto (the common
    /// model `run` and `certify` compare in).
    #[arg(long, default_value = "draft-1996")]
    doc: urlcert_reference::Document,
    /// How long the adapter may take to answer, in milliseconds.
    #[arg(long, default_value_t = 5000)]
    timeout_ms: u64,
    input: std::ffi::OsString,
}

fn text_fields(v: &mut Value, key: &str, bytes: &[u8]) {
    v[key] = Value::String(String::from_utf8_lossy(bytes).into_owned());
    if std::str::from_utf8(bytes).is_err() {
        let hex: String = bytes.iter().map(|b| format!("{b:02x}")).collect();
        v[format!("{key}_hex")] = Value::String(hex);
    }
}

pub fn main(args: Args) -> ExitCode {
    let base = args.base.as_deref().map(os_bytes);
    let input = os_bytes(&args.input);
    let limits = Limits::answering_within_ms(args.timeout_ms);
    let mut adapter: Box<dyn Engine> = match &args.adapter {
        Some(name) => match registry::open(name, args.one_shot, limits) {
            Some(Found::Ready(a)) => a,
            Some(Found::Unavailable { name, why, install }) => {
                eprintln!(
                    "urlcert ask: {} is unavailable: {} (install: {})",
                    visible(&name),
                    visible(&why),
                    visible(&install)
                );
                return ExitCode::from(2);
            }
            None => {
                eprintln!(
                    "urlcert ask: unknown adapter `{}`{} (`urlcert adapters` lists them: {})",
                    visible(name),
                    registry::did_you_mean(name),
                    registry::names().join(", ")
                );
                return ExitCode::from(2);
            }
        },
        None => match registry::command(args.command.clone(), args.one_shot, limits) {
            Ok(a) => a,
            Err(fault) => {
                eprintln!(
                    "urlcert ask: the command {:?} did not start: {}",
                    args.command,
                    visible(&describe(&fault))
                );
                return ExitCode::from(2);
            }
        },
    };
    let answer = match &base {
        Some(base) => adapter.resolve(base, &input),
        None => adapter.parse(&input),
    };
    let info = adapter.info();
    let verdict = match &answer {
        Answer::Parsed { .. } | Answer::Resolved { .. } | Answer::Links { .. } => "valid",
        Answer::Rejected { .. } => "invalid",
        Answer::Unsupported { .. } => "unsupported",
        Answer::Fault { .. } => "fault",
        // The registry opens no reference engine; `urlcert trace` shows the reference.
        Answer::Reference(_) => "unsupported",
    };
    if args.json {
        let mut v = json!({
            "adapter": info.name,
            "version": info.version,
            "model": info.model,
            "op": if base.is_some() { "resolve" } else { "parse" },
            "verdict": verdict,
        });
        text_fields(&mut v, "input", &input);
        match &base {
            Some(base) => {
                text_fields(&mut v, "base", base);
                v["result"] = Value::Null;
            }
            None => {
                v["base"] = Value::Null;
                v["components"] = Value::Null;
            }
        }
        match &answer {
            Answer::Parsed { components } => {
                let input = String::from_utf8_lossy(&input);
                v["doc"] = json!(args.doc.id());
                v["components"] = json!(mapped(info.model, args.doc, &input, components));
                v["adapter_components"] = json!(components);
            }
            Answer::Resolved { result } => v["result"] = json!(result),
            Answer::Links { links } => v["links"] = json!(links),
            Answer::Rejected { message } => v["message"] = json!(message),
            Answer::Unsupported { why } => v["why"] = json!(why),
            Answer::Fault { fault } => v["fault"] = json!(fault),
            Answer::Reference(_) => {
                v["why"] = json!("the reference answers through `urlcert trace`")
            }
        }
        emit(&format!("{v}\n"));
    } else {
        let input = String::from_utf8_lossy(&input);
        let mut text = match &base {
            Some(base) => format!(
                "{input:?} against {:?} by {} ({:?}, model {})\n",
                String::from_utf8_lossy(base),
                visible(&info.name),
                info.version,
                model_name(info)
            ),
            None => format!(
                "{input:?} by {} ({:?}, model {})\n",
                visible(&info.name),
                info.version,
                model_name(info)
            ),
        };
        match &answer {
            Answer::Parsed { components } => {
                let show =
                    |v: &Option<String>| v.as_ref().map_or("null".into(), |s| format!("{s:?}"));
                text.push_str(&format!("  valid; as {} names it:\n", args.doc));
                for (name, value) in mapped(info.model, args.doc, &input, components) {
                    text.push_str(&format!("  {name:<16} {}\n", show(&value)));
                }
                text.push_str("  as the adapter says it:\n");
                for (name, value) in components {
                    text.push_str(&format!("  {:<16} {}\n", visible(name), show(value)));
                }
            }
            Answer::Resolved { result } => text.push_str(&format!("  -> {result:?}\n")),
            Answer::Links { links } => {
                for l in links {
                    text.push_str(&format!("  {:?} -> {:?}\n", l.href, l.result));
                }
            }
            Answer::Rejected { message } => text.push_str(&format!("  invalid: {message:?}\n")),
            Answer::Unsupported { why } => text.push_str(&format!("  unsupported: {why:?}\n")),
            Answer::Fault { fault } => {
                text.push_str(&format!("  fault: {}\n", visible(&describe(fault))))
            }
            Answer::Reference(_) => {
                text.push_str("  unsupported: the reference answers through `urlcert trace`\n")
            }
        }
        emit(&text);
    }
    ExitCode::from(match verdict {
        "valid" => 0,
        "fault" => 3,
        _ => 1,
    })
}
