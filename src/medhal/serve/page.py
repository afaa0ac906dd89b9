"""HTML the service serves: the checking page (``GET /``) and the offline API docs (``GET /docs``).

The audit trail behind ``POST /v1/render`` is :func:`medhal.report.html_viewer.render_check_html` (a
:data:`Renderer`: ``(results, items) -> one self-contained HTML document``; ``create_app(renderer=...)`` swaps
it).  The page shows it in a sandboxed ``<iframe srcdoc>``: its scripts run, but it cannot reach the page.
Nothing here loads anything from outside the service (no CDN), so the page and the docs work offline.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from html import escape
from typing import Any

from medhal.detect import CheckItem, CheckResult

__all__ = ["PAGE_CSP", "Renderer", "render_docs", "render_index"]

Renderer = Callable[[Sequence[CheckResult], Sequence[CheckItem]], str]

PAGE_CSP = (
    "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:; "
    "connect-src 'self'; frame-src 'self'; base-uri 'none'; form-action 'none'"
)
"""Content-Security-Policy of the HTML responses: inline code only, requests to this service only."""

EXAMPLE_EVIDENCE = (
    "The city council approved a new transit plan on Tuesday after months of debate. The plan allocates $4.2 million "
    "to extend the eastern light-rail line by three stations. Mayor Lena Ortiz said the expansion would cut average "
    "commute times in the eastern districts by roughly fifteen minutes. Construction is scheduled to begin in March "
    "2026 and is expected to last two years."
)
EXAMPLE_RESPONSE = (
    "The council approved a $4.2 million plan to extend the light-rail line. Mayor Ortiz opposed the expansion. "
    "The new stations will feature underground parking."
)


_INDEX = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>medhal check</title><style>
body{font:15px/1.5 system-ui,sans-serif;margin:0 auto;max-width:72rem;padding:1rem;color:#1b1b1b}
textarea{width:100%;box-sizing:border-box;font:inherit}label{font-weight:600;display:block;margin-top:.6rem}
.row{display:flex;gap:1rem;flex-wrap:wrap;align-items:end}#error{color:#b00000;white-space:pre-wrap}
iframe{width:100%;height:70vh;border:1px solid #ccc;border-radius:4px;margin-top:.6rem}
</style></head><body>
<h1>medhal check</h1>
<p>Paste the evidence the model was given and the answer it produced. Verifier <code>__VERIFIER__</code>.
<a href="docs">API docs</a></p>
<form id="check-form">
<label for="evidence">Evidence</label><textarea id="evidence" rows="8" required></textarea>
<label for="response">Answer</label><textarea id="response" rows="4" required></textarea>
<label for="question">Question (optional)</label><textarea id="question" rows="1"></textarea>
<div class="row">
<div><label for="detector">Detector</label><select id="detector">__DETECTORS__</select></div>
<div><label for="units">Units</label><select id="units">__UNITS__</select></div>
<div __TOKEN_HIDDEN__><label for="token">Bearer token</label><input id="token" type="password" autocomplete="off"></div>
<div><button id="submit" type="submit">Check</button> <button id="example" type="button">Load example</button></div>
</div></form>
<p id="status" aria-live="polite"></p><p id="error" role="alert"></p>
<iframe id="audit" title="audit trail" sandbox="allow-scripts"></iframe>
<script>
var EXAMPLE = __EXAMPLE__;
function el(id) { return document.getElementById(id); }
el('example').addEventListener('click', function () {
  el('evidence').value = EXAMPLE.evidence; el('response').value = EXAMPLE.response;
});
el('check-form').addEventListener('submit', async function (ev) {
  ev.preventDefault();
  el('error').textContent = ''; el('status').textContent = 'checking\\u2026';
  var body = {evidence: el('evidence').value, response: el('response').value, detector: el('detector').value,
              units: el('units').value};
  if (el('question').value.trim()) { body.question = el('question').value; }
  var headers = {'Content-Type': 'application/json'};
  if (el('token').value) { headers['Authorization'] = 'Bearer ' + el('token').value; }
  var started = performance.now();
  try {
    var resp = await fetch('v1/render', {method: 'POST', headers: headers, body: JSON.stringify(body)});
    if (!resp.ok) {
      var message = 'HTTP ' + resp.status;
      try { var err = (await resp.json()).error; message = err.code + ': ' + err.message; } catch (e) {}
      el('status').textContent = ''; el('error').textContent = message; return;
    }
    el('audit').srcdoc = await resp.text();
    var flagged = resp.headers.get('X-Medhal-Flagged') === 'true';
    el('status').textContent = (flagged ? 'Flagged' : 'Not flagged') + ' \\u2014 score ' +
      resp.headers.get('X-Medhal-Score') + ' (' + Math.round(performance.now() - started) + ' ms)';
    el('status').dataset.flagged = String(flagged);
  } catch (e) { el('status').textContent = ''; el('error').textContent = String(e); }
});
</script></body></html>
"""


