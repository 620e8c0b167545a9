import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

/**
 * pdf.js parses uploads in worker threads with a heap of their own, capped (issue 24): a file built to make the
 * parser allocate (ten megabytes of zeros after a PDF signature took 450 MB of heap and four seconds of the event
 * loop) ends its worker, not the server, and /api/health keeps answering meanwhile. Each place of the PDF
 * semaphore (file-types.ts) keeps one worker, replaced when it dies or runs past its time.
 */
const HEAP_MB = 64;
const pdfJsUrl = pathToFileURL(createRequire(import.meta.url).resolve('pdfjs-dist/legacy/build/pdf.mjs')).href;

// Plain JavaScript, run as given (no TypeScript loader in a worker): open the document and its first page.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const loading = import(workerData.pdfJsUrl);
parentPort.on('message', async (data) => {
  let ok = false;
  try {
    const { getDocument } = await loading;
    const task = getDocument({
      data: new Uint8Array(data), isEvalSupported: false, useSystemFonts: false, disableFontFace: true, stopAtErrors: true, verbosity: 0,
    });
    try {
      const document = await task.promise;
      if (document.numPages >= 1) {
        await document.getPage(1);
        ok = true;
      }
    } finally {
      await task.destroy();
    }
  } catch {}
  parentPort.postMessage(ok);
});
`;

function startWorker() {
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { pdfJsUrl },
    resourceLimits: { maxOldGenerationSizeMb: HEAP_MB, maxYoungGenerationSizeMb: 16 },
  });
  // An idle worker never keeps the process alive (tests, shutdown).
  worker.unref();
  return worker;
}

/** Workers handed out one at a time: callers must not share one (the PDF semaphore sees to it). */
const idle: Worker[] = [];

/**
 * Whether pdf.js opens the document and its first page within `timeoutMs`. Out of heap, an error or past the time:
 * false, and that worker is ended and replaced.
 */
export function parsesInWorker(bytes: Buffer, timeoutMs: number): Promise<boolean> {
  const worker = idle.pop() ?? startWorker();
  // A copy, handed over (not cloned) to the worker: the caller's buffer stays usable.
  const copy = new Uint8Array(bytes);
  return new Promise<boolean>((resolve) => {
    let settled = false;
    const settle = (ok: boolean, healthy: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      worker.off('message', onMessage);
      worker.off('error', onError);
      worker.off('exit', onExit);
      if (healthy) idle.push(worker);
      else void worker.terminate();
      resolve(ok);
    };
    const onMessage = (ok: unknown) => settle(ok === true, true);
    const onError = () => settle(false, false);
    const onExit = () => settle(false, false);
    const timer = setTimeout(() => settle(false, false), Math.max(1, timeoutMs));
    worker.on('message', onMessage);
    worker.once('error', onError);
    worker.once('exit', onExit);
    worker.postMessage(copy.buffer, [copy.buffer]);
  });
}
