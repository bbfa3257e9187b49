"""DKIM settings that cannot sign are refused when a process starts (issue 31 §1), as a bad
SECRET_KEY is: an unreadable key, RSA under 2048 bits, a key of the wrong kind, a missing
or malformed selector, in one line that names the setting and never shows the key. And
``pbem mail-dns`` prints the records that make our email land."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from click.testing import CliRunner
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import rsa
from sqlalchemy import select

from service import create_app, dkim_keys
from service.cli.commands import main
from service.cli.localnet import free_port
from service.config import Settings
from service.dkim_keys import DkimKeyError
from service.store.db import sessions
from service.store.models import OutboxRow
from tests.fixtures import published
from tests.service.test_secret_key import GOOD_KEY, STARTED, procfile, start, stop
from workers.jobs import send_outbox


def pem(path: Path, bits: int) -> str:
    key = rsa.generate_private_key(public_exponent=65537, key_size=bits)
    path.write_bytes(
        key.private_bytes(
            serialization.Encoding.PEM,
            serialization.PrivateFormat.PKCS8,
            serialization.NoEncryption(),
        )
    )
    return str(path)


@pytest.fixture(scope="module")
def short_key(tmp_path_factory: pytest.TempPathFactory) -> str:
    return pem(tmp_path_factory.mktemp("short") / "short.pem", 1024)


def bad_settings(settings: Settings, tmp_path: Path, keys: tuple[str, str], short: str):
    """Each way DKIM settings cannot sign, with the words its refusal says."""
    rsa_key, ed_key = keys
    garbage = tmp_path / "garbage.pem"
    garbage.write_text("-----BEGIN PRIVATE KEY-----\nnot a key\n-----END PRIVATE KEY-----\n")
    signing = replace(settings, dkim_selector="s1")
    return {
        "cannot be read": replace(signing, dkim_key=str(tmp_path / "missing.pem")),
        "RSA key of 1024 bits": replace(signing, dkim_key=short),
        "is not a PEM private key": replace(signing, dkim_key=str(garbage)),
        "is not an RSA key": replace(signing, dkim_key=ed_key),
        "is not an Ed25519 key": replace(signing, dkim_key=rsa_key, dkim_ed25519_key=rsa_key),
        "DKIM_ED25519_SELECTOR is DKIM_SELECTOR": replace(
            signing, dkim_key=rsa_key, dkim_ed25519_key=ed_key, dkim_ed25519_selector="s1"
        ),
        "is not a selector": replace(signing, dkim_key=rsa_key, dkim_selector="s 1"),
        "DKIM_SELECTOR is not set": replace(settings, dkim_key=rsa_key),
        "DKIM_KEY is not": signing,
    }


def test_dkim_settings_that_cannot_sign_are_refused_in_one_line_naming_the_setting(
    settings, tmp_path, dkim_key_files, short_key
):
    for said, given in bad_settings(settings, tmp_path, dkim_key_files, short_key).items():
        found = dkim_keys.problem(given)
        assert found is not None and said in found, (said, found)
        assert "\n" not in found and "BEGIN" not in found and "MII" not in found
        with pytest.raises(DkimKeyError):
            dkim_keys.require(given)
        with pytest.raises(SystemExit):
            dkim_keys.refuse_to_start(given)
        with pytest.raises(DkimKeyError):
            create_app(given)
    rsa_key, _ed_key = dkim_key_files
    assert dkim_keys.problem(replace(settings, dkim_key=rsa_key, dkim_selector="s1")) is None
    assert dkim_keys.problem(settings) is None, "off: nothing signed, nothing refused"


def test_a_key_of_2048_bits_in_pkcs1_or_pkcs8_and_an_ed25519_seed_in_base64_sign(
    settings, tmp_path, dkim_key_files
):
    import base64

    from cryptography.hazmat.primitives.asymmetric import ed25519

    rsa_key, _ed = dkim_key_files
    key = serialization.load_pem_private_key(Path(rsa_key).read_bytes(), password=None)
    pkcs1 = tmp_path / "pkcs1.pem"
    pkcs1.write_bytes(
        key.private_bytes(
            serialization.Encoding.PEM,
            serialization.PrivateFormat.TraditionalOpenSSL,
            serialization.NoEncryption(),
        )
    )
    seed = tmp_path / "ed25519.key"  # dknewkey --ktype ed25519 writes this
    ed = ed25519.Ed25519PrivateKey.generate()
    raw = ed.private_bytes(
        serialization.Encoding.Raw, serialization.PrivateFormat.Raw, serialization.NoEncryption()
    )
    seed.write_bytes(base64.b64encode(raw) + b"\n")
    for path in (rsa_key, str(pkcs1)):
        found = dkim_keys.signing(
            replace(settings, dkim_key=path, dkim_selector="s1", dkim_ed25519_key=str(seed))
        )
        assert found is not None and [k.kind for k in found.keys] == ["rsa", "ed25519"]
        assert [k.selector for k in found.keys] == ["s1", "s1-ed25519"]
        public = ed.public_key().public_bytes(
            serialization.Encoding.Raw, serialization.PublicFormat.Raw
        )
        assert found.keys[1].public == base64.b64encode(public).decode()
        assert "MII" not in repr(found), "no key in a repr"


def test_a_key_rotated_in_place_is_signed_with_at_once(settings, tmp_path, dkim_key_files):
    rsa_key, _ed = dkim_key_files
    path = tmp_path / "dkim.pem"
    path.write_bytes(Path(rsa_key).read_bytes())
    given = replace(settings, dkim_key=str(path), dkim_selector="s1")
    first = dkim_keys.signing(given)
    pem(path, 2048)
    second = dkim_keys.signing(given)
    assert first is not None and second is not None
    assert first.keys[0].public != second.keys[0].public


@pytest.mark.slow
@pytest.mark.parametrize("name", ["web", "worker", "scheduler"])
def test_each_procfile_process_refuses_to_start_with_a_short_dkim_key(
    settings, tmp_path, short_key, name
):
    given = replace(settings, dkim_key=short_key, dkim_selector="s1")
    process, output = start(procfile()[name], GOOD_KEY, given, tmp_path, free_port())
    try:
        status = process.wait(timeout=60)
    finally:
        stop(process)
    said = output.read_text()
    assert status == 1, said
    assert said.strip().splitlines()[-1] == dkim_keys.problem(given), said
    assert "Traceback" not in said and STARTED[name] not in said, said


def test_a_job_refuses_rather_than_send_unsigned_and_its_email_waits(
    settings, client, smtp, monkeypatch, short_key
):
    response = client.post(
        "/api/games", json={"game": "tictactoe", "players": ["a@example.org", "b@example.org"]}
    )
    assert response.status_code == 201
    monkeypatch.setenv("DKIM_KEY", short_key)
    monkeypatch.setenv("DKIM_SELECTOR", "s1")
    with sessions(settings.database_url)() as session:
        first = session.scalars(select(OutboxRow.id)).first()
    assert first is not None
    with pytest.raises(DkimKeyError):
        send_outbox(first)
    assert smtp.messages == []


def pbem(*args: str, env: dict[str, str]):
    return CliRunner().invoke(main, list(args), env=env)


def test_the_commands_that_mail_players_refuse_a_short_key_in_one_line(settings, short_key):
    env = {"DKIM_KEY": short_key, "DKIM_SELECTOR": "s1"}
    for args in (["sweep"], ["create-game", "tictactoe", "a@example.org", "b@example.org"]):
        result = pbem(*args, env=env)
        assert result.exit_code == 1, (args, result.output)
        assert result.stderr.splitlines() == [
            f"Error: {dkim_keys.problem(replace(settings, dkim_key=short_key, dkim_selector='s1'))}"
        ]


def test_mail_dns_prints_spf_dkim_dmarc_and_mx_for_the_configured_domains(dkim_key_files):
    rsa_key, ed_key = dkim_key_files
    env = {
        "MAIL_FROM": "Games <games@example.org>",
        "MAIL_DOMAIN": "pbem.example.org",
        "DKIM_KEY": rsa_key,
        "DKIM_SELECTOR": "may2026",
        "DKIM_ED25519_KEY": ed_key,
        "SMTP_URL": "smtp://relay.example.net:587",
        "BASE_URL": "https://play.example.org",
    }
    result = pbem("mail-dns", env=env)
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    records = published(lines)
    signing = dkim_keys.signing(
        replace(
            Settings(),
            mail_from=env["MAIL_FROM"],
            dkim_key=rsa_key,
            dkim_selector="may2026",
            dkim_ed25519_key=ed_key,
        )
    )
    assert signing is not None
    rsa_record, ed_record = (k.record().encode() for k in signing.keys)
    assert records == {
        b"pbem.example.org.": b"v=spf1 a:relay.example.net -all",
        b"may2026._domainkey.example.org.": rsa_record,
        b"may2026-ed25519._domainkey.example.org.": ed_record,
        b"_dmarc.example.org.": (
            b"v=DMARC1; p=none; rua=mailto:postmaster@example.org; adkim=r; aspf=r"
        ),
    }
    assert "pbem.example.org. IN MX 10 play.example.org." in lines
    assert any("p=quarantine" in line and line.startswith(";") for line in lines)
    rsa_line = next(line for line in lines if line.startswith("may2026._domainkey"))
    assert all(len(piece) <= 255 for piece in rsa_line.split('"')[1::2]), "TXT strings"
    chosen = pbem(
        "mail-dns",
        "--spf",
        "include:_spf.relay.example.net",
        "--spf",
        "ip4:203.0.113.7",
        "--mx",
        "mx.example.org",
        "--rua",
        "dmarc@example.org",
        env=env,
    )
    assert chosen.exit_code == 0
    records = published(chosen.stdout.splitlines())
    assert records[b"pbem.example.org."] == (
        b"v=spf1 include:_spf.relay.example.net ip4:203.0.113.7 -all"
    )
    assert b"rua=mailto:dmarc@example.org" in records[b"_dmarc.example.org."]
    assert "pbem.example.org. IN MX 10 mx.example.org." in chosen.stdout.splitlines()


@pytest.mark.parametrize(
    "args",
    [
        ["--spf", "all"],
        ["--spf", 'include:x" "v=spf1 +all'],
        ["--spf", "include:a b"],
        ["--mx", "mx example.org"],
        ["--rua", "not an address"],
        ["--rua", "a@example.org;p=reject"],
    ],
)
def test_mail_dns_refuses_a_choice_that_would_publish_a_broken_record(args):
    result = pbem("mail-dns", *args, env={})
    assert result.exit_code == 1, result.output
    assert len(result.stderr.splitlines()) == 1 and result.stdout == ""


def test_mail_dns_without_a_key_says_dkim_is_off_and_how_to_turn_it_on():
    result = pbem("mail-dns", env={"DKIM_KEY": "", "DKIM_SELECTOR": ""})
    assert result.exit_code == 0
    assert "; DKIM: off. Set DKIM_KEY" in result.stdout
    assert "_domainkey" not in result.stdout
