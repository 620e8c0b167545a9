import { Description, Search, Send } from '@mui/icons-material';
import { Alert, Button, Card, CardContent, FormControlLabel, Stack, Switch, Typography } from '@mui/material';
import { CONTACT_TYPES, profileMessages, refereeMessages, type SectionEntry } from '@portal/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import type { ZodType } from 'zod';
import { api } from '../../../shared/api/client';
import { useSession } from '../../../shared/session/session-store';
import { useSettings } from '../../../shared/settings/use-settings';
import { Hint } from '../../../shared/ui/hint';
import { useToast } from '../../../shared/ui/toast';
import { useLookup, useRefreshAfterChange, useSectionEntries } from '../api';
import type { FieldDef } from '../components/field-types';
import { type AddLimits, SectionList } from '../components/section-list';
import { contactConfig, employeesConfig, refereeConfig } from './configs';

export function ContactsSection({ alwaysEditable }: { alwaysEditable?: boolean }) {
  const { minor } = useSettings();
  const session = useSession();
  const loadSchema = useCallback(
    () => import('@portal/contract').then(({ contactSchemaFor }) => contactSchemaFor(minor.countyField) as ZodType),
    [minor.countyField],
  );
  // The Personal contact's email starts as the account's email (part 1 §5).
  const config = useMemo(
    () => ({
      ...contactConfig,
      fields: contactConfig.fields.map((f) => (f.name === 'Email' ? { ...f, defaultValue: session?.user.email.toUpperCase() ?? '' } : f)),
    }),
    [session?.user.email],
  );
  const limits = useCallback((entries: SectionEntry[]) => contactLimits(config.fields, entries), [config.fields]);
  return <SectionList config={config} loadSchema={loadSchema} alwaysEditable={alwaysEditable} limits={limits} />;
}

/**
 * A profile holds one contact of each type (part 1 §5): the type list offers only those not taken (an entry being
 * edited keeps its own), a new contact starts on the first free one, and when both are there Add gives way to why.
 */
export function contactLimits(fields: FieldDef[], entries: SectionEntry[]): AddLimits {
  const takenBesides = (entry: SectionEntry | null) =>
    new Set(entries.filter((e) => e.EntryNo !== entry?.EntryNo).map((e) => String(e.Type ?? '')));
  const free = CONTACT_TYPES.filter((type) => !takenBesides(null).has(type));
  return {
    fieldsFor: (entry) =>
      fields.map((f) => {
        if (f.name !== 'Type') return f;
        const options = (f.options ?? []).filter((o) => !takenBesides(entry).has(o.value));
        return { ...f, options, defaultValue: entry ? f.defaultValue : (options[0]?.value ?? '') };
      }),
    blocked: free.length === 0 ? profileMessages.contactsComplete : null,
  };
}

interface MemberFound {
  FirstName: string;
  SecondName: string | null;
  LastName: string;
  Email: string;
  MemberNo: string;
  workExperience?: { PhoneNo?: string; Address?: string; PlaceOfWork?: string; Designation?: string };
}

function RefereeSearch({ memberNo, setValue }: { memberNo: string; setValue: (name: string, value: unknown) => void }) {
  const [message, setMessage] = useState<string>();
  const [busy, setBusy] = useState(false);
  async function search() {
    if (!memberNo.trim()) {
      setMessage('Member No is required');
      return;
    }
    setBusy(true);
    setMessage(undefined);
    try {
      const found = await api.post<MemberFound>('profile/referee/search', { search: memberNo.trim() });
      setValue('Name', [found.FirstName, found.SecondName, found.LastName].filter(Boolean).join(' '));
      setValue('Email', found.Email ?? '');
      setValue('PhoneNo', found.workExperience?.PhoneNo ?? '');
      setValue('Address', found.workExperience?.Address ?? '');
      setValue('PlaceOfWork', found.workExperience?.PlaceOfWork ?? '');
      setValue('Designation', found.workExperience?.Designation ?? '');
    } catch (error) {
      setMessage((error as Error).message);
    } finally {
      setBusy(false);
    }
  }
  return (
    <Stack direction="row" spacing={2} alignItems="center" sx={{ mt: 2 }}>
      <Button startIcon={<Search />} variant="outlined" onClick={search} disabled={busy}>
        {busy ? 'Searching…' : 'Search member'}
      </Button>
      {message ? (
        <Alert severity="warning">{message}</Alert>
      ) : (
        <Typography variant="body2">Search by member number to fill in the referee's details.</Typography>
      )}
    </Stack>
  );
}

