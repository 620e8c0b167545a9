import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import * as contract from './index';
import { TEXT_LIMITS } from './limits';
import { messages } from './messages';
import { SECTIONS } from './profile';

/**
 * Issue 11 §2: every text a request or form carries has its own maximum length. Routes that take form data declare
 * no body schema (the API's OpenAPI test cannot see them): their fields are parsed with these contract schemas. The
 * list is explicit, so a new request schema is added here consciously; exports named like requests must be in it.
 */
const REQUESTS: Record<string, z.ZodType> = {
  // auth.ts
  loginRequest: contract.loginRequest,
  registerRequest: contract.registerRequest,
  registerFormSchema: contract.registerFormSchema('GRADUATE'),
  'registerFormSchema(CORPORATE)': contract.registerFormSchema(contract.FIRM_REGISTRATION_CODE),
  verifyOtpRequest: contract.verifyOtpRequest,
  verifyRequest: contract.verifyRequest,
  sendOtpQuery: contract.sendOtpQuery,
  passwordResetRequest: contract.passwordResetRequest,
  setPasswordWithTokenRequest: contract.setPasswordWithTokenRequest,
  changePasswordRequest: contract.changePasswordRequest,
  resetPasswordForm: contract.resetPasswordForm,
  notificationRequest: contract.notificationRequest,
  memberNoSearchForm: contract.memberNoSearchForm,
  activationRequest: contract.activationRequest,
  activateRequest: contract.activateRequest,
  // admin.ts
  siteColorsInput: contract.siteColorsInput,
  installedPackagesInput: contract.installedPackagesInput,
  minorSettingsInput: contract.minorSettingsInput,
  adminSettingsRequest: contract.adminSettingsRequest,
  adminUsersQuery: contract.adminUsersQuery,
  updateUserRequest: contract.updateUserRequest,
  userIdRequest: contract.userIdRequest,
  auditQuery: contract.auditQuery,
  requirementInput: contract.requirementInput,
  requirementUpdate: contract.requirementUpdate,
  // billing-admin.ts, billing.ts
  billingRunRequest: contract.billingRunRequest,
  billingRunsQuery: contract.billingRunsQuery,
  adminInvoicesQuery: contract.adminInvoicesQuery,
  adminPaymentsQuery: contract.adminPaymentsQuery,
  adminArrearsQuery: contract.adminArrearsQuery,
  // exports.ts
  adminMembersExportQuery: contract.adminMembersExportQuery,
  adminInvoicesExportQuery: contract.adminInvoicesExportQuery,
  adminPaymentsExportQuery: contract.adminPaymentsExportQuery,
  adminArrearsExportQuery: contract.adminArrearsExportQuery,
  manualPaymentRequest: contract.manualPaymentRequest,
  creditNoteRequest: contract.creditNoteRequest,
  subscriptionCertificateRequest: contract.subscriptionCertificateRequest,
  billingSubjectQuery: contract.billingSubjectQuery,
  // campaigns.ts
  campaignRequest: contract.campaignRequest,
  campaignListQuery: contract.campaignListQuery,
  campaignRecipientQuery: contract.campaignRecipientQuery,
  smsDeliveryReportSchema: contract.smsDeliveryReportSchema,
  // complaints.ts
  complaintRequest: contract.complaintRequest,
  complaintResponseRequest: contract.complaintResponseRequest,
  complaintListQuery: contract.complaintListQuery,
  complaintStageRequest: contract.complaintStageRequest,
  complaintNoteRequest: contract.complaintNoteRequest,
  complaintAssignRequest: contract.complaintAssignRequest,
  complaintHearingRequest: contract.complaintHearingRequest,
  complaintDecisionRequest: contract.complaintDecisionRequest,
  complaintReverseRequest: contract.complaintReverseRequest,
  // sms-register.ts
  atCallbackQuery: contract.atCallbackQuery,
  devSmsRequest: contract.devSmsRequest,
  devUssdRequest: contract.devUssdRequest,
  // cpd.ts
  cpdAwardsQuery: contract.cpdAwardsQuery,
  cpdRequirementsInput: contract.cpdRequirementsInput,
  cpdYearQuery: contract.cpdYearQuery,
  cpdYearParam: contract.cpdYearParam,
  cpdActivityInput: contract.cpdActivityInput,
  cpdActivityIdParam: contract.cpdActivityIdParam,
  cpdActivitiesQuery: contract.cpdActivitiesQuery,
  cpdAcceptRequest: contract.cpdAcceptRequest,
  cpdRejectRequest: contract.cpdRejectRequest,
  cpdComplianceQuery: contract.cpdComplianceQuery,
  // upgrades.ts, licenses.ts
  upgradeSubmitRequest: contract.upgradeSubmitRequest,
  upgradeDocumentRequest: contract.upgradeDocumentRequest,
  upgradePlanUpdate: contract.upgradePlanUpdate,
  licenseSaveRequest: contract.licenseSaveRequest,
  licenseStatusRequest: contract.licenseStatusRequest,
  adminLicenseQuery: contract.adminLicenseQuery,
  // events.ts
  eventInput: contract.eventInput,
  eventNoParam: contract.eventNoParam,
  bookingNoParam: contract.bookingNoParam,
  attendanceRequest: contract.attendanceRequest,
  adminEventsQuery: contract.adminEventsQuery,
  adminBookingsQuery: contract.adminBookingsQuery,
  // documents.ts
  documentNoParam: contract.documentNoParam,
  // members.ts
  submitOtpRequest: contract.submitOtpRequest,
  submitApplicationRequest: contract.submitApplicationRequest,
  // payments.ts: the decoded request travels base64 inside createPaymentRequest.
  paymentRequestSchema: contract.paymentRequestSchema,
  createPaymentRequest: contract.createPaymentRequest,
  // mfa.ts
  mfaVerifyRequest: contract.mfaVerifyRequest,
  mfaCodeRequest: contract.mfaCodeRequest,
  totpRemoveRequest: contract.totpRemoveRequest,
  mfaResetRequest: contract.mfaResetRequest,
  // passkeys.ts
  passkeyPasswordRequest: contract.passkeyPasswordRequest,
  passkeyRegisterRequest: contract.passkeyRegisterRequest,
  passkeySignInOptionsRequest: contract.passkeySignInOptionsRequest,
  passkeySignInRequest: contract.passkeySignInRequest,
  passkeyAssertionRequest: contract.passkeyAssertionRequest,
  // profile.ts: the bio, the firm's details and every section (form data or JSON).
  bioBase: contract.bioBase,
  bioSchemaFor: contract.bioSchemaFor({ boardCaption: false }),
  firmBioSchema: contract.firmBioSchema,
  contactSchemaFor: contract.contactSchemaFor(true),
  ...Object.fromEntries(Object.values(SECTIONS).map((section) => [`SECTIONS.${section.path}`, section.schema])),
  // referees.ts
  refereeFormQuery: contract.refereeFormQuery,
  refereeAnswerRequest: contract.refereeAnswerRequest,
  refereeAnswerField: contract.refereeAnswerField,
  refereeStepsSchema: contract.refereeStepsSchema,
  refereeRejectSchema: contract.refereeRejectSchema,
  refereeSendEmailRequest: contract.refereeSendEmailRequest,
  // register.ts
  searchQuery: contract.searchQuery,
  adminMembersQuery: contract.adminMembersQuery,
  // review.ts
  statusChangeRequest: contract.statusChangeRequest,
  returnRequest: contract.returnRequest,
  reviewCommentRequest: contract.reviewCommentRequest,
  reviewQueueQuery: contract.reviewQueueQuery,
  // projects.ts
  projectUrlRequest: contract.projectUrlRequest,
  projectTokenVerifyRequest: contract.projectTokenVerifyRequest,
};

