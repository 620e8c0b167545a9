import { ArrowBack, Save, Schedule, Science, Send } from '@mui/icons-material';
import {
  Box,
  Button,
  Card,
  CardContent,
  CircularProgress,
  FormControlLabel,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { type Campaign, type CampaignRequest, campaignMessages, type MembershipCategory, type MergeField } from '@portal/contract';
import { type ReactNode, useRef, useState } from 'react';
import { Controller, type FieldErrors, type Path, type Resolver, useForm, useWatch } from 'react-hook-form';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { lazyZodResolver } from '../../shared/forms/lazy-resolver';
import { LiteAlert } from '../../shared/lite/surfaces';
import { useCategories } from '../../shared/settings/use-settings';
import { ConfirmDialog } from '../../shared/ui/confirm-dialog';
import { eachFieldError } from '../../shared/ui/field-errors';
import { LoadingSpinner } from '../../shared/ui/loading';
import { useToast } from '../../shared/ui/toast';
import { type CountyRow, campaignsApi, useCampaign, useCounties, useRefreshCampaigns } from './api';
import { MergeFieldList } from './merge-fields';
import { PreviewPanel } from './preview-panel';
import {
  type CampaignFormValues,
  type CampaignOutput,
  campaignRoute,
  editCampaignRoute,
  smsLine,
  toFormValues,
  toPreviewRequest,
  toRequest,
} from './rules';
import { SegmentFields } from './segment-fields';

const schemaResolver = lazyZodResolver<CampaignRequest, CampaignOutput>(() =>
  import('@portal/contract').then(({ campaignRequest }) => campaignRequest),
);
/** The fields hold what is typed; the contract's schema checks the request they make, so its messages show. */
const resolver: Resolver<CampaignFormValues, unknown, CampaignOutput> = (values, context, options) =>
  schemaResolver(toRequest(values), context, options as never) as never;

type Action = 'draft' | 'test' | 'send' | 'schedule';

const BUSY: Record<Action, string> = { draft: 'Saving…', test: 'Sending the test…', send: 'Sending…', schedule: 'Scheduling…' };

/** The server's name for a field, as the form names it. */
const formField = (name: string) => (name === 'segment.attended' ? 'segment.attendance' : name);

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card variant="outlined" component="section" aria-label={title}>
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ fontWeight: 700, mb: 2 }}>
          {title}
        </Typography>
        <Stack spacing={2}>{children}</Stack>
      </CardContent>
    </Card>
  );
}

