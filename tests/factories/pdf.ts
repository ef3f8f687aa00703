import { createHash } from 'node:crypto';
import { deflateSync } from 'node:zlib';

/*
 * PDF documents written by hand for tests (ISO 32000-1): a header, numbered objects, a
 * cross-reference table with each object's byte offset, a trailer. No PDF file from the machine:
 * what each test reads is exactly what it asked for.
 */

export interface PdfOptions {
  /** How many pages (each a filled rectangle of its own colour). */
  pages?: number;
  /** The pages' size in points (1/72 inch): US Letter by default. */
  width?: number;
  height?: number;
  /** A line of text on the first page, in Helvetica (one of the 14 standard fonts). */
  text?: string;
  /**
   * Encrypted with the standard security handler, revision 2 (RC4, 40 bits; ISO 32000-1 §7.6.3):
   * an empty user password opens it without asking, any other asks for it.
   */
  encrypt?: { userPassword: string; ownerPassword?: string };
  /** The page tree's declared /Count, when a test wants it to lie. */
  declaredCount?: number;
}

/** The 32 bytes every password is padded with (ISO 32000-1 §7.6.3.3, algorithm 2 step a). */
const PASSWORD_PAD = Buffer.from('28bf4e5e4e758a4164004e56fffa01082e2e00b6d0683e802f0ca9fe6453697a', 'hex');

const md5 = (...parts: Buffer[]) => createHash('md5').update(Buffer.concat(parts)).digest();

function rc4(key: Buffer, data: Buffer): Buffer {
  const s = Array.from({ length: 256 }, (_, i) => i);
  let j = 0;
  for (let i = 0; i < 256; i++) {
    j = (j + (s[i] as number) + (key[i % key.length] as number)) & 0xff;
    [s[i], s[j]] = [s[j] as number, s[i] as number];
  }
  const out = Buffer.alloc(data.length);
  let i = 0;
  j = 0;
  for (let n = 0; n < data.length; n++) {
    i = (i + 1) & 0xff;
    j = (j + (s[i] as number)) & 0xff;
    [s[i], s[j]] = [s[j] as number, s[i] as number];
    out[n] = (data[n] as number) ^ (s[((s[i] as number) + (s[j] as number)) & 0xff] as number);
  }
  return out;
}

const padded = (password: string) =>
  Buffer.concat([Buffer.from(password, 'latin1'), PASSWORD_PAD]).subarray(0, 32);

/** Revision 2's O, U and file key (algorithms 2, 3 and 4). */
function securityHandler(userPassword: string, ownerPassword: string, permissions: number, fileId: Buffer) {
  const ownerKey = md5(padded(ownerPassword)).subarray(0, 5);
  const o = rc4(ownerKey, padded(userPassword));
  const p = Buffer.alloc(4);
  p.writeInt32LE(permissions);
  const key = md5(padded(userPassword), o, p, fileId).subarray(0, 5);
  const u = rc4(key, PASSWORD_PAD);
  return { o, u, key };
}

/** The key of one object's strings and streams (algorithm 1). */
function objectKey(fileKey: Buffer, objectNumber: number): Buffer {
  const suffix = Buffer.from([
    objectNumber & 0xff,
    (objectNumber >> 8) & 0xff,
    (objectNumber >> 16) & 0xff,
    0,
    0,
  ]);
  return md5(fileKey, suffix).subarray(0, Math.min(fileKey.length + 5, 16));
}

const hex = (bytes: Buffer) => `<${bytes.toString('hex')}>`;

