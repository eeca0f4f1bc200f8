/**
 * What gives way on a phone (issue 44: every screen fits 360 px without scrolling sideways, its
 * main figure in view): a table's secondary columns are left out below the `sm` breakpoint, and a
 * table keeps any width it still needs to a scroller of its own, never the page's.
 */
export const WIDE_SCREEN_CELL = { display: { xs: 'none', sm: 'table-cell' } } as const;

/** Around a table that may be wider than a phone: it scrolls inside, the page does not. */
export const OWN_SCROLL = { overflowX: 'auto', maxWidth: '100%' } as const;
