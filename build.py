#!/usr/bin/env python3
"""Render the Korean and Japanese pages, copy the runtime and write the service worker.

    python build.py [--out _site] [--base-url https://user.github.io/repo/] [--interpreter mpy|pyodide]

The pages run on PyScript's MicroPython ("mpy", the default); `--interpreter pyodide` builds the
same pages on PyScript's stock Pyodide.

Every number on the pages comes from the `engine` package; nothing is restated here.
"""
import argparse
import base64
import dataclasses
import hashlib
import html
import inspect
import json
import pathlib
import re
import shutil
import sys
import tomllib
from collections.abc import Callable

import jinja2
import markdown

ROOT = pathlib.Path(__file__).resolve().parent
SITE = ROOT / "site"
CONTENT = ROOT / "content"
NODE = ROOT / "node_modules"
sys.path[:0] = [str(ROOT), str(SITE)]

import engine  # noqa: E402
import runtime  # noqa: E402
from calculator import present  # noqa: E402
from conditions import present as conditions_present  # noqa: E402
from season import present as season_present  # noqa: E402
from engine import presets, tables  # noqa: E402
from engine.keys import SITUATION_FLAGS  # noqa: E402
from engine.tiles import SUITS  # noqa: E402
from engine.conditions import conditions as need  # noqa: E402
from engine.conditions import state as cstate  # noqa: E402
from tiles import hand as tile_hand, sprite  # noqa: E402

LANGUAGES = ("ko", "ja")
INTERPRETERS = tuple(runtime.INTERPRETERS)  # "mpy" first: the default
# Not precached, fetched only when a page needs them: the QR encoder (the share box imports it),
# the PNG icons (a browser fetches them to install the app or show a link preview, never to draw
# a page). The worker keeps each once it is fetched.
ON_DEMAND = ("runtime/qrcode/qrcode.mjs", "icons/icon-192.png",
             "icons/icon-512.png", "icons/icon-maskable-512.png")
DEFAULT_PARTS = {"rule": "riichi", "fumode": "count"}  # the default hand by its parts: fu breakdown
PYSCRIPT_CONFIG = SITE / "pyscript.json"  # the plugins left out, for both interpreters


class BuildError(Exception):
    pass


@dataclasses.dataclass(frozen=True)
class Page:
    """One page in each language: LANG/folder/index.html from `template`; its guide from
    content/LANG/guide/*.md (section ids `slug` + the file's name after its number; `scroll`: wide
    tables and code scroll inside regions a keyboard can reach); `strings`, the string groups its
    script reads (None: every group but `others`); `context`, its own values."""
    name: str
    template: str
    folder: str
    guide: str
    slug: str
    scroll: bool
    strings: tuple | None
    context: Callable
    others: tuple = ()


# ---------------------------------------------------------------- stage 1: gather everything

def load_strings(lang):
    path = CONTENT / lang / "strings.toml"
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as error:
        raise BuildError(f"{path}: {error}") from error


def load_guide(lang, page):
    """The page's guide sections as HTML, in file order: [{"slug", "html", "text"}], `text` the
    Markdown it came from."""
    sections = []
    for path in sorted((CONTENT / lang / page.guide).glob("*.md")):
        text = path.read_text(encoding="utf-8")
        body = markdown.markdown(text, extensions=["tables", "fenced_code"], output_format="html")
        if page.scroll:
            body = scroll_boxes(body).replace("<pre>", '<pre tabindex="0">')
        sections.append({"slug": page.slug + path.stem.split("-", 1)[1], "html": body, "text": text})
    return sections


def scroll_boxes(body):
    """Each table in a scroll box of its own, a region named by the heading nearest above it (a
    second table under the same heading gets its number: landmarks' names are unique)."""
    parts, used, start = [], {}, 0
    for found in re.finditer(r"<table>", body):
        headings = re.findall(r"<h[2-4][^>]*>(.*?)</h[2-4]>", body[:found.start()])
        label = re.sub(r"<[^>]+>", "", headings[-1]) if headings else first_heading(body)
        used[label] = used.get(label, 0) + 1
        if used[label] > 1:
            label = f"{label} ({used[label]})"
        parts += [body[start:found.start()],
                  f'<div class="scroll" tabindex="0" role="region" aria-label="{html.escape(label)}"><table>']
        start = found.end()
    parts.append(body[start:])
    return "".join(parts).replace("</table>", "</table></div>")


