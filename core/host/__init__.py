"""The plugin host: hook specs, loading plugins by entry point, the typed services they
offer one another, the options they declare, the worker pool and the context a plugin
runs in."""
