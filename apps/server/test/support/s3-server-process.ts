/**
 * The S3 test server in a process of its own (s3-test-server.ts starts it): the server under test
 * never shares its event loop with it. Reads S3_TEST_DIR, S3_TEST_PORT (0: any free port),
 * S3_TEST_ACCESS_KEY_ID and S3_TEST_SECRET_ACCESS_KEY; prints `s3 listening on <port>`.
 */
import S3rver from '@20minutes/s3rver';
import accounts from '@20minutes/s3rver/lib/models/account.js';

const env = process.env;
accounts.DUMMY_ACCOUNT.createKeyPair(env.S3_TEST_ACCESS_KEY_ID ?? '', env.S3_TEST_SECRET_ACCESS_KEY ?? '');
const server = new S3rver({
  address: '127.0.0.1',
  port: Number(env.S3_TEST_PORT ?? 0),
  directory: env.S3_TEST_DIR ?? '',
  silent: true,
  vhostBuckets: false,
  // Its SigV4 check rebuilds a bucket-level path without the trailing slash the AWS SDK signs.
  allowMismatchedSignatures: true,
});
const { port } = await server.run();
process.stdout.write(`s3 listening on ${port}\n`);
const stop = () => void server.close().finally(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
// The parent's end is this server's end, however the parent went.
process.stdin.on('end', stop);
process.stdin.resume();
