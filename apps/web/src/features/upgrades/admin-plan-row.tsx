import { Save } from '@mui/icons-material';
import {
  Box,
  Button,
  Checkbox,
  FormControlLabel,
  ListItemText,
  MenuItem,
  Switch,
  TableCell,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import {
  type MembershipCategory,
  type UpgradePlan,
  type UpgradePlanUpdate,
  upgradeMessages,
  type upgradePlanUpdate,
} from '@portal/contract';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { lazyZodResolver } from '../../shared/forms/lazy-resolver';
import { Caption } from '../../shared/ui/caption';
import { eachFieldError } from '../../shared/ui/field-errors';
import { SummaryCard } from '../../shared/ui/summary-card';
import { useToast } from '../../shared/ui/toast';
import { adminUpgradesApi, useRefreshAdminUpgradePlans } from './api';

const FIELDS = ['Amount', 'enabled', 'fromCategories'] as const;

const toValues = (plan: UpgradePlan): UpgradePlanUpdate => ({
  Amount: plan.Amount,
  enabled: plan.enabled,
  fromCategories: plan.fromCategories,
});

/** A plan's form: the amount, whether members may apply and the categories that may, saved on its own. */
function usePlanForm(plan: UpgradePlan) {
  const toast = useToast();
  const refresh = useRefreshAdminUpgradePlans();
  const form = useForm<UpgradePlanUpdate, unknown, z.output<typeof upgradePlanUpdate>>({
    resolver: lazyZodResolver(() => import('@portal/contract').then(({ upgradePlanUpdate }) => upgradePlanUpdate)),
    defaultValues: toValues(plan),
  });
  const save = form.handleSubmit(async (values) => {
    try {
      const saved = await adminUpgradesApi.save(plan.code, values);
      form.reset(toValues(saved));
      await refresh();
      toast(upgradeMessages.planSaved);
    } catch (e) {
      eachFieldError(e, (field, message) => {
        const name = FIELDS.find((f) => field === f || field.startsWith(`${f}.`));
        if (name) form.setError(name, { message });
      });
      toast(e instanceof Error ? e.message : 'Something went wrong', 'warning');
    }
  });
  return { form, save };
}

type PlanForm = ReturnType<typeof usePlanForm>['form'];
type PlanProps = { plan: UpgradePlan; categories: MembershipCategory[] };
type FieldProps = { plan: UpgradePlan; form: PlanForm };

function AmountField({ plan, form, label }: FieldProps & { label?: string }) {
  const { errors } = form.formState;
  return (
    <TextField
      type="number"
      size="small"
      label={label}
      {...form.register('Amount')}
      error={Boolean(errors.Amount)}
      helperText={errors.Amount?.message}
      slotProps={{ htmlInput: { min: 0, step: 1, inputMode: 'decimal', 'aria-label': `Amount of ${plan.code}` } }}
      sx={{ width: 150 }}
    />
  );
}

function EnabledSwitch({ plan, form }: FieldProps) {
  return (
    <Controller
      name="enabled"
      control={form.control}
      render={({ field }) => (
        <Switch
          checked={field.value}
          onChange={(e) => field.onChange(e.target.checked)}
          slotProps={{ input: { 'aria-label': `${plan.code} enabled` } }}
        />
      )}
    />
  );
}

function CategoriesField({ plan, form, categories, fullWidth }: FieldProps & { categories: MembershipCategory[]; fullWidth?: boolean }) {
  const describe = (code: string) => categories.find((c) => c.Code === code)?.Description ?? code;
  const options = categories.filter((c) => c.Code !== plan.ToCategory);
  return (
    <Controller
      name="fromCategories"
      control={form.control}
      render={({ field, fieldState }) => (
        <TextField
          select
          size="small"
          label="Categories"
          value={field.value}
          onChange={(e) => field.onChange(typeof e.target.value === 'string' ? e.target.value.split(',') : e.target.value)}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message}
          fullWidth={fullWidth}
          sx={fullWidth ? undefined : { width: 280 }}
          slotProps={{
            select: { multiple: true, renderValue: (v) => (v as string[]).map(describe).join(', ') },
            htmlInput: { 'aria-label': `Categories that may apply for ${plan.code}` },
          }}
        >
          {options.map((c) => (
            <MenuItem key={c.Code} value={c.Code}>
              <Checkbox checked={field.value.includes(c.Code)} size="small" />
              <ListItemText primary={c.Description} secondary={c.Code} />
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
}

function SaveButton({ form, save }: { form: PlanForm; save: () => void }) {
  const { isSubmitting, isDirty } = form.formState;
  return (
    <Button variant="contained" size="small" startIcon={<Save />} disabled={isSubmitting || !isDirty} onClick={save}>
      {isSubmitting ? 'Saving…' : 'Save'}
    </Button>
  );
}

/**
 * One plan as a row of fields with its own Save: the amount, whether members may apply, and the categories that may
 * (part 2 §9). The server's field messages show under their fields, its message as a warning toast (part 2 §8).
 */
export function AdminPlanRow({ plan, categories }: PlanProps) {
  const { form, save } = usePlanForm(plan);
  return (
    <TableRow sx={{ verticalAlign: 'top' }}>
      <TableCell sx={{ whiteSpace: 'nowrap', pt: 2.5 }}>{plan.code}</TableCell>
      <TableCell sx={{ pt: 2.5 }}>
        {plan.ToCategoryDescription}
        <Caption>{plan.ToCategory}</Caption>
      </TableCell>
      <TableCell>
        <AmountField plan={plan} form={form} />
      </TableCell>
      <TableCell>
        <EnabledSwitch plan={plan} form={form} />
      </TableCell>
      <TableCell>
        <CategoriesField plan={plan} form={form} categories={categories} />
      </TableCell>
      <TableCell align="right">
        <SaveButton form={form} save={save} />
      </TableCell>
    </TableRow>
  );
}

/** On a phone the same fields stacked in the plan's card, Save below them. */
export function AdminPlanCard({ plan, categories }: PlanProps) {
  const { form, save } = usePlanForm(plan);
  return (
    <SummaryCard
      label={`Upgrade plan ${plan.code}`}
      head={
        <Typography variant="body2" color="text.secondary">
          {plan.code} · {plan.ToCategory}
        </Typography>
      }
      aside={<FormControlLabel label="Enabled" labelPlacement="start" control={<EnabledSwitch plan={plan} form={form} />} />}
      title={plan.ToCategoryDescription}
    >
      <AmountField plan={plan} form={form} label="Amount (KES)" />
      <CategoriesField plan={plan} form={form} categories={categories} fullWidth />
      <Box>
        <SaveButton form={form} save={save} />
      </Box>
    </SummaryCard>
  );
}
