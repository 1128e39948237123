import iconv from 'iconv-lite';

/** The encodings import reads and export writes. */
const fileEncodings = ['utf-8', 'windows-1252', 'windows-1254', 'iso-8859-9'] as const;
export type FileEncoding = (typeof fileEncodings)[number];

const utf8Bom = [0xef, 0xbb, 0xbf];
const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

// Bytes where Windows-1254 has Turkish letters (Ğ İ Ş ğ ı ş) and Windows-1252 has Icelandic ones
// (Ð Ý Þ ð ý þ), which a Spanish or English file practically never holds.
const turkishLetterBytes = new Set([0xd0, 0xdd, 0xde, 0xf0, 0xfd, 0xfe]);

function hasUtf8Bom(bytes: Uint8Array) {
  return utf8Bom.every((byte, at) => bytes[at] === byte);
}

/**
 * The encoding a spreadsheet program most likely wrote: UTF-8 (with or without BOM) when the
 * bytes are valid UTF-8, else Windows-1254 when Turkish letters' bytes appear, else Windows-1252.
 * ISO-8859-9 differs from Windows-1254 only in 0x80-0x9F, so it is read as Windows-1254 unless
 * chosen.
 */
export function detectEncoding(bytes: Uint8Array): FileEncoding {
  if (hasUtf8Bom(bytes)) return 'utf-8';
  try {
    strictUtf8.decode(bytes);
    return 'utf-8';
  } catch {
    // not UTF-8: a single-byte code page
  }
  for (const byte of bytes) if (turkishLetterBytes.has(byte)) return 'windows-1254';
  return 'windows-1252';
}

export function decodeText(bytes: Uint8Array, encoding: FileEncoding): string {
  const body = encoding === 'utf-8' && hasUtf8Bom(bytes) ? bytes.subarray(3) : bytes;
  return iconv.decode(Buffer.from(body.buffer, body.byteOffset, body.byteLength), encoding);
}

/** UTF-8 gets a BOM so that Excel opens it as UTF-8; the code pages cannot carry one. */
export function encodeText(text: string, encoding: FileEncoding): Buffer {
  if (encoding === 'utf-8') return Buffer.concat([Buffer.from(utf8Bom), Buffer.from(text, 'utf8')]);
  return iconv.encode(text, encoding);
}
