//! Matching an option's words against list items: content words (no
//! articles or filler), and the item sharing the most of them.

/// Words (and pairs of CJK characters) that name the work to be done, not
/// a choice: an answer that shares only these with a list item ("run it",
/// "review and test changes", "修复") has not named that item.
const GENERIC_WORK: &[&str] = &[
    "test",
    "tests",
    "testing",
    "run",
    "running",
    "rerun",
    "implement",
    "implementing",
    "implementation",
    "update",
    "updating",
    "updated",
    "fix",
    "fixing",
    "fixes",
    "add",
    "adding",
    "create",
    "creating",
    "make",
    "continue",
    "continuing",
    "start",
    "begin",
    "proceed",
    "review",
    "try",
    "again",
    "check",
    "move",
    "change",
    "changes",
    "code",
    "file",
    "files",
    "error",
    "errors",
    "issue",
    "issues",
    "item",
    "items",
    "remaining",
    "next",
    "step",
    "steps",
    "now",
    "all",
    "them",
    "these",
    "those",
    "work",
    "task",
    "tasks",
    "more",
    "here",
    "there",
    "some",
    "can",
    "will",
    "so",
    "if",
    "not",
    "no",
    "up",
    "out",
    "修复",
    "修改",
    "检查",
    "檢查",
    "优化",
    "優化",
    "测试",
    "測試",
    "实现",
    "實現",
    "添加",
    "删除",
    "刪除",
    "更新",
    "文件",
    "问题",
    "問題",
    "代码",
    "代碼",
    "继续",
    "繼續",
    "开始",
    "開始",
    "执行",
    "執行",
    "运行",
    "運行",
    "请你",
    "請你",
    "帮我",
    "幫我",
    "一下",
    "確認",
    "修正",
    "実装",
    "追加",
    "削除",
    "続け",
    "수정",
    "확인",
    "추가",
    "삭제",
    "진행",
    "계속",
];

/// Whether `w` names the work, not what sets an option apart: shared by
/// "test it again" and "1. Test the event store", it picks nothing.
pub(crate) fn generic_work(w: &str) -> bool {
    GENERIC_WORK.contains(&w)
}

/// Articles, prepositions, conjunctions and pronouns, in English and the
/// other Latin and Cyrillic languages read: they name no option ("RQ is
/// enough for us"; "des" of "suggère des idées" is not "l'ordre des
/// étapes").
const FUNCTION_WORDS: &[&str] = &[
    "for", "is", "us", "the", "to", "of", "in", "on", "and", "or", "we", "it", "with", "be", "an",
    "as", "de", "des", "du", "la", "le", "les", "l", "d", "un", "une", "et", "ou", "que", "qu",
    "au", "aux", "el", "los", "las", "del", "y", "con", "por", "para", "en", "o", "os", "da",
    "das", "dos", "e", "um", "uma", "com", "na", "der", "den", "dem", "ein", "eine", "und", "oder",
    "mit", "für", "von", "zu", "im", "и", "в", "на", "с", "по", "для", "или",
];

/// Whether `w` (lower case) is a function word ([`FUNCTION_WORDS`]).
pub(crate) fn function_word(w: &str) -> bool {
    FUNCTION_WORDS.contains(&w)
}

/// Lower-cased content words of a span (for matching options to list items).
pub(crate) fn content_words(s: &str) -> Vec<String> {
    // (beside the function words: these fit any option too)
    const STOP: &[&str] = &[
        "a",
        "i",
        "use",
        "using",
        "our",
        "one",
        "approach",
        "option",
        "version",
        "that",
        "this",
        "your",
        "my",
        "just",
        "go",
        "do",
        "yes",
        "yeah",
        "yep",
        "ok",
        "okay",
        "sure",
        "sounds",
        "good",
        "great",
        "fine",
        "perfect",
        "alright",
        "let's",
        "lets",
        "like",
        "you",
        "proposed",
        "suggested",
        "please",
        "pls",
        "then",
        "thanks",
        "cool",
        "nice",
        "idea",
        "plan",
        "suggestion",
        "proposal",
        "design",
        "me",
        "by",
        "works",
        "let",
        "s",
    ];
    s.split(|c: char| {
        !(c.is_alphanumeric() || c == '+' || c == '#' || c == '-' || c == '_' || c == '.')
    })
    .map(|w| {
        w.trim_matches(|c: char| c == '.' || c == '-')
            .to_lowercase()
    })
    .filter(|w| !w.is_empty() && !STOP.contains(&w.as_str()) && !function_word(w))
    .collect()
}

/// The runs of one script in a word written without a space between a
/// Latin name and the words around it ("CDNで" → "CDN", "用flutter" →
/// "flutter", "k3s로" → "k3s"); a one-letter run beside a name (a particle)
/// is left out.
pub(crate) fn script_runs(w: &str) -> impl Iterator<Item = &str> {
    let mut cuts = vec![0];
    let mut prev: Option<bool> = None;
    for (i, c) in w.char_indices() {
        let ascii = c.is_ascii();
        if prev.is_some_and(|p| p != ascii) && c.is_alphanumeric() {
            cuts.push(i);
        }
        if c.is_alphanumeric() {
            prev = Some(ascii);
        }
    }
    cuts.push(w.len());
    let split = cuts.len() > 2;
    cuts.windows(2)
        .map(move |x| &w[x[0]..x[1]])
        .filter(move |r| !split || r.is_ascii() || r.chars().count() > 1)
        .collect::<Vec<_>>()
        .into_iter()
}

