"""`python main.py ...` from a checkout runs the same command line as the installed `crosscheck`."""

from src.cli import cli, main

__all__ = ["cli", "main"]

if __name__ == "__main__":
    main(prog_name="python main.py")
