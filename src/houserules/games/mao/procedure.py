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
    sustaining a point of order, adjourning (or, in the original set, anyone resuming); a
    match's winner writes a rule (from the library, or composed), an addition first."""
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
    elif view.paused:
        wanted = rb.START if loose(rb.START) in said else rb.ADJOURNED
    else:
        return None
    return said.get(loose(wanted))
