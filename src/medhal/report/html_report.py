"""Self-contained HTML versions of the benchmark ``report.md`` files, figures embedded as ``data:`` URLs.

:func:`markdown_to_html` converts the Markdown subset the report renderers write -- ATX headings, pipe tables
(with ``:---:`` alignment), bullet and numbered lists (nested by indentation), paragraphs, block quotes, fenced
code, horizontal rules, and inline code, ``**bold**``, ``_italic_`` / ``*italic*``, links and images.  Every
character of the source is escaped; no raw HTML passes through.  Images that resolve to a file inside
``base_dir`` are read and embedded as base64 ``data:`` URLs; remote images (``http(s)://`` and other schemes) are
never fetched or referenced -- their alt text is shown instead -- and links to remote addresses are rendered as
text, so the document loads nothing.  A Content-Security-Policy ``<meta>`` allows only the inline stylesheet and
``data:`` images.

:func:`write_html_report` writes ``report.html`` beside a run directory's ``report.md``; the benchmark suites call
it right after writing the Markdown.
"""

from __future__ import annotations

import base64
import hashlib
import html
import re
from pathlib import Path
from urllib.parse import unquote

__all__ = ["markdown_to_html", "write_html_report"]

_HEADING = re.compile(r"^ {0,3}(#{1,6})\s+(.*?)(?:\s+#+)?\s*$")
_TABLE_SEP = re.compile(r"^\s*\|?\s*:?-+:?\s*(?:\|\s*:?-+:?\s*)*\|?\s*$")
_LIST = re.compile(r"^(\s*)(?:([-*+])|(\d{1,9})[.)])\s+(.*)$")
_FENCE = re.compile(r"^\s{0,3}(`{3,}|~{3,})")
_HR = re.compile(r"^ {0,3}([-*_])(?:\s*\1){2,}\s*$")
_QUOTE = re.compile(r"^ {0,3}>\s?(.*)$")
_SCHEME = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*:")
_TOKEN = re.compile(
    r"(?P<code>(?P<ticks>`+)(?P<codetext>.+?)(?<!`)(?P=ticks)(?!`))"
    r"|(?P<image>!\[(?P<alt>[^\]]*)\]\(\s*<?(?P<src>[^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\))"
    r"|(?P<link>\[(?P<ltext>[^\]]+)\]\(\s*<?(?P<href>[^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\))"
)
_ESCAPABLE = re.compile(r"\\([\\`*_{}\[\]()#+\-.!|~])")
_BOLD = re.compile(r"(\*\*|__)(?=\S)(.+?)(?<=\S)\1")
_ITALIC_STAR = re.compile(r"(?<![\w*])\*(?=[^\s*])(.+?)(?<=[^\s*])\*(?![\w*])")
_ITALIC_UNDERSCORE = re.compile(r"(?<![\w])_(?=[^\s_])(.+?)(?<=[^\s_])_(?![\w])")
_PLACEHOLDER = re.compile("\x00(\\d+)\x00")
_IMAGE_ONLY = re.compile(r"^\s*!\[[^\]]*\]\([^)]*\)\s*$")
_MIME = {
    ".png": "image/png",
    ".jpg": "image/jpeg",
    ".jpeg": "image/jpeg",
    ".gif": "image/gif",
    ".webp": "image/webp",
    ".svg": "image/svg+xml",
}
_MAX_IMAGE_BYTES = 50 * 1024 * 1024


def _e(text: str) -> str:
    return html.escape(text, quote=True)


