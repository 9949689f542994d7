//! Japanese.

use super::super::rules::{HANDLE, NONE, SELECTION};
use super::super::Category::*;
use super::Lang;

/// An option: a Latin-script name or up to twelve characters up to
/// punctuation or a particle boundary.
macro_rules! opt {
    () => {
        r"(?:[A-Za-z][\w.+#/@-]*(?:\s[A-Za-z][\w.+#/@-]*){0,2}|[^\s、。,！？!?：:「」（）()をはがでにも]{1,12})"
    };
}

pub(crate) const LANG: Lang = Lang {
    code: "ja",
    rules: &[
        ("dv.ni_suru", DecisionVerb, 3, SELECTION | HANDLE,
         concat!(r"(?P<chosen>", opt!(), r")\s*(?:に|で)\s*(?P<m>しよう|しましょう|します|する(?:こと)?(?:に)?(?:します)?|決定|決め(?:た|ました|よう)|行こう|いこう|行きましょう|いきましょう|進めよう|進めましょう|統一(?:して|しよう|します|する))")),
        ("dv.wo_tsukau", DecisionVerb, 3, SELECTION,
         concat!(r"(?P<chosen>", opt!(), r")\s*(?:を|は)\s*(?P<m>使(?:って|おう|いましょう|います|う|え)|使用(?:して|しよう|します|する)|採用(?:して|しよう|します|する)|統一(?:して|しよう|します)|使い続け\w*)")),
        ("dv.de_tech", DecisionVerb, 3, SELECTION,
         r"(?P<chosen>[A-Za-z][\w.+#/@-]*(?:\s[A-Za-z][\w.+#/@-]*){0,1})\s*(?:で|を使って)\s*(?P<m>作って|作成して|実装して|書いて|構築して|作りたい|開発して|お願い|作る|書く)"),
        ("dv.prefer", DecisionVerb, 3, SELECTION,
         concat!(r"(?P<chosen>", opt!(), r")\s*(?:の(?:ほう|方)が|が)\s*(?P<m>いい|良い|好き|望ましい)(?:です)?(?:[。！!]|$)")),
        ("dv.priority", DecisionVerb, 3, SELECTION,
         concat!(r"(?P<chosen>", opt!(), r")\s*を\s*(?P<m>優先(?:して|する|しよう|で|します))")),
        ("dv.keep", DecisionVerb, 3, SELECTION,
         concat!(r"(?P<chosen>", opt!(), r")\s*(?:を|で|の)?\s*(?P<m>(?:その)?まま(?:で|使って|いこう|行こう)|使い続け|継続|引き続き)")),
        ("dv.decided", DecisionVerb, 3, NONE,
         r"(?P<m>決めました|決定(?:しました|した|です|事項)|に決まり|ことにしました)"),
        ("rej.instead", Rejection, 3, NONE,
         concat!(r"(?P<rejected>", opt!(), r")\s*(?P<m>ではなく(?:て)?|じゃなく(?:て)?|の代わりに|のかわりに|よりも?)\s*[、,]?\s*(?P<chosen>", opt!(), ")")),
        ("ban.naide", Ban, 3, NONE,
         concat!(r"(?P<rejected>", opt!(), r")\s*(?:は|を|に|には|では)?\s*(?P<m>(?:絶対に?|決して|二度と)?\s*(?:直接)?\s*(?:使わ|触ら|さわら|変更し|編集し|削除し|追加し|入れ|コミットし|プッシュし|pushし|commitし|いじら|書か|上書きし|消さ)(?:ないで|ないこと|ちゃだめ|ちゃダメ|てはいけない|てはダメ|ないように|ては駄目))")),
        ("ban.kinshi", Ban, 3, NONE,
         concat!(r"(?P<rejected>", opt!(), r")\s*(?:は|の)?\s*(?P<m>禁止|厳禁|使用禁止)")),
        ("mem.from_now", Memory, 2, NONE,
         r"(?P<m>今後|これから(?:は|も)?|以後|今から|常に|毎回|必ず|いつも)"),
        ("mem.rule", Memory, 3, NONE,
         r"(?P<m>ルール(?:は|として|です)|規約|方針(?:は|として))"),
        ("dv.de_tech_far", DecisionVerb, 3, SELECTION,
         r"(?P<chosen>⟨TECH⟩)\s*(?:で|を使って)[^。！？]{0,40}?(?P<m>作って|作成して|実装して|書いて|構築して|作りたい|開発して|お願い|作る|書く)"),
        ("ban.naide_any", Ban, 3, NONE,
         r"(?P<m>(?:絶対に?|決して|二度と|今後は?|これからは)[^。！？]{0,30}?(?:ないで|ないこと|ないように|てはいけない|禁止))"),
    ],
    cues: &[
        ("question", r"(?:(?:です|ます|でしょう|ません|ない)?か[。？?]?\s*$|どう(?:する|します|しましょう|かな|思う)|どれ|なぜ|どうして|どちら(?:が|に)|いいかな|べき\s*[？?]?\s*$)"),
        ("hedge", r"(?:たぶん|多分|かもしれ|かも|検討|考えて(?:いる|る)|迷って|とか\s*どう)"),
        ("temporary", r"(?:まだ|とりあえず|一旦|いったん|今回(?:は|だけ)|今は|ひとまず|当面|暫定|しばらく)"),
        ("conditional", r"^[^。]*?(?:なら|たら|れば|場合は?)[、,]"),
        ("delegation", r"(?:任せ|まかせ|おまかせ|お任せ|どちらでも|どっちでも|好きな(?:方|ほう)|判断して)"),
        ("undecided", r"(?:まだ決めて|まだ決まって|考えさせて|検討中)"),
        ("experiment", r"(?:試して|試しに|やってみて|試してみ|使ってみて)"),
    ],
    canon: &[
        (r"[（(]\s*(?:おすすめ|オススメ|推奨)\s*[)）]", "(recommended)"),
        (r"(?:おすすめ|オススメ|推奨)(?:の|された)?(?:案|方|もの|やつ)?(?:で|に)?", " the recommended one "),
        (r"([A-Ea-e1-9])\s*(?:案|番)(?:目)?\s*(?:で|に|が|を)?", " option $1 "),
        (r"(?:案|オプション|選択肢)\s*([A-Ea-e1-9])\s*[：:]?\s*(?:で|に|が|を)?", " option $1: "),
        (r"(?:一|1|１)つ目(?:の案)?", " the first "),
        (r"(?:二|2|２)つ目(?:の案)?", " the second "),
        (r"(?:三|3|３)つ目(?:の案)?", " the third "),
        (r"最初の(?:案|方|もの)?", " the first "),
        (r"前者", " the former "),
        (r"後者", " the latter "),
        (r"^\s*(?:はい|うん|ええ|いいよ|いいね|いいです|オッケー|了解(?:です)?|承知(?:しました)?|それで(?:お願いします|お願い|いこう|行こう)?|そうして(?:ください)?|お願いします|お願い)\s*(?:[、,。！!]\s*|$)", "yes, "),
        (r"(?:全部|両方|すべて|全て)", " all "),
        (r"(?:いくつか|2つ|二つ|3つ|三つ)の(?:案|方法|選択肢|アプローチ|オプション)", " options "),
        (r"(?:どちら|どれ)", " which one "),
        (r"(?:おすすめ|オススメ)(?:は|します)", " I recommend "),
    ],
};
