"""``python -m src.cli``: the command line of this package."""

from . import main

if __name__ == "__main__":
    main()
