"""AI seats and hints. A bot sees one seat's view, never the deal's state."""
