"""The practice page drawn from its model (SPEC §12): the question, the answer fields, the
checked answer and its explanation, the score, the progress and the settings' summary. A `View`
wraps the page's dom.Page; each draw takes the values it shows, and texts go in with
textContent only."""
import dom
from engine.practice import SET_SIZE, query_text
from practice import present as words

SVG = "http://www.w3.org/2000/svg"


class View:
    def __init__(self, page, root):
        """`page`: the dom.Page of the practice page; `root`: the site root from the page."""
        self.page, self.root = page, root
        self.strings = page.strings()

    def q(self, selector):
        return self.page.one(selector)

    def put(self, slot, selector, text):
        self.page.put(slot, self.q(selector), text)

    def hide(self, slot, selector, hidden):
        self.page.hide(slot, self.q(selector), hidden)

    def tile_element(self, tile, extra=""):
        document = self.page.document
        box = document.createElement("span")
        box.className = "tile" + (" " + extra if extra else "")
        box.setAttribute("role", "img")
        box.setAttribute("aria-label", self.strings["tiles"]["name"][tile])
        svg = document.createElementNS(SVG, "svg")
        svg.setAttribute("class", "tile-face")
        svg.setAttribute("viewBox", "0 0 30 40")
        svg.setAttribute("aria-hidden", "true")
        use = document.createElementNS(SVG, "use")
        use.setAttribute("href", self.root + "assets/tiles.svg#t-" + tile)
        svg.appendChild(use)
        box.appendChild(svg)
        return box

    def draw_row(self, selector, found, agari=None):
        children = [self.tile_element(tile) for tile in found]
        if agari:
            children.append(self.tile_element(agari, "tile-agari"))
        self.q(selector).replaceChildren(*children)

    def draw_question(self, current, index, mode):
        """Question number `index` (0-based) of the set, its fields asked under `mode`."""
        keys = current["keys"]
        strings = self.strings
        section = self.q("[data-practice-question]")
        section.setAttribute("data-practice-keys", query_text(keys))
        section.setAttribute("data-practice-index", str(index))
        self.put("count", "[data-practice-count]", strings["practice"]["count"].format(
            n=index + 1, total=SET_SIZE))
        self.put("situation", "[data-practice-situation]",
                 strings["practice"]["joiner"]["situation"].join(words.situation(keys, strings)))
        concealed, agari = words.hand_tiles(keys)
        self.draw_row("[data-practice-hand]", concealed, agari)
        self.put("agari", "[data-practice-agari]", strings["practice"]["agari"].format(
            tile=strings["tiles"]["name"][agari]))
        melds = self.q("[data-practice-melds]")
        groups = []
        for kind, found in words.melds(keys):
            group = self.page.document.createElement("span")
            group.className = "tiles-meld practice-meld"
            label = self.page.document.createElement("span")
            label.className = "tiles-meld-kind"
            label.textContent = strings["tiles"]["target"][kind]
            group.appendChild(label)
            for tile in found:
                group.appendChild(self.tile_element(tile))
            groups.append(group)
        melds.replaceChildren(*groups)
        melds.hidden = not groups
        self.draw_row("[data-practice-dora]", words.tile_list(keys["dora"]))
        ura = words.tile_list(keys["ura"]) if keys["ura"] else []
        self.draw_row("[data-practice-ura]", ura)
        self.hide("ura", "[data-practice-ura-box]", not ura)
        self.draw_fields(current, mode)

    def draw_fields(self, current, mode):
        """The answer fields `current` asks under `mode`, emptied."""
        fields = words.asked(current, mode)
        for name in words.FIELDS:
            box = self.q(f'[data-practice-field="{name}"]')
            box.hidden = name not in fields
            control = self.q(f'input[name="{name}"]')
            control.value = ""
            control.disabled = name not in fields
            self.show_field_error(name, None)
        limit = words.limit_hand(current) and mode != "payment"
        self.hide("no-fu", "[data-practice-no-fu]", not limit)
        yakuman = bool(current["answer"]["tiles"]["yakuman"]) and mode == "hanfu"
        self.hide("yakuman-note", "[data-practice-yakuman-note]", not yakuman)
        honba = int(current["keys"]["honba"])
        paid = any(words.TOPIC_OF[name] == "payment" for name in fields)
        self.hide("honba-note", "[data-practice-honba-note]", not (honba and paid))
        self.q("[data-practice-check]").disabled = False
        result = self.q("[data-practice-result]")
        result.hidden = True
        result.setAttribute("data-practice-verdict", "")

    def show_field_error(self, name, code):
        """The error of `code` next to the field `name`; None: none."""
        box = self.q(f'[data-error="{name}"]')
        control = self.q(f'input[name="{name}"]')
        if code is None:
            box.hidden = True
            box.textContent = ""
            control.removeAttribute("aria-invalid")
            return
        box.textContent = words.error_text(code, self.strings)
        box.hidden = False
        control.setAttribute("aria-invalid", "true")
        details = box.closest("details")
        if dom.found(details):
            details.open = True  # the set's number lives in the settings

    def draw_score(self, results):
        """`results`: right or wrong, per question answered."""
        right = sum(1 for r in results if r)
        text = words.score_text(right, len(results), SET_SIZE, self.strings)
        if len(results) == SET_SIZE:
            text = self.strings["practice"]["set_done"].format(right=right, total=SET_SIZE)
        score = self.q("[data-practice-score]")
        score.textContent = text
        score.setAttribute("data-practice-right", str(right))
        score.setAttribute("data-practice-answered", str(len(results)))

    def draw_progress(self, progress, problem):
        rows = words.progress_rows(progress, self.strings)
        for topic, (_label, text) in zip(words.TOPICS, rows):
            self.put(("topic", topic), f'[data-practice-topic="{topic}"]', text)
        note = self.strings["practice"]["storage"].get(problem, "") if problem else ""
        self.put("storage", "[data-practice-storage]", note)
        self.hide("storage", "[data-practice-storage]", not note)

    def list_items(self, selector, items):
        document = self.page.document
        children = []
        for parts in items:
            item = document.createElement("li")
            for index, text in enumerate(parts):
                span = document.createElement("span")
                span.className = "practice-cell-" + str(index)
                span.textContent = text
                item.appendChild(span)
            children.append(item)
        self.q(selector).replaceChildren(*children)

    def draw_result(self, current, parts, last):
        """The checked `parts` of `current` and the engine's answer explained; `last`: the
        set's last question."""
        strings = self.strings
        says = strings["practice"]
        right = all(p[3] for p in parts)
        result = self.q("[data-practice-result]")
        result.setAttribute("data-practice-verdict", "right" if right else "wrong")
        self.put("verdict", "[data-practice-verdict-text]", says["right"] if right else says["wrong"])
        self.list_items("[data-practice-parts]", [(words.part_text(p, current, strings),)
                                                  for p in parts])
        told = words.explain(current, strings)
        self.put("value", "[data-practice-value]", told["value"])
        self.list_items("[data-practice-yaku]", told["yaku"])
        self.list_items("[data-practice-dora-count]", told["dora"])
        self.hide("dora-list", "[data-practice-dora-count]", not told["dora"])
        for name in ("han", "limit"):
            self.put(name, f"[data-practice-{name}]", told[name])
            self.hide(name, f"[data-practice-{name}]", not told[name])
        self.list_items("[data-practice-fu]", told["fu"])
        self.hide("fu-box", "[data-practice-fu-box]", not told["fu"])
        self.put("payments", "[data-practice-payments]", told["payments"])
        self.put("sentence", "[data-practice-sentence]", told["sentence"])
        missed = words.missed_topics(parts)
        for topic in words.TOPICS:
            self.hide(("guide", topic), f'[data-practice-guide="{topic}"]', topic not in missed)
        self.put("next", "[data-practice-next]", says["new_set"] if last else says["next"])
        result.hidden = False

    def draw_settings(self, preset, mode, honba, seed):
        """The settings' summary line: what the set is played under, seen with the box closed."""
        strings = self.strings
        says = strings["practice"]["settings"]
        text = says["summary"].format(
            preset=strings["option"]["preset"][preset], mode=strings["practice"]["mode"][mode],
            honba=says["honba_on"] if honba else says["honba_off"], seed=seed)
        self.put("settings", "[data-practice-settings-hint]", text)
