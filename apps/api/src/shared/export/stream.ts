import { PassThrough } from 'node:stream';
import { setTimeout as delay, setImmediate as nextTurn } from 'node:timers/promises';
import { type ExportFormat, type ExportList, exportFileName } from '@portal/contract';
import type { Db } from '@portal/db';
import type { Worksheet } from 'exceljs';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { audit } from '../audit';
import { nairobiDate } from '../dates';
import { CSV_BOM, centsText, csvLine } from './csv';

/**
 * The back office's exports (decision 050): rows read in keyset batches and written into the answer as they come,
 * as CSV or as an Excel workbook (exceljs's streaming WorkbookWriter), so a list of a million rows never sits in
 * memory. A slow client slows the reading down: no batch is read while more than EXPORT_BACKLOG_BYTES wait for it.
 */

/** text: as it is; money: cents (a number with two decimals in the workbook, '1234.50' in CSV); count; date: YYYY-MM-DD. */
export type ExportColumnKind = 'text' | 'money' | 'count' | 'date';

export interface ExportColumn<Row> {
  header: string;
  kind?: ExportColumnKind;
  /** Characters, in the workbook. */
  width?: number;
  value: (row: Row) => string | number | null;
}

/** Rows a query reads at a time. */
export const EXPORT_BATCH_ROWS = 2000;
/** Bytes an export keeps for a client that reads slowly before it reads more rows. */
export const EXPORT_BACKLOG_BYTES = 1024 * 1024;
/** A client that takes nothing for this long is let go. */
export const EXPORT_STALL_MS = 120_000;
/** Rows written between two turns of the event loop (a workbook row costs about 50 µs: other requests wait < 25 ms). */
const ROWS_PER_TURN = 500;
/** Excel's rows per sheet (the header included); a longer list goes on in a second sheet. */
export const XLSX_SHEET_ROWS = 1_048_576;

const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/**
 * Batches of `limit` rows in the order of a unique key: `read(after)` answers the rows past the key of the last row
 * of the batch before (null first), so each batch is an index range, never an OFFSET, and no row comes twice.
 */
export async function* keysetBatches<Row, Key>(
  read: (after: Key | null, limit: number) => Promise<Row[]>,
  keyOf: (row: Row) => Key,
  limit = EXPORT_BATCH_ROWS,
): AsyncGenerator<Row[], void, undefined> {
  let after: Key | null = null;
  for (;;) {
    const rows = await read(after, limit);
    if (rows.length > 0) yield rows;
    if (rows.length < limit) return;
    after = keyOf(rows[rows.length - 1]);
  }
}

interface RowWriter<Row> {
  write(rows: Row[]): void;
  /** Bytes written and not yet taken by the client. */
  backlog(): number;
  end(): Promise<void>;
  /** The client went away: let go of what is left. */
  abort(): void;
}

function csvValue<Row>(column: ExportColumn<Row>, row: Row): string | number | null {
  const value = column.value(row);
  if (value === null) return null;
  return column.kind === 'money' ? centsText(Number(value)) : value;
}

function csvWriter<Row>(output: PassThrough, columns: ExportColumn<Row>[]): RowWriter<Row> {
  output.write(CSV_BOM + csvLine(columns.map((c) => c.header)));
  return {
    write(rows) {
      let text = '';
      for (const row of rows) text += csvLine(columns.map((c) => csvValue(c, row)));
      output.write(text);
    },
    backlog: () => output.writableLength,
    end: async () => {
      output.end();
    },
    abort: () => {},
  };
}

const NUMBER_FORMATS: Partial<Record<ExportColumnKind, string>> = { money: '#,##0.00', count: '0', date: 'd mmm yyyy' };

function xlsxValue<Row>(column: ExportColumn<Row>, row: Row): string | number | Date | null {
  const value = column.value(row);
  if (value === null) return null;
  if (column.kind === 'money') return Number(value) / 100;
  if (column.kind === 'date') return new Date(`${value}T00:00:00Z`);
  return value;
}

/**
 * exceljs's sheet stream (its own buffers), and the streams it passes its bytes on to: archiver's entry stream (of
 * `readable-stream`, whose state carries the length), which takes every write whatever its buffer holds. So this is
 * where a slow client's backlog gathers (stream.test.ts keeps an eye on it).
 */
interface SheetStream {
  buffers?: { length: number }[];
  pipes?: { writableLength?: number; _writableState?: { length?: number } }[];
}

/** What a sheet's stream holds that the zip has not compressed yet. */
function pendingBytes(stream: SheetStream): number {
  let bytes = 0;
  for (const buffer of stream.buffers ?? []) bytes += buffer.length;
  for (const pipe of stream.pipes ?? []) bytes += pipe.writableLength ?? pipe._writableState?.length ?? 0;
  return bytes;
}

