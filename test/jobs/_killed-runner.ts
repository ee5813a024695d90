/**
 * A server process's job runner that dies mid-job (test/jobs/multiprocess.test.ts): it claims the job of
 * JOB_KIND, writes inside the job's transaction, says `RUNNING <id>` and hangs until it is killed.
 */
import { postgresDb } from '../../src/db/client.js';
import { JobRunner } from '../../src/jobs/runner.js';

const db = postgresDb(process.env.DATABASE_URL as string, 2);
const runner = new JobRunner(
  db,
  { warn: console.error, error: console.error },
  {
    leaseMs: Number(process.env.LEASE_MS),
    pollIntervalMs: 100,
    handlers: {
      [process.env.JOB_KIND as string]: async (tx, job) => {
        await tx.query(`UPDATE jobs SET payload = '{"ran_by": "the killed process"}' WHERE id = $1`, [job.id]);
        process.stdout.write(`RUNNING ${job.id}\n`);
        await new Promise(() => {});
      },
    },
  },
);
runner.start();
// Kept alive until killed, whatever the runner's timers do.
setInterval(() => {}, 60_000);
