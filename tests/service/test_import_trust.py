"""Trust by default (issue 30 §4): ``pbem import`` makes a live game that emails its players,
so it takes only a file signed by this server's own key, or by the key named with ``--key``
or ``--key-url``; an unsigned file, or one signed by another key, needs ``--allow-unsigned``
or ``--allow-other-key`` and says so. ``pbem verify`` with a key named fails a file with no
signature: naming a key asks whether that key signed it."""

from __future__ import annotations

import json
from dataclasses import replace

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from service import create_app
from service.cli.commands import main
from tests.service.test_eventstore import play
from tests.service.test_import import games
from tests.service.test_signed_exports import HEADER_EDITS, resign, served_key
from tests.service.test_verify import export

PLAYERS = ("--player", "p1=a@x.org", "--player", "p2=b@x.org")
ELSEWHERE = "a-key-of-another-server-Xq93LmvT0zKpW7rB2nYd"


def run(app, *args):
    return app.test_cli_runner().invoke(main, [str(a) for a in args])


def forged(lines) -> None:
    """What an attacker does with a game's export: rename a player, then sign the file
    again with a key of their own, made for the occasion."""
    HEADER_EDITS["a renamed player"](lines[0])
    resign(lines, Ed25519PrivateKey.generate())


def stripped(lines) -> None:
    """The other attack: rename a player and remove the signature that would betray it."""
    HEADER_EDITS["a renamed player"](lines[0])
    del lines[0]["signature"]


def test_a_renamed_file_re_signed_with_an_attackers_fresh_key_is_refused_by_default(
    app, client, settings, tmp_path
):
    path = export(app, play(settings, 20), tmp_path, forged)
    attacker = json.loads(path.read_text().splitlines()[0])["signature"]["public_key"]
    before = games(settings)
    result = run(app, "import", path, *PLAYERS)
    assert result.exit_code == 1, result.output
    assert result.stderr == (
        f"Error: refused: The file is signed by another key ({attacker}) than this server's "
        f"own key ({served_key(client)}): give the key of the server it comes from with --key "
        "or --key-url, or import it all the same with --allow-other-key.\n"
    )
    assert games(settings) == before, "nothing was created"


def test_a_renamed_file_stripped_of_its_signature_is_refused_by_default(app, settings, tmp_path):
    path = export(app, play(settings, 20), tmp_path, stripped)
    before = games(settings)
    result = run(app, "import", path, *PLAYERS)
    assert result.exit_code == 1, result.output
    assert result.stderr == (
        "Error: refused: The file is not signed: nothing shows where it comes from, nor that "
        "it is whole. Import it only if you trust whoever gave it to you, with "
        "--allow-unsigned.\n"
    )
    assert games(settings) == before, "nothing was created"


def test_each_attack_imports_only_when_allowed_by_name_and_the_output_says_so(
    app, settings, tmp_path
):
    other = export(app, play(settings, 20), tmp_path, forged)
    attacker = json.loads(other.read_text().splitlines()[0])["signature"]["public_key"]
    taken = run(app, "import", other, "--allow-other-key", *PLAYERS)
    assert taken.exit_code == 0, taken.output
    assert taken.stderr == (
        f"signature: by another key ({attacker}, naming https://forger.test): imported all "
        "the same, as --allow-other-key asked; it shows only that the file is unchanged since "
        "that key signed it, not whose key it is\n"
    )
    said = json.loads(taken.stdout.splitlines()[-1])
    assert (said["signature"], said["signed_by"]) == ("other-key", attacker)
    assert run(app, "import", other, "--allow-unsigned", *PLAYERS).exit_code == 1, (
        "allowing no signature is not allowing another key"
    )
    unsigned = export(app, play(settings, 20, seed=2), tmp_path, stripped)
    assert run(app, "import", unsigned, "--allow-other-key", *PLAYERS).exit_code == 1, (
        "allowing another key is not allowing no signature"
    )
    taken = run(app, "import", unsigned, "--allow-unsigned", *PLAYERS)
    assert taken.exit_code == 0, taken.output
    assert taken.stderr.startswith("signature: missing: imported all the same")
    said = json.loads(taken.stdout.splitlines()[-1])
    assert (said["signature"], said["signed_by"]) == ("missing", None)


def test_a_file_another_server_signed_imports_when_its_key_is_given(
    app, client, settings, tmp_path
):
    there = create_app(replace(settings, secret_key=ELSEWHERE))
    path = export(there, play(settings, 20), tmp_path)
    their_key = there.test_client().get("/.well-known/pbem-key").get_json()["public_key"]
    assert their_key != served_key(client)
    refused = run(app, "import", path, *PLAYERS)
    assert refused.exit_code == 1 and "is signed by another key" in refused.output
    result = run(app, "import", path, "--key", their_key, *PLAYERS)
    assert result.exit_code == 0, result.output
    assert result.stderr.startswith(f"signature: ok, by the key you gave ({their_key})")
    said = json.loads(result.stdout.splitlines()[-1])
    assert (said["signature"], said["signed_by"]) == ("ok", their_key)


def test_a_file_this_server_signed_imports_saying_it_is_its_own_key(
    app, client, settings, tmp_path
):
    result = run(app, "import", export(app, play(settings, 20), tmp_path), *PLAYERS)
    assert result.exit_code == 0, result.output
    assert result.stderr.startswith(
        f"signature: ok, by this server's own key ({served_key(client)})"
    )


def test_a_key_url_names_the_key_an_import_checks_against(app, live, settings, tmp_path):
    server, _ = live
    path = export(app, play(settings, 20), tmp_path, forged)
    result = run(app, "import", path, "--key-url", server.url, *PLAYERS)
    assert result.exit_code == 1
    assert "than the key you named" in result.output


def test_import_takes_no_key_the_file_chooses(app, settings, tmp_path):
    result = run(app, "import", export(app, play(settings, 20), tmp_path), "--fetch-key")
    assert result.exit_code == 2 and "No such option '--fetch-key'" in result.output


def test_verify_with_a_named_key_fails_a_file_with_no_signature(
    app, client, live, settings, tmp_path
):
    server, _ = live
    path = export(app, play(settings, 20), tmp_path, lambda lines: lines[0].pop("signature"))
    alone = run(app, "verify", path)
    assert alone.exit_code == 0, "with no key named, a missing signature is only reported"
    assert "signature: missing" in alone.output
    for named in (("--key", served_key(client)), ("--key-url", server.url)):
        result = run(app, "verify", path, *named)
        assert result.exit_code == 1, (named, result.output)
        assert "hash chain intact" in result.output
        assert "signature: missing: the file is not signed" in result.output
