//! Korean.

use super::super::rules::{HANDLE, NONE, SELECTION};
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
        ("dv.ro_haja", DecisionVerb, 3, SELECTION | HANDLE,
         concat!(r"(?P<chosen>", opt!(), r")\s*(?:으로|로)\s*(?P<m>하자|합시다|할게요|할게|하겠습니다|가자|갑시다|가죠|정하자|정했|결정|통일(?:하자|해|해줘|해주세요|합시다))")),
        ("dv.use", DecisionVerb, 3, SELECTION,
         concat!(r"(?P<chosen>", opt!(), r")\s*(?:을|를|은|는)?\s*(?P<m>사용하자|사용해(?:줘|주세요|요)?|사용하세요|사용합시다|쓰자|써(?:줘|주세요|요)?|쓰세요|씁시다|채택)")),
        ("dv.tech_make", DecisionVerb, 3, SELECTION,
         r"(?P<chosen>[A-Za-z][\w.+#/@-]*(?:\s[A-Za-z][\w.+#/@-]*){0,1})\s*(?:으로|로|를\s*써서|를\s*사용해서)\s*(?P<m>만들어|작성해|구현해|개발해|짜)"),
        ("dv.prefer", DecisionVerb, 3, SELECTION,
         concat!(r"(?P<chosen>", opt!(), r")\s*(?:이|가|을|를)\s*(?P<m>더\s*(?:좋아|좋겠|나아|낫)|선호(?:해|합니다|해요)|우선)")),
        ("dv.keep", DecisionVerb, 3, SELECTION,
         concat!(r"(?P<chosen>", opt!(), r")\s*(?:을|를|으로|로)?\s*(?P<m>계속\s*(?:사용|써|쓰)|그대로\s*(?:사용|써|유지|가)|유지(?:해|하자|합시다))")),
        ("dv.decided", DecisionVerb, 3, NONE,
         r"(?P<m>결정했|결정합니다|결정입니다|정했어|정했습니다)"),
        ("rej.instead", Rejection, 3, NONE,
         concat!(r"(?P<rejected>", opt!(), r")\s*(?P<m>대신(?:에)?|말고|보다는?|가\s*아니라|이\s*아니라|아니고)\s*(?P<chosen>", opt!(), ")")),
        ("ban.dont", Ban, 3, NONE,
         concat!(r"(?P<rejected>", opt!(), r")\s*(?:은|는|을|를|에|에는)?\s*(?P<m>(?:절대(?:로)?\s*|앞으로\s*|다시는\s*)?(?:직접\s*)?(?:사용하지|쓰지|건드리지|수정하지|변경하지|삭제하지|추가하지|커밋하지|푸시하지|push하지|넣지|만지지|올리지)\s*(?:마|말아|마세요|말아요|말\s*것|않도록))")),
        ("ban.kinshi", Ban, 3, NONE,
         r"(?P<m>사용\s*금지|금지(?:입니다|야|예요)?|하면\s*안\s*(?:돼|됩니다|되요|돼요))"),
        ("mem.from_now", Memory, 2, NONE,
         r"(?P<m>앞으로(?:는)?|이제부터(?:는)?|지금부터(?:는)?|항상|언제나|매번|무조건|반드시)"),
        ("mem.rule", Memory, 3, NONE,
         r"(?P<m>규칙(?:은|으로)|컨벤션|원칙(?:은|으로))"),
        ("ban.jima", Ban, 3, NONE,
         r"(?P<m>[가-힣]+지\s*(?:마|말아|마세요|말아요|마십시오|말\s*것)(?:요)?)(?:[.!]|\s|$)"),
        ("dv.ro_hae", DecisionVerb, 3, SELECTION,
         r"(?P<chosen>[A-Za-z][\w.+#/@-]*|[\w가-힣.+#/@-]{1,20}?)\s*(?:으로|로)\s*(?P<m>해(?:줘|주세요|요)?|가|진행해(?:줘|주세요)?)(?:[.!]|\s|$)"),
        ("dv.tech_make_far", DecisionVerb, 3, SELECTION,
         r"(?P<chosen>⟨TECH⟩)\s*(?:으로|로)[^.!?]{0,40}?(?P<m>만들어|작성해|구현해|개발해|짜)"),
        ("ban.jimalgo", Ban, 3, NONE,
         r"(?P<m>[가-힣]+지\s*말고)(?:\s|$|[,.])"),
        ("mem.always_imp", Memory, 3, NONE,
         r"(?P<m>항상|언제나|무조건|반드시)[^.!?]{0,40}?(?:세요|십시오|해요|해|줘|하자|두세요|둬|써|쓰세요)(?:[.!]|\s|$)"),
        ("ban.myeon_an", Ban, 3, NONE,
         r"(?P<m>[가-힣]+(?:면|으면)\s*안\s*(?:돼|됩니다|되요|돼요|됨))(?:[.!]|\s|$)"),
        ("ban.anhaesseumyeon", Ban, 3, NONE,
         r"(?P<m>[가-힣]+(?:지\s*않았으면|지\s*말았으면|\s*안\s*했으면)\s*(?:해|해요|합니다|좋겠어|좋겠어요|좋겠습니다))"),
        ("dv.scope", DecisionVerb, 3, NONE,
         r"(?P<m>지원(?:은|는|을|를)?)[^.!?]{0,40}?(?:해야\s*(?:돼|해|합니다|돼요|됩니다)|필요(?:해|합니다|해요)|까지\s*(?:해|지원))"),
    ],
    cues: &[
        ("question", r"(?:(?:까|나요|냐|니)[?？]?\s*$|나요|어떻게|왜|어느|뭐가|무엇|어떤\s*게|할까)"),
        ("hedge", r"(?:아마|혹시|고려|생각\s*중|것\s*같아|수도\s*있)"),
        ("temporary", r"(?:아직|일단|이번에는|이번만|당분간|임시로|지금은|우선은)"),
        ("conditional", r"(?:^|\s)(?:만약|만일)|면\s*[,，]"),
        ("delegation", r"(?:알아서|맡길게|맡기|아무거나|편한\s*대로|판단해)"),
        ("undecided", r"(?:아직\s*(?:결정|정하지)|생각해\s*볼게|고민\s*중)"),
        ("experiment", r"(?:[써해]\s*보고|시도|테스트해\s*봐|써\s*봐|해보고)"),
    ],
    canon: &[
        (r"^\s*([A-Ea-e1-9])\s*(?:로|으로)\s*(?:해|하자|할게|해주세요|해\s*주세요|갈게|가자|갑시다)?\s*[.!]?\s*$", "option $1"),
        (r"\s*(?:또는|아니면|혹은)\s*", " or "),
        (r"(?:은|는)?\s*(?:안\s*돼요?|별로(?:예요|에요|야)?|빼(?:고|자|줘))", " is out "),
        (r"[（(]\s*추천\s*[)）]", "(recommended)"),
        (r"추천(?:하신|한|해준|하는)\s*(?:걸로|것으로|대로|안|방법)", " the recommended one "),
        (r"(?:옵션|방안|선택지)\s*([A-Ea-e1-9])\s*[：:]?\s*(?:으로|로|이|을|를)?", " option $1: "),
        (r"([A-Ea-e1-9])\s*(?:안|번)\s*(?:으로|로|이|을|를)?", " option $1 "),
        (r"(?:첫\s*번째|첫째)", " the first "),
        (r"(?:두\s*번째|둘째)", " the second "),
        (r"(?:세\s*번째|셋째)", " the third "),
        (r"전자", " the former "),
        (r"후자", " the latter "),
        (r"^\s*(?:네|예|응|좋아요?|좋습니다|그래요?|그렇게\s*(?:해|해요|해주세요|하자|합시다)|오케이|알겠(?:어|어요|습니다)|진행해(?:주세요|줘)?)\s*(?P<p>[,.!]\s*|$)", "yes$p"),
        (r"(?:전부|둘\s*다|모두)", " all "),
        (r"(?:두|세|몇)\s*가지\s*(?:방법|옵션|방안|선택지)", " options "),
        (r"(?:어느|어떤)\s*(?:걸|것|방법|쪽)", " which one "),
        (r"추천(?:합니다|해요|드려요|드립니다)", " I recommend "),
    ],
};
