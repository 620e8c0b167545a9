/**
 * Fixed colours for good, bad and pending states (paid, valid, active, in good standing …): the theme's success
 * colour is the organisation's own, red by default (part 2 §9), which would make them look like errors.
 */
export const STATUS_COLORS = { good: '#2e7d32', bad: '#c62828', pending: '#ed6c02' } as const;
