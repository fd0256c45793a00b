/**
 * The database engines a test run covers: the embedded one always, PostgreSQL
 * too when TEST_DATABASE_URL is set (as CI does).
 */
export type TestEngine = 'embedded' | 'postgres';

export function testEngines(): TestEngine[] {
  return process.env.TEST_DATABASE_URL ? ['embedded', 'postgres'] : ['embedded'];
}
