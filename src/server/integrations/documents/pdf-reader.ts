import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';

/*
 * Reading a PDF (issue 24, LinkedIn document posts; decision 066). A PDF is hostile input: a
 * parser of a format that large has bugs, and a crafted file can make it loop, eat memory or
 * throw from places no try/catch reaches. So pdf.js (pdfjs-dist, the legacy build for Node 20) and
 * the canvas it renders on (@napi-rs/canvas) never run in the server's process: each document is
 * read by a Node child process of its own, with a heap limit and a time limit, ended when it
 * answers or runs out of time. Not a worker thread: a worker shares the process's memory, and a
 * deflate bomb (a 250 KB PDF whose page inflates to 256 MB, tests/factories/pdf.ts) is decoded
 * into buffers no heap limit counts, so memory a crafted file takes must be able to die alone.
 * Whatever happens inside, the server gets an answer.
 * One document at a time per process, like images (process-image.ts): a burst of uploads waits
 * its turn instead of taking the cores from the API and the publisher.
 */

export interface PdfFacts {
  pageCount: number;
  /** The first page's size in PDF points (1/72 inch), as shown (its /Rotate applied). */
  width: number;
  height: number;
  /** The first page rendered, as WebP, at most `thumbnail.maxWidth` × `thumbnail.maxHeight` pixels. */
  thumbnail: { bytes: Buffer; width: number; height: number };
}

/**
 * 'not_pdf': the bytes do not start with `%PDF-`. 'encrypted': it has a password or is
 * encrypted (a user password, or only an owner password that restricts it). 'unreadable': damaged,
 * cut short, or pdf.js could not make sense of it. 'too_many_pages': more than `maxPages`.
 * 'timeout': reading took longer than the time limit (or the worker died: a bomb).
 */
export type PdfReading =
  | { ok: true; facts: PdfFacts }
  | { ok: false; reason: 'not_pdf' | 'encrypted' | 'unreadable' | 'too_many_pages' | 'timeout' };

export interface PdfReadOptions {
  maxPages: number;
  thumbnail: { maxWidth: number; maxHeight: number };
  /** How long one document may take, reading and rendering together. */
  timeoutMs?: number;
}

/**
 * Far more than a real document needs: measured on a 2-core machine, 0.5 s for 300 pages, 0.7 s
 * for a 99 MB file (a Node start and pdf.js included).
 */
export const PDF_READ_TIMEOUT_MS = 30_000;
/** The reader's JavaScript heap: pdf.js's objects (the bytes and decoded streams live outside it). */
const READER_HEAP_MB = 512;

/** The largest page side read, in points (about 350 m): larger is a forged file. */
const MAX_PAGE_SIDE_POINTS = 1_000_000;

/** Every PDF starts with this (ISO 32000-1 §7.5.2); within the first 1024 bytes in practice, at 0 here. */
const PDF_MAGIC = '%PDF-';

/** True when the bytes are a PDF by their header; the name and declared type are never asked. */
export function isPdf(head: Uint8Array): boolean {
  return (
    Buffer.from(head.buffer, head.byteOffset, Math.min(head.byteLength, 5)).toString('latin1') === PDF_MAGIC
  );
}

/** pdf.js's files, found where the package is installed (the server bundle keeps packages external). */
function pdfjsPaths() {
  const require = createRequire(import.meta.url);
  const root = dirname(require.resolve('pdfjs-dist/package.json'));
  return {
    module: pathToFileURL(join(root, 'legacy', 'build', 'pdf.mjs')).href,
    // pdf.js in Node reads these with fs and wants a trailing separator.
    standardFonts: `${join(root, 'standard_fonts')}/`,
    cMaps: `${join(root, 'cmaps')}/`,
    wasm: `${join(root, 'wasm')}/`,
  };
}

/*
 * The reader's code, as a string (`node -e`): a file would have to be found next to the source
 * under tsx and Vitest and next to the bundle in production. CommonJS; pdf.js comes by import().
 * It gets one message over IPC (the job) and answers one: {ok, ...} or {ok: false, reason}.
 */
