from __future__ import annotations

from dataclasses import dataclass

import pytest

from medhal.bench.paired.prompts import (
    CONFIGS,
    ERROR_TYPES,
    FORMAT_PLACEHOLDERS,
    OUTPUT_KEYS,
    PairedConfig,
    PromptError,
    build_messages,
    build_request,
    dataset_key,
    error_types_for,
    note_seed,
    resolve_configs,
    system_prompt,
    user_prompt,
)


@dataclass(frozen=True)
class Note:
    id: str
    dataset: str
    language: str
    text: str


EN = Note(
    "ms-1", "MEDEC-MS", "en", "A 54-year-old man was started on metformin 5000 mg daily. {Follow-up} in 3 months."
)
NOTES = {
    "en": Note("meb-en-1", "MedErrBench-EN", "en", "Patient diagnosed with gout."),
    "zh": Note("meb-cn-1", "MedErrBench-CN", "zh", "患者诊断为痛风。"),
    "ja": Note("mrt-1", "MedRECT-JA", "ja", "32歳の男性、右陰嚢の腫大を主訴に来院した。"),
    "ar": Note("meb-ar-1", "MedErrBench-ARA", "ar", "تم تشخيص المريض بالنقرس."),
}


def test_the_four_configurations_of_the_seed() -> None:
    assert list(CONFIGS) == ["neutral-greedy", "neutral-sampling", "conservative-greedy", "conservative-sampling"]
    for name, config in CONFIGS.items():
        style, decoding = name.split("-")
        assert config.style == style and config.name == name
        if decoding == "greedy":
            assert config.greedy and config.temperature == 0.0 and config.top_p == 1.0
        else:
            assert not config.greedy and config.temperature == 0.7 and config.top_p == 0.9
    assert resolve_configs() == tuple(CONFIGS.values())
    assert resolve_configs("neutral-greedy") == (CONFIGS["neutral-greedy"],)


def test_greedy_requests_carry_no_seed_and_sampling_is_seeded_per_note() -> None:
    greedy = build_request(EN, "neutral-greedy", seed=7)
    assert greedy.config.temperature == 0.0 and greedy.config.seed is None and greedy.config.cacheable
    sampled = build_request(EN, CONFIGS["conservative-sampling"], seed=7)
    assert sampled.config.temperature == 0.7 and sampled.config.top_p == 0.9
    assert sampled.config.seed == note_seed(7, EN.id) and sampled.config.cacheable
    assert build_request(EN, "conservative-sampling", seed=7).config.seed == sampled.config.seed  # deterministic
    assert build_request(EN, "conservative-sampling", seed=8).config.seed != sampled.config.seed
    other = Note("ms-2", EN.dataset, EN.language, EN.text)
    assert build_request(other, "neutral-sampling", seed=7).config.seed != sampled.config.seed
    assert 0 <= note_seed(7, EN.id) < 2**31
    ids = {build_request(EN, name, seed=7).id for name in CONFIGS}
    assert len(ids) == 4 and all(EN.id in i for i in ids)


def test_zero_shot_one_note_per_request() -> None:
    request = build_request(EN, "neutral-greedy", seed=0)
    assert request.messages is not None and [m.role for m in request.messages] == ["system", "user"]
    user = request.messages[1].text
    assert user.endswith("Clinical Note:\n" + EN.text)  # braces in the note are kept verbatim
    assert user.count("Clinical Note:") == 1


def test_english_prompt_follows_appendix_d() -> None:
    system, user = (m.text for m in build_messages(EN, "neutral"))
    assert system == "You are a skilled medical doctor reviewing the clinical text."
    assert "The text is either correct or contains one error." in user
    assert "(diagnosis, management, medication, treatment, or causal organism)" in user
    assert "If you cannot quote an exact span, output Error: No." in user
    assert "Output EXACTLY 4 lines (nothing else):" in user
    lines = user.splitlines()
    start = lines.index("Evidence: <copy a short exact quote from the note that is wrong, or NA>")
    assert [line.split(":")[0] for line in lines[start : start + 4]] == list(OUTPUT_KEYS)
    assert lines[start + 2] == "Confidence: [0-100]" and lines[start + 3] == "Error: [No or Yes]"


def test_conservative_differs_from_neutral() -> None:
    neutral_system, neutral_user = (m.text for m in build_messages(EN, "neutral"))
    cons_system, cons_user = (m.text for m in build_messages(EN, "conservative"))
    assert cons_system != neutral_system
    assert cons_system.startswith("You are a conservative medical reviewer.")
    for phrase in ("clearly supports it", "Do NOT assume missing information", "Do NOT invent guidelines"):
        assert phrase in cons_system
    assert 'prefer "no error" with lower confidence' in cons_system
    assert "significant medical error" in cons_user and "significant medical error" not in neutral_user
    assert 'A "significant medical error" must meet BOTH' in cons_user
    # same structure otherwise: the format block and the note are identical
    assert neutral_user.split("Output EXACTLY")[1] == cons_user.split("Output EXACTLY")[1]
    assert neutral_user.replace("error", "significant medical error").replace("An ", "A ") != neutral_user


