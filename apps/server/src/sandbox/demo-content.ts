import QRCode from 'qrcode';
import type { LookupName, LookupValue } from '../modules/lookup/settings-keys.ts';
import { bundledHowtoVideos } from '../modules/lookup/howto-videos.ts';

/**
 * What a first start puts in the settings table: realistic demo content in Thai,
 * Lao and English. Operators change it in the table; a restart never overwrites it.
 */
const BANKS: LookupValue<'banks'> = [
  { code: 'BBL', nameTH: 'ธนาคารกรุงเทพ', nameLA: 'ທະນາຄານກຸງເທບ', nameEN: 'Bangkok Bank' },
  { code: 'KBANK', nameTH: 'ธนาคารกสิกรไทย', nameLA: 'ທະນາຄານກະສິກອນໄທ', nameEN: 'Kasikornbank' },
  { code: 'KTB', nameTH: 'ธนาคารกรุงไทย', nameLA: 'ທະນາຄານກຸງໄທ', nameEN: 'Krungthai Bank' },
  { code: 'TMB', nameTH: 'ธนาคารทหารไทยธนชาต', nameLA: 'ທະນາຄານທະຫານໄທທະນະຊາດ', nameEN: 'TMBThanachart Bank (ttb)' },
  { code: 'SCB', nameTH: 'ธนาคารไทยพาณิชย์', nameLA: 'ທະນາຄານໄທພານິດ', nameEN: 'Siam Commercial Bank' },
  { code: 'BAY', nameTH: 'ธนาคารกรุงศรีอยุธยา', nameLA: 'ທະນາຄານກຸງສີອະຍຸທະຍາ', nameEN: 'Bank of Ayudhya (Krungsri)' },
  { code: 'GSB', nameTH: 'ธนาคารออมสิน', nameLA: 'ທະນາຄານອອມສິນ', nameEN: 'Government Savings Bank' },
  { code: 'BAAC', nameTH: 'ธนาคารเพื่อการเกษตรและสหกรณ์การเกษตร', nameLA: 'ທະນາຄານເພື່ອການກະສິກຳ ແລະ ສະຫະກອນກະສິກຳ', nameEN: 'BAAC' },
  { code: 'GHB', nameTH: 'ธนาคารอาคารสงเคราะห์', nameLA: 'ທະນາຄານອາຄານສົງເຄາະ', nameEN: 'Government Housing Bank' },
  { code: 'CIMBT', nameTH: 'ธนาคารซีไอเอ็มบี ไทย', nameLA: 'ທະນາຄານຊີໄອເອັມບີ ໄທ', nameEN: 'CIMB Thai Bank' },
  { code: 'UOB', nameTH: 'ธนาคารยูโอบี', nameLA: 'ທະນາຄານຢູໂອບີ', nameEN: 'UOB Thailand' },
  { code: 'KKP', nameTH: 'ธนาคารเกียรตินาคินภัทร', nameLA: 'ທະນາຄານກຽດນາກິນ ພັດທະຣະ', nameEN: 'Kiatnakin Phatra Bank' },
  { code: 'TISCO', nameTH: 'ธนาคารทิสโก้', nameLA: 'ທະນາຄານທິສໂກ້', nameEN: 'TISCO Bank' },
  { code: 'LH', nameTH: 'ธนาคารแลนด์ แอนด์ เฮ้าส์', nameLA: 'ທະນາຄານແລນ ແອນ ເຮົ້າສ໌', nameEN: 'Land and Houses Bank' },
  {
    code: 'BCEL',
    nameTH: 'ธนาคารการค้าต่างประเทศลาว',
    nameLA: 'ທະນາຄານການຄ້າຕ່າງປະເທດລາວ',
    nameEN: 'BCEL (Banque pour le Commerce Exterieur Lao)',
  },
  { code: 'LDB', nameTH: 'ธนาคารพัฒนาลาว', nameLA: 'ທະນາຄານພັດທະນາລາວ', nameEN: 'Lao Development Bank' },
  { code: 'JDB', nameTH: 'ธนาคารร่วมพัฒนา', nameLA: 'ທະນາຄານຮ່ວມພັດທະນາ', nameEN: 'Joint Development Bank' },
  { code: 'APB', nameTH: 'ธนาคารส่งเสริมกสิกรรม', nameLA: 'ທະນາຄານສົ່ງເສີມກະສິກຳ', nameEN: 'Agricultural Promotion Bank' },
];

