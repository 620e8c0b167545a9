/**
 * A centred spinner, drawn as MUI's CircularProgress without MUI (decision 043); the spinner itself is the named
 * progress bar (an unnamed one inside a named box fails axe).
 */
export function LoadingSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="lt-spinner-box">
      <span className="lt-spinner" role="progressbar" aria-label={label}>
        <svg viewBox="22 22 44 44" aria-hidden="true">
          <circle cx="44" cy="44" r="20.2" fill="none" strokeWidth="3.6" />
        </svg>
      </span>
    </div>
  );
}
