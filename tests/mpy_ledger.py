"""Calls of the ledger's storage that take more than one function call, for tests/test_micropython.py:
written in the Python both interpreters run, and run there under CPython and under MicroPython
(copied beside the engine as ``engine/_mpy_ledger.py``), so both give their answers as JSON.
"""
from engine.ledger import games
from engine.ledger.envelope import ShelfError
from engine.ledger.storage import MemoryStorage, unreadable_keys


def shelf(items, operations, limit=None):
    """A MemoryStorage holding `items` ([key, text] pairs, in order) and `limit`, the Shelf
    operations done on it in turn, each answered: ``["open", now]`` (open_shelf), ``["limit",
    N]`` (the storage's limit from now on), ``["delete", id]`` and ``["restore"]`` (of the last
    deleted game), or any Shelf method by name with its arguments. Returns every answer
    ({"value"} or {"error": ShelfError's code}) and the storage's items at the end, in order."""
    storage = MemoryStorage(items, limit)
    kept = games.Shelf(storage)
    deleted = None
    answers = []
    for operation in operations:
        name, args = operation[0], operation[1:]
        try:
            if name == "open":
                kept = games.open_shelf(storage, *args)
                value = None
            elif name == "limit":
                storage.limit = args[0]
                value = None
            elif name == "delete":
                deleted = kept.delete(*args)
                value = list(deleted)
            elif name == "restore":
                value = kept.restore(deleted)
            else:
                value = getattr(kept, name)(*args)
            answers.append({"value": value})
        except ShelfError as error:
            answers.append({"error": error.code})
    return {"answers": answers, "items": [[key, storage.items[key]] for key in storage.items],
            "unreadable": unreadable_keys(storage)}
