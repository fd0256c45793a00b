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
const SCB_ABBREVIATION: Record<string, string> = {
  KBANK: 'KBNK',
  KTB: 'KTBA',
  BBL: 'BBLA',
  BAY: 'BAYA',
  GSB: 'GSBA',
  TMB: 'TTBA',
  SCB: 'SCBA',
};

/** The SMS text the site account's bank sends for this credit, masked as that bank masks accounts. */
export function composeCreditSms(input: CreditSmsInput): string {
  const c = clock(input.at);
  const amount = formatMinor(input.amount);
  const s = input.sender;
  const site = input.siteAccount;
  const fullMask = (account: string) => `XXX-X-X${account.slice(-5, -1)}-X`;
  switch (input.siteBank) {
    case 'KBANK':
      return s.bank === 'KBANK'
        ? `${c.d}/${c.m}/${c.be2} ${c.hm} บชX${site.slice(3, 9)}X รับโอนจากX${s.account.slice(3, 9)}X ${amount}บ คงเหลือ${amount}บ`
        : `${c.d}/${c.m}/${c.be2} ${c.hm} บชX${site.slice(3, 9)}X เงินเข้า${amount}บ คงเหลือ${amount}บ`;
    case 'SCB':
      return `${c.d}/${c.m}@${c.hm} ${amount} จาก${SCB_ABBREVIATION[s.bank] ?? s.bank}/x${last(s.account, 6)}เข้าx${last(site, 6)} ใช้ได้${amount}บ`;
    case 'KTB':
      return `บช X${site.slice(4, 9)}X: เงินเข้า ${amount} บ. จาก ${s.bank} XX${s.account.slice(2)} ${s.name} ใช้ได้ ${amount} บ. ${c.d}/${c.m}/${c.be2} ${c.hm}`;
    case 'BBL':
      return `ฝาก/โอนเงินเข้าบ/ชX${last(site, 4)} ผ่านMB ${amount}บ ใช้ได้${amount}บ`;
    case 'BAY':
      return `Krungsri: เงินเข้า ${amount} บ. บ/ช ${fullMask(site)} จาก ${s.bank} ${fullMask(s.account)} ${s.name} ${c.d}/${c.m}/${c.be2} ${c.hm} น.`;
    case 'GSB':
      return `MyMo: บัญชี XXXXXX${last(site, 4)} เงินเข้า ${amount} บาท จาก ${s.bank} XXXXXX${last(s.account, 4)} ${c.d}/${c.m}/${c.be4} ${c.hm}`;
    case 'TMB':
      return `ttb: เงินเข้า ${amount} บ. เข้าบ/ช xx${last(site, 4)} จาก ${s.bank === 'TMB' ? 'TTB' : s.bank} xx${last(s.account, 6)} ${s.name} ${c.d}/${c.m}/${c.be2} @${c.hm}`;
    case 'BCEL':
      return `BCEL: ${c.d}/${c.m}/${c.y} ${c.hm} Account ${site} received ${amount} LAK from ${s.account.slice(0, -6)}XXX${last(s.account, 3)} ${s.name} Ref ${input.reference} Balance ${amount} LAK`;
    case 'LDB':
      return `LDB: ເງິນເຂົ້າ ${amount} LAK ບັນຊີ xxxx${last(site, 4)} ຈາກ ${s.account.slice(0, 4)}xxxx${last(s.account, 4)} ${s.name} ວັນທີ ${c.d}/${c.m}/${c.y} ${c.hm}`;
    default:
      return `${input.siteBank}: money in ${amount} from ${s.bank} ${s.account}`;
  }
}
