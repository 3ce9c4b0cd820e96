"""The engine's memory image: made after the first visit, restored on the next, refused when it
does not belong to this build, deleted with its build. And the runtime files a page asks for."""
import json

import pytest

import build
import runtime

from .conftest import SUBPATH, Watch, serve
from .helpers import READY, card

CONTROLLED = "navigator.serviceWorker.controller !== null"
# The pages' policy: the image's worker and loader need nothing more; blob: only for the standard
# library, which assets/stdlib.mjs decodes and hands to Pyodide as a blob: URL (Pyodide fetches it).
POLICY = ("default-src 'self'; script-src 'self' 'unsafe-eval' 'wasm-unsafe-eval'; style-src 'self'; "
          "connect-src 'self' blob:; img-src 'self'; worker-src 'self'; manifest-src 'self'; "
          "object-src 'none'; base-uri 'self'; form-action 'self'")
# Set once the background image making has ended, either way ("stored" or "failed").
IMAGE_MADE = "document.documentElement.dataset.engineImage !== undefined"
IMAGE_PREFIX = "mahjong-payments-image-"
# In the page: the stored image's cache name, its key, its size in bytes and its stamp.
IMAGE = """async () => {
  const names = (await caches.keys()).filter((n) => n.startsWith("mahjong-payments-image-"));
  const rows = [];
  for (const name of names) {
    const cache = await caches.open(name);
    for (const request of await cache.keys()) {
      const body = await (await cache.match(request)).arrayBuffer();
      const stamp = new TextDecoder().decode(body.slice(0, 64)).trimEnd();
      rows.push([name, request.url, body.byteLength, stamp]);
    }
  }
  return rows;
}"""
# In the page: replace the stored image's bytes with `junk` (a string), with the real image cut
# short, or with the real image re-stamped as made by another build (`value`).
TAMPER = """async ([mode, value]) => {
  const name = (await caches.keys()).find((n) => n.startsWith("mahjong-payments-image-"));
  const cache = await caches.open(name);
  const [request] = await cache.keys();
  const image = new Uint8Array(await (await cache.match(request)).arrayBuffer());
  let body = new TextEncoder().encode(value);
  if (mode === "truncated") body = image.subarray(0, image.length - 4096);
  if (mode === "restamp") {
    const stamp = new TextDecoder().decode(image.subarray(0, 64));
    image.set(new TextEncoder().encode(stamp.replace(stamp.split(" ")[2], value)), 0);
    body = image;
  }
  await cache.put(request, new Response(body));
}"""


@pytest.fixture(scope="module")
def own_site(tmp_path_factory):
    root = tmp_path_factory.mktemp("snapshot")
    build.main(["--out", str(root / SUBPATH.strip("/"))])
    server, url = serve(root)
    yield root / SUBPATH.strip("/"), url
    server.shutdown()


def visit(context, url, wait_image=False):
    """A new page at `url`, once live; with `wait_image`, once its engine image is made too.

    The image making is judged by its outcome: a failure says so at once instead of running out
    the wait."""
    page = context.new_page()
    watch = Watch(page)
    page.goto(url, timeout=90_000)
    page.wait_for_selector(READY, timeout=90_000)
    if wait_image:
        page.wait_for_function(IMAGE_MADE, timeout=180_000)
        assert page.get_attribute("html", "data-engine-image") == "stored", watch.worker_errors
    return page, watch


def start_of(page):
    return page.get_attribute("html", "data-engine-start")


def test_fresh_then_snapshot_online_and_offline(browser, own_site):
    _out, url = own_site
    context = browser.new_context()
    first, watch = visit(context, f"{url}ko/", wait_image=True)
    assert start_of(first) == "fresh"
    assert first.locator('meta[http-equiv="Content-Security-Policy"]').get_attribute("content") == POLICY
    first.wait_for_function(CONTROLLED, timeout=60_000)
    [(name, key, size, stamp)] = first.evaluate(IMAGE)
    build_id = json.loads((own_site[0] / build.BUILD_INFO).read_text())["build"]
    assert name == IMAGE_PREFIX + build_id and key.endswith(".image")
    assert size > 10_000_000  # a whole interpreter's memory
    pyodide = json.loads((runtime.PYODIDE_DIST / "package.json").read_text())["version"]
    assert stamp == f"mahjong-image 2 {build_id} {pyodide} {size - 64}"
    watch.clean()

    # Riichi: dealer 4 han 40 fu ron 12,000; 6 han is haneman, 18,000 (the standard score table).
    page, watch = visit(context, f"{url}ko/?han=4&fu=40&seat=dealer")
    assert start_of(page) == "snapshot"
    assert card(page, "total") == "12,000"
    page.fill("#f-han", "6")
    assert card(page, "total") == "18,000"
    watch.clean()

    context.set_offline(True)
    try:
        # Hong Kong at the page's default table, self-drawn: 5 fan 36, 6 fan 48 (test_offline's).
        page, watch = visit(context, f"{url}ja/?rule=hk&fan=5&win=tsumo")
        assert start_of(page) == "snapshot"
        assert card(page, "total") == "36"
        page.fill("#f-fan", "6")
        assert card(page, "total") == "48"
        watch.clean()
    finally:
        context.set_offline(False)
    context.close()


