import type { Queryable } from '../../db/client.js';
import { PREPARED } from '../../db/prepared.js';
import { DEFAULT_FEE_SCHEDULE, type FeeSchedule, validateFeeSchedule } from './fees.js';

const FIELDS = ['order_fee_percent_bps', 'order_fee_fixed_cents', 'payment_fee_percent_bps', 'payment_fee_fixed_cents'];

/** The organization's schedule, or the documented default (also for standalone locations). */
export async function getFeeSchedule(db: Queryable, organizationId: string | null): Promise<FeeSchedule> {
  if (organizationId === null) return { ...DEFAULT_FEE_SCHEDULE };
  const [row] = await db.query<FeeSchedule>(
    `SELECT ${FIELDS.join(', ')} FROM fee_schedules WHERE organization_id = $1`,
    [organizationId],
    PREPARED,
  );
  return row ?? { ...DEFAULT_FEE_SCHEDULE };
}

export function renderSchedule(organizationId: string, s: FeeSchedule, isDefault: boolean) {
  return { object: 'fee_schedule' as const, organization_id: organizationId, ...s, default: isDefault };
}

export async function readFeeSchedule(db: Queryable, organizationId: string) {
  const [row] = await db.query('SELECT 1 FROM fee_schedules WHERE organization_id = $1', [organizationId]);
  return renderSchedule(organizationId, await getFeeSchedule(db, organizationId), !row);
}

/** Applies to orders created from now on; existing orders keep the schedule they were created under. */
export async function setFeeSchedule(db: Queryable, organizationId: string, s: FeeSchedule) {
  validateFeeSchedule(s);
  await db.query(
    `INSERT INTO fee_schedules (organization_id, ${FIELDS.join(', ')}, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, now(), now())
     ON CONFLICT (organization_id) DO UPDATE SET order_fee_percent_bps = $2, order_fee_fixed_cents = $3,
       payment_fee_percent_bps = $4, payment_fee_fixed_cents = $5, updated_at = now()`,
    [
      organizationId,
      s.order_fee_percent_bps,
      s.order_fee_fixed_cents,
      s.payment_fee_percent_bps,
      s.payment_fee_fixed_cents,
    ],
  );
  return renderSchedule(organizationId, s, false);
}
