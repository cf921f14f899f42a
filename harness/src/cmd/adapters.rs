//! `urlcert adapters`: every adapter urlcert knows, available or not (with why and the
//! install command), its version, component model and operations.

use super::emit;
use serde_json::json;
use std::process::ExitCode;
use urlcert::ask::process::Limits;
use urlcert::ask::registry::{self, Found};
use urlcert::ask::Info;
use urlcert::report::text::visible;

#[derive(clap::Args)]
pub struct Args {
    /// One JSON object per adapter, one per line.
    #[arg(long)]
    json: bool,
}

fn op_names(info: &Info) -> Vec<String> {
    info.operations
        .iter()
        .map(|op| {
            serde_json::to_value(op)
                .map_or_else(|_| "?".into(), |v| v.as_str().unwrap_or("?").to_string())
        })
        .collect()
}

pub(super) fn model_name(info: &Info) -> String {
    serde_json::to_value(info.model)
        .ok()
        .and_then(|v| v.as_str().map(String::from))
        .unwrap_or_default()
}

pub fn main(Args { json: as_json }: Args) -> ExitCode {
    let mut text = String::new();
    // Where the programs and their dependencies were looked for; on stderr with
    // --json, so that standard output stays one JSON object per line.
    let looked = urlcert::assets::describe();
    if as_json {
        eprintln!("{looked}");
    } else {
        text.push_str(&format!("{looked}\n"));
    }
    for found in registry::all(Limits::default()) {
        match &found {
            Found::Ready(a) => {
                let info = a.info();
                if as_json {
                    let v = json!({
                        "name": info.name,
                        "available": true,
                        "version": info.version,
                        "model": info.model,
                        "operations": info.operations,
                        "argv": info.argv,
                    });
                    text.push_str(&format!("{v}\n"));
                } else {
                    let how = match &info.argv {
                        Some(argv) => format!("{argv:?}"),
                        None => "in-process".into(),
                    };
                    text.push_str(&format!(
                        "{:<34} available    {:?}, model {}, {}; {how}\n",
                        visible(&info.name),
                        info.version,
                        model_name(info),
                        op_names(info).join(" and "),
                    ));
                }
            }
            Found::Unavailable { name, why, install } => {
                if as_json {
                    let v = json!({
                        "name": name, "available": false, "why": why, "install": install,
                    });
                    text.push_str(&format!("{v}\n"));
                } else {
                    text.push_str(&format!(
                        "{:<34} unavailable  {}; install: {}\n",
                        visible(name),
                        visible(why),
                        visible(install)
                    ));
                }
            }
        }
    }
    emit(&text);
    ExitCode::SUCCESS
}
