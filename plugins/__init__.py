"""Kiai's built-in plugins (move generators and readers), found through the kiai.plugins
entry points like anyone else's."""

import core.build as _build

_build.install()