/** Exports named like requests that are not: a response and a helper. */
const NOT_REQUESTS = new Set([
  // GET questions: the referee form the API answers with.
  'refereeFormSchema',
  // Builds the base64 text of a payment request (paymentRequestSchema above reads it).
  'encodePaymentRequest',
]);

type Json = Record<string, unknown>;

function isString(schema: Json): boolean {
  return schema.type === 'string' || (Array.isArray(schema.type) && schema.type.includes('string'));
}

/** Every string of a JSON Schema without maxLength, enum or const, by where it sits. */
function unboundedStrings(schema: unknown, where: string, defs: Record<string, Json>, seen = new Set<unknown>()): string[] {
  if (!schema || typeof schema !== 'object' || seen.has(schema)) return [];
  seen.add(schema);
  const s = schema as Json;
  if (typeof s.$ref === 'string') return unboundedStrings(defs[s.$ref.replace(/^#\/(\$defs|definitions)\//, '')], where, defs, seen);
  const found: string[] = [];
  if (isString(s) && typeof s.maxLength !== 'number' && !Array.isArray(s.enum) && !('const' in s)) found.push(where || '(value)');
  const at = (key: string) => (where ? `${where}.${key}` : key);
  for (const [key, child] of Object.entries((s.properties as Json) ?? {})) found.push(...unboundedStrings(child, at(key), defs, seen));
  if (s.additionalProperties && typeof s.additionalProperties === 'object')
    found.push(...unboundedStrings(s.additionalProperties, at('*'), defs, seen));
  found.push(...unboundedStrings(s.items, `${where}[]`, defs, seen));
  if (Array.isArray(s.prefixItems)) for (const item of s.prefixItems) found.push(...unboundedStrings(item, `${where}[]`, defs, seen));
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const)
    if (Array.isArray(s[key])) for (const option of s[key]) found.push(...unboundedStrings(option, where, defs, seen));
  return [...new Set(found)];
}

function unbounded(schema: z.ZodType): string[] {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Json;
  return unboundedStrings(json, '', (json.$defs as Record<string, Json>) ?? {});
}

describe('request limits in the contract (issue 11 §2)', () => {
  it('lists every exported schema named like a request', () => {
    const requestLike = /(Request|Query|Input|Form|FormSchema|Param|Field)$/;
    const exported = Object.entries(contract)
      .filter(([name, value]) => requestLike.test(name) && (value instanceof z.ZodType || typeof value === 'function'))
      .map(([name]) => name)
      .filter((name) => !NOT_REQUESTS.has(name));
    const listed = new Set(Object.keys(REQUESTS).map((name) => name.replace(/\(.*\)$/, '')));
    expect(exported.filter((name) => !listed.has(name))).toEqual([]);
    expect(exported.length).toBeGreaterThan(40);
  });

  it('every string of every request and form schema has a maxLength', () => {
    const missing: string[] = [];
    for (const [name, schema] of Object.entries(REQUESTS)) for (const field of unbounded(schema)) missing.push(`${name} -> ${field}`);
    console.info(`contract limits: ${Object.keys(REQUESTS).length} request schemas, ${missing.length} strings without a maximum`);
    expect(missing, `strings without a maxLength:\n${missing.join('\n')}`).toEqual([]);
  });

  it('finds a string without a maximum', () => {
    expect(unbounded(z.object({ a: z.string().max(3), b: z.array(z.string()), c: z.enum(['x']), d: z.iso.date() }))).toEqual(['b[]', 'd']);
  });

  it('refuses a too-long value with its message, after the field’s own messages', () => {
    const longEmail = `${'a'.repeat(TEXT_LIMITS.email)}@example.com`;
    expect(contract.loginRequest.safeParse({ email: longEmail, password: 'x' }).error?.issues.map((i) => i.message)).toEqual([
      messages.emailTooLong,
    ]);
    expect(
      contract.loginRequest
        .safeParse({ email: 'a@b.c', password: 'p'.repeat(TEXT_LIMITS.password + 1) })
        .error?.issues.map((i) => i.message),
    ).toEqual([messages.passwordTooLong]);
    // A stored password of up to 128 characters still signs in.
    expect(contract.loginRequest.safeParse({ email: 'a@b.c', password: 'p'.repeat(TEXT_LIMITS.password) }).success).toBe(true);
    const activation = contract.activationRequest.safeParse({
      memberNo: 'M'.repeat(TEXT_LIMITS.code + 1),
      IdentificationDocumentNo: '12345678',
    });
    expect(activation.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['memberNo', messages.valueTooLong]]);
    // The spec's messages stay first for empty and invalid values.
    expect(contract.loginRequest.safeParse({ email: ' ', password: '' }).error?.issues.map((i) => i.message)).toEqual([
      messages.emailRequired,
      messages.passwordRequired,
    ]);
    expect(contract.loginRequest.safeParse({ email: 'x'.repeat(300), password: 'x' }).error?.issues.map((i) => i.message)).toEqual([
      messages.emailInvalid,
      messages.emailTooLong,
    ]);
  });

  it('keeps the section messages of long descriptions', () => {
    const work = SECTIONS['work-experience'].schema.safeParse({
      PositionHeld: 'Engineer',
      Sector: 'ICT',
      ResponsibilitiesDescription: 'd'.repeat(101),
      NameOfFirm: 'Firm',
      FromDate: '2020-01-01',
    });
    expect(work.error?.issues.map((i) => i.message)).toEqual(['Max 100 characters reached']);
    const specialization = SECTIONS.specialization.schema.safeParse({ Description: 'd'.repeat(100) });
    expect(specialization.error?.issues.map((i) => i.message)).toEqual(['Max 100 characters']);
  });
});
