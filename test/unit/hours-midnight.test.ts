/**
 * Opening hours around midnight, at the end of the week and on daylight-saving nights. A wall clock read
 * with a 24-hour cycle that writes midnight as `24` (hourCycle h24) puts Sunday 00:30 at "Sunday 24:30",
 * a minute that belongs to no period: so every hour from 00:00 to 00:59 is checked here, and a sweep
 * compares every minute of whole weeks with a reference computed without Intl.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { checkPeriods, DAYS, isOpenAt, localWeekMinute, minutesOf, type Period } from '../../src/domain/hours.js';

const at = (iso: string) => new Date(iso);
const MIN = 60_000;
const WEEK = 7 * 1440;

/** 2026-11-21 is a Saturday; Berlin is on CET (UTC+1) then, so local = UTC + 1 h. */
const cet = (local: string) => new Date(Date.parse(`${local}Z`) - 60 * MIN);

describe('a Saturday 22:00–02:30 period, in Europe/Berlin on an ordinary weekend', () => {
  const late: Period[] = [{ day: 'saturday', opens: '22:00', closes: '02:30' }];
  const cases: [string, boolean][] = [
    ['2026-11-21T21:59', false],
    ['2026-11-21T22:00', true],
    ['2026-11-21T23:59', true],
    ['2026-11-22T00:00', true],
    ['2026-11-22T00:01', true],
    ['2026-11-22T00:30', true],
    ['2026-11-22T00:59', true],
    ['2026-11-22T01:00', true],
    ['2026-11-22T02:29', true],
    ['2026-11-22T02:30', false],
    ['2026-11-22T12:00', false],
    ['2026-11-22T23:59', false],
    ['2026-11-23T00:30', false], // Monday 00:30: the period is Saturday night's only
  ];
  for (const [local, open] of cases) {
    test(`${local} local is ${open ? 'open' : 'closed'}`, () => {
      assert.equal(isOpenAt(late, 'Europe/Berlin', cet(local)), open);
    });
  }

  test('the same wall-clock times in other zones', () => {
    // Saturday 2026-11-21; Sunday 00:30 local in each zone.
    assert.equal(isOpenAt(late, 'UTC', at('2026-11-22T00:30:00Z')), true);
    assert.equal(isOpenAt(late, 'Asia/Kolkata', at('2026-11-21T19:00:00Z')), true); // UTC+5:30
    assert.equal(isOpenAt(late, 'America/New_York', at('2026-11-22T05:30:00Z')), true); // UTC-5
    assert.equal(isOpenAt(late, 'Pacific/Kiritimati', at('2026-11-21T10:30:00Z')), true); // UTC+14
    assert.equal(isOpenAt(late, 'Etc/GMT+12', at('2026-11-22T12:30:00Z')), true); // UTC-12
    // 02:30 local: closed everywhere.
    assert.equal(isOpenAt(late, 'Asia/Kolkata', at('2026-11-21T21:00:00Z')), false);
    assert.equal(isOpenAt(late, 'America/New_York', at('2026-11-22T07:30:00Z')), false);
  });
});

describe('local midnight is minute 0 of its day', () => {
  test('every day at 00:00, 00:30 and 00:59 local, in Berlin (CET) and in UTC', () => {
    // 2026-11-23 is a Monday.
    DAYS.forEach((day, d) => {
      const date = `2026-11-${String(23 + d).padStart(2, '0')}`;
      for (const [hm, minute] of [
        ['00:00', 0],
        ['00:30', 30],
        ['00:59', 59],
        ['01:00', 60],
        ['23:59', 1439],
      ] as const) {
        const expected = d * 1440 + minute;
        assert.equal(localWeekMinute(cet(`${date}T${hm}`), 'Europe/Berlin'), expected, `${day} ${hm} Berlin`);
        assert.equal(localWeekMinute(at(`${date}T${hm}:00Z`), 'UTC'), expected, `${day} ${hm} UTC`);
      }
    });
  });

  test('a minute of the week is always in 0…10079', () => {
    for (let t = Date.parse('2026-11-23T00:00:00Z'); t < Date.parse('2026-11-30T00:00:00Z'); t += 7 * MIN) {
      const m = localWeekMinute(new Date(t), 'Europe/Berlin');
      assert.ok(m >= 0 && m < WEEK, `${new Date(t).toISOString()} → ${m}`);
    }
  });
});

