"""The zips the pages unpack: app.zip (the engine and the site modules) and qr.zip (segno's QR
encoder). Both deflate their entries: PyScript unpacks them itself, and the server sends a zip as
it is."""
import io
import zipfile

from .files import QR_PACKAGE, app_files, qr_files

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
    write_zip(target, {name: path.read_bytes() for name, path in app_files().items()})


def write_qr_zip(target):
    """qr.zip: segno's encoder and constants as the package segno_encoder, with its licence."""
    import segno

    members = {name: path.read_bytes() for name, path in qr_files().items()}
    members[f"{QR_PACKAGE}/__init__.py"] = QR_INIT % segno.__version__.encode()
    write_zip(target, members)