async function xlsxWriter<Row>(
  output: PassThrough,
  columns: ExportColumn<Row>[],
  sheetName: string,
  sheetRows: number,
): Promise<RowWriter<Row>> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useStyles: true, useSharedStrings: false });
  const streams: SheetStream[] = [];
  let sheet: Worksheet;
  let rowsInSheet = 0;
  const openSheet = () => {
    const name = streams.length === 0 ? sheetName : `${sheetName} ${streams.length + 1}`;
    sheet = workbook.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1 }] });
    sheet.columns = columns.map((c, i) => ({
      header: c.header,
      key: String(i),
      width: c.width ?? Math.max(10, c.header.length + 2),
      style: NUMBER_FORMATS[c.kind ?? 'text'] ? { numFmt: NUMBER_FORMATS[c.kind ?? 'text'] } : {},
    }));
    const header = sheet.getRow(1);
    header.font = { bold: true };
    header.commit();
    streams.push((sheet as unknown as { stream: SheetStream }).stream);
    rowsInSheet = 1;
  };
  openSheet();
  return {
    write(rows) {
      for (const row of rows) {
        if (rowsInSheet >= sheetRows) {
          sheet.commit();
          openSheet();
        }
        sheet.addRow(columns.map((c) => xlsxValue(c, row))).commit();
        rowsInSheet += 1;
      }
    },
    backlog: () => streams.reduce((bytes, stream) => bytes + pendingBytes(stream), output.writableLength),
    end: async () => {
      sheet.commit();
      // The zip is done when its last byte is taken; a client that goes away meanwhile ends the wait too.
      await Promise.race([workbook.commit(), closed(output)]);
    },
    abort: () => (workbook as unknown as { zip?: { abort?: () => void } }).zip?.abort?.(),
  };
}

const closed = (stream: PassThrough) =>
  new Promise<void>((resolve) => {
    if (stream.destroyed) resolve();
    else stream.once('close', () => resolve());
  });

/**
 * Waits while the client has more than EXPORT_BACKLOG_BYTES to take. False when it has gone (or took nothing for
 * EXPORT_STALL_MS, when it is let go): the export stops reading.
 */
async function caughtUp(output: PassThrough, backlog: () => number): Promise<boolean> {
  let waited = 0;
  let last = backlog();
  while (!output.destroyed && last > EXPORT_BACKLOG_BYTES) {
    if (waited >= EXPORT_STALL_MS) {
      output.destroy(new Error('export: the client took nothing for too long'));
      return false;
    }
    await delay(10);
    const now = backlog();
    waited = now < last ? 0 : waited + 10;
    last = now;
  }
  return !output.destroyed;
}

export interface ExportSpec<Row> {
  list: ExportList;
  /** The workbook's sheet. */
  sheet: string;
  format: ExportFormat;
  columns: ExportColumn<Row>[];
  /** The rows, a batch at a time (keysetBatches). */
  rows: AsyncIterable<Row[]>;
  /** The filters, for the audit log. */
  filters: Record<string, unknown>;
  /** Rows per sheet (tests make it small). */
  sheetRows?: number;
}

export interface ExportOutcome {
  rows: number;
  /** False when the client went away (or stalled) before the end: reading stopped there. */
  complete: boolean;
}

/**
 * Writes the rows into a new stream as CSV or as a workbook, a batch at a time, reading the next batch only once the
 * client has taken all but EXPORT_BACKLOG_BYTES. `first` is the first batch, already read. `finished` settles when
 * the last byte is written or the client has gone; it rejects when a batch cannot be read (the stream is then
 * destroyed, so the client sees a broken download, never a short file that looks whole).
 */
export async function exportStream<Row>(
  spec: Pick<ExportSpec<Row>, 'format' | 'columns' | 'sheet' | 'sheetRows'>,
  batches: AsyncIterator<Row[]>,
  first: IteratorResult<Row[]>,
): Promise<{ output: PassThrough; finished: Promise<ExportOutcome> }> {
  const output = new PassThrough();
  const writer =
    spec.format === 'csv'
      ? csvWriter(output, spec.columns)
      : await xlsxWriter(output, spec.columns, spec.sheet, spec.sheetRows ?? XLSX_SHEET_ROWS);
  const pump = async (): Promise<ExportOutcome> => {
    let rows = 0;
    let next = first;
    while (!next.done) {
      const batch = next.value;
      for (let at = 0; at < batch.length && !output.destroyed; at += ROWS_PER_TURN) {
        if (at > 0) await nextTurn();
        if (!output.destroyed) writer.write(batch.slice(at, at + ROWS_PER_TURN));
      }
      rows += batch.length;
      if (!(await caughtUp(output, writer.backlog))) {
        writer.abort();
        await batches.return?.();
        return { rows, complete: false };
      }
      next = await batches.next();
    }
    await writer.end();
    if (output.destroyed && !output.writableFinished) {
      writer.abort();
      return { rows, complete: false };
    }
    return { rows, complete: true };
  };
  const finished = pump().catch((error: unknown) => {
    output.destroy(error instanceof Error ? error : new Error(String(error)));
    throw error;
  });
  return { output, finished };
}

/**
 * Answers an export as an attachment named `invoices-2026-11-27.xlsx`. The first batch is read before anything is
 * sent, so a refused filter or an unreachable database still answers with its status and message; each export is
 * in the audit log (who, which list, format and filters).
 */
export async function sendExport<Row>(db: Db, request: FastifyRequest, reply: FastifyReply, spec: ExportSpec<Row>): Promise<FastifyReply> {
  const batches = spec.rows[Symbol.asyncIterator]();
  const first = await batches.next();
  await audit(db, request, { action: 'data.exported', target: spec.list, details: { format: spec.format, filters: spec.filters } });
  const started = Date.now();
  const { output, finished } = await exportStream(spec, batches, first);
  const log = { list: spec.list, format: spec.format };
  finished.then(
    ({ rows, complete }) =>
      request.log.info({ ...log, rows, ms: Date.now() - started }, complete ? 'export sent' : 'export stopped: the client went away'),
    (error: unknown) => request.log.error({ ...log, err: error }, 'export failed part way'),
  );
  return reply
    .type(CONTENT_TYPES[spec.format])
    .header('content-disposition', `attachment; filename="${exportFileName(spec.list, nairobiDate(new Date()), spec.format)}"`)
    .header('x-content-type-options', 'nosniff')
    .send(output);
}
