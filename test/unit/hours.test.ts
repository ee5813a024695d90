import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { checkPeriods, isOpenAt, localWeekMinute, type Period, weeklyRanges } from '../../src/domain/hours.js';

const at = (iso: string) => new Date(iso);

describe('weekly ranges', () => {
  test('a daytime period', () => {
    assert.deepEqual(weeklyRanges({ day: 'tuesday', opens: '11:00', closes: '14:30' }), [[2100, 2310]]);
  });
  test('past midnight runs into the next day', () => {
    assert.deepEqual(weeklyRanges({ day: 'monday', opens: '22:00', closes: '02:00' }), [[1320, 1560]]);
  });
  test('closes at 24:00 ends at midnight', () => {
    assert.deepEqual(weeklyRanges({ day: 'monday', opens: '00:00', closes: '24:00' }), [[0, 1440]]);
  });
  test('equal opens and closes is a full day', () => {
    assert.deepEqual(weeklyRanges({ day: 'monday', opens: '06:00', closes: '06:00' }), [[360, 1800]]);
  });
  test('Sunday night wraps to Monday morning', () => {
    assert.deepEqual(weeklyRanges({ day: 'sunday', opens: '22:00', closes: '03:00' }), [
      [9960, 10080],
      [0, 180],
    ]);
  });
});

describe('checkPeriods', () => {
  const ok = (periods: Period[]) => assert.doesNotThrow(() => checkPeriods(periods, 'periods'));
  const bad = (periods: Period[], param: string) =>
    assert.throws(
      () => checkPeriods(periods, 'periods'),
      (e: { param?: string }) => e.param === param,
    );

  test('several periods a day that touch are fine', () => {
    ok([
      { day: 'monday', opens: '11:00', closes: '14:00' },
      { day: 'monday', opens: '14:00', closes: '22:00' },
    ]);
  });
  test('overlap within a day names the later period', () => {
    bad(
      [
        { day: 'monday', opens: '11:00', closes: '15:00' },
        { day: 'monday', opens: '14:00', closes: '22:00' },
      ],
      'periods.1',
    );
  });
  test('overlap across midnight', () => {
    bad(
      [
        { day: 'saturday', opens: '02:00', closes: '05:00' },
        { day: 'friday', opens: '20:00', closes: '03:00' },
      ],
      'periods.1',
    );
  });
  test('overlap across the end of the week', () => {
    bad(
      [
        { day: 'sunday', opens: '23:00', closes: '02:00' },
        { day: 'monday', opens: '01:00', closes: '04:00' },
      ],
      'periods.1',
    );
  });
  test('bad times', () => {
    bad([{ day: 'monday', opens: '24:00', closes: '02:00' }], 'periods.0.opens');
    bad([{ day: 'monday', opens: '9:00', closes: '12:00' }], 'periods.0.opens');
    bad([{ day: 'monday', opens: '09:00', closes: '24:01' }], 'periods.0.closes');
  });
});

describe('isOpenAt in the location time zone', () => {
  const berlinLate: Period[] = [{ day: 'saturday', opens: '22:00', closes: '02:30' }];

  test('local weekday and minute', () => {
    // 2026-11-23 is a Monday; 09:15 UTC is 10:15 in Berlin (CET, UTC+1).
    assert.equal(localWeekMinute(at('2026-11-23T09:15:00Z'), 'Europe/Berlin'), 615);
    // The same instant is Monday 04:15 in New York (EST, UTC-5).
    assert.equal(localWeekMinute(at('2026-11-23T09:15:00Z'), 'America/New_York'), 255);
  });

  test('past midnight on an ordinary weekend', () => {
    // Saturday 2026-11-21 23:00 CET = 22:00Z; Sunday 02:00 CET = 01:00Z; 02:30 CET = 01:30Z.
    assert.equal(isOpenAt(berlinLate, 'Europe/Berlin', at('2026-11-21T20:59:00Z')), false);
    assert.equal(isOpenAt(berlinLate, 'Europe/Berlin', at('2026-11-21T21:00:00Z')), true);
    assert.equal(isOpenAt(berlinLate, 'Europe/Berlin', at('2026-11-22T01:29:00Z')), true);
    assert.equal(isOpenAt(berlinLate, 'Europe/Berlin', at('2026-11-22T01:30:00Z')), false);
  });

  test('spring forward: 02:00 jumps to 03:00, the night is shorter', () => {
    // 2026-03-29: clocks go from 02:00 CET to 03:00 CEST at 01:00Z.
    assert.equal(isOpenAt(berlinLate, 'Europe/Berlin', at('2026-03-29T00:59:00Z')), true); // 01:59 CET
    assert.equal(isOpenAt(berlinLate, 'Europe/Berlin', at('2026-03-29T01:00:00Z')), false); // 03:00 CEST
  });

  test('fall back: 02:00–03:00 happens twice, the night is longer', () => {
    const hours: Period[] = [{ day: 'saturday', opens: '22:00', closes: '03:00' }];
    // 2026-10-25: 03:00 CEST becomes 02:00 CET at 01:00Z.
    assert.equal(isOpenAt(hours, 'Europe/Berlin', at('2026-10-25T00:30:00Z')), true); // 02:30 CEST
    assert.equal(isOpenAt(hours, 'Europe/Berlin', at('2026-10-25T01:30:00Z')), true); // 02:30 CET
    assert.equal(isOpenAt(hours, 'Europe/Berlin', at('2026-10-25T02:00:00Z')), false); // 03:00 CET
    // 22:00 CEST (20:00Z) to 03:00 CET (02:00Z): six real hours for five on the clock.
  });

  test('the same periods mean other instants in another zone', () => {
    const lunch: Period[] = [{ day: 'monday', opens: '12:00', closes: '14:00' }];
    assert.equal(isOpenAt(lunch, 'America/Mexico_City', at('2026-11-23T18:30:00Z')), true);
    assert.equal(isOpenAt(lunch, 'Europe/Zurich', at('2026-11-23T18:30:00Z')), false);
  });

  test('no periods: always closed', () => {
    assert.equal(isOpenAt([], 'UTC', at('2026-11-23T12:00:00Z')), false);
  });
});
