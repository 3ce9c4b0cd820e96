"""``python -m engine KEY=VALUE ...``: print the result as JSON; bad input exits with status 2."""
import json
import sys
from . import InputError, calculate


def _number(value):
    raise TypeError(f"not JSON serialisable: {value!r}")


def main(argv):
    pretty = "--pretty" in argv
    mapping = {}
    for arg in argv:
        if arg == "--pretty":
            continue
        key, sep, value = arg.partition("=")
        if not sep:
            print(json.dumps({"error": {"field": arg, "code": "not_key_value",
                                        "message": f"expected KEY=VALUE, got {arg!r}"}}))
            return 2
        mapping.setdefault(key, value)  # a repeated key: the first counts, as on the pages
    try:
        result = calculate(mapping)
    except InputError as error:
        print(json.dumps({"error": error.as_dict()}, ensure_ascii=False))
        return 2
    print(json.dumps(result, default=_number, ensure_ascii=False, indent=2 if pretty else None))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
