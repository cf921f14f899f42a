//! `urlcert normalize`: each input's normal form under one document (the equivalences
//! the document states, applied in order), with every step, for a person or as JSON
//! lines. The inputs are read by `main.rs`'s `each_input`, as for `parse` and `resolve`.

use super::text_and_hex;
use crate::judge::exact::quote;
use serde::Serialize;
use std::borrow::Cow;
use std::io::Write;
use urlcert_reference::{normalize, DocReading, Normalization, NotNormalizable};

/// One line of `urlcert normalize --json`, fields in the documented order.
#[derive(Serialize)]
pub struct NormalizeLine<'a> {
    pub doc: DocReading,
    /// The input; bytes that are not UTF-8 are replaced here and kept in `input_hex`.
    pub input: Cow<'a, str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub input_hex: Option<String>,
    /// The normal form, or null when the document gives none (see `error`).
    pub result: Option<Cow<'a, str>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub result_hex: Option<String>,
    /// Every step applied, in order (empty when there is no normal form).
    pub steps: Vec<StepLine<'a>>,
    /// Why there is no normal form: `{kind: not-defined | invalid, message}`.
    pub error: Option<NormalizeError>,
}

#[derive(Serialize)]
pub struct StepLine<'a> {
    pub step: &'static str,
    pub cite: &'static str,
    pub text: &'static str,
    pub changed: bool,
    /// The whole URL after the step.
    pub value: Cow<'a, str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub value_hex: Option<String>,
}

#[derive(Serialize)]
pub struct NormalizeError {
    pub kind: &'static str,
    pub message: String,
}

impl<'a> NormalizeLine<'a> {
    pub fn new(
        doc: DocReading,
        input: &'a [u8],
        answer: &'a Result<Normalization, NotNormalizable>,
    ) -> NormalizeLine<'a> {
        let (input, input_hex) = text_and_hex(input);
        match answer {
            Ok(n) => {
                let (result, result_hex) = text_and_hex(&n.result);
                NormalizeLine {
                    doc,
                    input,
                    input_hex,
                    result: Some(result),
                    result_hex,
                    steps: n
                        .steps
                        .iter()
                        .map(|s| {
                            let (value, value_hex) = text_and_hex(&s.value);
                            StepLine {
                                step: s.id,
                                cite: s.cite,
                                text: s.text,
                                changed: s.changed,
                                value,
                                value_hex,
                            }
                        })
                        .collect(),
                    error: None,
                }
            }
            Err(why) => NormalizeLine {
                doc,
                input,
                input_hex,
                result: None,
                result_hex: None,
                steps: Vec::new(),
                error: Some(NormalizeError {
                    kind: match why {
                        NotNormalizable::NotDefined { .. } => "not-defined",
                        NotNormalizable::NotAUri { .. } => "invalid",
                    },
                    message: why.to_string(),
                }),
            },
        }
    }
}

/// The input and its normal form for a person, then each step with the URL after it.
/// Every string from the input is quoted and escaped, so control characters cannot
/// reach the terminal.
pub fn human(input: &[u8], answer: &Result<Normalization, NotNormalizable>) -> String {
    let shown = quote(&String::from_utf8_lossy(input));
    let n = match answer {
        Ok(n) => n,
        Err(why) => {
            return format!(
                "{shown}\n  no normal form: {}\n",
                crate::report::text::visible(&why.to_string())
            )
        }
    };
    let mut out = format!(
        "{shown} -> {}\n",
        quote(&String::from_utf8_lossy(&n.result))
    );
    for s in &n.steps {
        let value = if s.changed {
            quote(&String::from_utf8_lossy(&s.value))
        } else {
            "no change".into()
        };
        out.push_str(&format!("  {:<8} {} ({}): {value}\n", s.id, s.text, s.cite));
    }
    out
}

/// Normalises one input under `doc` and writes the answer; `Ok(true)` when it has a
/// normal form.
pub fn answer(
    doc: DocReading,
    json: bool,
    input: &[u8],
    out: &mut impl Write,
) -> std::io::Result<bool> {
    let answer = normalize(doc, input);
    if json {
        serde_json::to_writer(&mut *out, &NormalizeLine::new(doc, input, &answer))?;
        out.write_all(b"\n")?;
    } else {
        out.write_all(human(input, &answer).as_bytes())?;
    }
    Ok(answer.is_ok())
}
