import { crc32, deflateSync } from 'node:zlib';
import { EVENT_MESSAGES } from '@utsav/domain/event-schema';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { PREVIEW_MAX_DATA_URL_LENGTH } from '../../src/modules/event/image';
import { describeEachDatabase } from '../../support/databases';
import { newEventBody, newUser, type TestUser } from '../../support/factories';
import { useServer } from '../../support/server';

// The event's picture: its pixel size is checked before anything is decoded, what is stored is re-encoded by
// us, and an admin's GET /event carries a downscaled copy as a data URL that PUT /event recognises, so a form
// that accepts only data URLs can save the event again unchanged.

function chunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A PNG of a few dozen bytes whose header claims `width` × `height` pixels (a few bytes of pixel data). */
function pngClaiming(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc(8))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const dataUrl = (type: string, bytes: Buffer) => `data:image/${type};base64,${bytes.toString('base64')}`;

describeEachDatabase('the event picture', (engine) => {
  const server = useServer(engine);
  let admin: TestUser;
  let manager: TestUser;
  let guest: TestUser;

  beforeAll(async () => {
    admin = await newUser(server, { role: 'admin' });
    manager = await newUser(server, { role: 'manager' });
    guest = await newUser(server);
  });

  const save = (method: 'POST' | 'PUT', eventImage: unknown) =>
    server.request(method, '/api/event', { token: admin.token, body: newEventBody({ eventImage }) });

  describe('before the event exists', () => {
    it('a 68-byte PNG claiming 60,000 × 60,000 pixels is refused on the field, before decoding', async () => {
      const bomb = pngClaiming(60_000, 60_000);
      expect(bomb.length).toBeLessThan(80);
      const response = await save('POST', dataUrl('png', bomb));
      expect(response.status, response.text).toBe(400);
      expect(response.body).toMatchObject({
        success: false,
        code: 'VALIDATION_FAILED',
        details: [{ field: 'eventImage', message: EVENT_MESSAGES.imageDimensions }],
      });
    });

    it('a real picture one pixel wider than 8,000 is refused; a header that does not decode is refused', async () => {
      const wide = await sharp({ create: { width: 8001, height: 8, channels: 3, background: 'red' } })
        .png()
        .toBuffer();
      const refused = await save('POST', dataUrl('png', wide));
      expect(refused.body.details).toEqual([
        { field: 'eventImage', message: EVENT_MESSAGES.imageDimensions },
      ]);
      const broken = await save('POST', dataUrl('png', pngClaiming(100, 100)));
      expect(broken.status).toBe(400);
      expect(broken.body.details).toEqual([{ field: 'eventImage', message: EVENT_MESSAGES.image }]);
    });
  });

  describe('once stored', () => {
    let original: Buffer;
    let stored: string;

    beforeAll(async () => {
      // A camera picture with its location in EXIF, and a script glued after the image data.
      const photo = await sharp({
        create: {
          width: 2400,
          height: 1600,
          channels: 3,
          background: 'grey',
          noise: { type: 'gaussian', mean: 128, sigma: 30 },
        },
      })
        .jpeg({ quality: 90 })
        .withExif({ IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '19/1 4/1 0/1' } })
        .toBuffer();
      original = Buffer.concat([photo, Buffer.from('<script>alert(1)</script>')]);
      const response = await save('POST', dataUrl('jpeg', original));
      expect(response.status, response.text).toBe(200);
      stored = response.body.data.eventImage;
      expect(stored).toMatch(/^\/api\/event\/image\/[a-f0-9]{64}$/);
    });

    it('is our own re-encoding: same size, no metadata, nothing after the image', async () => {
      const served = Buffer.from(await (await fetch(`${server.url}${stored}`)).arrayBuffer());
      expect(served.equals(original)).toBe(false);
      expect(served.includes(Buffer.from('<script>'))).toBe(false);
      const metadata = await sharp(served).metadata();
      expect(metadata).toMatchObject({ format: 'jpeg', width: 2400, height: 1600 });
      expect(metadata.exif).toBeUndefined();
    });

    it('an admin’s GET /event carries a downscaled copy as a data URL; guests and managers keep the URL', async () => {
      const asAdmin = await server.request('GET', '/api/event', { token: admin.token });
      const preview: string = asAdmin.body.data.eventImage;
      expect(preview).toMatch(/^data:image\/webp;base64,/);
      expect(preview.length).toBeLessThanOrEqual(PREVIEW_MAX_DATA_URL_LENGTH);
      expect(asAdmin.headers.get('cache-control')).toBe('private, no-store');
      const copy = await sharp(Buffer.from(preview.split(',')[1]!, 'base64')).metadata();
      expect(copy.width! / copy.height!).toBeCloseTo(1.5, 1);
      for (const token of [undefined, guest.token, manager.token, 'not-a-token']) {
        const response = await server.request('GET', '/api/event', { token });
        expect(response.status).toBe(200);
        expect(response.body.data.eventImage).toBe(stored);
      }
    });

    it('PUT /event with that data URL unchanged keeps the full-size picture, twice in a row', async () => {
      for (const name of ['Saved Again', 'Saved A Third Time']) {
        const form = (await server.request('GET', '/api/event', { token: admin.token })).body.data;
        const response = await server.request('PUT', '/api/event', {
          token: admin.token,
          body: newEventBody({ name, eventImage: form.eventImage }),
        });
        expect(response.status, response.text).toBe(200);
        expect(response.body.data.eventImage).toBe(stored);
      }
      const served = await sharp(
        Buffer.from(await (await fetch(`${server.url}${stored}`)).arrayBuffer()),
      ).metadata();
      expect(served).toMatchObject({ width: 2400, height: 1600 });
    });

    it('a different data URL is a new picture', async () => {
      const red = await sharp({ create: { width: 40, height: 30, channels: 3, background: 'red' } })
        .png()
        .toBuffer();
      const response = await save('PUT', dataUrl('png', red));
      expect(response.status, response.text).toBe(200);
      expect(response.body.data.eventImage).not.toBe(stored);
    });
  });
});
