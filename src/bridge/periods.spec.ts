import { describe, expect, it } from '@jest/globals';
import { appealPeriodOpen, correctionPeriodOpen, deadlinesFrom, nextStandingChange, resultsStanding, travellersHidden } from './periods.js';

describe('correction (Law 79C) and appeal (Law 92B) periods, DOMAIN §8.1–8.2', () => {
  const publishedAt = new Date('2026-11-22T21:00:00Z');
  const session = { publishedAt, ...deadlinesFrom(publishedAt, { correctionMinutes: 30, appealMinutes: 60 }) };
  const at = (hhmm: string) => new Date(`2026-11-22T${hhmm}:00Z`);

  it('runs each period from publication', () => {
    expect(session.correctionDeadline.toISOString()).toBe('2026-11-22T21:30:00.000Z');
    expect(session.appealDeadline.toISOString()).toBe('2026-11-22T22:00:00.000Z');
  });

  it.each([
    ['20:59', 'PROVISIONAL', true],
    ['21:10', 'OFFICIAL', true],
    ['21:30', 'OFFICIAL', true],
    ['21:31', 'OFFICIAL', false],
    ['22:01', 'FINAL', false],
  ])('at %s results are %s; corrections open: %s', (hhmm, standing, open) => {
    const now = at(hhmm);
    const s = now < publishedAt ? { publishedAt: null, correctionDeadline: null, appealDeadline: null } : session;
    expect(resultsStanding(s, now)).toBe(standing);
    expect(correctionPeriodOpen(s, now)).toBe(open);
  });

  it('knows when the standing changes by itself', () => {
    expect(nextStandingChange(session, at('21:10'))).toEqual(session.appealDeadline);
    expect(nextStandingChange(session, at('22:10'))).toBeNull();
  });

  it('keeps results OFFICIAL while an appeal lodged in time waits for its decision, and nothing changes by itself meanwhile', () => {
    const appealed = { ...session, pendingAppeals: 1 };
    expect(resultsStanding(appealed, at('23:30'))).toBe('OFFICIAL');
    expect(nextStandingChange(appealed, at('21:10'))).toBeNull();
    expect(resultsStanding({ ...session, pendingAppeals: 0 }, at('23:30'))).toBe('FINAL');
  });

  it.each([
    ['20:00', true],
    ['22:00', true],
    ['22:01', false],
  ])('takes an appeal at %s: %s (Law 92B; always before publication)', (hhmm, open) => {
    const now = at(hhmm);
    const s = now < publishedAt ? { publishedAt: null, appealDeadline: null } : session;
    expect(appealPeriodOpen(s, now)).toBe(open);
  });
});

describe('travellers hidden by the director', () => {
  const session = (hideTravellers: boolean, status: string, publishedAt: Date | null = null) => ({ hideTravellers, status, publishedAt });

  it('hides them only while the session is scheduled or in play, and only when asked', () => {
    expect(travellersHidden(session(true, 'SCHEDULED'))).toBe(true);
    expect(travellersHidden(session(true, 'IN_PROGRESS'))).toBe(true);
    expect(travellersHidden(session(false, 'IN_PROGRESS'))).toBe(false);
  });

  it('shows them once the session is completed or published', () => {
    expect(travellersHidden(session(true, 'COMPLETED'))).toBe(false);
    expect(travellersHidden(session(true, 'OFFICIAL', new Date()))).toBe(false);
    expect(travellersHidden(session(true, 'IN_PROGRESS', new Date()))).toBe(false);
  });
});
