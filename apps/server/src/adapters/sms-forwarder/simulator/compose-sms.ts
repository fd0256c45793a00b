import { SITE_TIME_ZONE } from '@jetton/contract/site-time';
import { formatMinor } from '../../../sandbox/sandbox-page.ts';

/** What the sandbox phone receives: one incoming transfer to the site account. */
export type CreditSmsInput = {
  /** The bank of the site account (the SMS sender). */
  siteBank: string;
  siteAccount: string;
  amount: bigint;
  at: Date;
  sender: { bank: string; account: string; name: string };
  /** A transaction reference (printed by BCEL only). */
  reference: string;
};

/** The banks whose credit SMS the sandbox phone can receive, each in its own layout (docs/auto-deposit.md, "SMS formats"). */
export const SMS_BANKS = ['KBANK', 'SCB', 'KTB', 'BBL', 'BAY', 'GSB', 'TMB', 'BCEL', 'LDB'] as const;

function clock(at: Date) {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: SITE_TIME_ZONE,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  const year = part('year');
  return {
    d: part('day'),
    m: part('month'),
    y: year,
    be2: String(Number(year) + 543).slice(-2),
    be4: String(Number(year) + 543),
    hm: `${part('hour')}:${part('minute')}`,
  };
}

const last = (account: string, n: number) => account.slice(-n);
/** The sender's bank as SCB and GSB print it (SWIFT-like, four letters). */
const SCB_ABBREVIATION: Record<string, string> = {
  KBANK: 'KBNK',
  KTB: 'KTBA',
  BBL: 'BBLA',
  BAY: 'BAYA',
  GSB: 'GSBA',
  TMB: 'TTBA',
  SCB: 'SCBA',
};
/** GSB writes the month short, in Thai. */
const THAI_MONTHS = ['ม.ค.', 'ก.พ.', 'มี.ค.', 'เม.ย.', 'พ.ค.', 'มิ.ย.', 'ก.ค.', 'ส.ค.', 'ก.ย.', 'ต.ค.', 'พ.ย.', 'ธ.ค.'];

/** ttb cuts the sender's name short: the first name and the start of the last ("SOMCHAI JAID"). */
const shortName = (name: string) => {
  const [first = '', second = ''] = name.trim().split(/\s+/);
  return `${first} ${second.slice(0, 4)}`.trim();
};

/** The SMS text the site account's bank sends for this credit, masked as that bank masks accounts. */
export function composeCreditSms(input: CreditSmsInput): string {
  const c = clock(input.at);
  const amount = formatMinor(input.amount);
  const s = input.sender;
  const site = input.siteAccount;
  switch (input.siteBank) {
    case 'KBANK':
      return s.bank === 'KBANK'
        ? `${c.d}/${c.m}/${c.be2} ${c.hm} บชX${site.slice(3, 9)}X รับโอนจากX${s.account.slice(3, 9)}X ${amount}บ คงเหลือ${amount}บ`
        : `${c.d}/${c.m}/${c.be2} ${c.hm} บชX${site.slice(3, 9)}X เงินเข้า${amount}บ คงเหลือ${amount}บ`;
    case 'SCB':
      return `${c.d}/${c.m}@${c.hm} ${amount} จาก${SCB_ABBREVIATION[s.bank] ?? s.bank}/x${last(s.account, 6)}เข้าx${last(site, 6)} ใช้ได้${amount}บ`;
    case 'KTB':
      return `${c.d}-${c.m}@${c.hm} บชX${site.slice(4, 9)}X:เงินเข้า ${amount}บ ใช้ได้ ${amount}บ`;
    case 'BBL':
      return `ฝาก/โอนเงินเข้าบ/ชX${last(site, 4)} ผ่านMB ${amount}บ ใช้ได้${amount}บ`;
    case 'BAY':
      return `โอนเข้า xxx${site.slice(3, 9)}x  ${amount} เหลือ ${amount} (${Number(c.d)}/${Number(c.m)}/${c.be2},${c.hm})`;
    case 'GSB': {
      const padded = s.account.padStart(12, '0');
      const from = `${SCB_ABBREVIATION[s.bank] ?? s.bank} ${padded.slice(0, 4)}XXXX${padded.slice(-4)}`;
      const to = `GSBA ${site.padStart(12, '0').slice(0, 4)}XXXX${last(site, 4)}`;
      return `เงินเข้า: มีการฝาก/โอนเงิน ${amount} บาท จากบัญชี ${from} เข้าบัญชี ${to} วันที่ ${Number(c.d)} ${THAI_MONTHS[Number(c.m) - 1]} ${c.be4} เวลา ${c.hm} น. คงเหลือ ${amount} บาท`;
    }
    case 'TMB':
      return `มีเงิน${amount}บ.โอนเข้าบ/ชxx${last(site, 4)} จาก ${s.bank === 'TMB' ? 'TTB' : s.bank} X${last(s.account, 4)} ${shortName(s.name)} เหลือ${amount}บ.${c.d}/${c.m}/${c.y.slice(-2)}@${c.hm}`;
    case 'BCEL':
      return `BCEL: ${c.d}/${c.m}/${c.y} ${c.hm} Account ${site} received ${amount} LAK from ${s.account.slice(0, -6)}XXX${last(s.account, 3)} ${s.name} Ref ${input.reference} Balance ${amount} LAK`;
    case 'LDB':
      return `LDB: ເງິນເຂົ້າ ${amount} LAK ບັນຊີ xxxx${last(site, 4)} ຈາກ ${s.account.slice(0, 4)}xxxx${last(s.account, 4)} ${s.name} ວັນທີ ${c.d}/${c.m}/${c.y} ${c.hm}`;
    default:
      return `${input.siteBank}: money in ${amount} from ${s.bank} ${s.account}`;
  }
}
