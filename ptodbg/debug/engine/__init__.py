"""The debugger engine: :class:`~.debugger.Debugger`, one façade over stopping
(:mod:`.stops`), running forward (:mod:`.forward`), the timeline (:mod:`.history`,
:mod:`.timeline`: travel; :mod:`.edits`, :mod:`.editing`: the user's changes), the call chain
(:mod:`.frames`), symbols and source lines (:mod:`.symbols`, :mod:`.lines`, :mod:`.source_step`),
``last`` (:mod:`.lastwrite`), the expression language its conditions are written in
(:mod:`.expr`) and instruction traces (:mod:`.trace`).

This package imports nothing when it is imported: the view and the command language import
from its modules, and some of its modules read records from the view package."""
