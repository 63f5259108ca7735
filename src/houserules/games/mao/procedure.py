"""The table's procedure as every Mao bot says it: the dealer's words when they are due.

Both bots (``bots.Knower`` and ``learner.Learner``) deal and rule the same way, so the
words live here once.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...engine.core import Action
from . import rulebook as rb
from .speech import loose
from .view import MaoView

#: phrases of the table's procedure, not duties
PROCEDURE = {loose(p) for p in (rb.START, rb.SUSTAINED, rb.OVERRULED, rb.ADJOURNED, rb.POINT_OF_ORDER,
                                rb.PAUSED_ORIGINAL)}


def procedure(view: MaoView | None, mine: Sequence[Action]) -> Action | None:
    """The dealer's words when they are due (a bot dealer says them itself): the start,
    sustaining a point of order, adjourning when another seat asks for it or a quiet spell is
    over (H-pause); a match's winner writes a rule (from the
    library, or composed), an addition first."""
    if view is None:
        return None
    writes = [a for a in mine if a.kind in ("write", "read")]  # a bot witness reads the new rule at once
    if writes:
        return next((a for a in writes if a.kind == "read" or a.arg[0] == "add"), writes[0])
    said = {loose(a.arg): a for a in mine if a.kind == "say"}
    if not view.started:
        wanted = rb.START
    elif view.asked is not None:
        wanted = rb.SUSTAINED
    elif view.paused and (asked_to_adjourn(view) or quiet_spell_over(view)):
        return said.get(loose(rb.ADJOURNED)) or said.get(loose(rb.START))  # the original set resumes with the start
    else:
        return None  # a pause is left to those who speak in it: it ends when asked, or after a quiet spell (H-pause)
    return said.get(loose(wanted))


def asked_to_adjourn(view: MaoView) -> bool:
    """Whether the last thing said at the table was another seat asking, "Meeting adjourned."
    (only the dealer's words adjourn; a bot dealer grants the request)."""
    last = view.log[-1] if view.log else None
    return (last is not None and last[1] == "say" and last[2] != view.seat
            and loose(str(last[3])) == loose(rb.ADJOURNED))


def quiet_spell_over(view: MaoView) -> bool:
    """Whether nobody has spoken in the pause for a quiet spell: the software dealer adjourns
    then, and a bot that deals for a person who judges (a stand-in) does so too (H-pause)."""
    return view.adjourn_at is not None and view.clock >= view.adjourn_at
