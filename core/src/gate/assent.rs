//! Assent to an assistant's proposal: a person's "yes, do that", "option 2",
//! "ok let's do the Postgres approach" — a decision the person makes by
//! agreeing to what the assistant proposed. The rules are documented on
//! [`Gate::decide_assent`].

use super::check::find_check;
use super::proposal::{
    no_to_re, one_off_re, parse_proposal, ref_num_re, resolve_refs, sentence_start, yes_to_re,
    Proposal, ProposalItem,
};
use super::rules::HANDLE;
use super::words::{best_item, content_words, generic_work};
use super::{Analysis, Category, DecisionDraft, Gate};

lazy_re!(
    fact_re,
    r"(?:\bthat's\s+(?:exactly\s+)?(?:the|what|it|right|correct|the\s+one)\b.*\b(?:error|issue|problem|bug|file|output|message|line|stack|trace|log|see|saw|seeing|meant|mean|get|got|getting|one)\b|\b(?:it's|it\s+is|yep\s+it's)\s+(?:running|listening|on\s+port|on|at|in|set|there|installed|enabled|the\s+same)\b|\b(?:that|it)\s+(?:worked|works|fixed\s+it|did\s+it|helped)\b|\b(?:looks|look)\s+(?:good|great|fine|right|correct)\b|\b(?:thanks|thank\s+you|thx|ty)\b|\bthat's\s+what\s+i(?:'d)?\b)"
);

lazy_re!(
    bare_accept_re,
    r"^[\s*_>\x27\x22(\[-]*(?:yes|yeah|yep|yup|sure|ok|okay|alright|all\s+right|agreed|absolutely|definitely|lgtm|approved|👍|✅|sounds\s+(?:good|great|fine|right|perfect)|works\s+for\s+me|fine\s+by\s+me|let's\s+do\s+(?:it|that|this)|go\s+ahead|go\s+for\s+it|do\s+it|please\s+do|make\s+it\s+so)(?:[\s,.!;:—–-]+(?:please|pls|thanks|thank\s+you|then|go\s+ahead|do\s+it|do\s+that|let's\s+do\s+it|let's\s+go|sounds\s+good|go\s+for\s+it|yes|sure|ok|okay|definitely|absolutely|👍|✅))*[\s.!👍✅]*$"
);

lazy_re!(
    answer_only_re,
    r"^[\W_]*(?:(?:yes|yeah|yep|yup|ya|sure|ok|okay|k|alright|all\s+right|agreed|absolutely|definitely|please|pls|plz|then|so|go|ahead|with|for|do|it|implement|apply|execute|proceed|these|those|is|that|this|one|the|your|my|recommended|recommendation|option|approach|plan|choice|number|proposal|suggestion|variant|[a-e]|#?\d{1,2}|first|second|third|fourth|last|latter|former|1st|2nd|3rd|and|to|all|both|of|above|them|two|three|let's|lets|let\s+us|sounds|good|great|perfect|fine|cool|nice|makes\s+sense|works|thanks|thank\s+you|lgtm|i'd\s+say|i\s+say)(?:[\W_]+|$))+$"
);

lazy_re!(
    reject_clause_cjk_re,
    r"^\W*(?P<x>[^,.;!?，。]{1,40}?)\s*(?:(?:那个|那個|这个|這個)?(?:不要|不用)(?:了)?|(?:は|の方は)(?:いらない|いりません|なしで))(?:\W|\s|$)"
);

lazy_re!(
    wonder_re,
    r"^\W*(?:(?:so|and|hmm+|ok|bon|alors|pues|also|então|ну)\W+)?(?:i\s+wonder\s+(?:if|whether)|i'm\s+wondering\s+(?:if|whether)|je\s+me\s+demande\s+si|on\s+se\s+demande\s+si|me\s+pregunto\s+si|ich\s+frage\s+mich,?\s+ob|me\s+pergunto\s+se|fico\s+pensando\s+se)\b"
);

lazy_re!(
    reject_clause_re,
    r"^\W*(?P<x>(?:[^,.;!?]|\.[^\s.,;!?]){1,40}?)\s*,?\s*\b(?:is\s+out|no|nope|not\s+that\s+one|is\s+not\s+an\s+option|no\s+way)\W*$"
);

lazy_re!(
    lead_reject_re,
    r"^\W*(?:not|no|nope,?\s+not)\s+(?:option\s+|#)?(?P<x>[a-e]|\d)\W*$"
);

lazy_re!(
    split_pick_re,
    r"^\W*(?:(?:ok|okay|hmm+|so|then|let's\s+do|lets\s+do)\W+)?(?:option\s+|#)?(?P<a>[a-e]|\d)\s+(?:for|on|in)\s+(?:the\s+)?[\w\s./-]{2,30}?\s*(?:[,;/]|\band\b|\bbut\b)\s*(?:and\s+|but\s+)?(?:option\s+|#)?(?P<b>[a-e]|\d)\s+(?:for|on|in)\s+\S"
);

lazy_re!(
    lead_ref_re,
    r"^\s*(?:(?:ok|okay|yes|yeah|yep|sure|alright|fine)[,.!]?\s+)?(?:option\s+)?(?P<x>[a-e]|\d{1,2})(?:[.):]\s+\S|\s+(?:and|but|with|plus)\s+[a-z]{3,}|\s+(?:for\s+now|then|first|pls|please|tout\s+de\s+suite|d'abord|pour\s+l'instant|por\s+ahora|primero|de\s+momento|erstmal|zuerst|vorerst|пока|сначала)(?:[\s,.;!]|$)|\s+[\p{Han}\p{Hiragana}\p{Katakana}\p{Hangul}--[个個条條件つ名位人行天周分秒年月号號개명건줄]])"
);

lazy_re!(says_all_re, r"\b(?:all|both|everything|each\s+of\s+them)\b");

lazy_re!(
    wh_question_re,
    r"^\W*(?:(?:so|and|but|ok|okay|hmm+)\W+)*(?:why|how|what|when|where|who)\b"
);

lazy_re!(
    statement_re,
    r"\b(?:is|are|was|were)\s+not\b|\b(?:isn't|aren't|wasn't|weren't|doesn't|didn't|won't|can't|cannot)\b|\b(?:seems?|looks?)\s+(?:wrong|off|broken|weird)\b|\bnot\s+(?:working|running|loading|showing|found|responding|starting)\b|\b(?:fails?|failed|broke|broken|crash(?:es|ed)?)\b|\b(?:this|here)\s+is\s+(?:my|the|what)\b|\bhere's\s+(?:my|the)\b|\bi\s+(?:get|got|see|saw|am\s+getting|'m\s+getting)\b|\b(?:is|are)\s+(?:now\s+)?(?:as\s+you\s+(?:specif|sa[iy]|describ|suggest|show|list)\w*|done|ready|set\s+up|in\s+place|created|installed|configured)\b|\bi(?:'ve|\s+have)?\s+(?:created|set\s+up|installed|configured|updated|added|ran|done|edited|changed|fixed|removed|deleted|moved|renamed|tried|reverted|restarted|rebuilt|pushed|merged)\b|^\W*(?:(?:ok|okay|so|but)\W+)?you\s+(?:made|did|didn't|did\s+not|forgot|missed|broke|changed|removed|added|moved|put)\b|^\W*back\s+to\s+(?:it|this|that)\s+being\b"
);

lazy_re!(
    steps_re,
    r"\b(?:the|your|next|remaining|following|these|those)\s+steps\b|\bone\s+(?:step\s+)?at\s+a\s+time\b|\bstep\s+by\s+step\b"
);

/// Whether `markers` are assent alone: each one assent, a "please", or the
/// request verb of an assent itself ("implement" in "implement these to the
/// code"), with at least one assent. ("rename the column like you
/// suggested" restates the work: its request is its own.)
pub(crate) fn only_assent(markers: &[crate::Marker]) -> bool {
    markers.iter().any(|m| m.category == Category::Confirmation)
        && assent_alone(markers, |m| {
            let polite = super::rules::roles_of(&m.rule_id) & super::rules::POLITE != 0;
            (
                m.category,
                polite,
                m.offset,
                m.offset + m.matched_text.len(),
            )
        })
}

/// The test behind [`only_assent`], for markers and for the scorer's hits
/// alike: `view` gives each one's category, whether it is a "please", and
/// its byte span. Every one is an assent, a "please", or a request whose
/// verb lies inside an assent.
pub(crate) fn assent_alone<T>(
    items: &[T],
    view: impl Fn(&T) -> (Category, bool, usize, usize),
) -> bool {
    let inside_assent = |at: usize| {
        items
            .iter()
            .map(&view)
            .any(|(c, _, s, e)| c == Category::Confirmation && at >= s && at < e)
    };
    items.iter().map(&view).all(|(c, polite, start, _)| {
        c == Category::Confirmation
            || polite
            || (c == Category::ActionRequest && inside_assent(start))
    })
}

/// True when `sentence` is only an answer token — "yes", "ok", "B", "2",
/// "option 2", "the second one", "yes to #1 and #3", "implement these",
/// "选B", "はい" — and
/// says nothing of what was decided.
pub(crate) fn is_answer_only(sentence: &str) -> bool {
    let canon = super::lang::canonical(sentence);
    let t = canon.trim();
    !t.is_empty() && t.len() <= 120 && (answer_only_re().is_match(t) || tokens_only(t))
}

/// The words of an answer in any language that say only "yes", "ok",
/// "that one" or "number …" around a reference: acknowledgements,
/// articles, counters and particles ("好 2", "네 2번", "はい、2で", "就2吧",
/// "باشه 2", "ठीक है 2", "la 2"), peeled off a token longest first.
const ANSWER_TOKENS: &[&str] = &[
    // Chinese
    "好的",
    "那就",
    "这个",
    "這個",
    "选项",
    "選項",
    "方案",
    "可以",
    "是的",
    "好",
    "行",
    "嗯",
    "对",
    "對",
    "是",
    "就",
    "吧",
    "选",
    "選",
    "走",
    "用",
    "第",
    "个",
    "個",
    "种",
    "種",
    "那",
    "来",
    "來",
    "啊",
    "呀",
    "号",
    "號",
    "的",
    // Japanese
    "お願いします",
    "おねがいします",
    "お願い",
    "いこう",
    "行こう",
    "じゃあ",
    "はい",
    "うん",
    "ええ",
    "それ",
    "これ",
    "了解",
    "では",
    "番",
    "案",
    "目",
    "で",
    "を",
    "の",
    "ね",
    "よ",
    // Korean
    "해주세요",
    "할게요",
    "갈게요",
    "좋아요",
    "그걸로",
    "이걸로",
    "번으로",
    "으로",
    "이요",
    "해줘",
    "좋아",
    "가자",
    "옵션",
    "네",
    "예",
    "응",
    "번",
    "로",
    "요",
    // Persian, Arabic
    "موافقم",
    "قبوله",
    "بهتره",
    "گزینه",
    "باشه",
    "اوکی",
    "حسنا",
    "خوب",
    "بله",
    "آره",
    "نعم",
    "تمام",
    "اول",
    "دوم",
    "سوم",
    "لطفاً",
    "لطفا",
    "بیا",
    "بریم",
    "رو",
    // Hindi
    "विकल्प",
    "ठीक",
    "हाँ",
    "हां",
    "ओके",
    "है",
    // articles and "number" before a reference in the Latin and Cyrillic
    // languages the rewrites leave as they are
    "número",
    "numero",
    "nummer",
    "номер",
    "вариант",
    "vamos",
    "la",
    "le",
    "el",
    "lo",
    "os",
    "die",
    "der",
    "das",
    "com",
    "con",
    "avec",
    "mit",
    "да",
    "ок",
    // "and" between references ("A und C", "1 et 3", "A和C", "1と3")
    "und",
    "et",
    "и",
    "和",
    "跟",
    "と",
    "이랑",
    "하고",
    "랑",
];

/// Whether every token of `t` peels down to nothing but reference marks
/// (digits, one letter) and [`ANSWER_TOKENS`], with one digit or letter at
/// least.
fn tokens_only(t: &str) -> bool {
    let mut refs = 0;
    let all = t
        .split(|c: char| {
            c.is_whitespace()
                || (c.is_ascii_punctuation() && c != '#')
                || "、，。！？：".contains(c)
        })
        .filter(|w| !w.is_empty())
        .all(|w| {
            let w = w.trim_start_matches('#');
            if w.len() == 1 && w.bytes().all(|b| b.is_ascii_alphabetic()) {
                refs += 1;
                return true;
            }
            // ("yes", "option": the English answer words)
            if !w.bytes().any(|b| b.is_ascii_digit()) && answer_only_re().is_match(w) {
                return true;
            }
            let mut rest = w;
            while !rest.is_empty() {
                let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
                if digits > 0 {
                    refs += 1;
                    rest = &rest[digits..];
                    continue;
                }
                let lower = rest.to_lowercase();
                match ANSWER_TOKENS
                    .iter()
                    .filter(|k| lower.starts_with(**k))
                    .max_by_key(|k| k.len())
                {
                    // (lowercasing keeps these tokens' byte lengths)
                    Some(k) if rest.is_char_boundary(k.len()) => rest = &rest[k.len()..],
                    _ => return false,
                }
            }
            true
        });
    all && refs > 0
}

pub(crate) fn decide_assent(gate: &Gate, person: &str, assistant: &str) -> Option<DecisionDraft> {
    let a = gate.analyze(person);
    let own = gate.decide_analysis(&a);
    if let Some(d) = &own {
        if !is_answer_only(&d.epitome) {
            return decide_assent_analysis(gate, &a, own, assistant, false);
        }
    }
    decide_answer(gate, &a, own, assistant)
}

/// How long a turn may be and still be read as an answer.
const SHORT: usize = 200;

