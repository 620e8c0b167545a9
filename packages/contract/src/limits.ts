/**
 * The longest text each kind of request field may carry (issue 11 §2). Every string a request schema reads has its
 * own maximum, checked after the field's other rules, with `messages.valueTooLong` or a field's own wording.
 */
export const TEXT_LIMITS = {
  /** RFC 5321's longest forward path. */
  email: 254,
  /** What sign-in accepts; the new-password rule itself allows at most 16. */
  password: 128,
  /** A person's first, second or last name. */
  name: 100,
  /** Member numbers, ID/passport numbers, PINs, setup codes, application and invoice codes. */
  code: 50,
  phone: 20,
  /** Dates, years and other values a pattern already keeps short. */
  short: 30,
  /** Firm and institution names, addresses, titles, places, search words. */
  text: 200,
  /** File names. */
  fileName: 255,
  /** Descriptions, remarks, questions. */
  description: 2000,
  /** Links' tokens and codes. */
  token: 200,
  /** A base64 route or query value (a member number, a search term). */
  routeCode: 500,
  /** The bot check's solved challenge (ALTCHA payload, base64 JSON). */
  botToken: 1000,
  /** A yes/no flag sent as text ('true', '1'). */
  flag: 10,
  /** A hex colour such as #9F232D. */
  colour: 20,
} as const;
