import { Injectable } from '@nestjs/common';
import { BadInputError, ConflictError, NotFoundError } from '../common/errors.js';
import { PrismaService, type PrismaTx } from '../database/prisma.service.js';
import type { Contestant as ContestantRow, Player, Prisma } from '../generated/prisma/client.js';
import type { Principal } from '../auth/principal.js';
import { PlayerPrivacy } from '../players/player-privacy.service.js';
import { boundWholeList } from '../common/row-budget.js';
import type { AddContestantsInput, ContestantInput, ContestantPlayerInput, UpdateContestantInput } from './dto/contestant.inputs.js';
import type { Contestant } from './models/contestant.model.js';

const withPlayers = { players: { include: { player: true }, orderBy: { position: 'asc' as const } } };
type Loaded = ContestantRow & { players: { player: Player }[] };

const toContestant = (row: Loaded): Contestant => ({ ...row, players: row.players.map((p) => p.player) });
/** "A NS 3", "NS 3", "A 3" or "3": how a director names a contestant. */
export const contestantLabel = (c: { section?: string | null; number: number; direction?: string | null }) =>
  [c.section, c.direction, c.number].filter((part) => part !== null && part !== undefined).join(' ');
const sameSeat = (a: ContestantInput, b: ContestantRow) =>
  a.number === b.number && (a.direction ?? null) === (b.direction ?? null) && (a.section ?? null) === (b.section ?? null);

/** The most contestants Event.contestants and Session.contestants answer without a section named. */
export const MAX_WHOLE_CONTESTANTS = 5_000;

@Injectable()
export class ContestantsService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly privacy: PlayerPrivacy,
  ) {}

  async get(id: string): Promise<Contestant> {
    const row = await this.prisma.contestant.findUnique({ where: { id }, include: withPlayers });
    if (!row) throw new NotFoundError('Contestant', id, 'id');
    return toContestant(row);
  }

  /**
   * The contestants a client lists: the event's, or one section's (and those numbered across the
   * event). A whole list of more than MAX_WHOLE_CONTESTANTS is refused: a national field's 20,000
   * pairs in one answer ran the service's heap out and stopped it.
   */
  async listed(eventId: string, section?: string): Promise<Contestant[]> {
    if (section) return this.found({ eventId, OR: [{ section: { equals: section, mode: 'insensitive' } }, { section: null }] });
    const count = await this.prisma.contestant.count({ where: { eventId } });
    boundWholeList(count, MAX_WHOLE_CONTESTANTS, { subject: 'This event has', unit: 'contestants', instead: 'name one section (contestants(section: "A")), or read them with their places a page at a time (sessionRankingPage)', field: 'section' });
    return this.ofEvent(eventId);
  }

  /** The event's contestants; with `sections`, only theirs and those of no section (a page about a few pairs of a national field needs their sections', not 20,000). */
  ofEvent(eventId: string, sections?: string[]): Promise<Contestant[]> {
    return this.found({ eventId, ...(sections ? { OR: [{ section: { in: sections } }, { section: null }] } : {}) });
  }

  private async found(where: Prisma.ContestantWhereInput): Promise<Contestant[]> {
    const rows = await this.prisma.contestant.findMany({
      where,
      include: withPlayers,
      orderBy: [{ section: { sort: 'asc', nulls: 'first' } }, { direction: { sort: 'asc', nulls: 'first' } }, { number: 'asc' }],
    });
    return rows.map(toContestant);
  }

  /**
   * Enters contestants (and their new players) in one transaction: all of them or none. `reader`
   * is the key entering them: its players are found in, and added to, a register it reads in full.
   */
  add(input: AddContestantsInput, reader: Principal | null): Promise<Contestant[]> {
    checkNoRepeats(input.contestants);
    return this.prisma.$transaction(async (tx) => {
      const event = await tx.event.findUnique({ where: { id: input.eventId } });
      if (!event) throw new NotFoundError('Event', input.eventId, 'eventId');
      await checkNumbersFree(tx, event.id, input.contestants);
      const register = (await this.privacy.inReach(event.organizationId, reader)) ? event.organizationId : (reader?.organizationId ?? null);
      const created: Contestant[] = [];
      for (const [i, c] of input.contestants.entries()) {
        const players = await resolvePlayers(tx, register, c.players ?? [], `contestants.${i}.players`);
        const row = await tx.contestant.create({
          data: {
            eventId: event.id,
            section: c.section ?? null,
            number: c.number,
            direction: c.direction ?? null,
            name: c.name ?? (players.map((p) => p.name).join(' & ') || `Pair ${contestantLabel(c)}`),
            players: { create: players.map((p, position) => ({ playerId: p.id, position: position + 1 })) },
          },
          include: withPlayers,
        });
        created.push(toContestant(row));
      }
      return created;
    });
  }

  /**
   * A name given by a key that cannot read every player in full is kept as a chosen name even when
   * it equals their names: shown through their privacy, it would confirm a guess.
   */
  async update(id: string, input: UpdateContestantInput, writer: Principal | null): Promise<Contestant> {
    const current = await this.get(id);
    const nameChosen = input.name === undefined ? undefined : !(await this.privacy.readsAll(current.players, writer));
    const row = await this.prisma.contestant.update({ where: { id }, data: { ...input, nameChosen }, include: withPlayers });
    return toContestant(row);
  }
}

