"""C++ names: the Itanium demangler (:mod:`.demangle`) and finding a function by the
C++ name a programmer types (:mod:`.names`)."""
