"""The game in a link and a QR code, and the final standings as text to paste (SPEC §8).

The link is drawn after every change; the QR code only while the share box is open. Its encoder
(qrcode-generator, npm, MIT: runtime/qrcode/qrcode.mjs) is imported the first time the box opens,
so a visit that never shares never downloads it; the service worker keeps it once fetched. The
page draws the code's SVG itself from the encoder's modules."""
from collections import namedtuple

from engine.ledger import link
from ledger.model import model
from ledger.page import handlers, copy_text, L, page, q, set_text, win
from ledger.drawing import qr_path
from ledger.summary import standings_text

QR_MODULE = "../../runtime/qrcode/qrcode.mjs"  # from LANG/ledger/
QR_DENSE = 15  # versions above this are said to be harder to read: 77 x 77 modules
Day = namedtuple("Day", ("year", "month", "day"))
loaded = {}


def share_url(record):
    here = win().location
    return here.origin + here.pathname + link.fragment(record)


def draw_link(record):
    anchor = q("[data-ledger-share]")
    url = share_url(record)
    anchor.href = url
    anchor.textContent = url
    q("[data-ledger-share-box]").hidden = False
    over = record.get("ended") or model.played(record)["over"]  # no next hand to scan again after
    set_text("[data-ledger-share-refresh]", L["share"]["refresh_over" if over else "refresh"])
    if q("[data-ledger-share-box]").open:
        model.qr_pending = url


async def encoder():
    """qrcode-generator's `qrcode` function, imported the first time it is needed."""
    if "encoder" not in loaded:
        from pyscript import js_import

        address = win().URL.new(QR_MODULE, win().location.href).href
        loaded["encoder"] = (await js_import(address))[0].default
    return loaded["encoder"]


def encode(qrcode, url):
    """`url` as a QR code at error correction L, the smallest version that holds it, in byte mode:
    (version, matrix of 0/1 rows)."""
    code = qrcode(0, "L")
    code.addData(url, "Byte")
    code.make()
    side = code.getModuleCount()
    matrix = [[1 if code.isDark(y, x) else 0 for x in range(side)] for y in range(side)]
    return (side - 17) // 4, matrix


def today():
    """Today on this phone's calendar, as standings_text reads it."""
    now = win().Date.new()
    return Day(now.getFullYear(), now.getMonth() + 1, now.getDate())


async def draw_qr(url):
    svg = q("[data-ledger-qr]")
    began = win().performance.now()
    if "encoder" not in loaded:
        set_text("[data-ledger-qr-status]", L["share"]["qr_loading"])
    try:
        version, matrix = encode(await encoder(), url)
    except Exception as error:  # offline before the encoder was ever fetched, or the link too long
        win().console.warn(f"QR code not drawn: {error!r}")
        set_text("[data-ledger-qr-status]", L["share"]["qr_failed"])
        svg.replaceChildren()
        return
    d, side = qr_path(matrix)
    page["dom"].fill_svg(svg, f"0 0 {side} {side}", (
        ("rect", {"class": "qr-light", "width": str(side), "height": str(side)}, None),
        ("path", {"class": "qr-dark", "d": d}, None)))
    svg.dataset.url = url
    svg.dataset.version = str(version)
    svg.dataset.ms = str(round(win().performance.now() - began))
    set_text("[data-ledger-qr-status]", L["share"]["qr_too_long"] if version > QR_DENSE else "")


@handlers.on("toggle", "[data-ledger-share-box]")
async def on_share_toggle(_event):
    if q("[data-ledger-share-box]").open:
        await draw_qr(q("[data-ledger-share]").href)


async def after_change():
    """Redraws an open QR code for the game as it now is."""
    url, model.qr_pending = model.qr_pending, None
    if url is not None:
        await draw_qr(url)


@handlers.on("click", "[data-ledger-copy-link]")
async def on_copy_link(_event):
    await copy_text(q("[data-ledger-share]").href, "[data-ledger-copy-link-done]")


@handlers.on("click", "[data-ledger-paste]")
async def on_paste(_event):
    """The final standings through the phone's share sheet, else onto the clipboard."""
    record = model.following or model.record
    game = model.played(record)
    text = standings_text(L, record, game["final"], today())
    if not await page["dom"].share({"text": text}):
        await page["dom"].copy(text, "[data-ledger-paste-done]", L["share"]["paste_done"])
