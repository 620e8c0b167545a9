import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useMyProfile } from '../member/queries';
import { useSession } from '../session/session-store';
import { buildPaymentRequest, checkoutPath, type Payer } from './payment-request';

export interface PayNowInput {
  /** The document being paid: an invoice number (INV…) or the source it was raised for. */
  sourceDocumentNo: string;
  description: string;
  /** What the page shows as due; the server decides the amount it charges. */
  amount: number;
  /** Where a successful payment returns to; failure returns to the current page (part 2 §4). */
  successUrl: string;
}

/**
 * Every Pay Now: builds the base64 payment request from the member's profile and account (part 1 §7, part 2 §7)
 * and opens the checkout page with it.
 */
export function usePayNow() {
  const session = useSession();
  const profile = useMyProfile();
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(
    (input: PayNowInput) => {
      const p = profile.data;
      const user = session?.user;
      const payer: Payer = {
        payerID: p?.ProfileID ?? user?.profile_id ?? '',
        phone: p?.PhoneNo ?? user?.phone_no,
        email: p?.Email ?? user?.email,
        idNumber: p?.IdentificationDocumentNo ?? user?.id_number,
        firstName: p?.FirstName,
        lastName: p?.LastName,
      };
      const request = buildPaymentRequest(payer, {
        sourceDocumentNo: input.sourceDocumentNo,
        description: input.description,
        amount: input.amount,
        success_url: input.successUrl,
        fail_url: `${location.pathname}${location.search}`,
      });
      navigate(checkoutPath(request));
    },
    [profile.data, session?.user, navigate, location.pathname, location.search],
  );
}