/// [`content_words`], each cut into its [`script_runs`]: the words an
/// answer and an option are matched by ("CDNで" names "CDN キャッシュ").
fn matching_words(s: &str) -> Vec<String> {
    let mut out = Vec::new();
    for w in content_words(s) {
        let runs: Vec<&str> = script_runs(&w).collect();
        if runs.len() > 1 {
            out.extend(runs.into_iter().map(str::to_string));
        } else {
            out.push(w);
        }
    }
    out
}

/// The consonants of a word written in Cyrillic letters, as the Latin
/// letters a Russian speaker spells a borrowed name with ("вебхук" → "vbhk",
/// "редис" → "rds", "кафка" → "kfk"); `None` for a word not wholly in
/// Cyrillic. With [`latin_skeleton`]: how an answer typed in Cyrillic names
/// an option the assistant wrote in Latin letters.
fn cyrillic_skeleton(w: &str) -> Option<String> {
    if w.is_empty() || !w.chars().all(|c| ('\u{0400}'..='\u{04FF}').contains(&c)) {
        return None;
    }
    let letters = w.chars().flat_map(char::to_lowercase).map(|c| match c {
        'б' => "b",
        'в' => "v",
        'г' => "g",
        'д' => "d",
        'ж' => "zh",
        'з' => "z",
        'к' => "k",
        'л' => "l",
        'м' => "m",
        'н' => "n",
        'п' => "p",
        'р' => "r",
        'с' => "s",
        'т' => "t",
        'ф' => "f",
        'х' => "h",
        'ц' => "ts",
        'ч' => "ch",
        'ш' | 'щ' => "sh",
        _ => "",
    });
    skeleton(letters)
}

/// The consonants of a word in Latin letters, folded as
/// [`cyrillic_skeleton`] spells them ("webhook" → "vbhk", "Redis" →
/// "rds"); `None` for a word with anything but ASCII letters.
fn latin_skeleton(w: &str) -> Option<String> {
    if w.is_empty() || !w.bytes().all(|b| b.is_ascii_alphabetic()) {
        return None;
    }
    let letters = w.bytes().map(|b| match b.to_ascii_lowercase() {
        b'w' | b'v' => "v",
        b'c' | b'k' | b'q' => "k",
        b'x' => "ks",
        b'b' => "b",
        b'd' => "d",
        b'f' => "f",
        b'g' => "g",
        b'h' => "h",
        b'j' => "j",
        b'l' => "l",
        b'm' => "m",
        b'n' => "n",
        b'p' => "p",
        b'r' => "r",
        b's' => "s",
        b't' => "t",
        b'z' => "z",
        _ => "",
    });
    skeleton(letters)
}

/// Joins consonant spellings, a doubled letter once ("kafka" / "кафка");
/// `None` under three letters (too little to tell).
fn skeleton<'a>(letters: impl Iterator<Item = &'a str>) -> Option<String> {
    let mut out = String::new();
    for c in letters.flat_map(str::chars) {
        if !out.ends_with(c) {
            out.push(c);
        }
    }
    (out.len() >= 3).then_some(out)
}

/// Whether `word`, in Cyrillic letters, spells the Latin name `name`
/// ("вебхук" / "webhook").
pub(crate) fn spells_in_cyrillic(word: &str, name: &str) -> bool {
    cyrillic_skeleton(word).is_some_and(|k| latin_skeleton(name) == Some(k))
}

/// Index of the unique item sharing the most content words with `probe`
/// (a word of the probe in Cyrillic letters also shares one with a Latin
/// word of the item whose consonants it spells: see
/// [`cyrillic_skeleton`]).
pub(crate) fn best_item(probe: &str, items: &[String]) -> Option<usize> {
    let pw = matching_words(probe);
    if pw.is_empty() {
        return None;
    }
    let spelled: Vec<String> = pw.iter().filter_map(|w| cyrillic_skeleton(w)).collect();
    let mut best: Option<(usize, usize)> = None;
    let mut tie = false;
    for (i, it) in items.iter().enumerate() {
        let iw = matching_words(it);
        let mut n = iw.iter().filter(|w| pw.contains(w)).count();
        if !spelled.is_empty() {
            n += iw
                .iter()
                .filter_map(|w| latin_skeleton(w))
                .filter(|k| spelled.contains(k))
                .count();
        }
        if n == 0 {
            continue;
        }
        match best {
            Some((_, bn)) if n == bn => tie = true,
            Some((_, bn)) if n < bn => {}
            _ => {
                best = Some((i, n));
                tie = false;
            }
        }
    }
    if tie {
        None
    } else {
        best.map(|(i, _)| i)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cyrillic_spelling_matches_a_latin_name() {
        assert_eq!(cyrillic_skeleton("вебхук").as_deref(), Some("vbhk"));
        assert_eq!(latin_skeleton("Webhook").as_deref(), Some("vbhk"));
        let items = vec!["Long polling".to_string(), "Webhook".to_string()];
        assert_eq!(best_item("вебхук, домен есть", &items), Some(1));
        assert_eq!(best_item("спасибо, посмотрю", &items), None);
    }
}
