"""What pyproject.toml cannot say: the email templates live at the top of the repository
(``templates/email/``, beside the code that is not Python) and are installed as the package
``service.mail.templates``, so a wheel carries them and an editable install reads them where
they are. Everything else about the package is in pyproject.toml."""

from setuptools import find_packages, setup

setup(
    packages=[
        *find_packages(include=["engine*", "service*", "workers*"]),
        "service.mail.templates",
    ],
    package_dir={"service.mail.templates": "templates/email"},
)
