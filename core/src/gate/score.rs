//! Scoring a turn: each prose sentence's markers (found by the rule table,
//! behind the literal prefilter), its cues, and the score the module docs
//! of the gate describe; the epitome is the best sentence at or above the
//! threshold.

use super::dialect::fold_case;
use super::{cues, prefilter, rules, text, Category, Gate, THRESHOLD};

/// How many later clauses of a sentence the sentence-initial rules read.
const MAX_CLAUSES: usize = 3;
/// Longer sentences are not read clause by clause.
const MAX_CLAUSE_SENTENCE: usize = 400;

/// A marker occurrence with its option spans (absolute byte ranges).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Hit {
    pub rule: usize,
    pub start: usize,
    pub end: usize,
    pub chosen: Option<(usize, usize)>,
    pub rejected: Option<(usize, usize)>,
}

lazy_re!(
    switch_request_re,
    concat!(
        r"^\W*(?:(?:so|ok|okay|and|but|also|hmm+|actually|then)\W+)*",
        request_topic!(),
        r"(?:should|shall|can|could)\s+we\s+(?:just\s+)?(?:switch|move|migrate|port|change)\s+(?:\w+\s+){0,4}?(?:to|over\s+to)\b"
    )
);

lazy_re!(
    make_request_re,
    r"^\W*(?:(?:so|ok|okay|and|also|now|hey|hi)\W+)*(?:can|could|would|will)\s+(?:you|u)\s+(?:please\s+|pls\s+|kindly\s+|now\s+)?(?:write|build|create|make|add|implement|set\s+up|setup|rewrite|generate|scaffold|convert|port|migrate|develop|code)\b"
);

/// Words that open a sentence without saying anything of it ("ok so",
/// "hi", "hola", "привет").
macro_rules! opener {
    () => {
        r"^[^\w¿]*(?:(?:ok|okay|so|now|hey|hi|hello|please|pls|also|and|then|next|alright|buenas|hola|oi|ol[áa]|salut|bonjour|hallo|moin|привет)\W+)*"
    };
}

// "add an S3-triggered lambda that …", "need a GKE cluster for …", "new
// side project", "crea un bot …", "我想做一個記帳app", "크롬 확장 프로그램 하나
// 만들고 싶은데": a request that something be made, which the spec lines
// after it (`rules::SPECIFIES`) belong to
lazy_re!(
    creation_request_re,
    concat!(
        opener!(),
        r"(?:(?:i|we)(?:\s+(?:also\s+)?(?:need|want|would\s+like|wanna)|'d\s+like)\b|(?:can|could|would)\s+(?:you|u)\s+(?:please\s+|pls\s+)?(?:add|build|create|make|write|set\s+up|setup|scaffold|implement|generate)\b|(?:add|build|create|scaffold|implement|set\s+up|setup|spin\s+up|bootstrap)\b|(?:make|write|generate|need|init|initiali[sz]e)\s+(?:me\s+|us\s+)?(?:an?|the|some|our|new|one|\w+ed)\b|new\s+(?:[\w-]+\s+){0,2}?(?:project|app|service|feature|tool|cli|repo|package|library|lib|endpoint|page|component|script|bot|site|api|module|job|lambda|function|worker|crate)s?\b|(?:quiero|necesito|queremos|necesitamos|vamos\s+a|quero|preciso|precisamos|vou)\s+(?:\w+\s+){0,2}?(?:hacer|crear|armar|montar|construir|desarrollar|fazer|criar|desenvolver)\b|(?:crea|cre[áa]|haz|arma|arm[áa]|a[ñn]ade|agrega|agreg[áa]|cria|crie|adiciona|adicione|ajoute|cr[ée]e|erstelle|bau\s+mir)\s+(?:un|una|um|uma|une|le|la|el|o|a|mir|ein|eine|einen)\b|(?:je\s+veux|j'ai\s+besoin\s+d'?|on\s+veut|il\s+(?:me|nous)\s+faut)\s*(?:\w+\s+){0,3}?(?:faire|cr[ée]er|construire|d[ée]velopper|monter|ajouter)\b|(?:ich|wir)\s+(?:will|m(?:ö|o|oe)chte|m(?:ö|o|oe)chten|wollen|brauche|brauchen)\s+(?:\w+\s+){0,4}?(?:bauen|erstellen|schreiben|entwickeln|aufsetzen)\b|(?:напиши|создай|добавь|(?:хочу|хотим|нужно|надо)\s+(?:[а-яё]+\s+){0,2}?(?:сделать|написать|создать|запилить|добавить))(?:[^\wЀ-ӿ]|$))|我想做|我想写|我想寫|我要做|想做一|帮我做|帮我写|幫我做|幫我寫|做一个|做一個|写一个|寫一個|加一个|加一個|新建一|作りたい|を作って|作成して|を追加して|만들고\s*싶|만들어\s*(?:주세요|줘)|추가해\s*(?:주세요|줘)"
    )
);