function CampaignForm({
  campaign,
  categories,
  counties,
}: {
  campaign: Campaign | null;
  categories: MembershipCategory[];
  counties: CountyRow[];
}) {
  const navigate = useNavigate();
  const toast = useToast();
  const refresh = useRefreshCampaigns();
  const form = useForm<CampaignFormValues, unknown, CampaignOutput>({ resolver, defaultValues: toFormValues(campaign) });
  const { control, register, formState } = form;
  const errors = formState.errors as FieldErrors<CampaignFormValues>;
  const values = useWatch({ control }) as CampaignFormValues;
  const [busy, setBusy] = useState<Action | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [confirmSend, setConfirmSend] = useState(false);
  const subjectRef = useRef<HTMLInputElement | null>(null);
  const bodyRef = useRef<HTMLTextAreaElement | null>(null);
  const lastField = useRef<'subject' | 'body'>('body');
  const sms = values.channel === 'sms';

  function insert(field: MergeField) {
    const target = sms ? 'body' : lastField.current;
    const element = target === 'subject' ? subjectRef.current : bodyRef.current;
    const text = form.getValues(target);
    const token = `{{${field}}}`;
    const start = element?.selectionStart ?? text.length;
    const end = element?.selectionEnd ?? text.length;
    form.setValue(target, text.slice(0, start) + token + text.slice(end), { shouldDirty: true, shouldValidate: formState.isSubmitted });
    requestAnimationFrame(() => {
      element?.focus();
      element?.setSelectionRange(start + token.length, start + token.length);
    });
  }

  async function run(action: Action) {
    setError(null);
    const current = form.getValues();
    if (action === 'schedule' && !current.sendAt) {
      form.setError('sendAt', { message: 'Choose when to send it' });
      return;
    }
    const request = toRequest(current, action === 'schedule' || (action !== 'send' && Boolean(current.sendAt)));
    setBusy(action);
    let no = campaign?.no;
    try {
      if (no) await campaignsApi.update(no, request);
      else no = (await campaignsApi.create(request)).no;
    } catch (e) {
      eachFieldError(e, (name, message) => {
        const field = formField(name) as Path<CampaignFormValues>;
        if (form.getValues(field) !== undefined) form.setError(field, { message });
      });
      setError(e instanceof Error ? e.message : 'Something went wrong');
      setBusy(null);
      return;
    }
    let message: string = campaignMessages.created;
    try {
      if (action === 'test') message = (await campaignsApi.test(no)).message ?? 'Test sent';
      if (action === 'send' || action === 'schedule') {
        const sent = await campaignsApi.send(no);
        await refresh();
        toast(sent.message ?? campaignMessages.sending, 'success');
        navigate(campaignRoute(no));
        return;
      }
    } catch (e) {
      // Saved, but not sent: the draft stays to be changed.
      message = '';
      setError(
        `The campaign is saved as a draft, but ${action === 'test' ? 'the test was not sent' : 'not sent'}: ${e instanceof Error ? e.message : 'something went wrong'}`,
      );
    }
    await refresh();
    setBusy(null);
    if (message) toast(message, 'success');
    if (!campaign) navigate(editCampaignRoute(no), { replace: true });
  }

  const submit = (action: Action) => form.handleSubmit(() => (action === 'send' ? setConfirmSend(true) : run(action)));
  const text = (name: 'name' | 'subject' | 'sendAt') => {
    const message = errors[name]?.message;
    return { error: Boolean(message), helperText: message };
  };

  return (
    <Box component="form" noValidate onSubmit={submit('draft')}>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          // On a phone the preview comes before the buttons that send: the count is read before Send now.
          gridTemplateAreas: { xs: '"message" "preview" "send"', md: '"message preview" "send preview"' },
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) 340px', lg: 'minmax(0, 1fr) 400px' },
          gridTemplateRows: { md: 'auto 1fr' },
        }}
      >
        <Stack spacing={2} sx={{ minWidth: 0, gridArea: 'message' }}>
          <Section title="Message">
            <Controller
              control={control}
              name="name"
              render={({ field }) => (
                <TextField
                  label="Campaign name"
                  required
                  {...field}
                  {...text('name')}
                  helperText={errors.name?.message ?? 'For the board’s list; members do not see it'}
                  fullWidth
                />
              )}
            />
            <Controller
              control={control}
              name="channel"
              render={({ field }) => (
                <RadioGroup row aria-label="Channel" value={field.value} onChange={(e) => field.onChange(e.target.value)}>
                  <FormControlLabel value="email" control={<Radio />} label="E-mail" />
                  <FormControlLabel value="sms" control={<Radio />} label="SMS" />
                </RadioGroup>
              )}
            />
            {!sms && (
              <Controller
                control={control}
                name="subject"
                render={({ field }) => (
                  <TextField
                    label="Subject"
                    required
                    {...field}
                    inputRef={(el: HTMLInputElement | null) => {
                      field.ref(el);
                      subjectRef.current = el;
                    }}
                    onFocus={() => {
                      lastField.current = 'subject';
                    }}
                    {...text('subject')}
                    fullWidth
                  />
                )}
              />
            )}
            <Controller
              control={control}
              name="body"
              render={({ field }) => (
                <TextField
                  label="Message"
                  required
                  multiline
                  minRows={sms ? 4 : 8}
                  {...field}
                  inputRef={(el: HTMLTextAreaElement | null) => {
                    field.ref(el);
                    bodyRef.current = el;
                  }}
                  onFocus={() => {
                    lastField.current = 'body';
                  }}
                  error={Boolean(errors.body)}
                  helperText={
                    <>
                      {errors.body?.message && (
                        <Box component="span" sx={{ display: 'block' }}>
                          {errors.body.message}
                        </Box>
                      )}
                      {sms ? (
                        <Box component="span" data-testid="sms-length" sx={{ display: 'block', color: 'text.secondary' }}>
                          {smsLine(field.value)}
                        </Box>
                      ) : (
                        !errors.body && 'Plain text; a blank line starts a new paragraph'
                      )}
                    </>
                  }
                  fullWidth
                />
              )}
            />
            <MergeFieldList onInsert={insert} />
          </Section>
          <Section title="Who receives it">
            <SegmentFields
              control={control}
              register={register}
              errors={errors}
              categories={categories}
              counties={counties}
              hasEvent={Boolean(values.segment.eventNo.trim())}
            />
          </Section>
        </Stack>
        <Box sx={{ minWidth: 0, gridArea: 'send' }}>
          <Section title="Send">
            <Controller
              control={control}
              name="sendAt"
              render={({ field }) => (
                <TextField
                  label="Send at"
                  type="datetime-local"
                  {...field}
                  {...text('sendAt')}
                  helperText={errors.sendAt?.message ?? 'Nairobi time; for Schedule'}
                  slotProps={{ inputLabel: { shrink: true } }}
                  sx={{ maxWidth: 320 }}
                />
              )}
            />
            {error && <LiteAlert severity="error">{error}</LiteAlert>}
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
              <Button
                type="submit"
                variant="outlined"
                disabled={Boolean(busy)}
                startIcon={busy === 'draft' ? <CircularProgress size={18} /> : <Save />}
              >
                {busy === 'draft' ? BUSY.draft : 'Save draft'}
              </Button>
              <Button
                variant="outlined"
                disabled={Boolean(busy)}
                onClick={submit('test')}
                startIcon={busy === 'test' ? <CircularProgress size={18} /> : <Science />}
              >
                {busy === 'test' ? BUSY.test : 'Send test to me'}
              </Button>
              <Button
                variant="contained"
                disabled={Boolean(busy)}
                onClick={submit('send')}
                startIcon={busy === 'send' ? <CircularProgress size={18} color="inherit" /> : <Send />}
              >
                {busy === 'send' ? BUSY.send : 'Send now'}
              </Button>
              <Button
                variant="contained"
                color="secondary"
                disabled={Boolean(busy)}
                onClick={submit('schedule')}
                startIcon={busy === 'schedule' ? <CircularProgress size={18} color="inherit" /> : <Schedule />}
              >
                {busy === 'schedule' ? BUSY.schedule : 'Schedule'}
              </Button>
            </Stack>
          </Section>
        </Box>
        <Box sx={{ position: { md: 'sticky' }, top: { md: 80 }, alignSelf: 'start', minWidth: 0, gridArea: 'preview' }}>
          <PreviewPanel request={toPreviewRequest(values)} written={Boolean(values.body.trim())} />
        </Box>
      </Box>
      <ConfirmDialog
        open={confirmSend}
        title="Send the campaign now?"
        confirmLabel="Send now"
        onCancel={() => setConfirmSend(false)}
        onConfirm={() => {
          setConfirmSend(false);
          void run('send');
        }}
      >
        It is saved and goes to every member of its segment the preview counts. It cannot be changed once sent.
      </ConfirmDialog>
    </Box>
  );
}

