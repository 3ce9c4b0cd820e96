"""Turn the engine's result dicts into the texts a page shows, in the page's language.

Used twice: by build.py to pre-render the default answer and the tables, and by the page
(calculator/__init__.py) to redraw them live, so the static and the live page can never word a
result differently.

Amounts are written by the site's one number formatter (amounts.grouped, here ``fmt``).

>>> fmt(3900), fmt(1234.5), fmt(-12000)
('3,900', '1,234.5', '-12,000')
"""
from amounts import fixed, grouped as fmt  # fixed: the ledger's, until it imports amounts
from engine import KEYS
from engine.presets import NAMES, PRESETS, TILE_FIELDS, preset_of

# The preset selector: "custom" first (what the page starts with), then the published rule sets.
PRESET_CHOICES = ("custom",) + tuple(NAMES)
# The calculator keys a preset sets; tsumoloss only for a rule set that is played three-handed.
PRESET_KEYS = ("kiriage", "kazoe", "multi")
# The table rules of a hand given by its tiles (SPEC §9.1), which every preset also sets.
TILE_PRESET_KEYS = tuple(TILE_FIELDS)


def explanation(result, strings):
    """The one sentence under the total: who pays what, then honba, sticks and the bettor."""
    say = strings["explain"]
    payments = result["payments"]
    first, second = payments[0], payments[1]
    if first["payer"] == "discarder":
        if second["amount"] == 0:
            parts = [say["ron_alone"].format(a=fmt(first["amount"]))]
        else:
            parts = [say["ron_split"].format(a=fmt(first["amount"]), b=fmt(second["amount"]))]
    else:
        three = "_3p" if len(payments) == 2 else ""  # three-player riichi: two payers
        if first["payer"] == "dealer":
            parts = [say["tsumo_nondealer" + three].format(a=fmt(first["amount"]),
                                                            b=fmt(second["amount"]))]
        else:
            parts = [say["tsumo_each" + three].format(a=fmt(first["amount"]))]
    if first["honba"]:
        honba = "honba_ron" if first["payer"] == "discarder" else "honba_tsumo"
        parts.append(say[honba].format(a=fmt(first["honba"])))
    from_table = result["total"] - sum(p["amount"] for p in payments)
    if result["rule"] == "riichi" and from_table:
        parts.append(say["sticks"].format(a=fmt(from_table)))
    if "bettor" in result:
        parts.append(say["bettor"].format(a=fmt(result["bettor"])))
    return strings["joiner"]["explanation"].join(parts)


def payments_note(result, strings):
    """The order of the payments card's amounts, said only where two unnamed amounts have one:
    a riichi non-dealer's tsumo (1,000·2,000, the non-dealer's share before the dealer's)."""
    payers = [p["payer"] for p in result["payments"]]
    return strings["card"]["payments_note"] if result["rule"] == "riichi" and "dealer" in payers \
        and "nondealer" in payers else ""


def view(result, strings):
    """Every text of the five result cards and the live tables, for one result."""
    texts = {
        "total": fmt(result["total"]),
        "explanation": explanation(result, strings),
        "payments": payments_text(result, strings),
        "payments_note": payments_note(result, strings),
        "who_pays": [(strings["payer"][p["payer"]], fmt(p["amount"]), fmt(p["honba"]))
                     for p in payment_order(result["payments"])],
        "middle": fmt(result["middle"]),
        "middle_label": strings["card"]["middle_" + result["rule"]],
        "notices": [strings["notice"][code] for code in result["notices"]],
        "tier": strings["tier"][result["tier"]] if "tier" in result else "",
        "fu": fmt(result["fu"]) if "fu" in result else "",
        "fu_rows": [],
    }
    for row in result.get("fu_breakdown", ()):
        item = row["item"]
        if row["row"] == "win" and item == "chiitoitsu":  # said once, on the 부저 row
            item = "none"
        for table in ("fu_item", "option.meld", "option.pair", "option.wait"):
            words = _table(strings, table)
            if item in words:
                item = words[item]
                break
        texts["fu_rows"].append((strings["fu_row"][row["row"]], item, fmt(row["fu"])))
    return texts


def dock_waits(tiles, strings):
    """The result bar for 13 tiles: the tiles they wait on, or noten.

    >>> words = {"tiles": {"dock_waits": "waits {tiles}", "dock_noten": "noten",
    ...                    "name": {"2p": "2p!", "5p": "5p!"}}, "joiner": {"waits": "/"}}
    >>> dock_waits({"tenpai": True, "waits": [{"tile": "2p"}, {"tile": "5p"}]}, words)
    'waits 2p!/5p!'
    >>> dock_waits({"tenpai": False, "waits": []}, words)
    'noten'
    """
    words = strings["tiles"]
    if not tiles["tenpai"]:
        return words["dock_noten"]
    names = (words["name"][wait["tile"]] for wait in tiles["waits"])
    return words["dock_waits"].format(tiles=strings["joiner"]["waits"].join(names))