// "I'm building a bot …", "estoy haciendo un plataformas en godot",
// "пишу тг бота …", "wir bauen das Formular …": the thing being made,
// which may be the request or only the setting of a question after it
lazy_re!(
    creation_context_re,
    concat!(
        opener!(),
        r"(?:(?:(?:i|we)(?:'m|\s+am|'re|\s+are)|im)\s+(?:building|making|writing|creating|starting|developing)\b|(?:estoy|estamos|estou)\s+(?:\w+\s+)?(?:haciendo|creando|armando|montando|construyendo|desarrollando|fazendo|criando|construindo|desenvolvendo)\b|(?:je\s+(?:construis|d[ée]veloppe|monte|fais)|on\s+(?:construit|monte|fait|d[ée]veloppe))\b|(?:ich\s+(?:baue|schreibe|entwickle)|wir\s+(?:bauen|schreiben|entwickeln))\b|(?:пишу|делаю|пилю|пишем|делаем)(?:[^\wЀ-ӿ]|$))|我在做|我在写|我在寫|我们在做|我們在做|作っています|作ってる|만들고\s*있"
    )
);

// a fault told ("it keeps timing out", "returns 500", "crashes on
// start"): the turn is a bug report, and the technologies in it its setting
lazy_re!(
    fault_re,
    r"\b(?:keeps?|kept)\s+(?:timing\s+out|failing|crashing|hanging|breaking|erroring|dying|restarting)\b|\b(?:fails|failed|failing|crash(?:es|ed|ing)?|broken|broke|traceback|stack\s*trace|times\s+out|timing\s+out|timed\s+out|hangs|freezes|segfaults?|panics|regression|returns?\s+(?:a\s+)?[45]\d\d)\b|\b(?:an?|the|this|that|same|weird|getting|get|got|seeing|see|throws?|throwing|raises?)\s+(?:\w+\s+)?(?:errors?|exceptions?|bug)\b|\b(?:falla|fallan|se\s+rompe|est[aá]\s+roto|quebrou|plante|est\s+cass[ée]|ist\s+kaputt|st(?:ü|u|ue)rzt\s+ab)\b|\b(?:sometimes|randomly|intermittently)\s+(?:\w+\s+){0,2}?(?:fails?|breaks?|falls?|drops?|misses|skips?|loses|gets|goes|shows|returns|crashes|hangs|freezes|flickers|disappears|duplicates|jumps|glitches|stutters|lags|resets)\b|\b(?:does\s*n[o']?t|doesnt|did\s*n[o']?t|is\s*n[o']?t|isnt|are\s*n[o']?t|stopped|no\s+longer)\s+(?:work|working|load|loading|render|rendering|start|starting|save|saving|compile|compiling)\b|\bfunktioniert\s+(?:nicht|nich|gar\s+nicht)\b|\b(?:geht|klappt)\s+nicht\b|\bschneide[tn]\b[^.!?]{0,40}\bab\b|\bne\s+(?:marche|fonctionne)\s+(?:pas|plus)\b|\bno\s+(?:funciona|anda)\b|\bn[ãa]o\s+funciona\b|(?:падает|упал|сломал|не\s+работает|ошибк)|报错|崩溃|崩潰|出错|出錯|落ちる|動かない|エラーが|에러가|오류가|작동하지\s*않"
);

