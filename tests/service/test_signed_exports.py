"""Exports that prove who wrote them (issue 14 §5): the server signs each export's header,
names, creation time, head hash, length and end with its Ed25519 key, published at
``/.well-known/pbem-key``; ``pbem verify`` and ``pbem import`` check it."""

from __future__ import annotations

import base64
import json
import urllib.request
from dataclasses import replace
from datetime import datetime, timedelta
from pathlib import Path

import pytest
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from engine import registry, replay
from engine.chance import rng_for
from service import create_app
from service.audit import checks as audit
from service.audit import provenance, signing
from service.cli.commands import main
from service.store import hashchain
from service.table.state import is_table
from tests.service.test_eventstore import play
from tests.service.test_import import games, imported
from tests.service.test_verify import export, rehash


def run(app, *args):
    return app.test_cli_runner().invoke(main, [str(a) for a in args])


def served_key(client) -> str:
    answer = client.get("/.well-known/pbem-key")
    assert answer.status_code == 200 and answer.mimetype == "application/json"
    return answer.get_json()["public_key"]


def header(path) -> dict:
    return json.loads(path.read_text().splitlines()[0])


def resign(lines, key: Ed25519PrivateKey, server: str = "https://forger.test") -> None:
    """Sign the file again with a key of one's own, as a forger would."""
    log = audit.from_file_lines([json.dumps(x) for x in lines])
    lines[0]["signature"] = provenance.sign(log, signing.Signer(key, server))


def cut_at_the_last_decision(lines) -> None:
    """Drop the last decision's events: the file then ends where a decision began."""
    last = max(i for i, e in enumerate(lines) if i and e["move"] is not None)
    del lines[last:]


def forge_another_game(lines) -> None:
    """A different game from the revealed seed: the same opening, then other moves, each
    decided with the rng of its ``seq``, every hash redone and the header made to match.
    Everything a finished game publishes is enough to make it."""
    head = lines[0]
    game = registry.get(head["game"])
    seed = bytes.fromhex(head["seed"])
    opening = lines[1 : next(i for i, e in enumerate(lines) if i and e["move"])]
    state = replay(game, [e["payload"] for e in opening if not is_table(e["payload"])])
    forged = list(opening)
    moment = datetime.fromisoformat(opening[-1]["recorded_at"])
    while acting := sorted(game.to_act(state)):
        seat = acting[0]
        move = game.legal_moves(state, seat)[-1]
        events = game.decide(state, seat, move, rng_for(seed, len(forged) + 1))
        moment += timedelta(minutes=5)
        for i, event in enumerate(events):
            forged.append(
                {
                    "seq": len(forged) + 1,
                    "seat": seat,
                    "recorded_at": hashchain.timestamp(moment),
                    "type": event["type"],
                    "payload": event,
                    "move": move if i == 0 else None,
                    "schema_version": 1,
                }
            )
            state = game.apply(state, event)
    assert [e["payload"] for e in forged] != [e["payload"] for e in lines[1:]]
    lines[1:] = forged
    head["last_seq"] = len(forged)
    rehash(lines)


def test_an_untouched_export_verifies_with_a_good_signature_and_as_complete(
    app, client, settings, tmp_path
):
    path = export(app, play(settings, 20), tmp_path)
    result = run(app, "verify", path, "--key", served_key(client))
    assert result.exit_code == 0, result.output
    assert "every chance outcome matches the seed" in result.output
    assert "signature: ok, by the key you gave" in result.output
    assert "log: complete (it ends with the game's end)" in result.output


def test_the_well_known_key_is_the_one_that_verifies_the_published_log(client, settings, tmp_path):
    game_id = play(settings, 20)
    published = client.get(f"/games/{game_id}/log.jsonl").get_data(as_text=True)
    log = audit.from_file_lines(published.splitlines())
    document = client.get("/.well-known/pbem-key").get_json()
    assert document["algorithm"] == "Ed25519" and document["server"] == settings.base_url
    for form in (document["public_key"], document["pem"], json.dumps(document)):
        checked = provenance.check(log, signing.parse_public_key(form))
        assert checked.ok, checked.detail
    assert log.signature["public_key"] == document["public_key"], "the export names its key"
    other = Ed25519PrivateKey.generate().public_key()
    assert provenance.check(log, other).status == "bad"