/// A person's answer to the assistant's message, read through the language
/// tables' rewrites ("选B" → "option B", "はい" → "yes"; the assistant's
/// option headings likewise) when the answer is not plain ASCII.
pub(crate) fn decide_answer(
    gate: &Gate,
    a: &Analysis<'_>,
    own: Option<DecisionDraft>,
    assistant: &str,
) -> Option<DecisionDraft> {
    // answers are short: a long turn is read as written
    let canon = if a.text.len() <= SHORT {
        super::lang::canonical(a.text)
    } else {
        std::borrow::Cow::Borrowed(a.text)
    };
    match canon {
        std::borrow::Cow::Borrowed(_) => decide_assent_analysis(gate, a, own, assistant, false),
        std::borrow::Cow::Owned(c) => {
            let a2 = gate.analyze(&c);
            let own = gate.decide_analysis(&a2);
            decide_assent_analysis(gate, &a2, own, assistant, true)
        }
    }
}

/// The alternatives the assistant laid out: its option items, or else a
/// trade-off its own words make ("I'd replace the polling loop with inotify").
fn alternatives(gate: &Gate, assistant: &str, parsed: &Proposal) -> Option<Proposal> {
    if parsed.items.len() >= 2 {
        return lays_out_choices(assistant).then(|| parsed.clone());
    }
    // (nor when its options were ways to go on with the talk: "keep going
    // with new ideas" is no trade-off)
    if parsed.about_the_talk || super::proposal::is_plan_for_consent(assistant) {
        return None;
    }
    // (the trade-off is what the message ends on, its offer: a long
    // message's explanations before it — "instead of writing …, you can
    // merge them" — lay out nothing to pick)
    let offer = offer_end(proposal_tail(assistant));
    // (a trade-off is offered: the message ends asking, or recommending;
    // a diff or a report that happens to hold "X instead of Y" offers
    // nothing)
    if !offer.contains(['?', '？']) && !super::proposal::recommends(offer) {
        return None;
    }
    // ("Should I switch the ORM to Drizzle instead of keeping Prisma?": a
    // trade-off offered as a question, read without its asking words)
    // (the whole offer's reading first; when it names no side given up —
    // "I'd suggest moving it to a job" before "Should I switch to the job
    // instead of inline resizing?" — the question's own)
    let trade_off =
        |d: &DecisionDraft| d.options.iter().any(|o| o.1) && d.options.iter().any(|o| !o.1);
    let d = gate
        .decide_analysis(&gate.analyze(offer))
        .filter(trade_off)
        .or_else(|| {
            let q = last_question(offer).trim();
            let asks = offer_question_re().find(q)?;
            let change = q[asks.end()..].trim_end_matches(['?', '？', ' ']);
            gate.decide_analysis(&gate.analyze(change))
                .filter(trade_off)
        })?;
    let chosen = d.options.iter().position(|o| o.1)?;
    let items = d
        .options
        .iter()
        .map(|(label, _)| ProposalItem::named(label.clone()))
        .collect();
    Some(Proposal {
        items,
        recommended: Some(chosen),
        is_plan: true,
        one_off: false,
        offered: false,
        about_the_talk: false,
    })
}

lazy_re!(
    work_question_re,
    r"(?:\b(?:which|what)\s+(?:(?:one|ones|task|tasks|item|items|issue|issues|finding|findings|bug|bugs|part|parts|of\s+(?:these|them|those))\s+)?(?:should\s+(?:i|we)|shall\s+(?:i|we)|do\s+you\s+want\s+(?:me\s+)?to|would\s+you\s+like\s+(?:me\s+)?to|to)\s+(?:tackle|work\s+on|fix|address|handle|start\s+with|do\s+(?:first|next)|implement\s+(?:first|next)|pick\s+up|look\s+at\s+(?:first|next))\b|quelle\s+t[aâ]che|quelles\s+t[aâ]ches|qu[ée]\s+tarea|cu[aá]l\s+tarea|qual\s+tarefa|welche\s+aufgabe|какую\s+задачу|какие\s+задачи|哪个任务|哪個任務|先做哪|どのタスク|어떤\s*작업)"
);

lazy_re!(
    intent_question_re,
    r"\b(?:what\s+are\s+you\s+trying\s+to|what\s+(?:exactly\s+)?do\s+you\s+want\s+to\s+(?:do|achieve)|what\s+would\s+you\s+like\s+(?:me\s+)?to\s+do|what\s+(?:is|was)\s+your\s+goal)"
);

/// Whether the assistant's message lays its items out as choices to pick
/// from: not when its question asks which of the work to do ("Which task
/// do you want to tackle?", "Quelle tâche veux-tu attaquer ?") or what the
/// person is after ("What are you trying to do specifically?"): a pick
/// there is consent to work, or an answer about the person's aim.
fn lays_out_choices(assistant: &str) -> bool {
    let tail = proposal_tail(assistant);
    let end = &tail[super::text::prefix_at_boundary_rev(tail, 1500)..];
    // (every question of the message's end: the items may be questions too)
    !end.split_terminator(['.', '!', '\n'])
        .filter(|s| s.contains(['?', '？']))
        .any(|q| work_question_re().is_match(q) || intent_question_re().is_match(q))
}

/// As [`decide_assent`], on a person's turn already analysed (`own`:
/// the turn's own decision, `gate.decide_analysis(a)`).
///
/// When the turn has no decision of its own (or only an answer token), it
/// must pick among alternatives the assistant laid out: at least two
/// options, or a trade-off; a "yes" to a single offer or to a list of next
/// steps, an answer that matches no option, and "all of them" are not
/// decisions. The node then carries the chosen option's words (its epitome
/// when the answer itself says nothing more) and the others as rejected.
pub(crate) fn decide_assent_analysis(
    gate: &Gate,
    a: &Analysis<'_>,
    own: Option<DecisionDraft>,
    assistant: &str,
    rewritten: bool,
) -> Option<DecisionDraft> {
    let person = a.text;
    // (an own decision made of assent alone, "yes, proceed", says nothing
    // of what was chosen: it must pick among the alternatives like a bare
    // answer)
    // (nor does one whose options only point, "now this one")
    let own = own.filter(|d| {
        !is_answer_only(&d.epitome)
            && !(d.options.is_empty() && only_assent(&d.markers))
            && !(!d.options.is_empty() && d.options.iter().all(|o| only_points(&o.0)))
    });
    // Markers first, cues (a regex set per sentence) only where one fired.
    let has_handle = a
        .sents
        .iter()
        .any(|s| s.hits.iter().any(|h| gate.has_role(h, HANDLE)) && !s.cues().cancels_all());
    let conf_idx = a.sents.iter().position(|s| {
        s.hits
            .iter()
            .any(|h| gate.category(h) == Category::Confirmation || gate.has_role(h, HANDLE))
            && !s.cues().cancels_all()
    });
    if own.is_none() && conf_idx.is_none() {
        return None; // nothing confirms: the proposal need not be read
    }
    if a.sents.first()?.cues().question {
        return None;
    }
    // The proposal is parsed only once the person's side can confirm.
    let parsed = std::cell::OnceCell::new();
    let proposal = || parsed.get_or_init(|| read_proposal(proposal_tail(assistant), rewritten));

    let mut draft = match own {
        Some(d) => d,
        None => {
            let ci = conf_idx?;
            let s = &a.sents[ci];
            let st = &person[s.s.start..s.s.end];
            if !has_handle {
                let whole = a
                    .sents
                    .iter()
                    .map(|x| &person[x.s.start..x.s.end])
                    .collect::<Vec<_>>()
                    .join(" ");
                // "agreed, zustand", "3 makes sense": an acknowledgement
                // with the pick named counts like a bare one
                let accepts = bare_accept_re().is_match(st)
                    || (st.trim().chars().count() <= SHORT_PICK
                        && named_pick(st, &proposal().items).is_some());
                // ("ok. let's take the next steps one at a time": consent
                // to a list of steps)
                if fact_re().is_match(&whole)
                    || steps_re().is_match(&whole)
                    || one_off_re().is_match(st)
                    || !accepts
                    || !proposal().is_plan
                    || proposal().one_off
                {
                    return None;
                }
            }
            // "ok. what's the naming convention again?": an acknowledgement
            // before a question picks nothing
            if bare_accept_re().is_match(st) && a.sents[ci + 1..].iter().any(|x| x.cues().question)
            {
                return None;
            }
            let p = alternatives(gate, assistant, proposal())?;
            // "ok. now make the site fully functional": an acknowledgement
            // before a new request picks nothing, unless it names an option
            if bare_accept_re().is_match(st)
                && a.sents[ci + 1..].iter().any(|x| {
                    x.hits
                        .iter()
                        .any(|h| gate.category(h) == Category::ActionRequest)
                })
            {
                let rest = a.sents[ci + 1..]
                    .iter()
                    .map(|x| &person[x.s.start..x.s.end])
                    .collect::<Vec<_>>()
                    .join(" ");
                if answer_refs(&rest, &p.items).is_empty() && yes_to_re().find(&rest).is_none() {
                    return None;
                }
            }
            let prose = a
                .sents
                .iter()
                .map(|x| &person[x.s.start..x.s.end])
                .collect::<Vec<_>>()
                .join(" ");
            // ("(1). everything stored in UTC": a sentence that is only a
            // reference picks, whatever the words after it say of "all")
            let answered = a
                .sents
                .iter()
                .any(|x| reference_only(&person[x.s.start..x.s.end], &p.items).is_some());
            let picked: Vec<usize> = if says_all_re().is_match(&prose) && !answered {
                // "yes to all": no choice among them, unless "both" was
                // one of them ("A, B, or both")
                all_of_them(&p.items)?
            } else {
                let chosen = resolve_choice(a, person, &p);
                let rejected_refs: Vec<usize> = no_to_re()
                    .captures_iter(person)
                    .flat_map(|c| {
                        resolve_refs(c.name("x").map(|m| m.as_str()).unwrap_or(""), &p.items)
                    })
                    .collect();
                let picked: Vec<usize> = chosen
                    .into_iter()
                    .filter(|i| !rejected_refs.contains(i))
                    .collect();
                if picked.is_empty() || picked.len() >= p.items.len() {
                    return None;
                }
                picked
            };
            // the chosen options' words, unless the answer says more itself
            let mut draft = pick_draft(gate, a, &p, &picked);
            draft.epitome_offset = s.s.start;
            if !is_answer_only(st) {
                draft.epitome = st.to_string();
            }
            return Some(draft);
        }
    };

    let proposal = proposal();
    // an assent of its own words ("the current approach you've proposed is
    // good", "继续第二部分") with nothing laid out to pick from is consent
    // to the work
    if only_assent(&draft.markers)
        && proposal.items.len() < 2
        && alternatives(gate, assistant, proposal).is_none()
    {
        return None;
    }
    if !proposal.items.is_empty() {
        let chosen = resolve_choice(a, person, proposal);
        // keep the person's own options when they name alternatives of their
        // own and none of the proposal's items is picked
        let own_alternatives = draft.options.iter().any(|o| !o.1);
        if chosen.is_empty() && own_alternatives {
            return Some(finish_check(gate, a, draft));
        }
        let rejected_refs: Vec<usize> = no_to_re()
            .captures_iter(person)
            .flat_map(|c| {
                resolve_refs(
                    c.name("x").map(|m| m.as_str()).unwrap_or(""),
                    &proposal.items,
                )
            })
            .collect();
        draft.options = proposal
            .items
            .iter()
            .enumerate()
            .map(|(i, it)| {
                (
                    it.label.clone(),
                    chosen.contains(&i) && !rejected_refs.contains(&i),
                )
            })
            .collect();
    }
    Some(finish_check(gate, a, draft))
}

/// The turn's own decision `own` ("recoil로 가요" to "Redux와 Recoil 중에"),
/// with the options of the assistant's message when it chose one of them
/// and named no rejected one itself: the others become its rejected
/// options. Otherwise `own` as it is.
pub(crate) fn own_pick_among(
    gate: &Gate,
    a: &Analysis<'_>,
    own: Option<DecisionDraft>,
    assistant: &str,
) -> Option<DecisionDraft> {
    let d = own.as_ref()?;
    // (a turn that turns something down and then picks one of the options
    // — "no aws account here so not s3. between the other two... minio" —
    // decides that pick)
    if !d.options.iter().any(|o| o.1) {
        return decide_narrowing(gate, a, assistant)
            .filter(|x| x.options.iter().any(|o| o.1))
            .or(own);
    }
    if d.options.iter().any(|o| !o.1) {
        return own;
    }
    let own_chosen: Vec<String> = d.options.iter().map(|o| o.0.to_lowercase()).collect();
    let names_an_option = |x: &DecisionDraft| {
        x.options.iter().any(|o| !o.1)
            && x.options.iter().any(|o| {
                let l = o.0.to_lowercase();
                o.1 && own_chosen
                    .iter()
                    .any(|c| l.contains(c.as_str()) || c.contains(l.as_str()))
            })
    };
    // (or the option named by the words of its line, "expo." for "React
    // Native (Expo)")
    decide_assent_analysis(gate, a, own.clone(), assistant, false)
        .filter(names_an_option)
        .or_else(|| decide_lead(gate, a, assistant).filter(|x| x.options.iter().any(|o| !o.1)))
        .or(own)
}

fn finish_check(gate: &Gate, a: &Analysis, mut draft: DecisionDraft) -> DecisionDraft {
    if draft.check.is_none() {
        draft.check = find_check(a, 0).or_else(|| {
            let chosen_label = draft.options.iter().find(|o| o.1).map(|o| o.0.clone())?;
            let probe = format!("`{}`", chosen_label);
            let an = gate.analyze(&probe);
            if an.sents.is_empty() {
                return None;
            }
            find_check(&an, 0).map(|_| chosen_label)
        });
    }
    draft
}

