"""Signed reply addresses of open tables' emails (issue 35 §1): ``table+<token>@MAIL_DOMAIN``
names one seat at an open table (:class:`service.store.models.OpenSeatRow`), so that a reply
from its address takes the seat, or leaves it, as its link would. Sealed as
:mod:`service.links.sealed` says, under a key of its own purpose: no game's reply address
and no bounce address reads as one."""

from __future__ import annotations

from service.links.sealed import IdAddress

TABLE_SEAT = IdAddress(b"pbem.table-seat.v1", "table+")
encode, decode, address = TABLE_SEAT.encode, TABLE_SEAT.decode, TABLE_SEAT.address
