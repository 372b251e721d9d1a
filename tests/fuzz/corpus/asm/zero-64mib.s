_start:
    c.ebreak 0
    .data
    .zero 67108864
    .zero 67108864
