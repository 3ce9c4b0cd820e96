"""The practice page (SPEC §12): a set of ten questions from engine.practice, the player's answers
checked part by part, the engine's answer explained, the progress kept on the phone. One model
(`state`), changed by each handler, then drawn (practice.draw); texts go in with textContent
only. The page's script calls start(document); nothing touches the page before that."""
import dom
from engine.practice import DEFAULT_PRESET, SET_SIZE, PracticeError, question, read_preset, read_seed
from engine.presets import NAMES
from practice import present as words
from practice.draw import View

TOPIC_FIELDS = words.TOPIC_OF

# seed, preset, honba, mode: the set and how it is asked; index: the question shown; current: its
# {"keys", "answer"}; checked: its parts once checked; results: right or wrong per question.
state = {"seed": 0, "preset": DEFAULT_PRESET, "honba": True, "mode": "all", "index": 0,
         "current": None, "checked": None, "results": [], "progress": None, "problem": None}
# page: the dom.Page start() was given, its view (practice.draw.View) and its two forms.
page = {}


def q(selector):
    return page["dom"].one(selector)


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
    page["view"].draw_score(state["results"])


def show_question():
    state["current"] = question(state["seed"], state["index"], state["preset"], state["honba"])
    state["checked"] = None
    page["view"].draw_question(state["current"], state["index"], state["mode"])


def write_address():
    text = words.write_hash(state["seed"], state["preset"], state["honba"], DEFAULT_PRESET)
    window = page["dom"].window
    page["hash"] = text
    window.history.replaceState(None, "", window.location.pathname + window.location.search + text)


def sync_setup():
    page["view"].draw_settings(state["preset"], state["mode"], state["honba"], state["seed"])
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
        page["view"].show_field_error(name, errors.get(name))
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
    page["view"].draw_result(state["current"], parts, state["index"] + 1 >= SET_SIZE)
    page["view"].draw_score(state["results"])
    page["view"].draw_progress(state["progress"], state["problem"])
    q("[data-practice-next]").focus()


def next_question():
    if state["index"] + 1 >= SET_SIZE:
        start_set(random_seed())
    else:
        state["index"] += 1
        show_question()
        page["view"].draw_score(state["results"])
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
        page["view"].draw_settings(state["preset"], state["mode"], state["honba"], state["seed"])
        save_progress()
        if state["checked"] is None:
            page["view"].draw_fields(state["current"], state["mode"])
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
        page["view"].show_field_error("seed", "seed_empty" if error.code == "empty" else "seed_bad")
        return
    page["view"].show_field_error("seed", None)
    start_set(seed)


def on_new(_event=None):
    page["view"].show_field_error("seed", None)
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
        page["view"].show_field_error("seed", None)
        start_set(found[0], found[1], found[2])
        return
    start_set(random_seed())
    if found is not None:
        page["view"].show_field_error("seed", "not_ours")


def start(document):
    """Wire the practice page; called by the page's script."""
    page.update(dom=dom.Page(document), setup=document.getElementById("practice-setup"),
                answer=document.getElementById("practice-answer"))
    page["view"] = View(page["dom"], document.documentElement.getAttribute("data-root") or "../../")
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
    page["view"].draw_progress(state["progress"], state["problem"])
    q("[data-practice-live]").removeAttribute("inert")
    document.documentElement.dataset.engine = "ready"
