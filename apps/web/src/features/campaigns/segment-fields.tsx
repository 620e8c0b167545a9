import { Box, Checkbox, Chip, FormControlLabel, FormGroup, FormHelperText, Stack, TextField, Typography } from '@mui/material';
import type { MembershipCategory } from '@portal/contract';
import { type Control, Controller, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { NativeSelectField } from '../../shared/ui/select-filter';
import type { CountyRow } from './api';
import { MemberListField } from './member-list-field';
import type { CampaignFormValues, CampaignOutput } from './rules';

type FormControl = Control<CampaignFormValues, unknown, CampaignOutput>;

type Option = { value: string; label: string };

function ChoiceField({
  control,
  name,
  label,
  options,
  any = 'Any',
  disabled,
}: {
  control: FormControl;
  name: 'segment.memberType' | 'segment.standing' | 'segment.licence' | 'segment.cpdBelowTarget' | 'segment.attendance';
  label: string;
  options: Option[];
  any?: string | null;
  disabled?: boolean;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <NativeSelectField label={label} value={field.value} onChange={(e) => field.onChange(e.target.value)} disabled={disabled} fullWidth>
          {any !== null && <option value="">{any}</option>}
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </NativeSelectField>
      )}
    />
  );
}

function CountiesField({ value, onChange, counties }: { value: string[]; onChange: (codes: string[]) => void; counties: CountyRow[] }) {
  const name = (code: string) => counties.find((c) => c.CountyNo === code)?.countyName ?? code;
  const left = counties.filter((c) => !value.includes(c.CountyNo));
  return (
    <Stack spacing={1}>
      <NativeSelectField
        label="Counties"
        value=""
        onChange={(e) => {
          if (e.target.value) onChange([...value, e.target.value]);
        }}
        fullWidth
      >
        <option value="">{value.length ? 'Add another county' : 'Any county'}</option>
        {left.map((c) => (
          <option key={c.CountyNo} value={c.CountyNo}>
            {c.countyName}
          </option>
        ))}
      </NativeSelectField>
      {value.length > 0 && (
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }} aria-label="Chosen counties">
          {value.map((code) => (
            <Chip key={code} size="small" label={name(code)} onDelete={() => onChange(value.filter((c) => c !== code))} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

/** The segment builder: every filter chosen must hold for a member to receive the campaign. */
export function SegmentFields({
  control,
  register,
  errors,
  categories,
  counties,
  hasEvent,
}: {
  control: FormControl;
  register: UseFormRegister<CampaignFormValues>;
  errors: FieldErrors<CampaignFormValues>;
  categories: MembershipCategory[];
  counties: CountyRow[];
  hasEvent: boolean;
}) {
  const segmentErrors = errors.segment;
  return (
    <Stack spacing={2}>
      <Typography variant="body2" color="text.secondary">
        Active members for whom every choice holds. Leave a choice at Any to not filter by it.
      </Typography>
      <Controller
        control={control}
        name="segment.categories"
        render={({ field }) => (
          <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
            <Typography component="legend" variant="subtitle2" sx={{ fontWeight: 700 }}>
              Membership categories {field.value.length === 0 && '(any)'}
            </Typography>
            <FormGroup row>
              {categories.map((c) => (
                <FormControlLabel
                  key={c.Code}
                  label={c.Description}
                  control={
                    <Checkbox
                      size="small"
                      checked={field.value.includes(c.Code)}
                      onChange={(e) =>
                        field.onChange(e.target.checked ? [...field.value, c.Code] : field.value.filter((code) => code !== c.Code))
                      }
                    />
                  }
                />
              ))}
            </FormGroup>
            {segmentErrors?.categories && <FormHelperText error>{segmentErrors.categories.message}</FormHelperText>}
          </Box>
        )}
      />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <ChoiceField
          control={control}
          name="segment.memberType"
          label="Member type"
          options={[
            { value: 'Individual', label: 'Individual' },
            { value: 'Corporate', label: 'Corporate' },
          ]}
        />
        <ChoiceField
          control={control}
          name="segment.standing"
          label="Standing"
          options={[
            { value: 'good', label: 'In good standing' },
            { value: 'arrears', label: 'In arrears' },
          ]}
        />
        <ChoiceField
          control={control}
          name="segment.licence"
          label="Practising licence"
          options={[
            { value: 'licensed', label: 'Licensed' },
            { value: 'unlicensed', label: 'Not licensed' },
          ]}
        />
        <ChoiceField
          control={control}
          name="segment.cpdBelowTarget"
          label="CPD this year"
          options={[
            { value: 'yes', label: 'Below the target' },
            { value: 'no', label: 'On the target' },
          ]}
        />
        <TextField
          label="Event number"
          {...register('segment.eventNo')}
          error={Boolean(segmentErrors?.eventNo)}
          helperText={segmentErrors?.eventNo?.message ?? 'Members booked on this event, e.g. EVT000012'}
          fullWidth
        />
        <ChoiceField
          control={control}
          name="segment.attendance"
          label="At the event"
          any={null}
          options={[
            { value: 'booked', label: 'Booked (attended or not)' },
            { value: 'attended', label: 'Attended' },
            { value: 'missed', label: 'Booked but missed it' },
          ]}
          disabled={!hasEvent}
        />
      </Box>
      <Controller
        control={control}
        name="segment.counties"
        render={({ field }) => <CountiesField value={field.value} onChange={field.onChange} counties={counties} />}
      />
      <Controller
        control={control}
        name="segment.memberNos"
        render={({ field }) => <MemberListField value={field.value} onChange={field.onChange} error={segmentErrors?.memberNos?.message} />}
      />
    </Stack>
  );
}
