/**
 * Fixed colours for good, bad and pending states (paid, valid, active, in good standing …), whatever the organisation's
 * colours: the settings' success colour is red by default (part 2 §9), which made positive states look like errors.
 * `good` is also the theme's `success` palette colour, so a chip, alert or icon with color 'success' is this green
 * (decision 040). Each reads at 4.5:1 both as white text on it (a chip) and as text in it on white (decision 036).
 */
export const STATUS_COLORS = { good: '#2e7d32', bad: '#c62828', pending: '#b45309' } as const;
