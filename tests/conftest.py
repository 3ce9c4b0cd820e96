import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "site")]


def pytest_configure(config):
    config.addinivalue_line("markers", "browser: drives Debian's Chromium against the built site")
