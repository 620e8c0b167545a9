// Placeholder wired into the router; the screen is being built.
export function VerifyDocumentPage() {
  return null;
}