// what the person is working with, told as the setting of what follows
// ("im making a small platformer in godot 4", "wir nutzen reportlab 4.0",
// "we're on django 4.2"): in a turn that reports a fault it is the bug's
// setting, not a choice
lazy_re!(
    setting_re,
    concat!(
        opener!(),
        r"(?:(?:(?:i|we)(?:'m|\s+am|'re|\s+are)|im)\s+(?:building|making|writing|creating|developing|working\s+on)\b|(?:we|i)\s+(?:use|are\s+using|'re\s+using|am\s+using|'m\s+using|are\s+on|'re\s+on|run|are\s+running|'re\s+running)\b|(?:wir|ich)\s+(?:nutzen|verwenden|benutzen|haben|bauen|entwickeln|nutze|verwende|benutze|baue|entwickle)\b|(?:usamos|utilizamos|estoy\s+con|estamos\s+con|uso|usando)\b|(?:on\s+utilise|nous\s+utilisons|j'utilise|on\s+est\s+sur)\b|(?:estou\s+com|estamos\s+com|a\s+gente\s+usa)\b|(?:мы\s+используем|используем|у\s+нас)(?:[^\wЀ-ӿ]|$))|我们用的是|我們用的是|我们用|我們用|使っています|使ってる|사용하고\s*있|쓰고\s*있"
    )
);

// "for now", "… later" and their equivalents: a choice's horizon (the
// other option deferred), not a task's scope
lazy_re!(
    for_now_re,
    r"\bfor\s+now\b|\bfor\s+the\s+(?:moment|time\s+being)\b|\bpor\s+(?:ahora|el\s+momento|enquanto|agora)\b|\bpour\s+(?:l'instant|le\s+moment)\b|\bvorerst\b|\berstmal\b|\bf(?:ü|u|ue)rs\s+erste\b|(?:^|[^\wЀ-ӿ])пока(?:[^\wЀ-ӿ]|$)|暂时|暫時|目前|とりあえず|当面|今は|今のところ|일단|지금은|현재는|\blater\b|\bm[aá]s\s+adelante\b|\bmais\s+tarde\b|\bplus\s+tard\b|\bsp(?:ä|a|ae)ter\b|(?:^|[^\wЀ-ӿ])(?:потом|позже)(?:[^\wЀ-ӿ]|$)|以后|以後|之后|之後|後で|나중에"
);

lazy_re!(
    suggestion_re,
    r"^[^\w¿]*¿?\s*(?:(?:so|ok|okay|and|but|hmm+|actually|or|also)\W+)*(?:(?:what\s+if|how\s+about|what\s+about|maybe|perhaps|could\s+we\s+(?:not\s+)?just|shouldn't\s+we|wouldn't\s+it\s+be\s+(?:better|simpler|easier|cleaner)\s+to|y\s+si|qu[eé]\s+tal\s+si|qu[eé]\s+tal|y\s+por\s+qu[eé]\s+no|e\s+se|que\s+tal|e\s+por\s+que\s+n[ãa]o|et\s+si|et\s+pourquoi\s+pas|pourquoi\s+ne\s+pas|wie\s+w[äa]re\s+es|was\s+w[äa]re\s+(?:wenn|mit)|und\s+wenn\s+wir|vielleicht)\b|(?:может(?:\s+быть)?|а\s+может|а\s+что\s+если|а\s+если|давай(?:те)?)(?:\s|,|$))"
);

lazy_re!(
    suggest_use_re,
    r"\b(?:use|used|using|usar|usamos|usemos|usasse|us[aá]ssemos|usar[ií]amos|us[aá]ramos|utilis(?:er|ait|ions|e)|pren(?:ait|ions|dre)|nehmen|n[äa]hmen|verwenden|benutzen)\b|(?:возьм[её]м|используем|использовать|взять)"
);

/// The clause of `view` around byte `at` (between commas, semicolons and
/// their CJK forms), when the sentence has more than one.
fn own_clause(view: &str, at: usize) -> Option<&str> {
    const SEP: [char; 5] = [',', ';', '，', '；', '、'];
    let at = (0..=at.min(view.len()))
        .rev()
        .find(|&i| view.is_char_boundary(i))?;
    let start = view[..at]
        .rfind(SEP)
        .map(|i| i + view[i..].chars().next().map_or(1, char::len_utf8));
    let end = view[at..].find(SEP).map(|i| at + i);
    if start.is_none() && end.is_none() {
        return None;
    }
    Some(&view[start.unwrap_or(0)..end.unwrap_or(view.len())])
}

/// One analysed sentence.
#[derive(Debug, Clone)]
pub(crate) struct Sent {
    pub s: text::Sentence,
    pub view: String,
    pub hits: Vec<Hit>,
    cues: std::cell::OnceCell<cues::CueFlags>,
    pub score: u32,
}

impl Sent {
    /// The sentence's cues, computed on first use (most sentences have no
    /// marker and never need them).
    pub(crate) fn cues(&self) -> cues::CueFlags {
        *self.cues.get_or_init(|| cues::cues().flags(&self.view))
    }
}

