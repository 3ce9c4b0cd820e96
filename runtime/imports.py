"""Which modules the pages import: one scanner (`imports_in`) over one root set (`browser_code`).

The standard library is trimmed the way `pyodide-pack` does it, but statically: start from every
import in the browser's code (the app's modules, the QR encoder, and the Python inside PyScript's and
Pyodide's JavaScript), then follow each stdlib module's own imports through the stock zip. A
stdlib module is followed only where its imports run on import (module level, not function
bodies, not the blocks of NEVER_IN_PYODIDE), so the few modules imported lazily on every visit are
named in LAZY_IMPORTS. The browser tests run every scenario on the trimmed library (a missing
module is a page error).

The same scan answers three questions, each over its part of the root set and at its depth:
- the library's roots (`stdlib_roots`): every part, imports anywhere (a function may run);
- a start's imports (`start_imports`, which Node's Pyodide imports to see what a start reads):
  the app, the QR encoder and PyScript, imports on import;
- a memory image's imports (`warm_modules`): PyScript's, anywhere.
"""
import ast
import re

from .files import app_files, module_name, on_demand_files, pyodide_scripts, pyscript_files

# Imported by name at run time on every visit: Pyodide's own package (its C core imports modules
# of _pyodide; its JavaScript imports pyodide.* modules by quoted name, found in the text too),
# the codecs Python's start looks up (zipfile decodes plain ASCII names as cp437), and what
# PyScript's `files` uses to unpack app.zip (shutil). "a.*": the package a and all its modules.
LAZY_IMPORTS = ("site", "traceback", "_pyodide.*", "pyodide", "encodings.aliases", "encodings.ascii",
                "encodings.latin_1", "encodings.utf_8", "encodings.utf_8_sig", "encodings.cp437",
                "shutil", "zipfile")
# Conditions of `if` blocks that never run on import in Pyodide: type checkers, scripts, Windows.
NEVER_IN_PYODIDE = (r"^(typing\.)?TYPE_CHECKING$|^__name__ == .__main__.$|^sys\.platform == .win32.$"
                    r"|^os\.name == .nt.$|^_?sys\.platform\.startswith\(.win.\)$")
PYODIDE_MODULE_NAMES = re.compile(r"""["'](_?pyodide(?:\.\w+)+)["']""")  # pyimport("pyodide.code")
IMPORT_TEXT = re.compile(r"\b(?:from\s+(\.*[\w.]*)\s+import|import\s+([\w.]+(?:\s*,\s*[\w.]+)*))")


# ---------------------------------------------------------------- the root set and the scanner

def browser_code():
    """{part: files}: every file whose imports the browser runs."""
    return {"app": list(app_files().values()),
            "ondemand": [path for path in on_demand_files() if path.suffix == ".py"],
            "pyscript": pyscript_files(), "pyodide": pyodide_scripts()}


def imports_in(path, anywhere):
    """The modules the file `path` imports: Python by its syntax tree (or its lines), JavaScript
    by the Python kept in its strings and the pyodide.* modules it names by quoted name.
    `anywhere`: in function bodies too, not only what runs on import."""
    text = path.read_text(encoding="utf-8")
    if path.suffix == ".py":
        return imports_of(text, anywhere=anywhere)
    names = imports_in_text(text, anywhere=anywhere)
    return names | set(PYODIDE_MODULE_NAMES.findall(text)) if anywhere else names


def _scan(parts, anywhere, code=None):
    """The imports of the named parts of the root set, through the one scanner."""
    code = code or browser_code()
    names = set()
    for part in parts:
        for path in code[part]:
            names |= imports_in(path, anywhere)
    return names


def stdlib_roots():
    """What the browser may import: every part of the browser's code, imports anywhere in it,
    and LAZY_IMPORTS."""
    return set(LAZY_IMPORTS) | _scan(("app", "ondemand", "pyscript", "pyodide"), anywhere=True)


def start_imports():
    """The modules a page imports on its start beyond Pyodide's own boot: LAZY_IMPORTS and what
    the app's modules, the QR encoder and PyScript's Python snippets import at module level (PyScript's
    tar.gz unpacking reads so too: its tarfile and gzip count, though the pages unpack a zip)."""
    names = {name for name in LAZY_IMPORTS if not name.endswith(".*")}
    names |= _scan(("app", "ondemand", "pyscript"), anywhere=False)
    return sorted(name for name in names if re.fullmatch(r"\w+(\.\w+)*", name))


