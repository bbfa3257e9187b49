"""The email templates (Jinja2, text and HTML), installed as ``service.mail.templates``
(setup.py): :mod:`service.mail.compose` reads them from wherever the package is."""