class _Converter:
    def __init__(self, base_dir: Path) -> None:
        self.base_dir = base_dir
        self.ids: dict[str, int] = {}
        self.tables = 0
        self.title: str | None = None

    # -- inline ---------------------------------------------------------------------------------------------------

    def image(self, alt: str, src: str) -> str:
        url, why = self.data_url(src)
        if url is None:
            label = f"[figure not embedded: {alt or 'image'} ({why})]"
            return f'<span class="missing-image" role="img" aria-label="{_e(alt or "image")}">{_e(label)}</span>'
        return f'<img src="{url}" alt="{_e(alt)}">'

    def data_url(self, src: str) -> tuple[str | None, str]:
        if src.startswith("data:image/") and ";base64," in src and not src.startswith("data:image/svg"):
            return (src, "") if re.fullmatch(r"data:image/[a-z.+-]+;base64,[A-Za-z0-9+/=\s]*", src) else (None, "bad")
        if _SCHEME.match(src) or src.startswith("//"):
            return None, "remote images are not fetched"
        name = unquote(src.split("#", 1)[0].split("?", 1)[0])
        base = self.base_dir.resolve()
        path = (base / name).resolve()
        if not path.is_relative_to(base):
            return None, f"{name} is outside the report folder"
        mime = _MIME.get(path.suffix.lower())
        if mime is None:
            return None, f"{name} is not an image"
        try:
            if path.stat().st_size > _MAX_IMAGE_BYTES:
                return None, f"{name} is too large"
            data = path.read_bytes()
        except OSError:
            return None, f"{name} not found"
        return f"data:{mime};base64,{base64.b64encode(data).decode('ascii')}", ""

    def link(self, text: str, href: str) -> str:
        inner = self.inline(text, links=False)
        if _SCHEME.match(href) or href.startswith("//"):
            return f'<span class="ext-link">{inner}</span> (<span class="url">{_e(href)}</span>)'
        return f'<a href="{_e(href)}">{inner}</a>'

    def inline(self, text: str, *, links: bool = True) -> str:
        saved: list[str] = []

        def keep(fragment: str) -> str:
            saved.append(fragment)
            return f"\x00{len(saved) - 1}\x00"

        def token(m: re.Match[str]) -> str:
            if m.group("code") is not None:
                return keep(f"<code>{_e(m.group('codetext').strip() or m.group('codetext'))}</code>")
            if m.group("image") is not None:
                return keep(self.image(m.group("alt"), m.group("src")))
            if links:
                return keep(self.link(m.group("ltext"), m.group("href")))
            return m.group(0)

        text = _TOKEN.sub(token, text.replace("\x00", ""))
        text = _ESCAPABLE.sub(lambda m: keep(_e(m.group(1))), text)
        out = _e(text)
        out = _BOLD.sub(r"<strong>\2</strong>", out)
        out = _ITALIC_STAR.sub(r"<em>\1</em>", out)
        out = _ITALIC_UNDERSCORE.sub(r"<em>\1</em>", out)
        while _PLACEHOLDER.search(out):
            out = _PLACEHOLDER.sub(lambda m: saved[int(m.group(1))], out)
        return out

    # -- blocks ---------------------------------------------------------------------------------------------------

    def heading(self, level: int, text: str) -> str:
        if level == 1 and self.title is None:
            self.title = text
        slug = re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "section"
        n = self.ids.get(slug, 0)
        self.ids[slug] = n + 1
        ident = slug if n == 0 else f"{slug}-{n}"
        return f'<h{level} id="{_e(ident)}">{self.inline(text)}</h{level}>'

    @staticmethod
    def cells(row: str) -> list[str]:
        row = row.strip()
        if row.startswith("|"):
            row = row[1:]
        if row.endswith("|") and not row.endswith("\\|"):
            row = row[:-1]
        cells: list[str] = []
        cell: list[str] = []
        ticks = 0
        i = 0
        while i < len(row):
            ch = row[i]
            if ch == "\\" and i + 1 < len(row) and row[i + 1] == "|":
                cell.append("|" if ticks else "\\|")
                i += 2
                continue
            if ch == "`":
                run = len(row[i:]) - len(row[i:].lstrip("`"))
                ticks = 0 if ticks == run else (run if ticks == 0 else ticks)
                cell.append("`" * run)
                i += run
                continue
            if ch == "|" and not ticks:
                cells.append("".join(cell).strip())
                cell = []
            else:
                cell.append(ch)
            i += 1
        cells.append("".join(cell).strip())
        return cells

    def table(self, header: str, sep: str, rows: list[str]) -> str:
        aligns: list[str] = []
        for spec in self.cells(sep):
            left, right = spec.startswith(":"), spec.endswith(":")
            aligns.append("center" if left and right else "right" if right else "left" if left else "")
        heads = self.cells(header)
        width = len(heads)
        aligns = (aligns + [""] * width)[:width]

        def cls(col: int) -> str:
            return f' class="al-{aligns[col]}"' if aligns[col] else ""

        self.tables += 1
        out = [
            f'<div class="table-wrap" role="region" tabindex="0" aria-label="table {self.tables}"><table><thead><tr>'
        ]
        out += [f'<th scope="col"{cls(c)}>{self.inline(h)}</th>' for c, h in enumerate(heads)]
        out.append("</tr></thead><tbody>")
        for row in rows:
            values = (self.cells(row) + [""] * width)[:width]
            out.append("<tr>" + "".join(f"<td{cls(c)}>{self.inline(v)}</td>" for c, v in enumerate(values)) + "</tr>")
        out.append("</tbody></table></div>")
        return "".join(out)

    def listing(self, entries: list[tuple[int, str, str]]) -> str:
        out: list[str] = []
        stack: list[tuple[int, str]] = []
        for indent, tag, text in entries:
            while stack and indent < stack[-1][0]:
                out.append(f"</li></{stack.pop()[1]}>")
            if stack and indent == stack[-1][0] and tag == stack[-1][1]:
                out.append("</li><li>")
            else:
                if stack and indent == stack[-1][0]:
                    out.append(f"</li></{stack.pop()[1]}>")
                out.append(f"<{tag}><li>")
                stack.append((indent, tag))
            out.append(self.inline(text))
        while stack:
            out.append(f"</li></{stack.pop()[1]}>")
        return "".join(out)

    def paragraph(self, lines: list[str]) -> str:
        if len(lines) == 1 and _IMAGE_ONLY.match(lines[0]):
            m = _TOKEN.search(lines[0])
            if m is not None and m.group("image") is not None:
                alt = m.group("alt")
                caption = f"<figcaption>{self.inline(alt)}</figcaption>" if alt else ""
                return f"<figure>{self.image(alt, m.group('src'))}{caption}</figure>"
        return "<p>" + "\n".join(self.inline(line.strip()) for line in lines) + "</p>"

    def convert(self, md: str) -> str:
        lines = md.replace("\r\n", "\n").replace("\r", "\n").split("\n")
        out: list[str] = []
        para: list[str] = []

        def flush() -> None:
            if para:
                out.append(self.paragraph(para))
                para.clear()

        i = 0
        while i < len(lines):
            line = lines[i]
            nxt = lines[i + 1] if i + 1 < len(lines) else ""
            if not line.strip():
                flush()
                i += 1
                continue
            fence = _FENCE.match(line)
            if fence:
                flush()
                marker = fence.group(1)
                body: list[str] = []
                i += 1
                while i < len(lines) and not lines[i].strip().startswith(marker):
                    body.append(lines[i])
                    i += 1
                out.append("<pre><code>" + _e("\n".join(body)) + "</code></pre>")
                i += 1
                continue
            heading = _HEADING.match(line)
            if heading:
                flush()
                out.append(self.heading(len(heading.group(1)), heading.group(2)))
                i += 1
                continue
            if "|" in line and "|" in nxt and _TABLE_SEP.match(nxt):
                flush()
                rows: list[str] = []
                i += 2
                while i < len(lines) and lines[i].strip() and "|" in lines[i]:
                    rows.append(lines[i])
                    i += 1
                out.append(self.table(line, nxt, rows))
                continue
            if _HR.match(line):
                flush()
                out.append("<hr>")
                i += 1
                continue
            if _LIST.match(line):
                flush()
                entries: list[tuple[int, str, str]] = []
                while i < len(lines) and lines[i].strip():
                    m = _LIST.match(lines[i])
                    if m:
                        indent = len(m.group(1).expandtabs(4))
                        entries.append((indent, "ul" if m.group(2) else "ol", m.group(4)))
                    elif lines[i][:1].isspace() and entries:
                        indent, tag, text = entries[-1]
                        entries[-1] = (indent, tag, f"{text} {lines[i].strip()}")
                    else:
                        break
                    i += 1
                out.append(self.listing(entries))
                continue
            if _QUOTE.match(line):
                flush()
                quoted: list[str] = []
                while i < len(lines) and (m := _QUOTE.match(lines[i])):
                    quoted.append(m.group(1))
                    i += 1
                out.append("<blockquote>" + self.convert("\n".join(quoted)) + "</blockquote>")
                continue
            para.append(line)
            i += 1
        flush()
        return "\n".join(out)


