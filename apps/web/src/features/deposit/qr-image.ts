/** What the saved image shows under the code, so the member recognises it in the gallery. */
type QrCaption = { amount: string; provider: string };

/** The code with its quiet zone of 4 modules (what scanners expect), then the caption under it. */
const SIZE = 800;
const CAPTION = 110;

/**
 * The QR as a PNG file a banking app can pick from the photo gallery (Thai and
 * Lao banking apps pay a QR from an image): drawn from the payload by the same
 * library the server uses for its SVG, black on white with a full quiet zone, the
 * amount and provider below. `qrcode` is loaded only when the member asks.
 */
export async function qrPngFile(payload: string, caption: QrCaption, fileName: string): Promise<File> {
  const { default: QRCode } = await import('qrcode');
  const code = document.createElement('canvas');
  await QRCode.toCanvas(code, payload, { width: SIZE, margin: 4, errorCorrectionLevel: 'M', color: { dark: '#000000', light: '#ffffff' } });

  const canvas = document.createElement('canvas');
  canvas.width = SIZE;
  canvas.height = SIZE + CAPTION;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no 2d canvas');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.drawImage(code, 0, 0, SIZE, SIZE);
  context.fillStyle = '#000000';
  context.textAlign = 'center';
  // The page's own fonts (Thai and Lao included) are loaded: the caption uses them.
  const family = getComputedStyle(document.body).fontFamily || 'sans-serif';
  context.font = `bold 44px ${family}`;
  context.fillText(caption.amount, canvas.width / 2, SIZE + 40);
  context.font = `30px ${family}`;
  context.fillText(caption.provider, canvas.width / 2, SIZE + 86);

  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
  if (!blob) throw new Error('PNG encoding failed');
  return new File([blob], fileName, { type: 'image/png' });
}

/** Saves a file through the browser's download (phones put it in Downloads, which the gallery lists). */
export function downloadFile(file: File): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = file.name;
  // Inside an open modal <dialog> the rest of the page is inert: click from where the member is.
  (document.querySelector('dialog[open]') ?? document.body).append(link);
  link.click();
  link.remove();
  // The download has its own copy once started; give slow devices a moment before releasing it.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}
