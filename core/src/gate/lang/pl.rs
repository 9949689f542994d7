//! Polish.

use super::super::rules::{LASTS, SELECTION};
use super::super::Category::*;
use super::Lang;

pub(crate) const LANG: Lang = Lang {
    code: "pl",
    rules: &[
        (
            "dv.uzywamy",
            DecisionVerb,
            3,
            SELECTION,
            r"(?:^|\W)(?P<m>używamy|użyjmy|użyj|idziemy\s+w|bierzemy|wybieramy|przechodzimy\s+na|zostajemy\s+przy)\s+(?P<chosen>⟨TECH⟩)(?:\W|$)",
        ),
        (
            "ban.nigdy",
            Ban,
            3,
            LASTS,
            r"(?:^|\W)(?P<m>nigdy\s+nie\s+(?:używaj|rób|commituj|pushuj|dodawaj|zmieniaj|ruszaj|dotykaj|wrzucaj|usuwaj)|nie\s+używaj\s+(?P<rejected>⟨TECH⟩))(?:\W|$)",
        ),
    ],
    cues: &[(
        "temporary",
        r"(?:^|\W)(?:na\s+razie|tymczasowo|póki\s+co)(?:\W|$)",
    )],
    canon: &[
        (
            r"^\s*(?:opcja\s+)?(?:jedynka|pierwsza|pierwszy|numer\s+1)\W*$",
            "option 1",
        ),
        (
            r"^\s*(?:opcja\s+)?(?:dwójka|druga|drugi|numer\s+2)\W*$",
            "option 2",
        ),
        (
            r"^\s*(?:opcja\s+)?(?:trójka|trzecia|trzeci|numer\s+3)\W*$",
            "option 3",
        ),
        (r"^\s*opcja\s+([A-Ea-e1-9])\W*$", "option $1"),
        (
            r"\b(?:mamy\s+)?(?:dwie|trzy|cztery)\s+(?:opcje|możliwości|warianty)\s*:",
            " options are:",
        ),
    ],
    tags: &[],
};