const READER_SOURCE = `
const { readFile } = require('node:fs/promises');
const maxSide = ${MAX_PAGE_SIDE_POINTS};
async function read(job) {
  const { paths, path, bytes, maxPages, thumbnail } = job;
  const data = path ? new Uint8Array(await readFile(path)) : new Uint8Array(bytes);
  const pdfjs = await import(paths.module);
  const task = pdfjs.getDocument({
    data,
    isEvalSupported: false,
    standardFontDataUrl: paths.standardFonts,
    cMapUrl: paths.cMaps,
    cMapPacked: true,
    wasmUrl: paths.wasm,
    useSystemFonts: false,
    disableFontFace: true,
    verbosity: 0,
  });
  // No onPassword: a document that needs a password rejects with PasswordException.
  let doc;
  try {
    doc = await task.promise;
  } catch (error) {
    return { ok: false, reason: error && error.name === 'PasswordException' ? 'encrypted' : 'unreadable' };
  }
  const { info } = await doc.getMetadata();
  if (info && info.EncryptFilterName) return { ok: false, reason: 'encrypted' };
  const pageCount = doc.numPages;
  if (!Number.isInteger(pageCount) || pageCount < 1) return { ok: false, reason: 'unreadable' };
  if (pageCount > maxPages) return { ok: false, reason: 'too_many_pages' };
  const page = await doc.getPage(1);
  const size = page.getViewport({ scale: 1 });
  // PDF's own limit is 14,400 units a side (ISO 32000-1 Annex C), more with /UserUnit; a page a
  // kilometre wide is a forged file (and would not fit the media row's integer columns).
  if (!(size.width >= 1 && size.height >= 1 && size.width <= maxSide && size.height <= maxSide)) {
    return { ok: false, reason: 'unreadable' };
  }
  const scale = Math.min(thumbnail.maxWidth / size.width, thumbnail.maxHeight / size.height);
  const viewport = page.getViewport({ scale });
  const target = doc.canvasFactory.create(Math.max(1, Math.floor(viewport.width)), Math.max(1, Math.floor(viewport.height)));
  // A white sheet under the page: a PDF's background is transparent, WebP would keep it so.
  target.context.fillStyle = '#ffffff';
  target.context.fillRect(0, 0, target.canvas.width, target.canvas.height);
  await page.render({ canvas: target.canvas, canvasContext: target.context, viewport }).promise;
  const webp = target.canvas.toBuffer('image/webp', 80);
  const result = {
    ok: true,
    facts: {
      pageCount,
      width: Math.round(size.width),
      height: Math.round(size.height),
      thumbnail: { bytes: webp, width: target.canvas.width, height: target.canvas.height },
    },
  };
  await doc.destroy();
  return result;
}
process.once('message', (job) => {
  read(job).then(
    (answer) => process.send(answer, () => process.exit(0)),
    () => process.send({ ok: false, reason: 'unreadable' }, () => process.exit(0)),
  );
});
`;

let running = false;
const waiting: (() => void)[] = [];

async function inReadSlot<T>(work: () => Promise<T>): Promise<T> {
  if (!running) running = true;
  else await new Promise<void>((resolve) => waiting.push(resolve));
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running = false;
  }
}

function readInChild(
  source: { path: string } | { bytes: Uint8Array },
  options: PdfReadOptions,
): Promise<PdfReading> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [`--max-old-space-size=${READER_HEAP_MB}`, '-e', READER_SOURCE], {
      // pdf.js's own warnings about a file are not the server's: they are dropped.
      stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
      // Buffers cross as bytes (structured clone), not as JSON arrays of numbers.
      serialization: 'advanced',
      // None of the server's secrets (database URL, API keys) in a process that parses strangers' files.
      env: {},
    });
    let settled = false;
    const settle = (reading: PdfReading) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (child.exitCode === null) child.kill('SIGKILL');
      resolve(reading);
    };
    const timer = setTimeout(
      () => settle({ ok: false, reason: 'timeout' }),
      options.timeoutMs ?? PDF_READ_TIMEOUT_MS,
    );
    child.once('message', (message: PdfReading) => {
      if (message.ok) {
        const { thumbnail } = message.facts;
        // Structured clone hands a Buffer over as a plain Uint8Array.
        settle({
          ok: true,
          facts: { ...message.facts, thumbnail: { ...thumbnail, bytes: Buffer.from(thumbnail.bytes) } },
        });
      } else settle(message);
    });
    // Out of memory, a crash in the parser or the canvas: the document is unreadable, the server goes on.
    child.once('error', () => settle({ ok: false, reason: 'unreadable' }));
    child.once('exit', () => settle({ ok: false, reason: 'unreadable' }));
    child.send(
      {
        paths: pdfjsPaths(),
        path: 'path' in source ? source.path : undefined,
        bytes: 'bytes' in source ? source.bytes : undefined,
        maxPages: options.maxPages,
        thumbnail: options.thumbnail,
      },
      (error) => {
        if (error) settle({ ok: false, reason: 'unreadable' });
      },
    );
  });
}

/**
 * Reads a PDF (a file on disk, or bytes): page count, first page size, first page as a WebP
 * thumbnail. Refuses by the header before starting a worker.
 */
export async function readPdf(
  source: { path: string; head: Uint8Array } | { bytes: Uint8Array },
  options: PdfReadOptions,
): Promise<PdfReading> {
  const head = 'bytes' in source ? source.bytes : source.head;
  if (!isPdf(head)) return { ok: false, reason: 'not_pdf' };
  return inReadSlot(() =>
    readInChild('bytes' in source ? { bytes: source.bytes } : { path: source.path }, options),
  );
}
