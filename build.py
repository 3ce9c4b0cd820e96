#!/usr/bin/env python3
"""Render the Korean and Japanese pages, copy the runtime and write the service worker.

    python build.py [--out _site] [--base-url https://user.github.io/repo/]

Every number on the pages comes from the `engine` package; nothing is restated here.
"""
import argparse
import hashlib
import html
import json
import pathlib
import re
import shutil
import sys
import tomllib

import jinja2
import markdown

ROOT = pathlib.Path(__file__).resolve().parent
SITE = ROOT / "site"
CONTENT = ROOT / "content"
NODE = ROOT / "node_modules"
sys.path[:0] = [str(ROOT), str(SITE)]

import engine  # noqa: E402
import conditions_present  # noqa: E402
import present  # noqa: E402
import runtime  # noqa: E402
from tiles import hand as tile_hand, sprite  # noqa: E402
from engine import conditions, presets, tables  # noqa: E402
from engine.conditions import state as cstate  # noqa: E402

LANGUAGES = ("ko", "ja")
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", runtime.STDLIB,
                 "pyodide-lock.json")
# Fetched only when a page needs them, never by a first visit: the ledger's QR encoder.
ON_DEMAND = ("app/qr.zip",)
BUILD_INFO = "app/build.json"  # the build's hash and the snapshot's module list, read by the loader
DEFAULT_PARTS = {"rule": "riichi", "fumode": "count"}  # the default hand by its parts: fu breakdown


class BuildError(Exception):
    pass


# ---------------------------------------------------------------- stage 1: gather everything

def load_strings(lang):
    path = CONTENT / lang / "strings.toml"
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as error:
        raise BuildError(f"{path}: {error}") from error


def load_guide(lang):
    """The guide's sections as HTML, in file order, and the FAQ as (question, answer) pairs."""
    sections, faq = [], []
    for path in sorted((CONTENT / lang).glob("*.md")):
        text = path.read_text(encoding="utf-8")
        body = markdown.markdown(text, extensions=["tables"], output_format="html")
        slug = path.stem.split("-", 1)[1]
        sections.append({"slug": slug, "html": body})
        if slug == "faq":
            faq = parse_faq(text)
    return sections, faq


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


# ---------------------------------------------------------------- stage 2: render

def environment():
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(SITE / "templates"),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.filters["fmt"] = present.fmt
    return env


def page_context(lang, strings, guide, faq, data, base_url):
    default = data["default"]
    view = present.view({**default, "fu_breakdown": data["default_breakdown"]}, strings)
    page_strings = {key: words for key, words in strings.items()
                    if key not in ("ledger", "conditions")}  # their own pages
    strings_json = json.dumps(page_strings, ensure_ascii=False, separators=(",", ":"))
    faq_json = json.dumps({
        "@context": "https://schema.org",
        "@type": "FAQPage",
        "mainEntity": [{"@type": "Question", "name": q,
                        "acceptedAnswer": {"@type": "Answer", "text": a}} for q, a in faq],
    }, ensure_ascii=False)
    return {
        "lang": lang,
        "other": "ja" if lang == "ko" else "ko",
        "s": strings,
        "keys": engine.KEYS,
        "defaults": engine.DEFAULTS,
        "guide": guide,
        "view": view,
        "default": default,
        "data": data,
        "hk_cells": present.hk_cells(data["hk"]),
        "base_url": base_url,
        # JSON inside <script> must not close the element early.
        "strings_json": strings_json.replace("</", "<\\/"),
        "faq_json": faq_json.replace("</", "<\\/"),
        "option_text": lambda key, value: option_text(strings, key, value),
        **tile_context(),
    }


