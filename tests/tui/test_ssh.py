"""`armistice serve --ssh` met by the real OpenSSH client (ssh, sftp) in tmux panes: a game
played to its end by a client per side, a resize, the refusals, a killed client, the user
name, the chooser of seats, quitting, and the file actions kept from a player not at this
machine. One server serves the module; tmux, ssh and sftp must be installed."""

from __future__ import annotations

import contextlib
import os
import re
import signal
import socket
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from armistice.host import keys
from tests.tui.served import free_port
from tests.tui.sshed import Client, Club, armistice, children, serving, until

SCENARIO = "fall-of-france-1940"
GAMES = {"fall": SCENARIO, "calm": SCENARIO, "kill": SCENARIO, "table": "vichy-1940-axis-reaction"}
SEATS = {  # key -> seats; the game fall records the keys of alice and bob
    "alice": ["fall:allies"],
    "bob": ["fall:axis"],
    "carol": ["calm:allies"],
    "dave": ["kill:allies"],
    "erin": ["calm:spectator", "table:spectator"],
}
MAY_ROLL = "rolled by the app"
WAITING = "Waiting for the"
DASHBOARD = "French areas"  # the first tab's label: the game's dashboard, not its opening
FINISHED = "Resolution complete"
AREA = re.compile(r"^(\S.*?)\s{2,}(Free French|Vichy)\b")
STORED_AREA = re.compile(r"^\s+5\.5\s+(\S.*?)\s{2,}(Free French|Vichy)\s+\d\s")


@pytest.fixture(scope="module")
def club(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Club]:
    folder = tmp_path_factory.mktemp("club")
    for name in [*SEATS, "stranger"]:
        keys.create(folder / name, name)
    for game, scenario in GAMES.items():
        signed = ["--key", "allies=alice.pub", "--key", "axis=bob.pub"] if game == "fall" else []
        new = ["--game", f"club.db:{game}", "--new", scenario, "--side", "spectator", *signed]
        armistice(folder, "resolve", *new)
    for name, seats in SEATS.items():
        for seat in seats:
            game, side = seat.split(":")
            where = ["--keys", "keys", "--store", "club.db", "--game", game]
            armistice(folder, "keys", "add", f"{name}.pub", *where, "--side", side)
    with serving(folder) as running:
        yield running


def spectator_view(club: Club, game: str) -> str:
    """What ``armistice resolve`` shows a spectator of ``game`` in the store."""
    return armistice(club.folder, "resolve", "--game", f"club.db:{game}", "--side", "spectator")


def stored_areas(view: str) -> dict[str, str]:
    """Each French area's side in the French areas table of a spectator's view."""
    table = view.split("French areas (5.5)\n", 1)[1].split("\n\n", 1)[0]
    return dict(m.groups() for m in map(STORED_AREA.match, table.splitlines()) if m)


def prompt_title(screen: str) -> str:
    """The first line of the prompt panel (left of the odds panel)."""
    return screen.splitlines()[2][:46]


def answer(club: Club, game: str, client: Client, screen: str) -> str:
    """Answer the prompt ``client`` shows in ``screen``: r when it may roll, else enter
    (the option highlighted); wait for the answer in the store and for the client to show
    the next prompt. The key pressed."""
    before, title = club.answers(game), prompt_title(screen)
    key = "r" if MAY_ROLL in screen else "Enter"
    client.press(key)
    until("the answer in the store", lambda: club.answers(game) > before)
    until("the next prompt", lambda: prompt_title(client.screen()) != title)
    return key


def test_each_side_answers_when_its_screen_says_so_and_both_see_the_game_to_its_end(
    club: Club,
) -> None:
    """The Allied player rolls the fleet and area dice; when a fleet turns Vichy with two
    areas equally near, the Axis player chooses one."""
    sides = {"Allied": club.connect("alice", "alice"), "Axis": club.connect("bob", "bob")}
    pressed: dict[str, list[str]] = {player: [] for player in sides}
    for _ in range(20):
        for client in sides.values():
            client.sees(DASHBOARD)
        screens = {player: client.settled() for player, client in sides.items()}
        if all(FINISHED in screen for screen in screens.values()):
            break
        ready = [player for player, screen in screens.items() if WAITING not in screen]
        if not ready:
            continue
        (player,) = ready
        (other,) = set(sides) - {player}
        sides[other].sees(f"Waiting for the {player} player")
        pressed[player].append(answer(club, "fall", sides[player], screens[player]))
        sides[other].sees(f"The {player} player answered")
    assert pressed["Allied"] == ["r", "r", "r"]
    assert pressed["Axis"] in ([], ["Enter"], ["Enter", "Enter"])
    stored = spectator_view(club, "fall")
    assert re.search(r"Status\s+complete", stored) and "to roll" not in stored
    stored_sides = stored_areas(stored)
    assert len(stored_sides) == 10
    for client in sides.values():
        shown = dict(m.groups() for m in map(AREA.match, client.sees(FINISHED).splitlines()) if m)
        assert len(shown) >= 5
        assert shown == {area: stored_sides[area] for area in shown}
        client.press("q")


def footer_ends(client: Client, width: int) -> bool:
    """Whether the footer's palette key ends one column short of ``width`` columns."""
    footer = client.lines()[-1]
    return footer.endswith("^p palette") and len(footer) == width - 1


def too_small(client: Client) -> bool:
    """Whether the client shows the notice of a window smaller than 80x24, naming 60x20."""
    screen = client.screen()
    return "needs a window of at least 80x24" in screen and "60x20" in screen


