"""The ledger page's one state (issue 36): what is stored, what is on show, what is being entered,
and the game as replayed, computed once per record. Every handler changes this model and then
draws; the board, the history, the table view, its sheet, the chart and the conditions panel
read from it. Nothing here touches the page.

>>> model = Model()
>>> model.record = {"rules": {"players": 4}, "hands": []}
>>> model.played() is model.played(), model.played()["next"]["round"]
(True, 'E1')
>>> ron = {"result": "ron", "from": 2, "winners": [{"seat": 1, "han": 3, "fu": 30}]}
>>> model.preview(ron) is model.preview(dict(ron)), model.preview(ron)["moved"]
(True, [0, 3900, -3900, 0])
>>> model.following = {"rules": {"players": 3}, "hands": [], "ended": True}
>>> model.shown() is model.following, model.played()["over"], model.played(model.record)["over"]
(True, True, False)
"""
from engine import ledger
from engine.ledger.preview import preview


class Model:
    """``record``: this phone's game as stored; ``following``: a game opened from a link, on show
    read-only until kept; ``game_id``: the kept game ``record`` is (None before it is kept);
    ``draft``: the next hand (or the hand being corrected) as the form and the table view state
    it, in the record's own keys (values as the controls hold them); ``editing``: the index of
    the hand the form is correcting (SPEC §10.3); ``before_change``:
    the record before the last correction or deletion (the one-tap undo); ``deleted``: what undoes
    each game deleted while the page is open; ``blocked``: a storage that refused version 1's game
    (nothing is saved); ``ref``: the board's reference seat.

    The table view: ``entry`` (the ending being tapped in, table.entry's shape, or None),
    ``lent`` (the seat whose tile box the sheet holds), ``undo_armed``/``arming`` (a hand taken
    back asks for a second tap), ``pops`` (history steps the view took back itself), ``lock``
    (the screen's wake lock), ``told`` (no wake lock was said once). The conditions panel:
    ``asked`` (what its links carry), ``opened_at`` (the hand it was opened for). ``paused``: the
    hand in progress is not kept while the page puts the kept one back. ``downloads``: the
    object URLs of the export links; ``qr_pending``: a link whose QR code waits for its library.
    """

    def __init__(self):
        self.record = None
        self.draft = {"result": "ron", "riichi": [], "winners": []}
        self.following = None
        self.game_id = None
        self.editing = None
        self.before_change = None
        self.deleted = []
        self.blocked = False
        self.ref = 0
        self.entry = None
        self.lent = None
        self.undo_armed = False
        self.arming = False
        self.pops = 0
        self.lock = None
        self.told = False
        self.asked = None
        self.opened_at = None
        self.paused = True
        self.downloads = {}
        self.qr_pending = None
        self._played = []  # (record, its replay): the last two records replayed
        self._notes = (None, None)
        self._preview = (None, None, None)

    def shown(self):
        """The game on the page: a followed one while there is one, else this phone's."""
        return self.following or self.record

    def played(self, record=None):
        """`record` (the game on show by default) replayed as its page shows it
        (engine.ledger.played): once per record object, however often it is drawn."""
        record = self.shown() if record is None else record
        for kept, game in self._played:
            if kept is record:
                return game
        game = ledger.played(record)
        self.remember(record, game)
        return game

    def remember(self, record, game):
        """`game` is `record` replayed (a preview replayed it already): kept for played()."""
        self._played = [(record, game)] + [pair for pair in self._played if pair[0] is not record][:1]

    def preview(self, hand, editing=None, shown=False):
        """engine.ledger.preview of `hand` against this phone's record (added, or in place of hand
        `editing`), once per record and hand: the form's preview, the sheet's and the hand added
        read the same one. Raises ledger.RecordError."""
        key = (repr(hand), editing, shown)
        if self._preview[0] is not self.record or self._preview[1] != key:
            seen = preview(self.record, hand, editing, self.played(self.record), shown)
            self._preview = (self.record, key, seen)
        return self._preview[2]

    def notes(self, record, make):
        """The table view's seat notes for `record`, made once per record (`make()`)."""
        if self._notes[0] is not record:
            self._notes = (record, make())
        return self._notes[1]


model = Model()
