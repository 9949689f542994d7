//! Text as the full-text index holds it. FTS5's `unicode61` tokenizer cuts
//! words at spaces and punctuation, and Chinese, Japanese and (within a
//! word) Korean text has none: each such character is indexed as a word
//! of its own, and a query's run of them becomes a phrase of those words,
//! so that any part of a run is found, as a substring search would.

/// Whether `c` is written without spaces between words (Han, kana,
/// Hangul).
pub(crate) fn is_cjk(c: char) -> bool {
    matches!(c as u32,
        0x3040..=0x30FF | 0x31F0..=0x31FF | 0x3400..=0x4DBF | 0x4E00..=0x9FFF
        | 0xAC00..=0xD7AF | 0xF900..=0xFAFF | 0x20000..=0x2FA1F)
}

/// `text` with a space on each side of every CJK character.
pub(crate) fn spaced(text: &str) -> std::borrow::Cow<'_, str> {
    if !text.chars().any(is_cjk) {
        return std::borrow::Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + text.len() / 2);
    for c in text.chars() {
        if is_cjk(c) {
            out.push(' ');
            out.push(c);
            out.push(' ');
        } else {
            out.push(c);
        }
    }
    std::borrow::Cow::Owned(out)
}

/// A snippet of spaced text as it was written: the spaces beside CJK
/// characters (highlight brackets aside) are taken out — the ones
/// [`spaced`] put, and the few the writer did — and highlights that became
/// adjacent are joined.
pub(crate) fn unspaced(snippet: &str) -> String {
    let chars: Vec<char> = snippet.chars().collect();
    let cjk_at = |mut i: isize, step: isize| -> bool {
        while i >= 0 && (i as usize) < chars.len() {
            match chars[i as usize] {
                '[' | ']' | ' ' => i += step,
                c => return is_cjk(c),
            }
        }
        false
    };
    let mut out = String::with_capacity(snippet.len());
    for (i, &c) in chars.iter().enumerate() {
        if c == ' ' && (cjk_at(i as isize - 1, -1) || cjk_at(i as isize + 1, 1)) {
            continue;
        }
        out.push(c);
    }
    out.replace("][", "")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cjk_runs_are_spaced_and_restored() {
        assert_eq!(spaced("we use Postgres"), "we use Postgres");
        assert_eq!(spaced("用Postgres吧"), " 用 Postgres 吧 ");
        assert_eq!(
            unspaced(" [数] [据] 库 用 Postgres 吧 "),
            "[数据]库用Postgres吧"
        );
        assert_eq!(unspaced("plain [text] here"), "plain [text] here");
    }
}