def tile_context():
    """What the tile palette is drawn from: the palette's rows (a suit each), where a tap can put
    its tile, and the situation flags (SPEC §9.1)."""
    return {
        "tile_suits": [[t for t in sprite.TILES if t[1] == suit] for suit in sprite.SUITS],
        "tile_targets": tile_hand.TARGETS,
        "tile_flags": ("riichi", "doubleriichi", "ippatsu", "haitei", "houtei", "rinshan",
                       "chankan", "tenhou", "chiihou", "renhou"),
    }


def option_text(strings, key, value):
    group = "meld" if key in ("m1", "m2", "m3", "m4") else key
    return strings["option"][group][value]


def render_pages(env, contexts, out):
    template = env.get_template("page.html.j2")
    for lang, context in contexts.items():
        try:
            text = template.render(context)
        except jinja2.TemplateError as error:
            raise BuildError(f"page.html.j2 ({lang}): {error}") from error
        write(out / lang / "index.html", text)
    index = env.get_template("index.html.j2").render(pages=contexts, base_url="")
    write(out / "index.html", index)


# ---------------------------------------------------------------- stage 2b: the game ledger

LEDGER_ROOT = "../../"  # the ledger lives at LANG/ledger/, one folder below the calculator


def load_ledger_guide(lang):
    """The ledger page's guide sections (content/LANG/ledger/*.md), in file order."""
    sections = []
    for path in sorted((CONTENT / lang / "ledger").glob("*.md")):
        body = markdown.markdown(path.read_text(encoding="utf-8"),
                                 extensions=["tables", "fenced_code"], output_format="html")
        # Wide tables and the record scroll on a phone, inside regions a keyboard can reach.
        body = body.replace("<table>", '<div class="scroll" tabindex="0" role="region" '
                            f'aria-label="{html.escape(first_heading(body))}"><table>')
        body = body.replace("</table>", "</table></div>").replace("<pre>", '<pre tabindex="0">')
        sections.append({"slug": "ledger-" + path.stem.split("-", 1)[1], "html": body})
    return sections


def first_heading(body):
    found = re.search(r"<h2>(.*?)</h2>", body)
    return re.sub(r"<[^>]+>", "", found.group(1)) if found else ""


def ledger_context(lang, strings, base_url):
    first = presets.NAMES[0]
    ledger_strings = {key: strings[key] for key in ("ledger", "conditions", "tier")}
    return {
        "lang": lang,
        "other": "ja" if lang == "ko" else "ko",
        "root": LEDGER_ROOT,
        "s": strings,
        "l": strings["ledger"],
        "guide": load_ledger_guide(lang),
        "base_url": base_url,
        "fields": presets.FIELDS,
        "presets": presets.PRESETS,
        "preset_names": presets.NAMES,
        "first_preset": first,
        "rules": presets.preset_rules(first, 4),
        "fu_values": engine.KEYS["fu"].choices,
        "strings_json": json.dumps(ledger_strings, ensure_ascii=False,
                                   separators=(",", ":")).replace("</", "<\\/"),
    }


def render_in_languages(env, name, folder, context, strings, base_url, out):
    """LANG/folder/index.html from the template `name` for each language; a template error
    names the template and the language."""
    template = env.get_template(name)
    for lang in LANGUAGES:
        try:
            text = template.render(context(lang, strings[lang], base_url))
        except jinja2.TemplateError as error:
            raise BuildError(f"{name} ({lang}): {error}") from error
        write(out / lang / folder / "index.html", text)


def render_ledger_pages(env, strings, base_url, out):
    """LANG/ledger/index.html for each language, and the ledger's glue beside the calculator's."""
    render_in_languages(env, "ledger.html.j2", "ledger", ledger_context, strings, base_url, out)
    (out / "app").mkdir(parents=True, exist_ok=True)
    shutil.copy2(SITE / "ledger_glue.py", out / "app" / "ledger_glue.py")
    runtime.write_page_zip(out / "app" / "ledger_page.zip")
    runtime.write_qr_zip(out / ON_DEMAND[0])
    # PyScript resolves the interpreter's URL from the page, so the ledger, a folder deeper than
    # the calculator, gets the calculator's config with that one URL a folder further up, and
    # the glue's own modules unpacked beside the app's.
    config = json.loads((SITE / "static" / "app" / "pyscript.json").read_text(encoding="utf-8"))
    config["interpreter"] = "../" + config["interpreter"]
    config["files"]["./ledger_page.zip"] = "./*"
    write(out / "app" / "pyscript-ledger.json", json.dumps(config, indent=2) + "\n")


