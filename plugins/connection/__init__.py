"""Connections: CONNECT and CUT reasons from the attack and defence of cutting stones.
Connection reading (string_connect / disconnect) is not built yet."""
