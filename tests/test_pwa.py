"""The web app manifest, the service worker's file list and the Pages workflow."""
import json
import struct
from urllib.parse import urlparse

import yaml

import build



def png_size(path):
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", data[16:24])


def test_manifest(site):
    manifest = json.loads((site / "manifest.webmanifest").read_text(encoding="utf-8"))
    assert "마작" in manifest["name"] and "麻雀" in manifest["translations"]["ja"]["name"]
    for key in ("start_url", "scope"):
        assert not urlparse(manifest[key]).scheme and not manifest[key].startswith("/")
    sizes = set()
    for icon in manifest["icons"]:
        assert not icon["src"].startswith("/") and not urlparse(icon["src"]).scheme
        path = site / icon["src"]
        assert path.is_file(), icon["src"]
        if icon["type"] == "image/png":
            width, height = png_size(path)
            assert icon["sizes"] == f"{width}x{height}"
            sizes.add(width)
    assert {192, 512} <= sizes


def test_service_worker_lists_every_file(site):
    text = (site / "sw.js").read_text()
    listed = json.loads(text.split("const FILES = ", 1)[1].split(";\n", 1)[0])
    for name in ("ko/", "ja/", "./", "assets/style.css",
                 "app/engine.bundle", "app/calculator.bundle", "runtime/pyscript/core.js",
                 "runtime/micropython/micropython.mjs", "runtime/micropython/micropython.wasm"):
        assert name in listed, name
    chunks = [p.name for p in (site / "runtime" / "pyscript").iterdir()]
    assert all(f"runtime/pyscript/{c}" in listed for c in chunks)
    assert not any(name.endswith(".map") for name in listed)
    # each page once, under its folder URL: a second copy would be downloaded twice on a first visit
    assert not any(name.endswith("index.html") for name in listed)
    assert len(listed) == len(set(listed))
    assert "mahjong-payments-" in text


def test_cache_name_follows_the_content(tmp_path):
    build.main(["--out", str(tmp_path)])
    env = build.environment("mpy")
    first = build.write_service_worker(env, tmp_path)
    assert build.write_service_worker(env, tmp_path) == first
    (tmp_path / "assets" / "style.css").write_text("changed")
    assert build.write_service_worker(env, tmp_path) != first


def test_pages_workflow():
    flow = yaml.safe_load((build.ROOT / ".github" / "workflows" / "pages.yml").read_text())
    assert flow[True]["push"]["branches"] == ["main"]  # YAML reads the key `on` as True
    assert flow["permissions"] == {"contents": "read", "pages": "write", "id-token": "write"}
    steps = flow["jobs"]["build"]["steps"]
    uses = [step.get("uses", "").split("@")[0] for step in steps]
    runs = [step.get("run", "") for step in steps]
    for action in ("actions/checkout", "actions/setup-python", "actions/setup-node",
                   "actions/configure-pages", "actions/upload-pages-artifact"):
        assert action in uses
    assert any("npm ci" in run for run in runs)
    assert "make test" in runs and "make build" in runs
    upload = next(s for s in steps if s.get("uses", "").startswith("actions/upload-pages-artifact"))
    assert upload["with"]["path"] == "_site"
    deploy = flow["jobs"]["deploy"]
    assert deploy["needs"] == "build" and deploy["environment"]["name"] == "github-pages"
    assert deploy["steps"][0]["uses"].startswith("actions/deploy-pages")