def test_a_different_game_forged_from_the_revealed_seed_passes_the_chain_but_not_the_signature(
    app, client, settings, tmp_path
):
    path = export(app, play(settings, 20), tmp_path, forge_another_game)
    result = run(app, "verify", path, "--key", served_key(client))
    assert "hash chain intact, replay matches, every chance outcome matches" in result.output
    assert (
        "signature: bad: it does not match this file: something it covers was changed (the "
        "header, a player's name, the creation time, the events, their number or the end)"
    ) in result.output.splitlines()
    assert result.exit_code == 1


def test_a_forged_game_signed_with_the_forgers_own_key_is_bad_against_the_servers(
    app, client, settings, tmp_path
):
    def forge(lines):
        forge_another_game(lines)
        resign(lines, Ed25519PrivateKey.generate())

    path = export(app, play(settings, 20), tmp_path, forge)
    alone = run(app, "verify", path)
    assert alone.exit_code == 0, "nothing in the file itself tells the forger's key apart"
    assert "by the key the file carries" in alone.output
    assert "which anyone could have made" in alone.output
    against = run(app, "verify", path, "--key", served_key(client))
    assert against.exit_code == 1
    assert "signature: bad: signed by another key" in against.output


@pytest.mark.parametrize("forger_fixes_the_header", [False, True])
def test_a_log_cut_at_a_decision_boundary_is_reported_cut_and_its_signature_bad(
    app, client, settings, tmp_path, forger_fixes_the_header
):
    def cut(lines):
        cut_at_the_last_decision(lines)
        if forger_fixes_the_header:
            lines[0].update(last_seq=len(lines) - 1, head_hash=lines[-1]["hash"], over=False)

    path = export(app, play(settings, 20), tmp_path, cut)
    result = run(app, "verify", path, "--key", served_key(client))
    assert result.exit_code == 1
    assert "log: cut" in result.output
    assert "signature: bad" in result.output
    unsigned = export(app, play(settings, 20, seed=2), tmp_path, cut)
    lines = unsigned.read_text().splitlines()
    first = json.loads(lines[0])
    del first["signature"]
    unsigned.write_text("\n".join([json.dumps(first), *lines[1:]]) + "\n")
    stripped = run(app, "verify", unsigned)
    assert "signature: missing" in stripped.output and "log: cut" in stripped.output


HEADER_EDITS = {
    "a renamed player": lambda head: head["names"].update(p1="Mallory"),
    "another creation time": lambda head: head.update(created_at="2020-01-01T00:00:00+00:00"),
    "other options": lambda head: head.update(options={"marks_per_turn": 1}),
    "another seat order": lambda head: head.update(seats=["p2", "p1"]),
    "another ruleset": lambda head: head.update(ruleset="tictactoe-2"),
    "another seed commitment": lambda head: head.update(commitment="0" * 64),
    "another game id": lambda head: head.update(id="forged00"),
    "another game": lambda head: head.update(game="orichalk"),
}


@pytest.mark.parametrize("edit", HEADER_EDITS.values(), ids=HEADER_EDITS.keys())
def test_a_changed_header_fails_the_signature_even_with_every_hash_redone(
    app, client, settings, tmp_path, edit
):
    def tamper(lines):
        edit(lines[0])
        rehash(lines)

    path = export(app, play(settings, 20), tmp_path, tamper)
    result = run(app, "verify", path, "--key", served_key(client))
    assert result.exit_code == 1
    assert "signature: bad: it does not match this file" in result.output


CHAINED = ("seats", "options", "ruleset", "commitment")


@pytest.mark.parametrize("redone", [False, True], ids=["as is", "every hash redone"])
@pytest.mark.parametrize("field", CHAINED)
def test_a_changed_header_field_fails_verify_and_import(app, settings, tmp_path, field, redone):
    edit = HEADER_EDITS[
        {
            "seats": "another seat order",
            "options": "other options",
            "ruleset": "another ruleset",
            "commitment": "another seed commitment",
        }[field]
    ]

    def tamper(lines):
        edit(lines[0])
        if redone:
            rehash(lines)

    path = export(app, play(settings, 20), tmp_path, tamper)
    checked = run(app, "verify", path)
    assert checked.exit_code == 1
    if not redone:
        assert "event 1: does not follow the event before it" in checked.output
    before = games(settings)
    refused = run(app, "import", path, "--player", "p1=a@x.org", "--player", "p2=b@x.org")
    assert refused.exit_code == 1 and "refused" in refused.output
    assert games(settings) == before


