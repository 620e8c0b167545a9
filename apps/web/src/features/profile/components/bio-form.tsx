import {
  Avatar,
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
  Checkbox,
  Grid,
  ListItemText,
  MenuItem,
  Stack,
  TextField,
} from '@mui/material';
import { BIO_FILE_RULES, type BioInput, BOARD_CAPTION, profileMessages, type User } from '@portal/contract';
import { useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { api } from '../../../shared/api/client';
import { lazyZodResolver } from '../../../shared/forms/lazy-resolver';
import { useSession } from '../../../shared/session/session-store';
import { useCategories, useSettings } from '../../../shared/settings/use-settings';
import { toBody, useAfterProfileSave, useLookup } from '../api';
import { GENDER_OPTIONS } from '../sections/configs';
import { ErrorDialog, splitServerErrors } from './error-dialog';
import { FieldInput, FileField } from './field-input';
import { checkFile } from './file-checks';

export interface BioProfile {
  ProfileID: string;
  FirstName: string;
  SecondName: string | null;
  LastName: string;
  Gender: string | null;
  DateOfBirth: string;
  IdentificationDocumentNo: string | null;
  Nationality?: string | null;
  county?: string | null;
  City?: string | null;
  Discipline: string | null;
  specialization?: string | null;
  Disability?: boolean;
  PWDCardNo?: string | null;
  DisabilityDescription?: string | null;
  memberPracticingFirm?: string | null;
  profileTitle: { title: string }[];
  picture: string | null;
  IDFile?: { id: string; fileName: string } | null;
}

function initialValues(p: BioProfile | null | undefined, user: User | undefined): BioInput {
  return {
    LastName: p?.LastName ?? '',
    FirstName: p?.FirstName ?? '',
    SecondName: p?.SecondName ?? '',
    Gender: (p?.Gender as BioInput['Gender']) ?? ('' as BioInput['Gender']),
    profileTitle: p?.profileTitle.map((t) => t.title) ?? [],
    DateOfBirth: p && p.DateOfBirth !== '0001-01-01' ? p.DateOfBirth : '',
    IdentificationDocumentNo: p?.IdentificationDocumentNo ?? user?.id_number ?? '',
    Nationality: p?.Nationality ?? 'KE',
    county: p?.county ?? '',
    City: p?.City ?? '',
    Discipline: p?.Discipline ?? '',
    specialization: p?.specialization ?? '',
    Disability: p?.Disability ?? false,
    PWDCardNo: p?.PWDCardNo ?? '',
    DisabilityDescription: p?.DisabilityDescription ?? '',
    memberPracticingFirm: p?.memberPracticingFirm ?? '',
  };
}

/** The individual bio: initial mode creates the profile ('Create Profile'), otherwise it updates it. */
export function BioForm({ profile, initial, editable = true }: { profile?: BioProfile | null; initial: boolean; editable?: boolean }) {
  const session = useSession();
  const afterSave = useAfterProfileSave();
  const { minor } = useSettings();
  const categories = useCategories();
  const titles = useLookup('titles');
  const boardCaption = minor.organisation_caption === BOARD_CAPTION;
  const resolver = useMemo(
    () => lazyZodResolver<BioInput>(() => import('@portal/contract').then(({ bioSchemaFor }) => bioSchemaFor({ boardCaption }))),
    [boardCaption],
  );
  const form = useForm<BioInput>({ resolver, defaultValues: initialValues(profile, session?.user) });
  const values = form.watch();
  const [photo, setPhoto] = useState<File | null>(null);
  const [idFile, setIdFile] = useState<File | null>(null);
  const [fileErrors, setFileErrors] = useState<{ Image?: string; ID?: string }>({});
  const [dialogErrors, setDialogErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);

  const entitled = categories.data?.find((c) => c.Code === session?.user.category)?.entitled ?? false;
  const titleOptions = (titles.data ?? []).filter((t) => entitled || !t.entitled);
  const photoPreview = photo && !fileErrors.Image ? URL.createObjectURL(photo) : profile?.picture;

  function checkFiles() {
    const errors = {
      Image: checkFile(BIO_FILE_RULES.photo, photo, profile?.picture ? { id: '', fileName: 'photo' } : null),
      // Named: 'ID document is required' (issue 16).
      ID: boardCaption ? checkFile(BIO_FILE_RULES.id, idFile, profile?.IDFile, profileMessages.idPdf) : undefined,
    };
    setFileErrors(errors);
    return Object.values(errors).filter(Boolean) as string[];
  }

  const submit = form.handleSubmit(
    async (parsed) => {
      // A file's problem is said under its field, where it is fixed (issue 28).
      if (checkFiles().length) return;
      setBusy(true);
      try {
        const body = toBody({ ...form.getValues(), SecondName: parsed.SecondName }, { Image: photo, ID: idFile });
        // Form data is needed for the files; without new files the JSON body is enough.
        await api.post(initial ? 'profile' : 'profile/update', body);
        setPhoto(null);
        setIdFile(null);
        await afterSave(initial, 'Profile created. Complete the remaining sections of your profile.');
      } catch (error) {
        // The server's messages of a field go under it; only the others open the dialog (issue 28).
        const { fields, others } = splitServerErrors(error, [...Object.keys(form.getValues()), 'Image', 'ID']);
        const { Image, ID, ...formFields } = fields;
        setFileErrors({ Image, ID });
        for (const [name, message] of Object.entries(formFields)) {
          form.setError(name as keyof BioInput, { type: 'server', message }, { shouldFocus: true });
        }
        setDialogErrors(others);
      } finally {
        setBusy(false);
      }
    },
    // The messages show under the fields and the first one takes the focus: no dialog over the form (issue 28).
    () => checkFiles(),
  );

  const disabled = !editable;
  const field = (name: keyof BioInput, label: string, extra: Partial<Parameters<typeof FieldInput>[0]['field']> = {}) => (
    <FieldInput
      field={{ name, label, kind: 'text', ...extra }}
      control={form.control}
      disabled={disabled}
      parentValue={extra.lookup?.parentFrom ? String(values[extra.lookup.parentFrom as keyof BioInput] ?? '') : undefined}
    />
  );

  return (
    <Card>
      <CardHeader
        title={initial ? 'Create your profile' : 'Bio'}
        slotProps={{ title: { variant: 'h6', component: 'h2', sx: { fontWeight: 700 } } }}
      />
      <CardContent>
        <Box component="form" noValidate onSubmit={submit}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} alignItems="center" sx={{ mb: 3 }}>
            <Avatar src={photoPreview ?? undefined} sx={{ width: 96, height: 96 }} alt="Profile photo" />
            <FileField
              field={{ name: 'Image', label: 'Profile photo (PNG or JPEG, less than 2MB)', kind: 'file', accept: 'image' }}
              file={photo}
              stored={profile?.picture ? 'Photo on file' : null}
              error={fileErrors.Image}
              onChange={(file) => {
                setPhoto(file);
                // Said when the file is picked, not at Save (issue 28).
                setFileErrors((e) => ({ ...e, Image: file ? checkFile(BIO_FILE_RULES.photo, file, null) : undefined }));
              }}
              disabled={disabled}
            />
          </Stack>
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, sm: 4 }}>{field('LastName', 'Last Name')}</Grid>
            <Grid size={{ xs: 12, sm: 4 }}>{field('FirstName', 'First Name')}</Grid>
            <Grid size={{ xs: 12, sm: 4 }}>{field('SecondName', 'Other Names', { upper: true })}</Grid>
            <Grid size={{ xs: 12, sm: 4 }}>{field('Gender', 'Gender', { kind: 'select', options: GENDER_OPTIONS })}</Grid>
            <Grid size={{ xs: 12, sm: 4 }}>
              <Controller
                name="profileTitle"
                control={form.control}
                render={({ field: f, fieldState }) => (
                  <TextField
                    select
                    label="Title"
                    disabled={disabled}
                    value={(f.value as string[]) ?? []}
                    onChange={(e) => f.onChange(typeof e.target.value === 'string' ? e.target.value.split(',') : e.target.value)}
                    error={Boolean(fieldState.error)}
                    helperText={fieldState.error?.message}
                    slotProps={{ select: { multiple: true, renderValue: (v) => (v as string[]).join(', ') } }}
                  >
                    {titleOptions.map((t) => (
                      <MenuItem key={String(t.title)} value={String(t.title)}>
                        <Checkbox checked={((f.value as string[]) ?? []).includes(String(t.title))} size="small" />
                        <ListItemText primary={String(t.title)} secondary={String(t.description)} />
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 4 }}>{field('DateOfBirth', 'Date of Birth', { kind: 'date' })}</Grid>
            <Grid size={{ xs: 12, sm: 4 }}>{field('IdentificationDocumentNo', 'ID/Passport No')}</Grid>
            {boardCaption && (
              <Grid size={{ xs: 12, sm: 8 }}>
                <FileField
                  field={{ name: 'ID', label: 'Certified copy of ID/Passport, both sides (PDF)', kind: 'file', accept: 'pdf' }}
                  file={idFile}
                  stored={profile?.IDFile?.fileName}
                  error={fileErrors.ID}
                  onChange={(file) => {
                    setIdFile(file);
                    setFileErrors((e) => ({
                      ...e,
                      ID: file ? checkFile(BIO_FILE_RULES.id, file, null, profileMessages.idPdf) : undefined,
                    }));
                  }}
                  disabled={disabled}
                />
              </Grid>
            )}
            <Grid size={{ xs: 12, sm: 4 }}>
              {field('Nationality', 'Nationality', { kind: 'select', lookup: { list: 'countries', value: 'code', label: 'displayName' } })}
            </Grid>
            {values.Nationality === 'KE' && (
              <>
                <Grid size={{ xs: 12, sm: 4 }}>
                  {field('county', 'County', { kind: 'select', lookup: { list: 'counties', value: 'CountyNo', label: 'countyName' } })}
                </Grid>
                <Grid size={{ xs: 12, sm: 4 }}>
                  {field('City', 'City', {
                    kind: 'select',
                    lookup: { list: 'cities', value: 'City', label: 'City', parentFrom: 'county' },
                  })}
                </Grid>
              </>
            )}
            <Grid size={{ xs: 12, sm: 4 }}>
              {field('Discipline', 'Discipline', { kind: 'select', lookup: { list: 'disciplines', value: 'code', label: 'description' } })}
            </Grid>
            {boardCaption && (
              <Grid size={{ xs: 12, sm: 4 }}>
                {field('specialization', 'Specialization', {
                  kind: 'select',
                  lookup: { list: 'specialization-types', value: 'code', label: 'description', parentFrom: 'Discipline' },
                })}
              </Grid>
            )}
            {minor.practicing_firm && (
              <Grid size={{ xs: 12, sm: 4 }}>
                {field('memberPracticingFirm', 'Practising Firm', {
                  kind: 'select',
                  lookup: { list: 'firms', value: 'code', label: 'name' },
                })}
              </Grid>
            )}
            <Grid size={{ xs: 12 }}>{field('Disability', 'Disability', { kind: 'switch' })}</Grid>
            {values.Disability && (
              <>
                <Grid size={{ xs: 12, sm: 4 }}>{field('PWDCardNo', 'PWD Card Number')}</Grid>
                <Grid size={{ xs: 12, sm: 8 }}>{field('DisabilityDescription', 'Disability Description')}</Grid>
              </>
            )}
          </Grid>
          {editable && (
            <Button type="submit" variant="contained" size="large" sx={{ mt: 3 }} disabled={busy}>
              {busy ? 'Saving…' : initial ? 'Create Profile' : 'Save'}
            </Button>
          )}
        </Box>
      </CardContent>
      <ErrorDialog messages={dialogErrors} onClose={() => setDialogErrors([])} />
    </Card>
  );
}