const DEPOSIT: LookupValue<'deposit'> = {
  banks: [
    {
      bank: { nameTH: 'ธนาคารกสิกรไทย', nameLA: 'ທະນາຄານກະສິກອນໄທ', nameEN: 'Kasikornbank' },
      bankCode: 'KBANK',
      bankType: 'DEPOSIT',
      bankAccountName: 'บจก. เจ็ททัน ดีโม',
      bankAccountNo: '0123456789',
      currency: 'THB',
      mode: 'AUTO',
    },
    {
      bank: { nameTH: 'ธนาคารการค้าต่างประเทศลาว', nameLA: 'ທະນາຄານການຄ້າຕ່າງປະເທດລາວ', nameEN: 'BCEL' },
      bankCode: 'BCEL',
      bankType: 'DEPOSIT',
      bankAccountName: 'JETTON DEMO CO LTD',
      bankAccountNo: '0100001234567',
      currency: 'LAK',
      mode: 'AUTO',
    },
    // Watched through its credit SMS: the sandbox phone (/sandbox/sms-forwarder) is its registered forwarder (demo-forwarder.ts).
    {
      bank: { nameTH: 'ธนาคารทหารไทยธนชาต', nameLA: 'ທະນາຄານທະຫານໄທທະນະຊາດ', nameEN: 'TMBThanachart Bank (ttb)' },
      bankCode: 'TMB',
      bankType: 'DEPOSIT',
      bankAccountName: 'บจก. เจ็ททัน ดีโม',
      bankAccountNo: '4560123789',
      currency: 'THB',
      mode: 'SMS',
    },
  ],
  wallets: [{ walletAccountName: '0891234567', mode: 'AUTO' }],
  isManual: false,
};

const CONDITIONS: LookupValue<'conditions'> = [
  {
    th: 'สมาชิกหนึ่งท่านมีบัญชีได้เพียงบัญชีเดียว และต้องใช้บัญชีธนาคารที่ชื่อตรงกับผู้สมัคร',
    la: 'ສະມາຊິກໜຶ່ງຄົນມີບັນຊີໄດ້ພຽງບັນຊີດຽວ ແລະ ຕ້ອງໃຊ້ບັນຊີທະນາຄານທີ່ຊື່ກົງກັບຜູ້ສະໝັກ',
    en: 'One account per member, with a bank account in the member’s own name.',
  },
  {
    th: 'หากรับโบนัส ต้องทำยอดเทิร์นโอเวอร์ให้ครบก่อนถอน และถอนได้ทั้งหมดเท่านั้น',
    la: 'ຖ້າຮັບໂບນັດ ຕ້ອງເຮັດຍອດເທີນໂອເວີໃຫ້ຄົບກ່ອນຖອນ ແລະ ຖອນໄດ້ທັງໝົດເທົ່ານັ້ນ',
    en: 'With a bonus, meet its turnover before withdrawing, then withdraw the whole balance.',
  },
  {
    th: 'เงินฝากเข้ากระเป๋าภายใน 1 นาที อัปโหลดสลิปภายใน 1 ชั่วโมงหลังโอน',
    la: 'ເງິນຝາກເຂົ້າກະເປົາພາຍໃນ 1 ນາທີ ອັບໂຫຼດສະລິບພາຍໃນ 1 ຊົ່ວໂມງຫຼັງໂອນ',
    en: 'Deposits reach the wallet within 1 minute; upload a slip within 1 hour of the transfer.',
  },
];