/// A whole analysed turn.
#[derive(Debug, Clone)]
pub(crate) struct Analysis<'a> {
    pub text: &'a str,
    pub sents: Vec<Sent>,
}

/// Whether sentence `ep` (a ban when `is_ban`) is context of the way the
/// turn opens rather than a commitment:
///
/// * after an experiment ("試しに Bun でビルドしてみて…", "try swapping the
///   tokenizer just to see …"), its prohibitions and choices are the
///   experiment's;
/// * after a choice handed to the assistant — a choice question the turn
///   does not answer ("question before I start: zod or yup for
///   validation?") or a delegation ("honestly I don't care, pick whatever
///   you think is best") — its statements are context ("we're on
///   react-hook-form", "users is bigserial, orders is uuid"), not a choice
///   (a ban still stands). A sentence that names one of the question's two
///   alternatives and not the other answers it; so may one in another
///   script, which may spell an option its own way ("포스트그레스로 하자").
pub(crate) fn context_after_opening(a: &Analysis, ep: usize, is_ban: bool) -> bool {
    if ep > 0 && a.sents[0].cues().experiment {
        return true;
    }
    !is_ban && (hands_choice_over(a, ep) || asks_advice_at_end(a, ep))
}

lazy_re!(
    // asking the assistant to weigh it or to pick ("what would you pick",
    // "do you think it is worth it to …?", "would it make sense to …?")
    advice_question_re,
    r"\b(?:what\s+would\s+you\s+(?:pick|choose|use|go\s+with|recommend|suggest)|which\s+(?:one\s+)?would\s+you\b|what\s+do\s+you\s+(?:recommend|suggest)|(?:do|would)\s+you\s+think\s+(?:it'?s|it\s+is|it\s+would\s+be|it\s+will\s+be|this\s+is)\s+(?:worth|better|a\s+good\s+idea)|is\s+it\s+worth|would\s+it\s+(?:make\s+sense|be\s+(?:better|worth|a\s+good\s+idea)))"
);

/// The turn ends asking the assistant to weigh or to pick ("we're on rails
/// 7.1 and still using delayed_job. want to move off it. what would you
/// pick"; "… Do you think it is worth it to replace the uuid ids with
/// these?"): what it said before is the case put to the assistant, not a
/// choice (a standing rule still stands).
fn asks_advice_at_end(a: &Analysis, ep: usize) -> bool {
    let Some(last) = a.sents.len().checked_sub(1) else {
        return false;
    };
    last > ep
        && a.sents[last].cues().question
        && advice_question_re().is_match(&a.sents[last].view)
        && !standing_re().is_match(&a.sents[ep].view)
}

fn hands_choice_over(a: &Analysis, ep: usize) -> bool {
    let Some(open) = a.sents.iter().take(2).position(|s| {
        let c = s.cues();
        // (a delegation to the assistant, not "Prettierに任せる", leave
        // it to Prettier)
        (c.delegation && to_you_re().is_match(&s.view))
            || (c.question && choice_question_re().is_match(&s.view))
    }) else {
        return false;
    };
    // (a standing rule after it still stands: "…or later? and from now on
    // use pnpm")
    if ep <= open || standing_re().is_match(&a.sents[ep].view) {
        return false;
    }
    let q = &a.sents[open].view;
    let Some(c) = choice_question_re().captures(q) else {
        return true; // a delegation
    };
    let epitome = a.sents[ep].view.to_lowercase();
    let names = |x: &str| {
        let x = x.to_lowercase();
        x.chars().count() >= 2 && epitome.contains(x.as_str())
    };
    match (names(&c["x"]), names(&c["y"])) {
        (true, true) => true,
        (false, false) => epitome.is_ascii(),
        _ => false,
    }
}

lazy_re!(
    standing_re,
    r"\b(?:from\s+now\s+on|going\s+forward|from\s+here\s+on|always|never|every\s+time|in\s+future)\b"
);

lazy_re!(
    to_you_re,
    r"\b(?:you|your|u|tú|tu|usted|du|dir|vous|você|voce|ты|вы|тебе|вам)\b|你|您|あなた|君|너|당신"
);

lazy_re!(
    choice_question_re,
    r"(?P<x>[\w`.+#/-]+)\s+(?:or|vs\.?|versus)\s+(?:just\s+)?(?:an?\s+|the\s+)?(?P<y>[\w`.+#/-]+)[^.!]*\?"
);

