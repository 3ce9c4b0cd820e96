"""The practice page (SPEC §12): a set of ten questions from engine.practice, the player's answers
checked part by part, the engine's answer explained, the progress kept on the phone. One model
(`state`), changed by each handler, then drawn; texts go in with textContent only. The page's
script calls start(document); nothing touches the page before that."""
import dom
from engine.practice import (DEFAULT_PRESET, SET_SIZE, PracticeError, query_text, question,
                             read_preset, read_seed)
from engine.presets import NAMES
from practice import present as words

SVG = "http://www.w3.org/2000/svg"
TOPIC_FIELDS = words.TOPIC_OF

# seed, preset, honba, mode: the set and how it is asked; index: the question shown; current: its
# {"keys", "answer"}; checked: its parts once checked; results: right or wrong per question.
state = {"seed": 0, "preset": DEFAULT_PRESET, "honba": True, "mode": "all", "index": 0,
         "current": None, "checked": None, "results": [], "progress": None, "problem": None}
page = {}


def q(selector):
    return page["dom"].one(selector)


def put(slot, selector, text):
    page["dom"].put(slot, q(selector), text)


def hide(slot, selector, hidden):
    page["dom"].hide(slot, q(selector), hidden)


# ------------------------------------------------------------------ storage

def storage():
    if "storage" not in page:
        page["storage"] = dom.local_storage(page["dom"].window)
    return page["storage"]


def load_progress():
    """The progress kept on this phone; a stored value this page cannot read is left as it is
    (and said), and nothing is written over it."""
    text, kept = None, storage()
    if kept is not None:
        try:
            text = kept.getItem(words.STORAGE_KEY)
        except dom.JsCallError:
            text = None
    state["progress"], state["problem"] = words.read_progress(text)
    if kept is None:
        state["problem"] = "unavailable"


def save_progress():
    kept = storage()
    if kept is None or state["problem"] in ("unreadable", "newer", "unavailable"):
        return
    progress = state["progress"]
    progress["mode"], progress["preset"] = state["mode"], state["preset"]
    progress["honba"] = "1" if state["honba"] else "0"
    try:
        kept.setItem(words.STORAGE_KEY, words.dumps(progress))
    except dom.JsCallError:
        state["problem"] = "refused"


# ------------------------------------------------------------------ drawing

def tile_element(tile, extra=""):
    document = page["dom"].document
    box = document.createElement("span")
    box.className = "tile" + (" " + extra if extra else "")
    box.setAttribute("role", "img")
    box.setAttribute("aria-label", page["strings"]["tiles"]["name"][tile])
    svg = document.createElementNS(SVG, "svg")
    svg.setAttribute("class", "tile-face")
    svg.setAttribute("viewBox", "0 0 30 40")
    svg.setAttribute("aria-hidden", "true")
    use = document.createElementNS(SVG, "use")
    use.setAttribute("href", page["root"] + "assets/tiles.svg#t-" + tile)
    svg.appendChild(use)
    box.appendChild(svg)
    return box


def draw_row(selector, found, agari=None):
    row = q(selector)
    children = [tile_element(tile) for tile in found]
    if agari:
        children.append(tile_element(agari, "tile-agari"))
    row.replaceChildren(*children)


def draw_question():
    current = state["current"]
    keys = current["keys"]
    strings = page["strings"]
    section = q("[data-practice-question]")
    section.setAttribute("data-practice-keys", query_text(keys))
    section.setAttribute("data-practice-index", str(state["index"]))
    put("count", "[data-practice-count]", strings["practice"]["count"].format(
        n=state["index"] + 1, total=SET_SIZE))
    put("situation", "[data-practice-situation]",
        strings["practice"]["joiner"]["situation"].join(words.situation(keys, strings)))
    concealed, agari = words.hand_tiles(keys)
    draw_row("[data-practice-hand]", concealed, agari)
    put("agari", "[data-practice-agari]", strings["practice"]["agari"].format(
        tile=strings["tiles"]["name"][agari]))
    melds = q("[data-practice-melds]")
    groups = []
    for kind, found in words.melds(keys):
        group = page["dom"].document.createElement("span")
        group.className = "tiles-meld practice-meld"
        label = page["dom"].document.createElement("span")
        label.className = "tiles-meld-kind"
        label.textContent = strings["tiles"]["target"][kind]
        group.appendChild(label)
        for tile in found:
            group.appendChild(tile_element(tile))
        groups.append(group)
    melds.replaceChildren(*groups)
    melds.hidden = not groups
    draw_row("[data-practice-dora]", words.tile_list(keys["dora"]))
    ura = words.tile_list(keys["ura"]) if keys["ura"] else []
    draw_row("[data-practice-ura]", ura)
    hide("ura", "[data-practice-ura-box]", not ura)
    draw_fields()


