"""The ``cardavia`` command: serve, replay, review, arena, bench (DESIGN.md, command-line contract)."""

from __future__ import annotations

import argparse
import importlib.util
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

REPLAY_HELP = """\
Check and score a deal record.

A record is one JSON object; its "game" is the game's id ({games}). Rule options other than the
defaults go in "options": {{...}}. Each game's records:

{examples}
Exit status: 0 for a legal record (finished: the outcome; unfinished: the state reached, with
"finished": false); 2 for a record that breaks a rule (the first bad action's 0-based index and
the rule) or is not a record (bad JSON, unknown tile), with a one-line reason on stderr.
"""
RECORD_HELP_FILE = "record_help.txt"  # in a game's engine package: its record example (optional)


def replay_help() -> str:
    """``cardavia replay``'s description: the record format, with each registered game's example
    (the ``record_help.txt`` of its engine package, found without importing the engine)."""
    from cardavia.games.registry import entries

    examples = []
    for entry in entries():
        spec = importlib.util.find_spec(entry.engine)
        for folder in (spec.submodule_search_locations or []) if spec else []:
            path = Path(folder) / RECORD_HELP_FILE
            if path.is_file():
                examples.append(path.read_text(encoding="utf-8"))
                break
    games = ", ".join(entry.id for entry in entries())
    return REPLAY_HELP.format(games=games, examples="".join(examples))


