"""Running one target under atheris (coverage-guided, libFuzzer's engine).

``python -m tests.fuzz.TARGET [libFuzzer flags] [CORPUS_DIR ...]`` — for example::

    python -m tests.fuzz.asm -atheris_runs=100000 -timeout=10 -rss_limit_mb=1024 \\
        /tmp/asm-work tests/fuzz/corpus/asm

New inputs go to the first folder (keep it outside the repository; copy the interesting
ones into ``tests/fuzz/corpus/TARGET/``), the kept corpus seeds the run.  A crash stops the
run and writes ``crash-*`` with the input.  Needs ``pip install -e '.[fuzz]'``.
"""

from __future__ import annotations

import importlib
import pkgutil
import sys

# The modules whose coverage guides each target (instrumenting everything it reaches,
# the emulator and the tables included, makes the slow targets ten times slower).
INSTRUMENTED = {
    "elf": ("ptodbg.isa.elf",),
    "asm": ("ptodbg.isa.asm", "ptodbg.isa.syntax"),
    "expr": ("ptodbg.debug.engine.expr",),
    "session": ("ptodbg.debug.files.session", "ptodbg.debug.files.session_schema", "ptodbg.base.userfile", "ptodbg.debug.engine.expr"),
    "batch": ("ptodbg.debug.commands", "ptodbg.debug.engine.debugger", "ptodbg.debug.engine.expr", "ptodbg.debug.commands.batch",
              "ptodbg.debug.commands.memformat", "ptodbg.debug.commands.displays", "ptodbg.debug.engine.lastwrite", "ptodbg.debug.engine.frames",
              "ptodbg.debug.engine.stops", "ptodbg.debug.cxx.names", "ptodbg.debug.cxx.demangle", "ptodbg.debug.engine.forward"),
    "dap": ("ptodbg.dap.server",),
    "avs": ("ptodbg.avs.suite",),  # the whole avs package: the language and the harness
}
# atheris instruments every module of the *package* of an included name that is imported
# while its hook is on, so a target that needs only its own modules instrumented imports
# the rest first (uninstrumented: the emulator at full speed), then its own.  NAME.* is
# every module of the package NAME.
PRELOADED = {
    "dap": ("ptodbg.base.*", "ptodbg.isa.*", "ptodbg.core.*", "ptodbg.linux.*", "ptodbg.debug.*"),
    "avs": ("ptodbg.base.*", "ptodbg.isa.*", "ptodbg.core.*", "ptodbg.tile.*"),
}


def fuzz_main(name: str) -> None:
    try:
        import atheris
    except ImportError:
        sys.exit("atheris is not installed: pip install -e '.[fuzz]' (the corpus replay runs without it)")
    for module in PRELOADED.get(name, ()):
        if module.endswith(".*"):  # a package and all its modules
            package = importlib.import_module(module[:-2])
            for info in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
                importlib.import_module(info.name)
        else:
            importlib.import_module(module)
    with atheris.instrument_imports(include=list(INSTRUMENTED[name])):
        if name in PRELOADED:
            for module in INSTRUMENTED[name]:
                importlib.import_module(module)
        else:
            import ptodbg.debug.commands  # noqa: F401  (everything the targets reach)
            import ptodbg.debug.engine.debugger  # noqa: F401
            import ptodbg.debug.engine.expr  # noqa: F401
            import ptodbg.debug.engine.lastwrite  # noqa: F401  (imported by `last` when it first runs)
            import ptodbg.debug.files.session  # noqa: F401
            import ptodbg.isa.asm  # noqa: F401
            import ptodbg.isa.elf  # noqa: F401
    from .targets import TARGETS

    target = TARGETS[name]
    target(b"")  # warm up (the batch and session targets assemble their program once)

    def one_input(data: bytes) -> None:
        target(data)

    atheris.Setup(sys.argv, one_input)
    atheris.Fuzz()
