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

/// The end of a sentence that says a preference or an acceptance: an
/// optional copula and closing particle ("いいよね", "大丈夫です", "いいと思う")
/// before the sentence's end.
macro_rules! said_end {
    () => {
        r"(?:です|だ)?(?:よね|よ|ね|と思う|と思います)?\s*(?:[。！!、,]|$)"
    };
}

pub(crate) const LANG: Lang = Lang {
    code: "ja",
    rules: &[
        // "grep の処理だけ残して": only this part stays, the rest goes
        (
            "dv.dake_nokosu",
            DecisionVerb,
            3,
            SELECTION,
            r"(?:(?P<veto>メモ|メッセージ|コメント|連絡|記録|痕跡|跡)|(?P<chosen>[^、。！？\s][^、。！？]{0,30}?))\s*(?:だけ|のみ)(?:を|は)?\s*(?P<m>残(?:して|す(?:ように)?|しておいて|しましょう|そう))(?:ください|下さい|ほしい|欲しい|ね)?\s*(?:[。！!、]|$)",
        ),
        // "ファイル自体は残すが、git config する処理は削除": what stays and
        // what goes, side by side
        (
            "rej.nokosu_sakujo",
            Rejection,
            3,
            NONE,
            r"(?P<chosen>[^、。！？\s][^、。！？]{0,30}?)\s*(?:は|だけ|のみ)\s*(?P<m>残(?:す|して|しつつ|しておいて))(?:が|けど|けれど|て)?\s*[、,]?\s*(?P<rejected>[^、。！？][^。！？]{0,40}?)\s*(?:は|を)\s*(?:削除|消(?:す|して|しちゃって)|外(?:す|して)|捨て|なくして|無くして)",
        ),
        // "config.toml の仕様を変更する": the spec itself changes
        (
            "dv.spec_change",
            DecisionVerb,
            3,
            NONE,
            r"(?P<m>仕様(?:を|は)\s*(?:次のように|以下のように|こう|この?ように)?\s*(?:変更|改め|見直)(?:する|します|して|したい|しよう))",
        ),
        // "独自仕様はダメ": X is not allowed
        (
            "ban.wa_dame",
            Ban,
            3,
            NONE,
            concat!(
                r"(?:(?P<veto>これ|それ|あれ|どれ|ここ|そこ)|(?P<rejected>",
                opt!(),
                r"))\s*は\s*(?P<m>ダメ|だめ|駄目|NG)(?:です|だ|だよ|よ)?\s*(?:[。！!]|$)"
            ),
        ),
        // the language the agent answers in, for good
        (
            "dv.reply_language",
            DecisionVerb,
            3,
            SELECTION,
            r"(?:今後|これから|以降|常に|必ず|いつも)[^。！？]{0,12}?(?P<chosen>日本語|英語)で(?P<m>回答|返答|応答|返信|答え|書いて|書く|出力|やり取り|会話)",
        ),
        // "pnpm 一択で": the one choice
        (
            "dv.ittaku",
            DecisionVerb,
            3,
            SELECTION,
            concat!(r"(?P<chosen>", opt!(), r")\s*(?P<m>一択)"),
        ),
        // "Yup はナシで": an option turned down
        (
            "rej.nashi",
            Rejection,
            3,
            NONE,
            concat!(
                r"(?P<rejected>",
                opt!(),
                r")\s*(?:は|も)\s*(?P<m>ナシ|なし|無し|パス|却下|要らない|いらない|不要|対象外|サポート外|非対応|サポートしません|サポートしない|やめとく|やめておく|やめます)(?:で|です|だ|。|、|,|$|\s)"
            ),
        ),
        // "対応ブラウザは Chrome・Edge・Safari の最新2バージョン": a standing scope
        (
            "mem.taiou",
            Memory,
            3,
            NONE,
            r"(?P<m>(?:対応|サポート)(?:ブラウザ|環境|OS|端末|バージョン|言語)\s*は)",
        ),
        // "うちはエンドポイント名は全部ケバブケース": the house rule
        (
            "mem.uchi_wa",
            Memory,
            3,
            NONE,
            r"(?P<m>うちは|うちでは|うちの(?:プロジェクト|チーム|会社)では|このプロジェクトでは|弊社では|チームでは)[^。！？\n]{0,40}?(?:全部|すべて|全て|いつも|常に|必ず)",
        ),
        (
            "rej.tsukaitakunai",
            Rejection,
            3,
            NONE,
            r"(?P<rejected>⟨TECH⟩|[A-Za-z][\w.+#-]*)\s*(?:は|を|も)?\s*(?P<m>使いたくない|使わない方針|使わないことに|入れたくない|採用しない|やめたい)",
        ),
        (
            "ban.ng",
            Ban,
            3,
            NONE,
            r"(?P<m>の(?:は|も)\s*(?:NG|ダメ|だめ|禁止))",
        ),
        (
            "dv.enough",
            DecisionVerb,
            3,
            SELECTION,
            r"(?P<chosen>⟨TECH⟩|[A-Za-z][\w.+#-]*)\s*(?:で|が)\s*(?P<m>十分|足りる|事足りる)",
        ),
        (
            "rej.kyakka",
            Rejection,
            3,
            NONE,
            r"(?P<rejected>[^。、！？\n]{1,30}?)\s*(?:は|を)\s*(?P<m>却下|ボツ|見送り|なしで|やめましょう|やめとこう)",
        ),
        (
            "dv.jaa_x",
            DecisionVerb,
            3,
            SELECTION,
            r"^\s*(?P<m>じゃあ|では|それなら|なら)\s*、?\s*(?P<chosen>[A-Za-z][\w.+#/@-]*(?:\s[A-Za-z][\w.+#/@-]*)?)\s*(?:で|に|の方|のほう)?\s*(?:[。!！]|$)",
        ),
        (
            "dv.iko_subeki",
            DecisionVerb,
            3,
            SELECTION,
            concat!(
                r"(?:(?P<veto>どこ|何|なに|どれ|どちら|どっち)\s*に|(?P<chosen>",
                opt!(),
                r")\s*に\s*(?P<m>(?:移行|変更)\s*(?:すべき|した(?:ほう|方)がいい|しましょう|しよう|します)|(?:切り替え|乗り換え)(?:るべき|た(?:ほう|方)がいい|ましょう|よう|ます)))"
            ),
        ),
        (
            "dv.de_yarou",
            DecisionVerb,
            3,
            SELECTION,
            concat!(
                r"(?:(?P<veto>これ|それ|あれ|あと|後|今|次|明日|ここ|そこ|みんな)\s*で|(?P<chosen>",
                opt!(),
                r")\s*で\s*(?P<m>やろう|やりましょう|作ろう|作りましょう|実装しよう|実装しましょう))"
            ),
        ),
        (
            "mem.done_when",
            Memory,
            3,
            NONE,
            r"(?P<m>(?:ら|たら|れば)(?:完了|終了)(?:とする|とします|とみなす|です)|完了の(?:条件|基準)は|完了条件は)",
        ),
        (
            "mem.tabi",
            Memory,
            3,
            NONE,
            r"(?P<m>(?:する|した|作る|追加する|変更する|直す)たび(?:に)?|(?:とき|時|際)は(?:必ず|いつも))[^。！？!?]{0,40}?(?:てください|て下さい|なさい|こと|しよう|して|する|使う)",
        ),
        // "オフラインでも動く必要があります", "…方針でお願いします", "…方式で":
        // a requirement or an approach set
        (
            "dv.houshin",
            DecisionVerb,
            3,
            NONE,
            r"(?P<m>オフライン(?:で|でも)(?:動く|動作する|使える)(?:必要|ように|こと)|(?:方針|方式|やり方)で(?:お願いします|お願い|いきます|行きます|いこう|行こう|進めて|統一)|(?:方針|方式)で\s*[。.!！]?\s*$)",
        ),
        (
            "dv.scope_list",
            DecisionVerb,
            3,
            NONE,
            r"(?P<chosen>[^。！？!?]{1,40}(?:、|と)[^。！？!?]{1,40}?)(?P<m>(?:に対応|をサポート|に対応させ)(?:する必要|して|させて|すること|できるように|が必須|は必須|しないといけない))",
        ),
        (
            "dv.ni_suru",
            DecisionVerb,
            3,
            SELECTION | HANDLE,
            concat!(
                r"(?P<chosen>",
                opt!(),
                r")\s*(?:に|で)\s*(?P<m>しよう|しましょう|します|してください|して下さい|する(?:こと)?(?:に)?(?:します)?|決定|確定|決まり|決め(?:た|ました|よう)|行こう|いこう|行きましょう|いきましょう|進めよう|進めましょう|統一(?:して|しよう|しましょう|します|する|したい|で(?:[。！!、,\s]|$))|いっか|いいか(?:[。！!…]|$)|いいや|寄せ(?:ます|よう|ましょう|て(?:ください|下さい|ほしい)?|る(?:こと|方針)?)(?:[。！!、,\s]|$))"
            ),
        ),
        (
            "dv.wo_tsukau",
            DecisionVerb,
            3,
            SELECTION,
            concat!(
                r"(?P<chosen>",
                opt!(),
                r")\s*(?:を|は)\s*(?P<m>使(?:って|おう|いましょう|います|う|え)|使用(?:して|しよう|します|する)|採用(?:して|しよう|します|する)|統一(?:して|しよう|します)|使い続け\w*)"
            ),
        ),
        (
            "dv.de_tech",
            DecisionVerb,
            3,
            SELECTION,
            r"(?P<chosen>[A-Za-z][\w.+#/@-]*(?:\s[A-Za-z][\w.+#/@-]*){0,1})\s*(?:で|を使って)\s*(?P<m>作って|作成して|実装して|書いて|構築して|作りたい|開発して|お願い|作る|書く)",
        ),
        // "LWWでいい", "月末だけで大丈夫です": this one will do
        (
            "dv.de_ii",
            DecisionVerb,
            3,
            SELECTION,
            concat!(
                r"(?:(?P<veto>これ|それ|あれ|どれ|何|なん|ここ|そこ|今|いつ|誰|後|あと|後回し|明日|来週|次回|次|今度|最後|最初|手動|自分|ローカル|一旦|とりあえず)\s*で|(?P<chosen>",
                opt!(),
                r")\s*で\s*(?P<m>いい|良い|大丈夫|OK|オッケー|構わない|かまわない)",
                said_end!(),
                ")"
            ),
        ),
        (
            "dv.prefer",
            DecisionVerb,
            3,
            SELECTION,
            concat!(
                r"(?P<chosen>",
                opt!(),
                r")\s*(?:の(?:ほう|方)が|が)\s*(?P<m>いい|良い|好き|望ましい)",
                said_end!()
            ),
        ),
        (
            "dv.priority",
            DecisionVerb,
            3,
            SELECTION,
            concat!(
                r"(?P<chosen>",
                opt!(),
                r")\s*を\s*(?P<m>優先(?:して|する|しよう|で|します))"
            ),
        ),
        (
            "dv.keep",
            DecisionVerb,
            3,
            SELECTION,
            concat!(
                r"(?P<chosen>",
                opt!(),
                r")\s*(?:を|で|の)?\s*(?P<m>(?:その)?まま(?:で|使って|いこう|行こう)|使い続け|継続|引き続き)"
            ),
        ),
        (
            "dv.decided",
            DecisionVerb,
            3,
            NONE,
            r"(?P<m>決めました|決定(?:しました|した|です|事項)|に決まり|ことにしました)",
        ),
        (
            "rej.instead",
            Rejection,
            3,
            NONE,
            concat!(
                r"(?P<rejected>",
                opt!(),
                r")\s*(?P<m>ではなく(?:て)?|じゃなく(?:て)?|の代わりに|のかわりに|よりも?)\s*[、,]?\s*(?P<chosen>",
                opt!(),
                ")"
            ),
        ),
        (
            "ban.naide",
            Ban,
            3,
            NONE,
            concat!(
                r"(?P<rejected>",
                opt!(),
                r")\s*(?:は|を|に|には|では)?\s*(?P<m>(?:絶対に?|決して|二度と)?\s*(?:直接)?\s*(?:使わ|触ら|さわら|変更し|編集し|削除し|追加し|入れ|コミットし|プッシュし|pushし|commitし|いじら|書か|上書きし|消さ)(?:ないで|ないこと|ちゃだめ|ちゃダメ|てはいけない|てはダメ|ないように|ては駄目))"
            ),
        ),
        (
            "ban.kinshi",
            Ban,
            3,
            NONE,
            concat!(
                r"(?P<rejected>",
                opt!(),
                r")\s*(?:は|の)?\s*(?P<m>禁止|厳禁|使用禁止)"
            ),
        ),
        (
            "mem.from_now",
            Memory,
            2,
            NONE,
            r"(?P<m>今後|これから(?:は|も)?|以後|今から|常に|毎回|必ず|いつも)",
        ),
        (
            "mem.rule",
            Memory,
            3,
            NONE,
            r"(?P<m>ルール(?:は|として|です)|規約|方針(?:は|として))",
        ),
        (
            "dv.de_tech_far",
            DecisionVerb,
            3,
            SELECTION,
            r"(?P<chosen>⟨TECH⟩)\s*(?:で|を使って)[^。！？]{0,40}?(?P<m>作って|作成して|実装して|書いて|構築して|作りたい|開発して|お願い|作る|書く)",
        ),
        (
            "ban.naide_any",
            Ban,
            3,
            NONE,
            r"(?P<m>(?:絶対に?|決して|二度と|今後は?|これからは)[^。！？]{0,30}?(?:ないで|ないこと|ないように|てはいけない|禁止))",
        ),
        (
            "ban.nai_koto",
            Ban,
            3,
            NONE,
            r"(?P<m>[ぁ-んァ-ヶ一-龯]*(?:ない|ません)(?:こと|ように(?:して|する|お願い)?))(?:[。！!]|$)",
        ),
        (
            "dv.first_later",
            DecisionVerb,
            3,
            NONE,
            r"(?P<m>まず|先に)[^。！？!?]{1,40}?[、,][^。！？!?]{0,30}?(?:その後|後で|あとで|後回し|次のバージョン|次のリリース)",
        ),
    ],
    cues: &[
        (
            "reported",
            r"(?:同僚|上司|リーダー|先輩)(?:が|は)[^。]{0,20}(?:言って|提案|勧め)",
        ),
        (
            "request",
            r"(?:てもらえ(?:ます)?か|てくれ(?:ます)?か|できますか|しませんか|にしませんか)",
        ),
        (
            "question",
            r"(?:(?:^|[^っい])(?:です|ます|でしょう|ません|ない)?か[。？?]?\s*$|どう(?:する|します|しましょう|かな|思う)|どれ|なぜ|どうして|どちら(?:が|に)|いいかな|べき\s*[？?]?\s*$)",
        ),
        (
            "hedge",
            r"(?:たぶん|多分|かもしれ|かも|検討|考えて(?:いる|る)|迷って|とか\s*どう)",
        ),
        (
            "temporary",
            r"(?:まだ|とりあえず|一旦|いったん|今回(?:は|だけ|の)|今は|ひとまず|当面|暫定|しばらく|このタスク(?:では|で)|この作業(?:中|の間|では|で)|作業中は|この(?:PR|ブランチ|リファクタ(?:リング)?)(?:では|で))",
        ),
        (
            "conditional",
            r"^[^。]*?(?:なら|たら|れば|すると|場合は?)[、,]",
        ),
        (
            "delegation",
            r"(?:任せ|まかせ|おまかせ|お任せ|どちらでも|どっちでも|好きな(?:方|ほう)|判断して)",
        ),
        (
            "undecided",
            r"(?:まだ決めて|まだ決まって|考えさせて|検討中|か(?:で)?(?:迷って|悩んで)|かどうか(?:迷|悩|わから|分から))",
        ),
        (
            "experiment",
            r"(?:試して|試しに|やってみて|試してみ|使ってみて)",
        ),
    ],
    canon: &[
        (
            r"(?:^|[。！？\n]\s*)(?:あるいは|もしくは|別の方法として(?:は)?|代わりに)[、,\s]*",
            "\nAlternatively, ",
        ),
        (
            r"^\s*([A-Ea-e1-9])\s*(?:で|に|が|を)(?:お願いします|お願い|します|しよう|行こう|いこう)?\s*[。！!]?\s*$",
            "option $1",
        ),
        (
            r"(?:は|の方は)?(?:なし|ナシ|無し|ダメ|だめ|却下)(?:で|です)?",
            " is out ",
        ),
        (
            r"([A-Za-z][\w.+#:/-]*)\s*と\s*([A-Za-z][\w.+#:/-]*)\s*(?:の)?(どっち|どちら)",
            "${1} or ${2} ${3}",
        ),
        (r"と[、,]\s*", " or "),
        (
            r"(?:どちら|どっち)(?:に|が|を|で)?[^?？。]*[?？]",
            ", which one?",
        ),
        (
            r"[（(]\s*(?:おすすめ|オススメ|推奨)\s*[)）]",
            "(recommended)",
        ),
        (
            r"(?:おすすめ|オススメ|推奨)(?:の|された)?(?:案|方|もの|やつ)?(?:で|に)?",
            " your recommendation ",
        ),
        (
            r"([A-Ea-e1-9])\s*(?:案|番)(?:目)?\s*(?:で|に|が|を)?",
            " option $1 ",
        ),
        (
            r"(?:案|オプション|選択肢)\s*([A-Ea-e1-9])\s*[：:]?\s*(?:で|に|が|を)?",
            " option $1: ",
        ),
        (r"(?:一|1|１)つ目(?:の案)?", " the first "),
        (r"(?:二|2|２)つ目(?:の案)?", " the second "),
        (r"(?:三|3|３)つ目(?:の案)?", " the third "),
        (r"最初の(?:案|方|もの)?", " the first "),
        (r"前者", " the former "),
        (r"後者", " the latter "),
        (
            r"^\s*(?:はい|うん|ええ|いいよ|いいね|いいです|オッケー|了解(?:です)?|承知(?:しました)?|それで(?:お願いします|お願い|いこう|行こう)?|そうして(?:ください)?|お願いします|お願い)\s*(?P<p>[、,。！!]\s*|$)",
            "yes$p",
        ),
        (
            r"^\s*(?:いや|いいえ|いえ|いらない(?:です)?|不要(?:です)?|結構です|やめておこう|やめよう)\s*(?P<p>[、,。！!]\s*|$)",
            "no$p",
        ),
        (r"(?:全部|両方|すべて|全て)", " all "),
        (
            r"(?:いくつか|2つ|二つ|3つ|三つ)の(?:案|方法|選択肢|アプローチ|オプション)",
            " options ",
        ),
        (r"(?:どちら|どれ)", " which one "),
        (r"(?:おすすめ|オススメ)(?:は|します)", " I recommend "),
        (
            r"(?:でお願いします|でお願い|お願いします|お願い|ください|下さい)",
            " please ",
        ),
    ],
    tags: &[
        "いい",
        "いいね",
        "いいですか",
        "いいですね",
        "わかった",
        "分かった",
        "わかりましたか",
        "分かりましたか",
        "わかりました",
        "OK",
        "ok",
        "オーケー",
        "大丈夫",
        "覚えといて",
        "了解",
    ],
};

