import { describe, expect, it } from 'vitest';
import { localName } from './local-name';

const KBANK = { nameTH: 'ธนาคารกสิกรไทย', nameLA: 'ທະນາຄານກະສິກອນໄທ', nameEN: 'Kasikornbank' };

describe('localName', () => {
  it('picks the name of the page language', () => {
    expect(localName(KBANK, 'th')).toBe('ธนาคารกสิกรไทย');
    expect(localName(KBANK, 'la')).toBe('ທະນາຄານກະສິກອນໄທ');
    expect(localName(KBANK, 'en')).toBe('Kasikornbank');
  });

  it('falls back to English, then Thai, when a name is empty', () => {
    expect(localName({ ...KBANK, nameLA: '' }, 'la')).toBe('Kasikornbank');
    expect(localName({ nameTH: 'ธนาคารใหม่', nameLA: '', nameEN: '' }, 'en')).toBe('ธนาคารใหม่');
  });
});