# ---------------------------------------------------------------- stage 2c: what each player needs

def load_conditions_guide(lang):
    """The conditions page's guide sections (content/LANG/conditions/*.md), in file order."""
    sections = []
    for path in sorted((CONTENT / lang / "conditions").glob("*.md")):
        body = markdown.markdown(path.read_text(encoding="utf-8"),
                                 extensions=["tables", "fenced_code"], output_format="html")
        body = body.replace("<table>", '<div class="scroll" tabindex="0" role="region" '
                            f'aria-label="{html.escape(first_heading(body))}"><table>')
        body = body.replace("</table>", "</table></div>")
        sections.append({"slug": "need-" + path.stem.split("-", 1)[1], "html": body})
    return sections


def conditions_context(lang, strings, base_url):
    """The default situation's answer, worded by the same presenter the glue uses."""
    query = dict(cstate.QUERY_DEFAULTS)
    table, seat, place, riichi = cstate.read_query(query)
    answer = conditions.conditions(table, seat, place, riichi)
    page_strings = {key: strings[key] for key in ("conditions", "tier")}
    players = len(table.scores)
    return {
        "lang": lang,
        "other": "ja" if lang == "ko" else "ko",
        "root": LEDGER_ROOT,
        "s": strings,
        "c": strings["conditions"],
        "q": query,
        "answer": answer,
        "texts": conditions_present.view(answer, table.scores, table.dealer, strings),
        "title": conditions_present.need_title(seat, place, table.dealer, players, strings),
        "rank": conditions_present.rank_text(answer, table.scores, strings),
        "guide": load_conditions_guide(lang),
        "base_url": base_url,
        "strings_json": json.dumps(page_strings, ensure_ascii=False,
                                   separators=(",", ":")).replace("</", "<\\/"),
    }


def render_conditions_pages(env, strings, base_url, out):
    """LANG/conditions/index.html for each language, its glue, and its PyScript config: the
    calculator's, with the interpreter's URL a folder further up (the page is a folder deeper)."""
    render_in_languages(env, "conditions.html.j2", "conditions", conditions_context, strings,
                        base_url, out)
    (out / "app").mkdir(parents=True, exist_ok=True)
    shutil.copy2(SITE / "conditions_glue.py", out / "app" / "conditions_glue.py")
    config = json.loads((SITE / "static" / "app" / "pyscript.json").read_text(encoding="utf-8"))
    config["interpreter"] = "../" + config["interpreter"]
    write(out / "app" / "pyscript-conditions.json", json.dumps(config, indent=2) + "\n")


# ---------------------------------------------------------------- stage 3: copy files

def write_tiles(out):
    """assets/tiles.svg: the tiles' sprite (site/tiles/sprite.py), precached like every asset."""
    write(out / "assets" / "tiles.svg", sprite.sprite_svg())


def copy_static(out):
    for path in (SITE / "static").rglob("*"):
        if path.is_file():
            target = out / path.relative_to(SITE / "static")
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(path, target)
    (out / "app").mkdir(parents=True, exist_ok=True)
    shutil.copy2(SITE / "glue.py", out / "app" / "glue.py")


def write_app_archive(out):
    """The engine package and the site modules as one zip, unpacked by PyScript into Python's cwd."""
    runtime.write_app_zip(out / "app" / "app.zip")


