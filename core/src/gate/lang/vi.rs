//! Vietnamese. (Its letters with stacked marks, U+1E00–U+1EFF, are outside
//! the gate's `\w`: `(?:^|\W)` still finds the space before a word.)

use super::super::rules::{LASTS, NONE, SELECTION};
use super::super::Category::*;
use super::Lang;

pub(crate) const LANG: Lang = Lang {
    code: "vi",
    rules: &[
        (
            "dv.dung",
            DecisionVerb,
            3,
            SELECTION,
            r"(?:^|\W)(?:(?P<veto>đang|có\s+thể|có)\s+)?(?P<m>dùng|sử\s+dụng|chọn|chuyển\s+sang|xài)\s+(?P<chosen>⟨TECH⟩)(?:\W|$)(?:[^.!?\n]*?(?P<veto2>lỗi|bị\s|không\s+chạy|chậm))?",
        ),
        (
            "ban.dung_bao_gio",
            Ban,
            3,
            LASTS,
            r"(?:^|\W)(?P<m>đừng\s+bao\s+giờ|không\s+bao\s+giờ\s+được|tuyệt\s+đối\s+không|cấm)(?:\W|$)",
        ),
        // "từ giờ trở đi tất cả API phải có test": from now on
        (
            "mem.tu_gio",
            Memory,
            3,
            NONE,
            r"(?:^|\W)(?P<m>từ\s+(?:giờ|bây\s+giờ|nay)(?:\s+(?:trở\s+đi|về\s+sau))?|kể\s+từ\s+(?:giờ|bây\s+giờ|nay))(?:\W|$)",
        ),
    ],
    cues: &[("temporary", r"(?:^|\W)(?:tạm\s+thời|trước\s+mắt)(?:\W|$)")],
    canon: &[],
    tags: &[],
};
