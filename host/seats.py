# TEMPORARY stand-in until the keys file module lands
from __future__ import annotations
import msgspec
from pathlib import Path
class Seat(msgspec.Struct, frozen=True, order=True):
    game: str
    side: str
class Entry(msgspec.Struct, frozen=True):
    seat: Seat
    key: str
    comment: str
    line: int
def read(path):
    out = []
    for n, line in enumerate(Path(path).read_text().splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        opt, rest = line.split(" ", 1)
        game, _, side = opt.split("=", 1)[1].strip('"').rpartition(":")
        parts = rest.split()
        out.append(Entry(Seat(game, side), " ".join(parts[:2]), " ".join(parts[2:]), n))
    return out
def seats_of(entries, key):
    return [e.seat for e in entries if e.key == key]
