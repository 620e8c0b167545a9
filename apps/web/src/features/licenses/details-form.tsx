import { Grid, MenuItem, TextField } from '@mui/material';
import { LICENSE_DETAIL_LABELS, type LicenseDetails, type LicenseDetailsInput } from '@portal/contract';
import type { ChangeEvent } from 'react';
import { type Control, Controller, type UseFormReturn, useWatch } from 'react-hook-form';
import { DateField } from '../../shared/ui/date-field';
import { type LookupRow, useLookup } from '../profile/api';

type Field = keyof LicenseDetailsInput;
export type DetailsForm = UseFormReturn<LicenseDetailsInput, unknown, LicenseDetails>;

interface Options {
  rows: LookupRow[] | undefined;
  value: string;
  label: string;
}

/** A list's rows as choices; a value not among them (the list still loading, an old code) stays shown as it is. */
function choices(options: Options, value: string | undefined): { value: string; label: string }[] {
  const list = (options.rows ?? []).map((row) => ({ value: String(row[options.value]), label: String(row[options.label]) }));
  return value && !list.some((c) => c.value === value) ? [{ value, label: value }, ...list] : list;
}

function Input({
  control,
  name,
  type,
  options,
  onPicked,
}: {
  control: Control<LicenseDetailsInput>;
  name: Field;
  type?: 'date' | 'email' | 'tel';
  options?: Options;
  onPicked?: () => void;
}) {
  return (
    <Grid size={{ xs: 12, sm: 6 }}>
      <Controller
        name={name}
        control={control}
        render={({ field, fieldState }) => {
          const common = {
            fullWidth: true,
            required: true,
            label: LICENSE_DETAIL_LABELS[name],
            name: field.name,
            value: field.value ?? '',
            onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
              field.onChange(e.target.value);
              onPicked?.();
            },
            onBlur: field.onBlur,
            inputRef: field.ref,
            error: Boolean(fieldState.error),
            helperText: fieldState.error?.message ?? ' ',
          };
          if (type === 'date') return <DateField {...common} />;
          return (
            <TextField {...common} select={Boolean(options)} type={type}>
              {options &&
                choices(options, field.value).map((c) => (
                  <MenuItem key={c.value} value={c.value}>
                    {c.label}
                  </MenuItem>
                ))}
            </TextField>
          );
        }}
      />
    </Grid>
  );
}

/**
 * The 'License details' tab (part 2 §5): every field required with the contract's messages. Country, county and
 * city come from the setup lists the profile's contact form uses; a city is chosen within its county.
 */
export function LicenseDetailsFields({ form }: { form: DetailsForm }) {
  const { control } = form;
  const county = useWatch({ control, name: 'county' });
  const countries = useLookup('countries');
  const counties = useLookup('counties');
  const cities = useLookup('cities', county, Boolean(county));
  return (
    <Grid container columnSpacing={2} rowSpacing={1}>
      <Input control={control} name="startDate" type="date" />
      <Input control={control} name="practitionerSurname" />
      <Input control={control} name="practitionerOtherNames" />
      <Input control={control} name="practitionerAddress" />
      <Input control={control} name="practiceName" />
      <Input control={control} name="postalCode" />
      <Input control={control} name="physicalLocation" />
      <Input control={control} name="countryCode" options={{ rows: countries.data, value: 'code', label: 'displayName' }} />
      <Input
        control={control}
        name="county"
        options={{ rows: counties.data, value: 'CountyNo', label: 'countyName' }}
        onPicked={() => form.setValue('city', '')}
      />
      <Input control={control} name="city" options={{ rows: county ? cities.data : [], value: 'City', label: 'City' }} />
      <Input control={control} name="practitionerPhone" type="tel" />
      <Input control={control} name="practitionerEmail" type="email" />
    </Grid>
  );
}