_CSS = """
:root{--fg:#1a1a1a;--muted:#4a4f57;--border:#c3c8cf;--panel:#f5f6f8}
*{box-sizing:border-box}
body{margin:0;font:16px/1.55 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;
color:var(--fg);background:#fff}
main{max-width:80rem;margin:0 auto;padding:1rem 1.25rem 2rem}
h1{font-size:1.6rem;border-bottom:2px solid var(--border);padding-bottom:.3rem}
h2{font-size:1.3rem;margin-top:2rem}h3{font-size:1.1rem;margin-top:1.5rem}
code{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:.9em;background:var(--panel);
border:1px solid #e1e4e8;border-radius:3px;padding:0 .25em}
pre{background:var(--panel);border:1px solid var(--border);border-radius:6px;padding:.75rem;overflow:auto}
pre code{border:0;padding:0}
.table-wrap{overflow:auto;margin:.75rem 0}
.table-wrap:focus-visible{outline:3px solid #1d4ed8;outline-offset:2px}
table{border-collapse:collapse;font-size:.9rem;font-variant-numeric:tabular-nums}
th,td{border:1px solid var(--border);padding:.3rem .55rem;vertical-align:top;text-align:left}
thead th{background:#e9ecf1;position:sticky;top:0}
tbody tr:nth-child(even){background:#fafbfc}
.al-right{text-align:right}.al-center{text-align:center}.al-left{text-align:left}
figure{margin:1rem 0}figure img,p img{max-width:100%;height:auto;border:1px solid var(--border);border-radius:4px}
figcaption{color:var(--muted);font-size:.9rem;margin-top:.25rem}
.missing-image{color:var(--muted);font-style:italic}
blockquote{margin:.75rem 0;padding:.25rem .9rem;border-left:4px solid var(--border);color:var(--muted)}
footer{color:var(--muted);font-size:.85rem;border-top:1px solid var(--border);margin-top:2rem;padding-top:.5rem}
@media print{thead th{position:static}.table-wrap{overflow:visible}}
"""


