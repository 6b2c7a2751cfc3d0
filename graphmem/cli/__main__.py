"""`python -m graphmem.cli` runs the `graphmem` command line."""

from graphmem.cli import main

main()