/** /admin/campaigns/new and /admin/campaigns/{no}/edit (issue 29): a draft's message, segment and live preview. */
export function CampaignFormPage() {
  const { no } = useParams();
  const campaign = useCampaign(no);
  const categories = useCategories();
  const counties = useCounties();
  const loading = categories.isLoading || (Boolean(no) && campaign.isLoading);
  const notDraft = campaign.data && campaign.data.status !== 'draft';

  return (
    <Stack spacing={2}>
      <Button
        component={RouterLink}
        to={no ? campaignRoute(no) : '/admin/campaigns'}
        startIcon={<ArrowBack />}
        sx={{ alignSelf: 'flex-start' }}
      >
        {no ? 'The campaign' : 'Campaigns'}
      </Button>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
        {no ? `Edit ${campaign.data?.name ?? no}` : 'New campaign'}
      </Typography>
      {loading && <LoadingSpinner label="Loading the campaign" />}
      {campaign.error && <LiteAlert severity="error">{campaign.error.message}</LiteAlert>}
      {categories.error && <LiteAlert severity="error">{categories.error.message}</LiteAlert>}
      {notDraft && <LiteAlert severity="warning">{campaignMessages.notDraft}</LiteAlert>}
      {!loading && !notDraft && (!no || campaign.data) && (
        <CampaignForm
          key={no ?? 'new'}
          campaign={campaign.data ?? null}
          categories={categories.data ?? []}
          counties={counties.data ?? []}
        />
      )}
    </Stack>
  );
}