def first_heading(body):
    found = re.search(r"<h2>(.*?)</h2>", body)
    return re.sub(r"<[^>]+>", "", found.group(1)) if found else ""


def parse_faq(text):
    """`### question` followed by answer paragraphs -> [(question, plain answer)]."""
    pairs = []
    for block in re.split(r"^### ", text, flags=re.M)[1:]:
        question, _, answer = block.partition("\n")
        answer = re.sub(r"\[([^\]]+)\]\([^)]+\)", r"\1", answer)  # links -> their words
        answer = re.sub(r"[*_`]", "", answer)
        pairs.append((question.strip(), " ".join(answer.split())))
    return pairs


def compute_tables():
    """The reference tables and the default answer, all from the engine."""
    default = engine.calculate({})
    return {
        "default": default,
        "default_breakdown": engine.calculate(DEFAULT_PARTS)["fu_breakdown"],
        "fu_han": tables.fu_han_rows(),
        "limits": tables.limit_rows(),
        "hk": tables.hk_rows(),
        "nmjl": tables.nmjl_rows(),
        "mcr": tables.mcr_rows(),
        "rules": tables.rule_rows(),
        "draws": tables.draw_rows(),
        "fu_han_3p": tables.fu_han_rows_3p(),
        "preset_names": present.PRESET_CHOICES,
    }


def script_json(value, separators=(",", ":")):
    """JSON for inside a <script> element: a "</" in it must not close the element early."""
    return json.dumps(value, ensure_ascii=False, separators=separators).replace("</", "<\\/")


def pyscript_config(root, package, interpreter):
    """PyScript's config for the page running `package`, `root` below the site root, as the
    inline JSON its script carries (PyScript resolves its URLs from the page): the interpreter's
    module and the page's two bundles of app modules, each into Python's working directory
    (the page's script unpacks them: runtime/bundle.py)."""
    config = json.loads(PYSCRIPT_CONFIG.read_text(encoding="utf-8"))
    config["interpreter"] = root + runtime.loader_path(interpreter)
    config["files"] = {f"{root}app/{name}": f"./{name}" for name in runtime.bundle_names(package)}
    return json.dumps(config, separators=(",", ":"))


def engine_start():
    """site/engine-start.js as the pages carry it inline, its comment lines and indentation
    dropped, and the Content-Security-Policy that lets exactly that script run: its sha256 beside
    'self' (inline, the page's parser does not wait a round trip for it, and it still listens
    before any runtime file can fail).

    >>> script, policy = engine_start()
    >>> "window.engineCall" in script and not script.startswith("//")
    True
    >>> "'sha256-" in policy and "'unsafe-inline'" not in policy
    True
    """
    lines = (line.strip() for line in (SITE / "engine-start.js").read_text(encoding="utf-8").splitlines())
    script = "\n".join(line for line in lines if line and not line.startswith("//"))
    digest = base64.b64encode(hashlib.sha256(script.encode("utf-8")).digest()).decode("ascii")
    policy = ("default-src 'self'; script-src 'self' 'sha256-" + digest + "' 'unsafe-eval' "
              "'wasm-unsafe-eval'; style-src 'self'; connect-src 'self'; img-src 'self'; "
              "worker-src 'self'; manifest-src 'self'; object-src 'none'; base-uri 'self'; "
              "form-action 'self'")
    return script, policy


def unpack_source():
    """runtime.bundle.unpack's source, for the page's script to define before it unpacks."""
    return inspect.getsource(runtime.unpack).rstrip()


