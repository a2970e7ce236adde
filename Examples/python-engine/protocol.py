"""What every part of the engine shares: numbers as the protocol writes them, and --wrong."""
import math
import sys

WRONG = "--wrong" in sys.argv[1:]


def number(x):
    """Non-finite numbers travel as strings (docs/protocol.md §2)."""
    if math.isnan(x):
        return "nan"
    if math.isinf(x):
        return "inf" if x > 0 else "-inf"
    return x


def div(a, b):
    """a / b as IEEE 754 doubles divide (docs/semantics.md: x/0 is ±inf, 0/0 is nan), where
    Python would raise."""
    if b != 0:
        return a / b
    if a == 0 or math.isnan(a):
        return math.nan
    return math.copysign(math.inf, a) * math.copysign(1.0, b)


def sqrt(x):
    """The square root, nan below 0 (IEEE 754) where math.sqrt raises."""
    return math.sqrt(x) if x >= 0 else math.nan


def rounded(x):
    """To the nearest whole number, ties away from zero (Swift's rounded()); Python's round()
    rounds ties to even."""
    if not math.isfinite(x):
        return x
    r = math.floor(abs(x) + 0.5)
    return math.copysign(r, x)