function checkNoRepeats(contestants: ContestantInput[]): void {
  const seen = new Set<string>();
  contestants.forEach((c, i) => {
    const key = contestantLabel(c);
    if (seen.has(key)) throw new BadInputError(`Pair ${key} is given twice in this request`, [`contestants.${i}.number`]);
    seen.add(key);
  });
}

async function checkNumbersFree(tx: PrismaTx, eventId: string, contestants: ContestantInput[]): Promise<void> {
  const existing = await tx.contestant.findMany({
    where: { eventId, number: { in: contestants.map((c) => c.number) } },
  });
  const clash = contestants.findIndex((c) => existing.some((e) => sameSeat(c, e)));
  if (clash >= 0) {
    const c = contestants[clash];
    const holder = existing.find((e) => sameSeat(c, e));
    throw new ConflictError(`Number ${contestantLabel(c)} is already entered in this event (${holder?.name})`, [
      `contestants.${clash}.number`,
    ]);
  }
}

/**
 * Existing players of the register (an organisation's players) by id or member number; anyone else
 * is created in it. The register is the event's organisation's for the keys that read its players
 * in full (its own, its federation's, a global admin), and the key's own club's for a club hosting a
 * section (a simultaneous): finding a player in a register it may not read would tell it what the
 * name policy withholds — that a member number is taken, whose a player id is, and, through a pair
 * name made of the players' names, whether a guessed name is right. A federation totals its clubs'
 * players by member number, so a host club's players keep theirs.
 */
async function resolvePlayers(tx: PrismaTx, organizationId: string | null, inputs: ContestantPlayerInput[], field: string): Promise<Player[]> {
  const players: Player[] = [];
  for (const [i, p] of inputs.entries()) {
    if (p.playerId) {
      const found = await tx.player.findUnique({ where: { id: p.playerId } });
      // A player of another register is not ours to enter: answered as if it did not exist.
      if (!found || found.organizationId !== organizationId) throw new NotFoundError('Player', p.playerId, `${field}.${i}.playerId`);
      players.push(found);
      continue;
    }
    if (!p.name && !p.memberNumber) throw new BadInputError('A player needs a playerId, a name or a member number', [`${field}.${i}`]);
    const known = p.memberNumber ? await tx.player.findFirst({ where: { organizationId, memberNumber: p.memberNumber } }) : null;
    if (known) {
      players.push(known);
    } else if (!p.name) {
      throw new NotFoundError('Player with member number', p.memberNumber ?? '', `${field}.${i}.memberNumber`);
    } else {
      players.push(await tx.player.create({ data: { name: p.name, memberNumber: p.memberNumber, organizationId } }));
    }
  }
  return players;
}
