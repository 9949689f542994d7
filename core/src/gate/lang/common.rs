//! Constructions shared by many languages: a role of the project given a
//! technology ("DB: Postgres", "缓存交给 Redis", "la base de datos que sea
//! Postgres", "тесты всегда на Vitest"), named with the [`ROLE`] words of
//! each language and the technology names of `⟨TECH⟩`.

use super::super::rules::{LASTS, NONE, SELECTION, SPECIFIES};
use super::super::Category::*;
use super::Lang;

/// The parts of a project a choice is made for, in every language of the
/// tables (`⟨ROLE⟩` in the patterns below).
macro_rules! role {
    () => {
        r"(?:database|db|datastore|storage|cache|caching|queue|frontend|front-end|front|backend|back-end|back|api|orm|tests?|testing|test\s+framework|framework|ui|styling|css|state(?:\s+management)?|auth|logging|ci|hosting|bundler|package\s+manager|linter|formatter|base\s+de\s+datos|la\s+base|banco(?:\s+de\s+dados)?|datenbank|bdd|base\s+de\s+donn[ée]es|la\s+bd|el\s+orm|pruebas|testes|les\s+tests|база(?:\s+данных)?|бд|бэкенд|фронтенд|тесты|кэш|数据库|資料庫|缓存|快取|前端|后端|後端|测试(?:框架)?|測試(?:框架)?|框架|状态管理|狀態管理|日志|日誌|データベース|キャッシュ|フロント(?:エンド)?|バックエンド|テスト|状態管理|데이터베이스|캐시|프론트(?:엔드)?|백엔드|테스트|상태\s*관리)"
    };
}

/// A technology name (the `⟨TECH⟩` list), case-insensitive.
/// A human language by its name in English or in the common languages
/// (a product's reply or content language).
macro_rules! human_language {
    () => {
        r"(?:english|french|german|spanish|portuguese|italian|japanese|korean|chinese|russian|fran[cç]ais|anglais|allemand|espagnol|italien|portugais|deutsch|englisch|franz(?:ö|o|oe)sisch|spanisch|espa[nñ]ol|ingl[eé]s|franc[eé]s|alem[aá]n|portugu[eé]s|ingl[eê]s|espanhol|franc[eê]s|alem[aã]o|русский|английский|中文|英文|日本語|英語|한국어|영어)"
    };
}

macro_rules! tech {
    () => {
        "⟨TECH⟩"
    };
}

