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
