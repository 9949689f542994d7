//! Italian.

use super::super::rules::{LASTS, NONE, SELECTION};
use super::super::Category::*;
use super::Lang;

pub(crate) const LANG: Lang = Lang {
    code: "it",
    rules: &[
        (
            "dv.usiamo",
            DecisionVerb,
            3,
            SELECTION,
            r"(?:^|\W)(?P<m>usiamo|useremo|utilizziamo|utilizzeremo|andiamo\s+(?:con|su)|scegliamo|passiamo\s+a|migriamo\s+(?:a|su)|meglio)\s+(?:(?:il|la|lo|l'|i|gli|le)\s*)?(?P<chosen>⟨TECH⟩)(?:\W|$)",
        ),
        (
            "ban.mai",
            Ban,
            3,
            LASTS,
            r"(?:^|\W)(?P<m>non\s+(?:usare|usate|usiamo|aggiungere|toccare|modificare|committare|pushare|fare)\s+mai|mai\s+(?:usare|fare|committare|pushare|toccare|modificare|aggiungere))(?:\W|$)",
        ),
        (
            "ban.non_usare",
            Ban,
            3,
            NONE,
            r"(?:^|\W)(?P<m>non\s+(?:usare|usate|usiamo|aggiungere)|niente)\s+(?:(?:il|la|lo|l'|i|gli|le)\s*)?(?P<rejected>⟨TECH⟩)(?:\W|$)",
        ),
        (
            "mem.sempre",
            Memory,
            3,
            NONE,
            r"(?:^|\W)(?:restituiscono|restituisce|ritornano|ritorna|usano|scriviamo|salviamo|salvano|teniamo|mettiamo|devono|deve|vanno|va|sono|[eè])\s+(?P<m>sempre)\s+(?:in|con|come|nel|nella|al|alla|[\w-]+\s+(?:in|con|come))\b",
        ),
    ],
    cues: &[
        (
            "temporary",
            r"(?:^|\W)per\s+(?:ora|adesso|il\s+momento)(?:\W|$)",
        ),
        (
            "reported",
            r"(?:^|\W)(?:il\s+mio|la\s+mia)\s+(?:collega|capo|lead|cto|pm)\s+(?:dice|pensa|propone|vuole|ha\s+detto)",
        ),
    ],
    canon: &[],
    tags: &[],
};
