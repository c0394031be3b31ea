"""The players: the built-in ones (:mod:`.greedy`, :mod:`.uniform`, :mod:`.points`,
:mod:`.engine`, :mod:`.search`, and :mod:`.advice`, the advisors the last two share with a game's review), the
external programs (:mod:`.external`) and the registry by name (:mod:`.registry`). A player sees
only its :class:`~crib_stats.model.view.View` and answers the
:class:`~crib_stats.referee.player.Player` protocol; both are the referee's (the layer below,
which makes the views and asks the questions), named here too.
"""

from __future__ import annotations

from crib_stats.model.view import View
from crib_stats.referee.player import Answer, Player, PlayerFailure

from .engine import EnginePlayer
from .external import PROTOCOL_VERSION, ExecPlayer
from .greedy import GreedyPlayer
from .points import PointsPlayer
from .search import SearchPlayer
from .registry import PlayerError, check_plays, make_player, names, register, register_prefix
from .sloppy import SloppyPlayer
from .uniform import RandomPlayer

__all__ = ["Player", "View", "Answer", "PlayerFailure", "GreedyPlayer", "RandomPlayer", "PointsPlayer", "EnginePlayer", "SloppyPlayer", "SearchPlayer",
           "ExecPlayer", "PROTOCOL_VERSION", "PlayerError", "make_player", "check_plays", "names", "register",
           "register_prefix"]