def draw_fields():
    """The answer fields this question asks under the chosen mode, emptied; the first focused."""
    fields = words.asked(state["current"], state["mode"])
    for name in words.FIELDS:
        box = q(f'[data-practice-field="{name}"]')
        box.hidden = name not in fields
        control = q(f'input[name="{name}"]')
        control.value = ""
        control.disabled = name not in fields
        show_field_error(name, None)
    limit = words.limit_hand(state["current"]) and state["mode"] != "payment"
    hide("no-fu", "[data-practice-no-fu]", not limit)
    yakuman = bool(state["current"]["answer"]["tiles"]["yakuman"]) and state["mode"] == "hanfu"
    hide("yakuman-note", "[data-practice-yakuman-note]", not yakuman)
    honba = int(state["current"]["keys"]["honba"])
    paid = any(words.TOPIC_OF[name] == "payment" for name in fields)
    hide("honba-note", "[data-practice-honba-note]", not (honba and paid))
    q("[data-practice-check]").disabled = False
    result = q("[data-practice-result]")
    result.hidden = True
    result.setAttribute("data-practice-verdict", "")


def show_field_error(name, code):
    box = q(f'[data-error="{name}"]')
    control = q(f'input[name="{name}"]')
    if code is None:
        box.hidden = True
        box.textContent = ""
        control.removeAttribute("aria-invalid")
        return
    box.textContent = words.error_text(code, page["strings"])
    box.hidden = False
    control.setAttribute("aria-invalid", "true")
    details = box.closest("details")
    if dom.found(details):
        details.open = True  # the set's number lives in the settings


def draw_score():
    right = sum(1 for r in state["results"] if r)
    text = words.score_text(right, len(state["results"]), SET_SIZE, page["strings"])
    if len(state["results"]) == SET_SIZE:
        text = page["strings"]["practice"]["set_done"].format(right=right, total=SET_SIZE)
    score = q("[data-practice-score]")
    score.textContent = text
    score.setAttribute("data-practice-right", str(right))
    score.setAttribute("data-practice-answered", str(len(state["results"])))


def draw_progress():
    rows = words.progress_rows(state["progress"], page["strings"])
    for topic, (_label, text) in zip(words.TOPICS, rows):
        put(("topic", topic), f'[data-practice-topic="{topic}"]', text)
    problem = state["problem"]
    note = page["strings"]["practice"]["storage"].get(problem, "") if problem else ""
    put("storage", "[data-practice-storage]", note)
    hide("storage", "[data-practice-storage]", not note)


def list_items(selector, items):
    document = page["dom"].document
    children = []
    for parts in items:
        item = document.createElement("li")
        for index, text in enumerate(parts):
            span = document.createElement("span")
            span.className = "practice-cell-" + str(index)
            span.textContent = text
            item.appendChild(span)
        children.append(item)
    q(selector).replaceChildren(*children)


def draw_result(parts):
    strings = page["strings"]
    says = strings["practice"]
    right = all(p[3] for p in parts)
    result = q("[data-practice-result]")
    result.setAttribute("data-practice-verdict", "right" if right else "wrong")
    put("verdict", "[data-practice-verdict-text]", says["right"] if right else says["wrong"])
    list_items("[data-practice-parts]", [(words.part_text(p, state["current"], strings),)
                                         for p in parts])
    told = words.explain(state["current"], strings)
    put("value", "[data-practice-value]", told["value"])
    list_items("[data-practice-yaku]", told["yaku"])
    list_items("[data-practice-dora-count]", [(label, str(count)) for label, count in told["dora"]])
    hide("dora-list", "[data-practice-dora-count]", not told["dora"])
    put("han", "[data-practice-han]", told["han"])
    hide("han", "[data-practice-han]", not told["han"])
    list_items("[data-practice-fu]", told["fu"])
    hide("fu-box", "[data-practice-fu-box]", not told["fu"])
    put("limit", "[data-practice-limit]", told["limit"])
    hide("limit", "[data-practice-limit]", not told["limit"])
    put("payments", "[data-practice-payments]", told["payments"])
    put("sentence", "[data-practice-sentence]", told["sentence"])
    missed = words.missed_topics(parts)
    for topic in words.TOPICS:
        hide(("guide", topic), f'[data-practice-guide="{topic}"]', topic not in missed)
    last = state["index"] + 1 >= SET_SIZE
    put("next", "[data-practice-next]", says["new_set"] if last else says["next"])
    result.hidden = False


# ------------------------------------------------------------------ the set

def start_set(seed, preset=None, honba=None, write=True):
    state["seed"] = seed
    if preset is not None:
        state["preset"] = preset
    if honba is not None:
        state["honba"] = honba
    state["index"], state["results"] = 0, []
    sync_setup()
    if write:
        write_address()
    show_question()
    draw_score()


def show_question():
    state["current"] = question(state["seed"], state["index"], state["preset"], state["honba"])
    state["checked"] = None
    draw_question()


def write_address():
    text = words.write_hash(state["seed"], state["preset"], state["honba"], DEFAULT_PRESET)
    window = page["dom"].window
    page["hash"] = text
    window.history.replaceState(None, "", window.location.pathname + window.location.search + text)


def draw_settings():
    """The settings' summary line: what the set is played under, seen with the box closed."""
    strings = page["strings"]
    says = strings["practice"]["settings"]
    text = says["summary"].format(
        preset=strings["option"]["preset"][state["preset"]],
        mode=strings["practice"]["mode"][state["mode"]],
        honba=says["honba_on"] if state["honba"] else says["honba_off"], seed=state["seed"])
    put("settings", "[data-practice-settings-hint]", text)


