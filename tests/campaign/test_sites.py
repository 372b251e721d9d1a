"""Listing a campaign's sites from one fault-free run (DESIGN.md §10, issue 16 item 1):
every data access of every instruction by page and access kind, a DMA's source and
destination separately, both pages of a page-crossing range, the fetch of each code page
with faults=all; the expected TRAPARG0 is the faulting probe's original address
(asl/scalar/model/amo/semantics.asl ExecuteScalarDMACopy64: "RaiseDataAccessFault(
source_probe, source_address)")."""

from __future__ import annotations

import pytest
from campaign.helpers import CAMPAIGN_PROGRAMS, PAGE, listing
from support.paths import TEST_PROGRAMS

from ptodbg.campaign.runner import choose
from ptodbg.debug.faults.sites import ListingError, list_sites
from ptodbg.debug.files.program import open_debugger


def test_a_dma_has_a_read_site_on_its_source_page_and_a_write_site_on_its_destination_page():
    found, sym = listing(TEST_PROGRAMS / "dma_fault.s")
    assert found.status == "stopped" and found.steps == 5
    assert [(s.step, s.pc, s.page, s.access, s.address, s.mnemonic, s.perms) for s in found.sites] == [
        (2, sym["copy"], sym["src"] & ~(PAGE - 1), "read", sym["src"], "DMA", "-w-"),
        (2, sym["copy"], sym["dst"], "write", sym["dst"], "DMA", "r--"),
    ]


def test_a_page_crossing_source_is_two_sites_that_both_report_the_range_start():
    found, sym = listing(CAMPAIGN_PROGRAMS / "dma_page_cross.s")
    src, dst = sym["src"], sym["dst"]
    assert src & (PAGE - 1) == PAGE - 32  # the fixture: 32 bytes on each side of the boundary
    assert [(s.page, s.access, s.address) for s in found.sites] == [
        (src & ~(PAGE - 1), "read", src),
        ((src & ~(PAGE - 1)) + PAGE, "read", src),  # not the first denied byte: the probe's address
        (dst, "write", dst),
    ]


def test_frame_slots_on_two_pages_give_a_site_per_page_at_the_first_slot_there():
    found, sym = listing(CAMPAIGN_PROGRAMS / "frame_page_cross.s")
    top = sym["top"]
    by_kind = [(s.mnemonic, s.page, s.access, s.address) for s in found.sites]
    assert by_kind == [
        ("FENTRY", top & ~(PAGE - 1), "write", top - 8),  # the first slot (ra) is on top's page
        ("FENTRY", (top & ~(PAGE - 1)) - PAGE, "write", top - 24),  # the third (s1) below it
        ("FEXIT", top & ~(PAGE - 1), "read", top - 8),
        ("FEXIT", (top & ~(PAGE - 1)) - PAGE, "read", top - 24),
    ]


def test_faults_all_adds_the_fetch_of_each_code_page_entered():
    data, sym = listing(TEST_PROGRAMS / "dma_copy.s")
    every, _ = listing(TEST_PROGRAMS / "dma_copy.s", faults="all")
    assert all(s.access != "fetch" for s in data.sites)
    fetches = [s for s in every.sites if s.access == "fetch"]
    assert [(s.step, s.page, s.address, s.perms) for s in fetches] == [(0, sym["_start"], sym["_start"], "r--")]
    assert [s for s in every.sites if s.access != "fetch"] == data.sites


def test_system_call_buffers_are_not_sites():
    """The kernel's copy of a write() buffer answers -EFAULT instead of trapping: it is not
    an access of the instruction, so hello_linux has no data site at all."""
    found, _ = listing(TEST_PROGRAMS / "hello_linux.s", profile="linux")
    assert found.status == "exited" and found.sites == []


def test_a_run_that_does_not_stop_is_refused_with_the_bound():
    dbg = open_debugger(TEST_PROGRAMS / "cond_loop.s")
    with pytest.raises(ListingError, match="did not stop within 10 steps"):
        list_sites(dbg, "data", max_steps=10)


def test_unknown_fault_kind_is_refused():
    with pytest.raises(ListingError, match="faults must be one of"):
        list_sites(open_debugger(TEST_PROGRAMS / "dma_copy.s"), "code")


def test_a_sample_is_reproducible_sorted_and_seeded():
    a = choose(1000, 50, seed=7)
    assert a == choose(1000, 50, seed=7) and a == sorted(a) and len(set(a)) == 50
    assert a != choose(1000, 50, seed=8)
    assert choose(10, 50, seed=1) == list(range(10))
    assert choose(10, None, seed=1) == list(range(10))