const AGREEMENTS: LookupValue<'agreements'> = [
  {
    th: 'ข้าพเจ้ามีอายุ 18 ปีขึ้นไป และยอมรับข้อตกลงการใช้งาน',
    la: 'ຂ້າພະເຈົ້າມີອາຍຸ 18 ປີຂຶ້ນໄປ ແລະ ຍອມຮັບຂໍ້ຕົກລົງການນຳໃຊ້',
    en: 'I am 18 or older and accept the terms of use.',
  },
  {
    th: 'ข้าพเจ้าจะไม่ให้ผู้อื่นใช้บัญชีของข้าพเจ้า',
    la: 'ຂ້າພະເຈົ້າຈະບໍ່ໃຫ້ຄົນອື່ນໃຊ້ບັນຊີຂອງຂ້າພະເຈົ້າ',
    en: 'I will not let anyone else use my account.',
  },
];

const NOTICE: LookupValue<'notice'> = {
  text: {
    th: 'ปิดรับสลิปทุกวันเวลา 23:50 - 00:10 น. เพื่อปรับปรุงระบบ',
    la: 'ປິດຮັບສະລິບທຸກມື້ເວລາ 23:50 - 00:10 ໂມງ ເພື່ອປັບປຸງລະບົບ',
    en: 'Slip upload is closed daily from 23:50 to 00:10 for maintenance.',
  },
};

const LINE_LINK = 'https://line.me/R/ti/p/@jetton-demo';

async function contact(): Promise<LookupValue<'contact'>> {
  const svg = await QRCode.toString(LINE_LINK, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return {
    contactText: {
      th: 'ติดต่อเจ้าหน้าที่ได้ตลอด 24 ชั่วโมง ผ่าน LINE หรือแชทบนเว็บไซต์',
      la: 'ຕິດຕໍ່ພະນັກງານໄດ້ຕະຫຼອດ 24 ຊົ່ວໂມງ ຜ່ານ LINE ຫຼື ແຊັດໃນເວັບໄຊ',
      en: 'Our team answers 24 hours a day on LINE or in the site chat.',
    },
    lineLink: LINE_LINK,
    lineName: '@jetton-demo',
    lineQR: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
  };
}

const STATIC_CONTENT = {
  banks: BANKS,
  deposit: DEPOSIT,
  conditions: CONDITIONS,
  agreements: AGREEMENTS,
  info: { name: 'Jetton', website: 'http://localhost:8080' },
  notice: NOTICE,
  slip: [
    { code: 'processing', name: { th: 'กำลังดำเนินการ', la: 'ກຳລັງດຳເນີນການ', en: 'Processing' } },
    { code: 'success', name: { th: 'สำเร็จ', la: 'ສຳເລັດ', en: 'Success' } },
    { code: 'failed', name: { th: 'ไม่สำเร็จ', la: 'ບໍ່ສຳເລັດ', en: 'Failed' } },
  ],
  sources: [
    { code: 'FACEBOOK', description: 'Facebook', nameTH: 'Facebook', nameLA: 'Facebook', nameEN: 'Facebook' },
    { code: 'LINE', description: 'LINE', nameTH: 'LINE', nameLA: 'LINE', nameEN: 'LINE' },
    { code: 'GOOGLE', description: 'Google', nameTH: 'Google', nameLA: 'Google', nameEN: 'Google' },
    { code: 'TIKTOK', description: 'TikTok', nameTH: 'TikTok', nameLA: 'TikTok', nameEN: 'TikTok' },
    { code: 'FRIEND', description: 'Friend', nameTH: 'เพื่อนแนะนำ', nameLA: 'ໝູ່ແນະນຳ', nameEN: 'A friend told me' },
  ],
  active: { status: 'active' },
  registerOTP: { enabled: true },
  enableChatWidget: { enabled: true },
  howto: bundledHowtoVideos(),
} satisfies { [N in Exclude<LookupName, 'contact'>]: LookupValue<N> };

export async function demoLookupContent(): Promise<{ [N in LookupName]: LookupValue<N> }> {
  return { ...STATIC_CONTENT, contact: await contact() };
}
