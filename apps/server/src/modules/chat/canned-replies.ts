import { ZCannedReplies, type TCannedReplies } from '@jetton/contract/chat-agent';
import type { SettingsRepository } from '../lookup/settings-repository.ts';

/** Where the agents' canned replies live (an operator setting, th/la/en each). */
export const CANNED_REPLIES_KEY = 'chat.cannedReplies';

/** Until an operator writes their own. */
export const DEFAULT_CANNED_REPLIES: TCannedReplies = {
  replies: [
    {
      id: 'greeting',
      title: 'Greeting',
      text: {
        th: 'สวัสดีค่ะ ยินดีให้บริการ มีอะไรให้ช่วยไหมคะ',
        la: 'ສະບາຍດີ ຍິນດີໃຫ້ບໍລິການ ມີຫຍັງໃຫ້ຊ່ວຍບໍ່',
        en: 'Hello, thank you for contacting us. How can we help?',
      },
    },
    {
      id: 'deposit-check',
      title: 'Checking a deposit',
      text: {
        th: 'กำลังตรวจสอบรายการฝากของคุณ กรุณารอสักครู่ค่ะ',
        la: 'ກຳລັງກວດສອບລາຍການຝາກຂອງທ່ານ ກະລຸນາລໍຖ້າຈັກໜ້ອຍ',
        en: 'We are checking your deposit. Please wait a moment.',
      },
    },
    {
      id: 'closing',
      title: 'Closing',
      text: {
        th: 'ขอบคุณที่ใช้บริการค่ะ หากมีคำถามเพิ่มเติมทักมาได้ตลอด 24 ชั่วโมง',
        la: 'ຂອບໃຈທີ່ໃຊ້ບໍລິການ ຖ້າມີຄຳຖາມເພີ່ມເຕີມ ທັກມາໄດ້ຕະຫຼອດ 24 ຊົ່ວໂມງ',
        en: 'Thank you. Write to us any time, 24 hours a day.',
      },
    },
  ],
};

export function createCannedReplies(settings: SettingsRepository) {
  return {
    async get(): Promise<TCannedReplies> {
      const parsed = ZCannedReplies.safeParse(await settings.get(CANNED_REPLIES_KEY));
      return parsed.success ? parsed.data : DEFAULT_CANNED_REPLIES;
    },
    async set(replies: TCannedReplies): Promise<TCannedReplies> {
      const ids = new Set(replies.replies.map((r) => r.id));
      if (ids.size !== replies.replies.length) throw new Error('duplicate canned reply id');
      await settings.set(CANNED_REPLIES_KEY, replies);
      return replies;
    },
  };
}
export type CannedReplies = ReturnType<typeof createCannedReplies>;
