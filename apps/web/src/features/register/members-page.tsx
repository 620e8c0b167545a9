// Placeholder wired into the router; the screen is being built.
export function MembersPage() {
  return null;
}
