import { readFileSync } from 'node:fs';
import path from 'node:path';

interface ManifestChunk {
  file: string;
  imports?: string[];
}

const manifests = new Map<string, Record<string, ManifestChunk> | null>();

function manifestOf(webDist: string): Record<string, ManifestChunk> | null {
  if (!manifests.has(webDist)) {
    try {
      manifests.set(webDist, JSON.parse(readFileSync(path.join(webDist, '.vite', 'manifest.json'), 'utf8')));
    } catch {
      // No built web app (API tests, a fresh checkout): the page renders without its script.
      manifests.set(webDist, null);
    }
  }
  return manifests.get(webDist) ?? null;
}

/**
 * Where the built web app put one of its entry scripts (Vite's manifest, decision 042), with the chunks it imports
 * for `modulepreload`; null when the web app is not built.
 */
export function webEntry(webDist: string, source: string): { src: string; preload: string[] } | null {
  const manifest = manifestOf(webDist);
  const entry = manifest?.[source];
  if (!manifest || !entry) return null;
  const preload = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || preload.has(`/${chunk.file}`)) return;
    preload.add(`/${chunk.file}`);
    for (const next of chunk.imports ?? []) visit(next);
  };
  for (const next of entry.imports ?? []) visit(next);
  return { src: `/${entry.file}`, preload: [...preload] };
}
