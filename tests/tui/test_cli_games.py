"""The command line of shared games: a live game played by two sides on one store, a game
by mail played to its end between two stores with move files, keys made and checked, undo
asked and settled, and every refusal one line that names the file, the game and the record,
with nothing written."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from armistice.host.openssh import asyncssh
from armistice.host.records import Kind
from armistice.host.store import Store
from armistice.tui.cli import run
from armistice.tui.games import attach

EXAMPLE = "rulebook-example-fall-1940"


def cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = run(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def refused(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    """The one-line error of a refused command (exit status 2)."""
    code, out, err = cli(capsys, *argv)
    assert code == 2, (out, err)
    assert err.startswith("armistice: error: ") and err.count("\n") == 1, err
    return err.removeprefix("armistice: error: ").rstrip("\n")


def records(path: Path, name: str = "fall") -> list[tuple[Kind, str]]:
    with Store(path) as store:
        return [(r.kind, r.side) for r in store.records(name)]


def vias(path: Path, name: str = "fall") -> list[str]:
    """How each answer of the game was given, in order."""
    with Store(path) as store:
        return [r.body["via"] for r in store.records(name) if r.kind is Kind.ANSWER]


def test_keygen_writes_a_key_pair_and_never_overwrites(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    key = tmp_path / "axis.key"
    code, out, _ = cli(capsys, "keygen", str(key), "--comment", "axis@home")
    assert code == 0
    assert out.startswith("ssh-ed25519 ") and out.rstrip().endswith(" axis@home")
    assert (tmp_path / "axis.key.pub").read_text() == out
    assert oct(key.stat().st_mode & 0o777) == "0o600"
    before = key.read_bytes()
    assert refused(capsys, "keygen", str(key)) == (
        f"{key}: already exists; armistice never overwrites a key"
    )
    assert key.read_bytes() == before


def test_a_live_game_is_played_by_each_side_on_one_store(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db = tmp_path / "games.db"
    at = f"{db}:fall"
    code, out, _ = cli(
        capsys,
        "resolve",
        "--game",
        at,
        "--side",
        "axis",
        "--new",
        EXAMPLE,
        "--decide",
        "establish_vichy=yes",
    )
    assert code == 3
    assert "Dice          drawn at random" in out
    assert out.rstrip().endswith("Waiting for the Allied player: Lebanon-Syria colonial die")
    code, out, _ = cli(capsys, "games", str(db))
    assert code == 0
    assert out.splitlines()[1].split() == [
        "fall",
        "awaw.58",
        "live",
        "the",
        "Allied",
        "player",
        "1",
    ]
    side, code, turns = "allies", 3, 0
    while code == 3:
        turns += 1
        assert turns < 12
        code, out, err = cli(capsys, "resolve", "--game", at, "--side", side, "--auto", "--log")
        assert code in (0, 3), err
        side = "axis" if side == "allies" else "allies"
    assert out.rstrip().endswith("Complete.")
    dice = out.count("colonial die: ")
    assert dice >= 1 and len(re.findall(r"\(drawn\s+at\s+random\s+when\s+rolled\)", out)) == dice
    assert vias(db).count("drawn") == dice
    assert "rolled from seed" not in out
    made = records(db)
    assert made[0] == (Kind.ANSWER, "axis") and made[1] == (Kind.ANSWER, "allies")
    code, out, _ = cli(capsys, "games", str(db))
    assert out.splitlines()[1].split() == ["fall", "awaw.58", "live", "complete", str(len(made))]


def test_a_decision_for_another_sides_prompt_is_not_given(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    at = f"{tmp_path / 'games.db'}:fall"
    code, out, err = cli(
        capsys,
        "resolve",
        "--game",
        at,
        "--side",
        "allies",
        "--new",
        EXAMPLE,
        "--decide",
        "establish_vichy=yes",
    )
    assert code == 3 and records(tmp_path / "games.db") == []
    assert out.rstrip().endswith("Waiting for the Axis player: Establish Vichy France?")
    assert err == (
        "armistice: warning: --decide establish_vichy not used: Waiting for the Axis player: "
        "Establish Vichy France?\n"
    )


def test_undo_is_asked_by_one_side_and_accepted_by_the_other(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db = tmp_path / "games.db"
    at = f"{db}:fall"
    cli(
        capsys,
        "resolve",
        "--game",
        at,
        "--side",
        "axis",
        "--new",
        EXAMPLE,
        "--decide",
        "establish_vichy=yes",
    )
    code, out, _ = cli(capsys, "resolve", "--game", at, "--side", "axis", "--undo")
    assert code == 3
    assert out.rstrip().endswith(
        "Waiting for the Allied player to accept or refuse taking back establish_vichy = yes"
    )
    code, out, _ = cli(capsys, "resolve", "--game", at, "--side", "allies")
    assert out.rstrip().endswith(
        "The Axis player asks to take back establish_vichy = yes: answer with --accept-undo or "
        "--refuse-undo"
    )
    code, out, _ = cli(capsys, "resolve", "--game", at, "--side", "allies", "--accept-undo")
    assert code == 3
    assert out.rstrip().endswith("Waiting for the Axis player: Establish Vichy France?")
    assert [k for k, _ in records(db)] == [Kind.ANSWER, Kind.UNDO_ASK, Kind.UNDO_YES]


def keys_for(capsys: pytest.CaptureFixture[str], folder: Path) -> None:
    for side in ("axis", "allies"):
        assert cli(capsys, "keygen", str(folder / f"{side}.key"))[0] == 0


def test_a_game_by_mail_is_played_to_its_end_with_move_files(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    keys_for(capsys, tmp_path)
    stores = {side: tmp_path / f"{side}.db" for side in ("axis", "allies")}
    other = {"axis": "allies", "allies": "axis"}

    def turn(side: str, *extra: str) -> tuple[int, str]:
        code, out, err = cli(
            capsys,
            "resolve",
            "--game",
            f"{stores[side]}:fall",
            "--side",
            side,
            "--identity",
            str(tmp_path / f"{side}.key"),
            "--auto",
            *extra,
        )
        assert code in (0, 3), err
        return code, out

    def mail(side: str, leg: int) -> None:
        moves = tmp_path / f"moves{leg}.json"
        code, _, err = cli(capsys, "export", "--game", f"{stores[side]}:fall", "-o", str(moves))
        assert code == 0, err
        code, _, err = cli(
            capsys,
            "import",
            "--game",
            f"{stores[other[side]]}:fall",
            "--identity",
            str(tmp_path / f"{other[side]}.key"),
            str(moves),
        )
        assert code == 0, err

    code, _ = turn(
        "axis",
        "--new",
        EXAMPLE,
        "--mail",
        "--key",
        f"axis={tmp_path / 'axis.key.pub'}",
        "--key",
        f"allies={tmp_path / 'allies.key.pub'}",
    )
    assert code == 3
    side, leg = "axis", 0
    while code == 3:
        leg += 1
        assert leg < 12
        mail(side, leg)
        side = other[side]
        code, out = turn(side)
    mail(side, leg + 1)
    ends = {
        s: cli(capsys, "resolve", "--game", f"{stores[s]}:fall", "--side", "spectator", "--log")
        for s in stores
    }
    assert ends["axis"] == ends["allies"]
    code, out, _ = ends["axis"]
    assert code == 0 and out.rstrip().endswith("Complete.")
    dice = out.count("colonial die: ")
    assert (
        dice >= 1 and len(re.findall(r"\(agreed\s+from\s+both\s+players'\s+secrets\)", out)) == dice
    )
    assert vias(stores["allies"]).count("agreed") == dice
    assert "Dice          agreed from both players' secrets" in out
    assert records(stores["axis"]) == records(stores["allies"])
    code, out, _ = cli(
        capsys, "import", "--game", f"{stores['allies']}:fall", str(tmp_path / "moves1.json")
    )
    assert code == 0 and out.startswith(f"{tmp_path / 'moves1.json'}: already imported")


@pytest.fixture
def mailed(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> Path:
    """An Axis store by mail whose game holds the Axis decision and commitment, exported
    whole to moves.json."""
    keys_for(capsys, tmp_path)
    code, _, err = cli(
        capsys,
        "resolve",
        "--game",
        f"{tmp_path / 'axis.db'}:fall",
        "--side",
        "axis",
        "--new",
        EXAMPLE,
        "--mail",
        "--identity",
        str(tmp_path / "axis.key"),
        "--key",
        f"axis={tmp_path / 'axis.key.pub'}",
        "--key",
        f"allies={tmp_path / 'allies.key.pub'}",
        "--decide",
        "establish_vichy=yes",
    )
    assert code == 3, err
    code, _, err = cli(
        capsys,
        "export",
        "--game",
        f"{tmp_path / 'axis.db'}:fall",
        "-o",
        str(tmp_path / "moves.json"),
    )
    assert code == 0, err
    return tmp_path


def test_games_says_whose_secret_a_die_by_mail_waits_for(
    capsys: pytest.CaptureFixture[str], mailed: Path
) -> None:
    code, out, _ = cli(capsys, "games", str(mailed / "axis.db"))
    assert code == 0
    assert out.splitlines()[1].split() == [
        "fall",
        "awaw.58",
        "mail",
        "the",
        "Allied",
        "player's",
        "commitment",
        "2",
    ]


def allies_id(folder: Path) -> tuple[str, str]:
    """The Allied player's --identity option."""
    return "--identity", str(folder / "allies.key")


