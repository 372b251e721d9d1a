_start:
  ÿş c.ebreak 0
