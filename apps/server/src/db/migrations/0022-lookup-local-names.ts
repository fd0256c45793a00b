import { sql, type Kysely } from 'kysely';

/**
 * Banks and registration sources get a name in each interface language
 * (nameTH, nameLA, nameEN), so a Lao or English page never shows Thai script
 * (docs/member-web.md, "Names in the page's language"). Lookup content lives in
 * the settings table, where an operator may have edited it: this fills the
 * missing names of stored banks, deposit accounts and sources, from the table
 * below for the banks and sources a first start seeds, and otherwise from the
 * English name (a Latin name reads on every page). Names already there are kept.
 * A database created after this migration is seeded with every name.
 */
const BANK_NAMES: Record<string, { la: string; en: string }> = {
  BBL: { la: 'ທະນາຄານກຸງເທບ', en: 'Bangkok Bank' },
  KBANK: { la: 'ທະນາຄານກະສິກອນໄທ', en: 'Kasikornbank' },
  KTB: { la: 'ທະນາຄານກຸງໄທ', en: 'Krungthai Bank' },
  TMB: { la: 'ທະນາຄານທະຫານໄທທະນະຊາດ', en: 'TMBThanachart Bank (ttb)' },
  SCB: { la: 'ທະນາຄານໄທພານິດ', en: 'Siam Commercial Bank' },
  BAY: { la: 'ທະນາຄານກຸງສີອະຍຸທະຍາ', en: 'Bank of Ayudhya (Krungsri)' },
  GSB: { la: 'ທະນາຄານອອມສິນ', en: 'Government Savings Bank' },
  BAAC: { la: 'ທະນາຄານເພື່ອການກະສິກຳ ແລະ ສະຫະກອນກະສິກຳ', en: 'BAAC' },
  GHB: { la: 'ທະນາຄານອາຄານສົງເຄາະ', en: 'Government Housing Bank' },
  CIMBT: { la: 'ທະນາຄານຊີໄອເອັມບີ ໄທ', en: 'CIMB Thai Bank' },
  UOB: { la: 'ທະນາຄານຢູໂອບີ', en: 'UOB Thailand' },
  KKP: { la: 'ທະນາຄານກຽດນາກິນ ພັດທະຣະ', en: 'Kiatnakin Phatra Bank' },
  TISCO: { la: 'ທະນາຄານທິສໂກ້', en: 'TISCO Bank' },
  LH: { la: 'ທະນາຄານແລນ ແອນ ເຮົ້າສ໌', en: 'Land and Houses Bank' },
  BCEL: { la: 'ທະນາຄານການຄ້າຕ່າງປະເທດລາວ', en: 'BCEL (Banque pour le Commerce Exterieur Lao)' },
  LDB: { la: 'ທະນາຄານພັດທະນາລາວ', en: 'Lao Development Bank' },
  JDB: { la: 'ທະນາຄານຮ່ວມພັດທະນາ', en: 'Joint Development Bank' },
  APB: { la: 'ທະນາຄານສົ່ງເສີມກະສິກຳ', en: 'Agricultural Promotion Bank' },
};

const SOURCE_NAMES: Record<string, { th: string; la: string; en: string }> = {
  FRIEND: { th: 'เพื่อนแนะนำ', la: 'ໝູ່ແນະນຳ', en: 'A friend told me' },
};

type Json = Record<string, unknown>;
const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A bank's names: the stored ones first, then the known ones, then English (or the code). */
export function withBankNames(names: Json, code: string): Json {
  const known = BANK_NAMES[code];
  const en = text(names.nameEN) ?? known?.en ?? code;
  return { ...names, nameTH: text(names.nameTH) ?? en, nameLA: text(names.nameLA) ?? known?.la ?? en, nameEN: en };
}

/** A source's names: the stored ones first, then the known ones, then its description (brand names read alike). */
export function withSourceNames(source: Json): Json {
  const code = text(source.code) ?? '';
  const description = text(source.description) ?? code;
  const known = SOURCE_NAMES[code];
  return {
    ...source,
    nameTH: text(source.nameTH) ?? known?.th ?? description,
    nameLA: text(source.nameLA) ?? known?.la ?? description,
    nameEN: text(source.nameEN) ?? known?.en ?? description,
  };
}

async function rewrite(db: Kysely<unknown>, key: string, change: (value: unknown) => unknown): Promise<void> {
  const { rows } = await sql<{ value: unknown }>`select value from settings where key = ${key}`.execute(db);
  if (rows.length === 0) return;
  await sql`update settings set value = ${JSON.stringify(change(rows[0]?.value))}::jsonb, updated_at = now() where key = ${key}`.execute(
    db,
  );
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await rewrite(db, 'lookup.banks', (banks) =>
    Array.isArray(banks) ? banks.map((bank: unknown) => (isObject(bank) ? withBankNames(bank, text(bank.code) ?? '') : bank)) : banks,
  );
  await rewrite(db, 'lookup.deposit', (deposit) => {
    if (!isObject(deposit) || !Array.isArray(deposit.banks)) return deposit;
    return {
      ...deposit,
      banks: deposit.banks.map((account: unknown) =>
        isObject(account) && isObject(account.bank)
          ? { ...account, bank: withBankNames(account.bank, text(account.bankCode) ?? '') }
          : account,
      ),
    };
  });
  await rewrite(db, 'lookup.sources', (sources) =>
    Array.isArray(sources) ? sources.map((source: unknown) => (isObject(source) ? withSourceNames(source) : source)) : sources,
  );
}

/** The added names are harmless to older code (it ignores unknown fields): nothing to undo. */
export async function down(): Promise<void> {}