pub(crate) const LANG: Lang = Lang {
    code: "all",
    rules: &[
        // "quero migrar meu blog do Gatsby pro Astro", "migrer vers Svelte",
        // "переехать на Postgres": a move to a technology
        (
            "dv.migrate_to",
            DecisionVerb,
            3,
            SELECTION,
            concat!(
                r"(?:^|[^\wЀ-ӿ])(?P<m>migrar|migrer|migrieren|umsteigen|мигрировать|мигрируем|переехать|переезжаем|перейти|переходим)[^.;!?\n]{0,40}?(?:^|[^\wЀ-ӿ])(?:pro|pra|para(?:\s+o|\s+a)?|a|al|vers|sur|auf|nach|zu|на)\s+(?P<chosen>",
                tech!(),
                r")(?:[^\wЀ-ӿ]|$)"
            ),
        ),
        (
            "mem.min_version",
            Memory,
            3,
            NONE,
            r"(?:support|target|precisa|tem\s+que|must|has\s+to|needs\s+to|should|debe|tiene\s+que|muss|soll|doit|должн|нужно|需要|要|必须|対応|지원|min(?:imum)?)[^.!?\n]{0,40}?(?P<m>(?:android|ios|ipados|macos|windows|node(?:\.?js)?|python|java|php|ruby|chrome|safari|firefox|api\s+level|sdk)\s*v?\d+(?:\.\d+)*\s*(?:\+|(?:and|or)\s+(?:up|above|newer|later|higher)|(?:pra|para)\s+cima|o\s+superior|y\s+superior|en\s+adelante|und\s+h(?:ö|o|oe)her|et\s+plus|ou\s+plus|или\s+выше|и\s+выше|以上|이상))",
        ),
        (
            "dv.role_tech",
            DecisionVerb,
            3,
            SELECTION,
            concat!(
                r"(?:^|[^\w])(?P<m>",
                role!(),
                r")\s*(?:[^.!?。！？\n]{0,12}?)\s*(?:[:：—–=]|\s(?:will\s+be|shall\s+be|vai\s+ser|que\s+sea|ser[aá]|soit|soll|wird|будет)\s|定|交给|交給|就用|用|は|는|은|에는)\s*(?:(?:en|in|em|на|auf|mit|con|avec|com)\s+)?(?P<chosen>",
                tech!(),
                r")(?:[^\w]|$)"
            ),
        ),
        (
            "dv.tech_for_role",
            DecisionVerb,
            3,
            SELECTION,
            concat!(
                r"(?:^|[^\w])(?P<chosen>",
                tech!(),
                r")\s+(?P<m>for|para|pour|f[uü]r|pra|для|做)\s+(?:the\s+|our\s+|la\s+|el\s+|le\s+|les\s+|o\s+|a\s+|os\s+|die\s+|den\s+|das\s+)?",
                role!(),
                r"(?:[^\w]|$)"
            ),
        ),
        (
            "mem.always_tech",
            Memory,
            3,
            SELECTION,
            concat!(
                r"(?:^|[^\w])(?P<m>always|siempre|toujours|sempre|immer|всегда|항상|무조건|ausschlie[sß]lich|only|solo|s[oó]lo|seulement|uniquement|somente|apenas|только|只用|一律|必ず)\s*(?:use|usa|usar|utilise|mit|with|con|avec|com|на|in|en|em|用)?\s*(?P<chosen>",
                tech!(),
                r")(?:[^\w]|$)"
            ),
        ),
        (
            "mem.written_in",
            Memory,
            3,
            NONE,
            r"(?P<m>(?:comments?|logs?|log-meldungen|fehlermeldungen|messages\s+d'erreur|file\s*names?|class\s*names?|function\s*names?|branch\s*names?|파일명|클래스명|함수명|브랜치명|ファイル名|クラス名|関数名|文件名|類名|类名|函数名|commit\s+messages?|commit\s+mesajlar[ıi]|commits|комменты|комментарии\s+в\s+коде|commenti|komentarze|docs|documentation|variable\s+names?|naming|identifiers|log\s+messages|error\s+messages|comentarios|documentaci[oó]n|kommentare|commit-nachrichten|commit-messages|commentaires|messages\s+de\s+commit|coment[aá]rios|mensagens\s+de\s+commit|комментарии|коммиты|сообщения\s+коммитов|注释|註解|注釋|提交信息|提交訊息|命名|变量名|變數名|文档|文檔|コメント|コミットメッセージ|変数名|ドキュメント|주석|커밋\s*메시지|변수명|문서))[^.!?。！？\n]{0,24}?(?:english|ingl[eé]s|anglais|englisch|ingl[eê]s|inglese|ingilizce|po\s+angielsku|английском|англ|英语|英文|英語|영어|spanish|espa[nñ]ol|castellano|german|deutsch|allemand|alem[aá]n|alem[aã]o|french|fran[cç]ais|franc[eé]s|portuguese|portugu[eê]s|russian|русском|по-русски|japanese|日本語|japon[eé]s|korean|한국어|chinese|中文|汉语|漢語|chino|chinois|chin[eê]s|italian|italiano|turkish|t[uü]rk[cç]e|vietnamese|ti[eế]ng\s+vi[eệ]t|polish|po\s+polsku|camel\s*case|snake_case|kebab-case|pascal\s*case|驼峰|駝峰|キャメルケース|スネークケース|카멜\s*케이스|스네이크\s*케이스)",
        ),
        (
            "mem.no_exceptions",
            Memory,
            2,
            NONE,
            r"(?P<m>no\s+exceptions|without\s+exception|sin\s+excepci[oó]n|sem\s+exce[cç][aã]o|ohne\s+ausnahme|sans\s+exception|без\s+исключений|没有例外|沒有例外|例外なく|예외\s*없이|как\s+договаривались|como\s+combinamos|como\s+acordamos|wie\s+besprochen|comme\s+convenu|like\s+we\s+agreed|as\s+agreed)",
        ),
        (
            "dv.all_in_tech",
            DecisionVerb,
            3,
            SELECTION,
            concat!(
                r"(?:^|[^\w])(?P<m>alles|tout|todo|tudo|всё|все|everything|all\s+of\s+it)\s+[^.!?]{0,15}?(?:in|en|em|на|auf)\s+(?P<chosen>",
                tech!(),
                r")(?:[^\w]|$)"
            ),
        ),
        (
            "rej.comma_kein",
            Rejection,
            3,
            NONE,
            r"(?:^|[^\w])(?P<chosen>[^,.;!?]{2,40}?),\s*(?P<m>kein(?:e|en)?\b|pas\s+d(?:e\b|')|sin\b|sem\b|без(?:[^\wЀ-ӿ]|$))\s*(?:(?P<veto>problem|problema|probl[eè]me|souci|soucis|ahnung|sorge|pressa|prisa|stress|проблем)\b|(?P<rejected>[^,.;!?]{1,30}))\W*$",
        ),
        (
            "dv.tech_particle",
            DecisionVerb,
            3,
            SELECTION,
            concat!(
                r"(?:^|[^\w])(?P<chosen>",
                tech!(),
                r")\s*(?P<m>吧|就好|就行|好了|でいこう|で行こう|でお願い|로\s*하자|로\s*가자)"
            ),
        ),
        (
            "mem.naming_colon",
            Memory,
            3,
            NONE,
            r"(?:^|[\n。.!?！？]\s*)(?P<m>naming(?:\s+conventions?)?|padr[aã]o\s+de\s+nomes|conven[cç][aã]o\s+de\s+nomes|nomenclatura|convenci[oó]n\s+de\s+nombres|los\s+nombres\s+de\s+(?:las\s+)?ramas|namenskonvention(?:en)?|benennung|convention\s+de\s+nommage|nommage|нейминг|именование|命名(?:规范|規範|规则|規則)?|네이밍(?:\s*규칙)?|명명\s*규칙)\s*[:：]\s*\S",
        ),
        (
            "rej.overkill",
            Rejection,
            3,
            NONE,
            concat!(
                r"(?:^|[^\w])(?P<rejected>",
                tech!(),
                r")[^.!?。！？\n]{0,25}?(?P<m>overkill|оверкилл|избыточ[а-яё]*|オーバーキル|過剰|太重了?|오버\s*스펙|과해요?)"
            ),
        ),
        (
            "mem.general_rule",
            Memory,
            3,
            NONE,
            r"(?:^|[^\w])(?P<m>(?:as\s+a\s+)?general\s+rule|standing\s+rule|regra\s+geral|regla\s+general|r[eè]gle\s+g[eé]n[eé]rale|grundregel|allgemeine\s+regel|общее\s+правило|постоянное\s+правило|一般规则|通用规则|基本ルール|일반\s*규칙)(?:[^\w]|$)",
        ),
        (
            "mem.non_negotiable",
            Memory,
            3,
            NONE,
            r"(?:^|[^\w])(?P<m>non\s+n[eé]gociable|innegociable|n[aã]o\s+negoci[aá]vel|nicht\s+verhandelbar|не\s+обсуждается|没得商量|沒得商量|没有商量|交渉の余地はない|협상\s*불가)",
        ),
        (
            "dv.stack_list",
            DecisionVerb,
            3,
            SELECTION,
            concat!(
                r"^[^\w]*(?P<chosen>",
                tech!(),
                r")(?:\s+v?\d[\w.]*)?(?:\s+(?:im|in|for|on|para|pour|на|als|no|en|em|for\s+the)\s+(?:the\s+|le\s+|la\s+|o\s+|el\s+)?[\w-]+)?\s*(?P<m>,|\+|/|\s(?:with|con|com|avec|mit|и|and|y|e|et|und)\s)\s*[^.!?。\n]{0,40}?(?:^|[^\w])(?:",
                tech!(),
                r")(?:[^\w]|$)(?:[^.!?。\n]*?(?P<veto>\b(?:are|is|were|was|keeps?|kept|sind|est|son|s[aã]o)\s+(?:all\s+|both\s+|now\s+|still\s+|alle\s+|todos\s+)?(?:down|failing|broken|slow|crashing|timing|not|still|throwing|erroring|taking|hanging|stuck|kaputt|cass[ée]|ca[ií]dos?)\b))?"
            ),
        ),
        (
            "dv.tech_suffices",
            DecisionVerb,
            3,
            SELECTION,
            concat!(
                r"(?:^|[^\w])(?P<chosen>",
                tech!(),
                r")\s*(?P<m>reicht|gen[uü]gt|suffit|basta|alcanza|es\s+suficiente|[eé]\s+suficiente|хватит|достаточно|就够了|就夠了|で十分|で足りる|면\s*충분)"
            ),
        ),
        (
            "dv.role_tech_bare",
            DecisionVerb,
            3,
            SELECTION,
            concat!(
                r"(?:^[^\w]*|[,;]\s*|\s(?:and|und|y|e|et|ve|и|en)\s+)(?P<m>",
                role!(),
                r")\s+(?:(?:in|en|em|mit|con|with|on|на|avec|com|auf)\s+)?(?P<chosen>",
                tech!(),
                r")(?:\s+v?\d[\w.]*)?(?:\s*(?:[,;.]|$)|\s+(?:mit|with|con|com|avec|ve|and|und|y|e|et|и|olsun|\+)\s)(?:[^.!?。\n]*?(?P<veto>\b(?:is|are|was|were|ist|sind|est|es|está|son|s[aã]o|keeps?|kept)\s+(?:all\s+|both\s+|now\s+|still\s+|alle\s+|todos\s+)?(?:down|failing|broken|slow|crashing|timing|not|still|throwing|erroring|kaputt|cass[ée]|ca[ií]dos?|lento|langsam|lent)\b))?"
            ),
        ),
        (
            "dv.no_then_tech",
            DecisionVerb,
            3,
            SELECTION,
            concat!(
                r"^[^\w]*(?P<m>no|nope|nah|n[aã]o|nein|non|нет|не|неа)\s*[,.:—–-]\s*(?P<chosen>rest(?:\s*api)?|",
                tech!(),
                r")(?:\s+v?\d[\w.]*)?(?:\s*(?:[,.;!]|$)|\s+(?:con|com|with|mit|avec|с|resolve|resuelve|reicht|suffit|basta|alcanza|is\s+fine|is\s+enough|then|instead|en\s+su\s+lugar|entonces|ent[aã]o|dann|alors|хватит|достаточно)(?:\W|$))"
            ),
        ),
        (
            "mem.convention_value",
            Memory,
            3,
            NONE,
            r"(?:^|[^\w])(?:are|is|sont|est|son|van|sind|ist|werden|s[aã]o|ficam|—|–|=|must\s+be|should\s+be|ha(?:ve|s)\s+to\s+be|needs?\s+to\s+be|always\s+use|use)\s+(?:(?:always|siempre|toujours|immer|sempre|всегда|all|todos?|todas?|tous|toutes|alle|en|in|em|au|as|als|como|comme|on|plain)\s+){0,3}(?P<m>snake_case|snake\s+case|camel\s*case|kebab-case|kebab\s+case|pascal\s*case|screaming_snake_case|iso[- ]?8601|utc|uuid\s*v\d|uuids?|ulids?|integer\s+cents|cents|singul(?:ar|ier)|plural|append-only|immutable|structured\s+json|json\s+lines|ndjson|one\s+(?:json\s+)?object\s+per\s+line|semver|conventional\s+commits)(?:[^\w]|$)(?:[^.!?\n]*?(?P<veto>\binstead\b|\bbut\s+(?:it|they|the|we|i|you|some|one|this|that)\b|\bsometimes\b|\bwhy\b|\bshould(?:n't|\s+not)?\s+be\b|\bnot\s+(?:in|as)\b))?",
        ),
        (
            "mem.design_property",
            Memory,
            3,
            NONE,
            r"(?:^|[^\w])(?:must|has\s+to|have\s+to|needs?\s+to|tiene\s+que|tienen\s+que|debe|deben|muss|m(?:ü|u|ue)ssen|doit|doivent|precisa|precisam|tem\s+que|должен|должна|должно|должны|必须|必須)\s+(?:always\s+|siempre\s+|toujours\s+|immer\s+|sempre\s+|всегда\s+)?(?:be\s+|ser\s+|sein\s+|être\s+|etre\s+|быть\s+|fonctionner\s+|work\s+|funcionar\s+|работать\s+)?(?:fully\s+|completely\s+|100%\s+|totalmente\s+|komplett\s+|enti[eè]rement\s+|полностью\s+)?(?P<m>idempot[\wé]*|идемпотентн[а-я]*|safe\s+to\s+retry|resumable|restartable|crash-safe|retry-safe|re-?entrant|thread-safe|backwards?[- ]compatible|r[uü]ckw(?:ä|a|ae)rtskompatibel|retrocompat[ií]vel|r[eé]trocompatible|offline[- ]first|offline|hors\s+ligne|sin\s+conexi[oó]n|stateless|幂等|冪等)(?:[^\w]|$)",
        ),
        (
            "dv.cjk_role_tech",
            DecisionVerb,
            3,
            SELECTION,
            concat!(
                r"(?P<m>前端|后端|後端|数据库|資料庫|缓存|快取|フロント(?:エンド)?|バックエンド|データベース|프론트(?:엔드)?|백엔드|데이터베이스)\s*(?:[:：]|は|는|은|用|使用)?\s*(?P<chosen>",
                tech!(),
                r")(?:[^\w]|$)"
            ),
        ),
        // "toda tabla lleva created_at", "jede Tabelle kriegt …", "chaque
        // table a un …", "cada PR tiene que llevar tests", "у каждой таблицы
        // должны быть …": every thing of a kind has or must have something
        // (a time — "cada vez que", "jedes Mal", "chaque fois", "каждый раз"
        // — or "todo el día" says when, not what a kind has)
        (
            "mem.every_kind_has",
            Memory,
            3,
            NONE,
            r"(?:^|[^\wЀ-ӿ])(?:(?P<veto>(?:cada|chaque|jede[sn]?|каждый|каждую|toda\s+a|tout\s+le|toute\s+la|todo\s+el|toda\s+la|den\s+ganzen|весь|всю)\s+(?:vez|fois|mal|раз|d[ií]a|jour|tag|день|dia|semana|semaine|woche|неделю|momento|moment|temps|tempo|zeit|время|rato)|(?:todos|todas|tous|toutes|alle|все)\s+(?:los|las|les|os|as|die)?\s*(?:d[ií]as|jours|tage|дни|dias|semanas|semaines|wochen|meses|mois|monate))|(?:todo|toda|todos|todas|cada|jede[rsnm]?|alle|chaque|tou(?:te)?s\s+les|tou(?:te)?s\s+nos|toute\s+la|tout\s+le|каждый|каждая|каждое|каждого|каждой|у\s+каждо(?:го|й)|все|весь|вся|всё)\s+(?:[^\s.;:!?,]+\s+){0,5}?(?P<m>tiene(?:n)?\s+que|debe(?:n)?|lleva(?:n)?|kriegt|kriegen|bekommt|bekommen|muss|m(?:ü|u|ue)ssen|soll(?:en)?|geh(?:ö|o|oe)r(?:t|en)|doit|doivent|renvoie(?:nt)?|devuelve(?:n)?|t[eê]m\s+que|tem\s+que|deve(?:m)?|precisa(?:m)?|volta(?:m)?|должн[аоы]?|должен|обязан[аоы]?|возвращает|возвращают|haben\s+dasselbe|hat\s+dasselbe|a\s+le\s+m[eê]me|ont\s+le\s+m[eê]me|tiene(?:n)?\s+(?:el\s+mismo|la\s+misma)|t[eê]m\s+(?:o\s+mesmo|a\s+mesma))(?:[^\wЀ-ӿ]|$))",
        ),
        // "每张表都要有 created_at", "所有 API 错误都回一样的格式", "设定值都从
        // config/settings.py 读", "すべてのテーブルに … を付けてください",
        // "모든 테이블에 … 넣어주세요": the CJK forms
        (
            "mem.cjk_every_must",
            Memory,
            3,
            NONE,
            r"(?P<m>(?:所有|每(?:个|個|张|張|条|條|一个|一個|位|次提交|次\s*PR)?|全部|任何|凡是)[^，。,;；!?！？\n]{0,20}?都(?:要|得|必须|必須|需要|应该|應該|只能|统一|統一)|(?:统一|統一|一律)\s*(?:用|放|从|從|改成|命名|叫|走|加|回|打到|存)|(?:すべて|全て|全部|各|どの|毎回)[^。！？!?\n]{0,40}?(?:ること|ルールで|で統一|に統一|に揃え|必須|ように(?:して|する))|(?:모든|전부|각)\s[^.!?\n]{0,40}?(?:[어아해돼]야|되어야|통일))",
        ),
        // "以后不管做什么功能，都不准硬删除", "不管哪个服务，都别 catch 了异常",
        // "之後任何新的 API 都不要手寫 SQL": a prohibition over everything of
        // a kind
        (
            "ban.cjk_whatever_never",
            Ban,
            3,
            LASTS,
            r"(?P<m>(?:不管|无论|無論|任何|所有|每(?:个|個))[^，。!?！？\n]{0,14}?[，,、]?\s*(?:也|都)\s*(?:不准|不许|不許|不要|别|別|不能|不得|禁止|不可以))\s*(?P<rejected>[^，。,;；!?！？\n]{1,30})",
        ),
        // "los tipos compartidos van en packages/types", "geteilte Typen
        // gehören nach packages/types", "les types partagés vont dans …",
        // "общие типы живут в packages/types", "共用的型別都放在 …",
        // "共通の型は packages/types に置く", "공통 타입은 packages/types에
        // 둡시다": where things of a kind live, a path
        (
            "mem.kind_lives_in_path",
            Memory,
            3,
            NONE,
            r"(?:(?:^|[^\wЀ-ӿ])(?P<m>van|viven|se\s+guardan|quedan|geh(?:ö|o|oe)ren|liegen|landen|leben|kommen|vont|vivent|restent|sont\s+rang[ée]s|ficam|v[aã]o|moram|vivem|живут|лежат|хранятся|кладём|кладем|идут)\s+(?:siempre\s+|immer\s+|toujours\s+|sempre\s+|всегда\s+|alle\s+|todos\s+)?(?:en|a|al|in|nach|ins|unter|dans|sous|em|no|na|nos|nas|pra|para|в|во|под)\s+(?:el\s+|la\s+|los\s+|das\s+|den\s+|dem\s+|le\s+|les\s+|l'|o\s+|a\s+)?|(?P<m2>(?:都|统一|統一|一律)\s*(?:放在|放到|放进|放進|丢到|丟到|存到|存在))\s*)[`'\x22]?[\w.@-]*/[\w./<>@*-]*|(?:は|는|은)\s*[`'\x22]?[\w.@-]*/[\w./<>@*-]*[`'\x22]?\s*(?P<m3>に置く|に置きます|に置いて(?:ください)?|に配置|に入れる|에\s*둡|에\s*두세요|에\s*둬|에\s*놓|에\s*넣)",
        ),
        // "nouvelle règle : …", "regla para todo el proyecto: …", "fica
        // combinado: …", "let's make it a rule that …", "…で規則にする": a rule
        // said to be one
        (
            "mem.rule_said",
            Memory,
            3,
            NONE,
            r"(?:^|[^\wЀ-ӿ])(?P<m>nouvelle\s+r[eè]gle|r[eè]gle\s+(?:pour\s+tout\s+le\s+projet|g[ée]n[ée]rale)?\s*:|nueva\s+regla|regla\s+(?:nueva|general|para\s+todo\s+el\s+proyecto|a\s+partir\s+de\s+hoy)\s*:|regla\s*:|neue\s+regel|ab\s+jetzt\s+gilt|regel\s+f(?:ü|u|ue)r\s+(?:alle|das\s+ganze\s+projekt)|fica\s+combinado|nova\s+regra|regra\s+(?:nova|geral|pro\s+projeto\s+todo)\s*:|regra\s*:|новое\s+правило|правило\s+(?:для\s+всего\s+проекта\s*)?:|make\s+(?:it|this|that)\s+a\s+(?:rule|convention)|new\s+rule\s*:|house\s+rule\s*:|规则定一下|規則定一下|定个规矩|定個規矩|ルールにします|ルールとして|규칙\s*정할게요|규칙으로\s*(?:할게요|하죠|합시다|정해요))",
        ),
        // "DB-Spalten immer in snake_case", "カラム名はスネークケースで統一",
        // "컬럼명은 snake_case로 통일": a naming case set for a kind of name
        (
            "mem.case_style",
            Memory,
            3,
            NONE,
            r"(?:(?:^|[^\wЀ-ӿ])(?:always|immer|siempre|sempre|toujours|всегда|统一|統一|一律|alle|all)\s+(?:\w+\s+){0,2}?(?:in|en|em|в|用|auf)?\s*(?P<m>snake_case|snake\s+case|camelCase|camel\s+case|kebab-case|kebab\s+case|PascalCase|pascal\s+case|SCREAMING_SNAKE_CASE)|(?P<m2>snake_case|camelCase|kebab-case|PascalCase|スネークケース|キャメルケース|ケバブケース|蛇形命名|驼峰命名?|駝峰命名?|스네이크\s*케이스|카멜\s*케이스)\s*(?:で統一|に統一|로\s*통일|으로\s*통일|统一|統一|一律|everywhere|überall|partout|por\s+todas\s+partes|em\s+tudo|везде))",
        ),
        // "…, ausnahmslos", "sans exception", "一个都不能漏", "예외 없이":
        // what holds for every case of a kind
        (
            "mem.without_exception",
            Memory,
            3,
            NONE,
            r"(?:^|[^\wЀ-ӿ])(?P<m>sans\s+exception|ausnahmslos|ohne\s+ausnahme|sin\s+excepci[oó]n|sin\s+excepciones|sem\s+exce[cç][aã]o|без\s+исключений|no\s+exceptions|every\s+single\s+one|一个都不能漏|一個都不能漏|一个都不能少|一個都不能少|例外なく|예외\s*없이)(?:[^\wЀ-ӿ]|$)",
        ),
        // "line length 100", "Zeilenlänge 100", "lignes de 100", "行長は
        // 100": a formatter's setting for the project
        (
            "mem.line_length",
            Memory,
            3,
            NONE,
            r"(?:^|[^\wЀ-ӿ])(?P<m>(?:max(?:imum)?\s+)?line\s+length|zeilenl(?:ä|a|ae)nge|longueur\s+de\s+ligne|lignes\s+de|l[ií]nea\s+de|l[ií]neas\s+de|linha\s+de|linhas\s+de|行長|行宽|行寬|줄\s*길이|длина\s+строки|строки\s+по)\s*(?:(?:of|de|von|=|:|is|は|는|을|를)\s*)?\d{2,3}(?:[^\w.]|$)",
        ),
        // "los tests van al lado del archivo que prueban", "Tests liegen
        // neben der Datei": where a kind of file lives, beside another
        (
            "mem.lives_beside",
            Memory,
            3,
            NONE,
            r"(?:^|[^\wЀ-ӿ])(?P<m>(?:van|viven|est[aá]n|quedan|liegen|leben|sont|vont|restent|ficam|v[aã]o|moram|vivem|лежат|живут|хранятся|go|live|sit|stay)\s+(?:always\s+|immer\s+|siempre\s+|toujours\s+|sempre\s+|всегда\s+)?(?:al\s+lado\s+del?|junto\s+al?|neben|à\s+côté\s+du?|a\s+c[oô]t[eé]\s+du?|do\s+lado\s+do|ao\s+lado\s+do|рядом\s+с|next\s+to|beside|alongside))\s+(?:the\s+|la\s+|el\s+|der\s+|dem\s+|den\s+|l'|o\s+|a\s+)?(?:file|archivo|fichier|arquivo|datei|файл\w*|source|code|c[oó]digo|module|m[oó]dulo|component|componente|composant|komponente)",
        ),
        // "then external secrets, that's already there", "ok so JSON, because …",
        // "entonces postgres", "então sqlite", "тогда redis": a technology
        // concluded on
        (
            "dv.then_tech",
            DecisionVerb,
            3,
            SELECTION,
            concat!(
                r"^[^\w]*(?:(?:ok|okay|alright|right|fine|hmm+|ah|oh|vale|bueno|bom|bon|bah|ben|gut|na\s+gut|ок|ну|ладно)[^\w]+)*(?P<m>then|so|entonces|pues|ent[aã]o|alors|donc|dann|тогда|значит)\s+(?:(?:let's\s+go\s+with|use|usa|usamos|vamos\s+con|vamos\s+de|on\s+prend|nehmen\s+wir|берём|берем|пусть\s+будет)\s+)?(?P<chosen>",
                tech!(),
                r")(?:\s+(?:it\s+is|then|entonces|alors|dann|тогда))?(?:[^\w]*$|\s*[,.;—–]\s*|\s+(?:because|since|as|cause|porque|ya\s+que|parce\s+que|car|weil|da|потому\s+что|так\s+как)(?:[^\w]|$))"
            ),
        ),
        // A request's spec, line by line (weighed with the request, see
        // `SPECIFIES`): a sentence that opens with a technology and goes on
        // as a list ("python 3.12, deploy with SAM", "go + goldmark for the
        // markdown", "aiogram 3, sqlite пока хватит")
        (
            "dv.spec_lead",
            DecisionVerb,
            3,
            SELECTION | SPECIFIES,
            concat!(
                r"^[^\w]*(?:(?P<veto>go\s+(?:for|with|as|to|on|ahead|back|through|over)\b)|(?P<chosen>",
                tech!(),
                r")(?:\s+v?\d[\w.]*)?(?:\s*(?P<m>[,+/]|[.!;]?\s*$)|\s+(?P<m2>for|para|pour|f(?:ü|u|ue)r|для|pra|as|als|como|comme)\s+(?:the\s+|la\s+|el\s+|le\s+|les\s+|o\s+|a\s+|die\s+|den\s+|das\s+)?[\w-]+))"
            ),
        ),
        // an item of a comma list ("a GKE cluster for staging, terraform,
        // europe-west4")
        (
            "dv.spec_item",
            DecisionVerb,
            3,
            SELECTION | SPECIFIES,
            concat!(
                r"(?P<m>[,;，、])\s*(?P<chosen>",
                tech!(),
                r")(?:\s+v?\d[\w.]*)?\s*(?:[,;.!，、。]|$)"
            ),
        ),
        // where the made thing keeps or runs on ("stored in redis since we
        // already run it", "deployed on fly.io", "hosted on vercel")
        (
            "dv.spec_kept_in",
            DecisionVerb,
            3,
            SELECTION | SPECIFIES,
            concat!(
                r"(?:^|[^\w])(?P<m>stored|kept|persisted|cached|hosted|deployed|deploy(?:\s+it)?|running|served|backed|built|written|implemented|packaged|shipped)\s+(?:in|on|with|via|to|using|by|as)\s+(?:an?\s+|the\s+)?(?P<chosen>",
                tech!(),
                r")(?:[^\w]|$)"
            ),
        ),
        // "Nur Postgres.", "Postgres uniquement.", "データストアは Postgres
        // のみで", "DB는 Postgres만": one technology, no other
        (
            "dv.tech_only",
            DecisionVerb,
            3,
            SELECTION,
            concat!(
                r"^[^\w]*(?P<m>nur|solo|s[oó]lo|s[oó]|somente|apenas|seulement|uniquement|только|只用|只要|仅用|僅用)\s+(?P<chosen>",
                tech!(),
                r")\s*(?:[.!]|$)"
            ),
        ),
        // "français uniquement", "nur Deutsch", "English only": the one
        // language a product ships in, named in any language
        (
            "dv.language_only",
            DecisionVerb,
            3,
            SELECTION,
            concat!(
                r"(?:^[^\w]*(?P<m>nur|solo|s[oó]lo|somente|apenas|seulement|uniquement|только)\s+(?:en\s+|in\s+|auf\s+|em\s+|на\s+)?(?P<chosen>",
                human_language!(),
                r")(?:[^\w]|$)|(?:^|[^\w])(?P<chosen2>",
                human_language!(),
                r")\s*(?P<m2>uniquement|seulement|only|solamente|apenas|のみ|だけ|만)(?:[\s.!,;、。]|で|を|$))"
            ),
        ),
        (
            "dv.tech_only_after",
            DecisionVerb,
            3,
            SELECTION,
            concat!(
                r"(?:^|[^\w])(?P<chosen>",
                tech!(),
                r")\s*(?P<m>uniquement|seulement|only|のみ|だけ|만)(?:\s|[.!,]|で|を|$)"
            ),
        ),
    ],
    cues: &[],
    // "the recommended one" as the answer forms read it
    canon: &[(
        r"\bthe\s+recommended\s+(?:one|option|approach|choice)\b",
        "your recommendation",
    )],
    // (English, and what every language borrows from it)
    tags: &[
        "ok",
        "okay",
        "alright",
        "all right",
        "got it",
        "understood",
        "clear",
        "capisce",
        "k",
    ],
};
