//! What a document defines, or the place where it says it leaves a thing out: the one
//! shape every descriptor field and every "not defined" answer shares, kept in a leaf so
//! that the operations and the descriptor list can both use it.

/// What a document defines, or the section and sentence in which it leaves it out.
pub enum Stated<T: 'static> {
    Defined(T),
    NotDefined(Citation),
}

impl<T> Stated<T> {
    pub fn defined(&self) -> Option<&T> {
        match self {
            Stated::Defined(t) => Some(t),
            Stated::NotDefined(_) => None,
        }
    }

    pub fn not_defined(&self) -> Option<&Citation> {
        match self {
            Stated::Defined(_) => None,
            Stated::NotDefined(c) => Some(c),
        }
    }
}

/// A place in a document and what it says there.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Citation {
    pub cite: &'static str,
    pub quote: &'static str,
}