/** A valid PDF of `pages` pages, as bytes. */
export function makePdf(options: PdfOptions = {}): Buffer {
  const pages = options.pages ?? 1;
  const width = options.width ?? 612;
  const height = options.height ?? 792;
  const fileId = md5(Buffer.from(`kitepost-test-${pages}-${width}-${height}`));
  const security = options.encrypt
    ? securityHandler(options.encrypt.userPassword, options.encrypt.ownerPassword ?? 'owner', -4, fileId)
    : null;

  // Objects: 1 catalog, 2 page tree, 3 font, then per page its page object and its content stream.
  const objects: Buffer[] = [];
  const pageRefs = Array.from({ length: pages }, (_, i) => `${4 + i * 2} 0 R`);
  objects.push(Buffer.from('<< /Type /Catalog /Pages 2 0 R >>'));
  objects.push(
    Buffer.from(`<< /Type /Pages /Kids [${pageRefs.join(' ')}] /Count ${options.declaredCount ?? pages} >>`),
  );
  objects.push(Buffer.from('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>'));
  for (let i = 0; i < pages; i++) {
    const pageNumber = 4 + i * 2;
    const contentNumber = pageNumber + 1;
    objects.push(
      Buffer.from(
        `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${width} ${height}] /Resources << /Font << /F1 3 0 R >> >> /Contents ${contentNumber} 0 R >>`,
      ),
    );
    const shade = ((i * 37) % 100) / 100;
    let content = `${shade.toFixed(2)} 0.4 0.8 rg 36 36 ${width - 72} ${height - 72} re f`;
    if (i === 0 && options.text) {
      const escaped = options.text.replace(/[()\\]/g, (c) => `\\${c}`);
      content += `\nBT /F1 24 Tf 0 0 0 rg 72 ${height - 120} Td (${escaped}) Tj ET`;
    }
    let stream: Buffer = Buffer.from(content, 'latin1');
    if (security) stream = rc4(objectKey(security.key, contentNumber), stream);
    objects.push(
      Buffer.concat([
        Buffer.from(`<< /Length ${stream.length} >>\nstream\n`),
        stream,
        Buffer.from('\nendstream'),
      ]),
    );
  }
  const encryptNumber = objects.length + 1;
  if (security) {
    objects.push(
      Buffer.from(`<< /Filter /Standard /V 1 /R 2 /O ${hex(security.o)} /U ${hex(security.u)} /P -4 >>`),
    );
  }

  const chunks: Buffer[] = [Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let offset = chunks[0]?.length ?? 0;
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(offset);
    const chunk = Buffer.concat([Buffer.from(`${index + 1} 0 obj\n`), body, Buffer.from('\nendobj\n')]);
    chunks.push(chunk);
    offset += chunk.length;
  });
  const xref = [
    'xref',
    `0 ${objects.length + 1}`,
    '0000000000 65535 f ',
    ...offsets.map((at) => `${String(at).padStart(10, '0')} 00000 n `),
  ].join('\n');
  const trailer = [
    'trailer',
    `<< /Size ${objects.length + 1} /Root 1 0 R /ID [${hex(fileId)} ${hex(fileId)}]${security ? ` /Encrypt ${encryptNumber} 0 R` : ''} >>`,
    'startxref',
    String(offset),
    '%%EOF\n',
  ].join('\n');
  chunks.push(Buffer.from(`${xref}\n${trailer}`, 'latin1'));
  return Buffer.concat(chunks);
}

/** Starts like a PDF, then is nothing of the sort: a damaged or forged file. */
export function damagedPdf(): Buffer {
  return Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(2048, 0x41), Buffer.from('\n%%EOF\n')]);
}

/** A valid PDF cut short in the middle of its objects (an upload that stopped). */
export function truncatedPdf(options: PdfOptions = {}): Buffer {
  const whole = makePdf(options);
  return whole.subarray(0, Math.floor(whole.length / 3));
}

/** A PDF of these object bodies (object n is objects[n-1]; the catalog must be object 1). */
export function rawPdf(objects: (string | Buffer)[]): Buffer {
  const chunks: Buffer[] = [Buffer.from('%PDF-1.7\n')];
  let offset = chunks[0]?.length ?? 0;
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(offset);
    const chunk = Buffer.concat([
      Buffer.from(`${index + 1} 0 obj\n`),
      typeof body === 'string' ? Buffer.from(body, 'latin1') : body,
      Buffer.from('\nendobj\n'),
    ]);
    chunks.push(chunk);
    offset += chunk.length;
  });
  const xref = [
    'xref',
    `0 ${objects.length + 1}`,
    '0000000000 65535 f ',
    ...offsets.map((at) => `${String(at).padStart(10, '0')} 00000 n `),
  ];
  chunks.push(
    Buffer.from(
      `${xref.join('\n')}\ntrailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${offset}\n%%EOF\n`,
    ),
  );
  return Buffer.concat(chunks);
}

/** Hostile PDFs: each is small, and each tries to make a reader loop, recurse or inflate. */
export function hostilePdfs(): { cycle: Buffer; bomb: Buffer; huge: Buffer } {
  // A page tree whose only kid is the tree itself.
  const cycle = rawPdf(['<< /Type /Catalog /Pages 2 0 R >>', '<< /Type /Pages /Kids [2 0 R] /Count 1 >>']);
  // A page whose content is 256 MB of zeros, deflated to a few hundred KB.
  const zeros = deflateSync(Buffer.alloc(256 * 1024 * 1024), { level: 9 });
  const bomb = rawPdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >>',
    Buffer.concat([
      Buffer.from(`<< /Length ${zeros.length} /Filter /FlateDecode >>\nstream\n`),
      zeros,
      Buffer.from('\nendstream'),
    ]),
  ]);
  // A page a billion points wide, and a form XObject that draws itself.
  const huge = rawPdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 1000000000 1000000000] /Resources << /XObject << /X 5 0 R >> >> /Contents 4 0 R >>',
    '<< /Length 8 >>\nstream\n/X Do\nq Q\nendstream',
    '<< /Type /XObject /Subtype /Form /BBox [0 0 10 10] /Resources << /XObject << /X 5 0 R >> >> /Length 5 >>\nstream\n/X Do\nendstream',
  ]);
  return { cycle, bomb, huge };
}
