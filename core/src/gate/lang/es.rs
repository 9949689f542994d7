//! Spanish.

use super::super::rules::{ASKS, HANDLE, LASTS, NONE, SELECTION};
use super::super::Category::*;
use super::Lang;

pub(crate) const LANG: Lang = Lang {
    code: "es",
    rules: &[
        // the language the agent answers in, for good
        (
            "dv.reply_language",
            DecisionVerb,
            3,
            SELECTION,
            r"(?:^|\W)(?:(?P<m>responde|respondeme|respóndeme|contesta|contestame|contéstame|habla(?:me)?|comun[ií]cate)(?:\s+(?:siempre|solo|s[oó]lo|solamente))*|(?P<m2>escribe|escr[ií]belo|redacta|haz)\s+(?:siempre\s+)?(?:todo|todos\s+los\s+\w+|todas\s+las\s+\w+))\s+en\s+(?P<chosen>espa[nñ]ol|castellano|ingl[eé]s|franc[eé]s|alem[aá]n)(?:\W|$)",
        ),
        // "los dejamos tal cual", "déjalo como está": the current design kept
        // "déjalo como table": left as the named thing (against a change)
        (
            "dv.dejalo_como",
            DecisionVerb,
            3,
            SELECTION,
            r"(?:^|\W)(?P<m>d[eé]ja(?:lo|la|los|las)|(?:lo|la|los|las)\s+dejamos|dej[eé]mos(?:lo|la|los|las))\s+(?:como|en)\s+(?:(?P<veto>est[aá]n?|estaba|antes|siempre|paz|manos|blanco|visto|suspenso|pausa)(?:\W|$)|(?P<chosen>⟨NP⟩+))",
        ),
        (
            "dv.dejar_tal_cual",
            DecisionVerb,
            3,
            SELECTION,
            r"(?:^|\W)(?P<m>(?:lo|la|los|las)\s+dejamos|d[eé]ja(?:lo|la|los|las)|dej[eé]mos(?:lo|la|los|las)|nos\s+quedamos)\s+(?:tal\s+(?:cual|como\s+est[aá]n?)|como\s+est[aá]n?|as[ií]\s*(?:[,.;!]|$))(?:\W|$)",
        ),
        // "no hace falta Kubernetes para esto": a technology turned down
        (
            "rej.no_hace_falta",
            Rejection,
            3,
            NONE,
            r"(?:^|\W)(?P<m>no\s+(?:nos\s+)?hace\s+falta|no\s+necesitamos)\s+(?P<rejected>⟨TECH⟩)(?:\W|$)",
        ),
        // "el front va con Svelte": the part goes with a technology
        (
            "dv.va_con",
            DecisionVerb,
            3,
            SELECTION,
            r"(?:^|\W)(?P<m>va|van|vamos|iremos|ir[aá])\s+con\s+(?P<chosen>⟨TECH⟩)(?:\W|$)",
        ),
        // "el config.prod.yaml ni se toca"
        (
            "ban.ni_se_toca",
            Ban,
            3,
            NONE,
            r"(?:^|\W)(?P<m>ni\s+se\s+toca[n]?|no\s+se\s+toca[n]?|ni\s+lo\s+toques|ni\s+la\s+toques)(?:\W|$)",
        ),
        (
            "mem.asi_para_todo",
            Memory,
            3,
            NONE,
            r"(?:^|\W)(?P<m>(?:as[ií]\s+(?:para|en)|as[ií]\s+(?:es\s+)?como\s+lo\s+tenemos\s+en)\s+tod[oa]s?\s+(?:el|la|los|las)\s+)(?:backend|frontend|proyecto|c[oó]digo|repo|app|servicios?|m[oó]dulos?|endpoints?)(?:\W|$)",
        ),
        (
            "dv.said_use",
            DecisionVerb,
            3,
            SELECTION,
            r"\b(?P<m>te\s+dije\s+que\s+us(?:aras|ases|es)|dije\s+que\s+us(?:aras|ases|es))\s+(?P<chosen>⟨NP⟩+)",
        ),
        (
            "dv.entonces_x",
            DecisionVerb,
            3,
            SELECTION,
            r"^\W*(?:(?:vale|ok|bueno)\W+)?(?:(?P<veto>(?:que|qu[eé]|c[oó]mo|por|s[ií]|no|nada|listo|perfecto|genial|gracias|vale|ok|bueno|todo|eso|esto|lo|la|el|me|te|se|nos)(?:\s[^,.;!?]*?)?)|(?P<chosen>[\w`.+#/-]+(?:\s+[\w`.+#/-]+){0,2}?))\s+(?P<m>entonces)(?:\W*$|\s*[,.]\s)",
        ),
        (
            "dv.para_use",
            DecisionVerb,
            3,
            SELECTION,
            r"^\W*(?:(?:y|ok|vale)\W+)?para\s+[^,.;!?]{2,30},\s*(?P<m>usa|us[aá]|usad|vamos\s+con|elige|toma|usamos)\s+(?:(?P<veto>lo|eso|esto|cualquier\w*|lo\s+que)\b|(?P<chosen>⟨NP⟩+))",
        ),
        (
            "rej.en_no_en",
            Rejection,
            3,
            NONE,
            r"(?:^|\W)(?:en|con|dentro\s+de)\s+(?P<chosen>(?:[^,;.!?]|\.\S){1,40}),\s*(?:y\s+|pero\s+)?(?P<m>no|nunca)\s+(?:en|con|dentro\s+de)\s+(?P<rejected>⟨NP⟩+)",
        ),
        (
            "mem.van_en_carpeta",
            Memory,
            3,
            NONE,
            r"(?:^|\W)(?:los|las|todos\s+los|todas\s+las|cada)\s+[\w-]+\s+(?:[\w-]+\s+)?(?P<m>deben|deber[ií]an|tienen\s+que|van|va)\s+(?:preferiblemente\s+|siempre\s+)?(?:estar|ir|vivir|guardarse|ubicarse)?\s*en\s+(?:una|la|el|un|su|sus|otra|otro)\s+(?:[\w-]+\s+)?(?:sub)?(?:carpeta|directorio|m[oó]dulo|paquete|archivo)",
        ),
        (
            "dv.deberiamos",
            DecisionVerb,
            3,
            SELECTION,
            r"(?:^|\W)(?P<m>deber[ií]amos|debemos|tenemos\s+que)\s+(?:usar|migrar\s+a|pasar(?:nos)?\s+a|cambiar\s+a|adoptar|mantener|quedarnos\s+con|seguir\s+con)\s+(?P<chosen>⟨NP⟩+)",
        ),
        (
            "mem.done_when",
            Memory,
            3,
            NONE,
            r"(?:^|\W)(?P<m>se\s+considera\s+(?:terminad|hech|complet|list)[oa]s?\s+(?:cuando|si)|para\s+dar\s+por\s+(?:terminad|cerrad|completad)[oa]s?|(?:s[oó]lo|solo)\s+est[aá]\s+(?:list|terminad)[oa]\s+cuando)(?:\W|$)",
        ),
        (
            "mem.cada_vez",
            Memory,
            3,
            NONE,
            r"(?:^|\W)(?P<m>cada\s+vez\s+que|siempre\s+que)\s+[^,.;!?]{3,80},\s*(?:siempre\s+)?(?:hay\s+que|tienes\s+que|ten[eé]s\s+que|debes|debe|se\s+debe|usa|us[aá]|ejecuta|corre|a[nñ]ade|agrega|actualiza|haz|pon|escribe|revisa|sube|genera|no\s+(?:uses|hagas|toques|subas|borres))(?:\W|$)",
        ),
        (
            "dv.scope_list",
            DecisionVerb,
            3,
            NONE,
            r"(?:^|\W)(?P<m>(?:debe|deben|deber[aá]n?|tiene\s+que|tienen\s+que|hay\s+que|necesita|necesitamos|tenemos\s+que)\s+(?:poder\s+)?(?:soportar|manejar|aceptar|admitir|funcionar\s+(?:en|con)|correr\s+en|exportar\s+(?:a|en)))\s+(?P<chosen>[^.;!?]{1,80}?(?:,|\s+y\s+)[^.;!?]{1,60})",
        ),
        (
            "dv.lets",
            DecisionVerb,
            3,
            SELECTION | HANDLE,
            r"\b(?P<m>usemos|utilicemos|vamos\s+(?:a\s+usar|a\s+utilizar|con|por)|qu[eé]d[eé]monos\s+con|sigamos\s+con|pasemos\s+a|migremos\s+a|elijamos|elegimos|optamos\s+por|nos\s+quedamos\s+con)\s+(?P<chosen>⟨NP⟩+)",
        ),
        (
            "dv.use",
            DecisionVerb,
            3,
            SELECTION,
            r"^\W*(?:(?:mejor|entonces|ok|vale|pues|y|solo|s[oó]lo|bueno)\W+)*(?P<m>usa|utiliza|usad|utilice|elige|qu[eé]date\s+con|cambia\s+a|migra\s+a|pasa\s+a)\s+(?:(?P<veto>(?:este|esta|esto|estos|estas|ese|esa|eso|esos|esas)\b)|(?P<chosen>⟨NP⟩+))",
        ),
        (
            "dv.prefer",
            DecisionVerb,
            3,
            SELECTION,
            r"\b(?P<m>prefiero|preferimos|mejor\s+(?:usa|usemos|con|vamos\s+con))\s+(?P<chosen>⟨NP⟩+)",
        ),
        (
            "dv.decided",
            DecisionVerb,
            3,
            NONE,
            r"\b(?P<m>(?:hemos|he)\s+decidido|decidimos|decid[ií])(?:\W|$)",
        ),
        (
            "dv.keep",
            DecisionVerb,
            3,
            SELECTION,
            r"\b(?P<m>sigue\s+usando|seguimos\s+(?:usando|con)|mant[eé]n|mantengamos|mantenemos)\s+(?P<chosen>⟨NP⟩+)",
        ),
        (
            "dv.scope",
            DecisionVerb,
            3,
            NONE,
            r"\b(?P<m>(?:tenemos|hay)\s+que\s+soportar|necesitamos\s+soportar|debe\s+soportar|tiene\s+que\s+funcionar\s+en)\s+(?P<chosen>⟨NP⟩+)",
        ),
        (
            "rej.instead",
            Rejection,
            3,
            NONE,
            // (a report: "usó redis en lugar de memcached y se cayó")
            r"(?P<veto>[^,;.!?]*?(?:^|\s)(?:[a-záéíúñ]+ó|hizo|puso|(?:ha|han|había|habían|se)\s+(?:[a-záéíóúñ]+(?:ado|ido)|puesto|hecho|escrito|vuelto|devuelto|dicho|roto|abierto|resuelto)|estaba(?:n)?\s+[a-záéíóúñ]+(?:ando|iendo))\s[^,;.!?]*?\s(?:en\s+(?:lugar|vez)\s+de))|(?P<chosen>⟨NP⟩+?)\s+(?P<m>en\s+(?:lugar|vez)\s+del?)\s+(?P<rejected>⟨NP⟩+)",
        ),
        (
            "rej.instead_lead",
            Rejection,
            3,
            NONE,
            r"^\W*(?P<m>en\s+(?:lugar|vez)\s+de)\s+(?P<rejected>[^,;]+),\s*(?P<chosen>⟨NP⟩+)",
        ),
        (
            "rej.not_but",
            Rejection,
            3,
            NONE,
            r"\bno\s+(?P<rejected>[^,;]{1,40}?),?\s+(?P<m>sino)\s+(?P<chosen>⟨NP⟩+)",
        ),
        (
            "rej.comma_no",
            Rejection,
            2,
            NONE,
            r"(?P<chosen>⟨NP⟩+?),\s*(?P<m>no)\s+(?:(?P<veto>flicker\w*|lag|crash\w*|glitch\w*|errors?|warnings?|issues?|problems?|bugs?|regressions?|failures?|leaks?|delays?|drift|noise|changes?|difference|luck|output|response|reply|results?)\W*$|(?P<rejected>[\w.+#/-]+(?:\s+[\w.+#/-]+)?)\W*$)",
        ),
        (
            "ban.never",
            Ban,
            3,
            LASTS,
            r"\b(?P<m>nunca|jam[aá]s)\s+(?:(?P<veto>acontece|pasa|ocurre|sucede|aparece|carga|falla|llega|muestra|termina|acaba|responde|arranca|compila|anda|va|sale|se\s+(?:ve|muestra|carga|guarda|actualiza|cierra)|lo|la|los|las|me|te|se|le|les|nos|he|ha|hemos|hab[ií]a|s[eé]|entiendo|supe|funciona|funcion[oó]|pasaba|pas[oó]|ocurr[ií]a|suced[ií]a|cargaba|fallaba|\w+aba|\w+[ií]a|carrega|acontece|acontecia)(?:\W|$)|(?P<rejected>⟨NP⟩+))",
        ),
        (
            "ban.dont",
            Ban,
            3,
            NONE,
            r"\b(?P<m>no\s+(?:uses|utilices|toques|modifiques|agregues|a[nñ]adas|metas|subas|hagas\s+commit|hagas\s+push|borres|elimines|instales|importes|edites|cambies|dependas\s+de|ejecutes|corras|pongas|escribas|hagas))\s+(?P<rejected>⟨NP⟩*)",
        ),
        (
            "ban.prohibido",
            Ban,
            3,
            NONE,
            r"\b(?P<m>prohibido|est[aá]\s+prohibido|queda\s+prohibido)(?:\W|$)",
        ),
        (
            "mem.from_now",
            Memory,
            3,
            NONE,
            r"\b(?P<m>a\s+partir\s+de\s+ahora|de\s+ahora\s+en\s+adelante|desde\s+ahora|en\s+adelante)(?:\W|$)",
        ),
        ("mem.siempre", Memory, 1, NONE, r"\b(?P<m>siempre)\b"),
        (
            "mem.rule",
            Memory,
            3,
            NONE,
            r"\b(?P<m>tod[oa]s\s+l[oa]s\s+\w+\s+(?:deben|tienen\s+que|van)|la\s+regla\s+es|por\s+convenci[oó]n)",
        ),
        (
            "dv.build_in",
            DecisionVerb,
            3,
            SELECTION,
            r"\b(?:haz\w*|crea\w*|escrib\w*|programa\w*|implementa\w*|desarrolla\w*|arma\w*|monta\w*|construye\w*|quiero|queremos|necesito|necesitamos)\b(?:[^.;!?]|\.\w){0,80}?\b(?P<m>en|con|usando)\s+(?:una?\s+)?(?P<chosen>⟨TECH⟩)(?:\W|$)",
        ),
        (
            "dv.sigue_con",
            DecisionVerb,
            3,
            SELECTION,
            r"\b(?P<m>sigue\s+con|seguimos\s+con|contin[uú]a\s+con|volvamos\s+a|volvemos\s+a)\s+(?P<chosen>⟨NP⟩+)",
        ),
        (
            "ban.ningun",
            Ban,
            3,
            NONE,
            r"(?P<veto>\b(?:has|han|he|hemos|hay|ha|habido|tiene|tienes|tengo|veo|ves|encuentro|aparece|sale|existe)\s+(?:\w+\s+)?(?:ning[uú]n|ninguna|nada\s+de)\b)|(?:^|\W)(?P<m>ning[uú]n|ninguna|nada\s+de)\s+(?P<rejected>⟨NP⟩+)",
        ),
        (
            "dv.we_do",
            DecisionVerb,
            3,
            SELECTION,
            r"\b(?P<m>hacemos|usamos|escribimos|montamos|lo\s+hacemos|nos\s+quedamos\s+con)\s+(?:[^\s.,!?]+\s+){0,3}?(?:en\s+|con\s+)?(?P<chosen>⟨TECH⟩)(?:\W|$)",
        ),
        (
            "rej.priorizamos",
            Rejection,
            3,
            NONE,
            r"\b(?P<m>prioriz\w*|preferimos|priorizar)\s+(?:que\s+sea\s+)?(?P<chosen>[^,;.!?]{1,40}?)\s+(?:sobre|antes\s+que|por\s+encima\s+de)\s+(?:que\s+sea\s+)?(?P<rejected>⟨NP⟩+)",
        ),
        (
            "mem.todo_tiene_que",
            Memory,
            3,
            NONE,
            r"\b(?P<m>tod[oa]s?\s+(?:(?:los|las|el|la)\s+)?\w+(?:\s+\w+)?\s+(?:debe[n]?|tiene[n]?\s+que|necesita[n]?))\b",
        ),
        // "soportamos es-AR, es-MX y es-ES y nada más": the scope said
        (
            "mem.soportamos",
            Memory,
            3,
            NONE,
            r"(?:^|\W)(?P<m>(?:solo\s+|s[oó]lamente\s+)?(?:soportamos|damos\s+soporte\s+a|vamos\s+a\s+soportar|hay\s+que\s+soportar))\s+(?P<chosen>[^.;!?]{1,60}?(?:,|\s+y\s+)[^.;!?]{1,40})",
        ),
        (
            "dv.why_not",
            DecisionVerb,
            3,
            SELECTION | ASKS,
            r"(?P<m>por\s*qu[ée]\s+no)\s+(?:usar|usamos|usas|pasamos\s+a|nos\s+quedamos\s+con)?\s*(?:el\s+|la\s+|los\s+|las\s+)?(?:simplemente\s+|directamente\s+)?(?P<chosen>⟨TECH⟩|(?-i:[A-Z][\w.+#-]+))(?:\W|$)",
        ),
        (
            "dv.first_later",
            DecisionVerb,
            3,
            NONE,
            r"\b(?P<m>primero)\b[^.!?]{1,60}?\b(?:despu[ée]s|m[áa]s\s+adelante|luego|pr[óo]xima\s+versi[óo]n)\b",
        ),
        (
            "dv.reemplaza_por",
            DecisionVerb,
            3,
            SELECTION,
            r"\b(?P<m>reemplaza|reemplacemos|sustituye|sustituyamos|cambia)\s+(?P<rejected>[^,.;!?]{1,30}?)\s+por\s+(?P<chosen>⟨NP⟩+)",
        ),
        (
            "mem.todas_se",
            Memory,
            3,
            NONE,
            r"\b(?P<m>tod[oa]s\s+l[oa]s\s+[\wáéíóúñ]+\s+se\s+(?:guardan|escriben|nombran|usan|hacen|manejan|almacenan|validan|guardar[áa]n))\b",
        ),
        (
            "ban.ni_se_te_ocurra",
            Ban,
            3,
            NONE,
            r"(?P<m>ni\s+se\s+te\s+ocurra|ni\s+se\s+les\s+ocurra|ni\s+de\s+broma)\s+(?P<rejected>⟨NP⟩+)",
        ),
    ],
    cues: &[
        (
            "reported",
            r"(?:mi|nuestro|nuestra)\s+(?:jefe|jefa|compa[nñ]ero|compa[nñ]era|lead|cto|pm)\s+(?:dice|dijo|propone|sugiere|quiere|cree)",
        ),
        (
            "request",
            r"^\W*(?:¿\s*)?(?:puedes|podr[ií]as|podemos|por\s+qu[eé]\s+no)(?:\W|$)",
        ),
        (
            "question",
            r"(?:¿|^\W*(?:deber[ií]amos|cu[aá]l|qu[eé]|c[oó]mo|por\s+qu[eé]|crees\s+que|es\s+mejor)(?:\W|$))",
        ),
        (
            "hedge",
            r"\b(?:quiz[aá]s?|tal\s+vez|podr[ií]amos|a\s+lo\s+mejor|igual\s+podr)",
        ),
        (
            "temporary",
            r"(?:todav[ií]a|a[uú]n\s+no|primero\s+quiero)|\b(?:por\s+ahora|ahora\s+mismo|de\s+momento|por\s+el\s+momento|temporalmente|esta\s+vez|en\s+este\s+pr|en\s+este\s+commit|(?:en|para)\s+este\s+(?:ajuste|cambio|arreglo|fix|pr|ticket)|en\s+esta\s+tarea|para\s+esta\s+tarea|en\s+este\s+ticket|hoy)\b|\bno\s+(?:\w+\s+)?[a-záéíóú]+(?:es|as|e|a)\s+nada(?:\s+m[aá]s)?\s*(?:[.,;:!—–-]|$)",
        ),
        ("conditional", r"^\W*(?:si|cuando|en\s+caso\s+de)\b"),
        (
            "delegation",
            r"(?:(?:decide|elige|escoge|elegí|decidí)\s+t[uú]|t[uú]\s+(?:decides|eliges|escoges)|lo\s+que\s+(?:t[uú]\s+)?(?:creas|prefieras|veas)|como\s+(?:t[uú]\s+)?veas|me\s+da\s+igual)",
        ),
        (
            "undecided",
            r"(?:no\s+he\s+decidido|todav[ií]a\s+no\s+s[eé]|d[eé]jame\s+pensar|no\s+s[eé]\s+si)",
        ),
        (
            "experiment",
            r"\b(?:prueba(?:r)?\s+(?:con|a)|a\s+ver\s+si|intenta)\b",
        ),
    ],
    canon: &[
        // "en postgres, dale": an answer closed by a go-ahead
        (r"[,\s]+(?:dale|venga|adelante)\W*$", ", go ahead"),
        (
            r"(?:^|(?:[.!?]|\n)\s*)(?:Alternativamente|O\s+bien|Otra\s+opci[oó]n\s+(?:es|ser[ií]a)|Como\s+alternativa)[,:\s]+",
            "\nAlternatively, ",
        ),
        (r"^\s*(?:la|el|los|las)\s+([A-Ea-e1-9])\W*$", "option $1"),
        (
            r"(?:^|\s)(?:primero|en\s+primer\s+lugar)(?P<t>\W|$)",
            " the first$t",
        ),
        (
            r"(?:^|\s)(?:segundo|en\s+segundo\s+lugar)(?P<t>\W|$)",
            " the second$t",
        ),
        (r"\bhay\s+(?:dos|tres)\s+[\w-]+\s*:", " options are:"),
        (
            r"\b(?:puedo|podemos)\s+(?:implementar|hacer|resolver|montar|escribir)\b",
            " I can use ",
        ),
        (
            r"\b(?:puedo|podemos|podr[ií]a|podr[ií]amos)\s+(?:usar|utilizar|ir\s+con)\b",
            " I can use ",
        ),
        (r"\s+o\s+(?:bien\s+)?", " or "),
        (
            r"\b(?:claro|obvio|obviamente|por\s+favor|porfa)\b",
            " please ",
        ),
        (
            r"\b(?:ni\s+de\s+broma|ni\s+hablar|descartad[oa])\b",
            " is out ",
        ),
        (r"[(]\s*recomendad[ao]\b", "(recommended"),
        (
            r"(?:la|tu)\s+recomendaci[oó]n|la\s+que\s+recomiendas|lo\s+que\s+recomiend[ae]s|la\s+recomendada",
            " your recommendation ",
        ),
        (
            r"(?:^|\s)(?:la\s+)?(?:opci[oó]n|alternativa|propuesta)\s+([A-Ea-e1-9])\b",
            " option $1",
        ),
        (r"(?:^|\s)(?:la|el)\s+primer[oa]?\b", " the first"),
        (r"(?:^|\s)(?:la|el)\s+segund[oa]\b", " the second"),
        (r"(?:^|\s)(?:la|el)\s+tercer[oa]?\b", " the third"),
        (r"(?:^|\s)(?:la|el)\s+[uú]ltim[oa]\b", " the last"),
        // a bare ordinal or number word as the answer ("tercera", "dos")
        (r"^\s*primera(?P<t>\W|$)", "the first$t"),
        (r"^\s*segund[oa](?P<t>\W|$)", "the second$t"),
        (r"^\s*tercer[oa]?(?P<t>\W|$)", "the third$t"),
        (r"^\s*[uú]ltim[oa](?P<t>\W|$)", "the last$t"),
        (r"^\s*(?:la\s+|el\s+)?dos\s*[.!]?\s*$", "option 2"),
        (r"^\s*(?:la\s+|el\s+)?tres\s*[.!]?\s*$", "option 3"),
        (
            r"^\s*(?:s[ií]|vale|dale|de\s+acuerdo|claro|perfecto|adelante|hazlo|bueno|genial)(?P<p>[,.!]\s*|\s*$)",
            "yes$p",
        ),
        // ("s[ií] 2": an acknowledgement and a bare reference, no comma)
        (
            r"^\s*(?:s[ií]|vale|dale|perfecto|bueno)\s+(?P<n>\d{1,2}|[A-Ea-e])\s*[.!]*\s*$",
            "yes, $n",
        ),
        // ("la 1 ça me va": a reference and a word of agreement after it)
        (
            r"(?P<s>^|[.!?]\s+|\n)\s*(?:la|el|opci[oó]n)?\s*(?P<n>\d{1,2}|[A-Ea-e])\s+(?:me\s+parece\s+bien|me\s+va(?:\s+bien)?|me\s+sirve|me\s+vale|est[aá]\s+bien|sin\s+duda|perfecto|claro)(?P<t>\s*(?:[,.!;]|$))",
            "${s}option $n works for me$t",
        ),
        (
            r"^\s*(?:nop|para\s+nada|no\s+hace\s+falta|mejor\s+no)(?P<p>[,.!]\s*|\s*$)",
            "no$p",
        ),
        (r"\b(?:todas|ambas|las\s+dos)\b", " all "),
        (
            r"(?:^|\s)(?:opciones|alternativas|enfoques|caminos)\b",
            " options ",
        ),
        (
            r"\b(?:recomiendo|te\s+recomiendo|sugiero)\b",
            " I recommend ",
        ),
    ],
    tags: &[
        "vale",
        "ok",
        "okay",
        "entendido",
        "de acuerdo",
        "estamos",
        "va",
        "dale",
        "queda claro",
        "me explico",
    ],
};
