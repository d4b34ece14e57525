import { describe, expect, it } from '@jest/globals';
import { shownContestantName, shownName, WITHHELD } from './name-policy.js';

describe('name policy', () => {
  it('shows full names, initials or nothing', () => {
    expect(shownName('Ann Lee-Smith', 'FULL')).toBe('Ann Lee-Smith');
    expect(shownName('Ann Lee-Smith', 'INITIALS')).toBe('A. L.');
    expect(shownName('  ann   de  wit ', 'INITIALS')).toBe('A. D. W.');
    expect(shownName('Ann Lee', 'HIDDEN')).toBe(WITHHELD);
  });

  it('masks a Chinese name after its family name', () => {
    expect(shownName('王小明', 'INITIALS')).toBe('王**');
    expect(shownName('欧阳娜娜', 'INITIALS')).toBe('欧***');
  });

  it('rebuilds a pair name made of its players, keeps a chosen one unless names are hidden', () => {
    const pair = { name: 'Ann Lee & Bo Chan', number: 3, players: [{ name: 'Ann Lee' }, { name: 'Bo Chan' }] };
    expect(shownContestantName(pair, ['A. L.', 'B. C.'], 'INITIALS', 'Pair')).toBe('A. L. & B. C.');
    expect(shownContestantName(pair, [WITHHELD, WITHHELD], 'HIDDEN', 'Pair')).toBe('Pair 3');
    const team = { name: 'Sevens', number: 2, players: [{ name: 'Ann Lee' }] };
    expect(shownContestantName(team, ['A. L.'], 'INITIALS', 'Team')).toBe('Sevens');
    expect(shownContestantName(team, [WITHHELD], 'HIDDEN', 'Team')).toBe('Team 2');
  });
});
