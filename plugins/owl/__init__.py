"""Dragon life and death (owl), eye vital points and semeai (not built yet)."""