def copy_line(result, values, strings):
    """The card as one line for a chat: the hand, who won how, the total and the payments, as a
    player would write it: "리치마작 3판 30부 · 자 쯔모: 4,000점 (1,000·2,000)". `values` are the
    parsed inputs the result came from (a hand by tiles takes its han from the result; a yakuman
    is named by the tier it is paid as, as on the card)."""
    says = strings["copy"]
    line = says["game"][result["rule"]]
    win = says["win"][values["win"]]
    if result["rule"] == "hk":  # what was won and how: "홍콩마작 3번 · 론"
        line = says["hk"].format(game=line, fan=values["fan"], win=win)
    elif result["rule"] == "mcr":
        line = says["mcr_flowers" if values["flowers"] else "mcr"].format(
            game=line, points=values["points"], flowers=values["flowers"], win=win)
    elif result["rule"] == "nmjl":  # jokerless and a bettor said before ron or tsumo
        extras = [says[name] for name in ("jokerless", "bettor") if values[name]]
        line = says["nmjl"].format(game=line, value=values["value"],
                                   win=says["joiner"].join(extras + [win]))
    if result["rule"] == "riichi":
        han = result.get("tiles", {}).get("han", values.get("han"))
        tier = result["tier"]
        if tier.startswith("yakuman"):
            value = strings["tier"][tier]
        else:
            value = says["han"].format(han=han) if han >= 5 else \
                says["han_fu"].format(han=han, fu=result["fu"])
            if tier != "none":  # a limit by its name, with its han: 跳満（6飜）, 만관(4판 40부)
                value = says["limit"].format(tier=strings["tier"][tier], value=value)
        how = says["how"].format(seat=says["seat"][values["seat"]], win=says["win"][values["win"]])
        if str(values.get("players")) == "3":  # parsed inputs keep the count as its choice, "3"
            line = says["three"].format(game=line)
        # the counters the amounts hold, or the line reads as a plain hand's
        counters = [says[name].format(n=values[name]) for name in ("honba", "sticks") if values.get(name)]
        line = says["riichi"].format(game=line, value=value,
                                     how=says["joiner"].join([how] + counters))
    return says["line"].format(hand=line, total=fmt(result["total"]),
                               unit=strings["card"]["points_unit"],
                               payments=payments_text(result, strings))


def payment_order(payments):
    """The payers as players name them: the non-dealers before the dealer (1,000·2,000, 子→親).

    >>> [p["payer"] for p in payment_order([{"payer": "dealer"}, {"payer": "nondealer"}])]
    ['nondealer', 'dealer']
    """
    # not sorted(): MicroPython's sort is not stable, and the other payers keep their order
    return [p for p in payments if p["payer"] != "dealer"] + [p for p in payments if p["payer"] == "dealer"]


def payments_text(result, strings):
    """The payments card: each payer's amount, non-dealers first; a riichi dealer's tsumo, where
    every payer pays the same, as "2,000 올" / 「2,000オール」. A riichi non-dealer's tsumo as players
    say it, two amounts: the non-dealer share, then the dealer's ("1,000·2,000" / 「1,000・2,000」),
    the same with two payers or three. Other payments name their payers: a ron that only the
    discarder pays as "방총한 사람 3,900" / 「放銃者 3,900」, equal shares as "각자 4" / 「各家 4」,
    a ron the other two share alike as "방총한 사람 16 / 다른 사람 각 8" / 「放銃者 16 / 他家 各8」,
    anything else each payer with its amount, joined with " / "."""
    payments = result["payments"]
    if result["rule"] == "riichi" and all(p["payer"] == "nondealer" for p in payments):
        return strings["card"]["all"].format(a=fmt(payments[0]["amount"]))
    if result["rule"] == "riichi" and all(p["payer"] != "discarder" for p in payments):
        share = {p["payer"]: p["amount"] for p in payments}  # riichi non-dealers pay alike
        return strings["joiner"]["tsumo_payments"].join(fmt(share[payer])
                                                        for payer in ("nondealer", "dealer"))
    def named(payer, amount):
        return strings["card"]["payer"].format(payer=strings["payer"][payer], a=fmt(amount))

    paying = [p for p in payment_order(payments) if p["amount"]]
    if not paying:
        return fmt(0)
    if len(paying) == 1:
        return named(paying[0]["payer"], paying[0]["amount"])
    if len(paying) == len(payments) and len({p["amount"] for p in paying}) == 1 \
            and all(p["payer"] != "discarder" for p in paying):
        return named("each", paying[0]["amount"])
    others = [p["amount"] for p in paying if p["payer"] == "other"]
    if len(others) > 1 and len(set(others)) == 1:  # a ron the others share alike (MCR, NMJL, HK)
        return strings["joiner"]["payments"].join(
            [named(p["payer"], p["amount"]) for p in paying if p["payer"] != "other"]
            + [strings["card"]["others"].format(a=fmt(others[0]))])
    return strings["joiner"]["payments"].join(named(p["payer"], p["amount"]) for p in paying)


