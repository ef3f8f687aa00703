// The resumable upload of a large video through the built server (decision 057): the server's
// resident memory must stay flat (the bytes go from the socket to a file, then streamed to the
// storage), and the throughput is reported. The video is the committed 3.5 s fixture followed by
// a `free` box of padding (ISO/IEC 14496-12 §8.1.2: "free space", skipped by every reader), so it
// probes and gets its poster like any MP4 while weighing what the bench asks.
import { createReadStream, createWriteStream, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';

const FIXTURE = 'tests/fixtures/video/vertical-540x960-3s.mp4';
const MB = 1024 * 1024;
/** The upload goes in PATCHes of this size, each streamed from disk, as tus-js-client sends them. */
const PATCH_BYTES = 64 * MB;

/** Writes a valid MP4 of `sizeBytes` (fixture + one `free` box) to `path`, a megabyte at a time. */
export async function writePaddedVideo(path, sizeBytes) {
  const fixture = readFileSync(FIXTURE);
  const padding = sizeBytes - fixture.length;
  if (padding < 8) throw new Error('the padded video must be larger than the fixture');
  const out = createWriteStream(path);
  const header = Buffer.alloc(8);
  header.writeUInt32BE(padding, 0);
  header.write('free', 4, 'latin1');
  out.write(fixture);
  out.write(header);
  const zeros = Buffer.alloc(MB);
  for (let left = padding - 8; left > 0; left -= MB) {
    if (!out.write(left >= MB ? zeros : zeros.subarray(0, left))) {
      await new Promise((resolve) => out.once('drain', resolve));
    }
  }
  out.end();
  await finished(out);
}

/** The process's resident set size in bytes (Linux /proc). */
async function rssOf(pid) {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1]);
  return kb * 1024;
}

/**
 * Uploads `path` (`sizeBytes`) through POST/PATCH /api/uploads as the signed-in `cookie`, while
 * sampling the server's RSS every 20 ms. Returns the peak growth over the RSS before the upload,
 * the throughput (creation to the last PATCH's answer, ingest included) and the Media answered.
 */
export async function uploadThroughTus({ baseUrl, cookie, pid, path, sizeBytes }) {
  const headers = { cookie, origin: baseUrl, 'tus-resumable': '1.0.0' };
  const before = await rssOf(pid);
  let peak = before;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      peak = Math.max(peak, await rssOf(pid).catch(() => 0));
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  const began = performance.now();
  try {
    const created = await fetch(`${baseUrl}/api/uploads`, {
      method: 'POST',
      headers: {
        ...headers,
        'upload-length': String(sizeBytes),
        'upload-metadata': `filename ${Buffer.from('bench.mp4').toString('base64')},filetype ${Buffer.from('video/mp4').toString('base64')}`,
      },
    });
    if (created.status !== 201) throw new Error(`upload creation: ${created.status} ${await created.text()}`);
    const url = new URL(created.headers.get('location'), baseUrl);
    let offset = 0;
    let last;
    while (offset < sizeBytes) {
      const end = Math.min(sizeBytes, offset + PATCH_BYTES);
      const body = Readable.toWeb(createReadStream(path, { start: offset, end: end - 1 }));
      last = await fetch(url, {
        method: 'PATCH',
        headers: {
          ...headers,
          'upload-offset': String(offset),
          'content-type': 'application/offset+octet-stream',
          'content-length': String(end - offset),
        },
        body,
        duplex: 'half',
      });
      const text = await last.text();
      if (end < sizeBytes && last.status !== 204)
        throw new Error(`PATCH at ${offset}: ${last.status} ${text}`);
      if (end === sizeBytes) {
        if (last.status !== 200) throw new Error(`last PATCH: ${last.status} ${text}`);
        last = JSON.parse(text);
      }
      offset = end;
    }
    const elapsedS = (performance.now() - began) / 1000;
    return {
      peakGrowthMb: (peak - before) / MB,
      beforeMb: before / MB,
      mbPerSecond: sizeBytes / MB / elapsedS,
      elapsedS,
      media: last,
    };
  } finally {
    sampling = false;
    await sampler;
  }
}

export const paddedVideoPath = (dir) => join(dir, 'bench-upload.mp4');
