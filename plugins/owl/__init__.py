"""Dragon life and death: owl reading (reader.py, service.py) and the plugin's hooks."""