def sync_setup():
    draw_settings()
    form = page["setup"].elements
    form.namedItem("preset").value = state["preset"]
    form.namedItem("honba").checked = state["honba"]
    form.namedItem("seed").value = str(state["seed"])
    for radio in page["setup"].querySelectorAll('input[name="mode"]'):
        radio.checked = radio.value == state["mode"]


def random_seed():
    return int(page["dom"].window.Math.random() * 1_000_000_000) % 1_000_000_000


def check_answer():
    typed = {}
    for name in words.FIELDS:
        typed[name] = q(f'input[name="{name}"]').value
    errors, parts = words.check(state["current"], state["mode"], typed)
    first = None
    for name in words.asked(state["current"], state["mode"]):
        show_field_error(name, errors.get(name))
        if name in errors and first is None:
            first = name
    if first is not None:
        q(f'input[name="{first}"]').focus()
        return
    state["checked"] = parts
    right = all(p[3] for p in parts)
    state["results"].append(right)
    for field, _want, _given, ok in parts:
        words.add(state["progress"], TOPIC_FIELDS[field], ok)
    save_progress()
    q("[data-practice-check]").disabled = True
    draw_result(parts)
    draw_score()
    draw_progress()
    q("[data-practice-next]").focus()


def next_question():
    if state["index"] + 1 >= SET_SIZE:
        start_set(random_seed())
    else:
        state["index"] += 1
        show_question()
        draw_score()
    q("[data-practice-question]").scrollIntoView()
    first = words.asked(state["current"], state["mode"])[0]
    q(f'input[name="{first}"]').focus()


# ------------------------------------------------------------------ handlers

def on_answer(event):
    event.preventDefault()  # Enter in a field: check, then the next question
    if state["checked"] is None:
        check_answer()
    else:
        next_question()


def on_next(_event=None):
    next_question()


def on_setup(event):
    name = getattr(event.target, "name", None)
    form = page["setup"].elements
    if name == "mode":
        state["mode"] = event.target.value
        draw_settings()
        save_progress()
        if state["checked"] is None:
            draw_fields()
    elif name in ("preset", "honba"):
        preset = read_preset(form.namedItem("preset").value)
        start_set(state["seed"], preset, bool(form.namedItem("honba").checked))
        save_progress()


def on_load(event):
    event.preventDefault()
    text = page["setup"].elements.namedItem("seed").value
    try:
        seed = read_seed(text)
    except PracticeError as error:
        show_field_error("seed", "seed_empty" if error.code == "empty" else "seed_bad")
        return
    show_field_error("seed", None)
    start_set(seed)


def on_new(_event=None):
    show_field_error("seed", None)
    start_set(random_seed())


def read_address():
    """The set the address names (#q=SEED), or a new one; a seed that is not ours is said next
    to the set's number field, and a new set starts."""
    found = words.read_hash(str(page["dom"].window.location.hash or ""))
    if "q" not in found:
        return None
    try:
        seed = read_seed(found["q"])
        preset = read_preset(found.get("preset", DEFAULT_PRESET))
    except PracticeError as error:
        return error
    return seed, preset, found.get("honba") != "0"


def on_hash(_event=None):
    if str(page["dom"].window.location.hash or "") == page.get("hash"):
        return
    open_address()


def open_address():
    found = read_address()
    if isinstance(found, tuple):
        show_field_error("seed", None)
        start_set(found[0], found[1], found[2])
        return
    start_set(random_seed())
    if found is not None:
        show_field_error("seed", "not_ours")


def start(document):
    """Wire the practice page; called by the page's script."""
    page.update(dom=dom.Page(document), setup=document.getElementById("practice-setup"),
                answer=document.getElementById("practice-answer"))
    page["strings"] = page["dom"].strings()
    page["root"] = document.documentElement.getAttribute("data-root") or "../../"
    load_progress()
    progress = state["progress"]
    if progress.get("mode") in words.MODES:
        state["mode"] = progress["mode"]
    if progress.get("preset") in NAMES:
        state["preset"] = progress["preset"]
    state["honba"] = progress.get("honba", "1") != "0"
    proxies = page["proxies"] = {
        "answer": dom.proxy(on_answer), "next": dom.proxy(on_next), "setup": dom.proxy(on_setup),
        "load": dom.proxy(on_load), "new": dom.proxy(on_new), "hash": dom.proxy(on_hash)}
    page["answer"].addEventListener("submit", proxies["answer"])
    q("[data-practice-next]").addEventListener("click", proxies["next"])
    page["setup"].addEventListener("change", proxies["setup"])
    page["setup"].addEventListener("submit", proxies["load"])
    q("[data-practice-new]").addEventListener("click", proxies["new"])
    page["dom"].window.addEventListener("hashchange", proxies["hash"])
    open_address()
    draw_progress()
    q("[data-practice-live]").removeAttribute("inert")
    document.documentElement.dataset.engine = "ready"
