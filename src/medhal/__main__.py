"""``python -m medhal`` runs the command line."""

from medhal.cli.main import main

main()
