/**
 * The Redis the shared rate-limit tests use: TEST_REDIS_URL (default redis://127.0.0.1:6379, the
 * development and CI machines' Redis 7). When it does not answer, those tests are skipped with one
 * line - except under CI=true, where a missing Redis fails the run.
 */
import { Redis } from 'ioredis';

export const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

async function reachable(): Promise<string | false> {
  const redis = new Redis(REDIS_URL, { connectTimeout: 2000, maxRetriesPerRequest: 0, lazyConnect: true, retryStrategy: () => null });
  redis.on('error', () => {});
  try {
    await redis.connect();
    await redis.ping();
    return false;
  } catch (err) {
    return `Redis is not reachable at ${REDIS_URL} (${(err as Error).message})`;
  } finally {
    redis.disconnect();
  }
}

const why = await reachable();
if (why && process.env.CI === 'true') throw new Error(`${why}: CI=true needs it (see .ci/run)`);
if (why) console.warn(`skipping the Redis tests: ${why}`);
/** Why the Redis tests are skipped (one line), or false. */
export const REDIS_SKIP: string | false = why;
