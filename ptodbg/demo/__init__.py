"""The built-in demo program (demo.s): a DMA copy, an overlapping copy and a fault to inject."""