def _replay(args: argparse.Namespace) -> int:
    from cardavia.games.registry import get_game
    from cardavia.games.replay import ReplayRejected, replay_text

    try:
        text = sys.stdin.read() if args.file == "-" else Path(args.file).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        print(f"cardavia replay: cannot read {args.file}: {exc}", file=sys.stderr)
        return 2
    try:
        outcome = replay_text(text)
    except ReplayRejected as exc:
        print(f"cardavia replay: {exc}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(outcome.to_json()))
    else:
        print(get_game(outcome.game).describe(outcome.to_json()))
    return 0


REVIEW_HELP = """\
Review every decision of one seat in a finished deal record (the format of `cardavia replay`).

Each decision is priced from what the seat could see at that moment: the hidden pieces are sampled
consistently with its view, every legal alternative is played out on the same samples by the hard
bot's play-out policy, and the loss is the best alternative's mean net points minus the chosen one's,
with a 95 % interval. The best is what the table's Hint says there (the same analysis). Labels: best,
good, inaccuracy, mistake, blunder (a label is given only when the interval's lower bound clears its
threshold, in the game's points per stake and as a share of the decision's spread; docs/review.md).
Each decision says why the best is best, with the figures. Forced turns are not decisions.

--json prints {"game", "seat", "decisions": [{"index", "chosen", "best", "loss", "ci95": [lo, hi],
"label"}], "summary": {"decisions", "points_lost", "accuracy"}}; accuracy is 100 x (1 - points lost /
points at stake), the stake of a decision being its best minus its worst alternative's mean.
Exit status 2, with a one-line reason, for a file that is not a legal finished record or a bad seat.

A game whose decisions can be valued exactly (a handful of choices whose values can be enumerated)
is reviewed exactly: nothing is sampled, every alternative is listed with its exact expected points
and whom they are computed against, the loss is exact (ci95 = [loss, loss]) and a label is the
threshold it reaches; --json then adds "exact": true, "against" and "options": [{"action", "value",
"move", "chosen", "best"}] to each decision.
"""


def _review(args: argparse.Namespace) -> int:
    from cardavia.bots.registry import NoReview
    from cardavia.bots.review import ReviewError, review_text
    from cardavia.games.replay import ReplayRejected

    if args.index:
        from cardavia.bots.review import run_bulk_command

        results = Path(args.results) if args.results else None
        return run_bulk_command(
            Path(args.file), args.seed, args.workers, args.json, args.max_samples, results
        )
    if args.seat is None:
        print("cardavia review: --seat N is needed (the seat whose decisions are reviewed)", file=sys.stderr)
        return 2
    try:
        text = sys.stdin.read() if args.file == "-" else Path(args.file).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        print(f"cardavia review: cannot read {args.file}: {exc}", file=sys.stderr)
        return 2
    try:
        review = review_text(text, args.seat, seed=args.seed, max_samples=args.max_samples)
    except ReplayRejected as exc:
        print(f"cardavia review: {exc}", file=sys.stderr)
        return 2
    except (ReviewError, NoReview) as exc:
        print(f"cardavia review: {exc.message}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(review.to_json()))
        return 0
    for d in review.decisions:
        line = f"{d.index:>3} {d.label:<10} chose {json.dumps(d.chosen)}"
        if d.against is not None:  # exact: the loss, and every alternative's value
            if d.label != "best":
                line += f"  loss {d.loss:.4f}  best {json.dumps(d.best)}"
            print(line)
            print(f"    {d.against.text}:")
            for option in d.options:
                marks = [word for word, on in (("chosen", option.chosen), ("best", option.best)) if on]
                mark = f"  ({', '.join(marks)})" if marks else ""
                print(f"    {option.value:+.4f}  {option.move.text}{mark}")
            print(f"    why: {_why(d)}")
            continue
        if d.label != "best":
            line += f"  loss {d.loss:.2f} [{d.ci95[0]:.2f}, {d.ci95[1]:.2f}]  best {json.dumps(d.best)}"
        print(line)
        print(f"    why: {_why(d)}")
    s = review.summary()
    lost = f"{s['points_lost']:.4f}" if review.exact else f"{s['points_lost']:.2f}"
    if s["decisions"] == 1:  # an accuracy over one decision is all or nothing: how far its choices lay apart
        stake = f"{review.stake:.4f}" if review.exact else f"{review.stake:.2f}"
        print(f"1 decision, {lost} points lost; its choices lay {stake} apart")
        return 0
    print(f"{s['decisions']} decisions, {lost} points lost, accuracy {s['accuracy']:.1f}")
    return 0


def _why(d: Any) -> str:
    """A reviewed decision's reason and its figures, in English."""
    return d.reason.text if d.values is None else f"{d.reason.text}. {d.values.text}"


def _serve(args: argparse.Namespace) -> int:
    from cardavia.web.server import serve

    return int(
        serve(
            host=args.host,
            port=args.port,
            database=args.database,
            workers=args.workers,
            access_log=args.access_log,
            public_url=args.public_url,
            metrics_from=args.metrics_from,
        )
    )


def _migrate(args: argparse.Namespace) -> int:
    from cardavia.store.backup import run_migrate

    return run_migrate(args.database)


def _backup(args: argparse.Namespace) -> int:
    from cardavia.store.backup import run_backup

    return run_backup(args.database, Path(args.to))


def _restore(args: argparse.Namespace) -> int:
    from cardavia.store.backup import run_restore

    return run_restore(args.database, Path(args.source))


def _arena(args: argparse.Namespace) -> int:
    from cardavia.bots.arena import run_arena_command

    return int(run_arena_command(args))


def _bench(args: argparse.Namespace) -> int:
    if args.http:
        from cardavia.bench.load import run_http_bench

        return int(run_http_bench(args))
    from cardavia.bench.engine import run_bench_command

    return int(run_bench_command(args))


def build_parser() -> argparse.ArgumentParser:
    """The ``cardavia`` command's parser (its game choices from the registry)."""
    from cardavia.games.registry import game_ids

    parser = argparse.ArgumentParser(prog="cardavia", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)

    serve = sub.add_parser("serve", help="serve the site")
    serve.add_argument("--host", default="127.0.0.1")
    serve.add_argument("--port", type=int, default=8000)
    serve.add_argument(
        "--database",
        default=None,
        help="SQLAlchemy URL (default: $CARDAVIA_DATABASE_URL, else SQLite in the user's data folder)",
    )
    serve.add_argument(
        "--public-url",
        default=None,
        help="the site's address as visitors reach it (e.g. https://cards.example), for invite links "
        "(default: $CARDAVIA_PUBLIC_URL, else links relative to the site)",
    )
    serve.add_argument(
        "--metrics-from",
        default=None,
        metavar="NETWORKS",
        help="the addresses /metrics answers, comma-separated (127.0.0.1,10.0.0.0/8; none: no one) "
        "(default: $CARDAVIA_METRICS_FROM, else loopback)",
    )
    serve.add_argument(
        "--workers",
        type=int,
        default=1,
        help="processes on the one port (PostgreSQL only); one that dies is replaced (docs/operations.md)",
    )
    serve.add_argument(
        "--access-log",
        choices=("json",),
        default=None,
        help="json: one JSON object a request on standard output (time, method, route, status, duration_ms)",
    )
    serve.set_defaults(func=_serve)

    database_help = "SQLAlchemy URL (default: $CARDAVIA_DATABASE_URL, else SQLite in the user's data folder)"
    migrate = sub.add_parser("migrate", help="bring the database to this version's schema (Alembic)")
    migrate.add_argument("--database", default=None, help=database_help)
    migrate.set_defaults(func=_migrate)

    backup = sub.add_parser(
        "backup",
        help="copy the database while it is served: SQLite's online backup, or pg_dump's custom format",
    )
    backup.add_argument("--database", default=None, help=database_help)
    backup.add_argument("--to", required=True, metavar="FILE", help="the backup file to write")
    backup.set_defaults(func=_backup)

    restore = sub.add_parser(
        "restore", help="put a backup back (the server stopped): SQLite's backup API, or pg_restore"
    )
    restore.add_argument("--database", default=None, help=database_help)
    restore.add_argument("--from", dest="source", required=True, metavar="FILE", help="the backup file")
    restore.set_defaults(func=_restore)

    replay = sub.add_parser(
        "replay",
        help="check and score a deal record",
        description=replay_help(),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    replay.add_argument("file", help="the record's path, or - for standard input")
    replay.add_argument("--json", action="store_true", help="print one JSON object")
    replay.set_defaults(func=_replay)

    review = sub.add_parser(
        "review",
        help="price each decision of one seat in a finished deal record",
        description=REVIEW_HELP,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    review.add_argument("file", help="the record's path, or - for standard input")
    review.add_argument("--seat", type=int, default=None, help="the seat whose decisions are reviewed")
    review.add_argument(
        "--index",
        action="store_true",
        help="FILE is an arena's index.json: review every seat of every record, summed up by level",
    )
    review.add_argument("--workers", type=int, default=1, help="with --index: processes to review in")
    review.add_argument(
        "--results",
        default=None,
        metavar="FILE",
        help="with --index: keep each seat's review in FILE (JSON lines) as it is done, and reuse those "
        "already there: a bulk review can be resumed or extended to more deals",
    )
    review.add_argument(
        "--max-samples",
        type=int,
        default=None,
        help="cap on samples per decision (quicker, rougher)",
    )
    review.add_argument(
        "--seed", type=int, default=0, help="the samples' seed (the same seed, the same review)"
    )
    review.add_argument("--json", action="store_true", help="print one JSON object")
    review.set_defaults(func=_review)

    arena = sub.add_parser("arena", help="bots against each other on duplicate deals")
    arena.add_argument("game", choices=game_ids())
    arena.add_argument(
        "--seats",
        required=True,
        help="one level per seat, e.g. normal,easy,easy,easy (a partnership game: per team, hard,normal)",
    )
    arena.add_argument("--deals", type=int, default=200)
    arena.add_argument("--seed", type=int, default=1)
    arena.add_argument("--workers", type=int, default=1, help="processes to play deals in")
    arena.add_argument("--json", action="store_true")
    arena.add_argument(
        "--records", metavar="DIR", default=None, help="write every deal's record and DIR/index.json"
    )
    arena.set_defaults(func=_arena)

    bench = sub.add_parser("bench", help="engine and bot speed (and --http: the server under load)")
    bench.add_argument("--json", action="store_true")
    bench.add_argument(
        "--game", action="append", choices=game_ids(), help="bench only this game (repeat for more)"
    )
    bench.add_argument("--http", action="store_true", help="simulated players against one server")
    bench.add_argument("--players", type=int, default=200, help="with --http: concurrent players")
    bench.add_argument("--seconds", type=float, default=20.0, help="with --http: how long to run")
    bench.add_argument(
        "--tables",
        type=int,
        default=100,
        help="with --http: tables of invited people (every seat a person), 0 for none",
    )
    bench.add_argument(
        "--database",
        default=None,
        help="with --http: a postgresql:// URL; each phase runs on a throw-away database on that server",
    )
    bench.add_argument(
        "--server-workers",
        type=int,
        default=1,
        help="with --http: the server's processes (serve --workers; above 1 needs --database)",
    )
    bench.add_argument("--quick", action="store_true", help="fewer samples, for a smoke run")
    bench.set_defaults(func=_bench)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    return int(args.func(args))


if __name__ == "__main__":
    raise SystemExit(main())
