"""``gin serve`` that kills itself with SIGKILL at the worst moment of a tournament: when a
round's last result and the next round's games are about to be stored (the games are made,
their links not yet written). ``python -m tests.server.crash_serve serve ...``."""

import os
import signal
import sys
from typing import Any

from ginrummy.cli import main
from ginrummy.server.storage.tournament_store import TournamentStore

_store_result = TournamentStore.result


def _killed_before_the_next_round_is_stored(self: TournamentStore, tournament_id: str,
                                            link: Any, next_games: Any, status: Any) -> None:
    if next_games:
        os.kill(os.getpid(), signal.SIGKILL)
    _store_result(self, tournament_id, link, next_games, status)


TournamentStore.result = _killed_before_the_next_round_is_stored  # type: ignore[method-assign]
sys.exit(main())
