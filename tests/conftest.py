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


@pytest.fixture(scope="session")
def site(tmp_path_factory):
    """The site built once into a temporary folder, shared by the tests that read it."""
    out = tmp_path_factory.mktemp("site")
    build.main(["--out", str(out)])
    return out
