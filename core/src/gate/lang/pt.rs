//! Portuguese (Brazilian and European spellings).

use super::super::rules::{ASKS, HANDLE, LASTS, NONE, SELECTION};
use super::super::Category::*;
use super::Lang;

pub(crate) const LANG: Lang = Lang {
    code: "pt",
    rules: &[
        // the language the agent answers in, for good
        (
            "dv.reply_language",
            DecisionVerb,
            3,
            SELECTION,
            r"(?:^|\W)(?:(?P<m>responda|responde|me\s+responda|fale|fala|comunique)(?:\s+(?:sempre|apenas|s[oó]|somente|comigo))*|(?P<m2>escreva|escreve|fa[cç]a|faz)\s+(?:sempre\s+)?(?:tudo|todos\s+os\s+\w+|todas\s+as\s+\w+))\s+em\s+(?P<chosen>portugu[eê]s|ingl[eê]s|espanhol)(?:\W|$)",
        ),
        // "deixa como está", "fica assim": the current design kept
        (
            "dv.deixa_como_esta",
            DecisionVerb,
            3,
            SELECTION,
            r"(?:^|\W)(?P<m>deixa(?:\s+(?:isso|assim))?|deixe|vamos\s+deixar|mant[eé]m|mantenha)\s+(?:como\s+est[aá]|do\s+jeito\s+que\s+est[aá])(?:\W|$)",
        ),
        // "não precisa de Kubernetes": a technology turned down
        (
            "rej.nao_precisa",
            Rejection,
            3,
            NONE,
            r"(?:^|\W)(?P<m>n[ãa]o\s+precisa(?:mos)?\s+(?:de\s+)?|sem\s+necessidade\s+de\s+)(?P<rejected>⟨TECH⟩)(?:\W|$)",
        ),
        // "acho melhor a gente ir de Prisma mesmo": going with a technology
        (
            "dv.ir_de",
            DecisionVerb,
            3,
            SELECTION,
            r"(?:^|\W)(?:melhor|vamos|bora|a\s+gente\s+vai|prefiro)\s+(?:a\s+gente\s+|n[oó]s\s+)?(?P<m>ir\s+de|ficar\s+com|seguir\s+com|continuar\s+com)\s+(?P<chosen>⟨TECH⟩)(?:\W|$)",
        ),
        // "aqui a gente sempre usa DTO com class-validator": the house rule
        (
            "mem.aqui_sempre",
            Memory,
            3,
            NONE,
            r"(?:^|\W)(?P<m>(?:aqui|neste\s+projeto|no\s+projeto|na\s+empresa|no\s+time|no\s+nosso\s+c[oó]digo)\s+(?:a\s+gente\s+|n[oó]s\s+)?sempre)\s+(?:usa|usamos|faz|fazemos|escreve|escrevemos|coloca|colocamos|segue|seguimos|p[oõ]e|pomos|nomeia|nomeamos)(?:\W|$)",
        ),
        (
            "dv.vai_ser_em",
            DecisionVerb,
            3,
            SELECTION,
            r"(?:^|\W)(?:projeto|app|aplicativo|aplica[cç][aã]o|backend|frontend|front|api|servi[cç]o|site)\s+(?:[\w-]+\s+){0,2}?(?P<m>vai\s+ser|ser[aá]|fica)\s+(?:feit[oa]\s+)?(?:em|com|no|na)\s+(?P<chosen>⟨TECH⟩)(?:\W|$)",
        ),
        (
            "ban.nao_mexas",
            Ban,
            3,
            NONE,
            r"(?:^|\W)(?P<m>n[aã]o\s+(?:mexas|toques|alteres|mudes|apagues))\s+(?:n[oa]s?\s+|em\s+)?(?P<rejected>[^.!?\n]{1,60})",
        ),
        (
            "ban.neste_projeto",
            Ban,
            3,
            NONE,
            r"(?:^|\W)(?P<m>n[aã]o\s+(?:use|usa|usem|adicione|adiciona|coloque|coloca))\s+(?P<rejected>[^.!?]{1,50}?)\s+(?:neste|nesse|no)\s+projeto",
        ),
        (
            "mem.vale_pra_toda",
            Memory,
            3,
            NONE,
            r"(?:^|\W)(?P<m>(?:isso\s+)?vale\s+(?:pra|para)\s+tod[ao]s?\s+(?:a\s+|o\s+|as\s+|os\s+)?)(?:tarefa|projeto|repo|c[oó]digo|modulo|m[oó]dulo|servi[cç]o|feature|pr)s?(?:\W|$)",
        ),
        (
            "dv.said_use",
            DecisionVerb,
            3,
            SELECTION,
            r"(?:^\W*|\beu\s+)(?P<m>(?:j[aá]\s+)?(?:te\s+)?(?:disse|falei)\s+(?:pra|para)\s+(?:voc[eê]\s+)?usar)\s+(?P<chosen>⟨NP⟩+)",
        ),
        (
            "dv.entao_x",
            DecisionVerb,
            3,
            SELECTION,
            r"^\W*(?:(?:ok|beleza|certo|bom)\W+)?(?P<m>ent[ãa]o|vai\s+de)\s+(?:(?P<veto>t[áa]|ok|beleza|vamos|bora|sim|n[ãa]o|obrigad[oa]|valeu|fica|faz|isso|isto|pode|eu|voc[êe]|a\s+gente|qual|como|por)(?:\s[^,.;!?]*)?|(?P<chosen>[\w`.+#/-]+(?:\s+[\w`.+#/-]+)?))(?:\W*$|\s*,\s)",
        ),
        (
            "dv.ficar",
            DecisionVerb,
            3,
            SELECTION,
            r"(?:^|\W)(?P<m>vamos\s+ficar|ficamos|continuamos|vamos\s+continuar|seguimos|vamos\s+manter|mantemos)\s+(?:no|na|com|usando|em)\s+(?P<chosen>⟨NP⟩+)",
        ),
        (
            "dv.pro_use",
            DecisionVerb,
            3,
            SELECTION,
            r"^\W*(?:pr[oa]s?|para\s+(?:o|a|os|as)?)\s*[^,.;!?]{2,30},\s*(?P<m>usa|use|usem|vamos\s+(?:usar|de)|pega|escolhe)\s+(?P<chosen>⟨NP⟩+)",
        ),
        (
            "rej.em_nao_em",
            Rejection,
            3,
            NONE,
            r"(?:^|\W)(?:em|no|na|num|numa|com)\s+(?P<chosen>(?:[^,;.!?]|\.\S){1,40}?)(?:\s*,\s*(?:e\s+|mas\s+)?|\s+(?:e|mas)\s+)(?P<m>n[ãa]o|nunca)\s+(?:em|no|na|nos|nas|num|numa|com)\s+(?P<rejected>⟨NP⟩+)",
        ),
        (
            "dv.devemos",
            DecisionVerb,
            3,
            SELECTION,
            r"(?:^|\W)(?P<m>devemos|dever[ií]amos|temos\s+que|precisamos)\s+(?:usar|migrar\s+(?:pra|para)|mudar\s+(?:pra|para)|passar\s+(?:pra|para)|adotar|manter|ficar\s+(?:no|na|com))\s+(?P<chosen>⟨NP⟩+)",
        ),
        (
            "ban.sem",
            Ban,
            3,
            NONE,
            r"^\W*(?P<m>sem|nada\s+de)\s+(?:(?P<veto>problema|pressa|stress|estresse|crise)\b|(?:(?:novas?|novos?)\s+)?(?P<rejected>(?:[^,.;!?]|\.\S){1,40}?)(?:\s+nov[oa]s?)?(?:,?\s*(?:por\s+favor|pf|pfv))?\W*$)",
        ),
        (
            "mem.done_when",
            Memory,
            3,
            NONE,
            r"(?:^|\W)(?P<m>(?:s[oó]\s+)?(?:est[aá]|fica)\s+pront[oa]\s+quando|(?:[ée]\s+)?considerad[oa]\s+(?:pront[oa]|conclu[ií]d[oa])\s+quando|para\s+dar\s+como\s+conclu[ií]d[oa])(?:\W|$)",
        ),
        (
            "mem.toda_vez",
            Memory,
            3,
            NONE,
            r"(?:^|\W)(?P<m>(?:toda|cada)\s+vez\s+que|sempre\s+que)\s+[^,.;!?]{3,80},\s*(?:sempre\s+)?(?:tem\s+que|tens\s+que|precisa|deve|deves|use|usa|rode|roda|adicione|adiciona|atualize|atualiza|fa[çc]a|faz|escreva|escreve|n[ãa]o\s+(?:use|usa|fa[çc]a|mexa|mexe))(?:\W|$)",
        ),
        (
            "dv.scope_list",
            DecisionVerb,
            3,
            NONE,
            r"(?:^|\W)(?P<m>(?:deve|devem|tem\s+que|t[eê]m\s+que|precisa|precisamos|temos\s+que)\s+(?:poder\s+)?(?:suportar|lidar\s+com|aceitar|atender|funcionar\s+(?:em|no|na|com)|rodar\s+(?:em|no|na)|exportar\s+(?:em|para)))\s+(?P<chosen>[^.;!?]{1,80}?(?:,|\s+e\s+)[^.;!?]{1,60})",
        ),
        (
            "dv.lets",
            DecisionVerb,
            3,
            SELECTION | HANDLE,
            r"\b(?P<m>vamos\s+(?:usar|de|com|utilizar|ficar\s+com|manter|seguir\s+com|migrar\s+para|trocar\s+para)|bora\s+(?:de|usar|com)|usemos|fiquemos\s+com|vai\s+de)\s+(?P<chosen>⟨NP⟩+)",
        ),
        (
            "dv.use",
            DecisionVerb,
            3,
            SELECTION,
            r"^\W*(?:(?:ent[aã]o|ok|beleza|blz|e|s[oó]|melhor)\W+)*(?P<m>usa|utilize|utiliza|fica\s+com|fique\s+com|troca\s+para|troque\s+para|muda\s+para|mude\s+para|migra\s+para|migre\s+para|escolhe|escolha)\s+(?:(?P<veto>(?:este|esta|isto|esse|essa|isso|estes|estas)\b)|(?P<veto2>⟨NP⟩+?\s+para\s+(?:pesquisar|buscar|procurar|verificar|checar|ver|testar|investigar|analisar|encontrar|descobrir|consultar|olhar|conferir|depurar|debugar)\b)|(?P<chosen>⟨NP⟩+))",
        ),
        (
            "dv.prefer",
            DecisionVerb,
            3,
            SELECTION,
            r"\b(?P<m>prefiro|preferimos|melhor\s+(?:usar|com|ir\s+de))\s+(?P<chosen>⟨NP⟩+)",
        ),
        (
            "dv.decided",
            DecisionVerb,
            3,
            NONE,
            r"\b(?P<m>decidimos|decidi|escolhemos|escolhi|(?:a\s+gente|n[oó]s)\s+(?:decidiu|decidimos|escolheu))(?:\W|$)",
        ),
        (
            "dv.keep",
            DecisionVerb,
            3,
            SELECTION,
            r"\b(?P<m>continu[ae]\s+(?:usando|com)|mant[eé]m|mantenha|mantemos)\s+(?P<chosen>⟨NP⟩+)",
        ),
        // "todos os hooks customizados ficam em src/hooks": where a kind of
        // file lives
        (
            "mem.ficam_em",
            Memory,
            3,
            NONE,
            r"\b(?:todos|todas|cada)\s+(?:os\s+|as\s+|o\s+|a\s+)?[^,.;!?]{1,40}?\s+(?P<m>ficam|fica|v[aã]o|vai|moram|devem\s+ficar|devem\s+ir)\s+(?:em|no|na|dentro\s+de)\s+(?:`[^`\s]+`|[\w.-]*/[\w./-]*)",
        ),
        (
            "dv.scope",
            DecisionVerb,
            3,
            NONE,
            r"\b(?P<m>(?:temos|precisamos)\s+(?:que|de)\s+suportar|precisa\s+suportar|(?:tem|t[eê]m|deve|devem)\s+(?:que\s+)?suportar|tem\s+que\s+rodar\s+(?:em|no|na))\s+(?P<chosen>⟨NP⟩+)",
        ),
        (
            "rej.instead",
            Rejection,
            3,
            NONE,
            // (a report: "ele usou redis em vez de memcached e caiu")
            r"(?P<veto>[^,;.!?]*?(?:^|\s)(?:usou|utilizou|colocou|escolheu|trocou|mudou|implementou|criou|gerou|instalou|adicionou|botou|fez|pôs|mandou|retornou|chamou|salvou|deixou|escreveu|(?:tinha|tinham|foi|foram)\s+[a-zãõáéíóúç]+(?:ado|ido))\s[^,;.!?]*?\s(?:em\s+vez\s+de|ao\s+inv[eé]s\s+de|no\s+lugar\s+de))|(?P<chosen>⟨NP⟩+?)\s+(?P<m>em\s+vez\s+d(?:e|o|a|os|as|esse|essa|esses|essas|este|esta|estes|estas|isso|isto)|ao\s+inv[eé]s\s+d(?:e|o|a|os|as)|no\s+lugar\s+d(?:e|o|a|os|as))\s+(?P<rejected>⟨NP⟩+)",
        ),
        (
            "rej.instead_lead",
            Rejection,
            3,
            NONE,
            r"^\W*(?P<m>em\s+vez\s+de|ao\s+inv[eé]s\s+de)\s+(?P<rejected>[^,;]+),\s*(?P<chosen>⟨NP⟩+)",
        ),
        (
            "rej.nao_mas",
            Rejection,
            3,
            NONE,
            r"\bn[aã]o\s+(?P<rejected>[^,;]{1,40}?),?\s+(?P<m>mas\s+sim|e\s+sim|mas)\s+(?P<chosen>⟨NP⟩+)",
        ),
        (
            "ban.never",
            Ban,
            3,
            LASTS,
            r"\b(?P<m>nunca|jamais)\s+(?:(?P<veto>acontece|aparece|carrega|falha|chega|mostra|termina|responde|abre|compila|roda|sai|d[aá]|deu|se\s+(?:v[eê]|mostra|carrega|salva|atualiza|fecha)|o|a|os|as|lo|la|los|las|le|les|me|te|se|lhe|nos|sei|entendo|soube|funciona|funcionou|vi|acontecia|aconteceu|carregava|falhava|\w+ava|\w+ia|carga|pasa|pasaba|ocurre|funcionaba)\b|(?P<rejected>⟨NP⟩+))",
        ),
        (
            "ban.dont",
            Ban,
            3,
            NONE,
            r"\b(?P<m>n[aã]o\s+(?:use|usa|utilize|utiliza|mexa|mexe|toque|toca|altere|altera|modifique|modifica|fa[cç]a|faz|adicione|adiciona|commite|comita|suba|sobe|apague|apaga|delete|instale|instala|coloque|coloca|edite|edita))\s+(?P<rejected>⟨NP⟩*)",
        ),
        (
            "ban.proibido",
            Ban,
            3,
            NONE,
            r"\b(?P<m>proibido|[eé]\s+proibido)\b",
        ),
        (
            "mem.from_now",
            Memory,
            3,
            NONE,
            r"(?:^|\W)(?P<m>a\s+partir\s+de\s+agora|daqui\s+(?:pra|para)\s+frente|de\s+agora\s+em\s+diante|doravante)(?:\W|$)",
        ),
        ("mem.sempre", Memory, 1, NONE, r"\b(?P<m>sempre)\b"),
        (
            "mem.rule",
            Memory,
            3,
            NONE,
            r"\b(?P<m>tod[oa]s\s+(?:os|as)\s+\w+\s+(?:devem|t[eê]m\s+que|v[aã]o)|a\s+regra\s+[eé]|conven[cç][aã]o)",
        ),
        (
            "dv.build_in",
            DecisionVerb,
            3,
            SELECTION,
            r"\b(?:fa[zç]\w*|cri[ae]\w*|escrev\w*|desenvolv\w*|implement\w*|mont\w*|constr[oó]i\w*)\b[^.;!?]{0,80}?\b(?P<m>em|com|usando)\s+(?P<chosen>⟨TECH⟩)(?:\W|$)",
        ),
        (
            "dv.volta",
            DecisionVerb,
            3,
            SELECTION,
            r"\b(?P<m>volta(?:mos)?\s+(?:pro|para\s+o|pra)|segue\s+com|continua\s+com)\s+(?P<chosen>⟨NP⟩+)",
        ),
        (
            "ban.nao_quero",
            Ban,
            3,
            NONE,
            r"(?P<m>\bn[aã]o\s+quero\s+(?:nenhum|nenhuma|ningu[eé]m|nada\s+de)|\bnada\s+(?:disso\s+)?pode\s+ser|(?:^|[,;:]\s*)(?:nenhum|nenhuma))\s+(?P<rejected>⟨NP⟩*)",
        ),
        (
            "dv.we_do",
            DecisionVerb,
            3,
            SELECTION,
            r"\b(?P<m>fazemos|usamos|escrevemos|vamos\s+fazer|ficamos\s+com)\s+(?:[^\s.,!?]+\s+){0,3}?(?:em\s+|com\s+)?(?P<chosen>⟨TECH⟩)(?:\W|$)",
        ),
        (
            "rej.priorizamos",
            Rejection,
            3,
            NONE,
            r"\b(?P<m>prioriz\w*|preferimos)\s+(?P<chosen>[^,;.!?]{1,40}?)\s+(?:sobre|em\s+vez\s+de|antes\s+de|acima\s+de)\s+(?P<rejected>⟨NP⟩+)",
        ),
        (
            "mem.todo_tem_que",
            Memory,
            3,
            NONE,
            r"\b(?P<m>tod[oa]s?\s+(?:(?:os|as|o|a)\s+)?\w+(?:\s+\w+)?\s+(?:devem?|t[eê]m\s+que|tem\s+que|tem\s+de|precisam?))\b",
        ),
        (
            "dv.troca_por",
            DecisionVerb,
            3,
            SELECTION,
            r"(?:^|\W)(?P<m>troca|troque|trocar|substitui|substitua|substituir|vamos\s+trocar)\s+(?:o|a|os|as)?\s*(?P<rejected>[^,.;!?]{1,30}?)\s+(?:por|pelo|pela|pelos|pelas)\s+(?P<chosen>⟨NP⟩+)",
        ),
        (
            "dv.padroniza",
            DecisionVerb,
            3,
            SELECTION,
            r"(?:^\W*|\b(?:vamos|a\s+gente\s+vai|bora)\s+)(?P<m>padroniza|padronize|padronizar|padronizem)(?:\s+(?P<chosen>⟨NP⟩+)|\s*$|\s*[,.])",
        ),
        (
            "dv.why_not",
            DecisionVerb,
            3,
            SELECTION | ASKS,
            r"(?P<m>por\s*que\s+n[ãa]o)\s+(?:usar\s+|usamos\s+|passar\s+para\s+)?(?:o\s+|a\s+|os\s+|as\s+)?(?:s[oó]\s+|simplesmente\s+)?(?P<chosen>⟨TECH⟩|(?-i:[A-Z][\w.+#-]+))(?:\W|$)",
        ),
        (
            "dv.first_later",
            DecisionVerb,
            3,
            NONE,
            r"\b(?P<m>primeiro|antes\s+de\s+tudo)\b[^.!?]{1,60}?\b(?:depois|mais\s+tarde|pr[óo]xima\s+vers[ãa]o)\b",
        ),
        (
            "ban.nada_de",
            Ban,
            3,
            NONE,
            r"\b(?P<m>nada\s+de)\s+(?P<rejected>[\w.+#-]+)\s+(?:neste|nesse|no|na|aqui|em)\b",
        ),
    ],
    cues: &[
        (
            "reported",
            r"(?:meu|minha|nosso|nossa)\s+(?:chefe|colega|lead|cto|pm|gestor|gestora)\s+(?:disse|diz|prop[oô]e|sugeriu|sugere|quer|acha)",
        ),
        (
            "request",
            r"^\W*(?:pode|podemos|d[áa]\s+pra|consegue|por\s+que\s+n[ãa]o)(?:\W|$)",
        ),
        (
            "question",
            r"^\W*(?:devemos|deveria|deveríamos|qual|como|por\s+que|porque\s+n[aã]o|ser[aá]\s+que|[eé]\s+melhor|vale\s+a\s+pena)(?:\W|$)",
        ),
        (
            "hedge",
            r"\b(?:talvez|poder[ií]amos|quem\s+sabe|a\s+gente\s+poderia|acho\s+que\s+(?:[eé]|isso|isto|ele|ela|o|a|os|as|tem|pode|est[aá]|t[aá]|voc[eê]|d[aá]\s+pra))\b",
        ),
        (
            "temporary",
            r"(?:ainda\s+n[aã]o|\bsem\s+[^.;,!?]{0,40}\bainda\b|\bainda\s*[.!]?\s*$|primeiro\s+quero|por\s+enquanto|por\s+ora|temporariamente|dessa\s+vez|desta\s+vez|nesse\s+pr|neste\s+pr|ness[ea]\s+(?:ajuste|altera[cç][aã]o|mudan[cç]a|corre[cç][aã]o|fix|commit)|nest[ea]\s+(?:ajuste|altera[cç][aã]o|mudan[cç]a|corre[cç][aã]o|fix|commit)|ness[ae]\s+tarefa|nest[ae]\s+tarefa|(?:pra|para)\s+(?:ess[ae]|est[ae])\s+tarefa|nesse\s+ticket|hoje|(?:^|\W)s[oó]\s+(?:revisa|revise|olha|olhe|analisa|analise|l[eê]ia?|verifica|verifique|explica|explique)(?:\W|$))|\bn[aã]o\s+(?:\w+\s+)?[a-záéíóúâêôãõç]+(?:e|a|es|as)\s+nada(?:\s+mais)?\s*(?:[.,;:!—–-]|$)",
        ),
        ("conditional", r"^\W*(?:se|quando|caso)\b"),
        (
            "delegation",
            r"(?:(?:voc[eê]|vc|tu)\s+(?:decide|escolhe|decides|escolhes)|escolhe\s+(?:voc[eê]|vc|tu)|vc\s+decide|tanto\s+faz|como\s+(?:voc[eê]|vc)\s+(?:quiser|preferir|achar))",
        ),
        (
            "undecided",
            r"(?:ainda\s+n[aã]o\s+decidi|deixa\s+eu\s+pensar|n[aã]o\s+sei\s+ainda|n[aã]o\s+sei\s+se)",
        ),
        (
            "experiment",
            r"\b(?:tenta|testa\s+com|experimenta|ver\s+se)\b",
        ),
    ],
    canon: &[
        // "vai na 2", "vamos de Redis": go with
        (
            r"^\s*(?:ent[aã]o\s+)?(?:vai|vamos|bora|manda|fica)\s+(?:n[ao]|de|com)\s+",
            "go with ",
        ),
        (
            r"(?:^|(?:[.!?]|\n)\s*)(?:Alternativamente|Ou\s+ent[ãa]o|Outra\s+op[çc][ãa]o\s+(?:é|seria)|Como\s+alternativa)[,:\s]+",
            "\nAlternatively, ",
        ),
        (r"^\s*(?:a|o|as|os)\s+([A-Ea-e1-9])\W*$", "option $1"),
        (r"\b(?:d[aá]\s+para|d[aá]\s+pra)\s+usar\b", " I can use "),
        (
            r"\bh[aá]\s+(?:duas|dois|tr[eê]s)\s+[\w-]+\s*:",
            " options are:",
        ),
        (
            r"\b(?:posso|podemos|poderia|poder[ií]amos)\s+(?:usar|utilizar|ir\s+de)\b",
            " I can use ",
        ),
        (r"\s+ou\s+(?:ent[aã]o\s+)?", " or "),
        (
            r"\b(?:claro|[oó]bvio|obviamente|por\s+favor|pfv)\b",
            " please ",
        ),
        (
            r"\b(?:nem\s+pensar|fora\s+de\s+quest[aã]o|descartad[oa])\b",
            " is out ",
        ),
        (r"[(]\s*recomendad[ao]\b", "(recommended"),
        (
            r"(?:a\s+)?(?:sua|tua)\s+recomenda[cç][aã]o|a\s+recomendada|o\s+que\s+voc[eê]\s+recomendou",
            " your recommendation ",
        ),
        (
            r"(?:^|\s)(?:a\s+)?(?:op[cç][aã]o|alternativa|proposta)\s+([A-Ea-e1-9])\b",
            " option $1",
        ),
        (
            r"(?:^|\s)(?:a|o)\s+primeir[oa](?:\s+(?:op[cç][aã]o|alternativa|abordagem|proposta))?\b",
            " the first",
        ),
        (
            r"(?:^|\s)(?:a|o)\s+segund[oa](?:\s+(?:op[cç][aã]o|alternativa|abordagem|proposta))?\b",
            " the second",
        ),
        (
            r"(?:^|\s)(?:a|o)\s+terceir[oa](?:\s+(?:op[cç][aã]o|alternativa|abordagem|proposta))?\b",
            " the third",
        ),
        (r"(?:^|\s)(?:a|o)\s+[uú]ltim[oa]\b", " the last"),
        // a bare ordinal or number word as the answer ("terceira",
        // "primeira. e o delete …", "dois")
        (r"^\s*primeira(?P<t>\W|$)", "the first$t"),
        (r"^\s*segund[oa](?P<t>\W|$)", "the second$t"),
        (r"^\s*terceir[oa](?P<t>\W|$)", "the third$t"),
        (r"^\s*[uú]ltima(?P<t>\W|$)", "the last$t"),
        (r"^\s*(?:a\s+|o\s+)?dois\s*[.!]?\s*$", "option 2"),
        (r"^\s*(?:a\s+|o\s+)?tr[eê]s\s*[.!]?\s*$", "option 3"),
        (
            r"^\s*(?:sim|pode|beleza|blz|claro|certo|fechado|bora|manda\s+ver|perfeito|isso|pode\s+ser|pode\s+fazer)(?P<p>[,.!]\s*|\s*$)",
            "yes$p",
        ),
        // ("sim 2": an acknowledgement and a bare reference, no comma)
        (
            r"^\s*(?:sim|beleza|blz|certo|fechado|bora|perfeito)\s+(?P<n>\d{1,2}|[A-Ea-e])\s*[.!]*\s*$",
            "yes, $n",
        ),
        // ("la 1 ça me va": a reference and a word of agreement after it)
        (
            r"(?P<s>^|[.!?]\s+|\n)\s*(?:a|o|op[cç][aã]o)?\s*(?P<n>\d{1,2}|[A-Ea-e])\s+(?:me\s+parece\s+bem|parece\s+bom|t[aá]\s+bom|est[aá]\s+bom|serve|sem\s+d[uú]vida|com\s+certeza|pode\s+ser|fechado|beleza)(?P<t>\s*(?:[,.!;]|$))",
            "${s}option $n works for me$t",
        ),
        (
            r"^\s*(?:n[ãa]o|nada\s+disso|n[ãa]o\s+precisa|melhor\s+n[ãa]o)(?P<p>[,.!]\s*|\s*$)",
            "no$p",
        ),
        (r"\b(?:todas|ambas|as\s+duas)\b", " all "),
        (
            r"(?:^|\s)(?:op[cç][oõ]es|alternativas|abordagens|caminhos)\b",
            " options ",
        ),
        (r"\b(?:eu\s+)?recomendo\b", " I recommend "),
    ],
    tags: &[
        "ok",
        "tá",
        "tá bom",
        "ta bom",
        "beleza",
        "blz",
        "entendeu",
        "entendido",
        "combinado",
        "fechado",
        "certo",
    ],
};
