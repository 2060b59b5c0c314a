"""Players' keys: created, read back (an OpenSSH key made by ssh-keygen too), public key
lines parsed, hashes signed and checked; bad keys refused in one line."""

from __future__ import annotations

import hashlib
import shutil
import stat
import subprocess
from pathlib import Path

import pytest

from armistice.host import chain, keys
from armistice.host.records import StoreError

DIGEST = hashlib.sha256(b"record 1").hexdigest()


def test_a_created_key_is_private_to_its_owner_and_reads_back(tmp_path: Path) -> None:
    path = tmp_path / "axis"
    made = keys.create(path, "axis@home")
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    line = (tmp_path / "axis.pub").read_text()
    assert line.startswith("ssh-ed25519 ") and line.rstrip().endswith(" axis@home")
    again = keys.load(path)
    assert keys.public_line(again) == keys.public_line(made)
    assert keys.parse_public(str(tmp_path / "axis.pub"), "--key axis") == keys.public_line(made)


def test_create_never_overwrites(tmp_path: Path) -> None:
    path = tmp_path / "axis"
    keys.create(path)
    before = path.read_bytes()
    with pytest.raises(StoreError, match=r"axis: already exists"):
        keys.create(path)
    assert path.read_bytes() == before


def test_a_signature_holds_for_its_hash_and_key_only(tmp_path: Path) -> None:
    axis, allies = keys.create(tmp_path / "axis"), keys.create(tmp_path / "allies")
    signature = chain.signer(axis)(DIGEST)
    assert chain.signed_by(keys.public_line(axis), DIGEST, signature)
    assert not chain.signed_by(keys.public_line(allies), DIGEST, signature)
    other = hashlib.sha256(b"record 2").hexdigest()
    assert not chain.signed_by(keys.public_line(axis), other, signature)
    assert not chain.signed_by(keys.public_line(axis), DIGEST, "not base64!")
    assert not chain.signed_by(keys.public_line(axis), DIGEST, "")


@pytest.mark.skipif(shutil.which("ssh-keygen") is None, reason="needs OpenSSH's ssh-keygen")
def test_a_players_own_ssh_key_works(tmp_path: Path) -> None:
    path = tmp_path / "id_ed25519"
    subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", str(path)], check=True)
    key = keys.load(path)
    line = (tmp_path / "id_ed25519.pub").read_text()
    assert keys.parse_public(line, "--key axis") == keys.public_line(key)
    assert chain.signed_by(keys.parse_public(line, "k"), DIGEST, chain.signer(key)(DIGEST))


def test_bad_keys_are_refused_in_one_line(tmp_path: Path) -> None:
    text = tmp_path / "notes.txt"
    text.write_text("hello")
    with pytest.raises(StoreError, match=r"notes.txt: not a private key") as error:
        keys.load(text)
    assert "\n" not in str(error.value)
    with pytest.raises(StoreError, match=r"missing: cannot be read"):
        keys.load(tmp_path / "missing")
    with pytest.raises(StoreError, match=r"^--key axis: not an OpenSSH public key line"):
        keys.parse_public("ssh-ed25519 AAAAnonsense", "--key axis")
    with pytest.raises(StoreError, match=r"--key axis \(.*notes.txt\): not an OpenSSH"):
        keys.parse_public(str(text), "--key axis")


@pytest.mark.skipif(shutil.which("ssh-keygen") is None, reason="needs OpenSSH's ssh-keygen")
def test_a_key_of_another_type_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "id_ecdsa"
    subprocess.run(["ssh-keygen", "-q", "-t", "ecdsa", "-N", "", "-f", str(path)], check=True)
    with pytest.raises(StoreError, match=r"id_ecdsa: a ecdsa-sha2-nistp256 key; a game takes"):
        keys.load(path)
    line = (tmp_path / "id_ecdsa.pub").read_text()
    with pytest.raises(StoreError, match=r"--key allies: a ecdsa-sha2-nistp256 key"):
        keys.parse_public(line, "--key allies")
