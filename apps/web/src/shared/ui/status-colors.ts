/**
 * Fixed colours for good, bad and pending states (paid, valid, active, in good standing …): the theme's success
 * colour is the organisation's own, red by default (part 2 §9), which would make them look like errors. Each reads
 * at 4.5:1 both as white text on it (a chip) and as text in it on white (decision 036).
 */
export const STATUS_COLORS = { good: '#2e7d32', bad: '#c62828', pending: '#b45309' } as const;