def calculator_context(lang, strings, guide, data):
    default = data["default"]
    faq = next((parse_faq(section["text"]) for section in guide if section["slug"] == "faq"), [])
    return {
        "keys": engine.KEYS,
        "defaults": engine.DEFAULTS,
        "view": present.view({**default, "fu_breakdown": data["default_breakdown"]}, strings),
        "default": default,
        "data": data,
        "hk_cells": present.hk_cells(data["hk"]),
        "faq_json": script_json({
            "@context": "https://schema.org",
            "@type": "FAQPage",
            "mainEntity": [{"@type": "Question", "name": q,
                            "acceptedAnswer": {"@type": "Answer", "text": a}} for q, a in faq],
        }, separators=(", ", ": ")),
        "option_text": lambda key, value: option_text(strings, key, value),
        **tile_context(),
    }


def tile_context():
    """What the tile palette is drawn from: the palette's rows (a suit each), where a tap can put
    its tile, and the situation flags (SPEC §9.1)."""
    return {
        "tile_suits": [[t for t in sprite.TILES if t[1] == suit] for suit in SUITS],
        "tile_targets": tile_hand.TARGETS,
        "tile_flags": SITUATION_FLAGS,
    }


def option_text(strings, key, value):
    group = "meld" if key in ("m1", "m2", "m3", "m4") else key
    return strings["option"][group][value]


def ledger_context(lang, strings, guide, data):
    first = presets.NAMES[0]
    return {
        "l": strings["ledger"],
        "fields": presets.FIELDS,
        "presets": presets.PRESETS,
        "preset_names": presets.NAMES,
        "first_preset": first,
        "rules": presets.preset_rules(first, 4),
        "fu_values": engine.KEYS["fu"].choices,
    }


def conditions_context(lang, strings, guide, data):
    """The default situation's answer, worded by the same presenter the page uses."""
    query = dict(cstate.QUERY_DEFAULTS)
    table, seat, place, riichi = cstate.read_query(query)
    answer = need(table, seat, place, riichi)
    players = len(table.scores)
    query["scores"] = conditions_present.scores_text(table.scores, strings)
    seat_words = strings["conditions"]["seat"]
    return {
        "c": strings["conditions"],
        "q": query,
        "seat_options": {  # the dealer is chosen by seat; whose condition, by seat and its wind
            "dealer": [(seat_words["first"] if s == 0 else seat_words["label"]).format(n=s + 1)
                       for s in range(4)],
            "seat": [conditions_present.seat_option(s, table.dealer, 4, strings) for s in range(4)]},
        "answer": answer,
        "texts": conditions_present.view(answer, table.scores, table.dealer, strings),
        "title": conditions_present.need_title(seat, place, table.dealer, players, strings),
        "rank": conditions_present.rank_text(answer, table.scores, strings, table.rules["ties"]),
    }


def practice_context(lang, strings, guide, data):
    """The practice page's choices (SPEC §12): the presets, what may be asked, the answer
    fields, the topics progress is kept by and the guide's section for each."""
    from practice import present as practice_present

    return {
        "p": strings["practice"],
        "preset_names": presets.NAMES,
        "modes": practice_present.MODES,
        "fields": practice_present.FIELDS,
        "topics": practice_present.TOPICS,
        "guide_links": practice_present.GUIDE,
    }


def season_context(lang, strings, guide, data):
    return {"t": strings["season"], "preset_names": presets.NAMES,
            "preset_labels": strings["ledger"]["preset"], "columns": list(season_present.COLUMNS)}


PAGES = (
    Page(name="calculator", template="page.html.j2", folder="", guide="", slug="", scroll=True,
         strings=None, context=calculator_context,
         # the ledger's and conditions' words are their own pages'; the title, the blocks' and
         # fields' hints and the update notice are in the page's markup, never rewritten live
         others=("ledger", "conditions", "meta", "block", "hint", "pwa", "practice", "season")),
    Page(name="ledger", template="ledger.html.j2", folder="ledger", guide="ledger",
         slug="ledger-", scroll=True, strings=("ledger", "conditions", "tier", "error"),
         context=ledger_context),
    Page(name="conditions", template="conditions.html.j2", folder="conditions",
         guide="conditions", slug="need-", scroll=True, strings=("conditions", "tier", "error"),
         context=conditions_context),
    # the yaku, tile, fu and payment words are the calculator's own (SPEC §12)
    Page(name="practice", template="practice.html.j2", folder="practice", guide="practice",
         slug="practice-", scroll=True,
         strings=("practice", "yaku", "tiles", "tier", "fu_row", "fu_item", "option", "payer",
                  "explain", "joiner", "card", "notice"),
         context=practice_context),
    Page(name="season", template="season.html.j2", folder="season", guide="season",
         slug="season-", scroll=True, strings=("season", "ledger", "joiner"),
         context=season_context),
)


