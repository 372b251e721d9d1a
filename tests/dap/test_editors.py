"""The editor integrations: the VS Code extension manifest contributes the ``ptodbg``
debug type with exactly the launch arguments the adapter takes and claims no assembly
files of other architectures, ``vsce package`` (Microsoft's packaging tool, from the
committed lockfile) builds the .vsix from it, and the launch configurations the README
shows work against ``ptodbg dap``."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import zipfile

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


def test_the_extension_claims_only_pto_assembly():
    """A ``pto-asm`` language that a user opts into (files named *.pto.s, a file
    association per workspace, or the language mode of a file): no claim on every .s,
    .S or .asm file, breakpoints only in pto-asm files, no activation it does not use."""
    manifest = _manifest()
    (language,) = manifest["contributes"]["languages"]
    assert language["id"] == "pto-asm" and "extensions" not in language
    assert all(p.startswith("*.pto.") for p in language["filenamePatterns"])
    assert manifest["contributes"]["breakpoints"] == [{"language": "pto-asm"}]
    assert _debugger()["languages"] == ["pto-asm"]
    assert manifest["activationEvents"] == ["onDebugResolve:ptodbg"]
    assert "registerDebugConfigurationProvider('ptodbg'" in (VSCODE / "extension.js").read_text()
    assert manifest["license"] == "BSD-3-Clause" and manifest["repository"]["url"].startswith("https://")
    assert (VSCODE / "LICENSE").read_text() == (ROOT / "LICENSE").read_text()
    assert "node_modules/**" in (VSCODE / ".vscodeignore").read_text().splitlines()
    readme = (VSCODE / "README.md").read_text()
    assert '"files.associations": { "*.s": "pto-asm"' in readme


def test_vsce_packages_the_extension(tmp_path):
    """``vsce package`` of the committed manifest: a broken manifest fails here.  The
    tool comes from editors/vscode's lockfile (``npm ci`` when it is missing)."""
    npm, npx = shutil.which("npm"), shutil.which("npx")
    if shutil.which("node") is None or npm is None or npx is None:
        pytest.skip("node and npm are not installed: vsce needs them")
    if not (VSCODE / "node_modules" / "@vscode" / "vsce" / "package.json").exists():
        done = subprocess.run([npm, "ci", "--omit=optional", "--no-audit", "--no-fund"], cwd=VSCODE,
                              capture_output=True, text=True, timeout=600)
        assert done.returncode == 0, f"npm ci failed:\n{done.stdout}\n{done.stderr}"
    vsix = tmp_path / "ptodbg.vsix"
    done = subprocess.run([npx, "--no-install", "vsce", "package", "--out", str(vsix)], cwd=VSCODE,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, f"vsce package failed:\n{done.stdout}\n{done.stderr}"
    names = set(zipfile.ZipFile(vsix).namelist())
    assert {"extension/package.json", "extension/extension.js", "extension/LICENSE.txt",
            "extension/readme.md", "extension.vsixmanifest"} <= names
    assert not [n for n in names if "node_modules" in n or n.endswith("package-lock.json")]
    packed = json.loads(zipfile.ZipFile(vsix).read("extension/package.json"))
    assert packed["contributes"] == _manifest()["contributes"] and packed["version"] == _manifest()["version"]
    manifest_xml = zipfile.ZipFile(vsix).read("extension.vsixmanifest").decode()
    assert 'Id="ptodbg"' in manifest_xml and 'Publisher="ptodbg"' in manifest_xml


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


def _readme_table(section: str) -> dict[str, list[str]]:
    rows = re.findall(r"^\| ([a-z ]+) \| (.+) \|$", section, re.M)
    return {name: [w.strip() for w in value.split(",")] for name, value in rows}


def test_readme_lists_what_the_adapter_answers():
    """DESIGN.md §9's list, kept current in the README: every capability the adapter
    advertises, every request it answers (attach is refused) and every filter."""
    from ptodbg.dap.requests import CAPABILITIES, Requests

    readme = (ROOT / "README.md").read_text()
    table = _readme_table(readme[readme.index("What `ptodbg dap` answers"):readme.index("### VS Code")])
    assert table["capabilities"] == [k for k, v in CAPABILITIES.items() if k.startswith("supports") and v is True]
    handled = {name[len("on_"):] for name in dir(Requests) if name.startswith("on_")} - {"attach"}
    assert set(table["requests"]) == handled and len(table["requests"]) == len(handled)
    filters = [f["filter"] for f in CAPABILITIES["exceptionBreakpointFilters"]]
    assert table["exception filters"][:-1] + [table["exception filters"][-1].split(" (")[0]] == filters