def warm_modules(stdlib):
    """What a memory snapshot imports ahead: the app's modules (none touches the page on import:
    tests/test_site_modules.py) and the stdlib modules PyScript's Python side imports directly."""
    code = browser_code()
    direct = {name for path in code["pyscript"]  # without the pyodide.* names it quotes
              for name in imports_in_text(path.read_text(encoding="utf-8"))}
    app = [module_name(name) for name in app_files() if not name.endswith("__main__.py")]
    known = set(stdlib) | set(app)
    wanted = {name for name in direct | {"shutil", "zipfile"} if name in known}  # + unpacking
    return sorted(set(app) | wanted)


# ---------------------------------------------------------------- reading one source

def absolute(name, level, package):
    """The module a relative import names, seen from `package`."""
    if not level:
        return name
    parts = package.split(".")
    return ".".join(p for p in [*parts[: len(parts) - level + 1], name] if p)


def on_import(tree):
    """The nodes that run when a module is imported: not function bodies, not the blocks of
    NEVER_IN_PYODIDE."""
    todo = list(tree.body)
    while todo:
        node = todo.pop()
        yield node
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
            continue
        if isinstance(node, ast.If) and re.search(NEVER_IN_PYODIDE, ast.unparse(node.test)):
            todo.extend(node.orelse)
            continue
        todo.extend(ast.iter_child_nodes(node))


def imports_of(source, package="", anywhere=False):
    """Every module name `source` imports (`from a import b` gives a and a.b: b may be a module)."""
    text = source.decode("utf-8") if isinstance(source, bytes) else source
    try:
        tree = ast.parse(text)
    except SyntaxError:  # syntax newer than the Python running the build: read the lines
        return imports_in_text(text, package, anywhere)
    names = set()
    for node in ast.walk(tree) if anywhere else on_import(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = absolute(node.module or "", node.level, package)
            names.add(base)
            names.update(f"{base}.{alias.name}" for alias in node.names)
    return names


def lines_on_import(text):
    """The lines outside function bodies and __main__ blocks, judged by indentation."""
    inside = []  # indents of the enclosing blocks skipped
    for line in text.splitlines():
        stripped = line.lstrip()
        if not stripped or stripped.startswith("#"):
            continue
        indent = len(line) - len(stripped)
        while inside and indent <= inside[-1]:
            inside.pop()
        if re.match(r"(async\s+)?def\s|if __name__ == .__main__.", stripped):
            inside.append(indent)
        elif not inside:
            yield line


def imports_in_text(text, package="", anywhere=True):
    """Import statements found as text: Python source the AST cannot read, or Python code kept in
    JavaScript strings."""
    text = text.replace("\\n", "\n").replace("\\t", "\t")  # Python kept in JavaScript strings
    if not anywhere:
        text = "\n".join(lines_on_import(text))
    names = set()
    for source, listed in IMPORT_TEXT.findall(text):
        if source:
            dots = len(source) - len(source.lstrip("."))
            names.add(absolute(source[dots:], dots, package))
        else:
            names.update(name.strip() for name in listed.split(","))
    return names


# ---------------------------------------------------------------- following the standard library

def trace(archive, roots):
    """The entries of the stdlib `archive` that importing `roots` reads, with their parents."""
    names = set(archive.namelist())

    def locate(module):
        path = module.replace(".", "/")
        if f"{path}/__init__.py" in names:
            return f"{path}/__init__.py", module
        if f"{path}.py" in names:
            return f"{path}.py", module.rpartition(".")[0]
        return None, None

    keep, todo = set(), [name for name in roots if not name.endswith(".*")]
    for package in (name[:-2] for name in roots if name.endswith(".*")):
        prefix = package.replace(".", "/") + "/"
        todo.extend(module_name(n).replace("/", ".") for n in names
                    if n.startswith(prefix) and n.endswith(".py"))
    while todo:
        parts = todo.pop().split(".")
        for end in range(1, len(parts) + 1):
            entry, package = locate(".".join(parts[:end]))
            if entry and entry not in keep:
                keep.add(entry)
                todo.extend(imports_of(archive.read(entry), package))
    return keep


def stdlib_modules(entries):
    return sorted(module_name(entry) for entry in entries)
