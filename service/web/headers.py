"""Security headers on every response (docs/robustness.md, "Security headers").

Links carry secret tokens in their paths, so no page may leak its address: no referrer
leaves the site, no page loads anything from elsewhere, no proxy keeps a copy of a page
reached by a signed link, and no other site may frame a page to click its buttons.
"""

from __future__ import annotations

import secrets

from flask import Flask, Response, g, request

from service.config import Settings

HEADERS = {
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "same-origin",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Cross-Origin-Resource-Policy": "same-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=()",
}
"""``same-origin`` rather than ``no-referrer``: nothing reaches another site either way,
and Flask-WTF's CSRF check over HTTPS wants the site's own forms to name their page."""


def csp_nonce() -> str:
    """The nonce this response's own inline scripts carry (``<script nonce=...>``)."""
    if "csp_nonce" not in g:
        g.csp_nonce = secrets.token_urlsafe(16)
    return str(g.csp_nonce)


def content_security_policy(nonce: str | None) -> str:
    """Inline SVG boards and inline styles are the pages' own; scripts only with the nonce;
    forms post only here; images only from here or ``data:``; service workers (``/sw.js``)
    and the web app manifest (issue 36) only from here; never framed."""
    script = f"'nonce-{nonce}'" if nonce else "'none'"
    return "; ".join(
        [
            "default-src 'none'",
            f"script-src {script}",
            "style-src 'self' 'unsafe-inline'",
            "img-src 'self' data:",
            "worker-src 'self'",
            "manifest-src 'self'",
            "form-action 'self'",
            "frame-ancestors 'none'",
            "base-uri 'none'",
        ]
    )


def install(app: Flask, settings: Settings) -> None:
    app.jinja_env.globals["csp_nonce"] = csp_nonce
    strict_transport = settings.base_url.startswith("https://")

    @app.after_request
    def _headers(response: Response) -> Response:
        for name, value in HEADERS.items():
            response.headers.setdefault(name, value)
        if "Content-Security-Policy" not in response.headers:  # a route's own, stricter one
            response.headers["Content-Security-Policy"] = content_security_policy(
                g.get("csp_nonce")
            )
        if request.url_rule is not None and "token" in request.url_rule.arguments:
            response.headers["Cache-Control"] = "no-store"
        if strict_transport:
            response.headers["Strict-Transport-Security"] = "max-age=31536000"
        return response
