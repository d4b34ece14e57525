import { orderedUuid } from '../database/ordered-uuid.js';
import { copyTuples, type BinaryColumn } from '../database/copy-binary.js';
import type { WrittenContestants } from '../rankings/event-data.js';
import type { PlannedContestant } from './import-plan.js';

/** What the transaction knows before a file's contestants are written. */
export interface ContestantTarget {
  eventId: string;
  organizationId: string | null;
  /** The event's contestants already entered: one with a planned contestant's section, number and direction is that contestant. */
  existing: { id: string; section: string | null; number: number; direction: string | null }[];
  /** The organisation's players by member number: a seat with a known number is that player. */
  knownPlayers: Map<string, string>;
}

/** A file's contestants as written: the planned ids that are an existing contestant's, and the new rows of each table. */
export interface ContestantRows {
  /** Planned id → the existing contestant's id; every other planned contestant is written under its own id. */
  existing: Map<string, string>;
  /** Contestant, Player and ContestantPlayer, in the order they are written: COPY binary tuples of `columns` (copyInto's 'binary'). */
  tables: { table: string; columns: string[]; copy: Uint8Array }[];
  /** The players already stored that the new seats name, each once (the seats' key to Player is checked on these: see bulk-load.ts). */
  seatedKnown: string[];
  /** The new contestants and the seats of the new players, for the scoring cache (not read back). */
  written: WrittenContestants;
}

const key = (c: { section: string | null; number: number; direction: string | null }) => `${c.section ?? ''}|${c.direction ?? ''}|${c.number}`;

/** `rows` of `table` as COPY binary tuples of `columns` (each with its column's type). */
function copyOf<R>(table: string, columns: (BinaryColumn<R> & { name: string })[], rows: R[]): ContestantRows['tables'][number] {
  return { table, columns: columns.map((c) => c.name), copy: copyTuples(columns, rows) };
}

/** The fresh contestants as columns, no seat yet (`seatOf` adds them). */
function writtenColumns(target: ContestantTarget, fresh: readonly PlannedContestant[]): WrittenContestants {
  return {
    eventId: target.eventId,
    organizationId: target.organizationId,
    ids: fresh.map((c) => c.id),
    sections: fresh.map((c) => c.section),
    numbers: fresh.map((c) => c.number),
    directions: fresh.map((c) => c.direction),
    names: fresh.map((c) => c.name),
    seats: { contestantIds: [], positions: [], playerIds: [], names: [], memberNumbers: [] },
    storedPlayers: [],
  };
}

function seatOf(written: WrittenContestants, contestantId: string, position: number, player: { id: string; name: string; memberNumber: string | null }): void {
  const { seats } = written;
  seats.contestantIds.push(contestantId);
  seats.positions.push(position);
  seats.playerIds.push(player.id);
  seats.names.push(player.name);
  seats.memberNumbers.push(player.memberNumber);
}

/** The distinct member numbers of the planned players (looked up before `contestantRows`). */
export const memberNumbers = (planned: readonly PlannedContestant[]): string[] => [...new Set(planned.flatMap((c) => c.players.map((p) => p.memberNumber)).filter((n): n is string => !!n))];

/**
 * The planned contestants the event does not have yet, with their players and seats, as COPY text
 * (pure but for new players' ids: runs where the file was read). A member number already known in
 * the organisation, or met earlier in the file, is the same person — the federation's view of
 * players; every other seat is a new player.
 */
export function contestantRows(planned: readonly PlannedContestant[], target: ContestantTarget): ContestantRows {
  const known = new Map(target.existing.map((c) => [key(c), c.id]));
  const existing = new Map<string, string>();
  const fresh = planned.filter((c) => {
    const id = known.get(key(c));
    if (id) existing.set(c.id, id);
    return !id;
  });
  const players = new Map(target.knownPlayers);
  type Created = { id: string; name: string; memberNumber: string | null };
  const created = new Map<string, Created>();
  const seats: { contestantId: string; playerId: string; position: number }[] = [];
  const seatedKnown = new Set<string>();
  const written = writtenColumns(target, fresh);
  for (const c of fresh) {
    c.players.forEach((p, i) => {
      let playerId = p.memberNumber ? players.get(p.memberNumber) : undefined;
      if (playerId && target.knownPlayers.get(p.memberNumber!) === playerId) seatedKnown.add(playerId);
      if (!playerId) {
        playerId = orderedUuid();
        created.set(playerId, { id: playerId, name: p.name, memberNumber: p.memberNumber });
        if (p.memberNumber) players.set(p.memberNumber, playerId);
      }
      seats.push({ contestantId: c.id, playerId, position: i + 1 });
      // A player the file created: as written (a member number met again is the first seat's player).
      const player = created.get(playerId);
      if (player) seatOf(written, c.id, i + 1, player);
    });
  }
  written.storedPlayers = [...seatedKnown];
  return {
    existing,
    seatedKnown: written.storedPlayers,
    written,
    tables: [
      copyOf('Contestant', [
        { name: 'id', type: 'uuid', value: (c: PlannedContestant) => c.id },
        { name: 'eventId', type: 'uuid', value: () => target.eventId },
        { name: 'section', type: 'text', value: (c) => c.section },
        { name: 'number', type: 'int4', value: (c) => c.number },
        { name: 'direction', type: 'text', value: (c) => c.direction },
        { name: 'name', type: 'text', value: (c) => c.name },
      ], fresh),
      copyOf('Player', [
        { name: 'id', type: 'uuid', value: (p: Created) => p.id },
        { name: 'name', type: 'text', value: (p) => p.name },
        { name: 'memberNumber', type: 'text', value: (p) => p.memberNumber },
        { name: 'organizationId', type: 'uuid', value: () => target.organizationId },
      ], [...created.values()]),
      copyOf('ContestantPlayer', [
        { name: 'contestantId', type: 'uuid', value: (s: (typeof seats)[number]) => s.contestantId },
        { name: 'playerId', type: 'uuid', value: (s) => s.playerId },
        { name: 'position', type: 'int4', value: (s) => s.position },
      ], seats),
    ],
  };
}
