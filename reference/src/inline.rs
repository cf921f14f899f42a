//! A list that keeps its first `N` items inline and moves to the heap only past them,
//! so the common parse (a few segments, components, alternatives, ambiguities)
//! allocates nothing. Safe code only: the inline slots hold `T::default()` until used.

use std::fmt;
use std::ops::{Deref, DerefMut};

/// Up to `N` items inline, more on the heap. Reads as a slice.
#[derive(Clone)]
pub struct InlineList<T, const N: usize> {
    repr: Repr<T, N>,
}

#[derive(Clone)]
enum Repr<T, const N: usize> {
    Inline { len: usize, items: [T; N] },
    Heap(Vec<T>),
}

impl<T: Default, const N: usize> InlineList<T, N> {
    /// An empty list; allocates nothing.
    pub fn new() -> Self {
        InlineList {
            repr: Repr::Inline {
                len: 0,
                items: std::array::from_fn(|_| T::default()),
            },
        }
    }

    /// Removes the last item and returns it.
    pub fn pop(&mut self) -> Option<T> {
        match &mut self.repr {
            Repr::Inline { len: 0, .. } => None,
            Repr::Inline { len, items } => {
                *len -= 1;
                Some(std::mem::take(&mut items[*len]))
            }
            Repr::Heap(v) => v.pop(),
        }
    }

    /// Inserts `item` at `index`, moving the later items up.
    pub fn insert(&mut self, index: usize, item: T) {
        self.push(item);
        self[index..].rotate_right(1);
    }

    #[inline]
    /// Appends `item`; the `N + 1`th moves the list to the heap.
    pub fn push(&mut self, item: T) {
        match &mut self.repr {
            Repr::Inline { len, items } if *len < N => {
                items[*len] = item;
                *len += 1;
            }
            Repr::Inline { len, items } => {
                let mut v = Vec::with_capacity(2 * N + 1);
                v.extend(items[..*len].iter_mut().map(std::mem::take));
                v.push(item);
                self.repr = Repr::Heap(v);
            }
            Repr::Heap(v) => v.push(item),
        }
    }
}

impl<T, const N: usize> InlineList<T, N> {
    /// Removes every item (a list on the heap stays there).
    pub fn clear(&mut self) {
        match &mut self.repr {
            Repr::Inline { len, .. } => *len = 0,
            Repr::Heap(v) => v.clear(),
        }
    }

    /// The items, in order.
    pub fn as_slice(&self) -> &[T] {
        self
    }
}

impl<T: Default, const N: usize> Default for InlineList<T, N> {
    fn default() -> Self {
        Self::new()
    }
}

impl<T, const N: usize> Deref for InlineList<T, N> {
    type Target = [T];
    fn deref(&self) -> &[T] {
        match &self.repr {
            Repr::Inline { len, items } => &items[..*len],
            Repr::Heap(v) => v,
        }
    }
}

impl<T, const N: usize> DerefMut for InlineList<T, N> {
    fn deref_mut(&mut self) -> &mut [T] {
        match &mut self.repr {
            Repr::Inline { len, items } => &mut items[..*len],
            Repr::Heap(v) => v,
        }
    }
}

impl<T: fmt::Debug, const N: usize> fmt::Debug for InlineList<T, N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl<T: PartialEq, const N: usize> PartialEq for InlineList<T, N> {
    fn eq(&self, other: &Self) -> bool {
        **self == **other
    }
}

impl<T: Eq, const N: usize> Eq for InlineList<T, N> {}

impl<T: PartialEq, const N: usize, const M: usize> PartialEq<[T; M]> for InlineList<T, N> {
    fn eq(&self, other: &[T; M]) -> bool {
        **self == other[..]
    }
}

impl<T: PartialEq, const N: usize> PartialEq<Vec<T>> for InlineList<T, N> {
    fn eq(&self, other: &Vec<T>) -> bool {
        **self == other[..]
    }
}

impl<T: PartialEq, const N: usize> PartialEq<&[T]> for InlineList<T, N> {
    fn eq(&self, other: &&[T]) -> bool {
        **self == **other
    }
}

impl<T: Default, const N: usize> FromIterator<T> for InlineList<T, N> {
    fn from_iter<I: IntoIterator<Item = T>>(iter: I) -> Self {
        let mut l = Self::new();
        for x in iter {
            l.push(x);
        }
        l
    }
}

impl<T: Default, const N: usize> Extend<T> for InlineList<T, N> {
    fn extend<I: IntoIterator<Item = T>>(&mut self, iter: I) {
        for x in iter {
            self.push(x);
        }
    }
}

impl<T: Default, const N: usize> InlineList<T, N> {
    /// Moves every item of `other` to the end of this list, leaving `other` empty.
    pub fn append(&mut self, other: &mut Self) {
        for x in other.iter_mut() {
            self.push(std::mem::take(x));
        }
        other.clear();
    }
}

impl<T, const N: usize> IntoIterator for InlineList<T, N> {
    type Item = T;
    type IntoIter = IntoIter<T, N>;
    fn into_iter(self) -> IntoIter<T, N> {
        match self.repr {
            Repr::Inline { len, items } => IntoIter::Inline(items.into_iter().take(len)),
            Repr::Heap(v) => IntoIter::Heap(v.into_iter()),
        }
    }
}

/// The items of an [`InlineList`], by value.
pub enum IntoIter<T, const N: usize> {
    Inline(std::iter::Take<std::array::IntoIter<T, N>>),
    Heap(std::vec::IntoIter<T>),
}

impl<T, const N: usize> Iterator for IntoIter<T, N> {
    type Item = T;
    fn next(&mut self) -> Option<T> {
        match self {
            IntoIter::Inline(i) => i.next(),
            IntoIter::Heap(i) => i.next(),
        }
    }
}

impl<T: Default, const N: usize> From<Vec<T>> for InlineList<T, N> {
    fn from(v: Vec<T>) -> Self {
        v.into_iter().collect()
    }
}

impl<'l, T, const N: usize> IntoIterator for &'l InlineList<T, N> {
    type Item = &'l T;
    type IntoIter = std::slice::Iter<'l, T>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

#[cfg(feature = "serde")]
impl<T: serde::Serialize, const N: usize> serde::Serialize for InlineList<T, N> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter())
    }
}

#[cfg(test)]
mod tests {
    use super::InlineList;

    #[test]
    fn keeps_order_inline_and_past_the_inline_slots() {
        let mut l: InlineList<u32, 2> = InlineList::new();
        assert!(l.is_empty());
        for k in 0..5 {
            l.push(k);
            assert_eq!(l.len(), k as usize + 1);
        }
        assert_eq!(&*l, &[0, 1, 2, 3, 4]);
        let c: InlineList<u32, 8> = (0..3).collect();
        assert_eq!(&*c, &[0, 1, 2]);
    }
}
