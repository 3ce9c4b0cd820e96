"""The game in a link and a QR code, and the final standings as text to paste (SPEC §8).

The link is drawn after every change; the QR code only while the share box is open. Its encoder
(segno's, in app/qr.zip) is fetched and unpacked the first time the box opens, so a visit that
never shares never downloads it; the service worker keeps it once fetched."""
import importlib
import os
import sys
from datetime import date

from engine.ledger import link
from ledger_page.dom import L, copy_text, q, set_text, state
from ledger_page.game import current_game
from ledger_present import qr_path, standings_text
from pyodide.ffi import to_js
from pyscript import window

QR_ARCHIVE = "../../app/qr.zip"  # from LANG/ledger/
QR_FILE = os.path.abspath("qr.zip")  # in Python's own file system, beside the unpacked app
QR_DENSE = 15  # versions above this are said to be harder to read: 77 x 77 modules
loaded = {}


def share_url(record):
    here = window.location
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
        address = window.URL.new(QR_ARCHIVE, window.location.href).href
        response = await window.fetch(address)
        if not response.ok:
            raise OSError(f"{address}: {response.status}")
        # Imported from the zip itself (zipimport): a new sys.path entry needs no cache cleared.
        with open(QR_FILE, "wb") as file:
            file.write((await response.arrayBuffer()).to_bytes())
        sys.path.insert(0, QR_FILE)
        loaded["encoder"] = importlib.import_module("segno_encoder.encoder")
    return loaded["encoder"]


async def draw_qr(url):
    svg = q("[data-ledger-qr]")
    began = window.performance.now()
    if "encoder" not in loaded:
        set_text("[data-ledger-qr-status]", L["share"]["qr_loading"])
    try:
        code = (await encoder()).encode(url, error="l", micro=False, boost_error=True)
    except Exception as error:  # offline before the encoder was ever fetched, or the link too long
        window.console.warn(f"QR code not drawn: {error!r}")
        set_text("[data-ledger-qr-status]", L["share"]["qr_failed"])
        svg.replaceChildren()
        return
    d, side = qr_path(code.matrix)
    svg.replaceChildren()
    svg.setAttribute("viewBox", f"0 0 {side} {side}")
    for tag, attributes in (("rect", {"class": "qr-light", "width": str(side), "height": str(side)}),
                            ("path", {"class": "qr-dark", "d": d})):
        node = window.document.createElementNS("http://www.w3.org/2000/svg", tag)
        for name, value in attributes.items():
            node.setAttribute(name, value)
        svg.appendChild(node)
    svg.dataset.url = url
    svg.dataset.version = str(code.version)
    svg.dataset.ms = str(round(window.performance.now() - began))
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
    text = standings_text(L, record, current_game(record)["final"], date.today())
    if hasattr(window.navigator, "share"):
        try:
            await window.navigator.share(to_js({"text": text}, dict_converter=window.Object.fromEntries))
            return
        except Exception:  # dismissed, or not allowed here: copy instead
            pass
    try:
        await window.navigator.clipboard.writeText(text)
    except Exception:
        return
    set_text("[data-ledger-paste-done]", L["share"]["paste_done"])
