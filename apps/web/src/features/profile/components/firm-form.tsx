import { Avatar, Box, Button, Card, CardContent, CardHeader, Grid, Stack, TextField } from '@mui/material';
import { BIO_FILE_RULES, type FirmBioInput, formatPhone } from '@portal/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { api } from '../../../shared/api/client';
import { lazyZodResolver } from '../../../shared/forms/lazy-resolver';
import { useSession } from '../../../shared/session/session-store';
import { toBody, useAfterProfileSave } from '../api';
import { ErrorDialog, splitServerErrors } from './error-dialog';
import { FieldInput, FileField } from './field-input';
import { checkFile } from './file-checks';

export interface FirmProfile extends Partial<Record<keyof FirmBioInput, unknown>> {
  ProfileID?: string;
  Email?: string;
  PINRegNo?: string;
  picture?: string | null;
}

const FIELDS: { name: keyof FirmBioInput; label: string; phone?: boolean }[] = [
  { name: 'FirstName', label: 'Name of the Body' },
  { name: 'PhoneNo', label: 'Mobile', phone: true },
  { name: 'PhoneNo2', label: 'Telephone', phone: true },
  { name: 'Address', label: 'Postal Address' },
  { name: 'Address2', label: 'Physical Address' },
  { name: 'faxNo', label: 'Fax No' },
  { name: 'VATRegNo', label: 'VAT Reg No' },
  { name: 'houseNo', label: 'House No' },
  { name: 'blockNo', label: 'Block No' },
  { name: 'lrNo', label: 'LR No' },
  { name: 'streetName', label: 'Street Name' },
  { name: 'City', label: 'City' },
];

/** The firm's details: all required, upper case; Email and KRA PIN come from the account. */
export function FirmForm({ firm, initial }: { firm?: FirmProfile | null; initial: boolean }) {
  const session = useSession();
  const afterSave = useAfterProfileSave();
  const defaults = Object.fromEntries(
    FIELDS.map((f) => [f.name, f.phone ? formatPhone(firm?.[f.name] as string | undefined) : String(firm?.[f.name] ?? '')]),
  ) as FirmBioInput;
  const form = useForm<FirmBioInput>({
    resolver: lazyZodResolver(() => import('@portal/contract').then(({ firmBioSchema }) => firmBioSchema)) as never,
    defaultValues: { ...defaults, noConvictions: Boolean(firm?.noConvictions) },
  });
  const [photo, setPhoto] = useState<File | null>(null);
  const [photoError, setPhotoError] = useState<string>();
  const [dialogErrors, setDialogErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);

  function checkPhoto() {
    const error = checkFile(BIO_FILE_RULES.photo, photo, firm?.picture ? { id: '', fileName: 'logo' } : null);
    setPhotoError(error);
    return error;
  }

  const submit = form.handleSubmit(
    async () => {
      // The photo's problem is said under it, where it is fixed (issue 28).
      if (checkPhoto()) return;
      setBusy(true);
      try {
        await api.post(initial ? 'profile/firmBio' : 'profile/firmBio/update', toBody(form.getValues(), { Image: photo }));
        setPhoto(null);
        await afterSave(initial, 'Firm profile created. Complete the remaining sections.');
      } catch (error) {
        // The server's messages of a field go under it; only the others open the dialog (issue 28).
        const { fields, others } = splitServerErrors(error, [...Object.keys(form.getValues()), 'Image']);
        const { Image, ...formFields } = fields;
        setPhotoError(Image);
        for (const [name, message] of Object.entries(formFields)) {
          form.setError(name as never, { type: 'server', message }, { shouldFocus: true });
        }
        setDialogErrors(others);
      } finally {
        setBusy(false);
      }
    },
    // The messages show under the fields and the first one takes the focus: no dialog over the form (issue 28).
    () => checkPhoto(),
  );

  return (
    <Card>
      <CardHeader
        title={initial ? 'Create your firm profile' : 'Firm Details'}
        slotProps={{ title: { variant: 'h6', component: 'h2', sx: { fontWeight: 700 } } }}
      />
      <CardContent>
        <Box component="form" noValidate onSubmit={submit}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} alignItems="center" sx={{ mb: 3 }}>
            <Avatar
              src={photo ? URL.createObjectURL(photo) : (firm?.picture ?? undefined)}
              variant="rounded"
              sx={{ width: 96, height: 96 }}
              alt="Firm logo"
            />
            <FileField
              field={{ name: 'Image', label: 'Firm logo or photo (PNG or JPEG, less than 2MB)', kind: 'file', accept: 'image' }}
              file={photo}
              stored={firm?.picture ? 'Image on file' : null}
              error={photoError}
              onChange={(file) => {
                setPhoto(file);
                // Said when the file is picked, not at Save (issue 28).
                setPhotoError(file ? checkFile(BIO_FILE_RULES.photo, file, null) : undefined);
              }}
            />
          </Stack>
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField label="Email" value={firm?.Email ?? session?.user.email ?? ''} slotProps={{ input: { readOnly: true } }} />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField
                label="KRA PIN"
                value={firm?.PINRegNo ?? session?.user.id_number ?? ''}
                slotProps={{ input: { readOnly: true } }}
              />
            </Grid>
            {FIELDS.map((f) => (
              <Grid key={f.name} size={{ xs: 12, sm: 6, md: 4 }}>
                <FieldInput
                  field={{ name: f.name, label: `${f.label} *`, kind: 'text', upper: !f.phone, phone: f.phone }}
                  control={form.control}
                />
              </Grid>
            ))}
          </Grid>
          <Button type="submit" variant="contained" size="large" sx={{ mt: 3 }} disabled={busy}>
            {busy ? 'Saving…' : initial ? 'Create Profile' : 'Save'}
          </Button>
        </Box>
      </CardContent>
      <ErrorDialog messages={dialogErrors} onClose={() => setDialogErrors([])} />
    </Card>
  );
}
