"""A small random number generator of our own, the same under CPython and MicroPython (SPEC §12:
the same seed gives the same questions on every interpreter; the two ``random`` modules do not).

xorshift32 (Marsaglia 2003) on integers kept to 32 bits, seeded by a few rounds of a
multiply-xorshift mix of the seed and the question's number, so question 3 of a set does not
depend on questions 0–2.

>>> a, b = Rng(1, 2), Rng(1, 2)
>>> [a.next() for _ in range(3)] == [b.next() for _ in range(3)]
True
>>> Rng(1, 2).next() != Rng(1, 3).next()
True
"""
MASK = 0xFFFFFFFF


def _mix(x):
    """A 32-bit integer hash (the finaliser of MurmurHash3)."""
    x &= MASK
    x ^= x >> 16
    x = (x * 0x85EBCA6B) & MASK
    x ^= x >> 13
    x = (x * 0xC2B2AE35) & MASK
    x ^= x >> 16
    return x


class Rng:
    """Question `index` of the set `seed`'s own stream of numbers."""

    def __init__(self, seed, index=0):
        state = _mix(_mix(seed & MASK) ^ _mix((seed >> 32) + 0x9E3779B9) ^ (index * 0x27D4EB2F))
        state = _mix(state + index + 1)
        self.state = state or 0x6D2B79F5  # xorshift never leaves 0

    def next(self):
        """The next 32-bit number."""
        x = self.state
        x ^= (x << 13) & MASK
        x ^= x >> 17
        x ^= (x << 5) & MASK
        self.state = x
        return x

    def below(self, n):
        """A whole number in 0 … n-1 (n at most 2**16: the bias is then below one in 65,536)."""
        return (self.next() >> 8) % n

    def chance(self, per_mille):
        """True `per_mille` times in a thousand."""
        return self.below(1000) < per_mille

    def pick(self, items):
        return items[self.below(len(items))]

    def weighted(self, pairs):
        """One item of `pairs` ((item, weight), ...), by weight (whole numbers)."""
        total = sum(weight for _item, weight in pairs)
        at = self.below(total)
        for item, weight in pairs:
            if at < weight:
                return item
            at -= weight
        return pairs[-1][0]

    def shuffled(self, items):
        """A copy of `items` in a random order (Fisher–Yates)."""
        out = list(items)
        for i in range(len(out) - 1, 0, -1):
            j = self.below(i + 1)
            out[i], out[j] = out[j], out[i]
        return out
