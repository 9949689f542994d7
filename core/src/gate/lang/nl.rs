//! Dutch.

use super::super::rules::{LASTS, NONE, SELECTION};
use super::super::Category::*;
use super::Lang;

pub(crate) const LANG: Lang = Lang {
    code: "nl",
    rules: &[
        (
            "dv.gebruiken",
            DecisionVerb,
            3,
            SELECTION,
            r"(?:^|\W)(?P<m>we\s+gebruiken|gebruik|we\s+gaan\s+(?:voor|met)|laten\s+we|we\s+kiezen\s+(?:voor\s+)?|kies\s+(?:voor\s+)?|we\s+stappen\s+over\s+op|stap\s+over\s+op)\s+(?:(?:de|het|een)\s+)?(?P<chosen>⟨TECH⟩)(?:\W|$)",
        ),
        (
            "ban.nooit",
            Ban,
            3,
            LASTS,
            r"(?:^|\W)(?P<m>(?:gebruik|push|commit|raak|verander|wijzig)\s+(?:\S+\s+){0,3}?nooit|nooit\s+(?:meer\s+)?(?:[\w-]+\s+){0,3}?(?:pushen|committen|gebruiken|aanraken|aanpassen|wijzigen|toevoegen|doen)|gebruik\s+geen)(?:\W|$)",
        ),
        (
            "mem.alle_zijn",
            Memory,
            3,
            NONE,
            r"(?:^|\W)alle\s+[\w-]+\s+(?:[\w\s-]{0,30}?\s)?(?P<m>(?:zijn|worden)\s+(?:altijd\s+)?(?:in|als|opgeslagen|geschreven|genoemd|bewaard))\s+(?:(?P<veto>orde|de\s+war|het\s+rood|rood|kapot)\b|\S)",
        ),
    ],
    cues: &[
        (
            "temporary",
            r"(?:^|\W)(?:voor\s+nu|voorlopig|tijdelijk)(?:\W|$)",
        ),
        (
            "reported",
            r"(?:^|\W)(?:mijn|onze)\s+(?:collega|baas|lead|cto|pm)\s+(?:zegt|denkt|wil|stelt\s+voor|vindt)",
        ),
    ],
    canon: &[],
    tags: &[],
};
