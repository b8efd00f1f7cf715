import { randomBytes } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';

/** A GPS position as a phone writes it (EXIF's GPS IFD, IFD3 to libvips): a kitchen in Bristol. */
export const KITCHEN_GPS = {
  GPSLatitudeRef: 'N',
  GPSLatitude: '51/1 27/1 1234/100',
  GPSLongitudeRef: 'W',
  GPSLongitude: '2/1 35/1 4321/100',
};

/**
 * A phone-like photo: `width`×`height` of smooth colour with a little grain (so it compresses as a photo does, not as
 * a flat fill or as pure noise), JPEG at quality 90, with the camera's EXIF: make, model, orientation and GPS.
 */
export async function phonePhoto(width = 4000, height = 3000, orientation = 1): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  const grain = randomBytes(4096);
  for (let y = 0, i = 0; y < height; y++) {
    for (let x = 0; x < width; x++, i += 3) {
      // Grain, and detail a few pixels across at 640 px wide (tiles, cupboard doors): what a photo spends bytes on.
      const n =
        ((grain[(x * 7 + y * 13) & 4095] ?? 0) >> 3) +
        25 * Math.sin(x / 10 + Math.sin(y / 40) * 3) * Math.cos(y / 14);
      pixels[i] = 120 + 90 * Math.sin(x / 310) * Math.cos(y / 270) + n;
      pixels[i + 1] = 130 + 80 * Math.cos((x + y) / 420) + n;
      pixels[i + 2] = 110 + 70 * Math.sin((x - y) / 380) + n;
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .withExif({
      IFD0: { Make: 'TestPhone', Model: 'Model 12' },
      IFD3: KITCHEN_GPS,
    })
    .withMetadata({ orientation })
    .jpeg({ quality: 90 })
    .toBuffer();
}

const chunk = (type: string, data: Buffer) => {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
};

/** A decompression bomb: a PNG of a few hundred bytes declaring `side`×`side` pixels (one row of data follows). */
export function pixelBomb(side = 20_000): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc(side + 1))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A multipart/form-data body: the fields, then the file (in part `image` unless `field` says). */
export function multipartForm(
  fields: Record<string, string>,
  file?: { bytes: Buffer; filename: string; type: string; field?: string },
) {
  const boundary = `----photo${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'image'}"; filename="${file.filename}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