def test_an_unsigned_file_verifies_as_missing_and_fails_only_when_a_signature_is_required(
    app, client, settings, tmp_path
):
    path = export(app, play(settings, 20), tmp_path, lambda lines: lines[0].pop("signature"))
    result = run(app, "verify", path)
    assert result.exit_code == 0, result.output
    assert "signature: missing: the file is not signed" in result.output
    assert "log: complete" in result.output
    required = run(app, "verify", path, "--require-signature", "--key", served_key(client))
    assert required.exit_code == 1 and "signature: missing" in required.output
    keyless = run(app, "verify", path, "--require-signature")
    assert keyless.exit_code == 1 and "needs the key to check against" in keyless.output


def test_an_unfinished_games_signed_export_is_unfinished_not_cut(app, client, settings, tmp_path):
    path = export(app, play(settings, 3), tmp_path)
    result = run(app, "verify", path, "--key", served_key(client))
    assert result.exit_code == 0, result.output
    assert "log: unfinished (the game was still going when it was signed" in result.output


def test_the_key_is_read_from_a_file_in_pem(app, client, settings, tmp_path):
    document = client.get("/.well-known/pbem-key").get_json()
    key_file = tmp_path / "server.pem"
    key_file.write_text(document["pem"])
    result = run(app, "verify", export(app, play(settings, 20), tmp_path), "--key", key_file)
    assert result.exit_code == 0 and "signature: ok, by the key you gave" in result.output
    garbage = run(app, "verify", export(app, play(settings, 20), tmp_path), "--key", "nonsense")
    assert garbage.exit_code == 1
    assert garbage.output.startswith("Error: cannot read the key")


def test_a_key_fetched_from_a_live_server_checks_its_published_log(app, live, settings, tmp_path):
    server, live_settings = live
    game_id = play(settings, 20)
    with urllib.request.urlopen(f"{server.url}/games/{game_id}/log.jsonl") as answer:
        path = tmp_path / "published.jsonl"
        path.write_bytes(answer.read())
    assert header(path)["signature"]["server"] == live_settings.base_url
    given = run(app, "verify", path, "--key-url", server.url)
    assert given.exit_code == 0, given.output
    assert f"by the key published at {server.url}/.well-known/pbem-key (" in given.output
    assert "that server published exactly this header" in given.output
    named = run(app, "verify", path, "--fetch-key")
    assert named.exit_code == 0, named.output
    assert "the server the file itself names" in named.output
    assert "does not make it the server you think it is" in named.output


def test_fetch_key_reads_only_http_addresses_whatever_the_file_names(app, settings, tmp_path):
    def local(lines):
        resign(lines, Ed25519PrivateKey.generate(), server="file:///etc")

    path = export(app, play(settings, 20), tmp_path, local)
    result = run(app, "verify", path, "--fetch-key")
    assert result.exit_code == 1
    assert "is not an http(s) address" in result.output


def test_a_game_id_is_checked_without_a_signature_and_says_where_it_stands(app, settings):
    result = run(app, "verify", play(settings, 3))
    assert result.exit_code == 0 and "log: unfinished (the game goes on" in result.output
    assert "signature" not in result.output
    asked = run(app, "verify", play(settings, 3), "--require-signature")
    assert asked.exit_code == 1 and "checked on an exported file" in asked.output


