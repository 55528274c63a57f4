// raw words and comment styles
.word 0xdeadbeef, 5   # two words
.WORD -1
  ADD R1, R2, R3      // mnemonics and registers are case-insensitive
	halt	# tabs
