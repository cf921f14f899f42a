//! How sure a margin is: a bootstrap over the discriminating items. Each replicate
//! draws as many items as there are, with replacement, and counts each candidate's
//! agreements; the interval of the best candidate's lead over another is the 2.5th to
//! the 97.5th percentile of that lead over the replicates. Seeded, so that the same
//! records give the same report.

use crate::run::fuzzcheck::{Choices, Seeded};

/// How many replicates: enough for the percentiles to settle to an item or two on the
/// suite's few hundred discriminating inputs, and still a blink beside the asking.
pub const REPLICATES: usize = 1000;

/// A lead's 95% interval, in items (negative: the other candidate ahead).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Interval {
    pub low: i64,
    pub high: i64,
}

/// For each candidate, the interval of `best`'s lead over it (`best`'s own is zero),
/// from `rows`: per discriminating item, which candidates agree.
pub fn against(rows: &[Vec<bool>], best: usize, seed: u64) -> Vec<Interval> {
    let width = rows.first().map_or(0, Vec::len);
    if rows.is_empty() {
        return vec![Interval::default(); width];
    }
    let mut draw = Seeded(seed | 1);
    // leads[c][r]: best's lead over candidate c in replicate r.
    let mut leads: Vec<Vec<i64>> = vec![Vec::with_capacity(REPLICATES); width];
    let mut counts = vec![0i64; width];
    for _ in 0..REPLICATES {
        counts.iter_mut().for_each(|c| *c = 0);
        for _ in 0..rows.len() {
            let row = &rows[draw.pick(rows.len())];
            for (c, &a) in counts.iter_mut().zip(row) {
                *c += i64::from(a);
            }
        }
        for (c, lead) in leads.iter_mut().enumerate() {
            lead.push(counts[best] - counts[c]);
        }
    }
    leads
        .into_iter()
        .map(|mut l| {
            l.sort_unstable();
            let at = |q: f64| l[((l.len() - 1) as f64 * q).round() as usize];
            Interval {
                low: at(0.025),
                high: at(0.975),
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// 100 items: candidate 0 agrees on all, 1 on 90, 2 on 99 (the one it misses is
    /// one candidate 0 has).
    fn rows() -> Vec<Vec<bool>> {
        (0..100).map(|i| vec![true, i >= 10, i != 0]).collect()
    }

    #[test]
    fn a_lead_of_ten_in_a_hundred_is_told_apart() {
        let i = against(&rows(), 0, 7);
        assert_eq!(i[0], Interval::default());
        // A lead of 10 with 100 draws: the interval stays clear of zero.
        assert!(
            i[1].low > 0 && i[1].low <= 10 && i[1].high >= 10,
            "{:?}",
            i[1]
        );
    }

    #[test]
    fn a_lead_of_one_is_not() {
        let i = against(&rows(), 0, 7);
        assert_eq!(
            i[2].low, 0,
            "one item: most replicates draw it or not, {:?}",
            i[2]
        );
        assert!(i[2].high >= 1);
    }

    #[test]
    fn the_same_seed_gives_the_same_intervals() {
        assert_eq!(against(&rows(), 0, 3), against(&rows(), 0, 3));
    }
}
