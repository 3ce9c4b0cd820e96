import pathlib
import sys

import pytest
from hypothesis import settings

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "site")]

import build  # noqa: E402  (needs the paths above)


# Property tests check values, not speed: no per-example deadline (a loaded CI machine once
# timed an example of tests/test_draws.py past hypothesis's default 200 ms).
settings.register_profile("values", deadline=None)
settings.load_profile("values")


def pytest_configure(config):
    config.addinivalue_line("markers", "browser: drives Debian's Chromium against the built site")


# The browser tests serve the site under a sub-path, as GitHub Pages serves a project's site.
SUBPATH = "/repo/"


@pytest.fixture(scope="session")
def site(tmp_path_factory):
    """The site built once per run into a temporary folder (under SUBPATH: the browser tests serve
    its parent), shared by every test that reads it."""
    out = tmp_path_factory.mktemp("served") / SUBPATH.strip("/")
    build.main(["--out", str(out)])
    return out