describe('periods across the end of the week (Sunday into Monday)', () => {
  const sundayNight: Period[] = [{ day: 'sunday', opens: '22:00', closes: '03:00' }];
  // Sunday 2026-11-29, Monday 2026-11-30, Berlin CET.
  const cases: [string, boolean][] = [
    ['2026-11-29T21:59', false],
    ['2026-11-29T22:00', true],
    ['2026-11-29T23:59', true],
    ['2026-11-30T00:00', true],
    ['2026-11-30T00:30', true],
    ['2026-11-30T00:59', true],
    ['2026-11-30T02:59', true],
    ['2026-11-30T03:00', false],
    ['2026-11-23T00:30', true], // the Monday before: the same week minute
  ];
  for (const [local, open] of cases) {
    test(`Sunday 22:00–03:00 at ${local} local is ${open ? 'open' : 'closed'}`, () => {
      assert.equal(isOpenAt(sundayNight, 'Europe/Berlin', cet(local)), open);
    });
  }

  test('Monday 00:00–01:00 is open from Monday midnight', () => {
    const early: Period[] = [{ day: 'monday', opens: '00:00', closes: '01:00' }];
    assert.equal(isOpenAt(early, 'Europe/Berlin', cet('2026-11-22T23:59')), false);
    assert.equal(isOpenAt(early, 'Europe/Berlin', cet('2026-11-23T00:00')), true);
    assert.equal(isOpenAt(early, 'Europe/Berlin', cet('2026-11-23T00:59')), true);
    assert.equal(isOpenAt(early, 'Europe/Berlin', cet('2026-11-23T01:00')), false);
  });

  test('Sunday 00:00–24:00 ends at Monday midnight', () => {
    const sunday: Period[] = [{ day: 'sunday', opens: '00:00', closes: '24:00' }];
    assert.equal(isOpenAt(sunday, 'UTC', at('2026-11-28T23:59:00Z')), false);
    assert.equal(isOpenAt(sunday, 'UTC', at('2026-11-29T00:00:00Z')), true);
    assert.equal(isOpenAt(sunday, 'UTC', at('2026-11-29T00:30:00Z')), true);
    assert.equal(isOpenAt(sunday, 'UTC', at('2026-11-29T23:59:00Z')), true);
    assert.equal(isOpenAt(sunday, 'UTC', at('2026-11-30T00:00:00Z')), false);
  });

  test('a period closing at 00:00 runs to midnight and no further', () => {
    const friday: Period[] = [{ day: 'friday', opens: '18:00', closes: '00:00' }];
    assert.equal(isOpenAt(friday, 'UTC', at('2026-11-27T23:59:00Z')), true);
    assert.equal(isOpenAt(friday, 'UTC', at('2026-11-28T00:00:00Z')), false);
    assert.equal(isOpenAt(friday, 'UTC', at('2026-11-28T00:30:00Z')), false);
  });
});

describe('daylight-saving nights in Europe/Berlin', () => {
  const late: Period[] = [{ day: 'saturday', opens: '22:00', closes: '02:30' }];

  test('spring forward (2026-03-29, 02:00 CET becomes 03:00 CEST at 01:00Z)', () => {
    const cases: [string, boolean, string][] = [
      ['2026-03-28T20:59:00Z', false, 'Sat 21:59 CET'],
      ['2026-03-28T21:00:00Z', true, 'Sat 22:00 CET'],
      ['2026-03-28T23:00:00Z', true, 'Sun 00:00 CET'],
      ['2026-03-28T23:30:00Z', true, 'Sun 00:30 CET'],
      ['2026-03-28T23:59:00Z', true, 'Sun 00:59 CET'],
      ['2026-03-29T00:00:00Z', true, 'Sun 01:00 CET'],
      ['2026-03-29T00:59:00Z', true, 'Sun 01:59 CET'],
      ['2026-03-29T01:00:00Z', false, 'Sun 03:00 CEST: 02:00–02:59 never happens'],
      ['2026-03-29T01:30:00Z', false, 'Sun 03:30 CEST'],
    ];
    for (const [utc, open, label] of cases) assert.equal(isOpenAt(late, 'Europe/Berlin', at(utc)), open, label);
    assert.equal(localWeekMinute(at('2026-03-28T23:30:00Z'), 'Europe/Berlin'), 6 * 1440 + 30);
    assert.equal(localWeekMinute(at('2026-03-29T01:00:00Z'), 'Europe/Berlin'), 6 * 1440 + 180);
  });

  test('fall back (2026-10-25, 03:00 CEST becomes 02:00 CET at 01:00Z): the wall clock decides', () => {
    const cases: [string, boolean, string][] = [
      ['2026-10-24T19:59:00Z', false, 'Sat 21:59 CEST'],
      ['2026-10-24T20:00:00Z', true, 'Sat 22:00 CEST'],
      ['2026-10-24T22:00:00Z', true, 'Sun 00:00 CEST'],
      ['2026-10-24T22:30:00Z', true, 'Sun 00:30 CEST'],
      ['2026-10-24T22:59:00Z', true, 'Sun 00:59 CEST'],
      ['2026-10-24T23:00:00Z', true, 'Sun 01:00 CEST'],
      ['2026-10-25T00:29:00Z', true, 'Sun 02:29 CEST'],
      ['2026-10-25T00:30:00Z', false, 'Sun 02:30 CEST'],
      ['2026-10-25T01:00:00Z', true, 'Sun 02:00 CET, the second time'],
      ['2026-10-25T01:29:00Z', true, 'Sun 02:29 CET'],
      ['2026-10-25T01:30:00Z', false, 'Sun 02:30 CET'],
    ];
    for (const [utc, open, label] of cases) assert.equal(isOpenAt(late, 'Europe/Berlin', at(utc)), open, label);
  });

  test('a period from 00:00 on the night of each change', () => {
    const night: Period[] = [{ day: 'sunday', opens: '00:00', closes: '04:00' }];
    // Spring: 00:00 CET = 23:00Z Saturday; 04:00 CEST = 02:00Z.
    assert.equal(isOpenAt(night, 'Europe/Berlin', at('2026-03-28T22:59:00Z')), false);
    assert.equal(isOpenAt(night, 'Europe/Berlin', at('2026-03-28T23:00:00Z')), true);
    assert.equal(isOpenAt(night, 'Europe/Berlin', at('2026-03-29T01:59:00Z')), true);
    assert.equal(isOpenAt(night, 'Europe/Berlin', at('2026-03-29T02:00:00Z')), false);
    // Autumn: 00:00 CEST = 22:00Z Saturday; 04:00 CET = 03:00Z.
    assert.equal(isOpenAt(night, 'Europe/Berlin', at('2026-10-24T21:59:00Z')), false);
    assert.equal(isOpenAt(night, 'Europe/Berlin', at('2026-10-24T22:00:00Z')), true);
    assert.equal(isOpenAt(night, 'Europe/Berlin', at('2026-10-25T02:59:00Z')), true);
    assert.equal(isOpenAt(night, 'Europe/Berlin', at('2026-10-25T03:00:00Z')), false);
  });
});

