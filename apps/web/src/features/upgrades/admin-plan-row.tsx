import { zodResolver } from '@hookform/resolvers/zod';
import { Save } from '@mui/icons-material';
import { Button, Checkbox, ListItemText, MenuItem, Switch, TableCell, TableRow, TextField } from '@mui/material';
import { type MembershipCategory, type UpgradePlan, type UpgradePlanUpdate, upgradeMessages, upgradePlanUpdate } from '@portal/contract';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Caption } from '../../shared/ui/caption';
import { eachFieldError } from '../../shared/ui/field-errors';
import { useToast } from '../../shared/ui/toast';
import { adminUpgradesApi, useRefreshAdminUpgradePlans } from './api';

const FIELDS = ['Amount', 'enabled', 'fromCategories'] as const;

const toValues = (plan: UpgradePlan): UpgradePlanUpdate => ({
  Amount: plan.Amount,
  enabled: plan.enabled,
  fromCategories: plan.fromCategories,
});

/**
 * One plan as a row of fields with its own Save: the amount, whether members may apply, and the categories that may
 * (part 2 §9). The server's field messages show under their fields, its message as a warning toast (part 2 §8).
 */
export function AdminPlanRow({ plan, categories }: { plan: UpgradePlan; categories: MembershipCategory[] }) {
  const toast = useToast();
  const refresh = useRefreshAdminUpgradePlans();
  const form = useForm<UpgradePlanUpdate, unknown, z.output<typeof upgradePlanUpdate>>({
    resolver: zodResolver(upgradePlanUpdate),
    defaultValues: toValues(plan),
  });
  const { errors, isSubmitting, isDirty } = form.formState;
  const describe = (code: string) => categories.find((c) => c.Code === code)?.Description ?? code;
  const options = categories.filter((c) => c.Code !== plan.ToCategory);

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

  return (
    <TableRow sx={{ verticalAlign: 'top' }}>
      <TableCell sx={{ whiteSpace: 'nowrap', pt: 2.5 }}>{plan.code}</TableCell>
      <TableCell sx={{ pt: 2.5 }}>
        {plan.ToCategoryDescription}
        <Caption>{plan.ToCategory}</Caption>
      </TableCell>
      <TableCell>
        <TextField
          type="number"
          size="small"
          {...form.register('Amount')}
          error={Boolean(errors.Amount)}
          helperText={errors.Amount?.message}
          slotProps={{ htmlInput: { min: 0, step: 1, inputMode: 'decimal', 'aria-label': `Amount of ${plan.code}` } }}
          sx={{ width: 150 }}
        />
      </TableCell>
      <TableCell>
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
      </TableCell>
      <TableCell>
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
              sx={{ width: 280 }}
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
      </TableCell>
      <TableCell align="right">
        <Button variant="contained" size="small" startIcon={<Save />} disabled={isSubmitting || !isDirty} onClick={save}>
          {isSubmitting ? 'Saving…' : 'Save'}
        </Button>
      </TableCell>
    </TableRow>
  );
}
