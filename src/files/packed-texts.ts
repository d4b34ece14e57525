import { Turn } from '../common/turns.js';
import type { WrittenContestants } from '../rankings/event-data.js';

/**
 * A column of texts (some null) as the UTF-8 bytes of all of them and where each ends: what crosses
 * from the reading thread to the service's. A national file's new contestants and seats are
 * ~260,000 texts (ids, names, member numbers); as arrays, their structured copy was taken apart on
 * the service's thread in one piece, ~40–60 ms (measured: 67–154 ms to copy them whole, against
 * 18–54 ms as one string a column) during which /health and every read waited. Bytes are moved,
 * not copied; each column is decoded in one call (~1 ms a megabyte) and its texts cut out in turns
 * (`unpackTexts`).
 */
export interface PackedTexts {
  /** The texts one after the other, in UTF-8. */
  bytes: Uint8Array;
  /** Where text i ends in the decoded string, in UTF-16 code units (it starts where text i − 1 ends). */
  ends: Int32Array;
  /** 1 where text i is null. */
  nulls: Uint8Array;
}

const utf8 = new TextEncoder();
const fromUtf8 = new TextDecoder();

export function packTexts(values: readonly (string | null)[]): PackedTexts {
  const ends = new Int32Array(values.length);
  const nulls = new Uint8Array(values.length);
  let end = 0;
  values.forEach((value, i) => {
    if (value === null) nulls[i] = 1;
    else end += value.length;
    ends[i] = end;
  });
  return { bytes: utf8.encode(values.join('')), ends, nulls };
}

/** The texts again, cut out a slice at a time with the event loop free in between (see Turn). */
export async function unpackTexts(packed: PackedTexts, turn: Turn): Promise<(string | null)[]> {
  const values = new Array<string | null>(packed.ends.length);
  const text = fromUtf8.decode(packed.bytes);
  for (let i = 0, start = 0; i < values.length; i++) {
    if (turn.over()) await turn.next();
    values[i] = packed.nulls[i] ? null : text.slice(start, packed.ends[i]);
    start = packed.ends[i];
  }
  return values;
}

/** New contestants and seats as they cross threads: each text column packed, each number column a typed array. */
export interface PackedContestants {
  eventId: string;
  organizationId: string | null;
  ids: PackedTexts;
  sections: PackedTexts;
  numbers: Int32Array;
  directions: PackedTexts;
  names: PackedTexts;
  seats: { contestantIds: PackedTexts; positions: Int32Array; playerIds: PackedTexts; names: PackedTexts; memberNumbers: PackedTexts };
  storedPlayers: string[];
}

export function packContestants(w: WrittenContestants): PackedContestants {
  const { seats } = w;
  return {
    eventId: w.eventId,
    organizationId: w.organizationId,
    ids: packTexts(w.ids),
    sections: packTexts(w.sections),
    numbers: Int32Array.from(w.numbers),
    directions: packTexts(w.directions),
    names: packTexts(w.names),
    seats: { contestantIds: packTexts(seats.contestantIds), positions: Int32Array.from(seats.positions), playerIds: packTexts(seats.playerIds), names: packTexts(seats.names), memberNumbers: packTexts(seats.memberNumbers) },
    storedPlayers: w.storedPlayers,
  };
}

export async function unpackContestants(p: PackedContestants): Promise<WrittenContestants> {
  const turn = new Turn();
  const texts = (packed: PackedTexts) => unpackTexts(packed, turn);
  const strings = async (packed: PackedTexts) => (await texts(packed)) as string[];
  return {
    eventId: p.eventId,
    organizationId: p.organizationId,
    ids: await strings(p.ids),
    sections: await texts(p.sections),
    numbers: Array.from(p.numbers),
    directions: await texts(p.directions),
    names: await strings(p.names),
    seats: {
      contestantIds: await strings(p.seats.contestantIds),
      positions: Array.from(p.seats.positions),
      playerIds: await strings(p.seats.playerIds),
      names: await strings(p.seats.names),
      memberNumbers: await texts(p.seats.memberNumbers),
    },
    storedPlayers: p.storedPlayers,
  };
}

/** The typed arrays of packed contestants, to move rather than copy. */
export function packedBuffers(p: PackedContestants): ArrayBuffer[] {
  const columns = [p.ids, p.sections, p.directions, p.names, p.seats.contestantIds, p.seats.playerIds, p.seats.names, p.seats.memberNumbers];
  return [...columns.flatMap((c) => [c.bytes.buffer, c.ends.buffer, c.nulls.buffer]), p.numbers.buffer, p.seats.positions.buffer] as ArrayBuffer[];
}