def _options(values: Sequence[str], default: str) -> str:
    return "".join(
        f'<option value="{escape(v)}"{" selected" if v == default else ""}>{escape(v)}</option>' for v in values
    )


def render_index(
    *, detectors: Sequence[str], detector: str, units: Sequence[str], default_units: str, verifier_id: str, auth: bool
) -> str:
    """The checking page: a form that POSTs to ``v1/render`` and shows the audit trail in a sandboxed frame."""
    example = json.dumps({"evidence": EXAMPLE_EVIDENCE, "response": EXAMPLE_RESPONSE}).replace("</", "<\\/")
    return (
        _INDEX.replace("__VERIFIER__", escape(verifier_id))
        .replace("__DETECTORS__", _options(detectors, detector))
        .replace("__UNITS__", _options(units, default_units))
        .replace("__TOKEN_HIDDEN__", "" if auth else "hidden")
        .replace("__EXAMPLE__", example)
    )


def _schema_ref(schema: dict[str, Any] | None) -> str:
    if not schema:
        return ""
    ref = schema.get("$ref")
    if isinstance(ref, str):
        name = ref.rsplit("/", 1)[-1]
        return f'<a href="#schema-{escape(name)}">{escape(name)}</a>'
    return f"<code>{escape(json.dumps(schema, sort_keys=True))}</code>"


def render_docs(openapi: dict[str, Any]) -> str:
    """Offline API documentation rendered from the OpenAPI schema (no Swagger UI, nothing fetched)."""
    info = openapi.get("info", {})
    parts = [
        f"<h1>{escape(str(info.get('title', 'API')))} {escape(str(info.get('version', '')))}</h1>",
        f"<p>{escape(str(info.get('description', '')))}</p>",
        '<p>Machine-readable schema: <a href="openapi.json">openapi.json</a>.</p>',
    ]
    for path, operations in openapi.get("paths", {}).items():
        for method, op in operations.items():
            parts.append(f"<h2><code>{escape(method.upper())} {escape(path)}</code></h2>")
            parts.append(f"<p><b>{escape(str(op.get('summary', '')))}</b></p>")
            if op.get("description"):
                parts.append(f'<p class="desc">{escape(str(op["description"]))}</p>')
            body = op.get("requestBody", {}).get("content", {})
            for media, content in body.items():
                parts.append(f"<p>Request body ({escape(media)}): {_schema_ref(content.get('schema'))}</p>")
            rows = "".join(
                f"<tr><td>{escape(code)}</td><td>{escape(str(resp.get('description', '')))}</td><td>"
                + " ".join(_schema_ref(c.get("schema")) for c in resp.get("content", {}).values())
                + "</td></tr>"
                for code, resp in op.get("responses", {}).items()
            )
            parts.append(f"<table><tr><th>status</th><th>meaning</th><th>body</th></tr>{rows}</table>")
    parts.append("<h2>Schemas</h2>")
    for name, schema in openapi.get("components", {}).get("schemas", {}).items():
        text = escape(json.dumps(schema, indent=2, sort_keys=True))
        parts.append(f'<h3 id="schema-{escape(name)}">{escape(name)}</h3><pre>{text}</pre>')
    return (
        '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>medhal API</title><style>'
        "body{font:15px/1.5 system-ui,sans-serif;margin:0 auto;max-width:72rem;padding:1rem}"
        "pre{background:#f7f7f9;padding:.5rem;overflow:auto}table{border-collapse:collapse}"
        "td,th{border:1px solid #ddd;padding:2px 6px;text-align:left}.desc{white-space:pre-wrap}"
        f"</style></head><body>{''.join(parts)}</body></html>"
    )
