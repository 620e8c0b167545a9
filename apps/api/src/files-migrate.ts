import { loadConfig } from './config';
import { migrateFiles, summarise } from './shared/files-migration';
import { describeS3, s3Storage } from './shared/s3-storage';

/**
 * `npm run files:migrate`: copies the files folder (FILES_DIR, or DATA_DIR/files) to the S3 storage that STORAGE_URL
 * names, verifying each copy by SHA-256; safe to run again (docs/storage.md). Exits 1 when any file failed.
 */
async function main(): Promise<number> {
  try {
    process.loadEnvFile('.env');
  } catch {
    // no .env: the real environment applies, as for the server
  }
  const config = loadConfig();
  if (!config.s3) {
    console.error(
      'files:migrate copies the local files to S3: set STORAGE_URL=s3://bucket/prefix and the S3_* variables first (docs/storage.md).',
    );
    return 2;
  }
  if (config.filesDir.startsWith('memory://')) {
    console.error('The files are in memory (DATA_DIR=memory://): there is no folder to copy. Set FILES_DIR or DATA_DIR.');
    return 2;
  }
  console.log(`Copying ${config.filesDir} to ${describeS3(config.s3)}`);
  const started = Date.now();
  const report = await migrateFiles({ from: config.filesDir, to: s3Storage(config.s3), log: (line) => console.log(line) });
  for (const line of summarise(report)) console.log(line);
  console.log(`Took ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  return report.failed.length ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
