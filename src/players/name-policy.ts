/**
 * How a player's name shows to readers outside the player's club and its federation (GDPR art. 5
 * data minimisation; PIPL art. 6 — each organisation chooses what it publishes). Pure functions.
 */
export type NamePolicy = 'FULL' | 'INITIALS' | 'HIDDEN';

/** What a hidden name shows as. */
export const WITHHELD = '(withheld)';

/** Han, Hiragana, Katakana, Hangul: names written without spaces, the family name first. */
const CJK = /[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af\uf900-\ufaff]/u;

/**
 * The name as the policy publishes it. INITIALS: "Ann Lee-Smith" → "A. L.", and a CJK name keeps
 * its first character and masks the rest ("王小明" → "王**"), as Chinese results lists do.
 */
export function shownName(name: string, policy: NamePolicy): string {
  if (policy === 'FULL') return name;
  if (policy === 'HIDDEN') return WITHHELD;
  const trimmed = name.trim();
  if (!trimmed) return trimmed;
  if (CJK.test(trimmed) && !/\s/.test(trimmed)) {
    const chars = [...trimmed];
    return chars[0] + '*'.repeat(chars.length - 1);
  }
  return trimmed
    .split(/\s+/)
    .map((word) => `${[...word][0].toUpperCase()}.`)
    .join(' ');
}

/**
 * A contestant's name for a reader outside: a name made of its players' names (how pairs are named
 * when no pair name is given) is made again of the names as they show; a chosen pair or team name
 * (and one given by a key that could not read the players in full, whatever it says) stays, unless the event's organisation hides names, when it becomes its number.
 */
export function shownContestantName(
  contestant: { name: string; number: number; nameChosen?: boolean; players: { name: string }[] },
  shownPlayers: string[],
  eventPolicy: NamePolicy,
  label: string,
): string {
  const fromPlayers = !contestant.nameChosen && contestant.players.length > 0 && contestant.name === contestant.players.map((p) => p.name).join(' & ');
  if (fromPlayers) return shownPlayers.every((n) => n === WITHHELD) ? `${label} ${contestant.number}` : shownPlayers.join(' & ');
  if (eventPolicy === 'HIDDEN') return `${label} ${contestant.number}`;
  return contestant.name;
}
