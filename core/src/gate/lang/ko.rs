//! Korean.

use super::super::rules::{ASKS, HANDLE, LASTS, NONE, SELECTION};
use super::super::Category::*;
use super::Lang;

/// An option: one or two words before the particle.
macro_rules! opt {
    () => {
        r"(?:[\w가-힣.+#/@-]{1,20}?(?:\s[\w가-힣.+#/@-]{1,20}?)?)"
    };
}

pub(crate) const LANG: Lang = Lang {
    code: "ko",
    rules: &[
        // "grep 부분만 남기고 나머지는 지워": only this part stays
        (
            "dv.man_namgyeo",
            DecisionVerb,
            3,
            SELECTION,
            r"(?:(?P<veto>메모|메시지|코멘트|댓글|기록|흔적|연락)|(?P<chosen>[\w가-힣.+#/@`-]{1,30}(?:\s[\w가-힣.+#/@`-]{1,20})?))\s*만\s*(?P<m>남기(?:고|자|세요|기로)|남겨(?:줘|주세요|둬|두고|요|\s*두자)?)",
        ),
        // the language the agent answers in, for good
        (
            "dv.reply_language",
            DecisionVerb,
            3,
            SELECTION,
            r"(?:항상|앞으로|계속|모두|전부|언제나)[^.!?]{0,12}?(?P<chosen>한국어|영어)로\s*(?P<m>답|대답|응답|작성|써|쓰|말)",
        ),
        // "redux는 패스": an option turned down
        (
            "rej.paeseu",
            Rejection,
            3,
            NONE,
            concat!(
                r"(?P<rejected>",
                opt!(),
                r")\s*(?:은|는)\s*(?P<m>패스|제외)"
            ),
        ),
        // "jotai ㄱㄱ", "배포는 계속 fly.io 쓰는 걸로"
        (
            "dv.gogo",
            DecisionVerb,
            3,
            SELECTION,
            r"(?:(?P<chosen>⟨TECH⟩)\s*(?P<m>ㄱㄱ|고고)|(?P<m2>계속)\s*(?P<chosen2>[\w.+#/@-]+)\s*(?:을|를)?\s*(?:쓰는|사용하는|쓰|사용)\s*(?:걸로|것으로|거로|기로))",
        ),
        // "테스트 skip 처리 절대 안 됩니다": never allowed
        (
            "ban.jeoldae_an",
            Ban,
            3,
            LASTS,
            r"(?P<m>절대\s*(?:안\s*(?:됩니다|돼요|돼|된다|되고)|금지|불가))",
        ),
        (
            "mem.modeun_yeoya",
            Memory,
            3,
            NONE,
            r"(?:^|\s)모든\s+[^.!?\n]{1,40}?(?P<m>(?:아야|어야|여야|해야|돼야)\s*(?:해|합니다|해요|한다|됩니다|돼요))",
        ),
        (
            "dv.wae_an_sseugo",
            DecisionVerb,
            3,
            SELECTION | ASKS,
            r"(?P<m>왜)\s*(?:그냥\s*)?(?P<chosen>⟨TECH⟩)\s*(?:을|를|은|는)?\s*안\s*(?:쓰|써|사용하)",
        ),
        (
            "dv.sseuryeogo",
            DecisionVerb,
            3,
            SELECTION,
            r"(?P<chosen>⟨TECH⟩)\s*(?:\([^)]{0,30}\))?\s*(?:(?:을|를)?\s*(?P<m>쓰려고|사용하려고|쓸\s*거|사용할\s*거|쓸게요|쓰겠습니다|사용하겠습니다)|(?:으로|로)\s*(?P<m2>하고)(?:\s*(?P<veto>있))?)",
        ),
        (
            "dv.go_polite",
            DecisionVerb,
            3,
            SELECTION,
            r"(?P<chosen>⟨TECH⟩|rest(?:\s*api)?)\s*(?:으로|로)\s*(?P<m>가요|갑시다|할게요|하죠|합시다|갈게요|가죠|ㄱㄱ|고고|통일(?:할게요|합시다|하죠|합니다|해요))",
        ),
        (
            "mem.every_time",
            Memory,
            1,
            NONE,
            r"(?P<m>때마다|할\s*때는\s*항상)",
        ),
        (
            "dv.geureom_x",
            DecisionVerb,
            3,
            SELECTION,
            r"^\s*(?P<m>그럼|그러면|그렇다면)\s*,?\s*(?P<chosen>[A-Za-z][\w.+#/@-]*(?:\s[A-Za-z][\w.+#/@-]*)?)\s*(?:로|으로|요)?\s*(?:[.!]|$)",
        ),
        (
            "mem.done_when",
            Memory,
            3,
            NONE,
            r"(?P<m>(?:야|면)\s*완료(?:로\s*(?:본다|봐요|간주|칩니다|쳐)|예요|입니다)|완료\s*(?:조건|기준)은)",
        ),
        (
            "mem.ttaemada",
            Memory,
            3,
            NONE,
            r"(?P<m>[가-힣]+\s*때마다|때는\s*(?:항상|반드시|꼭))[^.!?]{0,40}?(?:해|하세요|해줘|해주세요|해야|하자|합시다|써|쓰세요|돌려|돌리세요)",
        ),
        (
            "dv.scope_list",
            DecisionVerb,
            3,
            NONE,
            r"(?P<chosen>[^.!?]{1,40}(?:,|와|과|랑|하고)\s*[^.!?]{1,40}?)\s*(?:을|를|도|은|는)?\s*(?P<m>지원해야|지원하도록|지원해\s*(?:줘|주세요)|대응해야|동작해야|돌아가야|(?:두\s*(?:개|가지)|세\s*(?:개|가지))?\s*만\s*지원(?:하면\s*(?:돼|됩니다|돼요)|해요|합니다|할\s*거(?:야|예요)|하자))",
        ),
        (
            "dv.ro_haja",
            DecisionVerb,
            3,
            SELECTION | HANDLE,
            concat!(
                r"(?P<chosen>",
                opt!(),
                r")\s*(?:으로|로)\s*(?P<m>하자|합시다|합니다|할게요|할게|하겠습니다|가자|갑시다|갑니다|가죠|정하자|정했|결정|확정|통일(?:하자|해|해줘|해주세요|합시다|합니다|해요))"
            ),
        ),
        // "배포는 도커 이미지 만들어서 k8s에 올리는 걸로": the way settled
        (
            "dv.neun_geollo",
            DecisionVerb,
            3,
            NONE,
            r"(?P<m>[가-힣]+는\s*(?:걸로|것으로|거로))\s*(?:하자|합시다|해요|할게요|가자|갑시다|가죠|해\s*주세요|해줘|정리|확정|요)?\s*[.!。]?\s*$",
        ),
        // "Set으로 바꿔 주세요": switch to a named thing
        (
            "dv.ro_bakkwo",
            DecisionVerb,
            3,
            SELECTION,
            r"(?P<chosen>`[^`\n]{1,40}`|[A-Za-z][\w.+#/@-]*)\s*(?:으로|로)\s*(?P<m>바꿔|바꾸자|바꿉시다|변경해|변경하자|교체해|교체하자|전환해|전환하자|갈아타)",
        ),
        (
            "dv.use",
            DecisionVerb,
            3,
            SELECTION,
            concat!(
                r"(?P<chosen>",
                opt!(),
                r")\s*(?:을|를|은|는)?\s*(?P<m>사용하자|사용해(?:줘|주세요|요)?|사용하세요|사용합시다|쓰자|써(?:줘|주세요|요)?|쓰세요|씁시다|채택)"
            ),
        ),
        // a spec's plain declarative ("발행 내역은 Firebase Realtime
        // Database를 이용한다"): the project uses the technology
        (
            "dv.spec_use",
            DecisionVerb,
            3,
            SELECTION,
            r"(?P<chosen>[A-Za-z][\w.+#/@-]*(?:\s[A-Za-z][\w.+#/@-]*){0,2})\s*(?:을|를)\s*(?P<m>(?:이용|사용|활용)(?:한다|하며|해야\s*한다)|쓴다)",
        ),
        // "jest나 mocha와 같은 테스트 프레임워크도 사용하지 않는다"
        (
            "ban.spec_not_use",
            Ban,
            3,
            NONE,
            concat!(
                r"(?P<rejected>",
                opt!(),
                r")\s*(?:은|는|을|를|도)?\s*(?P<m>(?:사용|이용|도입|활용)(?:하지|은\s*하지|는\s*하지)\s*않(?:는다|기로\s*(?:한다|했다|합니다))|쓰지\s*않는다)"
            ),
        ),
        (
            "dv.tech_make",
            DecisionVerb,
            3,
            SELECTION,
            r"(?P<chosen>[A-Za-z][\w.+#/@-]*(?:\s[A-Za-z][\w.+#/@-]*){0,1})\s*(?:으로|로|를\s*써서|를\s*사용해서)\s*(?P<m>만들어|작성해|구현해|개발해|짜)",
        ),
        (
            "dv.prefer",
            DecisionVerb,
            3,
            SELECTION,
            concat!(
                r"(?P<chosen>",
                opt!(),
                r")\s*(?:이|가|을|를)\s*(?P<m>더\s*(?:좋아|좋겠|나아|낫)|선호(?:해|합니다|해요)|우선)(?:\s*[가-힣]*?(?P<veto>되고|되었|됐|되어|돼))?"
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
                r")\s*(?:을|를|으로|로)?\s*(?P<m>계속\s*(?:사용|써|쓰)|그대로\s*(?:사용|써|유지|가)|유지(?:해|하자|합시다|할게요?|할래요?|요)?(?:\s|[.。!]|$))"
            ),
        ),
        (
            "dv.decided",
            DecisionVerb,
            3,
            NONE,
            r"(?P<m>결정했|결정합니다|결정입니다|정했어|정했습니다)",
        ),
        (
            "rej.instead",
            Rejection,
            3,
            NONE,
            concat!(
                r"(?P<veto2>",
                opt!(),
                r"\s*대신(?:에)?\s*",
                opt!(),
                r"\s*(?:을|를|이|가)?\s*(?:주는|줘서|주고|나오는|나와서|나옴|오는|와서|뜨는|떠서|뜸|반환하는|반환해서|리턴하는|들어오는|들어와서|내려오는|찍히는|보이는))|(?P<veto3>",
                opt!(),
                // what the program does or did instead, a bug reported ("UI가
                // 팝업이 아니라 화면 우측에 표시된다", "확정이 아니라 제외되었는데")
                r"\s*(?:가\s*아니라|이\s*아니라|아니고|대신(?:에)?)\s*[^.!?。\n]{0,60}?(?:된다|되고|되는데|되며|나온다|나오고|보인다|보이고|뜬다|뜨고|있다|있고|없다|(?:었|았|였|했|됐|왔|갔)(?:다|는데|어|고|지|습니다|어요)))|(?P<veto4>",
                opt!(),
                // a comparison, not a preference ("지금보다 20% 키운다")
                r"\s*보다\s*(?:\d|더\b|더\s|조금|좀|훨씬|많이|약간|두\s*배))|(?P<rejected>",
                opt!(),
                r")\s*(?P<m>대신(?:에)?|말고|보다는?|가\s*아니라|이\s*아니라|아니고)\s*(?:(?P<veto>요(?:\s|[.!?]|$)|그냥\s)|(?P<chosen>",
                opt!(),
                "))"
            ),
        ),
        (
            "ban.dont",
            Ban,
            3,
            NONE,
            concat!(
                r"(?P<rejected>",
                opt!(),
                r")\s*(?:은|는|을|를|에|에는)?\s*(?P<m>(?:절대(?:로)?\s*|앞으로\s*|다시는\s*)?(?:직접\s*)?(?:사용하지|쓰지|건드리지|손\s*대지|수정하지|변경하지|삭제하지|추가하지|커밋하지|푸시하지|push하지|넣지|만지지|올리지)\s*(?:마|말아|마세요|말아요|말\s*것|않도록))"
            ),
        ),
        (
            "ban.kinshi",
            Ban,
            3,
            NONE,
            r"(?P<m>사용\s*금지|금지(?:입니다|야|예요)?|하면\s*안\s*(?:돼|됩니다|되요|돼요))",
        ),
        (
            "mem.from_now",
            Memory,
            2,
            NONE,
            r"(?P<m>앞으로(?:는)?|이제부터(?:는)?|지금부터(?:는)?|항상|언제나|매번|무조건|반드시)",
        ),
        (
            "mem.rule",
            Memory,
            3,
            NONE,
            r"(?P<m>규칙(?:은|으로|이에요|입니다|이야|이다|임)|컨벤션|원칙(?:은|으로|이에요|입니다))",
        ),
        (
            "ban.jima",
            Ban,
            3,
            NONE,
            r"(?P<m>[가-힣]+지\s*(?:마|말아|마세요|말아요|마십시오|말\s*것)(?:요)?)(?:[.!]|\s|$)",
        ),
        (
            "dv.ro_hae",
            DecisionVerb,
            3,
            SELECTION,
            r"(?P<chosen>[A-Za-z][\w.+#/@-]*|[\w가-힣.+#/@-]{1,20}?)\s*(?:으로|로)\s*(?P<m>해(?:줘|주세요|요)?|가|진행해(?:줘|주세요)?)(?:[.!]|\s|$)",
        ),
        // "그러면 차라리 카운트다운을 좌상단에 상시표시하도록 수정해": rather
        // than what was tried, this
        (
            "dv.charari",
            DecisionVerb,
            3,
            NONE,
            r"(?P<m>차라리)\s+[^.!?\n]{2,80}?(?:로|으로|도록|게)\s*(?:수정|변경|바꿔|바꾸|만들어|해|하자|가자|갑시다)(?:줘|주세요|해|해줘|해라|하자|요)?(?:[.!\s]|$)",
        ),
        (
            "dv.tech_make_far",
            DecisionVerb,
            3,
            SELECTION,
            r"(?P<chosen>⟨TECH⟩|[A-Za-z][A-Za-z0-9+#-]{2,})\s*(?:으로|로)[^.!?]{0,40}?(?P<m>만들어|작성해|구현해|개발해|짜|자동화\s*해|구축해|구성해|세팅해|연동해)",
        ),
        (
            "ban.jimalgo",
            Ban,
            3,
            NONE,
            r"(?P<m>[가-힣]+지\s*말고)(?:\s|$|[,.])",
        ),
        (
            "mem.always_imp",
            Memory,
            3,
            NONE,
            r"(?P<m>항상|언제나|무조건|반드시)[^.!?]{0,40}?(?:세요|십시오|해요|해|줘|하자|두세요|둬|써|쓰세요)(?:[.!]|\s|$)",
        ),
        (
            "ban.myeon_an",
            Ban,
            3,
            NONE,
            r"(?P<m>[가-힣]+(?:면|으면)\s*안\s*(?:돼|됩니다|되요|돼요|됨))(?:[.!]|\s|$)",
        ),
        (
            "ban.anhaesseumyeon",
            Ban,
            3,
            NONE,
            r"(?P<m>[가-힣]+(?:지\s*않았으면|지\s*말았으면|\s*안\s*했으면)\s*(?:해|해요|합니다|좋겠어|좋겠어요|좋겠습니다))",
        ),
        (
            "dv.scope",
            DecisionVerb,
            3,
            NONE,
            r"(?P<m>지원(?:은|는|을|를)?)[^.!?]{0,40}?(?:해야\s*(?:돼|해|합니다|돼요|됩니다)|필요(?:해|합니다|해요)|까지\s*(?:해|지원))",
        ),
        (
            "dv.giro_haess",
            DecisionVerb,
            3,
            NONE,
            r"(?P<m>(?:옮기|바꾸|전환하|이전하|마이그레이션하|교체하|갈아타|쓰|사용하|도입하|채택하|통일하)기로\s*(?:했|하자|해요|합시다|결정|정했))",
        ),
        (
            "dv.gyesok_sseumyeon",
            DecisionVerb,
            3,
            NONE,
            r"(?P<m>계속)\s*(?:기존|지금|원래|예전)?\s*(?P<chosen>[^.!?,]{1,30}?)\s*(?:을|를)?\s*(?:쓰|사용하|써)(?:면|자|요|세요|기로|는\s*걸로)",
        ),
        (
            "dv.meonjeo_najunge",
            DecisionVerb,
            3,
            NONE,
            r"(?P<chosen>[^.!?,]{1,30}?)\s*(?P<m>먼저)\s*(?:하고|하자|할게|끝내고|해서|하고요)[^.!?]{0,30}?(?:나중에|다음에|그\s*다음에)",
        ),
        (
            "mem.apeuro_modeun",
            Memory,
            3,
            NONE,
            r"(?P<m>앞으로(?:는)?\s*(?:모든|전부|항상))",
        ),
        (
            "dv.x_rang_y_ro",
            DecisionVerb,
            3,
            SELECTION,
            r"(?P<chosen>[A-Za-z][\w.+#-]*)\s*(?:랑|와|과|하고|이랑)\s*[A-Za-z][\w.+#-]*\s*(?:로|으로)\s*(?P<m>시작|만들|개발|구축)",
        ),
    ],
    cues: &[
        (
            "reported",
            r"(?:동료|팀장|리드|사수|상사)(?:가|는|님이)[^.]{0,20}(?:하자고|제안|말했|라고)",
        ),
        (
            "request",
            r"(?:해\s*줄래|해\s*주실래요|해\s*줄\s*수\s*있어|할\s*수\s*있을까|하면\s*어때|하는\s*게\s*어때)",
        ),
        (
            "question",
            r"(?:(?:(?:^|[^니])까|나요|냐|니)[?？]?\s*$|나요|어떻게|왜|어느|뭐가|무엇|어떤\s*게|할까)",
        ),
        ("hedge", r"(?:아마|혹시|고려|생각\s*중|것\s*같아|수도\s*있)"),
        (
            "temporary",
            r"(?:아직|일단|이번에는|이번엔|이번만|이번\s*(?:수정|변경|픽스|fix)(?:에서는|에선|에서|은|는)|이번\s*건|당분간|임시로|지금은|우선은|이번\s*작업(?:에서는|에선|은)|이\s*작업에서는|이번\s*(?:PR|pr|브랜치|커밋|리팩(?:토링|터링)?)\s*(?:에서는|에선|에서|은|는))",
        ),
        ("conditional", r"(?:^|\s)(?:만약|만일)|면\s*[,，]"),
        (
            "delegation",
            r"(?:알아서|맡길게|맡기|아무거나|편한\s*대로|판단해)",
        ),
        (
            "undecided",
            r"(?:아직\s*(?:결정|정하지)|생각해\s*볼게|고민\s*중|(?:할지|갈지|쓸지|할까)\s*(?:모르겠|고민))",
        ),
        (
            "experiment",
            r"(?:[써해]\s*보고|시도|테스트해\s*봐|써\s*봐|해보고)",
        ),
    ],
    canon: &[
        // "offset 방식과 cursor 방식이 있습니다": two alternatives laid out
        (
            r"([A-Za-z][\w.+#-]*(?:\s*(?:방식|방법))?)\s*(?:과|와|이랑|하고)\s*([A-Za-z][\w.+#-]*(?:\s*(?:방식|방법))?)\s*(?:이|가)\s*있(?:습니다|어요|어|음|죠)",
            " options are: $1 and $2.",
        ),
        // "R2요.": a name answered with the polite ending
        (
            r"(?P<n>[A-Za-z0-9][\w.+#-]*)\s*(?:으로요|로요|이요|요)(?P<e>[\s.,!?]|$)",
            "$n$e",
        ),
        (
            r"([A-Za-z][\w.+#-]*)\s*(?:와|과|랑|이랑|하고)\s*([A-Za-z][\w.+#-]*)\s*(?:중에서|중에|중)",
            "${1} or ${2} among",
        ),
        (
            r"(?:^|[.!?\n]\s*)(?:다른\s*방법으로는|대안으로는?)[,\s]*",
            "\nAlternatively, ",
        ),
        (
            r"^\s*([A-Ea-e1-9])\s*(?:로|으로)\s*(?:해|하자|할게|해주세요|해\s*주세요|갈게|가자|갑시다)?\s*[.!]?\s*$",
            "option $1",
        ),
        (r"\s*(?:또는|아니면|혹은)\s*", " or "),
        (
            r"(?:은|는)?\s*(?:안\s*돼요?|별로(?:예요|에요|야)?|빼(?:고|자|줘|죠|요|주세요))",
            " is out ",
        ),
        (r"[（(]\s*추천\s*[)）]", "(recommended)"),
        (
            r"추천(?:하신|한|해준|하는)\s*(?:걸로|것으로|대로|안|방법)",
            " your recommendation ",
        ),
        (
            r"(?:옵션|방안|선택지)\s*([A-Ea-e1-9])\s*[：:]?\s*(?:으로|로|이|을|를)?",
            " option $1: ",
        ),
        (
            r"([A-Ea-e1-9])\s*(?:안|번)\s*(?:으로|로|이|을|를)?",
            " option $1 ",
        ),
        (
            r"(?:첫\s*번째|첫째)(?:\s*(?:거|것)?\s*(?:으로|로)?\s*(?:요|이요)(?:[\s.!]|$))?",
            " the first ",
        ),
        (
            r"(?:두\s*번째|둘째)(?:\s*(?:거|것)?\s*(?:으로|로)?\s*(?:요|이요)(?:[\s.!]|$))?",
            " the second ",
        ),
        (
            r"(?:세\s*번째|셋째)(?:\s*(?:거|것)?\s*(?:으로|로)?\s*(?:요|이요)(?:[\s.!]|$))?",
            " the third ",
        ),
        (r"전자", " the former "),
        (r"후자", " the latter "),
        (
            r"^\s*(?:네|예|응|좋아요?|좋습니다|그래요?|그렇게\s*(?:해|해요|해주세요|하자|합시다)|오케이|알겠(?:어|어요|습니다)|진행해(?:주세요|줘)?)\s*(?P<p>[,.!]\s*|$)",
            "yes$p",
        ),
        (
            r"^\s*(?:아니(?:요|오)?|아뇨|괜찮아요?|필요\s*없어(?:요)?|됐어(?:요)?)\s*(?P<p>[,.!]\s*|$)",
            "no$p",
        ),
        (r"(?:전부|둘\s*다|모두)", " all "),
        (
            r"(?:두|세|몇)\s*가지\s*(?:방법|옵션|방안|선택지)",
            " options ",
        ),
        (r"(?:어느|어떤)\s*(?:걸|것|방법|쪽)", " which one "),
        (r"추천(?:합니다|해요|드려요|드립니다)", " I recommend "),
    ],
    tags: &[
        "알겠지",
        "알았지",
        "알겠죠",
        "알겠어",
        "알겠어요",
        "알았죠",
        "오케이",
        "됐지",
        "아시겠죠",
        "기억해",
        "ok",
        "OK",
    ],
};

