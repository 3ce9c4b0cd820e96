"""The game in a link and a QR code, and the final standings as text to paste (SPEC §8).

The link is drawn after every change; the QR code only while the share box is open. Its encoder
(segno's, in app/qr.zip) is fetched and unpacked the first time the box opens, so a visit that
never shares never downloads it; the service worker keeps it once fetched."""
import importlib
import os
import sys
from datetime import date

from engine.ledger import link
from ledger.page import copy_text, L, page, q, set_text, state, win
from ledger.game import current_game
from ledger.present import qr_path, standings_text

QR_ARCHIVE = "../../app/qr.zip"  # from LANG/ledger/
QR_FILE = "qr.zip"  # in Python's own file system, beside the unpacked app (its cwd)
QR_DENSE = 15  # versions above this are said to be harder to read: 77 x 77 modules
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
    if q("[data-ledger-share-box]").open:
        state["qr_pending"] = url


async def encoder():
    """segno's encoder, fetched and unpacked beside the app the first time it is needed."""
    if "encoder" not in loaded:
        address = win().URL.new(QR_ARCHIVE, win().location.href).href
        response = await win().fetch(address)
        if not response.ok:
            raise OSError(f"{address}: {response.status}")
        # Imported from the zip itself (zipimport): a new sys.path entry needs no cache cleared.
        path = os.path.abspath(QR_FILE)
        with open(path, "wb") as file:
            file.write((await response.arrayBuffer()).to_bytes())
        sys.path.insert(0, path)
        loaded["encoder"] = importlib.import_module("segno_encoder.encoder")
    return loaded["encoder"]


async def draw_qr(url):
    svg = q("[data-ledger-qr]")
    began = win().performance.now()
    if "encoder" not in loaded:
        set_text("[data-ledger-qr-status]", L["share"]["qr_loading"])
    try:
        code = (await encoder()).encode(url, error="l", micro=False, boost_error=True)
    except Exception as error:  # offline before the encoder was ever fetched, or the link too long
        win().console.warn(f"QR code not drawn: {error!r}")
        set_text("[data-ledger-qr-status]", L["share"]["qr_failed"])
        svg.replaceChildren()
        return
    d, side = qr_path(code.matrix)
    page["dom"].fill_svg(svg, f"0 0 {side} {side}", (
        ("rect", {"class": "qr-light", "width": str(side), "height": str(side)}, None),
        ("path", {"class": "qr-dark", "d": d}, None)))
    svg.dataset.url = url
    svg.dataset.version = str(code.version)
    svg.dataset.ms = str(round(win().performance.now() - began))
    set_text("[data-ledger-qr-status]", L["share"]["qr_too_long"] if code.version > QR_DENSE else "")


async def on_share_toggle(_event):
    if q("[data-ledger-share-box]").open:
        await draw_qr(q("[data-ledger-share]").href)


async def after_change():
    """Redraws an open QR code for the game as it now is."""
    url = state.pop("qr_pending", None)
    if url is not None:
        await draw_qr(url)


async def on_copy_link(_event):
    await copy_text(q("[data-ledger-share]").href, "[data-ledger-copy-link-done]")


async def on_paste(_event):
    """The final standings through the phone's share sheet, else onto the clipboard."""
    record = state.get("following") or state["record"]
    game = current_game(record)
    text = standings_text(L, record, game["final"], date.today())
    if not await page["dom"].share({"text": text}):
        await page["dom"].copy(text, "[data-ledger-paste-done]", L["share"]["paste_done"])
