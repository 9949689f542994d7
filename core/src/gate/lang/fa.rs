//! Persian. Its letters are outside the gate's `\w`, so rows end a word
//! with a space, punctuation or the end (`(?:[\s.!،,:;)]|$)`), never `\b`;
//! a zero-width non-joiner (U+200C) may stand where a space would
//! ("می‌کنیم", "به‌جای"). Requests end in an imperative or subjunctive verb
//! ("… کن", "… بشه", "… شود"), which tells a choice made from a report.

use super::super::rules::{LASTS, NONE, SELECTION};
use super::super::Category::*;
use super::Lang;

pub(crate) const LANG: Lang = Lang {
    code: "fa",
    rules: &[
        // "به جای تولید فایل اینها را دانلود و استفاده کن", "لطفا به جای
        // inline edit با انتخاب هر سلول یک پنجره باز شود": instead of X, a
        // request for Y, its verb closing the clause (not "به جای اینکه
        // درست بشه خراب شد", it broke instead). What is rejected is the one
        // or two words after "به جای" (to a comma when there is one).
        (
            "rej.be_jaye",
            Rejection,
            3,
            NONE,
            r"(?:^|[\s،,.:;(])(?P<m>به[\s\x{200c}]*جای|بجای)\s+(?P<rejected>[^\s،,.!؟?]+(?:\s+[^\s،,.!؟?]+)?)\s*[،,]?\s+(?P<chosen>[^.!؟?\n]{2,150}?)\s+(?:ب?کن(?:ید|یم|ین)?|بشه|بشن|شود|شوند|باشد|باشند|باشه|بده|بدید|بدین|دهد|کند|بساز|بسازید|بنویس|بنویسید|بذار|بگذار|بزن|بریم)(?:\s*(?:[.!،,:;)]|$)|\s+(?:و|تا|که|چون)\s)",
        ),
        // "بارگذاری اطلاعات از سرور به جای فایل csv": "X instead of Y",
        // terse, closing the sentence
        (
            "rej.x_be_jaye_y",
            Rejection,
            3,
            NONE,
            r"^[\s\W]*(?P<chosen>[^.!؟?\n،,]{2,80}?)\s+(?P<m>به[\s\x{200c}]*جای|بجای)\s+(?P<rejected>[^\s.!؟?،,]+(?:\s+[^\s.!؟?،,]+){0,2})\s*[.!]?\s*$",
        ),
        // "از Postgres استفاده کن", "برای تست‌ها از pytest استفاده کنیم"
        (
            "dv.estefade",
            DecisionVerb,
            3,
            SELECTION,
            r"(?:^|[\s،,.:;(])از\s+(?P<chosen>⟨TECH⟩)(?:\s+(?:و|یا)\s+⟨TECH⟩)?\s+(?P<m>استفاده)\s+(?:ب?کن(?:ید|یم|ین)?|بشه|شود|بکنیم|خواهیم[\s\x{200c}]+کرد|می[\s\x{200c}]*کنیم)(?:[\s.!،,:;)]|$)",
        ),
        // "هرگز فایل .env رو commit نکن", "هیچوقت مستقیم روی master push
        // نکنید": never, then a verb in the negative imperative (not "هرگز
        // کار نکرد", it never worked, nor "نمی…")
        (
            "ban.hargez",
            Ban,
            3,
            LASTS,
            r"(?:^|[\s،,.:;(])(?P<m>هرگز|هیچ[\s\x{200c}]*وقت|به\s+هیچ\s+وجه)\s+(?P<rejected>(?:[^\s!؟?،,]+\s+){0,6}?ن(?:کن|کنید|زن|زنید|ده|دهید|ساز|سازید|نویس|نویسید|ذار|ذارید|گذار|گذارید|فرست|فرستید|ریز|ریزید|بر|برید|خوان|کش|دار|گیر|بند|باید))(?:[\s.!،,:;)]|$)",
        ),
        // "از این به بعد همه پیام‌ها رو فارسی بنویس": from now on, with a
        // request
        (
            "mem.az_in_be_bad",
            Memory,
            3,
            NONE,
            r"(?:^|[\s،,.:;(])(?P<m>از\s+(?:این|الان|حالا)\s+به\s+بعد)\s+[^.!؟?\n]{2,120}?\s+(?:ب?کن(?:ید|ین)?|بشه|شود|شوند|باشد|باشه|بده|بدید|بساز|بنویس|بنویسید|بزن|بذار|بگذار)(?:[\s.!،,:;)]|$)",
        ),
        // "همیشه اول تست‌ها رو اجرا کن", "همیشه باید از RLM استفاده شود",
        // "قرار است که همیشه فقط یک پروژه فعال باشد": always, with an
        // imperative, a "must" or a "it is meant to" (not "همیشه خطا
        // میده", it always fails, nor "میخوام … همیشه نمایش داده بشه", a
        // wish for a feature)
        (
            "mem.hamishe",
            Memory,
            3,
            NONE,
            r"(?:^|[\s،,.:;(])(?:(?P<m>همیشه)\s+(?:[^.!؟?\n]{0,60}?\s)?(?:باید\s+[^.!؟?\n]{1,100}?\s+(?:شود|بشه|بشود|باشد|باشه|کنی|کنید|کنیم|بکنی)|[^.!؟?\n]{1,100}?\s+(?:ب?کن(?:ید|ین)?|بنویس|بنویسید|بزن|بزنید|بده|بدید|بساز|بذار|بگذار))|(?P<m2>قرار\s+(?:است|هست)\s+(?:که\s+)?همیشه)\s+[^.!؟?\n]{1,100}?\s+(?:باشد|باشه|شود|بشه))(?:[\s.!،,:;)]|$)",
        ),
        // "بیا یک قانون پروژه ایجاد کنیم که …": a standing rule the person
        // sets for the work
        (
            "mem.ghanoon",
            Memory,
            3,
            NONE,
            r"(?:^|[\s،,.:;(])(?P<m>قانون|قاعده)(?:\s+[^\s.!؟?]+){0,3}?\s+(?:ایجاد|اضافه|تعریف|درست)\s+(?:ب?کن(?:ید|یم|ین)?|بشه|شود)(?:[\s.!،,:;)]|$)",
        ),
    ],
    cues: &[
        (
            "question",
            r"(?:^|[\s،,.:;(])(?:آیا|چرا|چطور|چطوری|چگونه|کدام|کدوم|چه\s*جوری|چی\s+کار|میشه\s+بگی)(?:[\s.!،,:;)?؟]|$)",
        ),
        (
            "hedge",
            r"(?:^|[\s،,.:;(])(?:شاید|احتمالا|احتمالاً|فکر\s+کنم|به\s+نظرم\s+شاید|ممکن\s+است|ممکنه)(?:[\s.!،,:;)]|$)",
        ),
        (
            "temporary",
            r"(?:^|[\s،,.:;(])(?:فعلا|فعلاً|موقتا|موقتاً|عجالتا|عجالتاً)(?:[\s.!،,:;)]|$)",
        ),
    ],
    canon: &[],
    tags: &[],
};
