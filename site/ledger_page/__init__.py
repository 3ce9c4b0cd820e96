"""The ledger page's browser side, by concern; `ledger_glue.py` wires them to the page.

- `dom`: the page's elements, the shared state and the small DOM helpers
- `game`: the page's game (record + names + ended) and what the engine makes of it
- `store`: localStorage, the versioned envelope, damaged values kept aside
- `setup`: the rules form that starts a game
- `hand`: the next-hand form, its preview, a hand carried over from the calculator
- `board`: the scores, the round and the history of hands
- `final`: the final results and the export box
- `conditions`: what each seat needs before the next hand (SPEC §7)

Shipped as app/ledger_page.zip beside app.zip (build.py), for the ledger page only: these modules
touch the page when imported, so they stay out of app.zip and out of the engine's memory image.
"""
