import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, IsUUID, Max, Min } from 'class-validator';
import { IsSectionFilter } from './ranking-page.args.js';

/** The query string of a REST traveller page: the same filters as travellerPage. */
export class TravellerPageQuery {
  @IsOptional() @Type(() => Number) @IsInt({ message: 'first must be a whole number' }) @Min(1) @Max(100) first?: number;
  @IsOptional() @IsString() after?: string;
  @IsOptional() @IsSectionFilter() section?: string;
  @IsOptional() @IsUUID(undefined, { message: 'organizationId must be a UUID' }) organizationId?: string;
}

/** The @ApiQuery declarations of a traveller page (the guard refuses any other parameter). */
export const TRAVELLER_QUERY = [
  { name: 'first', required: false, type: Number, description: 'Page size, 1–100 (default 20)' },
  { name: 'after', required: false, type: String, description: '`endCursor` of the previous page' },
  { name: 'section', required: false, type: String, description: 'Only this section’s lines' },
  { name: 'organizationId', required: false, type: String, description: 'Simultaneous events: only the lines of the sections this club runs' },
];

export class TravellerLineBody {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ example: 'C' }) section: string;
  @ApiProperty({ example: 1 }) board: number;
  @ApiProperty({ type: Number, nullable: true }) round: number | null;
  @ApiProperty({ type: Number, nullable: true }) table: number | null;
  @ApiProperty({ example: 3 }) nsPair: number;
  @ApiProperty({ example: 4 }) ewPair: number;
  @ApiProperty({ type: String, nullable: true, description: 'As each club’s name policy lets the reader see it' }) nsName: string | null;
  @ApiProperty({ type: String, nullable: true }) ewName: string | null;
  @ApiProperty({ type: String, nullable: true, example: '4SX' }) contract: string | null;
  @ApiProperty({ type: String, nullable: true, enum: ['N', 'E', 'S', 'W'] }) declarer: string | null;
  @ApiProperty({ type: Number, nullable: true }) tricks: number | null;
  @ApiProperty({ type: String, nullable: true, example: '-1' }) result: string | null;
  @ApiProperty({ type: String, nullable: true, example: 'SK' }) lead: string | null;
  @ApiProperty({ enum: ['PLAYED', 'PASSED_OUT', 'ARTIFICIAL', 'ASSIGNED', 'NOT_PLAYED'] }) status: string;
  @ApiProperty({ type: Number, nullable: true, description: 'Law 77' }) nsScore: number | null;
  @ApiProperty({ type: Number, nullable: true }) nsMatchpoints: number | null;
  @ApiProperty({ type: Number, nullable: true }) ewMatchpoints: number | null;
  @ApiProperty({ type: Number, nullable: true }) nsPercentage: number | null;
  @ApiProperty({ type: Number, nullable: true }) ewPercentage: number | null;
  @ApiProperty({ type: Number, nullable: true }) nsImps: number | null;
  @ApiProperty({ type: Number, nullable: true }) ewImps: number | null;
  @ApiProperty({ type: String, nullable: true, example: 'A+/A− (Law 12C2)' }) adjustment: string | null;
  @ApiProperty({ type: String, nullable: true }) movementIssue: string | null;
  @ApiProperty({ example: 1 }) version: number;
}

export class TravellerPageBody {
  @ApiProperty({ description: 'Lines matching the filters, over all pages (0 while the director hides the travellers from the reader)' }) totalCount: number;
  @ApiProperty({ description: 'True when another page follows: ask again with `after=endCursor`' }) hasNextPage: boolean;
  @ApiProperty({ type: String, nullable: true }) endCursor: string | null;
  @ApiProperty({ type: [TravellerLineBody] }) lines: TravellerLineBody[];
}
