"""Answering a game from the command line: --dice, --decide, --answers and --auto.

Every refusal names the option or file it came from; nothing is written
until every answer has been accepted.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from pathlib import Path

import msgspec

from armistice.core.errors import IllegalAnswer, SaveError
from armistice.core.game import Game
from armistice.core.prompts import Answer, AnswerValue, Roll, Rolls, Via
from armistice.core.savefile import FORMAT as SAVE_FORMAT
from armistice.tui.prompting import parse_decision


def pairs(values: Sequence[str], option: str) -> dict[str, str]:
    """``KEY=VALUE`` texts as a mapping; raises IllegalAnswer for a malformed or repeated key."""
    found: dict[str, str] = {}
    for text in values:
        key, sep, value = text.partition("=")
        key = key.strip()
        if not sep or not key:
            raise IllegalAnswer(option, f"{text!r} is not KEY=VALUE")
        if key in found:
            raise IllegalAnswer(f"{option} {key}", "given twice; keep one")
        found[key] = value.strip()
    return found


def dice(text: str) -> deque[int]:
    """Die results from ``3,5,1``; raises IllegalAnswer for anything else."""
    if not text.strip():
        return deque()
    parts = [x.strip() for x in text.split(",")]
    if not all(p.lstrip("-").isdigit() for p in parts):
        raise IllegalAnswer("--dice", f"{text!r} is not a comma-separated list of whole numbers")
    return deque(int(p) for p in parts)


def answer_file(path: str) -> deque[Answer | AnswerValue]:
    """Answers from a save file, or a JSON list of answers (``{"key", "value"}``) or bare values."""
    try:
        raw = msgspec.json.decode(Path(path).read_bytes())
    except OSError as error:
        raise SaveError(path, "", f"cannot be read: {error.strerror}") from None
    except msgspec.DecodeError:
        raise SaveError(path, "", "not a JSON document") from None
    if isinstance(raw, dict) and raw.get("format") == SAVE_FORMAT:
        raw = raw.get("answers")
    if not isinstance(raw, list):
        raise SaveError(path, "", "expected a save file or a JSON list of answers")
    items: deque[Answer | AnswerValue] = deque()
    for i, item in enumerate(raw):
        if isinstance(item, dict):
            try:
                items.append(msgspec.convert(item, Answer))
            except msgspec.ValidationError as error:
                raise SaveError(path, f"[{i}]", str(error).split(" - at ")[0]) from None
        elif isinstance(item, int | str) and not isinstance(item, bool):
            items.append(item)
        else:
            raise SaveError(path, f"[{i}]", 'an answer is a value or a {"key", "value"} object')
    return items


def answer_batch(game: Game, prompt: Rolls, rolls: deque[int]) -> None:
    """Answer the pending batch with the next value of ``rolls`` for each member, in order.

    Raises IllegalAnswer naming ``--dice`` if too few values are left or one is refused.
    """
    if len(rolls) < len(prompt.members):
        raise IllegalAnswer(
            "--dice",
            f"{prompt.key} rolls {len(prompt.members)} at once; only {len(rolls)} value(s) left",
        )
    value = {m.key: rolls.popleft() for m in prompt.members}
    try:
        game.answer(value, Via.TYPED)
    except IllegalAnswer as error:
        raise IllegalAnswer("--dice", f"{error.where}: {error.reason}") from None


def play_out(
    game: Game,
    rolls: deque[int],
    decide: dict[str, str],
    answers: deque[Answer | AnswerValue],
    auto: bool,
    answers_source: str = "--answers",
) -> list[str]:
    """Answer prompts from ``answers`` in order, then from ``decide`` and ``rolls`` (the seed
    rolls the rest), then with defaults if ``auto``; stop at the first prompt nothing answers.
    A batch of rolls takes its ``decide`` entry (``key:total,...``) if there is one, else one
    value from ``rolls`` per member in order, else the seed rolls every member.

    Raises IllegalAnswer or SaveError naming the option or file entry that was refused, a
    ``--decide`` for a prompt answered otherwise, one never asked by a finished game, or
    ``--dice`` that run out within a batch. Returns warnings: decisions not reached yet,
    dice left over.
    """
    used: set[str] = set()
    reached = {a.key for a in game.answers}
    index = 0
    while (prompt := game.prompt) is not None:
        reached.add(prompt.key)
        if answers:
            item, index = answers.popleft(), index + 1
            try:
                if isinstance(item, Answer):
                    if item.key != prompt.key:
                        raise IllegalAnswer(item.key, f"the game asks {prompt.key!r} here")
                    game.answer(item.value, item.via)
                else:
                    rolled = isinstance(prompt, Roll | Rolls)
                    game.answer(item, Via.TYPED if rolled else Via.DECIDED)
            except IllegalAnswer as error:
                raise SaveError(answers_source, f"[{index - 1}]", str(error)) from None
        elif isinstance(prompt, Roll):
            if rolls:
                value = rolls.popleft()
                try:
                    game.answer(value, Via.TYPED)
                except IllegalAnswer as error:
                    raise IllegalAnswer(
                        "--dice", f"{value} for {prompt.key}: {error.reason}"
                    ) from None
            else:
                game.roll()
        elif isinstance(prompt, Rolls) and prompt.key not in decide:
            if rolls:
                answer_batch(game, prompt, rolls)
            else:
                game.roll()
        elif prompt.key in decide:
            try:
                game.answer(parse_decision(prompt, decide[prompt.key]))
            except IllegalAnswer as error:
                where = "" if error.where == prompt.key else f"{error.where}: "
                raise IllegalAnswer(f"--decide {prompt.key}", where + error.reason) from None
            used.add(prompt.key)
        elif auto:
            game.answer(prompt.default_answer(), Via.DEFAULT)
        else:
            break
    warnings = []
    for key in decide.keys() - used:
        if key in reached:
            raise IllegalAnswer(f"--decide {key}", "already answered by the save or --answers")
        if game.complete:
            asked = ", ".join(sorted(reached)) or "nothing"
            raise IllegalAnswer(f"--decide {key}", f"never asked; this game asked: {asked}")
        warnings.append(f"--decide {key} is not asked yet; it waits for a later run")
    if rolls:
        warnings.append(f"{len(rolls)} die result(s) from --dice were not needed")
    return warnings
