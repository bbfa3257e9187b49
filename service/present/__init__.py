"""What a seat is shown (DESIGN.md §3, §7), as plain dicts for the web's pages and the
mail's templates alike: the game, its decision and board, the table's notices."""
