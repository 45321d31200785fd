"""The GTP server and the `kiai` command line."""
