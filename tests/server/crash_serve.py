"""``gin serve`` that kills itself with SIGKILL at the worst moment of a tournament: its
round's games made, their links not yet written. ``GIN_CRASH_AT=next_round`` (the default):
when a round's last result and the next round's games are about to be stored;
``GIN_CRASH_AT=start``: when the start and the first round's games are.
``python -m tests.server.crash_serve serve ...``."""

import os
import signal
import sys
from typing import Any

from ginrummy.cli import main
from ginrummy.server.storage.tournament_store import TournamentStore

_store_result = TournamentStore.result
_store_start = TournamentStore.start


def _killed_before_the_next_round_is_stored(self: TournamentStore, tournament_id: str,
                                            link: Any, next_games: Any, status: Any,
                                            *more: Any) -> None:
    if next_games:
        os.kill(os.getpid(), signal.SIGKILL)
    _store_result(self, tournament_id, link, next_games, status, *more)


def _killed_before_the_start_is_stored(self: TournamentStore, *args: Any) -> None:
    os.kill(os.getpid(), signal.SIGKILL)
    _store_start(self, *args)


if os.environ.get("GIN_CRASH_AT", "next_round") == "start":
    TournamentStore.start = _killed_before_the_start_is_stored  # type: ignore[method-assign]
else:
    TournamentStore.result = _killed_before_the_next_round_is_stored  # type: ignore[method-assign]
sys.exit(main())