def test_import_checks_the_signature_and_refuses_a_missing_one_unless_allowed_saying_so(
    app, client, settings, tmp_path
):
    players = ("--player=p1=a@x.org", "--player=p2=b@x.org")
    signed = export(app, play(settings, 20), tmp_path)
    new = imported(app, signed, "p1=a@x.org", "p2=b@x.org")
    assert new["signature"] == "ok" and new["signed_by"] == served_key(client)
    unsigned = export(app, play(settings, 20), tmp_path, lambda lines: lines[0].pop("signature"))
    before = games(settings)
    refused = run(app, "import", unsigned, *players)
    assert refused.exit_code == 1
    assert "refused: The file is not signed" in refused.output
    assert games(settings) == before
    result = run(app, "import", unsigned, "--allow-unsigned", *players)
    assert result.exit_code == 0, result.output
    assert result.stderr.startswith("signature: missing: imported all the same")
    assert json.loads(result.stdout.splitlines()[-1])["signature"] == "missing"
    rename = HEADER_EDITS["a renamed player"]
    renamed = export(app, play(settings, 20), tmp_path, lambda lines: rename(lines[0]))
    before = games(settings)
    key = served_key(client)
    required = run(app, "import", unsigned, "--require-signature", "--key", key, *players)
    assert required.exit_code == 1
    assert "refused: The file is not signed" in required.output
    foreign = signing.public_text(Ed25519PrivateKey.generate().public_key())
    wrong = run(app, "import", signed, "--key", foreign, *players)
    assert wrong.exit_code == 1
    assert f"refused: The file is signed by another key ({key}) than the key you named" in (
        wrong.output
    )
    for allowing in ((), ("--allow-other-key", "--allow-unsigned")):
        forged = run(app, "import", renamed, *allowing, *players)
        assert forged.exit_code == 1 and "signature is bad" in forged.output, allowing
    assert games(settings) == before


def test_the_signing_key_is_derived_from_the_secret_key_unless_one_is_set(settings):
    def key_of(**overrides):
        app = create_app(replace(settings, **overrides))
        return app.test_client().get("/.well-known/pbem-key").get_json()["public_key"]

    derived = key_of()
    assert key_of() == derived, "the same SECRET_KEY gives the same key"
    assert key_of(secret_key="another-secret-of-thirty-two-bytes!") != derived
    seed = bytes(range(32))
    own = Ed25519PrivateKey.from_private_bytes(seed)
    expected = signing.public_text(own.public_key())
    assert key_of(signing_key=base64.b64encode(seed).decode()) == expected
    pem = own.private_bytes(
        serialization.Encoding.PEM,
        serialization.PrivateFormat.PKCS8,
        serialization.NoEncryption(),
    ).decode()
    assert key_of(signing_key=pem) == expected
    with pytest.raises(signing.BadKey, match="SIGNING_KEY must be"):
        create_app(replace(settings, signing_key="too short"))


def test_no_export_is_signed_with_a_key_derived_from_a_secret_that_cannot_sign_links(settings):
    game_id = play(settings, 20)
    for secret in ("", "short-secret", "k" * 40, "my-secret-key-for-the-pbem-server"):
        # the web process refuses such a key at start; the commands' app does not check it
        app = create_app(replace(settings, secret_key=secret), check_key=False)
        result = app.test_cli_runner().invoke(main, ["export", game_id])
        assert result.exit_code == 0, "exporting only reads: it works without the key"
        assert result.stderr.startswith(
            "warning: this export is not signed: exports are signed with a key derived from"
        )
        assert '"signature"' not in result.stdout.splitlines()[0]
        assert app.test_client().get("/.well-known/pbem-key").status_code == 503
    seed = base64.b64encode(bytes(32)).decode()
    given = create_app(replace(settings, secret_key="", signing_key=seed), check_key=False)
    signed = given.test_cli_runner().invoke(main, ["export", game_id])
    assert signed.exit_code == 0 and '"signature": {' in signed.output.splitlines()[0]


def test_a_header_whose_claims_or_signature_are_misshapen_is_answered_in_one_line(
    app, settings, tmp_path
):
    game_id = play(settings, 20)
    wrong = export(app, game_id, tmp_path, lambda lines: lines[0].update(last_seq="21"))
    result = run(app, "verify", wrong)
    assert result.exit_code == 1
    assert (
        result.output == f"Error: {wrong} cannot be read: the header's last_seq must be a number\n"
    )
    for record in ("x", {"algorithm": "Ed25519"}, {"value": 1}):
        odd = export(app, game_id, tmp_path, lambda lines, r=record: lines[0].update(signature=r))
        checked = run(app, "verify", odd)
        assert checked.exit_code == 1 and "signature: bad: the signature record" in checked.output


# --- a signature made by an earlier release -------------------------------------------------