export function RefereesSection({ alwaysEditable }: { alwaysEditable?: boolean }) {
  const refereeTypes = useLookup('referee-types');
  const entries = useSectionEntries('referee');
  const hasTypes = Boolean(refereeTypes.data?.length);
  const anyResponse = (entries.data ?? []).some((e) => Boolean(e.response));
  const config = useMemo(
    () => ({
      ...refereeConfig,
      fields: hasTypes
        ? [
            ...refereeConfig.fields,
            {
              name: 'refereeType',
              label: 'Referee Type',
              kind: 'select' as const,
              lookup: { list: 'referee-types', value: 'code', label: 'description' },
            },
          ]
        : refereeConfig.fields,
    }),
    [hasTypes],
  );
  // Referee Type is required while the board has types, and reported with the other fields at once (issue 16).
  const loadSchema = useCallback(
    () => import('@portal/contract').then(({ refereeSchemaFor }) => refereeSchemaFor(hasTypes) as ZodType),
    [hasTypes],
  );
  const anyRemarks = (entries.data ?? []).some((e) => Boolean(e.Remarks));
  const hidden = [...(hasTypes ? [] : ['Referee Type']), ...(anyResponse ? [] : ['Response']), ...(anyRemarks ? [] : ['Remarks'])];
  const typeNames = new Map((refereeTypes.data ?? []).map((t) => [String(t.code), String(t.description)]));
  const withNames = {
    ...config,
    columns: config.columns.map((c) =>
      c.label === 'Referee Type'
        ? { ...c, value: (e: Record<string, unknown>) => typeNames.get(String(e.refereeType)) ?? String(e.refereeType ?? '') }
        : c,
    ),
  };
  return (
    <SectionList
      config={withNames}
      loadSchema={loadSchema}
      alwaysEditable={alwaysEditable}
      hideColumns={hidden}
      extra={(values, setValue) => <RefereeSearch memberNo={String(values.MemberNo ?? '')} setValue={setValue} />}
      rowActions={(entry) => <RefereeActions entry={entry} />}
    />
  );
}

/** An answered referee's form report, or a new request email for one who has not answered (docs/decisions/018). */
function RefereeActions({ entry }: { entry: SectionEntry }) {
  const toast = useToast();
  const navigate = useNavigate();
  const refresh = useRefreshAfterChange();
  const [busy, setBusy] = useState(false);
  if (entry.response) {
    return (
      <Button
        size="small"
        startIcon={<Description />}
        aria-label={`Report of referee ${entry.EntryNo}`}
        onClick={() => navigate(`/profile/RefereeFormReport/${entry.EntryNo}`)}
      >
        Report
      </Button>
    );
  }
  async function resend() {
    setBusy(true);
    try {
      const result = await api.post<{ message: string }>('profile/referee/send_email', { EntryNo: entry.EntryNo });
      toast(result.message ?? refereeMessages.emailSent);
      // The new request went to the referee's record, which may have changed since: show where.
      await refresh('referee', false);
    } catch (error) {
      toast((error as Error).message, 'error');
    } finally {
      setBusy(false);
    }
  }
  return (
    <Hint title="Send the referee the request email again (the earlier link stops working)">
      <span>
        <Button size="small" startIcon={<Send />} aria-label={`Resend email to referee ${entry.EntryNo}`} onClick={resend} disabled={busy}>
          {busy ? 'Sending…' : 'Resend'}
        </Button>
      </span>
    </Hint>
  );
}

export function EmployeesSection({ alwaysEditable }: { alwaysEditable?: boolean }) {
  // A failed load of the employee types is ignored (part 1 §8): the list just stays empty.
  const setup = useQuery({
    queryKey: ['employee-setup'],
    queryFn: () => api.get<{ code: string; description: string }[]>('profile/employees/employeeSetup').catch(() => []),
    staleTime: 10 * 60_000,
  });
  const options = (setup.data ?? []).map((t) => ({ value: t.code, label: t.description }));
  const labels = new Map(options.map((o) => [o.value, o.label]));
  const config = {
    ...employeesConfig,
    fields: employeesConfig.fields.map((f) => (f.name === 'code' ? { ...f, options } : f)),
    columns: [
      { label: 'Employee Type', value: (e: Record<string, unknown>) => labels.get(String(e.code)) ?? String(e.code) },
      employeesConfig.columns[1],
    ],
  };
  return <SectionList config={config} alwaysEditable={alwaysEditable} />;
}

/** The firm declares either its convictions or that it has none. */
export function NoConvictionsSwitch() {
  const firm = useQuery({ queryKey: ['firm'], queryFn: () => api.get<Record<string, unknown> | null>('profile/firmBio') });
  const queryClient = useQueryClient();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const [optimistic, setOptimistic] = useState<boolean | null>(null);
  if (!firm.data) return null;
  const checked = optimistic ?? Boolean(firm.data.noConvictions);
  async function toggle(on: boolean) {
    if (!firm.data) return;
    setOptimistic(on);
    setBusy(true);
    try {
      const { Email: _e, PINRegNo: _p, picture: _pic, ProfileID: _id, ...rest } = firm.data;
      await api.post('profile/firmBio/update', { ...rest, noConvictions: on });
      await Promise.all(['firm', 'checklist'].map((k) => queryClient.invalidateQueries({ queryKey: [k] })));
    } catch (error) {
      setOptimistic(null);
      toast((error as Error).message, 'warning');
    } finally {
      setBusy(false);
    }
  }
  return (
    <Card sx={{ mb: 2 }}>
      <CardContent>
        <FormControlLabel
          control={<Switch checked={checked} disabled={busy} onChange={(e) => toggle(e.target.checked)} />}
          label="The firm, its directors and shareholders have no convictions to declare"
        />
      </CardContent>
    </Card>
  );
}
