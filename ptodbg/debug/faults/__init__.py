"""Fault injection as campaigns use it: the sites of a fault-free run (:mod:`.sites`), checking
one site (:mod:`.check`) by comparing observations of a machine (:mod:`.state`), and session
files that open the debugger at a site with its fault armed (:mod:`.session`)."""