describe('every minute of a week against a reference computed without Intl', () => {
  // Periods of every shape: past midnight, to 24:00, to 00:00, a full day, across the end of the week.
  const periods: Period[] = [
    { day: 'sunday', opens: '23:00', closes: '00:45' },
    { day: 'monday', opens: '11:00', closes: '14:00' },
    { day: 'monday', opens: '17:30', closes: '22:00' },
    { day: 'tuesday', opens: '00:00', closes: '00:01' },
    { day: 'wednesday', opens: '00:00', closes: '24:00' },
    { day: 'thursday', opens: '06:00', closes: '06:00' },
    { day: 'friday', opens: '18:00', closes: '00:00' },
    { day: 'saturday', opens: '22:00', closes: '02:30' },
  ];
  checkPeriods(periods, 'periods');

  /** Open when the local minute of the week lies within length minutes after a period's start, mod a week. */
  function referenceOpen(localMinuteOfWeek: number): boolean {
    return periods.some((p) => {
      const start = DAYS.indexOf(p.day) * 1440 + minutesOf(p.opens);
      let length = minutesOf(p.closes) - minutesOf(p.opens);
      if (length <= 0) length += 1440;
      return (((localMinuteOfWeek - start) % WEEK) + WEEK) % WEEK < length;
    });
  }

  /** Local minute of the week from UTC arithmetic: Monday = 0 (getUTCDay has Sunday = 0). */
  const referenceMinute = (localMs: number) => {
    const d = new Date(localMs);
    return ((d.getUTCDay() + 6) % 7) * 1440 + d.getUTCHours() * 60 + d.getUTCMinutes();
  };

  /** Berlin's offset in minutes by the EU rule: summer time from 01:00Z on the last Sunday of March to
   * 01:00Z on the last Sunday of October (2026-03-29 and 2026-10-25). */
  const berlinOffset = (ms: number) =>
    ms >= Date.parse('2026-03-29T01:00:00Z') && ms < Date.parse('2026-10-25T01:00:00Z') ? 120 : 60;

  const sweeps: [string, string, (ms: number) => number][] = [
    ['UTC', '2026-11-23T00:00:00Z', () => 0],
    ['Asia/Kolkata', '2026-11-22T18:30:00Z', () => 330],
    ['America/New_York', '2026-11-23T05:00:00Z', () => -300],
    ['Europe/Berlin', '2026-03-23T00:00:00Z', berlinOffset], // the week of the spring change
    ['Europe/Berlin', '2026-10-19T00:00:00Z', berlinOffset], // the week of the autumn change
  ];
  for (const [zone, from, offset] of sweeps) {
    test(`${zone}, the week from ${from}`, () => {
      const wrong: string[] = [];
      const start = Date.parse(from);
      for (let t = start; t < start + (WEEK + 120) * MIN; t += MIN) {
        const local = referenceMinute(t + offset(t) * MIN);
        const instant = new Date(t);
        const minute = localWeekMinute(instant, zone);
        const open = isOpenAt(periods, zone, instant);
        if (minute !== local || open !== referenceOpen(local)) {
          wrong.push(`${instant.toISOString()}: minute ${minute} (want ${local}), open ${open}`);
        }
      }
      assert.deepEqual(wrong.slice(0, 5), []);
    });
  }
});
