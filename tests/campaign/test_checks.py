"""Checking sites (DESIGN.md §10, issue 16 items 2 and 5) without Dask: the DMA programs
trap precisely and recover at every site; a machine with a store committed before its
permission check, and a campaign that leaves out `recover`, are caught; the documented
exceptions (restartable frame templates, SC's cleared reservation) are reported by name,
excuse only what they describe, and are never a plain pass."""

from __future__ import annotations

import pytest
from campaign.helpers import CAMPAIGN_PROGRAMS, DMA_PROGRAMS, PAGE, listing
from support.paths import TEST_PROGRAMS

from ptodbg.debug.faults.check import SiteChecker


def verdicts(path, faults="data", **options):
    found, sym = listing(path, faults)
    checker = SiteChecker(str(path), interval=2, **options)
    return [(site, checker.check(site)) for site in found.sites], sym


@pytest.mark.parametrize("path", DMA_PROGRAMS, ids=lambda p: p.stem)
def test_every_site_of_the_dma_programs_traps_precisely_and_recovers(path):
    results, _ = verdicts(path, "all")
    assert {s.access for s, _ in results} == {"fetch", "read", "write"}
    for site, v in results:
        assert (v.precise, v.recovered, v.exception, v.passed) == (True, True, None, True), (site, v.detail)
        number = 33 if site.access == "fetch" else 35  # INST_PAGE_FAULT / DATA_PAGE_FAULT
        assert f"trap {number} TRAPARG0 {site.address:#x}" in v.detail
        assert v.detail.endswith("recovered to the fault-free end")


def test_a_fault_on_the_second_page_of_a_source_reports_the_range_start():
    results, sym = verdicts(CAMPAIGN_PROGRAMS / "dma_page_cross.s")
    second = [v for s, v in results if s.page == (sym["src"] & ~(PAGE - 1)) + PAGE]
    assert len(second) == 1 and second[0].passed and second[0].precise
    assert f"TRAPARG0 {sym['src']:#x}" in second[0].detail


def test_a_store_committed_before_its_permission_check_is_caught():
    """The negative control: the machine flag writes the DMA's first 8 bytes before the
    destination probe; the fault is no longer precise and the checker says where."""
    results, sym = verdicts(TEST_PROGRAMS / "dma_fault.s", defect="store-before-check")
    by_access = {s.access: v for s, v in results}
    assert by_access["read"].passed  # the source probe faults before any store
    bad = by_access["write"]
    assert (bad.precise, bad.recovered, bad.passed, bad.exception) == (False, True, False, None)
    assert f"not precise: memory at {sym['dst']:#x}+8" in bad.detail


def test_a_campaign_without_recover_is_caught():
    results, _ = verdicts(TEST_PROGRAMS / "dma_copy.s", defect="skip-recover")
    assert results
    for _, v in results:
        assert v.precise and not v.recovered and not v.passed
        assert "after recover the end differs" in v.detail


def test_unknown_defect_is_refused():
    with pytest.raises(ValueError, match="unknown defect"):
        SiteChecker(str(TEST_PROGRAMS / "dma_copy.s"), defect="cosmic-ray")


def test_frame_templates_are_a_documented_exception_never_a_plain_pass():
    """asl/block/model/lifecycle/lifetime.asl: AdjustFrameStackPointer runs before the
    slots, and each slot step commits; a fault on the third slot keeps sp (R2 = a0) and
    the two stores before it; recovery resumes and ends exactly as the fault-free run."""
    results, sym = verdicts(CAMPAIGN_PROGRAMS / "frame_page_cross.s")
    top = sym["top"]
    for site, v in results:
        assert v.passed and v.recovered and not v.precise, (site, v.detail)
        assert v.exception is not None and "restartable by design" in v.exception
        assert f"documented exception: {v.exception}" in v.detail
    lower_entry = next(v for s, v in results if s.mnemonic == "FENTRY" and s.address == top - 24)
    assert f"kept at the trap: a0 {top - 32:#x} (before {top:#x}), memory at" in lower_entry.detail
    assert "2 events" in lower_entry.detail
    upper_exit = next(v for s, v in results if s.mnemonic == "FEXIT" and s.address == top - 8)
    assert f"kept at the trap: a0 {top:#x} (before {top - 32:#x})" in upper_exit.detail


def test_the_exception_does_not_excuse_a_byte_the_faulting_step_wrote():
    """With stores committed before their check, the faulting FENTRY slot is written
    without an event: that is not a committed step, so the site fails."""
    results, sym = verdicts(CAMPAIGN_PROGRAMS / "frame_page_cross.s", defect="store-before-check")
    entries = [(s, v) for s, v in results if s.mnemonic == "FENTRY"]
    assert entries
    for site, v in entries:
        assert not v.passed and "not excused: memory at" in v.detail, (site, v.detail)
    assert all(v.passed for s, v in results if s.mnemonic == "FEXIT")


def test_sc_clearing_its_reservation_is_a_documented_exception():
    """asl/scalar/model/amo/semantics.asl StoreConditional: "Every SC attempt clears the
    local monitor, including a successful reservation check followed by an access fault";
    the reissued SC fails and the 6-attempt loop (bstart, lr, addi, sc, setc, bstop) runs once
    more: 9 + 1 + 6 attempts."""
    results, sym = verdicts(CAMPAIGN_PROGRAMS / "sc_retry.s")
    sc = next(v for s, v in results if s.mnemonic == "SC.D")
    assert (sc.precise, sc.recovered, sc.passed) == (False, False, True)
    assert "StoreConditional" in sc.exception
    assert f"kept at the trap: reservation None (before ({sym['counter']:#x}, 0x8))" in sc.detail
    assert "after recover, excused: 16 steps (fault-free 10)" in sc.detail
    lr = next(v for s, v in results if s.mnemonic == "LR.D")
    assert lr.precise and lr.recovered and lr.exception is None


def test_the_reference_profile_s_flat_memory_takes_data_faults():
    found, _ = listing(CAMPAIGN_PROGRAMS / "reference_store.s", profile="reference")
    assert [(s.mnemonic, s.page, s.access, s.address) for s in found.sites] == [
        ("SDI", 0, "write", 0x800), ("LDI", 0, "read", 0x800), ("DMA", 0, "read", 0x800), ("DMA", 0, "write", 0x800)]
    checker = SiteChecker(str(CAMPAIGN_PROGRAMS / "reference_store.s"), profile="reference", interval=2)
    for site in found.sites:
        v = checker.check(site)
        assert v.precise and v.recovered and v.passed, (site, v.detail)


def test_a_fault_taken_by_the_program_s_own_handler_is_reported_as_such():
    """trap_handler.s sets EVBASE: the injected fault vectors to its handler instead of
    stopping, which a campaign cannot judge - it says so instead of passing the site."""
    results, _ = verdicts(TEST_PROGRAMS / "trap_handler.s")
    assert results
    for _, v in results:
        assert not v.passed and "went to the program's own trap handler" in v.detail


def test_a_faulting_first_body_instruction_is_strictly_precise():
    """Each block's first body instruction is the access: its fault leaves the block's
    body unentered (README "Precise faults"), so the site is precise with no documented
    exception - the checker compares the block whole, its body flag included."""
    results, sym = verdicts(CAMPAIGN_PROGRAMS / "first_body_access.s")
    assert sorted((s.mnemonic, s.access, s.address) for s, _ in results) == [
        ("LDI", "read", sym["value"]), ("SDI", "write", sym["value"])]
    for site, v in results:
        assert (v.precise, v.recovered, v.exception, v.passed) == (True, True, None, True), (site, v.detail)