/// An option's words that only point at something ("this one", "that",
/// "these ones"), naming nothing.
fn only_points(label: &str) -> bool {
    let l = label
        .trim()
        .trim_matches(|c: char| !c.is_alphanumeric())
        .to_ascii_lowercase();
    matches!(
        l.as_str(),
        "this"
            | "that"
            | "these"
            | "those"
            | "it"
            | "this one"
            | "that one"
            | "these ones"
            | "those ones"
            | "the one"
            | "this 1"
            | "that 1"
    )
}

/// How long an acknowledgement that names its pick ("agreed, zustand") may be.
const SHORT_PICK: usize = 48;

lazy_re!(
    lead_ack_re,
    r"^[\W_]*(?:yes|yeah|yep|ok|okay|sure|agreed|alright|fine|cool|right)\b[\s,.!:;—–-]*"
);

/// The one item a short acknowledgement names: "agreed, zustand" (every
/// word after the acknowledgement is in that item's name or line, and in
/// no other one's), "3 makes sense" (a reference).
fn named_pick(st: &str, items: &[ProposalItem]) -> Option<usize> {
    if items.len() < 2 {
        return None;
    }
    let rest = &st[lead_ack_re().find(st).map_or(0, |m| m.end())..];
    if is_answer_only(rest) {
        let refs = answer_refs(rest, items);
        return (refs.len() == 1).then(|| refs[0]);
    }
    let words = content_words(rest);
    if words.is_empty() || words.len() > 4 {
        return None;
    }
    let names = |i: usize| {
        let mut iw = content_words(&items[i].label);
        iw.extend(content_words(&items[i].full));
        words.iter().all(|w| {
            iw.contains(w)
                || long_form(w).is_some_and(|l| l.iter().any(|x| iw.iter().any(|y| y == x)))
        })
    };
    let mut hits = (0..items.len()).filter(|&i| names(i));
    let first = hits.next()?;
    hits.next().is_none().then_some(first)
}

/// The items the person picks ([`explicit_choice`]), or else the one the
/// assistant recommended.
fn resolve_choice(a: &Analysis, person: &str, proposal: &Proposal) -> Vec<usize> {
    let picked = explicit_choice(a, person, proposal);
    if picked.is_empty() {
        proposal.recommended.into_iter().collect()
    } else {
        picked
    }
}

/// The items the person's words pick: "yes to #1 and #3", a reference
/// ("B", "the second one"), or an option's name ("the Postgres approach").
fn explicit_choice(a: &Analysis, person: &str, proposal: &Proposal) -> Vec<usize> {
    let prose: Vec<&str> = a
        .sents
        .iter()
        .filter(|s| !s.cues().question)
        .map(|s| &person[s.s.start..s.s.end])
        .collect();
    let joined = prose.join(" ");
    // "yes to #1 and #3"
    let mut yes: Vec<usize> = yes_to_re()
        .captures_iter(&joined)
        .flat_map(|c| {
            let x = c.name("x").map(|m| m.as_str()).unwrap_or("");
            let mut v = resolve_refs(x, &proposal.items);
            for m in ref_num_re().captures_iter(x) {
                if let Some(n) = m.name("n").and_then(|n| n.as_str().parse::<usize>().ok()) {
                    if n >= 1 && n <= proposal.items.len() && !v.contains(&(n - 1)) {
                        v.push(n - 1);
                    }
                }
            }
            v
        })
        .collect();
    if !yes.is_empty() {
        yes.sort();
        yes.dedup();
        return yes;
    }
    // a sentence that is only a reference ("A. replays depend on it")
    if let Some(refs) = prose
        .iter()
        .find_map(|x| reference_only(x, &proposal.items))
    {
        return refs;
    }
    // explicit references, ignoring those after "no to"
    let cleaned = no_to_re().replace_all(&joined, " ");
    let refs = answer_refs(&cleaned, &proposal.items);
    if !refs.is_empty() {
        return refs;
    }
    // by name: "the Postgres approach"
    let labels: Vec<String> = proposal.items.iter().map(|x| x.label.clone()).collect();
    let pw = content_words(&cleaned);
    if !pw.is_empty() {
        if let Some(i) = best_item(&cleaned, &labels) {
            return vec![i];
        }
        let fulls: Vec<String> = proposal.items.iter().map(|x| x.full.clone()).collect();
        if let Some(i) = best_item(&cleaned, &fulls) {
            return vec![i];
        }
        // a name with a particle or an ending ("recoil로"), a short name
        if let Some(i) = best_item_any(&cleaned, &labels) {
            return vec![i];
        }
    }
    Vec::new()
}

/// The items a sentence that is only a reference picks ("A.", "(1).",
/// "2 and 3"), when it picks some but not all of them and does not say
/// "all".
fn reference_only(x: &str, items: &[ProposalItem]) -> Option<Vec<usize>> {
    if !is_answer_only(x) || says_all_re().is_match(x) {
        return None;
    }
    let refs = answer_refs(x, items);
    (!refs.is_empty() && refs.len() < items.len()).then_some(refs)
}

/// The items `s` refers to: ordinals, "option 2", "#2", and — when `s` is
/// only an answer ("1 and 3", "2, 4", "b") — every bare number or letter in it.
fn answer_refs(s: &str, items: &[ProposalItem]) -> Vec<usize> {
    let mut refs = resolve_refs(s, items);
    // "the first two", "first 3", "last two"
    let lower = s.to_ascii_lowercase();
    for (word, n) in [("two", 2usize), ("2", 2), ("three", 3), ("3", 3)] {
        if lower.contains(&format!("first {word}")) {
            refs = (0..n.min(items.len())).collect();
        } else if lower.contains(&format!("last {word}")) {
            refs = (items.len().saturating_sub(n)..items.len()).collect();
        }
    }
    if is_answer_only(s) {
        let words: Vec<&str> = s
            .split(|c: char| !c.is_ascii_alphanumeric())
            .filter(|w| !w.is_empty())
            .collect();
        for (k, &w) in words.iter().enumerate() {
            // ("vamos com a 2", "o 3": an article before a number, no letter)
            if matches!(w, "a" | "o" | "e" | "y")
                && words
                    .get(k + 1)
                    .is_some_and(|n| n.bytes().all(|b| b.is_ascii_digit()))
            {
                continue;
            }
            let i = match w.parse::<usize>() {
                Ok(n) => items
                    .iter()
                    .position(|it| it.number == Some(n as u32))
                    .or_else(|| {
                        (n >= 1 && n <= items.len() && items.iter().all(|it| it.number.is_none()))
                            .then(|| n - 1)
                    }),
                Err(_) if w.len() == 1 => {
                    let l = w.chars().next().map(|c| c.to_ascii_lowercase());
                    items
                        .iter()
                        .position(|it| it.letter.is_some() && it.letter == l)
                        .or_else(|| {
                            // unlettered items named A, B, … in order ("**A. SSR**")
                            let k = (l? as u32).checked_sub('a' as u32)? as usize;
                            (items.iter().all(|it| it.letter.is_none()) && k < items.len() && k < 5)
                                .then_some(k)
                        })
                }
                Err(_) => None,
            };
            if let Some(i) = i.filter(|i| !refs.contains(i)) {
                refs.push(i);
            }
        }
        refs.sort_unstable();
    }
    refs
}

/// The assistant's proposal, read through the language rewrites unless it
/// and the person's answer (`rewritten`: the answer needed rewriting) are
/// plain English.
/// (An ASCII message in another language — "YAML oder TOML?", "Express ou
/// Fastify?" — is read through the rewrites when it gives no alternatives as
/// written.)
fn read_proposal(assistant: &str, rewritten: bool) -> Proposal {
    if assistant.is_ascii() && !rewritten {
        let p = parse_proposal(assistant);
        if p.items.len() >= 2 {
            return p;
        }
        match super::lang::canonical(assistant) {
            std::borrow::Cow::Owned(c) => parse_proposal(&c),
            std::borrow::Cow::Borrowed(_) => p,
        }
    } else {
        parse_proposal(&super::lang::canonical(assistant))
    }
}

lazy_re!(
    later_option_head_re,
    r"(?mi)^[\s#*_>]*(?:option|approach)\s+(?:[2-9]|[b-f])\b"
);

lazy_re!(
    first_option_head_re,
    r"(?mi)^[\s#*_>]*(?:option|approach)\s+(?:1|a)\b"
);

/// Where the tail cut at `line` must start instead when it holds the
/// later of the message's option headings ("## Option 3: …") but not the
/// first: at the first one's line, when that is at most 24 KB earlier (the
/// person's "option 2" is one of them).
fn back_to_the_first_option(assistant: &str, line: usize) -> usize {
    const BACK: usize = 24_000;
    let tail = &assistant[line..];
    if memchr::memmem::find(tail.as_bytes(), b"ption ").is_none()
        || !later_option_head_re().is_match(tail)
        || first_option_head_re().is_match(tail)
    {
        return line;
    }
    let from = super::text::prefix_at_boundary_rev(&assistant[..line], BACK);
    first_option_head_re()
        .find_iter(&assistant[from..line])
        .last()
        .map_or(line, |m| {
            let at = from + m.start();
            assistant[..at].rfind('\n').map_or(0, |n| n + 1).max(from)
        })
}

/// The last lines of a message, from a line start, about [`OFFER_END`]
/// bytes: where an offer of a trade-off stands.
fn offer_end(tail: &str) -> &str {
    if tail.len() <= OFFER_END {
        return tail;
    }
    let from = super::text::prefix_at_boundary_rev(tail, OFFER_END);
    tail[from..]
        .find('\n')
        .map_or(&tail[from..], |n| &tail[from + n + 1..])
}

/// How far back from a message's end a trade-off it offers is read.
const OFFER_END: usize = 800;

/// The end of the assistant's message, where its options and question are
/// (the whole message when it is short), from a line start.
fn proposal_tail(assistant: &str) -> &str {
    const TAIL: usize = 6000;
    if assistant.len() <= TAIL {
        return assistant;
    }
    let from = super::text::prefix_at_boundary_rev(assistant, TAIL);
    let line = assistant[from..].find('\n').map_or(from, |n| from + n + 1);
    let line = back_to_the_first_option(assistant, line);
    // a cut inside a fenced block starts after the fence closes (read from
    // inside, the block's lines, a diff's `+ …`, would be list items)
    let is_fence = super::proposal::is_fence;
    if assistant[..line].lines().filter(|l| is_fence(l)).count() % 2 == 1 {
        let mut at = line;
        for l in assistant[line..].split_inclusive('\n') {
            at += l.len();
            if is_fence(l) {
                return &assistant[at..];
            }
        }
        return "";
    }
    &assistant[line..]
}

/// The clauses of a turn (split at `, ; . ! ?`, their full-width forms and
/// line breaks), trimmed, in order.
/// (A `.` inside a name — `Fly.io`, `next.js` — does not end a clause.)
fn clauses(text: &str) -> impl Iterator<Item = &str> {
    let b = text.as_bytes();
    let mut cuts = Vec::new();
    for (i, c) in text.char_indices() {
        let cut = match c {
            ',' | ';' | '!' | '?' | '\n' | '，' | '；' | '。' | '！' | '？' | '、' | '—' => {
                true
            }
            // "2 but keep the old endpoint"
            ' ' if [" but ", " pero ", " mais ", " aber ", " mas ", " но "]
                .iter()
                .any(|w| text[i..].starts_with(w)) =>
            {
                true
            }
            '.' => b.get(i + 1).is_none_or(|n| n.is_ascii_whitespace()),
            _ => false,
        };
        if cut {
            cuts.push((i, i + c.len_utf8()));
        }
    }
    let mut start = 0;
    let mut out = Vec::with_capacity(cuts.len() + 1);
    for (s, e) in cuts {
        out.push(&text[start..s]);
        start = e;
    }
    out.push(&text[start..]);
    out.into_iter().map(str::trim).filter(|c| !c.is_empty())
}

/// The unique item whose label shares the most with `probe`: content words
/// for spaced scripts, and pairs of adjacent characters for Chinese,
/// Japanese and Korean, which have no spaces to split on.
fn best_item_any(probe: &str, labels: &[String]) -> Option<usize> {
    if let Some(i) = best_item(probe, labels) {
        return Some(i);
    }
    // names written as parts of longer ones: "Intl" of `Intl.NumberFormat`
    let parts = |s: &str| -> Vec<String> { word_parts(s).filter(|w| w.len() >= 2).collect() };
    let label_parts: Vec<Vec<String>> = labels.iter().map(|l| parts(l)).collect();
    // the unique label with the most parts that `hit` accepts
    let best_by = |hit: &dyn Fn(&str) -> bool| -> Option<usize> {
        let counts: Vec<usize> = label_parts
            .iter()
            .map(|ps| ps.iter().filter(|w| hit(w)).count())
            .collect();
        unique_best(&counts)
    };
    // (function words name nothing: "RQ is enough for us")
    let probe_parts: Vec<String> = parts(probe)
        .into_iter()
        .filter(|w| w.is_ascii() && !super::words::function_word(w))
        .collect();
    if let Some(i) = best_by(&|w| probe_parts.iter().any(|p| p == w)) {
        return Some(i);
    }
    // a name written short: "nest" for `NestJS`, "postgres" for "PostgreSQL"
    let long_probe: Vec<&String> = probe_parts
        .iter()
        .filter(|w| w.chars().count() >= 4)
        .collect();
    if let Some(i) = best_by(&|w| {
        long_probe
            .iter()
            .any(|p| w.len() > p.len() && w.starts_with(p.as_str()))
    }) {
        return Some(i);
    }
    // a name's usual short form: "wandb" for "Weights & Biases", "k8s"
    // for "Kubernetes"
    let spelled: Vec<&str> = probe_parts
        .iter()
        .filter_map(|p| long_form(p))
        .flat_map(|long| long.iter().copied())
        .collect();
    if !spelled.is_empty() {
        if let Some(i) = best_by(&|w| spelled.contains(&w)) {
            return Some(i);
        }
    }
    // inflected forms share a stem: "адаптеры" / "адаптера", "Adapter" / "Adaptern"
    let every_part = parts(probe);
    if let Some(i) = best_by(&|w| every_part.iter().any(|p| same_stem(p, w))) {
        return Some(i);
    }
    let chars: Vec<char> = probe.chars().filter(|c| super::text::is_cjk(*c)).collect();
    if chars.len() < 2 {
        return None;
    }
    let pairs: Vec<String> = chars.windows(2).map(|w| w.iter().collect()).collect();
    let scores: Vec<usize> = labels
        .iter()
        .map(|l| pairs.iter().filter(|p| l.contains(p.as_str())).count())
        .collect();
    unique_best(&scores)
}

