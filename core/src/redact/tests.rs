//! Unit tests of the redaction rules and the engine.

use super::heuristics::*;
use super::rules::{Rule, MARKER_TRIGGER, TRIGGERS};
use super::*;

fn red(s: &str) -> String {
    let mut s = s.to_string();
    let mut counts = vec![0; rules().len()];
    Redactor::shared().redact_in_place(&mut s, &mut counts);
    s
}

#[test]
fn rules_and_triggers_line_up() {
    assert_eq!(rules().len(), Rule::ALL.len());
    for (i, &rule) in Rule::ALL.iter().enumerate() {
        assert_eq!(rule as usize, i);
        assert!(
            TRIGGERS.iter().any(|(_, rs)| rs.contains(&rule)),
            "{} has no trigger",
            rules()[i].id
        );
    }
    assert!(Rule::ALL.len() < MARKER, "the marker's bit is not a rule's");
    let all: Vec<&str> = TRIGGERS
        .iter()
        .map(|(t, _)| *t)
        .chain([MARKER_TRIGGER])
        .collect();
    for t in &all {
        assert_eq!(*t, t.to_ascii_lowercase());
    }
    // The leftmost-first scan reports one trigger per position: it finds
    // every occurrence only while no trigger is a prefix of another.
    for a in &all {
        for b in &all {
            assert!(
                a == b || !b.starts_with(a),
                "trigger {a:?} is a prefix of {b:?}"
            );
        }
    }
}

#[test]
fn no_trigger_spans_a_line_break() {
    // Emitter::emit_patch_edit relies on it: text made of lines without a
    // trigger has none.
    assert!(TRIGGERS.iter().all(|(t, _)| !t.contains(['\n', '\r'])));
}

#[test]
fn triggers_found_at_every_position_and_case() {
    // overlapping and adjacent occurrences, mixed case, non-ASCII around
    let s = "ÄPASSword tokenToken sk-SK-x://é";
    let mut hits = Vec::new();
    let mask = Redactor::shared().triggers(s.as_bytes(), &mut hits);
    let pos: Vec<usize> = hits.iter().map(|h| h.pos).collect();
    let want: Vec<usize> = ["PASS", "token", "Token", "sk-", "SK-", "://"]
        .iter()
        .scan(0, |from, t| {
            let p = *from + s[*from..].find(t).unwrap();
            *from = p + 1;
            Some(p)
        })
        .collect();
    assert_eq!(pos, want);
    assert_ne!(mask & Rule::SecretAssignment.bit(), 0);
    assert_ne!(mask & Rule::UrlPassword.bit(), 0);
}

#[test]
fn basics() {
    assert_eq!(
        red("export DB_PASSWORD=hunter2x"),
        "export DB_PASSWORD=[REDACTED:secret_assignment]"
    );
    assert_eq!(red("max_tokens=4096"), "max_tokens=4096");
    assert_eq!(
        red("postgres://app:s3cr3tpw@db:5432/x"),
        "postgres://app:[REDACTED:url_password]@db:5432/x"
    );
}

#[test]
fn a_url_right_after_another_is_redacted_in_the_same_pass() {
    // Found by fuzzing: the host's first byte, read as part of the first
    // match, was the second URL's scheme, so only a second pass found it.
    let input = "s://app:Sup3zS3cretPass@db.integres://app:\u{fffd}\u{fffd}Sup3zS3cretPass@d";
    let once = red(input);
    assert_eq!(
        once,
        "s://app:[REDACTED:url_password]@db.integres://app:[REDACTED:url_password]@d"
    );
    assert_eq!(red(&once), once);
}

#[test]
fn assignment_parsing() {
    for (input, want) in [
        (
            r#"app.config['SECRET_KEY'] = 'q7Rv2Lp9zT4x'"#,
            r#"app.config['SECRET_KEY'] = '[REDACTED:secret_assignment]'"#,
        ),
        (
            "password := \"Hunter2-prod\"",
            "password := \"[REDACTED:secret_assignment]\"",
        ),
        (
            "  :password => 'Hunter2-prod',",
            "  :password => '[REDACTED:secret_assignment]',",
        ),
        (
            "--api-token q7Rv2Lp9zT4x --env prod",
            "--api-token [REDACTED:secret_assignment] --env prod",
        ),
        (
            "x\n--token q7Rv2Lp9zT4x",
            "x\n--token [REDACTED:secret_assignment]",
        ),
        (
            r#"<add key="ApiKey" value="q7Rv2Lp9zT4x" />"#,
            r#"<add key="ApiKey" value="[REDACTED:secret_assignment]" />"#,
        ),
        (
            "mysql -u root -p'q7Rv2Lp9zT4x' shop",
            "mysql -u root -p'[REDACTED:secret_assignment]' shop",
        ),
        (
            "DB_PASS=q7Rv2Lp9zT4x",
            "DB_PASS=[REDACTED:secret_assignment]",
        ),
    ] {
        assert_eq!(red(input), want);
    }
    for same in [
        "const token = await getToken();",
        "token = self._token",
        "pub frag_token: __u32,",
        "\"input_token\": \"NextToken\",",
        "password: !vault |",
        "PWD=/home/jane/src",
        "Password: must contain a digit",
        "second_pass: done",
        "\"jsonwebtoken\": \"^9.0.2\",",
    ] {
        assert_eq!(red(same), same);
    }
}

#[test]
fn looks_random_separates_keys_from_words() {
    for k in [
        "q7Rv2Lp9zT4xW1",
        "9f3c2a7e1b8d4f6a0c5e",
        "AbXyQrStUvWxYzAbCdEfGh",
    ] {
        assert!(looks_random(k.as_bytes()), "{k}");
    }
    for w in [
        "authentication",
        "MyTestSecret1",
        "EllipticCurvePrivateKey",
        "Password123",
    ] {
        assert!(!looks_random(w.as_bytes()), "{w}");
    }
}
