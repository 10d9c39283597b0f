// Writes a .zip archive (the extension's installable file) with node:zlib:
// each file deflated, or stored where deflating does not make it smaller
// (the gzip network, the wasm). Plain zip: no zip64, so under 4 GB and 65535
// files; dates fixed, so the same files give the same archive.
import zlib from 'node:zlib';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

export function crc32(bytes) {
  let c = 0xffffffff;
  for (let i = 0; i < bytes.length; i++) c = CRC_TABLE[(c ^ bytes[i]) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

// 2024-01-01 00:00 in MS-DOS form: the archive does not change from build to build.
const DOS_TIME = 0;
const DOS_DATE = ((2024 - 1980) << 9) | (1 << 5) | 1;
const UTF8_NAMES = 0x0800;
const LIMIT = 0xffffffff;

// The fields a file's local header and its central directory entry both hold,
// in the same order, from offset at: version needed (2.0), flags, method
// (0 stored, 8 deflated), time, date, CRC-32, the sizes and the name's length.
function writeEntryFields(header, at, { stored, crc, compressedSize, size, nameLength }) {
  header.writeUInt16LE(20, at);
  header.writeUInt16LE(UTF8_NAMES, at + 2);
  header.writeUInt16LE(stored ? 0 : 8, at + 4);
  header.writeUInt16LE(DOS_TIME, at + 6);
  header.writeUInt16LE(DOS_DATE, at + 8);
  header.writeUInt32LE(crc, at + 10);
  header.writeUInt32LE(compressedSize, at + 14);
  header.writeUInt32LE(size, at + 18);
  header.writeUInt16LE(nameLength, at + 22);
}

// files: [{ name: 'dir/file.js' (forward slashes), data: Buffer, store }]
// (store: true skips trying to deflate, for data already compressed).
// Returns the archive.
export function zipFiles(files) {
  if (files.length > 0xffff) throw new Error(`zip: ${files.length} files, more than a plain zip holds`);
  const locals = [];
  const centrals = [];
  let offset = 0;
  for (const { name, data, store = false } of files) {
    if (!name || name.startsWith('/') || name.includes('\\') || name.split('/').includes('..')) {
      throw new Error(`zip: "${name}" is not a relative path with forward slashes`);
    }
    const nameBytes = Buffer.from(name, 'utf8');
    const deflated = store ? data : zlib.deflateRawSync(data, { level: 9 });
    const stored = store || deflated.length >= data.length;
    const body = stored ? data : deflated;
    if (data.length > LIMIT || offset > LIMIT) throw new Error(`zip: ${name} goes past the 4 GB a plain zip holds`);
    const crc = crc32(data);

    const entry = { stored, crc, compressedSize: body.length, size: data.length, nameLength: nameBytes.length };
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    writeEntryFields(local, 4, entry);
    local.writeUInt16LE(0, 28);

    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4); // made by: 2.0
    writeEntryFields(central, 6, entry);
    // extra, comment, disk, internal and external attributes: all 0
    central.writeUInt32LE(offset, 42);

    locals.push(local, nameBytes, body);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + body.length;
  }
  const directory = Buffer.concat(centrals);
  if (offset > LIMIT) throw new Error('zip: the archive goes past the 4 GB a plain zip holds');
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}