@pytest.mark.parametrize("language", ["en", "zh", "ja", "ar"])
@pytest.mark.parametrize("style", ["neutral", "conservative"])
def test_every_language_keeps_english_output_keys(language: str, style: str) -> None:
    note = NOTES[language]
    system, user = (m.text for m in build_messages(note, style))
    starts = [line.split(":")[0] for line in user.splitlines() if line.split(":")[0] in OUTPUT_KEYS]
    assert starts == list(OUTPUT_KEYS)
    assert "NA>" in user and "Yes]" in user and "[No " in user and "Confidence: [0-100]" in user
    assert "Error: No" in user
    assert user.rstrip().endswith(note.text)
    assert system == system_prompt(style, language)
    if language != "en":
        assert "doctor" not in system and "reviewer" not in system  # translated, not English


@pytest.mark.parametrize(
    ("language", "present", "absent"),
    [
        ("en", "pharmacotherapy", "诊断"),
        ("zh", "诊断、管理、治疗、药物治疗", "diagnosis"),
        ("ja", "診断、病歴聴取、身体所見", "diagnosis"),
        ("ar", "التشخيص", "diagnosis"),
    ],
)
def test_error_types_are_in_the_notes_language(language: str, present: str, absent: str) -> None:
    user = build_messages(NOTES[language], "neutral")[1].text
    assert present in user and absent not in user
    for error_type in error_types_for(NOTES[language].dataset, language):
        assert error_type in user


def test_conservative_wording_in_each_language() -> None:
    expected = {"zh": "重大医疗错误", "ja": "重大な医療上の誤り", "ar": "خطأ طبي جسيم"}
    for language, phrase in expected.items():
        neutral = build_messages(NOTES[language], "neutral")
        conservative = build_messages(NOTES[language], "conservative")
        assert phrase in conservative[1].text and phrase not in neutral[1].text
        assert phrase in conservative[0].text and conservative[0].text != neutral[0].text


@pytest.mark.parametrize(
    ("dataset", "language", "key"),
    [
        ("MEDEC-MS", "en", "medec"),
        ("ms-test", "en", "medec"),
        ("MedErrBench-EN", "en", "mederrbench-en"),
        ("meb-cn", "zh", "mederrbench-zh"),
        ("MedErrBench", "ar", "mederrbench-ar"),
        ("MedRECT-JA", "ja", "medrect-ja"),
        ("mrt-ja", "ja", "medrect-ja"),
        ("medrect", "en", "medrect-en"),
        ("my-own-notes", "en", "mederrbench-en"),
        ("my-own-notes", "ja", "medrect-ja"),
        ("MEDEC-MS", "zh", "mederrbench-zh"),
        ("whatever", "Chinese", "mederrbench-zh"),
    ],
)
def test_dataset_keys(dataset: str, language: str, key: str) -> None:
    assert dataset_key(dataset, language) == key


def test_error_type_list_sizes() -> None:
    assert len(ERROR_TYPES["medec"]) == 5
    assert len(ERROR_TYPES["mederrbench-en"]) == 10
    assert len(ERROR_TYPES["mederrbench-zh"]) == 10 and len(ERROR_TYPES["mederrbench-ar"]) == 10
    assert len(ERROR_TYPES["medrect-ja"]) == 9 and len(ERROR_TYPES["medrect-en"]) == 9


def test_bad_inputs_raise_prompt_errors() -> None:
    with pytest.raises(PromptError, match="language"):
        build_request(Note("x", "MEDEC", "fr", "Texte."), "neutral-greedy", seed=0)
    with pytest.raises(PromptError, match="no text"):
        build_request(Note("x", "MEDEC", "en", "  \n"), "neutral-greedy", seed=0)
    with pytest.raises(PromptError, match="unknown configuration"):
        build_request(EN, "neutral-beam", seed=0)
    with pytest.raises(PromptError, match="given twice"):
        resolve_configs(["neutral-greedy", CONFIGS["neutral-greedy"]])
    with pytest.raises(PromptError):
        PairedConfig("bad name", "neutral")
    with pytest.raises(PromptError):
        PairedConfig("x", "skeptical")  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        PairedConfig("hot", "neutral", temperature=20.0)
    with pytest.raises(PromptError):
        user_prompt("neutral", "x", dataset="medec", language="de")


def test_custom_configuration() -> None:
    custom = PairedConfig("neutral-t03", "neutral", temperature=0.3, top_p=0.95, max_tokens=256)
    request = build_request(EN, custom, seed=1)
    assert request.id == "neutral-t03:ms-1"
    assert request.config.max_tokens == 256 and request.config.seed == note_seed(1, EN.id)
    assert custom.describe()["decoding"] == "sampling"


def test_format_placeholders_cover_every_language() -> None:
    assert {"[No or Yes]", "[No 或 Yes]", "[No または Yes]", "[No أو Yes]", "[0-100]"} <= FORMAT_PLACEHOLDERS