/// Short forms people write for names an assistant spells out, with the
/// long form's words (lower case).
const SHORT_NAMES: &[(&str, &[&str])] = &[
    ("wandb", &["weights", "biases"]),
    ("w", &["weights", "biases"]),
    ("k8s", &["kubernetes"]),
    ("pg", &["postgres", "postgresql"]),
    ("gha", &["github", "actions"]),
    ("tf", &["terraform"]),
    ("rn", &["react", "native"]),
    ("ts", &["typescript"]),
    ("js", &["javascript"]),
    ("py", &["python"]),
    ("gcp", &["google", "cloud"]),
    ("es", &["elasticsearch"]),
    ("sb", &["storybook", "supabase"]),
    ("rmq", &["rabbitmq"]),
    ("mq", &["rabbitmq"]),
    ("ddb", &["dynamodb"]),
    ("tb", &["tensorboard"]),
    ("sk", &["sveltekit"]),
    ("env", &["environment"]),
    ("vars", &["variables"]),
    ("var", &["variable"]),
    ("config", &["configuration"]),
    ("db", &["database"]),
    ("repo", &["repository"]),
    ("deps", &["dependencies"]),
    ("prod", &["production"]),
    ("docs", &["documentation"]),
    ("ws", &["websocket", "websockets"]),
];

/// The long form's words of a short name ([`SHORT_NAMES`]).
fn long_form(short: &str) -> Option<&'static [&'static str]> {
    // (every short form is a few ASCII letters: most words are turned away
    // by their length)
    if short.len() > 6 || !short.bytes().all(|b| b.is_ascii_alphanumeric()) {
        return None;
    }
    SHORT_NAMES
        .iter()
        .find(|(s, _)| *s == short)
        .map(|(_, l)| *l)
}

/// The index of the highest count, when it is above zero and no other
/// count ties it.
fn unique_best(counts: &[usize]) -> Option<usize> {
    let max = *counts.iter().max()?;
    (max > 0 && counts.iter().filter(|c| **c == max).count() == 1)
        .then(|| counts.iter().position(|c| *c == max))?
}

/// The lower-cased alphanumeric runs of `s` ("row-level" → "row", "level").
fn word_parts(s: &str) -> impl Iterator<Item = String> + '_ {
    s.split(|c: char| !c.is_alphanumeric())
        .flat_map(super::words::script_runs)
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
}

/// A decision that turns down one option the assistant offered (`label`),
/// with nothing chosen, in the person's words `epitome`.
fn rejection(
    gate: &Gate,
    a: &Analysis<'_>,
    epitome: String,
    epitome_offset: usize,
    label: String,
) -> DecisionDraft {
    let draft = DecisionDraft {
        epitome,
        epitome_offset,
        options: vec![(label, false)],
        is_ban: false,
        check: None,
        markers: gate.markers_of(a),
    };
    finish_check(gate, a, draft)
}

lazy_re!(
    item_marker_re,
    r"^\s*(?:[-*•+]|\d{1,2}[.)]|[A-Za-z][.)]|\(?[A-Za-z0-9]\))\s+"
);

/// An item's line as prose: without its list marker and emphasis marks.
fn item_line(full: &str) -> String {
    let line = full.trim();
    let line = item_marker_re()
        .find(line)
        .map_or(line, |m| &line[m.end()..]);
    line.replace("**", "").replace("__", "").trim().to_owned()
}

/// A draft picking `picked` of `p`'s items: the epitome is their words, in
/// the proposal's order.
fn pick_draft(gate: &Gate, a: &Analysis, p: &Proposal, picked: &[usize]) -> DecisionDraft {
    // A label of a word or two ("GUI") says less than its item's line
    // ("GUI — a desktop app with Tauri"): the epitome says what was chosen.
    let labels: Vec<String> = p
        .items
        .iter()
        .enumerate()
        .filter(|(i, _)| picked.contains(i))
        .map(|(_, it)| {
            let full = item_line(&it.full);
            if it.label.split_whitespace().count() <= 2
                && full.len() > it.label.len()
                && full.len() <= 200
            {
                full
            } else {
                it.label.clone()
            }
        })
        .collect();
    let draft = DecisionDraft {
        epitome: labels.join("; "),
        epitome_offset: 0,
        options: p
            .items
            .iter()
            .enumerate()
            .map(|(i, it)| (it.label.clone(), picked.contains(&i)))
            .collect(),
        is_ban: false,
        check: None,
        markers: gate.markers_of(a),
    };
    finish_check(gate, a, draft)
}

/// A turn that opens with a pick among the alternatives the assistant laid
/// out, without a confirming word: their words ("exceljs", "csv module,
/// some of these reports are huge", "Intl 就夠了", "サフィックスの方") or a
/// reference in a clause of its own ("1, we only run one instance", "so the
/// second one").
pub(crate) fn decide_lead(gate: &Gate, a: &Analysis<'_>, assistant: &str) -> Option<DecisionDraft> {
    if a.sents.first().is_some_and(|s| s.cues().question) {
        return None;
    }
    // A longer turn is read when it opens with a line or a sentence of its
    // own of a few words, the pick, before its reasons or conditions
    // ("jimp.⏎⏎the sharp-on-alpine thing bit us…", "terraform. I get the
    // typescript argument but…"), or with a reference before a comma ("2,
    // but make the threshold configurable"); then that sentence alone.
    let long = a.text.len() > SHORT;
    if long {
        let s0 = a.sents.first()?;
        let line = &a.text[s0.s.start..s0.s.end];
        let own_line = a.text[s0.s.end..]
            .trim_start_matches([' ', '\t', '\r'])
            .starts_with('\n');
        let own_sentence = line.trim_end().ends_with(['.', '!']);
        let short = line.len() <= 40 && line.split_whitespace().count() <= 4;
        let lead_ref = line
            .split_once(',')
            .is_some_and(|(head, _)| head.chars().count() <= 12 && is_answer_only(head));
        if !((own_line || own_sentence) && short) && !lead_ref {
            return None;
        }
    }
    // the prose of the first two sentences (never code, logs or quotes)
    let prose: Vec<&str> = a
        .sents
        .iter()
        .take(if long { 1 } else { 2 })
        .map(|s| &a.text[s.s.start..s.s.end])
        .collect();
    let joined = prose.join("\n");
    let canon = super::lang::canonical(&joined);
    let head = canon.lines().next()?;
    let first = clauses(head).next()?;
    // "A for prod, B for local dev": each option picked for a context of its own
    if let Some(c) = split_pick_re().captures(head) {
        let p = read_proposal(
            proposal_tail(assistant),
            matches!(canon, std::borrow::Cow::Owned(_)),
        );
        let one = |x: &str| answer_refs(x, &p.items).first().copied();
        if let (Some(i), Some(j)) = (one(&c["a"]), one(&c["b"])) {
            if i != j && p.items.len() >= 2 {
                let mut draft = pick_draft(gate, a, &p, &[i.min(j), i.max(j)]);
                draft.epitome = prose[0].trim().to_string();
                draft.epitome_offset = a.sents[0].s.start;
                return Some(draft);
            }
        }
    }
    // "2. we only run one instance": a leading "2." is read as a list marker
    // by the sentence splitter; a short turn that is not a list opens with a
    // reference
    let lead_tok = lead_ref_re()
        .captures(a.text)
        .filter(|_| !a.text.trim().contains('\n'))
        .map(|c| c["x"].to_string());
    // (a "please" or "thanks" of its own is no answer: "MLflow, please.")
    let politeness = |c: &str| {
        matches!(
            c.trim().to_ascii_lowercase().as_str(),
            "please" | "pls" | "plz" | "thanks" | "thank you" | "thx" | "ty"
        )
    };
    let answer_clause = clauses(&canon)
        .find(|c| c.len() <= 40 && is_answer_only(c) && !politeness(c))
        .or(lead_tok.as_deref());
    if first.len() > 60 && answer_clause.is_none() {
        return None;
    }
    // an answer clause must name an option ("2", "b", "the second"); a bare
    // "yes" was already read against the proposal
    if let Some(c) = answer_clause {
        let names = c.split(|ch: char| !ch.is_ascii_alphanumeric()).any(|w| {
            w.bytes().all(|b| b.is_ascii_digit()) && !w.is_empty()
                || (w.len() == 1 && matches!(w.as_bytes()[0].to_ascii_lowercase(), b'a'..=b'e'))
                || matches!(
                    w.to_ascii_lowercase().as_str(),
                    "first"
                        | "second"
                        | "third"
                        | "fourth"
                        | "last"
                        | "latter"
                        | "former"
                        | "1st"
                        | "2nd"
                        | "3rd"
                )
        });
        // ("both" names the "or both" of "A, B, or both")
        if !names && !says_all_re().is_match(c) {
            return None;
        }
    }
    if answer_clause.is_none() && content_words(first).len() > 5 {
        return None;
    }
    // a pick by words needs a question or an "X or Y" offer before it (a
    // reference such as "the second" names an option by itself)
    // (an offer to do something — "Would you like me to start the server?"
    // — asks for no choice)
    let end = &assistant[super::text::prefix_at_boundary_rev(assistant, 400)..];
    // (steps, then "Would you like me to do that?", with no "X or Y" among
    // them, are one offer)
    if answer_clause.is_none()
        && super::proposal::ends_with_offer(end)
        && !proposal_tail(assistant).contains(" or ")
    {
        return None;
    }
    let asked = end.contains(['?', '？']);
    let tail = proposal_tail(assistant);
    let offer = offer_end(tail);
    const OR_WORDS: [&str; 24] = [
        " or ",
        "或",
        "還是",
        "还是",
        " o ",
        " oder ",
        " ou ",
        " или ",
        "どちら",
        "либо",
        "Либо",
        " y ",
        "lternativ",
        "Sinon",
        "O bien",
        "Ou então",
        "あるいは",
        "もしくは",
        "另一",
        "Или же",
        "also viable",
        "also an option",
        "nother option",
        "also possible",
    ];
    // (a comparison table is a set of options by its form; a list after a
    // line that introduces alternatives, "Two ways:", is one too, and a
    // report's list, "具有以下特点：", is not)
    if answer_clause.is_none()
        && !asked
        && !tail.contains("|---")
        // (an "or" in the offer at the end: a long message's explanations
        // hold one anywhere)
        && !OR_WORDS.iter().any(|w| offer.contains(w))
        && !super::proposal::introduces_alternatives(tail)
        && !super::proposal::has_option_heads(&tail.to_lowercase())
        && !super::proposal::recommends(tail)
        // (a list of bare names, "1. Kafka 2. RabbitMQ 3. SQS", is a set
        // of options by its form)
        && !names_list(&read_proposal(
            tail,
            matches!(canon, std::borrow::Cow::Owned(_)),
        ))
    {
        return None;
    }
    // "not C, …": an option named by its letter or number, turned down
    if let Some(x) = lead_reject_re().captures(first).and_then(|c| c.name("x")) {
        let p = read_proposal(tail, matches!(canon, std::borrow::Cow::Owned(_)));
        if p.items.len() >= 2 {
            if let Some(&i) = resolve_refs(&format!("option {}", x.as_str()), &p.items).first() {
                // "not C." alone says nothing of what C was: the option's words join it
                let own = prose[0].trim();
                let epitome = if own.split_whitespace().count() <= 3 {
                    format!(
                        "{} — {}",
                        own.trim_end_matches(['.', ',', '!']),
                        p.items[i].label
                    )
                } else {
                    own.to_string()
                };
                return Some(rejection(
                    gate,
                    a,
                    epitome,
                    a.sents[0].s.start,
                    p.items[i].label.clone(),
                ));
            }
        }
    }
    // a pick by words shares a word with the message (cheap, before parsing it)
    if answer_clause.is_none() {
        let lower = tail.to_lowercase();
        let words = content_words(first);
        // (a short form counts in a clause of two words at most: "wandb",
        // "env vars"; elsewhere "config" or "db" is any sentence's word)
        let shared = words.iter().any(|w| {
            w.chars().count() >= 2
                && (lower.contains(w.as_str())
                    // ("mkdocs-material" for MkDocs)
                    || hyphen_head(w).is_some_and(|h| lower.contains(h))
                    || (words.len() <= 2
                        && long_form(w).is_some_and(|l| l.iter().all(|x| lower.contains(x)))))
        });
        let cjk = first.chars().any(super::text::is_cjk);
        if !shared && !cjk {
            return None;
        }
    }
    // "explain the hashed method", "I don't know", "show me more": a
    // question about the options, no answer or a call for more picks
    // nothing; nor does an answer to a question that asks what the person
    // meant ("Can you clarify what kind of history you mean?")
    if not_a_pick_re().is_match(first) || clarifying_re().is_match(last_question(tail)) {
        return None;
    }
    let p = read_proposal(tail, matches!(canon, std::borrow::Cow::Owned(_)));
    if p.items.len() < 2 || !lays_out_choices(assistant) {
        return None;
    }
    // "tokio no", "Twilio nem pensar", "Fly.io не вариант": an offered option rejected
    if answer_clause.is_none() {
        if let Some(c) = clauses(&canon).find_map(|c| {
            reject_clause_re()
                .captures(c)
                .or_else(|| (!c.is_ascii()).then(|| reject_clause_cjk_re().captures(c))?)
        }) {
            let x = c.name("x").map_or("", |m| m.as_str());
            let labels: Vec<String> = p.items.iter().map(|it| it.label.clone()).collect();
            let i = best_item_any(x, &labels)?;
            return Some(rejection(
                gate,
                a,
                prose[0].to_string(),
                a.sents[0].s.start,
                p.items[i].label.clone(),
            ));
        }
    }
    // a pick by the option's words (a statement — "server is not running",
    // "that seems wrong" — picks nothing, whatever words it shares)
    let by_words = || -> Option<Vec<usize>> {
        if first.is_ascii() && statement_re().is_match(first) {
            return None;
        }
        // (a pick in CJK words is short: "Intl 就夠了", "サフィックスの方";
        // a longer clause is a request that shares a word)
        if !first.is_ascii() && first.chars().count() > 24 {
            return None;
        }
        // (a value given for what was asked, "root密码是12345678", picks
        // nothing)
        if first.contains(['是', '為', '为']) && value_answer_re().is_match(first) {
            return None;
        }
        // (a mention or a file reference — "@politipo", "#file:x.md" — names
        // what to look at, not an option)
        if first.trim_start().starts_with(['@', '#']) {
            return None;
        }
        let labels: Vec<String> = p.items.iter().map(|x| x.label.clone()).collect();
        // (a short aside in brackets names an option too: "React
        // Native (Expo)")
        let (i, labels) = match best_item_any(first, &labels) {
            Some(i) => (i, labels),
            None => {
                let named: Vec<String> = p
                    .items
                    .iter()
                    .map(|x| format!("{} {}", x.label, aside(&x.full)))
                    .collect();
                (best_item_any(first, &named)?, named)
            }
        };
        // the clause is mostly the option's words, not a request that
        // happens to share one (fillers and hedges aside: "hmm X i guess")
        let words: Vec<String> = content_words(first)
            .into_iter()
            // (one-letter words — the "w" of "w/ jitter" — say nothing)
            .filter(|w| !is_filler(w) && (w.chars().count() >= 2 || !w.is_ascii()))
            .collect();
        let label = content_words(&labels[i]);
        // (a word may be part of a hyphenated or dotted one: "row-level")
        let label_parts: Vec<String> = word_parts(&labels[i]).collect();
        // (the word, one of its parts, or a shortening of one: "nest")
        let in_label = |w: &str| {
            label.iter().any(|l| l == w)
                // (a variant of the option's name: "mkdocs-material"; the
                // distinct end of a hyphenated name: "date-fns" for
                // `chartjs-adapter-date-fns`)
                || (w.contains('-')
                    && (hyphen_head(w).is_some_and(|h| label.iter().any(|l| l == h))
                        || (label_parts.len() >= 2
                            && label.iter().any(|l| {
                                l.ends_with(&format!("-{w}")) || l.starts_with(&format!("{w}-"))
                            }))))
                || label_parts.iter().any(|p| p == w)
                || (w.chars().count() >= 4 && label_parts.iter().any(|p| p.starts_with(w)))
                || long_form(w)
                    .is_some_and(|l| l.iter().any(|x| label_parts.iter().any(|p| p == x)))
        };
        let shared = words
            .iter()
            .filter(|w| {
                in_label(w)
                    // (a plural of the option's word: "templates")
                    || label_parts.iter().any(|p| {
                        p.chars().count() >= 4 && w.starts_with(p.as_str()) && w.len() <= p.len() + 2
                    })
            })
            .count();
        // (or it opens with a word of that option alone: "enqueue and ack
        // fast" for "… or enqueue them and return 200 immediately?")
        let leads = words.first().is_some_and(|w| {
            in_label(w)
                && !generic_work(w)
                && labels
                    .iter()
                    .enumerate()
                    .all(|(j, l)| j == i || !content_words(l).contains(w))
        });
        if words.len() > 5 || (first.is_ascii() && shared * 2 < words.len() && !leads) {
            return None;
        }
        // the words of the work itself ("test it again", "update the
        // docs", "修复") fit any next step; a pick shares a word that sets
        // its option apart, or (in Chinese, Japanese and Korean) most of
        // its pairs of characters
        // (a name runs into CJK words without a space: "保留Cypress",
        // "probe-rs요"; its Latin letters are a word of their own)
        let latin: Vec<String> = first
            .split(|c: char| !c.is_ascii_alphanumeric())
            .filter(|w| w.len() >= 2)
            .map(str::to_ascii_lowercase)
            .collect();
        let specific = words.iter().chain(latin.iter()).any(|w| {
            !generic_work(w)
                // (inflected: "адаптеры" for "адаптера")
                && (in_label(w) || label_parts.iter().any(|p| same_stem(p, w)))
        });
        if !specific {
            let pairs = cjk_pairs(first);
            let hits = pairs
                .iter()
                .filter(|p| !generic_work(p) && labels[i].contains(p.as_str()))
                .count();
            if pairs.is_empty() || hits * 2 < pairs.len() {
                return None;
            }
        }
        Some(vec![i])
    };
    let picked = match answer_clause {
        Some(c) => {
            if says_all_re().is_match(c) {
                let both = all_of_them(&p.items)?;
                return Some(pick_draft(gate, a, &p, &both));
            }
            let refs = answer_refs(c, &p.items);
            if refs.len() >= p.items.len() {
                return None;
            }
            if refs.is_empty() {
                // "3.12" names no option by number: by its words, then
                by_words()?
            } else {
                refs
            }
        }
        // ("both", to "A, B, or both")
        None if says_all_re().is_match(first) && first.split_whitespace().count() <= 3 => {
            all_of_them(&p.items)?
        }
        None => by_words()?,
    };
    Some(pick_draft(gate, a, &p, &picked))
}

