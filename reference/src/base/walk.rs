//! Walks the entity tree, parents before children, so that each entity's encapsulating
//! base is known when its turn comes; then resolves every reference against its entity's
//! base. The walk keeps its own stack: parts nested ten thousand deep cost memory, not
//! the call stack.

use super::established::{
    default_cite, Base, Context, EntityBase, Established, Link, LinkFailure, Note, Source, Step,
    NOTE_IDS,
};
use super::model::Entity;
use super::model::Reference;
use crate::document::DocReading;
use crate::resolve::{resolve, Resolution};

/// Where an entity stands: at the top, or enclosed in another whose base is known.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Outer<'a> {
    Top,
    Enclosed { part: &'a str, base: &'a Base },
}

/// The layers' record for one entity: the steps considered and the notes raised.
#[derive(Default)]
pub(crate) struct Tracer {
    pub steps: Vec<Step>,
    pub notes: Vec<Note>,
}

impl Tracer {
    /// A layer that does not give the base.
    pub fn passed(&mut self, section: &'static str, source: Source, said: impl Into<String>) {
        self.steps.push(Step {
            section,
            source,
            said: said.into(),
            taken: false,
        });
    }

    /// The layer that gives the base.
    pub fn took(
        &mut self,
        section: &'static str,
        source: Source,
        value: Option<Vec<u8>>,
        how: impl Into<String>,
    ) -> Base {
        let how = how.into();
        self.steps.push(Step {
            section,
            source,
            said: how.clone(),
            taken: true,
        });
        Base {
            value,
            source,
            how,
            section,
        }
    }

    /// The content layer gives the base, over the outer layers that were worked out (to
    /// resolve a relative field against): they are kept in the trace, as not taken.
    pub fn took_over(
        &mut self,
        section: &'static str,
        value: Option<Vec<u8>>,
        how: String,
        outer: Tracer,
    ) -> Base {
        let base = self.took(section, Source::Content, value, how);
        for mut step in outer.steps {
            step.taken = false;
            self.steps.push(step);
        }
        self.notes.extend(outer.notes);
        base
    }

    /// The outer layers give the base: their steps follow the content's.
    pub fn append(&mut self, outer: Tracer) {
        self.steps.extend(outer.steps);
        self.notes.extend(outer.notes);
    }

    pub fn note(&mut self, id: &'static str, line: usize, message: impl Into<String>) {
        debug_assert!(NOTE_IDS.contains(&id), "{id}");
        self.notes.push(Note {
            id,
            line,
            message: message.into(),
        });
    }
}

/// What a document's rule for one entity is asked with: the document and reading, the
/// entity, where it stands, and the retrieval context.
#[derive(Clone, Copy)]
pub(crate) struct Asked<'a>(
    pub DocReading,
    pub &'a Entity,
    pub Outer<'a>,
    pub &'a Context,
);

/// One document's rule for the base of one entity.
pub(crate) type EntityRule = fn(Asked, &mut Tracer) -> Base;

/// Every entity's base and links, in document order.
pub(crate) fn walk(
    doc: DocReading,
    root: &Entity,
    cx: &Context,
    rule: EntityRule,
    with_links: bool,
) -> Established {
    let mut entities: Vec<EntityBase> = Vec::new();
    // (entity, its part id, the index of its parent in `entities`)
    let mut stack: Vec<(&Entity, String, Option<usize>)> = vec![(root, String::new(), None)];
    while let Some((entity, part, parent)) = stack.pop() {
        let mut t = Tracer::default();
        let base = match parent {
            None => rule(Asked(doc, entity, Outer::Top, cx), &mut t),
            Some(i) => {
                let p = &entities[i];
                let outer = Outer::Enclosed {
                    part: &p.part,
                    base: &p.base,
                };
                rule(Asked(doc, entity, outer, cx), &mut t)
            }
        };
        let links = match with_links {
            true => entity
                .references
                .iter()
                .map(|r| link(doc, &base, r))
                .collect(),
            false => Vec::new(),
        };
        let index = entities.len();
        entities.push(EntityBase {
            part: part.clone(),
            media_type: entity.media_type.clone(),
            line: entity.line,
            base,
            steps: t.steps,
            notes: t.notes,
            links,
        });
        // Pushed in reverse, so that the first child is walked first.
        for (n, child) in entity.children.iter().enumerate().rev() {
            let id = if part.is_empty() {
                format!("{}", n + 1)
            } else {
                format!("{part}.{}", n + 1)
            };
            stack.push((child, id, Some(index)));
        }
    }
    Established { doc, entities }
}

/// The entities of a tree in the order [`walk`] gives them: parents before children,
/// first child first.
pub fn in_order(root: &Entity) -> Vec<&Entity> {
    let mut out = Vec::new();
    let mut stack = vec![root];
    while let Some(e) = stack.pop() {
        out.push(e);
        stack.extend(e.children.iter().rev());
    }
    out
}

/// A reference resolved by the document's algorithm against its entity's base.
pub fn link(doc: DocReading, base: &Base, r: &Reference) -> Link {
    let result = match &base.value {
        Some(b) => resolve(doc, b, &r.href, false).map_err(LinkFailure::Unresolvable),
        None => without_base(doc, &r.href),
    };
    // Untraced steps hold nothing a link shows; a page of a million links keeps none.
    let result = result.map(|r| Resolution {
        steps: Default::default(),
        ..r
    });
    Link {
        reference: r.clone(),
        result,
    }
}

/// RFC 2396 and RFC 3986 with no base: a reference with a scheme still has a target,
/// because their Section 5.2 reads the base only when the reference has no scheme
/// ("if defined(R.scheme) then T.scheme = R.scheme" and so on, RFC 3986 Section 5.2.2).
/// So such a reference is resolved against itself, which reads nothing of the base.
fn without_base(doc: DocReading, reference: &[u8]) -> Result<crate::Resolution, LinkFailure> {
    let has_scheme = crate::parse(doc, reference)
        .components
        .get("scheme")
        .is_some_and(|v| v.is_some());
    if has_scheme {
        resolve(doc, reference, reference, false).map_err(LinkFailure::Unresolvable)
    } else {
        Err(LinkFailure::NoBase {
            doc: doc.doc,
            cite: default_cite(doc.doc),
        })
    }
}