def copy_runtime(out):
    """PyScript's requested chunks, Pyodide with a trimmed stdlib; returns the stdlib's modules.
    Runs once every other file a first visit downloads is in `out` (the stdlib fills the room)."""
    if not runtime.PYSCRIPT_DIST.is_dir() or not runtime.PYODIDE_DIST.is_dir():
        raise BuildError("node_modules is missing @pyscript/core or pyodide: run `npm ci`")
    target = out / "runtime" / "pyscript"
    target.mkdir(parents=True, exist_ok=True)
    for path in runtime.pyscript_files():
        shutil.copy2(path, target / path.name)
    target = out / "runtime" / "pyodide"
    target.mkdir(parents=True, exist_ok=True)
    for name in ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm"):
        shutil.copy2(runtime.PYODIDE_DIST / name, target / name)
    runtime.write_lockfile(target / "pyodide-lock.json")
    runtime.copy_zstd_decoder(out / "runtime" / "fzstd")
    # The standard library comes last: its compiled modules take the room the rest leaves.
    others = sum(runtime.wire_size(name, (out / name).read_bytes()) for name in precache_list(out))
    room = int(runtime.FIRST_VISIT) - others - runtime.SLACK
    return runtime.write_stdlib(target / runtime.STDLIB, room)


# ---------------------------------------------------------------- stage 4: service worker, sitemap

def precache_list(out):
    """Every file a visit may need, relative to the site root, sorted (build.json comes after);
    not the files fetched on demand (ON_DEMAND), which the worker keeps once they are fetched."""
    skip = {"sw.js", "sitemap.xml", "robots.txt", BUILD_INFO, *ON_DEMAND}
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
    urls = [page_url(f) for f in files] + [BUILD_INFO]
    text = env.get_template("sw.js.j2").render(version=version, urls_json=json.dumps(urls),
                                               on_demand_json=json.dumps(list(ON_DEMAND)))
    write(out / "sw.js", text)
    return version


def write_build_info(out, version, stdlib):
    """What the page's Pyodide loader checks a stored memory snapshot against, and what the
    snapshot worker imports."""
    info = {"build": version, "warm": runtime.warm_modules(stdlib)}
    write(out / BUILD_INFO, json.dumps(info, separators=(",", ":")))


def write_sitemap(out, base_url):
    pages = [f"{base_url}{lang}/{page}" for lang in LANGUAGES  # relative when base_url is ""
             for page in ("", "ledger/", "conditions/")]
    rows = "".join(f"  <url><loc>{html.escape(page)}</loc></url>\n" for page in pages)
    write(out / "sitemap.xml", '<?xml version="1.0" encoding="UTF-8"?>\n'
          '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' + rows + "</urlset>\n")


def write(path, text):
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


# ---------------------------------------------------------------- main

def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default="_site", type=pathlib.Path)
    parser.add_argument("--base-url", default="", help="absolute site URL ending in /, for canonical links")
    args = parser.parse_args(argv)
    base_url = args.base_url and args.base_url.rstrip("/") + "/"
    out = args.out.resolve()

    strings = {lang: load_strings(lang) for lang in LANGUAGES}
    guides = {lang: load_guide(lang) for lang in LANGUAGES}
    data = compute_tables()
    contexts = {lang: page_context(lang, strings[lang], *guides[lang], data, base_url)
                for lang in LANGUAGES}

    if out.exists():
        shutil.rmtree(out)
    env = environment()
    render_pages(env, contexts, out)
    render_ledger_pages(env, strings, base_url, out)
    render_conditions_pages(env, strings, base_url, out)
    copy_static(out)
    write_tiles(out)
    write_app_archive(out)
    stdlib = copy_runtime(out)
    write_sitemap(out, base_url)
    version = write_service_worker(env, out)
    write_build_info(out, version, stdlib)
    print(f"built {out} (cache {version})")


if __name__ == "__main__":
    try:
        main()
    except BuildError as error:
        sys.exit(f"build failed: {error}")