def page_context(page, lang, strings, data, base_url):
    """Everything `page`'s template reads in `lang`."""
    guide = load_guide(lang, page)
    groups = page.strings or [key for key in strings if key not in page.others]
    return {
        "lang": lang,
        "other": "ja" if lang == "ko" else "ko",
        "root": "../" * (page.folder.count("/") + 1 + bool(page.folder)),
        "s": strings,
        "guide": guide,
        "base_url": base_url,
        "strings_json": script_json({key: strings[key] for key in groups}),
        **page.context(lang, strings, guide, data),
    }


# ---------------------------------------------------------------- stage 2: write pages

def environment(interpreter):
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(SITE / "templates"),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.filters["fmt"] = present.fmt
    env.globals["pyscript_config"] = lambda root, package: pyscript_config(root, package, interpreter)
    env.globals["interpreter"] = interpreter
    env.globals["bundles"] = runtime.bundle_names
    env.globals["unpack_source"] = unpack_source()
    env.globals["engine_start"], env.globals["policy"] = engine_start()
    env.globals["plugins_config"] = json.dumps(json.loads(PYSCRIPT_CONFIG.read_text(encoding="utf-8")),
                                               separators=(",", ":"))
    env.globals["interpreter_loader"] = runtime.loader_path(interpreter)
    return env


PRESERVED = re.compile(r"(<pre\b.*?</pre>|<textarea\b.*?</textarea>|<script\b.*?</script>)", re.S)


def compact(text):
    r"""A page without the templates' indentation: a line's leading blanks go, and blank lines,
    outside <pre>, <textarea> and <script> (HTML shows a run of blanks as one space anyway).
    About 1.5 KB less on the wire for the six pages, bytes a first visit gives to the compiled
    standard library.

    >>> compact('<ul>\n    <li>a</li>\n\n  <li>b</li>\n</ul>\n<pre>\n  kept\n</pre>')
    '<ul>\n<li>a</li>\n<li>b</li>\n</ul>\n<pre>\n  kept\n</pre>'
    """
    parts = PRESERVED.split(text)
    return "".join(part if index % 2 else re.sub(r"\n\s+", "\n", part)
                   for index, part in enumerate(parts))


def write_pages(env, contexts, out):
    """Every page in each language, then the language chooser; returns the files written. A
    template error names the template and the language."""
    written = []
    for page in PAGES:
        template = env.get_template(page.template)
        for lang in LANGUAGES:
            try:
                text = template.render(contexts[page.name, lang])
            except jinja2.TemplateError as error:
                raise BuildError(f"{page.template} ({lang}): {error}") from error
            written.append(write(out / lang / page.folder / "index.html", compact(text)))
    calculators = {lang: contexts["calculator", lang] for lang in LANGUAGES}
    index = env.get_template("index.html.j2").render(pages=calculators, base_url="")
    written.append(write(out / "index.html", index))
    return written


# ---------------------------------------------------------------- stage 3: copy files

def write_tiles(out):
    """assets/tiles.svg: the tiles' sprite (site/tiles/sprite.py), precached like every asset."""
    return [write(out / "assets" / "tiles.svg", sprite.sprite_svg())]


def copy_static(out):
    """site/static as it is; returns the files written."""
    written = []
    for path in (SITE / "static").rglob("*"):
        if path.is_file():
            target = out / path.relative_to(SITE / "static")
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(path, target)
            written.append(target)
    return written