/// Tool and product names as Korean speakers spell them in Hangul
/// ("키클록으로", "레디스 쓰자"), with the name they stand for: an answer
/// spelled so picks the option that names it in Latin letters. (Spellings
/// that are also common words — 뷰 "view", 바이트 "byte", 노드 "node" —
/// are left out.)
pub(super) const NAMES: &[(&str, &str)] = &[
    ("키클록", "Keycloak"),
    ("키클락", "Keycloak"),
    ("레디스", "Redis"),
    ("포스트그레스큐엘", "PostgreSQL"),
    ("포스트그레스", "Postgres"),
    ("포스트그레", "Postgres"),
    ("마이에스큐엘", "MySQL"),
    ("몽고디비", "MongoDB"),
    ("엘라스틱서치", "Elasticsearch"),
    ("카프카", "Kafka"),
    ("래빗엠큐", "RabbitMQ"),
    ("도커", "Docker"),
    ("쿠버네티스", "Kubernetes"),
    ("테라폼", "Terraform"),
    ("리액트 네이티브", "React Native"),
    ("리액트", "React"),
    ("넥스트제이에스", "Next.js"),
    ("타입스크립트", "TypeScript"),
    ("자바스크립트", "JavaScript"),
    ("파이썬", "Python"),
    ("코틀린", "Kotlin"),
    ("스위프트", "Swift"),
    ("플러터", "Flutter"),
    ("장고", "Django"),
    ("플라스크", "Flask"),
    ("스프링 부트", "Spring Boot"),
    ("스프링부트", "Spring Boot"),
    ("그래프큐엘", "GraphQL"),
    ("프리즈마", "Prisma"),
    ("파이어베이스", "Firebase"),
    ("수파베이스", "Supabase"),
    ("셀러리", "Celery"),
    ("웹소켓", "WebSocket"),
    ("테일윈드", "Tailwind"),
    ("판다스", "pandas"),
    ("파이토치", "PyTorch"),
    ("텐서플로우", "TensorFlow"),
    ("텐서플로", "TensorFlow"),
    ("스벨트", "Svelte"),
    ("앵귤러", "Angular"),
    ("라라벨", "Laravel"),
    ("엔진엑스", "nginx"),
    ("다이나모디비", "DynamoDB"),
    ("플레이라이트", "Playwright"),
    ("사이프레스", "Cypress"),
    ("리덕스", "Redux"),
    ("주스탠드", "Zustand"),
    ("리코일", "Recoil"),
    ("웹팩", "webpack"),
    ("그라파나", "Grafana"),
    ("프로메테우스", "Prometheus"),
    ("센트리", "Sentry"),
    ("스트라이프", "Stripe"),
    ("오크타", "Okta"),
    ("깃허브 액션", "GitHub Actions"),
    ("깃헙 액션", "GitHub Actions"),
    ("유니티", "Unity"),
    ("고도 엔진", "Godot"),
];
