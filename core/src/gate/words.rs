//! Matching an option's words against list items: content words (no
//! articles or filler), and the item sharing the most of them.

/// Lower-cased content words of a span (for matching options to list items).
pub(crate) fn content_words(s: &str) -> Vec<String> {
    const STOP: &[&str] = &[
        "the",
        "a",
        "an",
        "for",
        "of",
        "with",
        "in",
        "on",
        "to",
        "and",
        "or",
        "we",
        "i",
        "use",
        "using",
        "our",
        "it",
        "one",
        "approach",
        "option",
        "version",
        "that",
        "this",
        "your",
        "my",
        "is",
        "be",
        "just",
        "go",
        "do",
        "yes",
        "yeah",
        "yep",
        "ok",
        "okay",
        "sure",
        "sounds",
        "good",
        "great",
        "fine",
        "perfect",
        "alright",
        "let's",
        "lets",
        "like",
        "you",
        "proposed",
        "suggested",
        "please",
        "pls",
        "then",
        "thanks",
        "cool",
        "nice",
        "idea",
        "plan",
        "suggestion",
        "proposal",
        "design",
        "me",
        "by",
        "works",
        "let",
        "s",
    ];
    s.split(|c: char| {
        !(c.is_alphanumeric() || c == '+' || c == '#' || c == '-' || c == '_' || c == '.')
    })
    .map(|w| {
        w.trim_matches(|c: char| c == '.' || c == '-')
            .to_lowercase()
    })
    .filter(|w| !w.is_empty() && !STOP.contains(&w.as_str()))
    .collect()
}

/// Index of the unique item sharing the most content words with `probe`.
pub(crate) fn best_item(probe: &str, items: &[String]) -> Option<usize> {
    let pw = content_words(probe);
    if pw.is_empty() {
        return None;
    }
    let mut best: Option<(usize, usize)> = None;
    let mut tie = false;
    for (i, it) in items.iter().enumerate() {
        let iw = content_words(it);
        let n = iw.iter().filter(|w| pw.contains(w)).count();
        if n == 0 {
            continue;
        }
        match best {
            Some((_, bn)) if n == bn => tie = true,
            Some((_, bn)) if n < bn => {}
            _ => {
                best = Some((i, n));
                tie = false;
            }
        }
    }
    if tie {
        None
    } else {
        best.map(|(i, _)| i)
    }
}