@pytest.mark.parametrize(("mode", "value"), [("junk", "this is not an image " * 50),
                                             ("truncated", ""),
                                             ("restamp", "0123456789abcdef")])
def test_a_foreign_or_damaged_image_boots_fresh_and_is_replaced(browser, own_site, mode, value):
    _out, url = own_site
    context = browser.new_context()
    page, _watch = visit(context, f"{url}ko/", wait_image=True)
    [before] = page.evaluate(IMAGE)
    page.evaluate(TAMPER, [mode, value])
    assert page.evaluate(IMAGE) != [before]

    page, watch = visit(context, f"{url}ko/?han=3&fu=30", wait_image=True)
    assert start_of(page) == "fresh"
    assert card(page, "total") == "3,900"  # non-dealer 3 han 30 fu ron
    page.fill("#f-han", "4")
    assert card(page, "total") == "7,700"
    [after] = page.evaluate(IMAGE)
    assert after[2] > 10_000_000 and after[3].split()[2] == before[3].split()[2]  # this build again
    watch.clean()  # refusing the image is quiet: no console error

    page, watch = visit(context, f"{url}ko/?han=3&fu=30")
    assert start_of(page) == "snapshot"
    assert card(page, "total") == "3,900"
    watch.clean()
    context.close()


def test_a_new_build_deletes_the_old_image_and_leaves_other_sites_alone(browser, tmp_path):
    root = tmp_path / "served"
    out = root / SUBPATH.strip("/")
    build.main(["--out", str(out)])
    server, url = serve(root)
    try:
        context = browser.new_context()
        page, _watch = visit(context, f"{url}ko/", wait_image=True)
        page.wait_for_function(CONTROLLED, timeout=60_000)
        page.evaluate("caches.open('someone-elses-site-v1')"
                      ".then(c => c.put('/elsewhere/image', new Response('theirs')))")
        [(old_image, *_rest)] = page.evaluate(IMAGE)

        # A second build: a new worker, a new build hash in build.json.
        with (out / "assets" / "style.css").open("a") as css:
            css.write("\n/* second build */\n")
        info = json.loads((out / build.BUILD_INFO).read_text())
        info["build"] = build.write_service_worker(build.environment(), out)
        (out / build.BUILD_INFO).write_text(json.dumps(info))
        page.evaluate("navigator.serviceWorker.getRegistration().then(r => r.update())")
        page.locator("[data-update]").wait_for(state="visible", timeout=60_000)
        with page.expect_navigation():
            page.click("[data-update-button]")
        page.wait_for_selector(READY, timeout=90_000)
        assert start_of(page) == "fresh"  # the old image is not this build's
        page.wait_for_function(IMAGE_MADE, timeout=180_000)
        assert page.get_attribute("html", "data-engine-image") == "stored"
        names = page.evaluate("caches.keys()")
        assert old_image not in names
        assert [name for name in names if name.startswith(IMAGE_PREFIX)] == [
            IMAGE_PREFIX + info["build"]]
        assert "someone-elses-site-v1" in names
        assert page.evaluate("caches.open('someone-elses-site-v1')"
                             ".then(c => c.match('/elsewhere/image')).then(r => r.text())") == "theirs"
        context.close()
    finally:
        server.shutdown()


def test_pages_request_exactly_the_shipped_runtime(browser, base_url, site_root):
    """Every PyScript chunk the site ships is requested, and nothing else of PyScript's is."""
    out = site_root / SUBPATH.strip("/")
    requested = set()
    context = browser.new_context()
    for lang in ("ko", "ja"):
        page = context.new_page()
        watch = Watch(page)
        page.on("request", lambda r: requested.add(r.url.removeprefix(base_url)))
        page.goto(f"{base_url}{lang}/")
        page.wait_for_selector(READY, timeout=90_000)
        page.wait_for_timeout(500)
        assert page.locator('meta[http-equiv="Content-Security-Policy"]').get_attribute("content") == POLICY
        watch.clean()  # no 404 for a chunk left out, no ModuleNotFoundError, nothing off-site
    context.close()
    shipped = {f"runtime/pyscript/{p.name}" for p in (out / "runtime" / "pyscript").iterdir()}
    assert {r for r in requested if r.startswith("runtime/pyscript/")} == shipped
    assert shipped == {f"runtime/pyscript/{p.name}" for p in runtime.pyscript_files()}
    pyodide = {r for r in requested if r.startswith("runtime/pyodide/")}
    assert pyodide == {f"runtime/pyodide/{name}" for name in build.PYODIDE_FILES}