def test_a_tampered_move_file_is_refused_and_no_store_made(
    capsys: pytest.CaptureFixture[str], mailed: Path
) -> None:
    moves = mailed / "moves.json"
    moves.write_bytes(moves.read_bytes().replace(b'"value":"yes"', b'"value":"no"'))
    message = refused(
        capsys, "import", "--game", f"{mailed / 'allies.db'}:fall", *allies_id(mailed), str(moves)
    )
    assert message == (
        f"{moves}: game fall, record 1: an answer whose hash does not match: changed after "
        "it was made"
    )
    assert not (mailed / "allies.db").exists()


def test_a_move_file_for_another_game_or_a_later_point_is_refused(
    capsys: pytest.CaptureFixture[str], mailed: Path
) -> None:
    moves = str(mailed / "moves.json")
    assert refused(capsys, "import", "--game", f"{mailed / 'allies.db'}:spring", moves) == (
        f"{moves}: game fall: a move file for game fall, not spring"
    )
    later = str(mailed / "later.json")
    assert (
        cli(capsys, "export", "--game", f"{mailed / 'axis.db'}:fall", "--since", "1", "-o", later)[
            0
        ]
        == 0
    )
    assert refused(
        capsys, "import", "--game", f"{mailed / 'allies.db'}:fall", *allies_id(mailed), later
    ) == (
        f"{later}: game fall: {mailed / 'allies.db'} does not hold the game, and the file "
        "starts after record 1: import the first move file, made with --since 0"
    )
    assert not (mailed / "allies.db").exists()
    assert (
        cli(capsys, "import", "--game", f"{mailed / 'allies.db'}:fall", *allies_id(mailed), moves)[
            0
        ]
        == 0
    )
    before = records(mailed / "allies.db")
    beyond = refused(
        capsys, "export", "--game", f"{mailed / 'axis.db'}:fall", "--since", "9", "-o", later
    )
    assert beyond == f"{mailed / 'axis.db'}: game fall: --since 9: the game holds records 1 to 2"
    assert records(mailed / "allies.db") == before