def _csp() -> str:
    digest = base64.b64encode(hashlib.sha256(_CSS.encode("utf-8")).digest()).decode("ascii")
    return f"default-src 'none'; img-src data:; style-src 'sha256-{digest}'; base-uri 'none'; form-action 'none'"


def markdown_to_html(md: str, *, base_dir: Path, title: str | None = None, fragment: bool = False) -> str:
    """Convert a ``report.md`` to a self-contained HTML document (``fragment=True``: just the converted body).

    Relative image paths resolve against ``base_dir`` and are embedded as ``data:`` URLs; ``title`` defaults to
    the first level-1 heading."""
    from medhal._version import __version__

    converter = _Converter(base_dir)
    body = converter.convert(md)
    if fragment:
        return body
    name = title or converter.title or "medhal report"
    return "\n".join(
        [
            '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">',
            '<meta name="viewport" content="width=device-width, initial-scale=1">',
            f'<meta http-equiv="Content-Security-Policy" content="{_csp()}">',
            f'<meta name="generator" content="medhal {_e(__version__)}">',
            f"<title>{_e(name)}</title><style>{_CSS}</style></head><body><main>",
            body,
            f"<footer>Generated by medhal {_e(__version__)} from report.md; figures are embedded, nothing is "
            "loaded from elsewhere.</footer>",
            "</main></body></html>",
            "",
        ]
    )


def _atomic_write(path: Path, text: str) -> None:
    """Through a temporary file in the same folder, with the mode of the run directory's other files (0666 less
    the umask; ``mkstemp`` would make it 0600)."""
    from medhal.bench.runio import atomic_write_text

    atomic_write_text(path, text)


def write_html_report(run_dir: Path | str, *, source: str = "report.md", target: str = "report.html") -> Path | None:
    """Write ``run_dir/report.html`` from ``run_dir/report.md`` (figures embedded); ``None`` if there is no
    ``report.md``.  Returns the path written."""
    folder = Path(run_dir)
    md_path = folder / source
    if not md_path.is_file():
        return None
    out = folder / target
    _atomic_write(out, markdown_to_html(md_path.read_text(encoding="utf-8"), base_dir=folder))
    return out
