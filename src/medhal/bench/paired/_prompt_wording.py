"""The paired prompts' wording in each language and the placeholders of the answer format.

Re-exported by :mod:`medhal.bench.paired.prompts`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

OUTPUT_KEYS: tuple[str, ...] = ("Evidence", "Analysis", "Confidence", "Error")

# -- templates ---------------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Wording:
    """One language's prompts.  ``user`` has ``{types}`` and ``{note}``; ``{types}`` is joined with ``sep`` and
    ``last`` (the word before the final type)."""

    system: Mapping[str, str]
    user: Mapping[str, str]
    sep: str
    last: str

    def join(self, types: tuple[str, ...]) -> str:
        if len(types) <= 1:
            return "".join(types)
        return f"{self.sep.join(types[:-1])}{self.last}{types[-1]}"


_FORMAT_EN = (
    "Output EXACTLY 4 lines (nothing else):\n"
    "Evidence: <copy a short exact quote from the note that is wrong, or NA>\n"
    "Analysis: [Your short reasoning in 3-5 sentences]\n"
    "Confidence: [0-100]\n"
    "Error: [No or Yes]"
)
_USER_EN = (
    "The following is a medical narrative about a patient. The text is either correct or contains one {what}.\n\n"
    '{article} "{what}" must meet BOTH:\n'
    "(1) The note explicitly states something incorrect/unsafe ({{types}}), AND\n"
    "(2) You can quote the exact text span that is wrong.\n"
    "If you cannot quote an exact span, output Error: No.\n\n" + _FORMAT_EN + "\n\n"
    "Clinical Note:\n{{note}}"
)
_EN = _Wording(
    system={
        "neutral": "You are a skilled medical doctor reviewing the clinical text.",
        "conservative": (
            "You are a conservative medical reviewer. Only flag a significant medical error if the text itself "
            "clearly supports it. Do NOT assume missing information. Do NOT invent guidelines or facts not stated "
            'in the note. If the note is incomplete or ambiguous, prefer "no error" with lower confidence.'
        ),
    },
    user={
        "neutral": _USER_EN.format(article="An", what="error"),
        "conservative": _USER_EN.format(article="A", what="significant medical error"),
    },
    sep=", ",
    last=", or ",
)

_USER_ZH = (
    "以下是一段关于患者的医疗叙述。该文本要么正确，要么包含一处{what}。\n\n"
    "“{what}”必须同时满足以下两点：\n"
    "(1) 记录中明确陈述了不正确或不安全的内容（{{types}}），并且\n"
    "(2) 你能够原样引用出错的文本片段。\n"
    "如果无法引用确切的文本片段，请输出 Error: No。\n\n"
    "请严格只输出以下 4 行（不要输出任何其他内容）：\n"
    "Evidence: <从记录中原样摘录出错的简短片段，或 NA>\n"
    "Analysis: [用 3-5 句话简要说明你的推理]\n"
    "Confidence: [0-100]\n"
    "Error: [No 或 Yes]\n\n"
    "临床记录：\n{{note}}"
)
_ZH = _Wording(
    system={
        "neutral": "你是一名正在审阅临床文本的资深医生。",
        "conservative": (
            "你是一名保守的医学审阅者。只有当文本本身明确支持时，才标记重大医疗错误。不要假设缺失的信息。"
            "不要编造记录中没有陈述的指南或事实。如果记录不完整或含义模糊，请倾向于判断为“无错误”，并给出较低的置信度。"
        ),
    },
    user={"neutral": _USER_ZH.format(what="错误"), "conservative": _USER_ZH.format(what="重大医疗错误")},
    sep="、",
    last="或",
)

_USER_JA = (
    "以下は患者に関する医療記録です。この文章は正しいか、または{what}を1つ含んでいます。\n\n"
    "「{what}」は次の両方を満たす必要があります：\n"
    "(1) 記録が不正確または安全でない内容（{{types}}）を明示的に述べている、かつ\n"
    "(2) 誤っている箇所を原文のまま正確に引用できる。\n"
    "正確な箇所を引用できない場合は、Error: No と出力してください。\n\n"
    "次の4行だけを正確に出力してください（それ以外は何も出力しないこと）：\n"
    "Evidence: <記録から誤っている箇所を短くそのまま引用、または NA>\n"
    "Analysis: [3〜5文での簡潔な推論]\n"
    "Confidence: [0-100]\n"
    "Error: [No または Yes]\n\n"
    "臨床記録：\n{{note}}"
)
_JA = _Wording(
    system={
        "neutral": "あなたは臨床テキストをレビューする熟練した医師です。",
        "conservative": (
            "あなたは慎重な医学レビュアーです。文章そのものが明確に裏付ける場合にのみ、重大な医療上の誤りとして"
            "指摘してください。記載のない情報を推測しないでください。記録に書かれていないガイドラインや事実を"
            "作り出さないでください。記録が不完全または曖昧な場合は、低めの確信度で「誤りなし」を選んでください。"
        ),
    },
    user={"neutral": _USER_JA.format(what="誤り"), "conservative": _USER_JA.format(what="重大な医療上の誤り")},
    sep="、",
    last="、",
)

_USER_AR = (
    "فيما يلي سرد طبي عن مريض. النص إما صحيح أو يحتوي على {what} واحد.\n\n"
    "يجب أن يستوفي «{term}» الشرطين معًا:\n"
    "(1) تذكر الملاحظة صراحةً شيئًا غير صحيح أو غير آمن ({{types}})، و\n"
    "(2) يمكنك اقتباس الجزء الدقيق من النص الذي يحتوي على الخطأ.\n"
    "إذا لم تتمكن من اقتباس جزء دقيق من النص، فاكتب Error: No.\n\n"
    "اكتب 4 أسطر بالضبط (ولا شيء غيرها):\n"
    "Evidence: <انسخ اقتباسًا قصيرًا حرفيًا من الملاحظة يحتوي على الخطأ، أو NA>\n"
    "Analysis: [استدلالك الموجز في 3-5 جمل]\n"
    "Confidence: [0-100]\n"
    "Error: [No أو Yes]\n\n"
    "الملاحظة السريرية:\n{{note}}"
)
_AR = _Wording(
    system={
        "neutral": "أنت طبيب ماهر تراجع النص السريري.",
        "conservative": (
            "أنت مراجع طبي متحفظ. لا تُشِر إلى خطأ طبي جسيم إلا إذا كان النص نفسه يدعمه بوضوح. "
            "لا تفترض معلومات غير موجودة. لا تختلق إرشادات أو حقائق غير مذكورة في الملاحظة. "
            "إذا كانت الملاحظة ناقصة أو غامضة، ففضّل «لا يوجد خطأ» مع درجة ثقة أقل."
        ),
    },
    user={
        "neutral": _USER_AR.format(what="خطأ", term="الخطأ"),
        "conservative": _USER_AR.format(what="خطأ طبي جسيم", term="الخطأ الطبي الجسيم"),
    },
    sep="، ",
    last="، أو ",
)

_WORDING: Mapping[str, _Wording] = {"en": _EN, "zh": _ZH, "ja": _JA, "ar": _AR}

FORMAT_PLACEHOLDERS: frozenset[str] = frozenset(
    line.split(": ", 1)[1].strip()
    for wording in _WORDING.values()
    for template in wording.user.values()
    for line in template.splitlines()
    if line.split(": ", 1)[0] in OUTPUT_KEYS and ": " in line
)
"""The placeholder values of the four-line format in every language (``[0-100]``, ``[No or Yes]``, ...): a model
that echoes the format before answering is not taken at its echo."""
