import { Fraction } from './fraction.js';
import { placeByScore, type Placed } from './ranking.js';

/** One team's side of a played match: VPs and IMPs for and against. A bye or forfeit award has no opponent. */
export interface TeamMatch {
  team: string;
  opponent: string | null;
  vps: Fraction;
  impsFor: Fraction;
  impsAgainst: Fraction;
}

export type TieBreak = 'HEAD_TO_HEAD_VP' | 'HEAD_TO_HEAD_IMP' | 'IMP_QUOTIENT' | 'MATCHES_WON';

/** The usual order of DOMAIN §7 (EBU/WBF): the match between the tied teams, then IMP quotient, then wins. */
export const DEFAULT_TIE_BREAKS: TieBreak[] = ['HEAD_TO_HEAD_VP', 'HEAD_TO_HEAD_IMP', 'IMP_QUOTIENT', 'MATCHES_WON'];

export interface TeamStanding {
  team: string;
  vps: Fraction;
  impsFor: Fraction;
  impsAgainst: Fraction;
  won: number;
}

/**
 * Team standings by total VPs. Teams level on VPs are separated by the tie-breaks in order; teams
 * still level after all of them share the place ("3=").
 */
export function teamStandings(
  matches: readonly TeamMatch[],
  tieBreaks: TieBreak[] = DEFAULT_TIE_BREAKS,
  /** VPs taken off after all matches (Law 90 penalties), by team. */
  deductions: ReadonlyMap<string, Fraction> = new Map(),
  /** Teams not placed (disqualified, Law 91); their opponents keep what they scored against them. */
  excluded: ReadonlySet<string> = new Set(),
  /** The order of teams that share a place, as a results list shows them (their numbers); by default their ids. */
  listed: (team: string) => string = (team) => team,
): Placed<TeamStanding>[] {
  const table = new Map<string, TeamStanding>();
  for (const m of matches) {
    const s = table.get(m.team) ?? { team: m.team, vps: Fraction.ZERO, impsFor: Fraction.ZERO, impsAgainst: Fraction.ZERO, won: 0 };
    table.set(m.team, {
      ...s,
      vps: s.vps.add(m.vps),
      impsFor: s.impsFor.add(m.impsFor),
      impsAgainst: s.impsAgainst.add(m.impsAgainst),
      won: s.won + (m.opponent !== null && m.impsFor.compare(m.impsAgainst) > 0 ? 1 : 0),
    });
  }
  const standings = [...table.values()].filter((s) => !excluded.has(s.team)).map((s) => ({ ...s, vps: s.vps.sub(deductions.get(s.team) ?? Fraction.ZERO) }));
  // Group by VPs, order each group by the tie-breaks, then place: equal on everything = tied.
  const byVps = placeByScore(standings, (s) => s.vps, (s) => listed(s.team));
  const out: Placed<TeamStanding>[] = [];
  for (let i = 0; i < byVps.length; ) {
    let j = i;
    while (j + 1 < byVps.length && byVps[j + 1].item.vps.equals(byVps[i].item.vps)) j++;
    const group = byVps.slice(i, j + 1).map((p) => p.item);
    const keys = new Map(group.map((s) => [s.team, tieBreakKey(s, group, matches, tieBreaks)]));
    group.sort((a, b) => compareKeys(keys.get(b.team)!, keys.get(a.team)!) || (listed(a.team) < listed(b.team) ? -1 : listed(a.team) > listed(b.team) ? 1 : 0));
    for (let k = 0; k < group.length; ) {
      let l = k;
      while (l + 1 < group.length && compareKeys(keys.get(group[l + 1].team)!, keys.get(group[k].team)!) === 0) l++;
      for (let m = k; m <= l; m++) out.push({ item: group[m], rank: i + k + 1, place: `${i + k + 1}${l > k ? '=' : ''}` });
      k = l + 1;
    }
    i = j + 1;
  }
  return out;
}

function tieBreakKey(s: TeamStanding, group: TeamStanding[], matches: readonly TeamMatch[], tieBreaks: TieBreak[]): Fraction[] {
  const tied = new Set(group.map((g) => g.team));
  const headToHead = matches.filter((m) => m.team === s.team && m.opponent !== null && tied.has(m.opponent));
  return tieBreaks.map((t) => {
    switch (t) {
      case 'HEAD_TO_HEAD_VP':
        return headToHead.reduce((sum, m) => sum.add(m.vps), Fraction.ZERO);
      case 'HEAD_TO_HEAD_IMP':
        return headToHead.reduce((sum, m) => sum.add(m.impsFor).sub(m.impsAgainst), Fraction.ZERO);
      case 'IMP_QUOTIENT':
        // IMPs won ÷ IMPs lost; a team that lost no IMPs is above any finite quotient.
        return s.impsAgainst.isZero() ? Fraction.of(Number.MAX_SAFE_INTEGER) : s.impsFor.div(s.impsAgainst);
      case 'MATCHES_WON':
        return Fraction.of(s.won);
    }
  });
}

function compareKeys(a: Fraction[], b: Fraction[]): number {
  for (let i = 0; i < a.length; i++) {
    const c = a[i].compare(b[i]);
    if (c) return c;
  }
  return 0;
}
