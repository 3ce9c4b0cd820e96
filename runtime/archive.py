"""The archives the pages unpack: app.zst (the engine and the site modules, APP) and qr.zip
(segno's QR encoder, deflated). The server sends both as they are. The app's sources ship
without comments and docstrings, line numbers kept (a traceback still points at the right line
of the repository's file), in one zstd frame: 94.5 KB deflated -> 52.8 KB, bytes a first visit
gives back to the standard library's compiled modules (stdlib.py)."""
import ast
import io
import tokenize
import zipfile

from .files import QR_PACKAGE, app_files, qr_files

APP = "app/app.zst"  # where the pages find the app archive (build.py, the loader, the image worker)
ZSTD_LEVEL = 19
FIXED_TIME = (2020, 1, 1, 0, 0, 0)  # zip entries carry no build time: same input, same bytes
QR_INIT = (b'"""segno %s (BSD licence, LICENSE here): its QR encoder only, unchanged, for the '
           b'ledger\'s share box."""\n')


def zip_bytes(members, compress_type=zipfile.ZIP_DEFLATED):
    """`members`: {name: bytes} as a zip, entries in name order, no build time in it."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name in sorted(members):
            archive.writestr(zipfile.ZipInfo(name, date_time=FIXED_TIME), members[name],
                             compress_type=compress_type,
                             compresslevel=9 if compress_type == zipfile.ZIP_DEFLATED else None)
    return buffer.getvalue()


def write_zip(target, members):
    """`members`: {name: bytes}, deflated: the server sends a zip as it is."""
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_bytes(zip_bytes(members))


def write_app_zip(target):
    """APP: the app's modules as one zstd frame of a zip of stored entries, as the standard library
    ships (stdlib.py: zstd over the whole archive is a third smaller than a zip deflating each
    entry); the loader and the image worker decode it with fzstd before Pyodide unpacks it."""
    members = {name: without_docs(path.read_bytes()) for name, path in app_files().items()}
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_bytes(zstd_pack(zip_bytes(members, zipfile.ZIP_STORED)))


def zstd_pack(data):
    """`data` as one zstd frame (level 19, content size in the header), as assets/stdlib.mjs reads it."""
    import zstandard  # a build input, like segno: pyproject.toml's dependencies

    return zstandard.ZstdCompressor(level=ZSTD_LEVEL, write_content_size=True).compress(data)


def write_qr_zip(target):
    """qr.zip: segno's encoder and constants as the package segno_encoder, with its licence."""
    import segno

    members = {name: path.read_bytes() for name, path in qr_files().items()}
    members[f"{QR_PACKAGE}/__init__.py"] = QR_INIT % segno.__version__.encode()
    write_zip(target, members)


def without_docs(source):
    """`source` with its comments and docstrings blanked, line numbers kept (as `python -OO` would
    drop the docstrings; an empty string stands where one was). Sources the AST of the Python
    running the build cannot read are left whole."""
    text = source.decode("utf-8")
    try:
        tree = ast.parse(text)
        comments = [token for token in tokenize.generate_tokens(io.StringIO(text).readline)
                    if token.type == tokenize.COMMENT]
    except (SyntaxError, tokenize.TokenError):
        return source
    lines = text.splitlines(keepends=True)

    def column(row, byte):  # the AST counts UTF-8 bytes, tokenize counts characters
        return len(lines[row - 1].encode("utf-8")[:byte].decode("utf-8"))

    spans = [(t.start[0], t.start[1], t.end[0], t.end[1], "") for t in comments]
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            first = node.body[0] if node.body else None
            if (isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant)
                    and isinstance(first.value.value, str)):
                spans.append((first.lineno, column(first.lineno, first.col_offset),
                              first.end_lineno, column(first.end_lineno, first.end_col_offset), "''"))
    for start_row, start_col, end_row, end_col, stand_in in sorted(spans, reverse=True):
        joined = (lines[start_row - 1][:start_col] + stand_in + "\n" * (end_row - start_row)
                  + lines[end_row - 1][end_col:])
        lines[start_row - 1:end_row] = [joined]
    return "".join(lines).encode("utf-8")
