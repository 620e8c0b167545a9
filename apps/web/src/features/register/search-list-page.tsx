// Placeholder wired into the router; the screen is being built.
export function SearchListPage() {
  return null;
}
