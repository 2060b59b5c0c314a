"""Answering a game from the command line: --dice, --decide, --answers and --auto.

Every refusal names the option or file it came from; nothing is written
until every answer has been accepted.
"""

from __future__ import annotations

import tomllib
from collections import deque
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import msgspec

from armistice.core.errors import IllegalAnswer, SaveError, ScenarioError
from armistice.core.game import NEXT, Game
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


def facts_file(path: str) -> tuple[dict[str, str], dict[str, Any]]:
    """A facts file (TOML, or JSON if it starts with ``{``): answers by prompt key, as
    ``--decide`` gives them, and in its ``next`` table the facts for the procedure
    ``--next`` starts. Raises ScenarioError naming the file and the entry."""
    try:
        data = Path(path).read_bytes()
    except OSError as error:
        raise ScenarioError(path, "", f"cannot be read: {error.strerror}") from None
    try:
        if data.lstrip().startswith(b"{"):
            raw = msgspec.json.decode(data)
        else:
            raw = tomllib.loads(data.decode("utf-8"))
    except (msgspec.DecodeError, UnicodeDecodeError, tomllib.TOMLDecodeError) as error:
        raise ScenarioError(path, "", f"not a TOML or JSON table: {error}") from None
    if not isinstance(raw, dict):
        raise ScenarioError(path, "", "expected a table of KEY = VALUE")
    link = raw.pop("next", {})
    if not isinstance(link, dict):
        raise ScenarioError(path, "next", "expected a table of the facts the next procedure needs")
    answers = {}
    for key, value in raw.items():
        if isinstance(value, bool) or not isinstance(value, int | str):
            raise ScenarioError(path, key, "an answer is a whole number or a text")
        answers[key] = str(value)
    return answers, link


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
    follow: tuple[str, dict[str, Any], str] | None = None,
) -> list[str]:
    """Answer prompts from ``answers`` in order, then from ``decide`` and ``rolls`` (the seed
    rolls the rest), then with defaults if ``auto``; stop at the first prompt nothing answers.
    A batch of rolls takes its ``decide`` entry (``key:total,...``) if there is one, else one
    value from ``rolls`` per member in order, else the seed rolls every member.
    Each ``decide`` entry answers its prompt once (an action asked again waits for the next
    run). ``follow`` is a linked procedure to start once the running one is done, with its facts
    and the file they come from.

    Raises IllegalAnswer or SaveError naming the option or file entry that was refused, a
    ``--decide`` for a prompt answered otherwise, one never asked by a finished game,
    ``--dice`` that run out within a batch, or a ``--next`` the game cannot take. Returns warnings: decisions not reached yet, dice
    left over.
    """
    used: set[str] = set()
    reached = {a.key for a in game.answers}
    index = 0
    while True:
        prompt = game.prompt
        if prompt is None and follow is not None and not answers:
            key, facts, source = follow
            try:
                game.next(key, facts)
            except IllegalAnswer as error:
                raise IllegalAnswer(f"--next {key}", error.reason) from None
            except ScenarioError as error:
                raise ScenarioError(source, f"next.{error.field}", error.reason) from None
            follow = None
            continue
        if prompt is None:
            break
        reached.add(prompt.key)
        if answers:
            item, index = answers.popleft(), index + 1
            try:
                if isinstance(item, Answer) and item.key == NEXT:
                    raise IllegalAnswer(item.key, "a link is taken with --next, not --answers")
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
        elif isinstance(prompt, Rolls) and (prompt.key not in decide or prompt.key in used):
            if rolls:
                answer_batch(game, prompt, rolls)
            else:
                game.roll()
        elif prompt.key in decide and prompt.key not in used:
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
    if follow is not None:
        asked = game.prompt.key if game.prompt is not None else "nothing"
        raise IllegalAnswer(
            f"--next {follow[0]}", f"the running procedure is not finished; it asks {asked}"
        )
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
