import { type ColorName, colorsToRecord, type MinorSettings, parseMinorSettings } from '@portal/contract';
import { type Db, queryRows } from '@portal/db';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { withImageJob } from '../../shared/file-types';

/** What every document carries of the organisation (decisions.md §6). */
export interface Branding {
  name: string;
  /** The logo as PNG or JPEG bytes PDFKit can embed; null when there is none or it cannot be read. */
  logo: Buffer | null;
  colors: Record<ColorName, string>;
  minor: MinorSettings;
}

interface Cached {
  db: Db;
  stamp: string;
  value: Branding;
}

let cached: Cached | null = null;
// Decoding (and turning an SVG logo into PNG) is the slow part: kept per logo text until the logo changes.
let decodedLogo: { source: string; bytes: Buffer | null } | null = null;

/**
 * The organisation's name, logo, colours and minor settings. One small query checks whether the company
 * or settings rows changed since the last call; only then are they read and the logo decoded again.
 */
export async function loadBranding(db: Db): Promise<Branding> {
  const [stampRow] = await queryRows<{ stamp: string | null }>(
    db,
    sql`select concat((select updated_at from company order by id limit 1)::text, '|', (select updated_at from settings order by id limit 1)::text) as stamp`,
  );
  const stamp = stampRow?.stamp ?? '';
  if (cached && cached.db === db && cached.stamp === stamp) return cached.value;

  const [row] = await queryRows<{ display_name: string | null; logo: string | null; site_colors: unknown; minor_settings: string | null }>(
    db,
    sql`select (select display_name from company order by id limit 1) as display_name,
               (select logo from company order by id limit 1) as logo,
               (select site_colors from settings order by id limit 1) as site_colors,
               (select minor_settings from settings order by id limit 1) as minor_settings`,
  );
  const colors = Array.isArray(row?.site_colors) ? (row.site_colors as { colorName: string; color: string }[]) : [];
  const value: Branding = {
    name: row?.display_name ?? 'Member Portal',
    logo: await decodeLogo(row?.logo ?? ''),
    colors: colorsToRecord(colors.filter((c) => typeof c?.colorName === 'string' && /^#[0-9a-fA-F]{3,8}$/.test(c?.color ?? ''))),
    minor: parseMinorSettings(row?.minor_settings),
  };
  cached = { db, stamp, value };
  return value;
}

async function decodeLogo(source: string): Promise<Buffer | null> {
  if (decodedLogo && decodedLogo.source === source) return decodedLogo.bytes;
  let bytes: Buffer | null = null;
  const match = /^data:([^;,]+);base64,(.*)$/s.exec(source.trim());
  const raw = match ? Buffer.from(match[2], 'base64') : source ? Buffer.from(source, 'base64') : null;
  if (raw && raw.length > 0) {
    try {
      // Re-encoded once as a JPEG on white: PDFKit embeds JPEG bytes as they are (a PNG is parsed on every
      // document). Any format sharp reads is accepted, the seeded SVG logo included.
      bytes = await withImageJob(() =>
        sharp(raw, { density: 300 })
          .resize(256, 256, { fit: 'inside', withoutEnlargement: true })
          .flatten({ background: '#ffffff' })
          .jpeg({ quality: 92, chromaSubsampling: '4:4:4' })
          .toBuffer(),
      );
    } catch {
      bytes = null;
    }
  }
  decodedLogo = { source, bytes };
  return bytes;
}
