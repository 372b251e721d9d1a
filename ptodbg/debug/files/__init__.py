"""The debugger's files: opening programs (:mod:`.program`), saved sessions and their
schema (:mod:`.session`, :mod:`.session_schema`), the data files ptodbg ships and the ones a
user gives (:mod:`.datafiles`), and writing a user's file atomically (:mod:`.atomicwrite`)."""
