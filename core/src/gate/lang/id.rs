//! Indonesian.

use super::super::rules::{LASTS, SELECTION};
use super::super::Category::*;
use super::Lang;

pub(crate) const LANG: Lang = Lang {
    code: "id",
    rules: &[
        (
            "dv.pakai",
            DecisionVerb,
            3,
            SELECTION,
            r"(?:^|\W)(?P<m>pakai|pake|gunakan|kita\s+pakai|kita\s+pake|kita\s+gunakan|pilih)\s+(?P<chosen>⟨TECH⟩)(?:\W|$)",
        ),
        (
            "ban.jangan_pernah",
            Ban,
            3,
            LASTS,
            r"(?:^|\W)(?P<m>jangan\s+pernah|jangan\s+sekali-kali|dilarang)(?:\W|$)",
        ),
    ],
    cues: &[(
        "temporary",
        r"(?:^|\W)(?:untuk\s+sementara|sementara\s+ini|sementara|buat\s+sekarang)(?:\W|$)",
    )],
    canon: &[(
        r"^\s*(?:opsi|pilihan)\s+([A-Ea-e1-9])(?:\s+(?:aja|saja|deh|ya))?\W*$",
        "option $1",
    )],
    tags: &[],
};
