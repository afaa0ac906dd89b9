"""Med-HALT (seed 001): reasoning and memory hallucination tests, their prompts, parsing, scoring and runner."""
