"""A sign-in link opens its pages in the language its email was written in (issue 32 §2:
from a Japanese sign-in email, the sign-in page and the desk opened in English in a browser
that sends no language): the link carries it, signed, and the desk it leads to keeps it."""

from __future__ import annotations

import pytest

from service.links import tokens
from tests.fixtures import TEST_KEY
from tests.helpers import URL, csrf_token, path, text_of
from tests.service.test_desk import games

pytestmark = pytest.mark.usefixtures("regulars")

ANN = "ann@example.org"


@pytest.mark.parametrize(
    ("lang", "button", "desk"),
    [
        ("ja", "サインイン", "すべての端末でサインアウト"),
        ("uk", "Увійти", "Вийти всюди"),
        ("es", "Entrar", "todas las sesiones"),
    ],
)
def test_a_sign_in_link_opens_its_page_and_the_desk_in_the_language_it_was_sent_in(
    app, client, smtp, work, settings, lang, button, desk
):
    games(settings, [ANN, "bob@example.org"])
    page = client.get(f"/me?lang={lang}").get_data(as_text=True)
    assert (
        client.post("/me", data={"email": ANN, "csrf_token": csrf_token(page)}).status_code == 200
    )
    work()
    (email,) = [m for m in smtp.to(ANN) if "/me/sign-in/" in text_of(m)]
    (link,) = [path(u) for u in URL.findall(text_of(email)) if "/me/sign-in/" in u]
    assert tokens.read_sign_in(TEST_KEY, link.rsplit("/", 1)[1], 600).language == lang
    browser = app.test_client()  # another browser: no cookie, no Accept-Language
    opened = browser.get(link)
    assert opened.headers["Content-Language"] == lang
    assert button in opened.get_data(as_text=True)
    signed = browser.post(link)
    assert signed.status_code == 303
    shown = browser.get("/me")
    assert shown.headers["Content-Language"] == lang
    assert desk in shown.get_data(as_text=True)


def test_a_link_made_before_it_carried_a_language_still_signs_in_in_the_browsers(app, settings):
    token = tokens.sign_in_token(TEST_KEY, ANN, "n" * 22)
    assert tokens.read_sign_in(TEST_KEY, token, 600).language is None
    opened = app.test_client().get(f"/me/sign-in/{token}", headers={"Accept-Language": "uk"})
    assert opened.headers["Content-Language"] == "uk"
