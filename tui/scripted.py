"""Answering a game from the command line: --dice, --decide, --answers and --auto.

Every refusal names the option or file it came from; nothing is written
until every answer has been accepted.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any

import msgspec

from armistice.core import decode
from armistice.core.errors import IllegalAnswer, SaveError, ScenarioError
from armistice.core.game import NEXT, Game
from armistice.core.prompts import Answer, AnswerValue, Roll, Rolls, Via
from armistice.core.savefile import FORMAT as SAVE_FORMAT
from armistice.core.scenario import convert
from armistice.tui.prompting import parse_decision

if TYPE_CHECKING:
    from armistice.host.base import Host


def pairs(values: Sequence[str], option: str) -> dict[str, str]:
    """``KEY=VALUE`` texts as a mapping; raises IllegalAnswer for a malformed or repeated key."""
    return decode.words(values, option)


def dice(text: str) -> deque[int]:
    """Die results from ``3,5,1`` (ASCII digits); raises IllegalAnswer for anything else."""
    return deque(decode.integers(text, "--dice"))


def answer_file(path: str, game: Game | None = None) -> tuple[deque[Answer | AnswerValue], str]:
    """Answers from a save file, or a JSON list of answers (``{"key", "value"}``) or bare
    values, and the field that holds them (``answers`` in a save, none in a list).

    Raises SaveError naming the file and the entry for a file that cannot be read or
    decoded (limits of :mod:`armistice.core.decode` included) or an entry of the wrong
    shape, and, when ``game`` is given, for a save made on another setup than the one the
    game starts from (:func:`same_setup`)."""
    raw = decode.json(decode.read(path, SaveError), path, SaveError)
    field = ""
    if isinstance(raw, dict) and raw.get("format") == SAVE_FORMAT:
        if game is not None:
            same_setup(game, path, raw.get("scenario"))
        raw, field = raw.get("answers"), "answers"
    if not isinstance(raw, list):
        raise SaveError(path, field, "expected a save file or a JSON list of answers")
    items: deque[Answer | AnswerValue] = deque()
    for i, item in enumerate(raw):
        if isinstance(item, dict):
            try:
                items.append(convert(item, Answer, path))
            except ScenarioError as error:
                place = f"{field}[{i}].{error.field}".rstrip(".")
                raise SaveError(path, place, error.reason) from None
        elif isinstance(item, int | str) and not isinstance(item, bool):
            items.append(item)
        else:
            raise SaveError(
                path, f"{field}[{i}]", 'an answer is a value or a {"key", "value"} object'
            )
    return items, field


WORDS_ONLY = ("title", "description")
"""Fields of a setup that change only how it reads, never how it plays."""


def same_setup(game: Game, path: str, saved: object) -> None:
    """Refuse the answers of save ``path`` for ``game`` when the setup the save holds
    (``saved``: its ``scenario``) is not the one ``game`` starts from, naming the first
    field that differs (its title and description aside): its answers would replay a
    different game. Raises SaveError."""
    origin = game.origin
    name = getattr(origin, "name", "") or "the scenario"
    try:
        then = msgspec.to_builtins(convert(saved, type(origin), path))
    except ScenarioError as error:
        raise SaveError(
            path, f"scenario.{error.field}".rstrip("."), f"not a setup of {name}: {error.reason}"
        ) from None
    now = msgspec.to_builtins(origin)
    for words in WORDS_ONLY:
        then.pop(words, None)
        now.pop(words, None)
    fields = list(_differences(then, now))
    if fields:
        more = f" and {len(fields) - 3} more" if len(fields) > 3 else ""
        listed = ", ".join(fields[:3]) + more
        raise SaveError(
            path,
            f"scenario.{fields[0]}".rstrip("."),
            f"this save was made with a different version of setup {name}: {listed} "
            f"{'differs' if len(fields) == 1 else 'differ'} (resolve the save itself to replay "
            "its game)",
        )


def _differences(a: Any, b: Any, at: str = "") -> Iterator[str]:
    """The dotted path of each place ``a`` and ``b`` (decoded JSON) differ, in key order."""
    if isinstance(a, dict) and isinstance(b, dict):
        for key in sorted(a.keys() | b.keys(), key=str):
            where = f"{at}.{key}" if at else str(key)
            if key not in a or key not in b:
                yield where
            else:
                yield from _differences(a[key], b[key], where)
    elif isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            yield from _differences(x, y, f"{at}[{i}]")
    elif a != b:
        yield at


def facts_file(path: str) -> tuple[dict[str, str], dict[str, Any]]:
    """A facts file (TOML, or JSON if it starts with ``{``): answers by prompt key, as
    ``--decide`` gives them, and in its ``next`` table the facts for the procedure
    ``--next`` starts. Raises ScenarioError naming the file and the entry."""
    raw = decode.table(decode.read(path), path)
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


def answer_members(
    game: Game | Host, prompt: Rolls, decide: Mapping[str, str], rolls: deque[int], origin: Any
) -> list[str]:
    """Answer the pending batch die by die: each member named in ``decide`` by its own key
    takes that value, every other member the next value of ``rolls`` in member order.
    Returns the member keys ``decide`` answered. ``game`` is a game or a shared game's host
    (answering for its side). Raises IllegalAnswer naming the
    ``--decide`` entry (``origin`` of its key) for a value that cannot be read or that the
    die cannot show, and naming the batch when a member is given by neither."""
    value: dict[str, int] = {}
    named: list[str] = []
    for member in prompt.members:
        if member.key in decide:
            where = origin(member.key)
            number = decode.integer(decide[member.key], where)
            try:
                value[member.key] = member.check(number)
            except IllegalAnswer as error:
                raise IllegalAnswer(where, error.reason) from None
            named.append(member.key)
        elif rolls:
            value[member.key] = rolls.popleft()
        else:
            raise IllegalAnswer(
                origin(named[0] if named else member.key),
                f"{prompt.key} rolls {len(prompt.members)} dice at once: give {member.key} "
                "too (--decide KEY=VALUE or --dice)",
            )
    try:
        game.answer(value, Via.TYPED)
    except IllegalAnswer as error:
        raise IllegalAnswer(origin(named[0]), f"{error.where}: {error.reason}") from None
    return named


def play_out(
    game: Game,
    rolls: deque[int],
    decide: dict[str, str],
    answers: deque[Answer | AnswerValue],
    auto: bool,
    answers_source: str = "--answers",
    answers_field: str = "",
    follow: tuple[str, dict[str, Any], str] | None = None,
    told: Mapping[str, str] | None = None,
) -> list[str]:
    """Answer prompts from ``answers`` in order, then from ``decide`` and ``rolls`` (the seed
    rolls the rest), then with defaults if ``auto``; stop at the first prompt nothing answers.
    A batch of rolls takes its ``decide`` entry (``key:total,...``) if there is one, else
    its members' own ``decide`` entries (``member=total``, any member left out taking the
    next value of ``rolls``), else one value from ``rolls`` per member in order, else the
    seed rolls every member.
    Each ``decide`` entry answers its prompt once (an action asked again waits for the next
    run). ``follow`` is a linked procedure to start once the running one is done, with its facts
    and the file they come from. ``answers_source`` names the file of ``answers`` and
    ``answers_field`` the field that holds them (``answers`` in a save). ``told`` names the file each ``decide`` key came from when
    not ``--decide`` (a facts file), and a refusal names that file.

    Raises IllegalAnswer or SaveError naming the option or file entry that was refused, a
    ``--decide`` for a prompt answered otherwise, one never asked by a finished game,
    ``--dice`` that run out within a batch, or a ``--next`` the game cannot take; and,
    naming the first of them, ``answers`` or ``rolls`` left unused or a ``decide`` the run
    does not reach (it could not be kept). Returns warnings (none today).
    """
    used: set[str] = set()
    keys = [a.key for a in game.answers]
    reached = set(keys[len(keys) - keys[::-1].index(NEXT) :] if NEXT in keys else keys)
    files = told or {}

    def origin(key: str) -> str:
        return f"{files[key]}: {key}" if key in files else f"--decide {key}"

    index, given = 0, len(rolls)
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
            follow, reached = None, set()
            continue
        if prompt is None:
            break
        reached.add(prompt.key)
        members = [m.key for m in prompt.members] if isinstance(prompt, Rolls) else []
        reached.update(members)
        if answers:
            item, index = answers.popleft(), index + 1
            try:
                if isinstance(item, Answer) and item.key == NEXT:
                    raise IllegalAnswer(item.key, "a link is taken with --next, not --answers")
                if isinstance(item, Answer):
                    if item.key != prompt.key:
                        raise IllegalAnswer(item.key, f"the game asks {prompt.key!r} here")
                    # a die taken from a file is read off it, whatever seed first rolled it
                    via = Via.TYPED if item.via is Via.ROLLED else item.via
                    game.answer(item.value, via)
                else:
                    rolled = isinstance(prompt, Roll | Rolls)
                    game.answer(item, Via.TYPED if rolled else Via.DECIDED)
            except IllegalAnswer as error:
                about = f" ({error.where})" if error.where else ""
                raise SaveError(
                    answers_source, f"{answers_field}[{index - 1}]{about}", error.reason
                ) from None
        elif isinstance(prompt, Roll) and (prompt.key not in decide or prompt.key in used):
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
        elif (
            isinstance(prompt, Rolls)
            and prompt.key not in decide
            and any(k in decide and k not in used for k in members)
        ):
            used.update(answer_members(game, prompt, decide, rolls, origin))
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
                raise IllegalAnswer(origin(prompt.key), where + error.reason) from None
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
    stop = f"asks {game.prompt.key} first" if game.prompt is not None else "is complete"
    if answers:
        raise SaveError(answers_source, f"{answers_field}[{index}]", f"not used: the game {stop}")
    if rolls:
        first = given - len(rolls) + 1
        raise IllegalAnswer(
            "--dice", f"{rolls[0]} (value {first} of {given}) is not used: the game {stop}"
        )
    for key in sorted(decide.keys() - used):
        if key in reached:
            raise IllegalAnswer(origin(key), "already answered by the save or --answers")
        if game.complete:
            asked = ", ".join(sorted(reached)) or "nothing"
            raise IllegalAnswer(origin(key), f"never asked; this game asked: {asked}")
        raise IllegalAnswer(
            origin(key),
            f"not reached: the game {stop} (answer that in this run too, or give this one "
            "in a later run)",
        )
    return []
