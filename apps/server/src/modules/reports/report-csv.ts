import type { ReportName, TReportRows } from '@jetton/contract/admin/reports';
import { toCsv } from './csv.ts';

export const CSV_LANGUAGES = ['th', 'la', 'en'] as const;
export type CsvLanguage = (typeof CSV_LANGUAGES)[number];

/** Column headings per report and language; the columns are the row's fields, in this order. */
const COLUMNS: { [K in ReportName]: { field: keyof TReportRows[K]; th: string; la: string; en: string }[] } = {
  summary: [
    { field: 'day', th: 'วันที่', la: 'ວັນທີ', en: 'Day' },
    { field: 'currency', th: 'สกุลเงิน', la: 'ສະກຸນເງິນ', en: 'Currency' },
    { field: 'deposits', th: 'ยอดฝาก', la: 'ຍອດຝາກ', en: 'Deposits' },
    { field: 'withdrawalsPaid', th: 'ยอดถอนที่จ่ายแล้ว', la: 'ຍອດຖອນທີ່ຈ່າຍແລ້ວ', en: 'Withdrawals paid' },
    { field: 'netCash', th: 'เงินสดสุทธิ', la: 'ເງິນສົດສຸດທິ', en: 'Net cash' },
    { field: 'rewardCost', th: 'ต้นทุนรางวัล', la: 'ຕົ້ນທຶນລາງວັນ', en: 'Reward cost' },
    { field: 'bets', th: 'ยอดเดิมพัน', la: 'ຍອດເດີມພັນ', en: 'Bets' },
    { field: 'payouts', th: 'ยอดจ่าย', la: 'ຍອດຈ່າຍ', en: 'Payouts' },
    { field: 'ggr', th: 'GGR', la: 'GGR', en: 'GGR' },
    { field: 'ngr', th: 'NGR', la: 'NGR', en: 'NGR' },
  ],
  deposits: [
    { field: 'day', th: 'วันที่', la: 'ວັນທີ', en: 'Day' },
    { field: 'currency', th: 'สกุลเงิน', la: 'ສະກຸນເງິນ', en: 'Currency' },
    { field: 'channel', th: 'ช่องทาง', la: 'ຊ່ອງທາງ', en: 'Channel' },
    { field: 'count', th: 'จำนวนรายการ', la: 'ຈຳນວນລາຍການ', en: 'Count' },
    { field: 'amount', th: 'ยอดเงิน', la: 'ຈຳນວນເງິນ', en: 'Amount' },
  ],
  withdrawals: [
    { field: 'day', th: 'วันที่', la: 'ວັນທີ', en: 'Day' },
    { field: 'currency', th: 'สกุลเงิน', la: 'ສະກຸນເງິນ', en: 'Currency' },
    { field: 'requested', th: 'ยอดขอถอน', la: 'ຍອດຂໍຖອນ', en: 'Requested' },
    { field: 'requestedCount', th: 'จำนวนขอถอน', la: 'ຈຳນວນຂໍຖອນ', en: 'Requested count' },
    { field: 'paid', th: 'ยอดจ่ายแล้ว', la: 'ຍອດຈ່າຍແລ້ວ', en: 'Paid' },
    { field: 'paidCount', th: 'จำนวนจ่ายแล้ว', la: 'ຈຳນວນຈ່າຍແລ້ວ', en: 'Paid count' },
    { field: 'rejected', th: 'ยอดปฏิเสธ', la: 'ຍອດປະຕິເສດ', en: 'Rejected' },
    { field: 'rejectedCount', th: 'จำนวนปฏิเสธ', la: 'ຈຳນວນປະຕິເສດ', en: 'Rejected count' },
  ],
  rewards: [
    { field: 'day', th: 'วันที่', la: 'ວັນທີ', en: 'Day' },
    { field: 'currency', th: 'สกุลเงิน', la: 'ສະກຸນເງິນ', en: 'Currency' },
    { field: 'kind', th: 'ประเภท', la: 'ປະເພດ', en: 'Kind' },
    { field: 'credited', th: 'ให้ไป', la: 'ໃຫ້ໄປ', en: 'Credited' },
    { field: 'takenBack', th: 'เรียกคืน', la: 'ເອີ້ນຄືນ', en: 'Taken back' },
    { field: 'cost', th: 'ต้นทุน', la: 'ຕົ້ນທຶນ', en: 'Cost' },
  ],
  games: [
    { field: 'day', th: 'วันที่', la: 'ວັນທີ', en: 'Day' },
    { field: 'currency', th: 'สกุลเงิน', la: 'ສະກຸນເງິນ', en: 'Currency' },
    { field: 'provider', th: 'ค่ายเกม', la: 'ຄ່າຍເກມ', en: 'Provider' },
    { field: 'rounds', th: 'จำนวนรอบ', la: 'ຈຳນວນຮອບ', en: 'Rounds' },
    { field: 'players', th: 'ผู้เล่น', la: 'ຜູ້ຫຼິ້ນ', en: 'Players' },
    { field: 'bets', th: 'ยอดเดิมพัน', la: 'ຍອດເດີມພັນ', en: 'Bets' },
    { field: 'payouts', th: 'ยอดจ่าย', la: 'ຍອດຈ່າຍ', en: 'Payouts' },
    { field: 'ggr', th: 'GGR', la: 'GGR', en: 'GGR' },
  ],
  members: [
    { field: 'day', th: 'วันที่', la: 'ວັນທີ', en: 'Day' },
    { field: 'currency', th: 'สกุลเงิน', la: 'ສະກຸນເງິນ', en: 'Currency' },
    { field: 'registrations', th: 'สมัครใหม่', la: 'ສະໝັກໃໝ່', en: 'Registrations' },
    { field: 'firstDeposits', th: 'ฝากครั้งแรก', la: 'ຝາກຄັ້ງທຳອິດ', en: 'First deposits' },
    { field: 'activePlayers', th: 'ผู้เล่นที่เล่น', la: 'ຜູ້ຫຼິ້ນທີ່ຫຼິ້ນ', en: 'Active players' },
  ],
  funnel: [
    { field: 'day', th: 'วันที่สมัคร', la: 'ວັນທີສະໝັກ', en: 'Registration day' },
    { field: 'currency', th: 'สกุลเงิน', la: 'ສະກຸນເງິນ', en: 'Currency' },
    { field: 'registered', th: 'สมัคร', la: 'ສະໝັກ', en: 'Registered' },
    { field: 'depositedSameDay', th: 'ฝากในวันเดียวกัน', la: 'ຝາກໃນມື້ດຽວກັນ', en: 'Deposited same day' },
    { field: 'depositedWithin7Days', th: 'ฝากภายใน 7 วัน', la: 'ຝາກພາຍໃນ 7 ມື້', en: 'Deposited within 7 days' },
    { field: 'deposited', th: 'ฝากแล้ว', la: 'ຝາກແລ້ວ', en: 'Deposited' },
  ],
};

export function reportCsv<K extends ReportName>(name: K, rows: TReportRows[K][], language: CsvLanguage): string {
  const columns = COLUMNS[name] as { field: keyof TReportRows[K]; th: string; la: string; en: string }[];
  return toCsv(
    columns.map((c) => c[language]),
    rows.map((row) => columns.map((c) => row[c.field] as string | number)),
  );
}
