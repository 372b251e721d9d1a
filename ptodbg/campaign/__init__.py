"""Fault-injection campaigns (docs/interfaces.md §10): fault every memory access of a program once,
on Dask, and check that each trap is precise and recovers to the fault-free end.

A client of :mod:`ptodbg.debug` only: the sites come from
:mod:`ptodbg.debug.faults.sites`, each check from :mod:`ptodbg.debug.faults.check`.  This
package distributes the checks (:mod:`.cluster`, :mod:`.worker`), keeps their results
safe on disk for resumption (:mod:`.store`), shows progress (:mod:`.progress`) and
reports (:mod:`.report`); :mod:`.runner` ties them together for ``ptodbg campaign``.
"""
