import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, IsUUID, Max, Min } from 'class-validator';
import type { Page } from '../../common/pagination.js';
import type { RankingEntry } from '../models/ranking.model.js';
import { IsSectionFilter } from './ranking-page.args.js';

/** The query string of a REST ranking page: the same filters as sessionRankingPage/eventRankingPage. */
export class RankingPageQuery {
  @IsOptional() @Type(() => Number) @IsInt({ message: 'first must be a whole number' }) @Min(1) @Max(100) first?: number;
  @IsOptional() @IsString() after?: string;
  @IsOptional() @IsIn(['NS', 'EW'], { message: 'direction must be NS or EW' }) direction?: 'NS' | 'EW';
  @IsOptional() @IsSectionFilter() section?: string;
  @IsOptional() @IsUUID(undefined, { message: 'organizationId must be a UUID' }) organizationId?: string;
}

/** The @ApiQuery declarations of a ranking page (the guard refuses any other parameter). */
export const RANKING_QUERY = [
  { name: 'first', required: false, type: Number, description: 'Page size, 1–100 (default 20)' },
  { name: 'after', required: false, type: String, description: '`endCursor` of the previous page' },
  { name: 'direction', required: false, enum: ['NS', 'EW'], description: 'One field of a two-winner Mitchell' },
  { name: 'section', required: false, type: String, description: 'Only this section’s contestants, placed as in the whole field' },
  { name: 'organizationId', required: false, type: String, description: 'Simultaneous events: only the contestants of the sections this club runs, each with its club place' },
];

export class RankedPlayerBody {
  @ApiProperty({ example: 'Ann Smith' }) name: string;
  @ApiProperty({ type: String, nullable: true, example: 'EBU-1234' }) memberNumber: string | null;
}

export class RankedContestantBody {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ type: String, nullable: true, example: 'C', description: 'Section letter when pairs are numbered per section' }) section: string | null;
  @ApiProperty({ example: 2 }) number: number;
  @ApiProperty({ type: String, nullable: true, enum: ['NS', 'EW'], description: 'Home direction in a two-winner Mitchell' }) direction: string | null;
  @ApiProperty({ example: 'Ann Smith & Bo Jones' }) name: string;
  @ApiProperty({ type: [RankedPlayerBody] }) players: RankedPlayerBody[];
}

export class RankingClubBody {
  @ApiProperty({ format: 'uuid', description: 'The club hosting the contestant’s section' }) id: string;
  @ApiProperty({ example: 'South BC' }) name: string;
  @ApiProperty({ example: '2=', description: 'Place among the club’s contestants of the same field, in national order' }) place: string;
  @ApiProperty({ example: 2 }) rank: number;
}

export class RankingEntryBody {
  @ApiProperty({ example: '3=', description: 'Place in the whole (national) field' }) place: string;
  @ApiProperty({ example: 3 }) rank: number;
  @ApiProperty({ type: RankedContestantBody }) contestant: RankedContestantBody;
  @ApiProperty({ example: 29, description: 'Matchpoints (or IMPs, VPs), 2 decimals' }) score: number;
  @ApiProperty({ example: '29', description: 'The exact score' }) exactScore: string;
  @ApiProperty({ example: 'NS', description: 'The field the contestant is placed in ("" for one field)' }) field: string;
  @ApiProperty({ type: Number, nullable: true, example: 65.91 }) percentage: number | null;
  @ApiProperty({ example: 2 }) boardsPlayed: number;
  @ApiProperty({ type: Number, nullable: true, description: 'Law 90 penalties already taken off' }) penalty: number | null;
  @ApiProperty({ type: Number, nullable: true, description: 'A final’s carry-forward from its qualifying stage, included in the score; null when none' }) carriedForward: number | null;
  @ApiProperty({ description: 'False while the results are provisional' }) official: boolean;
  @ApiProperty({ enum: ['PROVISIONAL', 'OFFICIAL', 'FINAL'] }) standing: string;
  @ApiProperty({ type: RankingClubBody, nullable: true, description: 'Simultaneous events: the host club and the club place; null when the organiser runs the section' })
  club: RankingClubBody | null;
}

export class RankingPageBody {
  @ApiProperty({ description: 'Contestants matching the filters, over all pages' }) totalCount: number;
  @ApiProperty({ description: 'True when another page follows: ask again with `after=endCursor`' }) hasNextPage: boolean;
  @ApiProperty({ type: String, nullable: true }) endCursor: string | null;
  @ApiProperty({ type: [RankingEntryBody] }) entries: RankingEntryBody[];
}

/** An entry as REST answers it: players by name and member number only. */
export function entryBody(e: RankingEntry): RankingEntryBody {
  const { contestant, ...rest } = e;
  return { ...rest, contestant: { ...contestant, players: contestant.players.map((p) => ({ name: p.name, memberNumber: p.memberNumber ?? null })) } };
}

export function pageBody(page: Page<RankingEntry>): RankingPageBody {
  return { totalCount: page.totalCount, hasNextPage: page.pageInfo.hasNextPage, endCursor: page.pageInfo.endCursor, entries: page.nodes.map(entryBody) };
}