def test_export_never_overwrites_a_file_that_is_not_a_move_file(
    capsys: pytest.CaptureFixture[str], mailed: Path
) -> None:
    notes = mailed / "notes.txt"
    notes.write_text("my notes")
    message = refused(capsys, "export", "--game", f"{mailed / 'axis.db'}:fall", "-o", str(notes))
    assert message == f"{notes}: exists and is not a move file; armistice leaves it be"
    assert notes.read_text() == "my notes"


def test_a_wrong_identity_or_side_creates_nothing(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    keys_for(capsys, tmp_path)
    db = tmp_path / "games.db"
    message = refused(
        capsys,
        "resolve",
        "--game",
        f"{db}:fall",
        "--side",
        "axis",
        "--new",
        EXAMPLE,
        "--key",
        f"axis={tmp_path / 'axis.key.pub'}",
        "--identity",
        str(tmp_path / "allies.key"),
    )
    assert message == "--identity: give the private key of the axis key --key records"
    message = refused(
        capsys, "resolve", "--game", f"{db}:fall", "--side", "germany", "--new", EXAMPLE
    )
    assert message == "--side: no side 'germany'; the scenario's players are axis, allies"
    message = refused(
        capsys,
        "resolve",
        "--game",
        f"{db}:fall",
        "--side",
        "axis",
        "--new",
        EXAMPLE,
        "--key",
        "axis=ssh-ed25519 AAAAbroken",
    )
    assert message.startswith("--key axis: not an OpenSSH public key line")
    assert not db.exists()


def test_attaching_without_the_recorded_key_is_refused(
    capsys: pytest.CaptureFixture[str], mailed: Path
) -> None:
    at = f"{mailed / 'axis.db'}:fall"
    before = records(mailed / "axis.db")
    assert refused(capsys, "resolve", "--game", at, "--side", "allies") == (
        f"{mailed / 'axis.db'}: game fall: the game records a key for allies: attach with its "
        "private key"
    )
    assert (
        refused(
            capsys,
            "resolve",
            "--game",
            at,
            "--side",
            "allies",
            "--identity",
            str(mailed / "axis.key"),
        )
        == f"{mailed / 'axis.db'}: game fall: that key is not the allies key the game records"
    )
    assert records(mailed / "axis.db") == before


def test_bad_stores_and_game_names_are_refused_in_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    notes = tmp_path / "notes.db"
    notes.write_text("not a database at all, just some words to fill a page " * 20)
    assert refused(capsys, "games", str(notes)).startswith(f"{notes}: corrupt or not an SQLite")
    assert refused(capsys, "games", str(tmp_path / "none.db")) == (
        f"{tmp_path / 'none.db'}: no such store file"
    )
    assert refused(capsys, "export", "--game", "games.db", "-o", "m.json") == (
        "--game: 'games.db': give FILE.db:NAME, the store and the game in it"
    )
    cli(
        capsys, "resolve", "--game", f"{tmp_path / 'g.db'}:fall", "--side", "axis", "--new", EXAMPLE
    )
    assert refused(
        capsys, "resolve", "--game", f"{tmp_path / 'g.db'}:spring", "--side", "axis"
    ) == (f"{tmp_path / 'g.db'}: game spring: no such game; the store holds: fall")


def test_shared_game_options_need_a_game(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = cli(capsys, "resolve", EXAMPLE, "--side", "axis")
    assert code == 2 and "--side needs --game FILE.db:NAME" in err
    code, _, err = cli(capsys, "resolve", EXAMPLE, "--game", "g.db:fall", "--side", "axis")
    assert code == 2 and "give a SCENARIO or --game, not both" in err
    code, _, err = cli(capsys, "play", "--game", "g.db:fall")
    assert code == 2 and "--game needs --side SIDE" in err


def test_play_hands_the_dashboard_a_host_of_the_side_on_the_store(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from armistice.host.shared import SharedHost
    from armistice.tui.app import ArmisticeApp

    opened: list[ArmisticeApp] = []
    monkeypatch.setattr(ArmisticeApp, "run", lambda self, **_: opened.append(self))
    db = tmp_path / "games.db"
    code, _, err = cli(capsys, "play", "--game", f"{db}:fall", "--side", "allies", "--new", EXAMPLE)
    assert code == 0, err
    code, _, err = cli(capsys, "play", "--game", f"{db}:fall", "--side", "spectator")
    assert code == 0, err
    hosts = [app.host for app in opened]
    assert all(isinstance(h, SharedHost) for h in hosts)
    assert [h.side for h in hosts] == ["allies", "spectator"]
    assert [h.store.path for h in hosts] == [str(db), str(db)]
    prompt = hosts[0].game.prompt
    assert prompt is not None and hosts[0].waiting_for(prompt) == "the Axis player"


async def test_the_dashboard_on_a_store_shows_the_other_sides_answer(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from armistice.host.shared import SharedHost
    from armistice.tui.app import ArmisticeApp
    from tests.tui.dashboard import dashboard, isolate, until

    isolate(monkeypatch, tmp_path)
    db = tmp_path / "games.db"
    axis = attach(f"{db}:fall", "axis", EXAMPLE, False, (), None, (), ())
    app = ArmisticeApp(host=SharedHost(Store(db), "fall", "allies"))
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await dashboard(pilot)
        assert screen.host.waiting_for(screen.game.prompt) == "the Axis player"
        axis.answer("yes")
        await until(pilot, lambda: len(screen.game.answers) == 1, "the Axis answer")
        assert screen.game.prompt is not None
        assert screen.game.prompt.key == "colony_roll.lebanon_syria"
        assert screen.host.may_answer(screen.game.prompt)


def test_export_to_standard_output_prints_the_move_file(
    capsys: pytest.CaptureFixture[str], mailed: Path
) -> None:
    code, out, _ = cli(
        capsys, "export", "--game", f"{mailed / 'axis.db'}:fall", "--since", "1", "-o", "-"
    )
    assert code == 0
    document = json.loads(out)
    assert document["format"] == "armistice-moves" and document["version"] == 1
    assert document["game"] == "fall" and document["since"] == 1 and document["header"] is None
    assert [r["index"] for r in document["records"]] == [2]
    assert document["records"][0]["kind"] == "commit" and document["records"][0]["sig"]


def answers(path: Path, name: str = "fall") -> list[tuple[str, str, object, str]]:
    """Each answer of the game: its side, prompt key, value and how it was given."""
    with Store(path) as store:
        return [
            (r.side, r.body["key"], r.body["value"], r.body["via"])
            for r in store.records(name)
            if r.kind is Kind.ANSWER
        ]


def test_a_die_given_by_its_key_is_typed_by_its_owner_alone(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db = tmp_path / "games.db"
    at = f"{db}:fall"
    axis = ("resolve", "--game", at, "--side", "axis")
    assert cli(capsys, *axis, "--new", EXAMPLE, "--decide", "establish_vichy=yes")[0] == 3
    before = records(db)
    assert refused(capsys, *axis, "--decide", "colony_roll.lebanon_syria=1") == (
        "--decide colony_roll.lebanon_syria: only the Allied player gives this die; it is not "
        "yours to type"
    )
    assert records(db) == before
    code, out, err = cli(
        capsys,
        "resolve",
        "--game",
        at,
        "--side",
        "allies",
        "--decide",
        "colony_roll.lebanon_syria=1",
    )
    assert code == 3 and err == ""
    assert answers(db)[1] == ("allies", "colony_roll.lebanon_syria", 1, "typed")
    # 58.531: a die of 1, -1 for the FSL, +3 where Vichy is established
    assert re.search(r"Lebanon-Syria\s+Free French\s+1\s+1 -1 FSL \+3 Vichy = 3", out), out


def test_the_first_move_file_needs_the_importers_key_recorded_for_a_side(
    capsys: pytest.CaptureFixture[str], mailed: Path
) -> None:
    moves = str(mailed / "moves.json")
    allies = f"{mailed / 'allies.db'}:fall"
    assert refused(capsys, "import", "--game", allies, moves) == (
        f"{moves}: game fall: the game records the players' keys: import it with --identity "
        "KEYFILE, your private key, to check that one of them is yours"
    )
    assert not (mailed / "allies.db").exists()
    code, out, _ = cli(capsys, "import", "--game", allies, *allies_id(mailed), moves)
    assert code == 0
    printed = asyncssh.read_public_key(mailed / "allies.key.pub").get_fingerprint()
    assert out.startswith(
        f"Imported records 1 to 2 into game fall; your key is recorded for allies ({printed})"
    )
    assert cli(capsys, "keygen", str(mailed / "stranger.key"))[0] == 0
    stranger = refused(
        capsys, "import", "--game", allies, "--identity", str(mailed / "stranger.key"), moves
    )
    assert stranger.startswith(f"{moves}: game fall: your key is recorded for no side")


def test_a_first_move_file_recording_the_senders_key_for_both_sides_is_refused(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    keys_for(capsys, tmp_path)
    axis_pub = str(tmp_path / "axis.key.pub")
    code, _, err = cli(
        capsys,
        "resolve",
        "--game",
        f"{tmp_path / 'axis.db'}:fall",
        "--side",
        "axis",
        "--new",
        EXAMPLE,
        "--mail",
        "--identity",
        str(tmp_path / "axis.key"),
        "--key",
        f"axis={axis_pub}",
        "--key",
        f"allies={axis_pub}",
        "--decide",
        "establish_vichy=yes",
    )
    assert code == 3, err
    moves = str(tmp_path / "moves.json")
    assert cli(capsys, "export", "--game", f"{tmp_path / 'axis.db'}:fall", "-o", moves)[0] == 0
    printed = asyncssh.read_public_key(axis_pub).get_fingerprint()
    message = refused(
        capsys, "import", "--game", f"{tmp_path / 'allies.db'}:fall", *allies_id(tmp_path), moves
    )
    assert message == (
        f"{moves}: game fall: your key is recorded for no side (the file records allies "
        f"{printed}, axis {printed}): refused, since whoever recorded the keys could sign for "
        "you; ask the sender for a file with your key"
    )
    assert not (tmp_path / "allies.db").exists()


def test_auto_never_answers_a_turns_menu_in_a_shared_game(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db = tmp_path / "games.db"
    axis = ("resolve", "--game", f"{db}:g", "--side", "axis")
    code, out, _ = cli(capsys, *axis, "--new", "france-neutral-1941", "--auto")
    assert code == 3
    assert records(db, "g") == []
    assert "Answer with --decide action.1=VALUE.\n" in out
    assert out.rstrip().endswith(
        "--auto stops at action.1: in a shared game a turn's menu is answered with "
        "--decide action.1=ACTION, never by its default"
    )
    code, out, _ = cli(capsys, *axis, "--auto", "--decide", "action.1=end_phase")
    assert answers(db, "g")[0] == ("axis", "action.1", "end_phase", "decided")
    assert [a[3] for a in answers(db, "g")].count("default") == 0


def test_unused_dice_in_a_shared_game_are_a_warning_after_the_answers_are_stored(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db = tmp_path / "games.db"
    code, _, err = cli(
        capsys,
        "resolve",
        "--game",
        f"{db}:fall",
        "--side",
        "axis",
        "--new",
        EXAMPLE,
        "--decide",
        "establish_vichy=yes",
        "--dice",
        "4",
    )
    assert code == 3
    assert err == (
        "armistice: warning: --dice 4 not used: Waiting for the Allied player: Lebanon-Syria "
        "colonial die\n"
    )
    assert answers(db) == [("axis", "establish_vichy", "yes", "decided")]
    code, out, _ = cli(capsys, "resolve", "--help")
    assert "each answer is stored as it is given" in " ".join(out.split())


def test_a_spectator_of_a_game_by_mail_sees_the_report_and_answers_nothing(
    capsys: pytest.CaptureFixture[str], mailed: Path
) -> None:
    at = f"{mailed / 'axis.db'}:fall"
    before = records(mailed / "axis.db")
    watch = ("resolve", "--game", at, "--side", "spectator")
    for extra in ((), ("--auto",), ("--decide", "colony_roll.lebanon_syria=2")):
        code, out, _ = cli(capsys, *watch, *extra)
        assert code == 3
        assert "Vichy France  established" in out
        assert out.rstrip().endswith(
            "Waiting for the Allied player's commitment: Lebanon-Syria colonial die"
        )
    for option in (("--dice", "3"), ("--undo",), ("--accept-undo",)):
        assert refused(capsys, *watch, *option) == f"{option[0]}: a spectator answers nothing"
    assert records(mailed / "axis.db") == before


def test_a_move_file_of_another_game_of_the_same_name_is_refused_whatever_its_since(
    capsys: pytest.CaptureFixture[str], mailed: Path
) -> None:
    other = mailed / "other.db"
    cli(capsys, "resolve", "--game", f"{other}:fall", "--side", "axis", "--new", EXAMPLE)
    cli(capsys, "resolve", "--game", f"{other}:fall", "--side", "axis", "--auto")
    before = records(other)
    for since in ("0", "1", "2"):
        moves = str(mailed / f"since{since}.json")
        at = f"{mailed / 'axis.db'}:fall"
        assert cli(capsys, "export", "--game", at, "--since", since, "-o", moves)[0] == 0
        assert refused(capsys, "import", "--game", f"{other}:fall", moves) == (
            f"{moves}: game fall: belongs to another game also named fall (its root differs)"
        )
    assert records(other) == before


def test_bad_keys_stores_and_undo_options_are_named_in_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    keys_for(capsys, tmp_path)
    assert refused(capsys, "games", str(tmp_path)) == f"{tmp_path}: a directory, not a store file"
    new = ("resolve", "--game", f"{tmp_path / 'g.db'}:fall", "--side", "axis", "--new", EXAMPLE)
    missing = tmp_path / "missing.pub"
    assert refused(capsys, *new, "--key", f"axis={missing}") == (
        f"--key axis ({missing}): no such file"
    )
    private = tmp_path / "axis.key"
    assert refused(capsys, *new, "--key", f"axis={private}") == (
        f"--key axis ({private}): that is a private key; give its .pub"
    )
    assert not (tmp_path / "g.db").exists()
    code, _, err = cli(
        capsys, "resolve", "--game", "g.db:fall", "--side", "axis", "--accept-undo", "--refuse-undo"
    )
    assert code == 2 and "--accept-undo and --refuse-undo: give one of them" in err
