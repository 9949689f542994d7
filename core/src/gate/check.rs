//! The check a decision names — a test, a suite, a command that must pass
//! (`cargo test --test x`, "the integration suite", `make bench`) — in the
//! epitome or the two sentences after it. (The contract calls it the
//! decision's `confirmation`.)

use std::sync::OnceLock;

use regex::Regex;

use super::Analysis;

lazy_re!(
    check_tick_re,
    r"(?:\btest|tests?/|_test\b|\bspec\b|\bcheck|lint|clippy|\bbench|\bci\b|verify|assert|golden|\bfmt\b|mypy|pyright|\btsc\b|eslint|pytest|jest|vitest|\bcargo\s|\bmake\s|\bgo\s+(?:test|vet)|\bstrict|\bnpm\s+(?:run\s+)?test|coverage|miri|\bnextest)"
);

lazy_re!(
    check_plain_re,
    r"\b(?:cargo\s+(?:test|clippy|bench|check|fmt|nextest)(?:\s+--?[\w-]+(?:\s+[\w./:-]+)?)*|make\s+(?:test|check|bench|lint|ci)\w*|go\s+(?:test|vet)(?:\s+\./\S*)?|pytest(?:\s+[\w./:-]+)?|npm\s+(?:run\s+)?test|tests?/[\w./-]+|test_\w+|\w+_test\.\w+)\b"
);

// Generic suites ("the integration suite") count only next to a check verb.

lazy_re!(
    check_suite_re,
    r"\b(?:(?:the\s+)?(?:integration|unit|e2e|end-to-end|golden|regression|smoke|snapshot|property|fuzz|load|contract|acceptance)\s+(?:test\s+)?(?:suite|tests?)|(?:the\s+)?ci\s+(?:pipeline|checks?|job)|benchmarks?\s+suite|the\s+test\s+suite)\b"
);

lazy_re!(
    check_verb_re,
    r"\b(?:pass|passes|passing|green|verify|verified|verifies|check|checked|make\s+sure|ensure|gate|gated|covered\s+by|must\s+pass|catch|catches|prove|proves|confirm|confirms|validated?\s+(?:by|with))\b"
);

fn tick_span_re() -> &'static Regex {
    static R: OnceLock<Regex> = OnceLock::new();
    R.get_or_init(|| Regex::new(r"`([^`\n]{1,200})`").expect("tick regex"))
}

/// The first test / check named in the epitome or the two sentences after it.
pub(crate) fn find_check(a: &Analysis, ep: usize) -> Option<String> {
    for j in ep..(ep + 3).min(a.sents.len()) {
        let s = &a.sents[j];
        let st = &a.text[s.s.start..s.s.end];
        for c in tick_span_re().captures_iter(st) {
            let inner = c.get(1).map(|m| m.as_str()).unwrap_or("");
            if check_tick_re().is_match(inner) {
                return c.get(0).map(|m| m.as_str().to_string());
            }
        }
        // plain text outside code spans
        let masked = super::text::mask(st);
        if let Some(m) = check_plain_re().find(&masked) {
            return Some(st[m.start()..m.end()].to_string());
        }
        if check_verb_re().is_match(&masked) {
            if let Some(m) = check_suite_re().find(&masked) {
                return Some(st[m.start()..m.end()].to_string());
            }
        }
    }
    None
}
