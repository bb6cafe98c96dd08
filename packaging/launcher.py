"""Entry point of the frozen app (PyInstaller): the same ``main`` as the ``midway-desktop`` command."""

from midway_desktop.cli import main

if __name__ == "__main__":
    raise SystemExit(main())
