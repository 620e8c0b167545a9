// Placeholder wired into the router; the screen is being built.
export function ApplicationListPage() {
  return null;
}
