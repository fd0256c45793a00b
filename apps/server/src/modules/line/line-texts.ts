import { minorToDecimal } from '@jetton/contract/money';
import type { LineLang } from '../../db/tables/line.ts';

/** The kinds of LINE notice: members' (each member chooses) and the operators' group's. */
export type LineNoticeKind =
  'linked' | 'deposit' | 'withdrawal' | 'chat' | 'bonus-ending' | 'ops-four-eyes' | 'ops-held' | 'ops-unmatched' | 'ops-job';

type Params = Record<string, string>;
/** "30,000.00 THB", "650,000.00 LAK": thousands grouped, as a person reads an amount on a phone. */
const money = (p: Params) => `${grouped(p.amount ?? '')} ${p.currency ?? ''}`.trim();
const grouped = (decimal: string) => decimal.replace(/^(-?\d+)/, (whole) => whole.replace(/\B(?=(\d{3})+(?!\d))/g, ','));

/** Every text a LINE notice can carry, in th, la and en (house rules: nothing shown to a person in one language only). */
const TEXTS: Record<LineNoticeKind, Record<LineLang, (p: Params) => string>> = {
  linked: {
    th: () => 'เชื่อมบัญชี LINE กับบัญชีสมาชิกของคุณแล้ว คุณจะได้รับการแจ้งเตือนที่เลือกไว้ที่นี่',
    la: () => 'ເຊື່ອມບັນຊີ LINE ກັບບັນຊີສະມາຊິກຂອງທ່ານແລ້ວ ທ່ານຈະໄດ້ຮັບການແຈ້ງເຕືອນທີ່ເລືອກໄວ້ຢູ່ນີ້',
    en: () => 'Your LINE account is now linked to your member account. The notices you chose will arrive here.',
  },
  deposit: {
    th: (p) => `เติมเงิน ${money(p)} เข้ากระเป๋าของคุณแล้ว`,
    la: (p) => `ເຕີມເງິນ ${money(p)} ເຂົ້າກະເປົາຂອງທ່ານແລ້ວ`,
    en: (p) => `${money(p)} was credited to your wallet.`,
  },
  withdrawal: {
    th: (p) => `โอนเงินถอน ${money(p)} เข้าบัญชีธนาคารของคุณแล้ว`,
    la: (p) => `ໂອນເງິນຖອນ ${money(p)} ເຂົ້າບັນຊີທະນາຄານຂອງທ່ານແລ້ວ`,
    en: (p) => `Your withdrawal of ${money(p)} was paid to your bank account.`,
  },
  chat: {
    th: () => 'ฝ่ายบริการตอบข้อความของคุณแล้ว เปิดแชทบนเว็บไซต์เพื่ออ่าน',
    la: () => 'ຝ່າຍບໍລິການຕອບຂໍ້ຄວາມຂອງທ່ານແລ້ວ ເປີດແຊັດໃນເວັບໄຊເພື່ອອ່ານ',
    en: () => 'Support replied to your message. Open the chat on the site to read it.',
  },
  // Push only (LINE does not send it): a bonus whose time runs out within a day.
  'bonus-ending': {
    th: (p) => `โบนัส ${p.code ?? ''} จะหมดเวลาภายใน 24 ชั่วโมง`,
    la: (p) => `ໂບນັດ ${p.code ?? ''} ຈະໝົດເວລາພາຍໃນ 24 ຊົ່ວໂມງ`,
    en: (p) => `Your bonus ${p.code ?? ''} ends within 24 hours.`,
  },
  'ops-four-eyes': {
    th: (p) => `รายการถอน ${money(p)} รอผู้ดูแลคนที่สองยืนยัน`,
    la: (p) => `ລາຍການຖອນ ${money(p)} ລໍຖ້າຜູ້ດູແລຄົນທີສອງຢືນຢັນ`,
    en: (p) => `A withdrawal of ${money(p)} waits for a second operator.`,
  },
  'ops-held': {
    th: (p) => `การจ่ายเงินถอน ${money(p)} ถูกพักไว้: ไม่ทราบผลจากธนาคาร ต้องมีผู้ดูแลตรวจสอบ`,
    la: (p) => `ການຈ່າຍເງິນຖອນ ${money(p)} ຖືກພັກໄວ້: ບໍ່ຮູ້ຜົນຈາກທະນາຄານ ຕ້ອງມີຜູ້ດູແລກວດສອບ`,
    en: (p) => `A payout of ${money(p)} is held: the bank's outcome is unknown and an operator must check it.`,
  },
  'ops-unmatched': {
    th: (p) => `มีเงินเข้า ${money(p)} ที่จับคู่กับสมาชิกไม่ได้ รอผู้ดูแลตัดสิน`,
    la: (p) => `ມີເງິນເຂົ້າ ${money(p)} ທີ່ຈັບຄູ່ກັບສະມາຊິກບໍ່ໄດ້ ລໍຖ້າຜູ້ດູແລຕັດສິນ`,
    en: (p) => `An incoming deposit of ${money(p)} matched no member and waits for an operator.`,
  },
  'ops-job': {
    th: (p) => `งานเบื้องหลัง "${p.job ?? ''}" ล้มเหลวติดต่อกัน ${p.failures ?? ''} ครั้ง`,
    la: (p) => `ວຽກເບື້ອງຫຼັງ "${p.job ?? ''}" ລົ້ມເຫຼວຕິດຕໍ່ກັນ ${p.failures ?? ''} ຄັ້ງ`,
    en: (p) => `The background job "${p.job ?? ''}" failed ${p.failures ?? ''} times in a row.`,
  },
};

export function isNoticeKind(kind: string): kind is LineNoticeKind {
  return kind in TEXTS;
}

export function lineText(kind: LineNoticeKind, lang: LineLang, params: Params): string {
  return TEXTS[kind][lang](params);
}

export function moneyParams(amount: bigint, currency: string): Params {
  return { amount: minorToDecimal(amount), currency };
}
