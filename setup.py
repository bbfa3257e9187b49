"""What pyproject.toml cannot say: the email templates live at the top of the repository
(``templates/email/``, beside the code that is not Python) and are installed as the package
``service.mail.templates``, so a wheel carries them and an editable install reads them where
they are; and each gettext catalog (``.po``) is compiled into the ``.mo`` the processes read,
beside it in the build (a checkout compiles its own: ``make catalogs``). Everything else
about the package is in pyproject.toml."""

from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from setuptools import find_packages, setup
from setuptools.command.build_py import build_py


class BuildWithCatalogs(build_py):
    """``build_py``, then every catalog the build copied compiled beside it, as ``pybabel
    compile`` does (fuzzy entries left out)."""

    def run(self) -> None:
        super().run()
        for po in Path(self.build_lib).glob("**/translations/*/LC_MESSAGES/*.po"):
            with po.open("rb") as f:
                catalog = read_po(f, locale=po.parts[-3], domain=po.stem)
            with po.with_suffix(".mo").open("wb") as f:
                write_mo(f, catalog)


setup(
    packages=[
        *find_packages(include=["engine*", "service*", "workers*"]),
        "service.mail.templates",
    ],
    package_dir={"service.mail.templates": "templates/email"},
    cmdclass={"build_py": BuildWithCatalogs},
)