/// Whether markers of this category add to a sentence's score
/// (action requests are reported but weigh nothing).
pub(crate) fn is_scored(c: Category) -> bool {
    !matches!(c, Category::ActionRequest)
}

impl Gate {
    /// Markers of one masked sentence `view` that starts at byte `base`.
    pub(super) fn scan(
        &self,
        view: &str,
        base: usize,
        scratch: &mut prefilter::Scratch,
    ) -> Vec<Hit> {
        self.scan_rules(view, base, scratch, false)
    }

    /// [`Gate::scan`], with only the sentence-initial rules when
    /// `initial_only` (a clause read as if it began the sentence).
    fn scan_rules(
        &self,
        view: &str,
        base: usize,
        scratch: &mut prefilter::Scratch,
        initial_only: bool,
    ) -> Vec<Hit> {
        let mut hits = Vec::new();
        if self.compiled.is_empty() {
            return hits;
        }
        // (the sentence in lower case, for the rules that name technologies)
        let mut folded: Option<String> = None;
        for &idx in self.prefilter.candidates(view, scratch) {
            let lazy = &self.compiled[idx];
            if initial_only && !lazy.sentence_initial() {
                continue;
            }
            let Some(c) = lazy.get() else {
                continue;
            };
            let hay = if lazy.folded {
                folded.get_or_insert_with(|| fold_case(view)).as_str()
            } else {
                view
            };
            // Most candidates do not match: a plain search is cheaper than
            // setting up capture groups.
            if !c.re.is_match(hay) {
                continue;
            }
            for caps in c.re.captures_iter(hay) {
                if c.vetoes.iter().any(|&g| caps.get_group(g).is_some()) {
                    continue;
                }
                let Some(whole) = caps.get_match().map(|m| m.span()) else {
                    continue;
                };
                let text = |s: regex_automata::Span| &hay[s.range()];
                if text(whole).trim().is_empty() {
                    continue;
                }
                let span =
                    c.m.iter()
                        .filter_map(|&g| caps.get_group(g))
                        .find(|&s| !text(s).is_empty())
                        .unwrap_or(whole);
                let grp = |g: Option<usize>| {
                    g.and_then(|g| caps.get_group(g))
                        .filter(|&s| !text(s).trim().is_empty())
                        .map(|s| (base + s.start, base + s.end))
                };
                hits.push(Hit {
                    rule: idx,
                    start: base + span.start,
                    end: base + span.end,
                    chosen: grp(c.chosen),
                    rejected: grp(c.rejected),
                });
            }
        }
        hits.sort_by_key(|h| (h.start, h.rule));
        hits.dedup_by_key(|h| (h.start, h.rule));
        hits
    }

    /// [`Gate::scan`], and once more with the sentence's leading
    /// interjections blanked ("cool, keep the cache in-process"), so that
    /// sentence-initial rules read what follows them.
    ///
    /// A later clause ("the old one is too slow, pin torch to 2.3.1") is
    /// read the same way by the sentence-initial rules: up to
    /// [`MAX_CLAUSES`] clause starts of a sentence of at most
    /// [`MAX_CLAUSE_SENTENCE`] bytes.
    fn scan_with_lead(
        &self,
        view: &str,
        base: usize,
        scratch: &mut prefilter::Scratch,
    ) -> Vec<Hit> {
        let mut hits = self.scan(view, base, scratch);
        let mut extra = false;
        if let Some(n) = text::lead_len(view) {
            // (spaces in place of the lead's bytes keep offsets and UTF-8)
            let blanked: String = " ".repeat(n) + &view[n..];
            hits.extend(self.scan(&blanked, base, scratch));
            extra = true;
        }
        if view.len() <= MAX_CLAUSE_SENTENCE {
            for c in text::clause_starts(view).into_iter().take(MAX_CLAUSES) {
                let n = c + text::lead_len(&view[c..]).unwrap_or(0);
                let blanked: String = " ".repeat(n) + &view[n..];
                hits.extend(self.scan_rules(&blanked, base, scratch, true));
                extra = true;
            }
        }
        if extra {
            hits.sort_by_key(|h| (h.start, h.rule));
            hits.dedup_by_key(|h| (h.start, h.rule));
        }
        hits
    }