/// The head of a hyphenated word when it is a name of its own (four
/// characters or more): "mkdocs" of "mkdocs-material".
fn hyphen_head(w: &str) -> Option<&str> {
    w.split_once('-')
        .map(|(h, _)| h)
        .filter(|h| h.chars().count() >= 4)
}

/// When one of the items is "both" or "all of them" ("bump the clock,
/// buffer the writes, or both"): the others, which an answer "both" picks
/// (and it passes over none).
fn all_of_them(items: &[ProposalItem]) -> Option<Vec<usize>> {
    let k = items.iter().position(|it| {
        let l = it
            .label
            .trim()
            .trim_matches(|c: char| !c.is_alphanumeric())
            .to_lowercase();
        matches!(
            l.as_str(),
            "both" | "both of them" | "all" | "all of them" | "all three" | "all of the above"
        )
    })?;
    let rest: Vec<usize> = (0..items.len()).filter(|&i| i != k).collect();
    (rest.len() >= 2).then_some(rest)
}

/// Whether the message's items are two or more bare names ("Kafka",
/// "RabbitMQ", "SQS"), each a few words at most.
fn names_list(p: &Proposal) -> bool {
    p.items.len() >= 2
        && p.items
            .iter()
            .all(|i| i.label.len() <= 30 && i.label.split_whitespace().count() <= 3)
}

lazy_re!(
    offer_question_re,
    r"^\W*(?:(?:so|ok|okay)\W+)?(?:should\s+(?:i|we)|shall\s+(?:i|we)|do\s+you\s+want\s+(?:me|us)\s+to|want\s+me\s+to|would\s+you\s+like\s+(?:me|us)\s+to)\s+"
);

lazy_re!(
    not_a_pick_re,
    r"^\W*(?:(?:no|nah|nope|hmm+|um+|uh+|well|honestly)\W+)*(?:(?:can|could|would)\s+you\s+(?:please\s+)?|please\s+)?(?:explain|describe|elaborate|clarify|compare|define|tell\s+me\s+(?:more|about|what)|more\s+(?:info|information|details)\b|i\s+(?:do\s*n[o']?t|dont|did\s*n[o']?t|didnt)\s+(?:know|remember|recall|understand|get\s+it)|i(?:'m|\s+am)\s+not\s+sure|not\s+sure|no\s+idea|idk|dunno|no\s+clue|i\s+(?:do\s*n[o']?t|dont)\b\W*$)|\b(?:see|show\s+me|give\s+me|list)\s+(?:some\s+)?(?:more|others|other\s+(?:options|ones|choices|ideas))\b"
);

lazy_re!(
    clarifying_re,
    r"\b(?:clarify|did\s+you\s+mean|do\s+you\s+mean|you\s+mean\b|are\s+you\s+referring|be\s+more\s+specific|what\s+specifically|which\s+one\s+are\s+you\s+(?:seeing|using|on)|what\s+are\s+you\s+(?:seeing|expecting)|are\s+you\s+(?:reading|seeing|running|getting|looking\s+at|testing|calling|on)\b|do\s+you\s+(?:see|get)\b|did\s+you\s+(?:see|get|run|try|restart))"
);

/// The last sentence of `text` with a question mark.
fn last_question(text: &str) -> &str {
    text.rsplit_terminator(['.', '!', '\n'])
        .find(|s| s.contains(['?', '？']))
        .unwrap_or("")
}

lazy_re!(
    value_answer_re,
    r"(?:是|為|为)\s*[A-Za-z0-9][\w.@:/-]*\s*(?:[，,。;；]|$)"
);

/// Words around a pick that say nothing of what was picked.
/// The words in the first brackets of an option's line when they are a
/// name (three words at most), else nothing.
fn aside(full: &str) -> &str {
    let Some((_, rest)) = full.split_once('(') else {
        return "";
    };
    let inner = rest.split_once(')').map_or("", |(x, _)| x);
    if inner.split_whitespace().count() <= 3 && !inner.contains(',') {
        inner
    } else {
        ""
    }
}

/// Adjacent pairs of Chinese, Japanese and Korean characters in `s`.
fn cjk_pairs(s: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut prev: Option<char> = None;
    for c in s.chars() {
        if super::text::is_cjk(c) {
            if let Some(p) = prev {
                out.push([p, c].iter().collect());
            }
            prev = Some(c);
        } else {
            prev = None;
        }
    }
    out
}

/// Whether two words of six letters or more share their first five: the
/// stem of an inflected word ("адаптеры" / "адаптера", "Adapter" /
/// "Adaptern").
fn same_stem(a: &str, b: &str) -> bool {
    a.chars().count() >= 6 && b.chars().count() >= 6 && a.chars().take(5).eq(b.chars().take(5))
}

fn is_filler(w: &str) -> bool {
    matches!(
        w,
        "hmm"
            | "hm"
            | "guess"
            | "think"
            | "probably"
            | "maybe"
            | "yeah"
            | "yep"
            | "ah"
            | "oh"
            | "well"
            | "imo"
            | "tbh"
            | "honestly"
    )
}

lazy_re!(
    or_split_re,
    r"^(?P<a>.*?)\s+(?:or|vs\.?|versus|o|oder|ou|или|还是|還是|か|と)\s+(?P<b>.*?)\W*$"
);

/// A preposition or article a side of a choice may open with.
fn is_lead_word(w: &str) -> bool {
    const LEAD: &[&str] = &[
        "in", "into", "on", "a", "an", "the", "with", "dans", "un", "une", "le", "la", "les",
        "des", "du", "au", "en", "el", "los", "las", "una", "con", "em", "no", "na", "um", "uma",
        "o", "os", "as", "com", "im", "mit", "der", "die", "das", "ein", "eine", "einem", "einer",
        "в", "на", "с",
    ];
    LEAD.iter().any(|l| l.eq_ignore_ascii_case(w))
}

/// "redis or postgres for the job queue? postgres, we already run it": a
/// choice question the person answers in the next sentence.
pub(crate) fn decide_self_answer(gate: &Gate, a: &Analysis<'_>) -> Option<DecisionDraft> {
    for (i, s) in a.sents.iter().enumerate() {
        let q = &a.text[s.s.start..s.s.end];
        // ("je me demande si on gère les migrations avec Alembic ou à la
        // main... bon Alembic": a question put as wondering)
        if !super::cues::ends_with_question(q) && !wonder_re().is_match(q) {
            continue;
        }
        let next = a.sents.get(i + 1)?;
        // ("on les met où ? en dur ou dans un fichier ? fichier": the
        // question put again as the choice is the one answered)
        if super::cues::ends_with_question(&a.text[next.s.start..next.s.end]) {
            continue;
        }
        if next.cues().cancels_all() {
            return None;
        }
        // "where should sessions live, redis or postgres?" puts the choice
        // after the comma; otherwise "why does it think X or Y?" asks for a
        // reason, not a choice
        let q = q.trim_end_matches(['?', '？', ' ', '.', '…']);
        let q = match q.rsplit_once([',', ':']) {
            Some((_, tail))
                if tail.split_whitespace().count() <= 6 && or_split_re().is_match(tail) =>
            {
                tail
            }
            _ if wh_question_re().is_match(q) => return None,
            _ => q,
        };
        let c = or_split_re().captures(q)?;
        let words = |s: &str, tail: bool| -> String {
            // (a side's leading prepositions and articles say nothing of
            // it: "dans un fichier de traduction", "in a separate table")
            let mut w: Vec<&str> = s.split_whitespace().collect();
            if !tail {
                let lead = w.iter().take_while(|x| is_lead_word(x)).count();
                if lead < w.len() {
                    w.drain(..lead);
                }
            }
            let take = w.len().min(2);
            if tail {
                w[w.len() - take..].join(" ")
            } else {
                w[..take].join(" ")
            }
        };
        // (the second side ends at its first preposition: "bare metal
        // superloop for the sensor node")
        let b = c.name("b").map_or("", |m| m.as_str());
        let b_head = [
            " for ",
            " in ",
            " on ",
            " with ",
            " to ",
            " at ",
            " as ",
            " because ",
        ]
        .iter()
        .filter_map(|p| b.find(p))
        .min()
        .map_or(b, |k| &b[..k]);
        let b_words = if b_head.split_whitespace().count() <= 3 && b_head.len() < b.len() {
            b_head.trim().to_string()
        } else {
            words(b, false)
        };
        let items = vec![words(c.name("a").map_or("", |m| m.as_str()), true), b_words];
        let answer = clauses(&a.text[next.s.start..next.s.end]).next()?;
        if answer.len() > 40 {
            return None;
        }
        let picked = best_item_any(answer, &items)?;
        let p = Proposal {
            items: items.into_iter().map(ProposalItem::named).collect(),
            recommended: None,
            is_plan: true,
            one_off: false,
            offered: true,
            about_the_talk: false,
        };
        let mut d = pick_draft(gate, a, &p, &[picked]);
        d.epitome = a.text[next.s.start..next.s.end].to_string();
        d.epitome_offset = next.s.start;
        return Some(d);
    }
    None
}

