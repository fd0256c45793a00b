import type { TutorialVideo } from '@jetton/contract/constants';
import type { TestLocale } from '../support/i18n.ts';

/** `{label}` in a caption is the site's own name of the button, from `label`'s message key. */
type Caption = Record<TestLocale, string> & { label?: string };

/**
 * What each tutorial says on screen, step by step, in the video's language.
 * A button named in a caption is quoted with the site's own label, so a
 * member finds the same words on the screen.
 */
export const CAPTIONS = {
  wallet: {
    balance: {
      en: 'Your wallet balance is at the top of the home screen.',
      th: 'ยอดเงินในกระเป๋าของคุณอยู่ด้านบนของหน้าหลัก',
      la: 'ຍອດເງິນໃນກະເປົາຂອງທ່ານຢູ່ເທິງສຸດຂອງໜ້າຫຼັກ',
    },
    deposit: {
      label: 'home.widgets.deposit',
      en: 'Tap “{label}” to add money: a bank slip, a QR code or a gift link.',
      th: 'แตะ “{label}” เพื่อเติมเงิน: สลิปโอนเงิน คิวอาร์โค้ด หรือลิงก์ของขวัญ',
      la: 'ແຕະ “{label}” ເພື່ອເຕີມເງິນ: ສະລິບໂອນເງິນ, ຄິວອາໂຄດ ຫຼື ລິ້ງຂອງຂວັນ',
    },
    withdraw: {
      label: 'home.widgets.withdraw',
      en: 'Tap “{label}” to send money to your own bank account.',
      th: 'แตะ “{label}” เพื่อโอนเงินเข้าบัญชีธนาคารของคุณเอง',
      la: 'ແຕະ “{label}” ເພື່ອໂອນເງິນເຂົ້າບັນຊີທະນາຄານຂອງທ່ານເອງ',
    },
    transfer: {
      label: 'home.transfer',
      en: 'Tap “{label}” to move money between your wallet and a game.',
      th: 'แตะ “{label}” เพื่อย้ายเงินระหว่างกระเป๋ากับเกม',
      la: 'ແຕະ “{label}” ເພື່ອຍ້າຍເງິນລະຫວ່າງກະເປົາກັບເກມ',
    },
    statement: {
      en: 'Every movement of your money is listed on the statement.',
      th: 'ทุกความเคลื่อนไหวของเงินแสดงอยู่ในรายการเดินบัญชี',
      la: 'ທຸກການເຄື່ອນໄຫວຂອງເງິນສະແດງຢູ່ໃນລາຍການບັນຊີ',
    },
  },
  howToPlay: {
    pick: {
      en: 'Pick a game on the home screen.',
      th: 'เลือกเกมจากหน้าหลัก',
      la: 'ເລືອກເກມຈາກໜ້າຫຼັກ',
    },
    open: {
      en: 'The first time, open an account at the game.',
      th: 'ครั้งแรก ให้เปิดบัญชีกับเกมนั้นก่อน',
      la: 'ຄັ້ງທຳອິດ ໃຫ້ເປີດບັນຊີກັບເກມນັ້ນກ່ອນ',
    },
    move: {
      label: 'home.gameDialog.transfer',
      en: 'Enter an amount and tap “{label}”: the money moves into the game.',
      th: 'ใส่จำนวนเงินแล้วแตะ “{label}” เงินจะย้ายเข้าเกม',
      la: 'ໃສ່ຈຳນວນເງິນແລ້ວແຕະ “{label}” ເງິນຈະຍ້າຍເຂົ້າເກມ',
    },
    play: {
      label: 'home.gameDialog.play.android',
      en: 'Tap “{label}”: the game opens with your balance. Good luck!',
      th: 'แตะ “{label}” เกมจะเปิดพร้อมยอดเงินของคุณ ขอให้โชคดี!',
      la: 'ແຕະ “{label}” ເກມຈະເປີດພ້ອມຍອດເງິນຂອງທ່ານ ຂໍໃຫ້ໂຊກດີ!',
    },
  },
  checkBalance: {
    total: {
      en: 'The total balance counts your wallet and your games.',
      th: 'ยอดรวมนับทั้งเงินในกระเป๋าและในเกมของคุณ',
      la: 'ຍອດລວມນັບທັງເງິນໃນກະເປົາ ແລະ ໃນເກມຂອງທ່ານ',
    },
    check: {
      label: 'home.checkBalance',
      en: 'Tap “{label}” to ask every game for its latest figure.',
      th: 'แตะ “{label}” เพื่อดึงยอดล่าสุดจากทุกเกม',
      la: 'ແຕະ “{label}” ເພື່ອດຶງຍອດລ່າສຸດຈາກທຸກເກມ',
    },
    games: {
      en: 'Each game card shows what you hold at that game.',
      th: 'การ์ดของแต่ละเกมแสดงยอดเงินที่คุณมีในเกมนั้น',
      la: 'ບັດຂອງແຕ່ລະເກມສະແດງຍອດເງິນທີ່ທ່ານມີໃນເກມນັ້ນ',
    },
    statement: {
      en: 'The statement shows every deposit, transfer and withdrawal.',
      th: 'รายการเดินบัญชีแสดงทุกการฝาก โอน และถอน',
      la: 'ລາຍການບັນຊີສະແດງທຸກການຝາກ, ໂອນ ແລະ ຖອນ',
    },
  },
  receiveBonus: {
    open: {
      en: 'Open the bonus page from the home screen.',
      th: 'เปิดหน้าโบนัสจากหน้าหลัก',
      la: 'ເປີດໜ້າໂບນັດຈາກໜ້າຫຼັກ',
    },
    pick: {
      en: 'Pick a bonus and read its conditions.',
      th: 'เลือกโบนัสและอ่านเงื่อนไข',
      la: 'ເລືອກໂບນັດ ແລະ ອ່ານເງື່ອນໄຂ',
    },
    receive: {
      label: 'bonus.receive',
      en: 'Tap “{label}”: the bonus is added to your wallet.',
      th: 'แตะ “{label}” โบนัสจะเข้ากระเป๋าของคุณ',
      la: 'ແຕະ “{label}” ໂບນັດຈະເຂົ້າກະເປົາຂອງທ່ານ',
    },
    progress: {
      en: 'Your active bonus shows how much turnover is still needed.',
      th: 'โบนัสที่ใช้อยู่แสดงยอดเทิร์นที่ยังต้องทำ',
      la: 'ໂບນັດທີ່ໃຊ້ຢູ່ສະແດງຍອດເທີນທີ່ຍັງຕ້ອງເຮັດ',
    },
  },
  cancelBonus: {
    active: {
      en: 'Your active bonus is at the top of the bonus page.',
      th: 'โบนัสที่ใช้อยู่แสดงอยู่ด้านบนของหน้าโบนัส',
      la: 'ໂບນັດທີ່ໃຊ້ຢູ່ສະແດງຢູ່ເທິງສຸດຂອງໜ້າໂບນັດ',
    },
    keep: {
      en: 'Before the turnover is met, cancelling keeps only the share its conditions say.',
      th: 'ถ้ายกเลิกก่อนครบเทิร์น จะได้รับเฉพาะส่วนที่เงื่อนไขกำหนด',
      la: 'ຖ້າຍົກເລີກກ່ອນຄົບເທີນ ຈະໄດ້ຮັບສະເພາະສ່ວນທີ່ເງື່ອນໄຂກຳນົດ',
    },
    cancel: {
      label: 'bonus.cancel',
      en: 'Tap “{label}”.',
      th: 'แตะ “{label}”',
      la: 'ແຕະ “{label}”',
    },
    done: {
      en: 'The bonus has ended: you can receive another one.',
      th: 'โบนัสสิ้นสุดแล้ว คุณสามารถรับโบนัสอื่นได้',
      la: 'ໂບນັດສິ້ນສຸດແລ້ວ ທ່ານສາມາດຮັບໂບນັດອື່ນໄດ້',
    },
  },
} as const satisfies Record<TutorialVideo, Record<string, Caption>>;
