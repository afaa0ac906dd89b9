from __future__ import annotations

import base64
import re
from pathlib import Path

from medhal.report.html_report import markdown_to_html, write_html_report
from medhal.report.localization import localization_markdown
from report_results import entry, report

# the smallest valid PNG: 1x1, one grey pixel
PNG = base64.b64decode("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAAAAAA6fptVAAAACklEQVR4nGNgYAAAAAMAASsJTYQAAAAASUVORK5CYII=")

MD = """# Detection <b>benchmark</b>

- items: 200
- model: `hf/org_model_v1` with p_correct and *care*
  - nested detail
- script: <script>alert(1)</script>

1. first
2. second

| detector | n | AUC-PR [95% CI] | sig. | note |
|---|---:|---|:-:|---|
| nli-clause | 100 | 0.630 [0.55, 0.70] | yes | `a|b` and a\\|b |
| decomposed | 100 | 0.700 | no |

F1 (opt.) is **optimistic**; _the honest one uses a dev threshold_ (`pip install 'medhal[report]'`).

## Figures

![hit@1 vs random baseline](localization.png)

![missing figure](nope.png)

![remote](https://example.com/x.png) and [metrics](metrics.json) and [site](https://example.com/page)

---

```
raw <code> block
```
"""


def convert(tmp_path: Path, md: str = MD) -> str:
    (tmp_path / "localization.png").write_bytes(PNG)
    return markdown_to_html(md, base_dir=tmp_path)


def test_tables_headings_lists_and_inline(tmp_path: Path) -> None:
    out = convert(tmp_path)
    assert "<title>Detection &lt;b&gt;benchmark&lt;/b&gt;</title>" in out
    assert '<h1 id="detection-b-benchmark-b">Detection &lt;b&gt;benchmark&lt;/b&gt;</h1>' in out
    assert '<h2 id="figures">Figures</h2>' in out
    assert "<li>model: <code>hf/org_model_v1</code> with p_correct and <em>care</em><ul><li>nested detail" in out
    assert "<ol><li>first</li><li>second</li></ol>" in out
    assert out.count("<table>") == 1
    headers = re.findall(r"<th scope=\"col\"([^>]*)>([^<]*)</th>", out)
    assert headers == [
        ("", "detector"),
        (' class="al-right"', "n"),
        ("", "AUC-PR [95% CI]"),
        (' class="al-center"', "sig."),
        ("", "note"),
    ]
    assert '<td>nli-clause</td><td class="al-right">100</td><td>0.630 [0.55, 0.70]</td>' in out
    assert "<td><code>a|b</code> and a|b</td>" in out
    assert '<td>decomposed</td><td class="al-right">100</td><td>0.700</td><td class="al-center">no</td><td></td>' in out
    assert "<strong>optimistic</strong>" in out and "<em>the honest one uses a dev threshold</em>" in out
    assert "<code>pip install &#x27;medhal[report]&#x27;</code>" in out
    assert "<hr>" in out and "<pre><code>raw &lt;code&gt; block</code></pre>" in out


def test_everything_is_escaped(tmp_path: Path) -> None:
    out = convert(tmp_path)
    assert "<script>" not in out and "&lt;script&gt;alert(1)&lt;/script&gt;" in out
    assert "<b>" not in out


def test_images_embedded_and_nothing_remote(tmp_path: Path) -> None:
    out = convert(tmp_path)
    encoded = base64.b64encode(PNG).decode()
    assert f'<img src="data:image/png;base64,{encoded}" alt="hit@1 vs random baseline">' in out
    assert "<figcaption>hit@1 vs random baseline</figcaption>" in out
    assert "figure not embedded: missing figure (nope.png not found)" in out
    assert "remote images are not fetched" in out
    assert "http://" not in out and "https://example.com/x.png" not in out
    assert not re.search(r"(src|href)=\"(https?:)?//", out)
    assert 'site</span> (<span class="url">https://example.com/page</span>)' in out  # a remote link stays text
    assert re.findall(r'src="([^"]{0,22})', out) == ["data:image/png;base64,"]
    assert '<a href="metrics.json">metrics</a>' in out
    csp = re.search(r'http-equiv="Content-Security-Policy" content="([^"]+)"', out)
    assert csp and "default-src 'none'" in csp.group(1) and "img-src data:" in csp.group(1)


def test_images_outside_the_folder_are_not_read(tmp_path: Path) -> None:
    inner = tmp_path / "run"
    inner.mkdir()
    (tmp_path / "secret.png").write_bytes(PNG)
    out = markdown_to_html("![x](../secret.png)\n", base_dir=inner)
    assert "data:image" not in out and "outside the report folder" in out


def test_real_report_converts(tmp_path: Path) -> None:
    metrics = {"nli-clause": entry("ranked", report(0.59, 0.433, 0.157), 0.63)}
    md = localization_markdown(metrics, meta={"items": 100}, figures={"hit@1": "localization.png"})
    out = convert(tmp_path, md)
    assert out.count("<table>") == md.count("|---|")
    assert "<td>nli-clause</td><td>ranked</td>" in out
    assert "data:image/png;base64," in out and "https://" not in out


def test_write_html_report(tmp_path: Path) -> None:
    assert write_html_report(tmp_path) is None
    (tmp_path / "localization.png").write_bytes(PNG)
    (tmp_path / "report.md").write_text("# Run\n\n![fig](localization.png)\n", encoding="utf-8")
    path = write_html_report(tmp_path)
    assert path == tmp_path / "report.html"
    text = path.read_text(encoding="utf-8")
    assert "data:image/png;base64," in text and "<title>Run</title>" in text
    assert sorted(p.name for p in tmp_path.iterdir()) == ["localization.png", "report.html", "report.md"]


def test_localization_suite_writes_report_html(tmp_path: Path) -> None:
    from medhal.bench.localization.suite import LocalizationResult
    from medhal.report.localization import write_localization_report

    write_localization_report(
        tmp_path, LocalizationResult({"nli-response": entry("response", None, 0.55)}), {"items": 2}
    )
    html = (tmp_path / "report.html").read_text(encoding="utf-8")
    assert "<table>" in html and "nli-response" in html