// The openings a "no" takes in the language tables' rewrites (a necessary
// condition, checked before the rewrites run).
lazy_re!(
    declines,
    r"^(?:no|nop|nah|not|nein|nee|nö|ne|lieber|nicht|non|nan|pas|surtout|plut|n[ãa]o|nada|melhor|para|mejor|нет|не|неа|不|算了|没|沒|いや|いいえ|いえ|いら|不要|結構|やめ|아니|아뇨|괜찮|필요|됐)"
);

lazy_re!(
    decline_re,
    r"(?s)^[\s*_>]*(?:no|nope|nah|no\s+need|not\s+needed)\b[\s,.!;:—–-]+(?P<rest>\S.*)$"
);

// A "no" that keeps the work for the person or hands it to someone else
// ("nein, mach ich selbst", "não, deixa que eu faço depois", "no, I'll ask
// the ops team"): the offer is declined as work, no approach is turned
// down. (Checked on the turn as typed; Latin-script forms lower-cased by
// the pattern's case folding.)
lazy_re!(
    self_handles_re,
    r"\b(?:i'll|ill|i\s+will|i'm\s+going\s+to|let\s+me)\s+(?:do|handle|fix|write|change|set|run|add|take\s+care\s+of|sort)\b[^.!?]{0,30}\b(?:myself|my\s+own|manually|by\s+hand|later)\b|\b(?:i'll|ill|i\s+will)\s+(?:do|handle|take\s+care\s+of)\s+(?:it|that|this)\b|\b(?:i'll|ill|i\s+will|let\s+me)\s+(?:talk|speak|check|ask)\s+(?:to|with)\b|\bi'll\s+ask\b|\b(?:mach|mache)\s+(?:ich|das\s+ich)\b|\bich\s+(?:mach|mache|kümmere)\b|\b(?:frag|frage)\s+ich\b|\b(?:deixa|pode\s+deixar)\s+(?:que\s+eu|comigo)\b|\beu\s+(?:mesm[oa]\s+)?(?:faço|fa[çc]o|resolvo|vejo)\b|\bvou\s+falar\s+com\b|\blo\s+hago\s+yo\b|\byo\s+me\s+encargo\b|\bhablo\s+con\b|\bje\s+m'en\s+occupe\b|\bje\s+(?:le|la|les)\s+fais\b|\bje\s+vais\s+(?:le|la|les)\s+faire\b|\bmoi-même\b|\bje\s+demande\s+à\b|сам\s+сдела|сделаю\s+сам|\bя\s+сам\b|спрошу\s+у|我自己|我来弄|我来做|我去问|自分で(?:やる|やります|直す)|こっちでやる|제가\s*(?:직접\s*)?할게|내가\s*(?:직접\s*)?할게|직접\s*할게"
);

// A question of fact about the person, their setup or what happened.
lazy_re!(
    fact_question_re,
    r"^\W*(?:(?:and|so|also|but|ok|okay)\W+)?(?:(?:do|did)\s+you\s+(?:remember|know|recall|have|see|get|still|happen|already|use|own|mean|run)|(?:have|had)\s+you\b|(?:has|have)\s+(?:it|this|that|the)\b|(?:is|are|was|were)\s+(?:you|it|this|that|these|those|there|the)\b|(?:does|did)\s+(?:it|this|that|the)\b|can\s+you\s+(?:share|paste|send|check|confirm|run|try|tell|show|see|provide|reproduce))\b"
);

// A "no" that corrects or reports ("no, it still fails", "no, I meant the
// other file") answers nothing about the offer.
lazy_re!(
    correction_re,
    r"\b(?:still|again|error|errors|fail|fails|failed|failing|broken|crash\w*|wrong|meant|mean|not\s+what|didn't|doesn't|don't\s+see|works|worked|same|typo|sorry|wait|talking\s+about|referring\s+to|i\s+mean)\b"
);

/// "Want me to add a Redis cache?" … "no, 35ms is fast enough": the
/// assistant offered something and the person turns it down with a reason
/// or an alternative of their own: a rejected option (policy: rejecting an
/// offered option is a decision). A bare "no", a "no" to a one-off action
/// ("commit this?"), a "no" for now, and a "no" that corrects or reports a
/// problem are not.
pub(crate) fn decide_decline(
    gate: &Gate,
    a: &Analysis<'_>,
    assistant: &str,
) -> Option<DecisionDraft> {
    const LONG: usize = 400;
    // (cheap first: a turn that does not open with a "no" in some language
    // is not read further)
    let head = super::text::prefix_at_boundary(
        a.text.trim_start_matches(|c: char| !c.is_alphanumeric()),
        24,
    );
    if a.text.len() > LONG || !declines().is_match(head) {
        return None;
    }
    let first = a.sents.first()?;
    if a.sents
        .iter()
        .any(|s| s.cues().temporary || s.cues().cancels_all())
    {
        return None;
    }
    let canon = super::lang::canonical(a.text);
    let rest = decline_re().captures(&canon)?.name("rest")?.as_str();
    let substance = content_words(rest).len() >= 2
        || rest.chars().filter(|c| super::text::is_cjk(*c)).count() >= 4;
    // ("no like an example response": what was meant, said again)
    let says_again = rest
        .trim_start_matches(|c: char| !c.is_alphanumeric())
        .to_ascii_lowercase()
        .starts_with("like ");
    if !substance
        || says_again
        || correction_re().is_match(rest)
        || fact_re().is_match(rest)
        || self_handles_re().is_match(a.text)
    {
        return None;
    }
    // the offer: a question at the end of the assistant's message
    let tail = &assistant[super::text::prefix_at_boundary_rev(assistant, 400)..];
    let tail = super::lang::canonical(tail);
    let q_end = tail.rfind(['?', '？'])?;
    if !tail[q_end..]
        .trim_start_matches(['?', '？'])
        .trim()
        .is_empty()
        && tail[q_end..].len() > 80
    {
        return None; // the question is not where the message ends
    }
    let q_start = sentence_start(&tail[..q_end]);
    let question = tail[q_start..q_end].trim();
    // (a "no" to a question of fact — "Do you remember what the command
    // was?", "Is it running?" — turns nothing down)
    if question.is_empty()
        || one_off_re().is_match(question)
        || fact_question_re().is_match(question)
    {
        return None;
    }
    let epitome = a.text[first.s.start..first.s.end].to_string();
    Some(rejection(
        gate,
        a,
        epitome,
        first.s.start,
        question.chars().take(160).collect(),
    ))
}

// "… so not sidekiq", "donc pas shopify", "definitely not rolling our
// own": an offered option turned down by its number or its name, the
// clause ending there.
lazy_re!(
    turned_down_re,
    r"(?i)(?:^|[,;:]\s*|(?:^|\s)(?:so|then|hence|thus|therefore|definitely|absolutely|certainly|donc|alors|d[ée]finitivement|also|dann|daher|definitiv|entonces|as[ií]\s+que|por\s+eso|definitivamente|ent[ãa]o|por\s+isso|так\s+что|значит|поэтому|точно)\s+)(?:not|pas|nicht|kein|keine|keinen|nada\s+de|n[ãa]o|не)\s+(?:(?:d(?:e\s+|')|de\s+la\s+|der\s+|die\s+|das\s+|el\s+|la\s+|o\s+|a\s+|the\s+|option\s+)?(?P<ref>[^,.;!?\n…]{1,40}?))\s*(?:[,.;!?\n…]|$)"
);

// "between the other two...", "entre medusa et laravel...": the choice
// narrowed to what is left, the pick to follow
lazy_re!(
    narrowed_re,
    r"(?i)^\W*(?:(?:ok|so|then|and|alors|donc|also|dann|entonces|ent[ãa]o|тогда)\W+)?(?:between|entre|zwischen|между|из)\s+\S[^.!?\n]{0,60}$"
);

/// The one item `r` names: a reference ("2", "option B") or the words of
/// one item's label.
fn one_item(r: &str, items: &[ProposalItem]) -> Option<usize> {
    let r = r.trim();
    if is_answer_only(r) {
        let refs = answer_refs(r, items);
        return (refs.len() == 1).then(|| refs[0]);
    }
    if r.split_whitespace().count() > 4 || content_words(r).is_empty() {
        return None;
    }
    let labels: Vec<String> = items.iter().map(|x| x.label.clone()).collect();
    best_item_any(r, &labels)
}

/// The item whose label is `name`, or opens with its words, and no other.
fn named_item(name: &str, items: &[ProposalItem]) -> Option<usize> {
    let words: Vec<String> = word_parts(name).collect();
    if words.is_empty() || words.len() > 4 || words.iter().all(|w| is_filler(w)) {
        return None;
    }
    let opens = |label: &str| {
        let lw: Vec<String> = word_parts(label).collect();
        lw.len() >= words.len() && lw.iter().zip(&words).all(|(a, b)| a == b)
    };
    let mut hits = items.iter().enumerate().filter(|(_, it)| opens(&it.label));
    let (i, _) = hits.next()?;
    hits.next().is_none().then_some(i)
}

