/** The class names a list of optional parts makes: `classes('lt-btn', small && 'lt-btn-sm')`. */
export function classes(...parts: (string | false | null | undefined)[]): string {
  return parts.filter(Boolean).join(' ');
}
