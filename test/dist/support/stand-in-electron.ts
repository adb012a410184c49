/**
 * A stand-in for Electron's release zip (electron-v<version>-linux-x64.zip), small enough to make
 * in a test: the files electron-builder's Linux `dir` target copies, and an "electron" executable
 * that is not Electron but carries the fuse wire (the sentinel, version 1, and one byte per fuse)
 * exactly where @electron/fuses looks for it. Lets the packing run here, offline, without the
 * real binary; what it makes cannot start.
 */
import { crc32 } from 'node:zlib';

/** @electron/fuses' sentinel (node_modules/@electron/fuses/dist/constants.js). */
export const FUSE_SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';

/** Electron's defaults for the nine v1 fuses, '1' on, '0' off (the opposite of every release setting we make). */
const DEFAULT_WIRE = '101100011';

export function standInElectronBinary(wire = DEFAULT_WIRE): Buffer {
  return Buffer.concat([Buffer.from('\x7fELF'), Buffer.alloc(512), Buffer.from(FUSE_SENTINEL), Buffer.from([1, wire.length]), Buffer.from(wire), Buffer.alloc(512)]);
}

interface Entry {
  name: string;
  data: Buffer;
  mode: number;
}

/** A zip with stored (uncompressed) entries and Unix modes. */
export function zip(entries: Entry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name);
    const crc = crc32(entry.data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(entry.data.length, 18);
    local.writeUInt32LE(entry.data.length, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE((3 << 8) | 20, 4); // made by Unix
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(entry.data.length, 20);
    central.writeUInt32LE(entry.data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(((0o100000 | entry.mode) << 16) >>> 0, 38);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, entry.data);
    centrals.push(central, name);
    offset += local.length + name.length + entry.data.length;
  }
  const centralSize = centrals.reduce((n, b) => n + b.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(centralSize, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, ...centrals, end]);
}

export function standInElectronZip(version: string): Buffer {
  return zip([
    { name: 'electron', data: standInElectronBinary(), mode: 0o755 },
    { name: 'chrome-sandbox', data: Buffer.alloc(1), mode: 0o755 },
    { name: 'version', data: Buffer.from(version), mode: 0o644 },
    { name: 'LICENSE', data: Buffer.from('MIT'), mode: 0o644 },
    { name: 'LICENSES.chromium.html', data: Buffer.from(''), mode: 0o644 },
  ]);
}