/// A turn that narrows the options the assistant laid out: it turns one
/// down by number or name ("legal wont sign off on a third party getting
/// the audio, so not 2"), and may go on to pick among the rest by name
/// ("between the other two... goodjob, we need the cron stuff"). Policy:
/// rejecting an offered option is a decision, with nothing chosen; a pick
/// after it chooses that option over the others.
pub(crate) fn decide_narrowing(
    gate: &Gate,
    a: &Analysis<'_>,
    assistant: &str,
) -> Option<DecisionDraft> {
    const LONG: usize = 600;
    if a.text.len() > LONG || a.sents.is_empty() {
        return None;
    }
    let lower = a.text.to_lowercase();
    let cheap = [
        "not ",
        "pas ",
        "nicht",
        "kein",
        "nada",
        "não ",
        "nao ",
        "не ",
        "between",
        "entre",
        "zwischen",
        "между",
    ];
    if !cheap.iter().any(|w| lower.contains(w)) {
        return None;
    }
    let mut turned: Option<(usize, usize)> = None; // (sentence, item)
    let mut narrowed = false;
    let mut pick: Option<(usize, usize)> = None;
    let mut p: Option<Proposal> = None;
    let rewritten = !a.text.is_ascii();
    let items = |p: &mut Option<Proposal>| -> Vec<ProposalItem> {
        p.get_or_insert_with(|| {
            alternatives(
                gate,
                assistant,
                &read_proposal(proposal_tail(assistant), rewritten),
            )
            .unwrap_or_default()
        })
        .items
        .clone()
    };
    'sentences: for (k, s) in a.sents.iter().enumerate().take(5) {
        let c = s.cues();
        if c.question || c.cancels_all() || c.conditional || c.temporary {
            if narrowed {
                break;
            }
            continue;
        }
        for clause in clauses(&a.text[s.s.start..s.s.end]) {
            let clause = clause.trim_end_matches(['.', '…']).trim();
            if narrowed_re().is_match(clause) {
                narrowed = true;
                continue;
            }
            if turned.is_none() {
                if let Some(m) = turned_down_re()
                    .captures(clause)
                    .and_then(|c| c.name("ref"))
                {
                    if let Some(i) = one_item(m.as_str(), &items(&mut p)) {
                        turned = Some((k, i));
                        narrowed = true;
                        continue;
                    }
                }
            }
            if narrowed {
                // (only the first clause after the narrowing names the pick)
                let rest = &clause[pick_filler_re().find(clause).map_or(0, |m| m.end())..];
                let name = rest.trim().trim_end_matches(|c: char| !c.is_alphanumeric());
                if let Some(i) = named_item(name, &items(&mut p)) {
                    if turned.is_none_or(|(_, t)| t != i) {
                        pick = Some((k, i));
                    }
                }
                break 'sentences;
            }
        }
    }
    let p = p?;
    if p.items.len() < 2 || p.items.len() > 6 {
        return None;
    }
    match (pick, turned) {
        (Some((k, i)), _) => {
            let s = &a.sents[k];
            let options = p
                .items
                .into_iter()
                .enumerate()
                .map(|(j, it)| (it.label, j == i))
                .collect();
            Some(sentence_draft(
                gate,
                a,
                s.s.start,
                &a.text[s.s.start..s.s.end],
                options,
            ))
        }
        (None, Some((k, i))) => {
            let s = &a.sents[k];
            let label = p.items[i].label.clone();
            Some(rejection(
                gate,
                a,
                a.text[s.s.start..s.s.end].trim().to_string(),
                s.s.start,
                label,
            ))
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    /// The tail of a long message starts outside a fenced block: cut inside
    /// one, it starts after the fence closes (read from inside, a diff's
    /// `+ …` lines were list items, and so options).
    #[test]
    fn the_proposal_tail_never_starts_inside_a_fence() {
        let mut p = String::from("I'll change the loader:\n\n```diff\n");
        for i in 0..400 {
            p.push_str(&format!("+     table_args.append({i})\n"));
        }
        p.push_str("```\n\nDone. Shall I go on with task 3?");
        let tail = super::proposal_tail(&p);
        assert_eq!(tail, "\nDone. Shall I go on with task 3?");
        // a fence never closed: nothing of it is read
        let open = p.replace("```\n\nDone", "\nDone");
        assert_eq!(super::proposal_tail(&open), "");
        // a short message is read whole, a cut outside fences at a line
        assert_eq!(super::proposal_tail("a\n```\nb"), "a\n```\nb");
        let plain = "x\n".repeat(4000);
        assert!(super::proposal_tail(&plain).starts_with("x\n"));
    }
}

lazy_re!(
    keep_named_re,
    concat!(
        r"(?:^|[\s,.;:!—–-])(?P<m>keep(?:\s+using)?|stay\s+(?:on|with)|stick\s+(?:with|to)|switch\s+(?:over\s+)?to|go\s+back\s+to|revert\s+to|leave\s+it\s+(?:in|on|as)|mant[eé]n(?:er|emos)?|seguimos\s+con|sigue\s+con|qu[eé]date\s+con|cambia\s+a|pasamos\s+a|behalte[n]?|bleib(?:en)?\s+bei|wechsel(?:n)?\s+(?:zu|auf)|umsteigen\s+auf|on\s+garde|garde[rz]?|on\s+reste\s+sur|reste[rz]?\s+sur|passe[rz]?\s+[àa]|mant[eé]m|mantenha|fica(?:r)?\s+com|troca(?:r)?\s+(?:pr[oa]|para\s+o|para\s+a)|muda(?:r)?\s+(?:pr[oa]|para)|continua(?:r)?\s+com|оставь|оставляем|оставить|оста[её]мся\s+на|переходим\s+на|перейди\s+на|переведи\s+на)",
        r"\s+(?:it\s+|with\s+|on\s+|to\s+|the\s+|el\s+|la\s+|o\s+|a\s+|le\s+|die\s+|den\s+|das\s+|на\s+)?(?P<x>[\w.+#/-]+)"
    )
);

lazy_re!(
    keep_named_cjk_re,
    r"(?P<m>保留|继续用|繼續用|继续存|繼續存|换成|換成|改用|改成|就上|那就上|留着|留著)\s*(?P<x>[A-Za-z][\w.+#-]*)"
);

/// The code spans (between backticks) and bold spans (between `**`) of
/// `text`.
fn emphasized_spans(text: &str) -> impl Iterator<Item = &str> {
    text.split('`')
        .skip(1)
        .step_by(2)
        .chain(text.split("**").skip(1).step_by(2))
}

/// The names the assistant's message uses (code spans, bold, CamelCase,
/// dotted and capitalized words, technologies), lower case: what a person
/// may keep or switch to by name.
fn message_names(assistant: &str) -> Vec<String> {
    let tail = &assistant[super::text::prefix_at_boundary_rev(assistant, 1500)..];
    let mut out: Vec<String> = Vec::new();
    let mut add = |w: &str| {
        let w = w
            .trim_matches(|c: char| !c.is_alphanumeric())
            .to_lowercase();
        if w.chars().count() >= 3 && !super::words::function_word(&w) && !out.contains(&w) {
            out.push(w);
        }
    };
    for span in emphasized_spans(tail) {
        if span.len() <= 80 && !span.contains('\n') {
            span.split(|c: char| {
                !(c.is_alphanumeric() || matches!(c, '.' | '+' | '#' | '-' | '_'))
            })
            .for_each(&mut add);
        }
    }
    for w in
        tail.split(|c: char| !(c.is_alphanumeric() || matches!(c, '.' | '+' | '#' | '-' | '_')))
    {
        let w = w.trim_end_matches('.');
        let mut chars = w.chars();
        let first_upper = chars.next().is_some_and(|c| c.is_ascii_uppercase());
        let inner_upper = w.chars().skip(1).any(|c| c.is_ascii_uppercase());
        let dotted = w.contains('.') && w.is_ascii() && !w.ends_with('.');
        if w.is_ascii() && (first_upper || inner_upper || dotted) {
            add(w);
        }
    }
    out
}

/// A whole name of the technologies table ("postgres", "kotlinx.serialization").
fn tech_name_re() -> &'static regex::Regex {
    static TECH: std::sync::OnceLock<regex::Regex> = std::sync::OnceLock::new();
    TECH.get_or_init(|| {
        super::dialect::ci(&format!("^(?:{})$", super::rules::tech_names_pattern()))
    })
}

/// A person keeping, or switching to, something the assistant's message
/// names: "fine, keep JsonNullable", "ok leave it in signIn", "troca pra
/// kotlinx.serialization", "那就上testcontainers" — a continuation of a
/// choice, or a choice among what the message weighed. The name must be one
/// the message used or a technology, and the sentence one of the first two,
/// short, and neither a question, a hedge, a condition nor for now.
pub(crate) fn decide_continuation(
    gate: &Gate,
    a: &Analysis<'_>,
    assistant: &str,
) -> Option<DecisionDraft> {
    let first = a.sents.first()?;
    if first.cues().cancels_all() || first.cues().temporary {
        return None;
    }
    let tech = tech_name_re();
    let mut names: Option<Vec<String>> = None;
    for s in a.sents.iter().take(2) {
        let c = s.cues();
        if c.cancels_all() || c.temporary || c.conditional {
            continue;
        }
        let text = &a.text[s.s.start..s.s.end];
        if text.len() > 160 {
            continue;
        }
        let found = keep_named_re().captures(text).or_else(|| {
            (!text.is_ascii())
                .then(|| keep_named_cjk_re().captures(text))
                .flatten()
        });
        let Some(c) = found else {
            continue;
        };
        let x = c
            .name("x")
            .map_or("", |m| m.as_str())
            .trim_end_matches(['.', ',']);
        let known = tech.is_match(x)
            || names
                .get_or_insert_with(|| message_names(assistant))
                .contains(&x.to_lowercase());
        if !known {
            continue;
        }
        let draft = DecisionDraft {
            epitome: text.trim().to_string(),
            epitome_offset: s.s.start,
            options: vec![(x.to_string(), true)],
            is_ban: false,
            check: None,
            markers: gate.markers_of(a),
        };
        return Some(finish_check(gate, a, draft));
    }
    None
}

/// The turn's first sentence (its offset and text), when no cue of it asks,
/// hedges, limits it to now or makes it a condition.
fn settled_first<'t>(a: &Analysis<'t>) -> Option<(usize, &'t str)> {
    let s0 = a.sents.first()?;
    let c = s0.cues();
    if c.question || c.cancels_all() || c.temporary || c.conditional {
        return None;
    }
    Some((s0.s.start, &a.text[s0.s.start..s0.s.end]))
}

/// A decision whose epitome is `sentence` (at byte `at` of the turn) with
/// the given options.
fn sentence_draft(
    gate: &Gate,
    a: &Analysis<'_>,
    at: usize,
    sentence: &str,
    options: Vec<(String, bool)>,
) -> DecisionDraft {
    let draft = DecisionDraft {
        epitome: sentence.trim().to_string(),
        epitome_offset: at,
        options,
        is_ban: false,
        check: None,
        markers: gate.markers_of(a),
    };
    finish_check(gate, a, draft)
}

lazy_re!(
    pick_filler_re,
    r"(?i)^(?:\W*(?:ok|okay|alright|fine|then|so|oh|ah|hmm+|well|entonces|pues|vale|alors|bon|bah|ok\s+bah|dann|also|gut|então|entao|тогда|ну|ладно|ок|那就|那|じゃあ|では|それなら|그럼|그러면)\b)+[\s,]*"
);

// "… is fine" after a name, in the languages of the tables: what makes a
// bare name a pick ("localStorage tá ótimo então", "LWWでいい", "sqlite
// reicht", "redis就够了")
lazy_re!(
    is_fine_re,
    r"(?i)(?:\s+(?:is|are|'s)\s+(?:fine|ok|okay|enough|good\s+enough|perfect)|\s+(?:t[áa]|est[áa])\s+(?:[óo]timo|bom|bem|de\s+boa|perfeito|bien|perfecto)|\s+me\s+(?:vale|sirve|va\s+bien)|\s+(?:reicht|passt|gen[üu]gt)|\s+(?:suffit|ça\s+suffit|ça\s+me\s+va|ça\s+ira|c'est\s+bien)|\s+(?:хватит|подойд[её]т|норм|достаточно)|\s*(?:の(?:方|ほう)が\s*いい|でいい|がいい|で十分|で大丈夫|でok)|\s*就(?:够了|夠了|行|好|可以)|\s*(?:으로|로)\s*(?:충분|괜찮|좋))(?:\s+(?:then|ent[ãa]o|entonces|alors|dann|тогда))?\W*\S{0,3}$"
);

/// A code span that is a command line ("`npm run dev`", "`git push -u
/// origin main`"): a program people run, then its arguments.
fn is_shell_command(span: &str) -> bool {
    const PROGRAMS: &str = "npm npx yarn pnpm bun deno node git cargo rustup python python3 pip \
        pip3 uv poetry make docker kubectl helm go rails bundle mix composer php dotnet gradle mvn \
        brew apt sudo cd ls rm cp mv curl wget ssh gh terraform";
    let mut words = span.split_whitespace();
    words
        .next()
        .is_some_and(|w| PROGRAMS.split_whitespace().any(|p| p == w))
        && words.next().is_some()
}

/// The names the assistant's message sets out in bold or as code spans in
/// its last part ("**Room** … **DataStore**", "`nom` … `regex` …"), whole
/// and lowercased: up to four words each.
fn emphasized_names(assistant: &str) -> Vec<String> {
    let tail = &assistant[super::text::prefix_at_boundary_rev(assistant, 1200)..];
    let mut out: Vec<String> = Vec::new();
    // (a slash command or a path, "`/loop`", "`~/.config`", "`./run.sh`",
    // is something to run or open, not a way to build the thing)
    for span in emphasized_spans(tail)
        .filter(|s| !s.trim_start().starts_with(['/', '~', '.']) && !is_shell_command(s))
    {
        let n = span
            .trim()
            .trim_matches(|c: char| !c.is_alphanumeric())
            .to_lowercase();
        if n.chars().count() >= 2
            && n.len() <= 40
            && n.split_whitespace().count() <= 4
            && !n.contains(['\n', '/', '(', '=', '{'])
            && !out.contains(&n)
        {
            out.push(n);
        }
    }
    out
}

/// A turn that opens with one of the names the assistant's message weighed
/// — bold or a code span, two or more of them, in a message that asks or
/// recommends — and nothing else in that clause but a filler ("ok room",
/// "entonces nom, el rendimiento aquí es lo que importa", "ef core, fixe",
/// "interrupt-basiert, blocking geht nicht"): a pick by name where the
/// message laid out no list.
pub(crate) fn decide_named_pick(
    gate: &Gate,
    a: &Analysis<'_>,
    assistant: &str,
) -> Option<DecisionDraft> {
    let (at, sentence) = settled_first(a).or_else(|| {
        // (after an echo that asks back, "40KB? localStorage tá ótimo então")
        let s0 = a.sents.first()?;
        let echo = &a.text[s0.s.start..s0.s.end];
        let s1 = a.sents.get(1)?;
        let c = s1.cues();
        (s0.cues().question
            && echo.split_whitespace().count() <= 3
            && !(c.question || c.cancels_all() || c.temporary || c.conditional))
            .then(|| (s1.s.start, &a.text[s1.s.start..s1.s.end]))
    })?;
    let clause = sentence
        .split([',', ';', '.', '!', ':', '—', '–', '，', '。', '、'])
        .next()?
        .trim();
    let rest = &clause[pick_filler_re().find(clause).map_or(0, |m| m.end())..];
    // (a name with "is fine" after it: "localStorage tá ótimo", "LWWでいい")
    let rest = &rest[..is_fine_re().find(rest).map_or(rest.len(), |m| m.start())];
    let name = rest
        .trim()
        .trim_end_matches(|c: char| !c.is_alphanumeric())
        .to_lowercase();
    // (a name with an ending: "room으로", "nomで", "nom吧")
    let name = [
        "으로 가자",
        "로 가자",
        "으로 하자",
        "로 하자",
        "で行こう",
        "でいこう",
        "にしよう",
        "にします",
        " então",
        " entao",
        " entonces",
        " alors",
        " dann",
        " тогда",
        " por favor",
        " bitte",
        "으로",
        "로",
        "で",
        "吧",
        "に",
        "だ",
        " please",
        " pls",
        " then",
    ]
    .iter()
    .find_map(|e| name.strip_suffix(e))
    .unwrap_or(&name)
    .trim()
    .to_string();
    if name.chars().count() < 2 || name.split_whitespace().count() > 4 {
        return None;
    }
    let names = emphasized_names(assistant);
    // (a name typed in Cyrillic letters names one written in Latin ones:
    // "вебхук" for **Webhook**)
    let spelled = names
        .iter()
        .find(|n| super::words::spells_in_cyrillic(&name, n));
    let emphasized = names.len() >= 2 && (names.contains(&name) || spelled.is_some());
    // (a file the message named is where to look, not an option: "app.ts,
    // line 4 still fails")
    if (name.contains('.') && !tech_name_re().is_match(&name)) || correction_re().is_match(sentence)
    {
        return None;
    }
    // the message weighs them: it asks, recommends, or offers another way
    let tail = proposal_tail(assistant);
    let end = &assistant[super::text::prefix_at_boundary_rev(assistant, 400)..];
    let lower = tail.to_lowercase();
    let weighs = end.contains(['?', '？'])
        || super::proposal::recommends(tail)
        || super::proposal::introduces_alternatives(tail)
        || [
            "alternativ",
            "i'd ",
            "i would",
            "würde",
            "je prendrais",
            "yo usaría",
            "eu usaria",
            "я бы",
            "better",
            "besser",
            "mieux",
            "mejor",
            "melhor",
            "лучше",
            "mais comum",
            "más común",
            "faster",
            "easier",
            "simpler",
            "más rápido",
            "más fácil",
            "plus rapide",
            "plus simple",
            "schneller",
            "einfacher",
            "mais rápido",
            "mais fácil",
            "быстрее",
            "проще",
        ]
        .iter()
        .any(|w| lower.contains(w));
    // (nor an answer to what the person meant: "Which logs do you mean?")
    if !weighs
        || super::proposal::ends_with_offer(end)
        || clarifying_re().is_match(last_question(tail))
        || not_a_pick_re().is_match(clause)
    {
        return None;
    }
    if emphasized {
        let chosen = match spelled {
            Some(n) => n.clone(),
            None => rest.trim().trim_end_matches(['.', ',']).to_string(),
        };
        return Some(sentence_draft(gate, a, at, sentence, vec![(chosen, true)]));
    }
    // (or the words an item of a plain list opens with: "вебхук, адрес у
    // нас есть" to "1. Поллинг Jira … 2. Вебхук из Jira на наш сервер"),
    // the list read only once every cheaper test has passed
    let p = alternatives(gate, assistant, &read_proposal(tail, false))?;
    let picked = opening_item(&name, &p.items)?;
    let options = p
        .items
        .into_iter()
        .enumerate()
        .map(|(i, it)| (it.label, i == picked))
        .collect();
    Some(sentence_draft(gate, a, at, sentence, options))
}

