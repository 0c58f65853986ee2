"""Each game's web package (``GameEntry.web``): ``WEB``, a :class:`cardavia.web.game_parts.GameWeb`."""