    /// Splits, scans and scores a turn.
    pub(crate) fn analyze<'a>(&self, text: &'a str) -> Analysis<'a> {
        let mut scratch = prefilter::Scratch::default();
        let mut sents: Vec<Sent> = text::sentences(text)
            .into_iter()
            .map(|s| {
                let view = text::mask(&text[s.start..s.end]);
                let hits = self.scan_with_lead(&view, s.start, &mut scratch);
                Sent {
                    s,
                    view,
                    hits,
                    cues: std::cell::OnceCell::new(),
                    score: 0,
                }
            })
            .collect();
        // Numbers alone on lines of their own, two or more in a turn, are
        // data (a pasted error overlay's frame counts, pagination), not an
        // answer that picks an option ("2", "1 and 3" pick once).
        let lone_number = |s: &Sent| {
            let t = text[s.s.start..s.s.end].trim_matches(|c: char| !c.is_alphanumeric());
            !s.s.bullet && !t.is_empty() && t.len() <= 3 && t.bytes().all(|b| b.is_ascii_digit())
        };
        let lone: Vec<usize> = (0..sents.len())
            .filter(|&i| lone_number(&sents[i]))
            .collect();
        if lone.len() >= 2
            && lone
                .iter()
                .any(|&i| sents[i].s.line != sents[lone[0]].s.line)
        {
            for i in lone {
                sents[i].hits.clear();
            }
        }
        // A request's spec lines weigh only in a turn that asks for
        // something to be made, at or after that request, and that reports
        // no fault; what is being made sets the scene for a question after
        // it ("estoy haciendo un plataformas en godot 4, gdscript. el salto
        // se siente flotante, ¿cómo lo mejoro?"; see `rules::SPECIFIES`).
        let specifies = |s: &Sent| s.hits.iter().any(|h| self.has_role(h, rules::SPECIFIES));
        // (read once, and only when a spec line or a scored sentence asks)
        let fault = std::cell::OnceCell::new();
        let reports_fault = || {
            *fault.get_or_init(|| {
                sents
                    .iter()
                    .any(|s| s.cues().reported || fault_re().is_match(&s.view))
            })
        };
        let mut spec_ok = vec![false; sents.len()];
        if sents.iter().any(specifies) && !reports_fault() {
            let asks = sents.iter().any(|s| s.cues().question && !s.cues().request);
            let mut asked = false;
            for (i, s) in sents.iter().enumerate() {
                asked = asked
                    || creation_request_re().is_match(&s.view)
                    || (!asks && creation_context_re().is_match(&s.view));
                spec_ok[i] = asked;
            }
        }
        let mut base: Vec<u32> = sents
            .iter()
            .zip(&spec_ok)
            .map(|(s, &ok)| self.base_score(s, ok))
            .collect();
        // What the person works with, told before or after the fault a turn
        // reports ("im making a platformer in godot 4. the player sometimes
        // falls through platforms"), is the bug's setting: a sentence that
        // tells it and holds only choices weighs nothing.
        if base.iter().any(|&b| b > 0) && reports_fault() {
            for (i, s) in sents.iter().enumerate() {
                if base[i] > 0
                    && s.hits
                        .iter()
                        .all(|h| self.category(h) == Category::DecisionVerb)
                    && setting_re().is_match(&s.view)
                {
                    base[i] = 0;
                }
            }
        }
        // An emphatic fragment ("Period.", "Ever.", "Final answer.") reinforces
        // the sentence before it.
        for i in 1..sents.len() {
            let frag = &sents[i];
            let words = text[frag.s.start..frag.s.end].split_whitespace().count();
            if words <= 3
                && !frag.hits.is_empty()
                && frag.hits.iter().all(|h| self.has_role(h, rules::EMPHATIC))
                && base[i - 1] > 0
            {
                base[i - 1] += base[i];
            }
        }
        // "I agree with the plan. Go ahead.": consecutive confirmation-only
        // sentences count together (on the later one).
        for i in 1..sents.len() {
            let conf_only = |s: &Sent| {
                !s.hits.is_empty()
                    && s.hits
                        .iter()
                        .all(|h| self.category(h) == Category::Confirmation)
            };
            if conf_only(&sents[i]) && conf_only(&sents[i - 1]) && base[i - 1] > 0 && base[i] > 0 {
                base[i] += base[i - 1];
            }
        }
        for i in 0..sents.len() {
            let mut sc = base[i];
            if (2..THRESHOLD).contains(&sc)
                && sents[i]
                    .hits
                    .iter()
                    .any(|h| matches!(self.category(h), Category::DecisionVerb | Category::Ban))
            {
                let neighbour_rejects = [i.wrapping_sub(1), i + 1].iter().any(|&j| {
                    j < sents.len()
                        && !sents[j].cues().cancels_all()
                        && sents[j].hits.iter().any(|h| {
                            self.category(h) == Category::Rejection && self.strength(h) >= 2
                        })
                });
                if neighbour_rejects {
                    sc += 1;
                }
            }
            sents[i].score = sc;
        }
        Analysis { text, sents }
    }

    /// The sentence's score before neighbour support (see the module docs).
    fn base_score(&self, s: &Sent, spec_ok: bool) -> u32 {
        if s.hits.is_empty() {
            return 0;
        }
        if s.cues().cancels_all() && !self.asks_for_alternative(s) {
            return 0;
        }
        let lasting = s.hits.iter().any(|h| {
            (self.category(h) == Category::Memory && self.strength(h) >= 2)
                || self.has_role(h, rules::KEEPS)
                || self.has_role(h, rules::LASTS)
        });
        // ("eh stay on classic for now", "managed node groups por ahora,
        // karpenter más adelante", "lets just go back to solid orange for
        // now"): a choice made for now is still the choice made (work held
        // back, "use pnpm but don't push anything yet", is a task's scope)
        let choice_made = || {
            s.hits.iter().any(|h| {
                self.category(h) == Category::DecisionVerb
                    && self.strength(h) >= 3
                    && self.has_role(h, rules::SELECTION)
                    && h.chosen.is_some()
            })
        };
        // (nor does a hold on another part of the work undo a choice in a
        // clause of its own: "前端用 Vue 3 + Vite，后端先不管")
        // (every marker stands outside the held clause)
        let held_elsewhere = || {
            choice_made()
                && s.hits.iter().all(|h| {
                    own_clause(&s.view, h.start.saturating_sub(s.s.start))
                        .is_some_and(|c| !cues::cues().flags(c).temporary)
                })
        };
        if s.cues().temporary
            && !lasting
            && !(for_now_re().is_match(&s.view) && choice_made())
            && !held_elsewhere()
        {
            return 0;
        }
        // (the same words count once: "update the docs in the
        // refactoring plan, then continue with the refactoring plan"
        // names the work twice, it does not decide twice; the words are
        // compared only between hits of one rule)
        let words = |span: Option<(usize, usize)>| {
            span.and_then(|(a, b)| {
                s.view
                    .get(a.checked_sub(s.s.start)?..b.checked_sub(s.s.start)?)
                    .map(str::to_lowercase)
            })
        };
        let same_words = |a: &Hit, b: &Hit| {
            a.rule == b.rule
                && words(Some((a.start, a.end))) == words(Some((b.start, b.end)))
                && words(a.chosen) == words(b.chosen)
        };
        // (a suggestion put as a question may open like a conditional: "¿y
        // si usamos X en vez de Y?")
        let conditional = s.cues().conditional && !self.asks_for_alternative(s);
        let mut counted: Vec<&Hit> = Vec::new();
        let mut sum = 0;
        // (a request's spec lines weigh once a sentence, and only where the
        // turn asks for something to be made)
        let mut spec_counted = !spec_ok;
        for h in s.hits.iter().filter(|h| {
            let c = self.category(h);
            let inside_rejected = matches!(
                c,
                Category::Confirmation | Category::DecisionVerb | Category::Imperative
            ) && s.hits.iter().any(|o| {
                o.rule != h.rule
                    && o.rejected
                        .map(|(x, y)| x <= h.start && h.end <= y)
                        .unwrap_or(false)
            });
            is_scored(c)
                && !inside_rejected
                && (!conditional || matches!(c, Category::Ban | Category::Memory))
        }) {
            if self.has_role(h, rules::SPECIFIES) {
                if spec_counted {
                    continue;
                }
                spec_counted = true;
            }
            if !counted.iter().any(|o| same_words(o, h)) {
                counted.push(h);
                sum += self.strength(h);
            }
        }
        sum
    }

    /// "can we use X instead of Y?", "polars で書き直してもらえますか": a request
    /// put as a question that names the alternative it asks for (a
    /// rejection naming what it replaces, or a choice between two named
    /// options), with no other cancelling cue; or a "why not just X?"
    /// (a marker with the `ASKS` role); or a polite "can you build X with
    /// TECH?" (a request, not a question: the `MAKES` role).
    fn asks_for_alternative(&self, s: &Sent) -> bool {
        let c = s.cues();
        // ("what if we use duckdb instead of loading it all in pandas?",
        // "¿y si usamos X en vez de Y?": a suggestion put as a question
        // that names the alternative; its "maybe" / "what if" is how it is
        // asked, not doubt)
        // with a verb that takes it up ("what if the cache is full
        // instead of empty?" names a state, not an alternative)
        let once = std::cell::OnceCell::new();
        let suggests = || {
            *once.get_or_init(|| {
                s.view.trim_end().ends_with(['?', '？'])
                    && (s.hits.iter().any(|h| {
                        matches!(
                            self.category(h),
                            Category::DecisionVerb | Category::Imperative
                        )
                    }) || suggest_use_re().is_match(&s.view))
                    && suggestion_re().is_match(&s.view)
            })
        };
        !(c.delegation || c.undecided || c.experiment || c.reported)
            && (!c.hedge || suggests())
            && s.hits.iter().any(|h| {
                let names_both = matches!(
                    self.category(h),
                    Category::Rejection | Category::DecisionVerb
                ) && self.strength(h) >= 2
                    && h.chosen.is_some()
                    && h.rejected.is_some();
                // ("can we just use a cron job instead?": the alternative
                // named against what is there)
                let names_instead = self.category(h) == Category::Rejection
                    && self.strength(h) >= 2
                    && h.chosen.is_some();
                // ("should we switch to parquet?": a change of technology
                // put to the agent)
                let names_switch = self.category(h) == Category::DecisionVerb
                    && self.strength(h) >= 3
                    && self.has_role(h, rules::SELECTION)
                    && h.chosen.is_some()
                    && switch_request_re().is_match(&s.view);
                ((c.request || suggests()) && (names_both || names_instead || names_switch))
                    || (self.has_role(h, rules::ASKS) && h.chosen.is_some())
                    || (self.has_role(h, rules::MAKES)
                        && h.chosen.is_some()
                        && make_request_re().is_match(&s.view))
            })
    }

    /// Index of the epitome sentence, if some sentence reaches the threshold.
    pub(super) fn best_sentence(&self, a: &Analysis) -> Option<usize> {
        let mut best: Option<usize> = None;
        for (i, s) in a.sents.iter().enumerate() {
            // "implement it across backend and frontend": assent with no
            // option named decides nothing by itself (an answer to the
            // assistant is read against its message instead); "rename the
            // column like you suggested" restates the work in its own words;
            // "find where it renders, and implement this end-to-end": the
            // requests beside an assent to the work's pronoun are that work
            let assent_only = || {
                let mut conf = s
                    .hits
                    .iter()
                    .filter(|h| self.category(h) == Category::Confirmation)
                    .peekable();
                let pronoun_assent =
                    conf.peek().is_some() && conf.all(|h| self.has_role(h, rules::WORK));
                s.hits.iter().all(|h| h.chosen.is_none())
                    && super::assent::assent_alone(&s.hits, |h| {
                        let c = self.category(h);
                        let polite = self.has_role(h, rules::POLITE)
                            || (pronoun_assent && c == Category::ActionRequest);
                        (c, polite, h.start, h.end)
                    })
            };
            if s.score >= THRESHOLD
                && best.map(|b| s.score > a.sents[b].score).unwrap_or(true)
                && !assent_only()
            {
                best = Some(i);
            }
        }
        best
    }

    /// Whether the sentence's first strong decisive marker is a ban.
    pub(crate) fn sentence_is_ban(&self, s: &Sent) -> bool {
        let first_ban = s
            .hits
            .iter()
            .filter(|h| self.category(h) == Category::Ban && self.strength(h) >= 2)
            .map(|h| h.start)
            .min();
        let first_other = s
            .hits
            .iter()
            .filter(|h| {
                matches!(
                    self.category(h),
                    Category::DecisionVerb | Category::Rejection | Category::Confirmation
                ) && self.strength(h) >= 2
            })
            .map(|h| h.start)
            .min();
        // "use the existing helper, don't write a new one": a choice first
        let first_imperative = s
            .hits
            .iter()
            .filter(|h| self.category(h) == Category::Imperative && h.chosen.is_some())
            .map(|h| h.start)
            .min();
        let first_other = match (first_other, first_imperative) {
            (Some(o), Some(i)) => Some(o.min(i)),
            (o, i) => o.or(i),
        };
        match (first_ban, first_other) {
            (Some(b), Some(o)) => b <= o,
            (Some(_), None) => true,
            _ => false,
        }
    }
}
