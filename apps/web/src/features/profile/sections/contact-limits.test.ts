import { profileMessages, type SectionEntry } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { contactConfig } from './configs';
import { contactLimits } from './special-sections';

const contact = (EntryNo: number, Type: string) => ({ EntryNo, Type }) as unknown as SectionEntry;
const typeOptions = (fields: ReturnType<NonNullable<ReturnType<typeof contactLimits>['fieldsFor']>>) =>
  fields.find((f) => f.name === 'Type');

describe('contacts: one of each type', () => {
  it('offers every type to a profile without contacts', () => {
    const limits = contactLimits(contactConfig.fields, []);
    expect(typeOptions(limits.fieldsFor?.(null) ?? [])?.options?.map((o) => o.value)).toEqual(['Personal', 'Work']);
    expect(limits.blocked).toBeNull();
  });

  it('offers only the type not taken to a new contact, starting on it; an edited contact keeps its own', () => {
    const personal = contact(1, 'Personal');
    const limits = contactLimits(contactConfig.fields, [personal]);
    expect(typeOptions(limits.fieldsFor?.(null) ?? [])).toMatchObject({ options: [{ value: 'Work' }], defaultValue: 'Work' });
    expect(typeOptions(limits.fieldsFor?.(personal) ?? [])?.options?.map((o) => o.value)).toEqual(['Personal', 'Work']);
  });

  it('says why nothing can be added once both are there', () => {
    const limits = contactLimits(contactConfig.fields, [contact(1, 'Personal'), contact(2, 'Work')]);
    expect(limits.blocked).toBe(profileMessages.contactsComplete);
  });
});
