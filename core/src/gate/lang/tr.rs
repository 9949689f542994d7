//! Turkish.

use super::super::rules::{LASTS, NONE, SELECTION};
use super::super::Category::*;
use super::Lang;

pub(crate) const LANG: Lang = Lang {
    code: "tr",
    rules: &[
        (
            "mem.tum_olmali",
            Memory,
            3,
            NONE,
            r"(?:^|\W)(?:tüm|bütün|her)\s+[\w']+\s+[^.!?\n]{0,40}?\s(?P<m>olmal[ıi]|olsun|kullanmal[ıi])(?:\W|$)",
        ),
        (
            "dv.olsun",
            DecisionVerb,
            3,
            SELECTION,
            r"(?:^|\W)(?P<chosen>⟨TECH⟩)(?:\s+(?:ve|ile)\s+[\w.-]+(?:\s+[\w.-]+)?)*\s*(?:'?(?:[iıuü]|y[iıuü]|[dt][ae]|ile))?\s+(?P<m>olsun|kullanal[iı]m|kullanaca[gğ][iı]z|kullan[iı]yoruz|kullan|ile\s+yapal[iı]m|tercih\s+ediyoruz|se[cç]tik)(?:\s+(?P<veto>m[iıuü]))?(?:\W|$)",
        ),
        (
            "ban.asla",
            Ban,
            3,
            LASTS,
            r"(?:^|\W)(?P<m>asla|kesinlikle|hi[cç]bir\s+zaman)\s+(?:[\w'-]+\s+){0,4}?[\w'-]+(?:ma|me)(?:\W|$)",
        ),
    ],
    cues: &[(
        "temporary",
        r"(?:^|\W)(?:şimdilik|simdilik|geçici\s+olarak)(?:\W|$)",
    )],
    canon: &[],
    tags: &[],
};