def test_a_resize_reaches_the_dashboard(club: Club) -> None:
    carol = club.connect("resize", "carol")
    carol.sees(DASHBOARD)
    until("a footer 80 wide", lambda: footer_ends(carol, 80))
    club.tmux("resize-window", "-t", "resize", "-x", "60", "-y", "20")
    until("a footer 60 wide or the notice", lambda: footer_ends(carol, 60) or too_small(carol))
    club.tmux("resize-window", "-t", "resize", "-x", "100", "-y", "30")
    until("a footer 100 wide", lambda: footer_ends(carol, 100))
    assert "Allied player" in carol.lines()[0]
    club.tmux("resize-window", "-t", "resize", "-x", "80", "-y", "24")
    until("a footer 80 wide again", lambda: footer_ends(carol, 80))
    carol.press("q")


def ssh(
    club: Club, key: str, *options: str, command: tuple[str, ...] = ()
) -> subprocess.CompletedProcess[str]:
    line = club.ssh(key, *options, command=command)
    return subprocess.run(line, capture_output=True, text=True, timeout=30)


def test_an_unknown_key_is_refused_and_logged(club: Club) -> None:
    done = ssh(club, "stranger", command=("true",))
    assert done.returncode == 255 and "Permission denied (publickey)" in done.stderr
    stranger = keys.fingerprint((club.folder / "stranger.pub").read_text())
    club.logged(f"{stranger} holds no seat")
    club.logged("left without logging in: its keys hold no seat")


def test_a_password_login_is_refused_and_logged(club: Club) -> None:
    password = ["-o", "PubkeyAuthentication=no", "-o", "PreferredAuthentications=password"]
    done = ssh(club, "carol", *password, command=("true",))
    assert done.returncode == 255 and "Permission denied (publickey)" in done.stderr
    club.logged("left without logging in: it offered no key")


def test_a_command_is_refused_and_logged(club: Club) -> None:
    done = ssh(club, "carol", command=("echo", "hi"))
    assert done.returncode == 255 and "exec request failed" in done.stderr
    assert "hi" not in done.stdout
    club.logged("refused a command: echo hi")


def test_sftp_is_refused_and_logged(club: Club) -> None:
    done = subprocess.run(
        ["sftp", "-P", str(club.port), *club.ssh_options("carol"), "-b", "-", "x@127.0.0.1"],
        input="ls\n",
        capture_output=True,
        text=True,
        timeout=30,
    )
    assert done.returncode == 255 and "subsystem request failed" in done.stderr
    club.logged("refused the sftp subsystem")


def test_a_remote_forward_is_refused_and_logged(club: Club) -> None:
    done = ssh(club, "carol", "-N", "-o", "ExitOnForwardFailure=yes", "-R", "0:127.0.0.1:9")
    assert done.returncode == 255 and "remote port forwarding failed" in done.stderr
    club.logged("refused a remote forward")


def test_a_local_forward_gets_no_connection_and_is_logged(club: Club) -> None:
    port = free_port()
    forward = subprocess.Popen(
        club.ssh("carol", "-N", "-L", f"{port}:127.0.0.1:{club.port}"),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:

        def opened() -> socket.socket | None:
            try:
                return socket.create_connection(("127.0.0.1", port), timeout=10)
            except OSError:
                return None

        forwarded = until("the forwarded port", opened)
        with forwarded, contextlib.suppress(ConnectionResetError):
            assert forwarded.recv(100) == b""
        club.logged("refused a forwarded connection")
    finally:
        forward.terminate()
        forward.wait(timeout=10)


def test_a_killed_client_leaves_no_session_and_its_answers_stay(club: Club) -> None:
    forkserver = club.forkserver()
    others = children(forkserver)
    dave = club.connect("dave", "dave")
    dave.sees(MAY_ROLL)
    (session,) = until("the session process", lambda: children(forkserver) - others)
    dave.press("r")
    until("the roll in the store", lambda: club.answers("kill") == 1)
    stored = spectator_view(club, "kill")
    assert re.search(r"Atlantic fleet\s+(Vichy|German|scuttled|Free French)", stored)
    os.kill(dave.pid, signal.SIGKILL)
    until("the session's end", lambda: not Path(f"/proc/{session}").exists())
    assert children(forkserver) <= others
    assert club.answers("kill") == 1 and spectator_view(club, "kill") == stored


def test_another_user_name_gets_the_keys_seat_and_is_logged_unused(club: Club) -> None:
    carol = club.connect("mallory", "carol", user="mallory")
    assert "Allied player" in carol.sees(MAY_ROLL).splitlines()[0]
    club.logged("logged in (user name 'mallory', not used): allies in calm")
    carol.press("q")


def test_a_key_with_two_seats_chooses_one(club: Club) -> None:
    erin = club.connect("erin", "erin")
    erin.sees("more than one game", "game calm", "game table")
    erin.press("Down", "Enter")
    erin.sees("Who names Vichy France?", "You are watching.")
    assert "more than one game" not in erin.screen()
    erin.press("q")


def test_q_ends_the_session_and_restores_the_terminal(club: Club) -> None:
    carol = club.connect("quit", "carol")
    carol.sees(MAY_ROLL)
    assert carol.show("#{alternate_on}") == "1"
    carol.press("q")
    assert carol.ended() == 0
    assert carol.show("#{alternate_on}") == "0"


def test_the_file_actions_are_not_offered(club: Club) -> None:
    carol = club.connect("files", "carol", size=(120, 60))
    footer = carol.sees(DASHBOARD, "u Undo").splitlines()[-1]
    assert "u Undo" in footer
    for action in ("s Save", "o Open", "n New"):
        assert action not in footer
    carol.press("?")
    help_screen = carol.sees("Keys and a summary")
    assert "Take back the last answer" in help_screen
    for action in ("Write a save file", "Open a save file", "Choose another scenario"):
        assert action not in help_screen
    carol.press("Escape", "q")