def write_app(out, interpreter):
    """The engine package and every site module under app/ (compiled for MicroPython), fetched by
    PyScript into Python's working directory (each page lists its own: runtime.page_files);
    returns the files written."""
    return runtime.write_app(out / "app", runtime.INTERPRETERS[interpreter]["compiled"])


def copy_runtime(out, interpreter):
    """PyScript's requested chunks, the interpreter's files and the QR encoder, as npm has them;
    returns the files written."""
    if not runtime.PYSCRIPT_DIST.is_dir():
        raise BuildError("node_modules is missing @pyscript/core: run `npm ci`")
    files = {f"pyscript/{path.name}": path for path in runtime.pyscript_files()}
    files |= runtime.interpreter_files(interpreter) | runtime.qrcode_files()
    written = []
    for name, path in files.items():
        if not path.is_file():
            raise BuildError(f"node_modules is missing {path.relative_to(ROOT)}: run `npm ci`")
        target = out / "runtime" / name
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(path, target)
        written.append(target)
    return written


# ---------------------------------------------------------------- stage 4: service worker, sitemap

def precache_list(out):
    """Every file a visit may need, relative to the site root, sorted; not the files fetched on
    demand (ON_DEMAND), which the worker keeps once they are fetched."""
    skip = {"sw.js", "sitemap.xml", "robots.txt", *ON_DEMAND}
    files = sorted(p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file())
    return [f for f in files if f not in skip]


def page_url(name):
    """'ko/index.html' -> 'ko/', 'index.html' -> './'; any other file as it is."""
    if name == "index.html" or name.endswith("/index.html"):
        return name[: -len("index.html")] or "./"
    return name


def build_hash(out, files):
    digest = hashlib.sha256()
    for name in files:
        digest.update(name.encode())
        digest.update(hashlib.sha256((out / name).read_bytes()).digest())
    return digest.hexdigest()[:16]


def write_service_worker(env, out):
    files = precache_list(out)
    version = build_hash(out, files)
    # A page is cached once, under its folder URL ("ko/"): navigations are looked up that way,
    # and the worker answers "ko/index.html" from the same entry.
    urls = [page_url(f) for f in files]
    text = env.get_template("sw.js.j2").render(version=version, urls_json=json.dumps(urls),
                                               on_demand_json=json.dumps(list(ON_DEMAND)))
    write(out / "sw.js", text)
    return version


def write_sitemap(out, base_url):
    pages = [f"{base_url}{lang}/{page.folder}{'/' if page.folder else ''}"  # relative without
             for lang in LANGUAGES for page in PAGES]                          # base_url
    rows = "".join(f"  <url><loc>{html.escape(page)}</loc></url>\n" for page in pages)
    write(out / "sitemap.xml", '<?xml version="1.0" encoding="UTF-8"?>\n'
          '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' + rows + "</urlset>\n")


def write(path, text):
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


# ---------------------------------------------------------------- main

def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default="_site", type=pathlib.Path)
    parser.add_argument("--base-url", default="", help="absolute site URL ending in /, for canonical links")
    parser.add_argument("--interpreter", default=INTERPRETERS[0], choices=INTERPRETERS,
                        help="PyScript's interpreter: MicroPython (mpy) or Pyodide")
    args = parser.parse_args(argv)
    base_url = args.base_url and args.base_url.rstrip("/") + "/"
    out = args.out.resolve()

    strings = {lang: load_strings(lang) for lang in LANGUAGES}
    data = compute_tables()
    contexts = {(page.name, lang): page_context(page, lang, strings[lang], data, base_url)
                for page in PAGES for lang in LANGUAGES}

    if out.exists():
        shutil.rmtree(out)
    env = environment(args.interpreter)
    written = write_pages(env, contexts, out)
    written += copy_static(out)
    written += write_tiles(out)
    written += write_app(out, args.interpreter)
    written += copy_runtime(out, args.interpreter)
    write_sitemap(out, base_url)
    version = write_service_worker(env, out)
    print(f"built {out} ({args.interpreter}, cache {version})")


if __name__ == "__main__":
    try:
        main()
    except BuildError as error:
        sys.exit(f"build failed: {error}")
