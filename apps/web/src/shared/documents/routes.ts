import { type ApplicationDocumentRoute, decodeBase64, encodeBase64 } from '@portal/contract';
import { useParams } from 'react-router';

/** The route's code, base64-encoded (part 2 §2.5); a code that is not base64 is taken as it is. */
export function useRouteCode(): string | null {
  const { code } = useParams();
  if (!code) return null;
  return decodeBase64(code) ?? code;
}

/** An application's document, certificate or letter: the application code base64-encoded in the route (part 1 §2). */
export const applicationDocumentRoute = (kind: ApplicationDocumentRoute, code: string) => `/application/${kind}/${encodeBase64(code)}`;
