//! The last few readings of a costly kind, kept per thread by their whole
//! input text.
//!
//! An assistant's message is read by several readers of the turn that
//! answers it, and again as the earlier options of the next turns; keeping
//! the last few readings spares reading it again. A reading is found only by
//! the whole text it was made from, so a kept one is the reading made
//! afresh. A text over [`MOST`] bytes is never kept (a pasted log is not held
//! past its turn).

use std::cell::RefCell;
use std::thread::LocalKey;

/// How many readings of one kind a thread keeps.
const KEPT: usize = 4;
/// The longest text whose reading is kept.
const MOST: usize = 64 * 1024;

/// The readings of one kind a thread keeps: `(text, reading)`, oldest first.
pub(crate) type Kept<T> = RefCell<Vec<(Box<str>, T)>>;

/// The reading of `text` kept in `kept`, or `read(text)`, kept for next time.
pub(crate) fn recall<T: Clone + 'static>(
    kept: &'static LocalKey<Kept<T>>,
    text: &str,
    read: impl FnOnce(&str) -> T,
) -> T {
    if text.len() > MOST {
        return read(text);
    }
    let found = kept.with(|k| {
        k.borrow()
            .iter()
            .find(|(t, _)| &**t == text)
            .map(|(_, r)| r.clone())
    });
    if let Some(r) = found {
        return r;
    }
    // (no borrow is held while reading: a reader may recall another text)
    let r = read(text);
    kept.with(|k| {
        let mut k = k.borrow_mut();
        if k.len() == KEPT {
            k.remove(0);
        }
        k.push((text.into(), r.clone()));
    });
    r
}

#[cfg(test)]
mod tests {
    use super::*;

    thread_local! {
        static LENS: Kept<usize> = const { RefCell::new(Vec::new()) };
    }

    #[test]
    fn a_kept_reading_is_the_fresh_one_and_only_the_last_few_are_kept() {
        let reads = std::cell::Cell::new(0);
        let len = |t: &str| {
            reads.set(reads.get() + 1);
            t.len()
        };
        assert_eq!(recall(&LENS, "abc", len), 3);
        assert_eq!(recall(&LENS, "abc", len), 3);
        assert_eq!(reads.get(), 1);
        for t in ["a", "bb", "cccc", "ddddd"] {
            recall(&LENS, t, len);
        }
        assert_eq!(reads.get(), 5);
        // "abc" was the oldest of five: it is read again
        assert_eq!(recall(&LENS, "abc", len), 3);
        assert_eq!(reads.get(), 6);
        let long = "x".repeat(MOST + 1);
        recall(&LENS, &long, len);
        recall(&LENS, &long, len);
        assert_eq!(reads.get(), 8);
    }
}
