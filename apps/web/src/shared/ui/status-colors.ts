/**
 * Fixed colours for good, bad and pending states, whatever the organisation's colours (decision 040); they live in
 * the contract beside lite.css's colours, which the server also writes (decision 043).
 */
export { STATUS_COLORS } from '@portal/contract';