def _table(strings, dotted):
    for part in dotted.split("."):
        strings = strings.get(part, {})
    return strings


def preset_keys(name, players="4"):
    """The form values (URL keys, strings) a rule-set preset sets; {} for "custom".

    >>> preset_keys("mleague")
    {'kiriage': '1', 'kazoe': '0', 'multi': '1'}
    >>> preset_keys("tenhou", players="3")
    {'kiriage': '0', 'kazoe': '1', 'multi': '1', 'tsumoloss': '1'}
    >>> preset_keys("ema", players="3")  # played four-handed only: tsumo loss is left alone
    {'kiriage': '0', 'kazoe': '0', 'multi': '0'}
    """
    if name not in PRESETS:
        return {}
    preset = PRESETS[name]
    keys = {key: str(preset[key]) for key in PRESET_KEYS}
    if str(players) == "3" and 3 in preset["seats"]:
        keys["tsumoloss"] = str(preset["tsumoloss"])
    return keys


def preset_tile_keys(name):
    """The tile rules a preset sets (form values); {} for "custom".

    >>> preset_tile_keys("tenhou")["dwind4"], preset_tile_keys("mleague")["dwind4"]
    ('1', '0')
    """
    preset = PRESETS.get(name, {})
    return {key: str(preset[key]) for key in TILE_PRESET_KEYS if key in preset}


def table_rules(mapping):
    """The table rules a preset sets, of the form's values (URL keys, strings): kiriage, kazoe
    and multi; tsumo loss in a three-player hand only; the tile rules where the mapping holds
    them (the page's form does).

    >>> table_rules({"kiriage": "1", "kazoe": "0", "multi": "1", "tsumoloss": "0", "players": "4"})
    {'kiriage': '1', 'kazoe': '0', 'multi': '1'}
    """
    three = ("tsumoloss",) if str(mapping.get("players", "4")) == "3" else ()
    return {key: mapping[key] for key in PRESET_KEYS + three + TILE_PRESET_KEYS if key in mapping}


def preset_matches(name, mapping):
    """Whether the form's values (a mapping of URL keys to strings) still agree with a preset
    (engine.presets.preset_of, the chosen one answered first).

    >>> preset_matches("ema", {"kiriage": "0", "kazoe": "0", "multi": "0", "players": "4"})
    True
    >>> preset_matches("ema", {"kiriage": "1", "kazoe": "0", "multi": "0", "players": "4"})
    False
    """
    players = 3 if str(mapping.get("players", "4")) == "3" else 4
    return name in PRESETS and preset_of(table_rules(mapping), players, chosen=name) == name


def error_text(error, strings):
    """The sentence for an InputError, in the page's language, naming the field."""
    messages = strings["error"]
    template = messages.get(f"{error.code}_{error.field}", messages[error.code])
    if getattr(error, "tile", None):  # too many of one tile, a winning tile left: the sentence names it
        red = error.code == "too_many" and error.tile[0] == "0"  # a second red five: one a suit
        template = messages[f"{error.code}_red" if red else f"{error.code}_tile"]
    key = KEYS[error.field]
    return template.format(label=strings["label"][error.field],
                           low=key.low if key.low is not None else "",
                           high=key.high if key.high is not None else "",
                           tile=strings["tiles"]["name"].get(getattr(error, "tile", None) or "", ""))


def hk_cells(rows):
    """The two live cells of each HK table row: tsumo-each, and ron as 'a' or 'a / b / c'."""
    cells = []
    for row in rows:
        ron = row["ron"]
        ron_text = fmt(ron[0]) if not any(ron[1:]) else " / ".join(fmt(a) for a in ron)
        cells.append((fmt(row["tsumo_each"]), ron_text))
    return cells


__all__ = ["PRESET_CHOICES", "copy_line", "dock_waits", "error_text", "explanation", "fixed", "fmt",
           "hk_cells", "payment_order", "payments_text", "preset_keys", "preset_matches",
           "preset_tile_keys", "table_rules", "view"]
