"""The editor integrations: the VS Code extension manifest contributes the ``ptodbg``
debug type with exactly the launch arguments the adapter takes, and the launch
configurations the README shows work against ``ptodbg dap``."""

from __future__ import annotations

import json
import re
import shutil
import subprocess

import pytest
from dap.dap_client import ROOT, Client

from ptodbg.dap.target import COMPAT, PROFILES

VSCODE = ROOT / "editors" / "vscode"
WALK = ROOT / "tests" / "dap" / "programs" / "walk.s"
LAUNCH_ARGUMENTS = {"program", "profile", "compat", "session", "stopOnEntry", "maxSteps", "args", "cwd"}


def _manifest() -> dict:
    return json.loads((VSCODE / "package.json").read_text())


def _debugger() -> dict:
    (debugger,) = _manifest()["contributes"]["debuggers"]
    return debugger


def test_manifest_contributes_the_ptodbg_debug_type():
    manifest = _manifest()
    debugger = _debugger()
    assert debugger["type"] == "ptodbg"
    assert "onDebugResolve:ptodbg" in manifest["activationEvents"]
    launch = debugger["configurationAttributes"]["launch"]
    assert launch["required"] == ["program"]
    assert set(launch["properties"]) == LAUNCH_ARGUMENTS
    assert launch["properties"]["profile"]["enum"] == list(PROFILES)
    assert [c for c in launch["properties"]["compat"]["enum"] if c] == list(COMPAT)
    for config in debugger["initialConfigurations"] + [s["body"] for s in debugger["configurationSnippets"]]:
        assert config["type"] == "ptodbg" and config["request"] == "launch"
        assert set(config) - {"type", "request", "name"} <= LAUNCH_ARGUMENTS
    # the extension runs `<ptodbg.executable> dap`
    source = (VSCODE / "extension.js").read_text()
    assert "new vscode.DebugAdapterExecutable(executable, ['dap'])" in source
    assert manifest["contributes"]["configuration"]["properties"]["ptodbg.executable"]["default"] == "ptodbg"


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_extension_script_is_valid_javascript():
    done = subprocess.run(["node", "--check", str(VSCODE / "extension.js")], capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0, done.stderr


def _readme_launch_configurations() -> list[dict]:
    readme = (ROOT / "README.md").read_text()
    section = readme[readme.index("### VS Code"):readme.index("### Neovim")]
    block = re.search(r"```json\n(.*?)```", section, re.S).group(1)
    return json.loads(block)["configurations"]


def test_readme_launch_configurations_work():
    configurations = _readme_launch_configurations()
    assert configurations
    for config in configurations:
        assert set(config) - {"type", "request", "name"} <= LAUNCH_ARGUMENTS
        args = {k: v.replace("${file}", str(WALK)).replace("${workspaceFolder}", str(ROOT))
                if isinstance(v, str) else v for k, v in config.items()}
        c = Client.pipes()
        try:
            c.ok("initialize", {"adapterID": config["type"]})
            c.ok("launch", args)
            c.event("initialized")
            c.ok("configurationDone")
            if args.get("stopOnEntry", True):
                assert c.stopped()["reason"] == "entry"
                assert c.top()["source"]["path"] == str(WALK)
            else:
                if args.get("profile") == "linux":
                    assert c.event("exited")["body"]["exitCode"] == 3
                else:
                    c.stopped()
        finally:
            c.close()


def test_readme_shows_nvim_dap():
    readme = (ROOT / "README.md").read_text()
    section = readme[readme.index("### Neovim (nvim-dap)"):]
    assert 'dap.adapters.ptodbg = { type = "executable", command = "ptodbg", args = { "dap" } }' in section
    assert "step_back" in section and "reverse_continue" in section
