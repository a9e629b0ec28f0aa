// Image files as a person's device holds them, small enough for jsdom: a real header (what the
// browser and the server read a photo's type and size from), then as many bytes as asked.

type PhotoType = 'image/jpeg' | 'image/png' | 'image/webp';

const uint16 = (value: number) => [(value >> 8) & 0xff, value & 0xff];
const uint32 = (value: number) => [...uint16(Math.floor(value / 0x10000)), ...uint16(value & 0xffff)];
const uint24le = (value: number) => [value & 0xff, (value >> 8) & 0xff, (value >> 16) & 0xff];

function header(type: PhotoType, width: number, height: number): number[] {
  if (type === 'image/png') {
    // The signature, then IHDR: its length, name, width, height, depth and colour type.
    return [
      0x89,
      0x50,
      0x4e,
      0x47,
      0x0d,
      0x0a,
      0x1a,
      0x0a,
      0,
      0,
      0,
      13,
      0x49,
      0x48,
      0x44,
      0x52,
      ...uint32(width),
      ...uint32(height),
      8,
      2,
    ];
  }
  if (type === 'image/webp') {
    // RIFF, WEBP, then a VP8X chunk: its flags, and width and height less one.
    return [
      0x52,
      0x49,
      0x46,
      0x46,
      0,
      0,
      0,
      0,
      0x57,
      0x45,
      0x42,
      0x50,
      0x56,
      0x50,
      0x38,
      0x58,
      10,
      0,
      0,
      0,
      0,
      0,
      0,
      0,
      ...uint24le(width - 1),
      ...uint24le(height - 1),
    ];
  }
  // SOI, an EXIF-sized APP1 segment the size is found after, then the SOF0 frame header.
  const app1 = new Array<number>(200).fill(0);
  return [
    0xff,
    0xd8,
    0xff,
    0xe1,
    ...uint16(app1.length + 2),
    ...app1,
    0xff,
    0xc0,
    0,
    17,
    8,
    ...uint16(height),
    ...uint16(width),
    3,
  ];
}

/** A photo named `name` of `type`, `width` × `height` px by its header, `bytes` long. */
export function photoFile(
  name: string,
  type: PhotoType = 'image/jpeg',
  { width = 1600, height = 1000, bytes = 2048 } = {},
): File {
  const head = header(type, width, height);
  const body = new Uint8Array(Math.max(bytes, head.length));
  body.set(head);
  return new File([body], name, { type });
}

/** A text file named as a photo, its system type following its name. */
export function textNamedAsPhoto(name: string): File {
  return new File(['Not a photo at all, only words.\n'.repeat(20)], name, { type: 'image/jpeg' });
}
