"""Position analysis: worms (strings with their tactical status), eye spaces, dragons,
influence (territory, moyo, area), the whole `Analysis` of a position and the score."""