/// The one of two to six `items` whose label opens with `name`'s words
/// ([`word_parts`]) and says more.
fn opening_item(name: &str, items: &[ProposalItem]) -> Option<usize> {
    if !(2..=6).contains(&items.len()) {
        return None;
    }
    let words: Vec<String> = word_parts(name).collect();
    if words.is_empty() || words.iter().all(|w| is_filler(w)) {
        return None;
    }
    let opens = |label: &str| {
        let lw: Vec<String> = word_parts(label).collect();
        lw.len() > words.len() && lw.iter().zip(&words).all(|(a, b)| a == b)
    };
    let mut hits = items.iter().enumerate().filter(|(_, it)| opens(&it.label));
    let (i, _) = hits.next()?;
    hits.next().is_none().then_some(i)
}

lazy_re!(
    subset_re,
    r"(?i)^\W*(?:(?:ok|okay|yes|yeah|sure|alright|so|then|great|thanks|thx)\W+)*(?:let's\s+|please\s+|pls\s+)?(?:(?:start|begin)\s+with|only|just|do|go\s+with|implement|apply|fix|take)\s+(?:(?:steps?|items?|points?|parts?)\s+)?(?P<refs>#?\d{1,2}(?:\s*(?:,|and|&|\+|-|to|through)\s*#?\d{1,2})*)(?:\s+(?:only|first))?\W*$"
);

lazy_re!(
    subset_ko_re,
    r"^\s*(?P<refs>\d{1,2}(?:\s*(?:번)?\s*(?:이랑|랑|하고|과|와|,|그리고)\s*\d{1,2})*)\s*번?\s*(?:은|는|만)\s*(?:반영|적용|진행|수정|해)"
);

/// The numbers `refs` names ("1 and 3", "2-4", "#1, #2"), at most `n`.
fn ref_numbers(refs: &str, n: usize) -> Option<Vec<usize>> {
    let nums: Vec<usize> = refs
        .split(|c: char| !c.is_ascii_digit())
        .filter_map(|x| x.parse().ok())
        .collect();
    let range = refs.contains('-') || refs.contains("to") || refs.contains("through");
    let mut out: Vec<usize> = if range && nums.len() == 2 && nums[0] < nums[1] {
        (nums[0]..=nums[1]).collect()
    } else {
        nums
    };
    out.sort_unstable();
    out.dedup();
    (out.iter().all(|&k| k >= 1 && k <= n) && !out.is_empty()).then_some(out)
}

/// A part of the steps the assistant laid out, taken and the rest left
/// ("start with 1 and 2, the CI stuff can wait", "just 3", "1이랑 4는
/// 반영해주시고"): what is to be done is a choice among them. Not when the
/// message asked which task to take up (a pick there is consent to work),
/// nor a pick of every step.
pub(crate) fn decide_subset(
    gate: &Gate,
    a: &Analysis<'_>,
    assistant: &str,
) -> Option<DecisionDraft> {
    let (mut at, mut sentence) = settled_first(a)?;
    // ("ok. do 1 and 2.": the sentence after a bare acknowledgement)
    if bare_accept_re().is_match(sentence) {
        let s1 = a.sents.get(1)?;
        let c = s1.cues();
        if c.question || c.cancels_all() || c.temporary || c.conditional {
            return None;
        }
        (at, sentence) = (s1.s.start, &a.text[s1.s.start..s1.s.end]);
    }
    let clause = sentence.split([',', ';', '.', '—', '–']).next()?;
    let refs = subset_re()
        .captures(clause)
        .or_else(|| {
            (!sentence.is_ascii())
                .then(|| subset_ko_re().captures(sentence))
                .flatten()
        })?
        .name("refs")?
        .as_str()
        .to_string();
    let tail = proposal_tail(assistant);
    let steps = super::proposal::numbered_steps(tail);
    if steps.len() < 3 || !lays_out_choices(assistant) {
        return None;
    }
    let picked = ref_numbers(&refs, steps.len())?;
    if picked.len() >= steps.len() {
        return None;
    }
    let options = steps
        .iter()
        .map(|(n, label)| (label.clone(), picked.contains(&(*n as usize))))
        .collect();
    Some(sentence_draft(gate, a, at, sentence, options))
}

/// The words that join the two ways of a question in the languages of the
/// tables ("error or ignored?", "还是", "или", "oder", "아니면", "それとも").
/// (The Spanish and Italian " o " counts in a question opened with "¿":
/// elsewhere it is the Portuguese article, "faça o módulo".)
const OR_JOINS: [&str; 14] = [
    " or ",
    "还是",
    "還是",
    "或者",
    " ou ",
    " oder ",
    " или ",
    " либо ",
    "それとも",
    "か、",
    "どちら",
    "아니면",
    "또는",
    "혹은",
];

lazy_re!(
    which_fact_re,
    r"^\W*(?:(?:and|so|also|btw|ok|okay|sorry|quick\s+question)\W+)*(?:is|are|was|were|does|which\s+(?:one\s+)?(?:is|are|was|were)|what\s+(?:is|are|was|were))\b"
);

/// The question the assistant's message closes with, when it puts two ways
/// to the reader ("Should unknown `DEPLOY_*` env vars be an error or
/// ignored?", "¿… en Postgres o con una comprobación en la aplicación?",
/// "Отправлять все типы событий или только `issue_created`?"). Not a
/// question of fact ("which one is live — `standard` or …?", "is it X or
/// Y?"), nor one of timing ("now or later?").
fn closing_or_question(assistant: &str) -> Option<&str> {
    let t = assistant.trim_end();
    let q = t.rfind(['?', '？'])?;
    // (the question closes the message: at most an aside after it)
    let after = t[q..].trim_start_matches(['?', '？']).trim();
    if after.len() > 100 || after.contains(['\n', '|', '`']) {
        return None;
    }
    let start = super::proposal::sentence_start(&t[..q]);
    let question = t[start..q].trim();
    let spanish_o = question.contains('¿') && question.contains(" o ");
    if !(spanish_o || OR_JOINS.iter().any(|w| question.contains(w))) {
        return None;
    }
    if fact_question_re().is_match(question)
        || which_fact_re().is_match(question)
        || clarifying_re().is_match(question)
    {
        return None;
    }
    let lower = question.to_lowercase();
    if [
        " now or ",
        " or later",
        "or not",
        "or something else",
        "or anything else",
        "or should i stop",
        "or wait",
    ]
    .iter()
    .any(|w| lower.contains(w))
        || go_on_re().is_match(&lower)
    {
        return None;
    }
    Some(question)
}

// A question whether to go on, or what next ("valider certains, ou
// continuer à générer d'autres idées ?", "commit this or keep going?"):
// its answer is the next piece of work.
lazy_re!(
    go_on_re,
    r"\b(?:continue|continuer|continuar|weitermachen|fortfahren|keep\s+going|move\s+on|next\s+step|next|more\s+(?:ideas|options)|d'autres|other\s+ideas|weitere|otras|outras)\b|продолж|ещё|еще|继续|繼續|更多|続け|次に|계속|다음"
);

/// How long an answer to a closing or-question may be.
const OR_ANSWER: usize = 160;

/// A short answer in the person's own words to a question that put two
/// ways to them ("warn but dont fail" to "an error or ignored?", "en la
/// base de datos, que la app puede tener race conditions", "только
/// создание и смену статуса"): whichever way it goes, or a third, the
/// answer settles what was asked. Not a bare "yes" or a reference (read
/// against the options before), a question, a hedge or a handing back
/// ("you decide", "egal"), a request to explain, or a deferral.
pub(crate) fn decide_or_answer(
    gate: &Gate,
    a: &Analysis<'_>,
    assistant: &str,
) -> Option<DecisionDraft> {
    let text = a.text.trim();
    if text.len() > OR_ANSWER || text.contains('\n') || text.ends_with(['?', '？']) {
        return None;
    }
    if a.sents.len() > 2 || a.sents.iter().any(|s| s.cues().cancels_all()) {
        return None;
    }
    let s0 = a.sents.first()?;
    let first = a.text[s0.s.start..s0.s.end].trim();
    if is_answer_only(first)
        || bare_accept_re().is_match(first)
        || not_a_pick_re().is_match(first)
        || deferral_re().is_match(text)
        || not_an_answer_re().is_match(text)
        || first.chars().count() <= 3
    {
        return None;
    }
    // (a request of its own, "implement the export", is the next piece
    // of work, not a way between the two)
    if a.sents.iter().any(|s| {
        s.hits
            .iter()
            .any(|h| gate.category(h) == Category::ActionRequest)
    }) {
        return None;
    }
    closing_or_question(assistant)?;
    // the way it names, when it names one of the question's sides
    let p = read_proposal(proposal_tail(assistant), false);
    let labels: Vec<String> = p.items.iter().map(|x| x.label.clone()).collect();
    let options = match (p.items.len() >= 2)
        .then(|| best_item_any(first, &labels))
        .flatten()
    {
        Some(i) => labels
            .iter()
            .enumerate()
            .map(|(j, l)| (l.clone(), j == i))
            .collect(),
        // (a word that both sides hold, "plugin" to "`eslint-plugin-react`
        // or `eslint-plugin-vue`?", names neither)
        None if first.split_whitespace().count() < 2
            && labels
                .iter()
                .filter(|l| l.to_lowercase().contains(&first.to_lowercase()))
                .count()
                >= 2 =>
        {
            return None
        }
        None => Vec::new(),
    };
    Some(sentence_draft(gate, a, s0.s.start, first, options))
}

lazy_re!(
    deferral_re,
    r"(?i)\b(?:you\s+decide|up\s+to\s+you|your\s+call|whichever|either\s+(?:is|works|way|one)|doesn't\s+matter|does\s+not\s+matter|don't\s+care|no\s+preference|not\s+(?:yet|now|sure)|hold\s+off|later|egal|entscheide|wie\s+du\s+willst|noch\s+nicht|später|como\s+quieras|me\s+da\s+igual|decide\s+t[úu]|t[úu]\s+decides|todav[íi]a\s+no|m[áa]s\s+tarde|comme\s+tu\s+veux|peu\s+importe|[àa]\s+toi\s+de\s+voir|pas\s+encore|plus\s+tard|tanto\s+faz|voc[êe]\s+decide|ainda\s+n[ãa]o|depois)\b|как\s+хочешь|на\s+твой\s+выбор|без\s+разницы|пока\s+нет|потом|你决定|你決定|你定|随便|隨便|都行|都可以|先不|以后再|以後再|알아서|아직|나중에|任せ|お任せ|どちらでも|どっちでも|まだ|後で|あとで"
);

// What answers no question of which way: a fault or a failure reported ("the
// cache step fails …", "cant read them"), the person's own story ("I was
// going to run …"), the order or the time of the work ("first make the
// progress bar optional", "erledige zuerst …", "implement it now"), a trial
// ("…てみて、どうなるか見たい"), a call for ideas ("propose des idées"), an
// agreement ("同意") or "that's enough".
lazy_re!(
    not_an_answer_re,
    r"(?i)\b(?:fails|failed|failing|error:|errors?\s+(?:out|on|in|when)|can'?t|cannot|couldn'?t|doesn'?t\s+work|not\s+working|broken|crash(?:es|ed|ing)?|first|now|try|see\s+(?:what|how|if|whether)|zuerst|erst\s+mal|jetzt|d'abord|maintenant|c'est\s+suffisant|ça\s+suffit|primero|ahora|agora|that's\s+enough|das\s+reicht|propose|suggest|suggère|sugiere|sugira|schlag\s+\w+\s+vor|all|every|toutes?|tous|alle[sn]?|todas?|todos)\b|^\W*i\s+(?:was|were|had|did|tried|wanted|thought|just)\b|^\W*(?:(?:this|that|these|here)\s+(?:is|are)|here's)\b|сначала|сейчас|предлож|все|всё|достаточно|先|现在|現在|同意|提议|提議|建议|建議|まず|今すぐ|どうなるか|試し|てみ|먼저|지금|추천|해\s*봐"
);
