// Placeholder wired into the router; the screen is being built.
export function RefereeResponsePage() {
  return null;
}
