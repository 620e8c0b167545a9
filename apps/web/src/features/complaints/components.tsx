import { type ComplaintDecision, type ComplaintFile, type ComplaintStage, formatDate, formatDateTime, formatKes } from '@portal/contract';
import { type ReactNode, useState } from 'react';
import { fetchFile } from '../../shared/api/fetch-file';
import { LiteButton } from '../../shared/lite/button';
import { LiteChip } from '../../shared/lite/surfaces';
import { saveBlob } from '../../shared/ui/save-blob';
import { useToast } from '../../shared/ui/toast';
import { fileSize, STAGE_COLOURS, stageLabel } from './rules';

export function StageChip({ stage, label }: { stage: ComplaintStage; label?: string }) {
  return <LiteChip label={label ?? stageLabel(stage)} color={STAGE_COLOURS[stage]} />;
}

export function OverdueChip() {
  return <LiteChip label="Overdue" color="error" bold />;
}

/** A label above its value, as the case pages list facts. */
export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="complaint-fact">
      <dt className="lt-body2 lt-muted">{label}</dt>
      <dd style={{ margin: 0, overflowWrap: 'anywhere' }}>{children || '—'}</dd>
    </div>
  );
}

/** The files of a case, each with Download (fetched with the session's token from `pathOf`). */
export function CaseFiles({
  files,
  pathOf,
  empty = 'No files',
}: {
  files: ComplaintFile[];
  pathOf: (id: string) => string;
  empty?: string;
}) {
  const toast = useToast();
  const [busy, setBusy] = useState<string | null>(null);
  async function download(file: ComplaintFile) {
    setBusy(file.id);
    try {
      const { blob, fileName } = await fetchFile(pathOf(file.id));
      saveBlob(blob, fileName ?? file.fileName);
    } catch (error) {
      toast((error as Error).message, 'error');
    } finally {
      setBusy(null);
    }
  }
  if (!files.length) return <p className="lt-body2 lt-muted">{empty}</p>;
  return (
    <ul aria-label="Files" style={{ listStyle: 'none', padding: 0, margin: 0, display: 'grid', gap: 8 }}>
      {files.map((file) => (
        <li key={file.id} className="lt-row lt-row-spread" style={{ gap: 8, flexWrap: 'wrap' }}>
          <span style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
            {file.fileName}{' '}
            <span className="lt-body2 lt-muted">
              ({fileSize(file.size)}
              {file.party === 'respondent' ? ', from the engineer' : file.party === 'staff' ? ', from the board' : ''})
            </span>
          </span>
          <LiteButton
            size="small"
            variant="outlined"
            aria-label={`Download ${file.fileName}`}
            disabled={busy === file.id}
            onClick={() => download(file)}
          >
            Download
          </LiteButton>
        </li>
      ))}
    </ul>
  );
}

/** A case's steps, oldest first: the stage, when, and (for staff) who and why. */
export function Timeline({
  events,
}: {
  events: { at: string; stage: ComplaintStage; label: string; actor?: string | null; reason?: string | null }[];
}) {
  if (!events.length) return <p className="lt-body2 lt-muted">Nothing yet</p>;
  return (
    <ol aria-label="Timeline" style={{ margin: 0, paddingLeft: 20, display: 'grid', gap: 8 }}>
      {events.map((e) => (
        <li key={`${e.at}-${e.stage}-${e.label}`}>
          <strong>{e.label}</strong> <span className="lt-body2 lt-muted">· {formatDateTime(e.at)}</span>
          {e.actor && <span className="lt-body2 lt-muted"> · {e.actor}</span>}
          {e.reason && <div className="lt-body2">{e.reason}</div>}
        </li>
      ))}
    </ol>
  );
}

/** A decision in words: outcome, its dates or amount, why, when, and its reversal. */
export function DecisionSummary({ decision }: { decision: ComplaintDecision }) {
  const span = decision.from || decision.to ? `from ${formatDate(decision.from)} to ${formatDate(decision.to)}` : '';
  return (
    <div style={{ display: 'grid', gap: 4 }}>
      <div>
        <strong>{decision.label}</strong>
        {span && ` ${span}`}
        {decision.amount !== null && ` of ${formatKes(decision.amount)}`}
        {decision.invoiceNo && <span className="lt-body2 lt-muted"> · invoice {decision.invoiceNo}</span>}
      </div>
      <div className="lt-body2">Decided {formatDate(decision.decidedAt)}</div>
      {decision.reason && <div className="lt-body2">{decision.reason}</div>}
      {decision.reversedAt && (
        <div>
          <LiteChip label="Reversed" color="warning" /> <span className="lt-body2">{formatDate(decision.reversedAt)}</span>
          {decision.reversalReason && <div className="lt-body2">{decision.reversalReason}</div>}
        </div>
      )}
    </div>
  );
}
