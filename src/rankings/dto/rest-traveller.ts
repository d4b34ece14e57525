import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, IsUUID, Max, Min } from 'class-validator';
import { TravellerLineBody } from '../../results/dto/rest-responses.js';
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

export class TravellerPageBody {
  @ApiProperty({ description: 'Lines matching the filters, over all pages (0 while the director hides the travellers from the reader)' }) totalCount: number;
  @ApiProperty({ description: 'True when another page follows: ask again with `after=endCursor`' }) hasNextPage: boolean;
  @ApiProperty({ type: String, nullable: true }) endCursor: string | null;
  @ApiProperty({ type: [TravellerLineBody] }) lines: TravellerLineBody[];
}