SIGNED_EARLIER = Path(__file__).parents[1] / "golden" / "signed" / "ofb-solo-bot.signed.jsonl"
"""A finished game of the golden corpus, its header signed once (2026-11-26) with the key
below: what the signature covers may never change, or every file signed before stops
verifying."""
EARLIER_KEY = Ed25519PrivateKey.from_private_bytes(bytes(range(32)))


def test_a_file_signed_by_an_earlier_release_still_verifies_and_any_covered_change_breaks_it():
    lines = SIGNED_EARLIER.read_text().splitlines()
    signature = provenance.check(audit.from_file_lines(lines), EARLIER_KEY.public_key())
    assert signature.ok and signature.server == "https://pbem.example.org", signature.detail
    head = json.loads(lines[0])
    for field, value in [
        ("id", "another1"),
        ("names", {"p1": "Eve"}),
        ("created_at", "2026-11-24T10:27:12.521938+00:00"),
        ("game", "orichalk"),
        ("over", False),
    ]:
        changed = [json.dumps({**head, field: value}), *lines[1:]]
        after = provenance.check(audit.from_file_lines(changed), EARLIER_KEY.public_key())
        assert after.status == "bad", f"a changed {field} still verifies"
    signature = head["signature"]
    for server in ("https://forger.test", "https://pbem.example.org/"):
        moved = [json.dumps({**head, "signature": {**signature, "server": server}}), *lines[1:]]
        assert not provenance.check(audit.from_file_lines(moved), EARLIER_KEY.public_key()).ok


@pytest.mark.parametrize(
    ("edit", "said"),
    [
        (
            lambda signature: None,
            "signature: missing: the file is not signed (exported before signing, or the "
            "signature was removed): nothing shows who wrote it or that it is whole",
        ),
        (
            lambda signature: signature | {"algorithm": "rsa-pss"},
            "signature: bad: signed with 'rsa-pss', not Ed25519",
        ),
        (
            lambda signature: signature | {"public_key": "ed25519:bm90IGEga2V5"},
            "signature: bad: the key the file carries cannot be read (",
        ),
        (
            lambda signature: signature | {"value": 7},
            "signature: bad: the signature record cannot be read",
        ),
    ],
    ids=["missing", "another algorithm", "an unreadable key", "an unreadable record"],
)
def test_a_missing_or_unreadable_signature_is_said_so_in_its_whole_line(
    app, settings, tmp_path, edit, said
):
    def changed(lines):
        signature = edit(lines[0].pop("signature"))
        if signature is not None:
            lines[0]["signature"] = signature

    result = run(app, "verify", export(app, play(settings, 20), tmp_path, changed))
    (line,) = [x for x in result.output.splitlines() if x.startswith("signature: ")]
    if said.endswith("("):
        assert line.startswith(said) and line.endswith(")"), line
    else:
        assert line == said


def test_a_signed_file_whose_last_event_was_swapped_keeping_the_count_is_bad_saying_so(
    app, settings, tmp_path
):
    """The signature covers the header's head hash and count; the file's own events must be
    the ones it names, however many."""

    def swapped(lines):
        lines[-1]["hash"] = "f" * 64

    path = export(app, play(settings, 20), tmp_path, swapped)
    log = audit.from_file_lines(path.read_text().splitlines())
    checked = provenance.check(log)
    head, count = log.head_hash, log.last_seq
    assert (checked.status, checked.detail) == (
        "bad",
        f"it covers {count} events ending at hash {head[:12]}…, the file holds {count} "
        f"ending at {'f' * 12}…: events were cut, added or changed after it was signed",
    )


def test_a_signed_header_left_with_no_event_is_verified_and_called_cut(app, settings, tmp_path):
    def only_header(lines):
        del lines[1:]

    path = export(app, play(settings, 20), tmp_path, only_header)
    result = run(app, "verify", path)
    assert result.exit_code == 1
    assert isinstance(result.exception, SystemExit), "a verdict, not a crash"
    head = header(path)
    assert (
        f"signature: bad: it covers {head['last_seq']} events ending at hash "
        f"{head['head_hash'][:12]}…, the file holds 0: events were cut, added or changed "
        "after it was signed"
    ) in result.output.splitlines()
    assert f"log: cut (the header names {head['last_seq']} events, the file holds 0)" in (
        result.output.splitlines()
    )
