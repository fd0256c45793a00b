import { PNG } from 'pngjs';
import QRCode from 'qrcode';
import { GLYPH_WIDTH, glyphOf } from './bitmap-font.ts';

type Rgb = readonly [number, number, number];
const WHITE: Rgb = [255, 255, 255];
const INK: Rgb = [33, 37, 41];
const MUTED: Rgb = [108, 117, 125];
const BRAND: Rgb = [19, 138, 54];

const WIDTH = 480;
const HEIGHT = 760;

export type SlipImageInput = {
  bankName: string;
  amount: string;
  time: string;
  sender: { name: string; account: string; bank: string };
  receiver: { name: string; account: string; bank: string };
  transRef: string;
  /** The slip-verification mini QR payload. */
  qrPayload: string;
};

/**
 * Renders a bank-transfer slip as a PNG in pure JS (pngjs + the qrcode
 * matrix): a header band, the transfer's lines in a bitmap font, and the
 * mini QR that verification reads. Looks like a phone-app slip, not a poster.
 */
export function renderSlipPng(slip: SlipImageInput): Buffer {
  const png = new PNG({ width: WIDTH, height: HEIGHT });
  const fill = (x: number, y: number, w: number, h: number, [r, g, b]: Rgb) => {
    for (let yy = Math.max(0, y); yy < Math.min(HEIGHT, y + h); yy++) {
      for (let xx = Math.max(0, x); xx < Math.min(WIDTH, x + w); xx++) {
        const i = (yy * WIDTH + xx) * 4;
        png.data[i] = r;
        png.data[i + 1] = g;
        png.data[i + 2] = b;
        png.data[i + 3] = 255;
      }
    }
  };
  const text = (x: number, y: number, value: string, scale: number, color: Rgb) => {
    let cx = x;
    for (const char of value) {
      glyphOf(char).forEach((row, gy) => {
        for (let gx = 0; gx < GLYPH_WIDTH; gx++) {
          if (row & (1 << (GLYPH_WIDTH - 1 - gx))) fill(cx + gx * scale, y + gy * scale, scale, scale, color);
        }
      });
      cx += (GLYPH_WIDTH + 1) * scale;
    }
  };

  fill(0, 0, WIDTH, HEIGHT, WHITE);
  fill(0, 0, WIDTH, 84, BRAND);
  text(24, 20, slip.bankName, 3, WHITE);
  text(24, 56, 'TRANSFER SUCCESSFUL', 2, WHITE);
  text(24, 108, slip.time, 2, MUTED);

  const line = (y: number, label: string, value: string, sub?: string) => {
    text(24, y, label, 2, MUTED);
    text(24, y + 22, value.slice(0, 36), 2, INK);
    if (sub) text(24, y + 44, sub.slice(0, 36), 2, MUTED);
  };
  line(148, 'FROM', slip.sender.name, `${slip.sender.bank} ${slip.sender.account}`);
  line(228, 'TO', slip.receiver.name, `${slip.receiver.bank} ${slip.receiver.account}`);
  text(24, 318, 'AMOUNT (THB)', 2, MUTED);
  text(24, 342, slip.amount, 4, INK);
  text(24, 392, 'REF', 2, MUTED);
  text(24, 414, slip.transRef, 2, INK);
  fill(24, 448, WIDTH - 48, 2, [222, 226, 230]);

  // The mini QR, with its quiet zone, centred under the text.
  const qr = QRCode.create(slip.qrPayload, { errorCorrectionLevel: 'M' });
  const scale = 6;
  const size = qr.modules.size;
  const left = Math.floor((WIDTH - size * scale) / 2);
  const top = 470;
  for (let row = 0; row < size; row++) {
    for (let col = 0; col < size; col++) {
      if (qr.modules.get(row, col)) fill(left + col * scale, top + row * scale, scale, scale, INK);
    }
  }
  text(24, HEIGHT - 30, 'SCAN TO VERIFY  (SANDBOX BANK)', 2, MUTED);
  return PNG.sync.write(png);
}
