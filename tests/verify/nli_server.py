"""A loopback OpenAI-compatible chat server that answers NLI prompts with a label and its log-probabilities.

``tests/llm/stub_server.py`` echoes prompts; this one reads the EVIDENCE and STATEMENT of
:data:`medhal.verify.llm.NLI_USER` and answers like a tiny, deterministic NLI model:

* entailment when every word of the statement (4+ letters) occurs in the evidence, contradiction when the
  statement holds a number the evidence does not, else neutral;
* the answer is the label word; with ``logprobs`` on (the default) the first token's ``top_logprobs`` put
  :data:`CHOSEN` on the label's first token and the rest on the other two labels and on a non-label token;
* a statement holding ``FAILME`` is answered ``400`` (not retried), one holding ``GARBAGE`` with a text that
  names no label (and no label among its log-probabilities).

``requests`` counts every HTTP request; ``bodies`` keeps their JSON.
"""

from __future__ import annotations

import json
import math
import re
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

FIRST_TOKEN = {"entailment": "Ent", "neutral": "Neutral", "contradiction": "Contr"}
REST = {"entailment": ("ail", "ment"), "neutral": (), "contradiction": ("ad", "iction")}
CHOSEN = 0.8
"""Probability of the chosen label's first token; the other labels get 0.12 and 0.05, the token " The" 0.03."""
OTHERS = (0.12, 0.05)
NON_LABEL = 0.03
_WORD = re.compile(r"[A-Za-z]{4,}")
_NUMBER = re.compile(r"\d+(?:\.\d+)?")


def judge(premise: str, hypothesis: str) -> str:
    """The label this server gives a pair (module docstring)."""
    if set(_NUMBER.findall(hypothesis)) - set(_NUMBER.findall(premise)):
        return "contradiction"
    words = {w.lower() for w in _WORD.findall(hypothesis)}
    if words <= {w.lower() for w in _WORD.findall(premise)}:
        return "entailment"
    return "neutral"


def expected_row(label: str) -> tuple[float, float, float]:
    """The (E, N, C) row the verifier should read off this server's log-probabilities for ``label``."""
    order = ["entailment", "neutral", "contradiction"]
    mass = dict.fromkeys(order, 0.0)
    mass[label] = CHOSEN
    for other, p in zip([name for name in order if name != label], OTHERS, strict=True):
        mass[other] = p
    total = sum(mass.values())
    return mass["entailment"] / total, mass["neutral"] / total, mass["contradiction"] / total


def split_prompt(user: str) -> tuple[str, str]:
    """(premise, hypothesis) of a user message written with ``NLI_USER``."""
    found = re.search(r"EVIDENCE:\n(.*)\n\nSTATEMENT:\n(.*)\n\nAnswer", user, re.DOTALL)
    if found is None:
        raise ValueError("not an NLI prompt")
    return found.group(1), found.group(2)


class NLIServer:
    """Start with the context manager; ``url`` is the base URL (``.../v1``)."""

    def __init__(self, *, logprobs: bool = True) -> None:
        self.logprobs = logprobs
        self.requests = 0
        self.bodies: list[dict[str, Any]] = []
        self._lock = threading.Lock()
        server = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *_: object) -> None:
                pass

            def do_POST(self) -> None:
                raw = self.rfile.read(int(self.headers.get("content-length", "0")))
                status, payload = server.answer(self.path, json.loads(raw))
                data = json.dumps(payload).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

        self._http = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._http.daemon_threads = True
        self._thread = threading.Thread(target=self._http.serve_forever, name="nli-server", daemon=True)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self._http.server_address[1]}/v1"

    def __enter__(self) -> NLIServer:
        self._thread.start()
        return self

    def __exit__(self, *_: object) -> None:
        self._http.shutdown()
        self._http.server_close()
        self._thread.join(10)

    def answer(self, path: str, body: dict[str, Any]) -> tuple[int, dict[str, Any]]:
        with self._lock:
            self.requests += 1
            self.bodies.append(body)
        if not path.endswith("/chat/completions"):
            return 404, {"error": {"message": "not found"}}
        user = next(m["content"] for m in reversed(body["messages"]) if m["role"] == "user")
        premise, hypothesis = split_prompt(user)
        if "FAILME" in hypothesis:
            return 400, {"error": {"message": "stub refuses this pair"}}
        if "GARBAGE" in hypothesis:
            tokens = [(" The", [(" The", 0.7), (" I", 0.3)]), (" evidence", [])]
        else:
            label = judge(premise, hypothesis)
            others = [name for name in FIRST_TOKEN if name != label]
            top = [(FIRST_TOKEN[label], CHOSEN)]
            top += [(FIRST_TOKEN[name], p) for name, p in zip(others, OTHERS, strict=True)]
            top.append((" The", NON_LABEL))
            tokens = [(FIRST_TOKEN[label], top), *((piece, []) for piece in REST[label])]
        text = "".join(token for token, _ in tokens)
        choice: dict[str, Any] = {
            "index": 0,
            "finish_reason": "stop",
            "message": {"role": "assistant", "content": text},
        }
        if self.logprobs and body.get("logprobs"):
            content = []
            for token, top in tokens:
                chosen = next((p for t, p in top if t == token), 0.9)
                alternatives = [{"token": t, "logprob": math.log(p), "bytes": None} for t, p in top]
                content.append({"token": token, "logprob": math.log(chosen), "top_logprobs": alternatives})
            choice["logprobs"] = {"content": content}
        return 200, {"id": f"nli-{self.requests}", "object": "chat.completion", "choices": [choice]}
