"""Secret Card's hint templates, by reason id: the two of the toy's that its bots give."""

from toy.bots.messages import HINTS as TOY_HINTS

HINTS: dict[str, str] = {reason: TOY_HINTS[reason] for reason in ("highest", "lowest")}