/// Tool and product names as Japanese speakers spell them in katakana
/// ("ポスグレで", "レディスにしよう"), with the name they stand for: an
/// answer spelled so picks the option that names it in Latin letters.
/// (Spellings that are also common words — ラスト "last", ゴー "go" — are
/// left out.)
pub(super) const NAMES: &[(&str, &str)] = &[
    ("キークローク", "Keycloak"),
    ("レディス", "Redis"),
    ("ポストグレスキューエル", "PostgreSQL"),
    ("ポストグレス", "Postgres"),
    ("ポスグレ", "Postgres"),
    ("マイエスキューエル", "MySQL"),
    ("モンゴディービー", "MongoDB"),
    ("エラスティックサーチ", "Elasticsearch"),
    ("カフカ", "Kafka"),
    ("ラビットエムキュー", "RabbitMQ"),
    ("ドッカー", "Docker"),
    ("クーバネティス", "Kubernetes"),
    ("クバネティス", "Kubernetes"),
    ("クバネテス", "Kubernetes"),
    ("テラフォーム", "Terraform"),
    ("リアクトネイティブ", "React Native"),
    ("リアクト", "React"),
    ("タイプスクリプト", "TypeScript"),
    ("ジャバスクリプト", "JavaScript"),
    ("パイソン", "Python"),
    ("コトリン", "Kotlin"),
    ("スウィフトデータ", "SwiftData"),
    ("スウィフトユーアイ", "SwiftUI"),
    ("スウィフト", "Swift"),
    ("フラッター", "Flutter"),
    ("ジャンゴ", "Django"),
    ("フラスク", "Flask"),
    ("スプリングブート", "Spring Boot"),
    ("グラフキューエル", "GraphQL"),
    ("プリズマ", "Prisma"),
    ("ファイアベース", "Firebase"),
    ("スーパーベース", "Supabase"),
    ("ウェブソケット", "WebSocket"),
    ("ウェブパック", "webpack"),
    ("テイルウィンド", "Tailwind"),
    ("パンダス", "pandas"),
    ("パイトーチ", "PyTorch"),
    ("テンソルフロー", "TensorFlow"),
    ("スベルト", "Svelte"),
    ("アンギュラー", "Angular"),
    ("レイルズ", "Rails"),
    ("エンジンエックス", "nginx"),
    ("ダイナモディービー", "DynamoDB"),
    ("プレイライト", "Playwright"),
    ("サイプレス", "Cypress"),
    ("リダックス", "Redux"),
    ("グラファナ", "Grafana"),
    ("プロメテウス", "Prometheus"),
    ("セントリー", "Sentry"),
    ("ストライプ", "Stripe"),
    ("ユニティ", "Unity"),
    ("ゴドー", "Godot"),
];
