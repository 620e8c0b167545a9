import { CheckCircle, Cancel as Fail, VisibilityOff } from '@mui/icons-material';
import {
  Alert,
  Box,
  Card,
  CardContent,
  Chip,
  Divider,
  LinearProgress,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import {
  type ChecklistItem,
  codeKey,
  formatPhone,
  REVIEW_PROFILE_CODED_FIELDS,
  type ReviewApplication,
  type ReviewComment,
  type ReviewEvent,
  type ReviewFile,
  SECTION_CODED_FIELDS,
  SECTION_FIELDS,
  SECTION_INFO,
  type SectionName,
} from '@portal/contract';
import type { ReactNode } from 'react';
import { FileButton, type FileRef, StoredPhoto } from './file-viewer';
import { formatDate, formatDateTime } from './status';

const ROW_KEYS = new Set(['EntryNo', 'lineNo', 'entryNo', 'ProfileID']);

/** The profile tab's name (part 1 §2, Profile); a section the contract does not know is humanised. */
const sectionTitle = (section: string) => SECTION_INFO[section as SectionName]?.title ?? humanise(section);

const isEmpty = (value: unknown) => value === null || value === undefined || value === '' || (Array.isArray(value) && !value.length);

type CodeLabels = ReviewApplication['codeLabels'];

/** A setup code as its description (the server sends those of this application), else the code itself. */
export function describeCode(labels: CodeLabels, list: string, code: unknown): unknown {
  if (code === null || code === undefined || code === '') return code;
  return labels[codeKey(list, code)] ?? code;
}

/**
 * An entry's filled-in fields in the order of its form: the section schema's fields, its files, then anything else;
 * coded fields (SECTION_CODED_FIELDS) as their descriptions.
 */
function entryFields(section: string, entry: Record<string, unknown>, labels: CodeLabels): [string, unknown][] {
  const coded = SECTION_CODED_FIELDS[section as SectionName] ?? {};
  const definition = SECTION_INFO[section as SectionName];
  const order = [...(SECTION_FIELDS[section as SectionName] ?? []), ...(definition?.files ?? []).map((f) => f.field)];
  const rank = (key: string) => {
    const i = order.indexOf(key);
    return i === -1 ? order.length : i;
  };
  return Object.entries(entry)
    .filter(([k, v]) => !ROW_KEYS.has(k) && !isEmpty(v))
    .sort(([a], [b]) => rank(a) - rank(b))
    .map(([k, v]) => [humanise(k), coded[k] ? describeCode(labels, coded[k], v) : shownValue(k, v)]);
}

/** Phone numbers in the one display form, '+254 722 123 456' (decision 040); other values as they are. */
function shownValue(key: string, value: unknown): unknown {
  return (key === 'PhoneNo' || key === 'PhoneNo2') && typeof value === 'string' ? formatPhone(value) : value;
}

/** "PositionHeld" → "Position Held", "Country_Code" → "Country Code". */
export function humanise(key: string): string {
  const spaced = key
    .replace(/_/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2');
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

function isFileRef(value: unknown): value is FileRef {
  return Boolean(value && typeof value === 'object' && 'id' in value && 'fileName' in value);
}

function Value({ value }: { value: unknown }): ReactNode {
  if (value === null || value === undefined || value === '') return <Typography color="text.disabled">—</Typography>;
  if (typeof value === 'boolean') return <Typography variant="body2">{value ? 'Yes' : 'No'}</Typography>;
  if (isFileRef(value)) return <FileButton file={value} label={value.fileName} />;
  if (Array.isArray(value)) {
    if (value.length === 0) return <Typography color="text.disabled">—</Typography>;
    return (
      <Stack spacing={0.5}>
        {value.map((item, i) =>
          item && typeof item === 'object' && 'file' in item && isFileRef((item as { file: unknown }).file) ? (
            // A transcript: its description and its file.
            <Stack key={(item as { file: FileRef }).file.id} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <Typography variant="body2">{String((item as { description?: unknown }).description ?? '')}</Typography>
              <FileButton file={(item as { file: FileRef }).file} />
            </Stack>
          ) : (
            // biome-ignore lint/suspicious/noArrayIndexKey: plain values have no identity of their own
            <Typography key={i} variant="body2">
              {typeof item === 'object' ? JSON.stringify(item) : String(item)}
            </Typography>
          ),
        )}
      </Stack>
    );
  }
  if (typeof value === 'object') return <Typography variant="body2">{JSON.stringify(value)}</Typography>;
  return (
    <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
      {String(value)}
    </Typography>
  );
}

/** Label and value pairs in a responsive grid. */
export function Fields({ fields }: { fields: [string, unknown][] }) {
  return (
    <Box
      component="dl"
      sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' }, gap: 2, m: 0 }}
    >
      {fields.map(([label, value]) => (
        <Box key={label}>
          <Typography component="dt" variant="caption" color="text.secondary">
            {label}
          </Typography>
          <Box component="dd" sx={{ m: 0 }}>
            <Value value={value} />
          </Box>
        </Box>
      ))}
    </Box>
  );
}

export function ProfilePanel({ data }: { data: ReviewApplication }) {
  const p = data.profile;
  const account = data.applicant;
  if (!p) return <Alert severity="info">The applicant has not created a profile yet.</Alert>;
  const firm = p.Type === 'Corporate';
  const idFile = p.idFileId ? data.files.find((f) => f.id === p.idFileId) : undefined;
  const described = (field: keyof typeof REVIEW_PROFILE_CODED_FIELDS) =>
    describeCode(data.codeLabels, REVIEW_PROFILE_CODED_FIELDS[field], p[field]);
  const bio: [string, unknown][] = firm
    ? [
        ['Name of the body', p.FirstName],
        ...Object.entries(p.details ?? {}).map(([k, v]) => [humanise(k), shownValue(k, v)] as [string, unknown]),
      ]
    : [
        ['Last Name', p.LastName],
        ['First Name', p.FirstName],
        ['Other Names', p.SecondName],
        ['Gender', p.Gender],
        ['Title', p.profileTitle.join(', ')],
        ['Date of Birth', p.DateOfBirth],
        ['ID/Passport No', p.IdentificationDocumentNo],
        ['Certified ID', idFile ? { id: idFile.id, fileName: idFile.fileName } : null],
        ['Nationality', described('Nationality')],
        ['County', described('county')],
        ['City', described('City')],
        ['Discipline', p.DisciplineDescription ?? p.Discipline],
        ['Specialization', described('specialization')],
        ['Practicing Firm', described('memberPracticingFirm')],
        ['Disability', p.Disability],
        ...(p.Disability
          ? ([
              ['PWD Card Number', p.PWDCardNo],
              ['Disability Description', p.DisabilityDescription],
            ] as [string, unknown][])
          : []),
        ['Name confirmed', p.confirmed],
      ];
  return (
    <Stack spacing={3}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3}>
        <StoredPhoto id={p.pictureFileId} alt={`Photo of ${p.FirstName} ${p.LastName}`} />
        <Box sx={{ flexGrow: 1 }}>
          <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
            {firm ? 'Firm Details' : 'Bio'}
          </Typography>
          <Fields fields={bio} />
        </Box>
      </Stack>
      <Divider />
      <Box>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          Account
        </Typography>
        <Fields
          fields={[
            ['Profile No', p.ProfileID],
            ['E-mail', account?.email ?? p.Email],
            ['Phone', formatPhone(account?.phone_no ?? p.PhoneNo)],
            [firm ? 'KRA PIN' : 'ID number on the account', account?.id_number],
            ['E-mail updates', account ? account.email_updates === 1 : null],
          ]}
        />
      </Box>
      {data.sections.map((s) => (
        <Box key={s.section}>
          <Divider sx={{ mb: 2 }} />
          <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
            {sectionTitle(s.section)} ({s.entries.length})
          </Typography>
          {s.entries.length === 0 ? (
            <Typography color="text.secondary">No {s.noun.toLowerCase()} entries.</Typography>
          ) : (
            <Stack spacing={1.5}>
              {s.entries.map((entry) => (
                <Card key={String(entry.EntryNo)} variant="outlined">
                  <CardContent>
                    <Typography variant="subtitle2" color="text.secondary" sx={{ mb: 1 }}>
                      {s.noun} {String(entry.EntryNo)}
                    </Typography>
                    <Fields fields={entryFields(s.section, entry, data.codeLabels)} />
                  </CardContent>
                </Card>
              ))}
            </Stack>
          )}
        </Box>
      ))}
    </Stack>
  );
}

/** The checklist of the application's kind: `type` is Application, Upgrade or License (the requirements' type). */
export function ChecklistPanel({ type, items }: { type: string; items: ChecklistItem[] }) {
  if (!items.length) return <Alert severity="info">No {type} checklist requirements are set up for this category.</Alert>;
  const passed = items.filter((i) => i.pass).length;
  const percent = Math.round((passed / items.length) * 100);
  return (
    <Stack spacing={2}>
      <Typography variant="h6" component="h2">
        {type} checklist
      </Typography>
      <Box>
        <Typography variant="body2" sx={{ mb: 0.5 }}>
          {passed} of {items.length} items pass ({percent}%)
        </Typography>
        <LinearProgress
          variant="determinate"
          value={percent}
          color={percent < 50 ? 'primary' : 'secondary'}
          aria-label="Checklist progress"
        />
      </Box>
      <TableContainer>
        <Table size="small" aria-label="Checklist">
          <TableHead>
            <TableRow>
              <TableCell>Item</TableCell>
              <TableCell>Status</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {items.map((item) => (
              <TableRow key={item.code}>
                <TableCell>{item.description}</TableCell>
                <TableCell>
                  {item.pass ? (
                    <Chip size="small" color="success" icon={<CheckCircle />} label="Pass" />
                  ) : (
                    <Chip size="small" color="error" variant="outlined" icon={<Fail />} label="Missing" />
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Stack>
  );
}

const PURPOSES: Record<string, string> = { picture: 'Photo', 'id-document': 'Certified ID' };

function purposeLabel(purpose: string): string {
  if (PURPOSES[purpose]) return PURPOSES[purpose];
  const [section, field] = purpose.split('.');
  if (!field) return humanise(purpose);
  return `${sectionTitle(section)}: ${field === 'transcript' ? 'Transcript' : humanise(field)}`;
}

function size(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(0)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

export function FilesPanel({ files }: { files: ReviewFile[] }) {
  if (!files.length) return <Alert severity="info">The applicant has not uploaded any files.</Alert>;
  return (
    <TableContainer>
      <Table size="small" aria-label="Files">
        <TableHead>
          <TableRow>
            <TableCell>File</TableCell>
            <TableCell>What it is</TableCell>
            <TableCell>Size</TableCell>
            <TableCell>Uploaded</TableCell>
            <TableCell align="right">Actions</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {files.map((f) => (
            <TableRow key={f.id}>
              <TableCell sx={{ wordBreak: 'break-all' }}>{f.fileName}</TableCell>
              <TableCell>{purposeLabel(f.purpose)}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{size(f.size)}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(f.createdAt)}</TableCell>
              <TableCell align="right">
                <FileButton file={f} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function responseChip(response: string | null, superseded: boolean) {
  if (superseded) return <Chip size="small" label="Replaced" variant="outlined" />;
  if (response === 'Accept') return <Chip size="small" color="success" label="Accepted" />;
  if (response === 'Reject') return <Chip size="small" color="error" label="Rejected" />;
  return <Chip size="small" color="warning" variant="outlined" label="Awaiting answer" />;
}

export function RefereesPanel({ data }: { data: ReviewApplication }) {
  const entries = data.sections.find((s) => s.section === 'referee')?.entries ?? [];
  if (!data.referees.length) {
    return (
      <Alert severity="info">
        {entries.length
          ? `The applicant named ${entries.length} referee(s); no request has been sent to them yet.`
          : 'The applicant has not named any referees.'}
      </Alert>
    );
  }
  return (
    <Stack spacing={2}>
      {data.referees.map((r) => (
        <Card key={r.id} variant="outlined" sx={{ opacity: r.superseded ? 0.6 : 1 }}>
          <CardContent>
            <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1, mb: 1 }}>
              <Typography variant="subtitle1" sx={{ fontWeight: 700 }}>
                {r.refereeName}
              </Typography>
              {responseChip(r.response, r.superseded)}
              <Typography variant="body2" color="text.secondary">
                {[r.refereeMemberNo, r.refereeEmail].filter(Boolean).join(' · ')}
              </Typography>
            </Stack>
            <Typography variant="body2" color="text.secondary">
              Requested {formatDateTime(r.sentAt)}
              {r.respondedAt ? ` · Answered ${formatDateTime(r.respondedAt)}` : ` · Link expires ${formatDate(r.expiresAt)}`}
            </Typography>
            {r.remarks && (
              <Box sx={{ mt: 1.5 }}>
                <Typography variant="caption" color="text.secondary">
                  Remarks
                </Typography>
                <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
                  {r.remarks}
                </Typography>
              </Box>
            )}
            {r.answers && r.answers.length > 0 && (
              <Box component="ol" sx={{ mt: 1.5, mb: 0, pl: 3 }}>
                {r.answers.map((a) => (
                  <Box component="li" key={a.questionNo} sx={{ mb: 1 }}>
                    <Typography variant="body2" sx={{ fontWeight: 600 }}>
                      {a.question}
                    </Typography>
                    <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
                      {a.answer || '—'}
                    </Typography>
                  </Box>
                ))}
              </Box>
            )}
          </CardContent>
        </Card>
      ))}
    </Stack>
  );
}

function eventText(e: ReviewEvent): string {
  switch (e.kind) {
    case 'status':
      return `Moved from ${e.fromStatus} to ${e.toStatus}`;
    case 'submitted':
      return 'Submitted by the applicant';
    case 'resubmitted':
      return 'Submitted again by the applicant';
    case 'returned':
      return 'Returned to the applicant';
    default:
      return e.kind;
  }
}

function CommentBlock({ comment }: { comment: ReviewComment }) {
  return (
    <Box
      sx={{
        mt: 1,
        p: 1.5,
        bgcolor: 'background.default',
        borderRadius: 1,
        border: comment.hiddenFromApplicant ? '1px dashed' : 'none',
        borderColor: 'text.disabled',
      }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 0.5 }}>
        <Typography variant="caption" color="text.secondary">
          Comment by {comment.displayName}
        </Typography>
        {comment.hiddenFromApplicant && (
          <Chip size="small" icon={<VisibilityOff fontSize="small" />} label="Hidden from applicant" variant="outlined" />
        )}
      </Stack>
      <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
        {comment.comment}
      </Typography>
    </Box>
  );
}

/** Status changes, submissions and returns with their comments, and comments made on their own, oldest first. */
export function HistoryPanel({ events, comments }: { events: ReviewEvent[]; comments: ReviewComment[] }) {
  const byId = new Map(comments.map((c) => [c.id, c]));
  const linked = new Set(events.map((e) => e.commentId).filter((id): id is number => id !== null));
  const items = [
    ...events.map((e) => ({ at: e.at, key: `e${e.id}`, event: e, comment: e.commentId ? (byId.get(e.commentId) ?? null) : null })),
    ...comments.filter((c) => !linked.has(c.id)).map((c) => ({ at: c.commentDate, key: `c${c.id}`, event: null, comment: c })),
  ].sort((a, b) => a.at.localeCompare(b.at));
  if (!items.length) return <Alert severity="info">Nothing has happened to this application yet.</Alert>;
  return (
    <Stack spacing={2} component="ol" sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {items.map((item) => (
        <Box component="li" key={item.key} sx={{ borderLeft: 3, borderColor: 'primary.main', pl: 2 }}>
          <Typography variant="caption" color="text.secondary">
            {formatDateTime(item.at)}
            {item.event && ` · ${item.event.actorName}`}
          </Typography>
          {item.event && (
            <Typography variant="body1" sx={{ fontWeight: 600 }}>
              {eventText(item.event)}
            </Typography>
          )}
          {item.comment && <CommentBlock comment={item.comment} />}
        </Box>
      ))}
    </Stack>
  );
}
