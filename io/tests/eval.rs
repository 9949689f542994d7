//! The decision gate's quality on the labelled person turns of `tests/eval`
//! (see its README), scored through `parse`. The floors hold on the held-out
//! half (split by a hash of the dialogue group or the corpus project), which
//! the rules were not developed on; the test prints counts only, never a
//! held-out turn. The corpus inputs are read as the CLI's `eval` reads
//! them, through [`memscribe_io::parse_path`] (databases and session
//! directories too), which is why the test lives in this crate.

mod common;

use std::path::{Path, PathBuf};

use memscribe::eval::{Outcome, Scores};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn run_all(corpus: Option<&Path>) -> Vec<Outcome> {
    let mut read = |p: &Path| {
        memscribe_io::parse_path(p, &memscribe::eval::options()).map_err(|e| e.to_string())
    };
    memscribe::eval::run_all(&root().join("tests/eval"), corpus, &mut read).unwrap()
}

#[test]
fn decision_precision_and_recall() {
    let corpus = common::corpus();
    let outcomes = run_all(corpus.as_deref());
    let dev = Scores::of(outcomes.iter().filter(|o| !o.is_held_out()));
    let held: Vec<&Outcome> = outcomes.iter().filter(|o| o.is_held_out()).collect();
    let held_out = Scores::of(held.iter().copied());
    println!(
        "development:\n{}\n\nheld-out:\n{}",
        dev.report(),
        held_out.report()
    );
    assert!(
        dev.turns >= 900 && held_out.turns >= 600,
        "{} / {}",
        dev.turns,
        held_out.turns
    );
    assert!(
        held_out.precision_milli() >= HELD_PRECISION,
        "held-out precision {}",
        held_out.precision_milli()
    );
    assert!(
        held_out.recall_milli() >= HELD_RECALL,
        "held-out recall {}",
        held_out.recall_milli()
    );
    let positives = held_out.true_positives + held_out.false_negatives;
    assert!(
        held_out.positives_not_english * 5 >= positives,
        "{} of {positives}",
        held_out.positives_not_english
    );
    if corpus.is_some() {
        let real = Scores::of(held.iter().copied().filter(|o| o.set == "corpus"));
        println!("held-out real transcripts:\n{}", real.report());
        assert!(real.turns > 0);
    }
}

/// A decision node says what was decided: its epitome is never only an
/// answer token, in any language of the sets (checked on every decision the
/// sets produce, both halves: only a count is printed).
#[test]
fn no_epitome_is_only_an_answer_token() {
    let outcomes = run_all(common::corpus().as_deref());
    let tokens = [
        "yes",
        "y",
        "ok",
        "okay",
        "sure",
        "yep",
        "yeah",
        "yes please",
        "yes to all",
        "go ahead",
        "do it",
        "do that",
        "sounds good",
        "lgtm",
        "好",
        "好的",
        "可以",
        "行",
        "嗯",
        "对",
        "是的",
        "はい",
        "うん",
        "お願いします",
        "네",
        "예",
        "응",
        "좋아요",
        "sí",
        "si",
        "vale",
        "dale",
        "ja",
        "jawohl",
        "oui",
        "d'accord",
        "sim",
        "pode",
        "да",
        "давай",
        "ок",
        "ладно",
        "all",
        "both",
        "all of them",
        "option a",
        "option b",
        "option 1",
        "option 2",
        "the first one",
        "the second one",
        "first",
        "second",
    ];
    let mut found = 0;
    for o in &outcomes {
        let Some(e) = &o.epitome else { continue };
        found += 1;
        let norm: String = e
            .trim()
            .trim_matches(|c: char| !c.is_alphanumeric())
            .to_lowercase();
        let single = norm.chars().count() == 1
            && norm
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || ('а'..='я').contains(&c));
        let number = !norm.is_empty()
            && norm
                .chars()
                .all(|c| c.is_ascii_digit() || c == ' ' || c == ',');
        let bad = tokens.contains(&norm.as_str()) || single || number;
        // a held-out case is reported without its text
        assert!(
            !bad || o.is_held_out(),
            "{} ({}): a decision whose epitome is only {e:?}",
            o.id,
            o.set
        );
        assert!(
            !bad,
            "a held-out decision of the {} set has an answer token for its epitome",
            o.set
        );
    }
    println!("{found} decisions checked");
    assert!(found > 100);
}

/// Floors a little under what the held-out half measures (precision 0.891,
/// recall 0.734, since the 73 held-out turns of the Cursor, OpenCode,
/// Gemini and Cursor-agent inputs were labelled), so that a change that
/// loses ground fails. The targets (precision 0.90, recall 0.80) are
/// reported, not asserted: they are not met on this set.
const HELD_PRECISION: u32 = 885;
const HELD_RECALL: u32 = 725;

/// The fresh sets of `tests/eval/fresh` (see the README there): written
/// for the project after the rules above, scored as a whole. The
/// validation set is never read; its floors sit just under what it gave
/// when it was added, so that a change that costs it fails here.
#[test]
fn fresh_sets_hold_their_floors() {
    let mut read = |p: &Path| {
        memscribe_io::parse_path(p, &memscribe::eval::options()).map_err(|e| e.to_string())
    };
    for (dir, precision, recall, turns) in [
        ("development", 925, 800, 2046),
        ("validation", 880, 790, 609),
    ] {
        let outcomes =
            memscribe::eval::run_all(&root().join("tests/eval/fresh").join(dir), None, &mut read)
                .unwrap();
        let s = Scores::of(outcomes.iter());
        println!("fresh {dir}:\n{}", s.report());
        assert_eq!(s.turns, turns, "{dir}");
        assert!(
            s.precision_milli() >= precision,
            "{dir} precision {}",
            s.precision_milli()
        );
        assert!(
            s.recall_milli() >= recall,
            "{dir} recall {}",
            s.recall_milli()
        );
    }
}
