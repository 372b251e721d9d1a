"""``ptodbg campaign`` as a hostile user types it: every number bounded, one clear error
line and exit status 2 for bad usage or input, before any cluster is started."""

from __future__ import annotations

import io

import pytest
from campaign.helpers import CAMPAIGN_PROGRAMS
from support.paths import TEST_PROGRAMS

from ptodbg.campaign.progress import CampaignProgress
from ptodbg.cli import main

DMA = str(TEST_PROGRAMS / "dma_copy.s")


@pytest.mark.parametrize(
    "argv,needle",
    [
        ([DMA, "--workers", "0"], "--workers 0: expected 1..512"),
        ([DMA, "--workers", "100000"], "--workers 100000: expected 1..512"),
        ([DMA, "--sample", "0"], "--sample 0: expected 1.."),
        ([DMA, "--seed", "-1"], "--seed -1: expected 0.."),
        ([DMA, "--max-steps", "0"], "--max-steps 0: expected 1.."),
        ([DMA, "--scheduler", "localhost"], "expected an address such as tcp://HOST:8786"),
        ([DMA, "--faults", "code"], "invalid choice: 'code'"),
        ([DMA, "--profile", "nonsense"], "invalid choice: 'nonsense'"),
        ([DMA, "--sample", "lots"], "invalid int value: 'lots'"),
        (["/no/such/program.elf"], "/no/such/program.elf: no such file"),
        ([str(TEST_PROGRAMS / "cond_loop.s"), "--max-steps", "5"], "did not stop within 5 steps"),
        ([str(CAMPAIGN_PROGRAMS / "reference_store.s"), "--profile", "reference", "--faults", "all"],
         "the reference profile does not model instruction fetch faults"),
    ],
)
def test_bad_usage_is_one_line_and_status_2(argv, needle, capsys):
    assert main(["campaign", *argv]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    lines = captured.err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("ptodbg: error: ") and needle in lines[0], captured.err


def test_an_out_folder_that_is_not_a_campaign_is_refused(tmp_path, capsys):
    (tmp_path / "notes.txt").write_text("mine")
    assert main(["campaign", DMA, "--out", str(tmp_path)]) == 2
    assert "is not empty and holds no campaign.json" in capsys.readouterr().err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["notes.txt"]  # nothing written


def test_the_progress_bar_counts_passing_and_failing_sites():
    stream = io.StringIO()
    bar = CampaignProgress(4, enabled=True)
    bar._bar.console.file = stream  # a terminal stand-in: capture what the bar draws
    with bar:
        bar.advance([{"passed": True}, {"passed": False}])
        bar.advance([{"passed": True}])
    assert (bar.passing, bar.failing) == (2, 1)
    text = stream.getvalue()
    assert "3/4" in text and "2 passing" in text and "1 failing" in text


def test_no_progress_bar_off_a_terminal():
    bar = CampaignProgress(4, enabled=False)
    with bar:
        bar.advance([{"passed": True}])
    assert bar._bar is None and bar.passing == 1
