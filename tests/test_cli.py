import json
import pathlib
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent


def run(*args):
    return subprocess.run([sys.executable, "-m", "engine", *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=30)


def test_cli_success():
    done = run("rule=riichi", "han=3", "fu=30", "win=tsumo", "honba=2", "sticks=1")
    assert done.returncode == 0
    result = json.loads(done.stdout)
    assert result["total"] == 5600
    assert [p["amount"] for p in result["payments"]] == [2200, 1200, 1200]
    assert [p["honba"] for p in result["payments"]] == [200, 200, 200]


def test_cli_fractions_are_plain_json_numbers():
    done = run("rule=hk", "fan=0", "win=tsumo")
    assert '"amount": 0.5' in done.stdout
    assert json.loads(done.stdout)["total"] == 1.5


def test_cli_bad_input_exits_2_with_error_json():
    done = run("rule=riichi", "han=14")
    assert done.returncode == 2
    assert json.loads(done.stdout)["error"]["field"] == "han"
    assert json.loads(done.stdout)["error"]["code"] == "out_of_range"
