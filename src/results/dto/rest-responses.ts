import { ApiProperty } from '@nestjs/swagger';

/** A traveller line as REST answers it (the fields of GraphQL's TravellerLine). */
export class TravellerLineBody {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ example: 'A' }) section: string;
  @ApiProperty({ example: 5 }) board: number;
  @ApiProperty({ type: Number, nullable: true }) round: number | null;
  @ApiProperty({ type: Number, nullable: true }) table: number | null;
  @ApiProperty({ description: 'Contestant number sitting NS' }) nsPair: number;
  @ApiProperty({ description: 'Contestant number sitting EW' }) ewPair: number;
  @ApiProperty({ type: String, nullable: true, description: 'Name of the pair (or team) sitting NS' }) nsName: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'Name of the pair (or team) sitting EW' }) ewName: string | null;
  @ApiProperty({ type: String, nullable: true, example: '4HX', description: 'Canonical contract, or PASS' }) contract: string | null;
  @ApiProperty({ enum: ['N', 'E', 'S', 'W'], nullable: true }) declarer: string | null;
  @ApiProperty({ type: Number, nullable: true, description: 'Tricks taken by declarer' }) tricks: number | null;
  @ApiProperty({ type: String, nullable: true, example: '-2', description: 'Relative result' }) result: string | null;
  @ApiProperty({ type: String, nullable: true, example: 'SA' }) lead: string | null;
  @ApiProperty({ enum: ['PLAYED', 'PASSED_OUT', 'ARTIFICIAL', 'ASSIGNED', 'NOT_PLAYED'] }) status: string;
  @ApiProperty({ type: Number, nullable: true, example: -300, description: 'Computed by Traveller (Law 77), from North–South’s side' }) nsScore: number | null;
  @ApiProperty({ type: Number, nullable: true }) nsMatchpoints: number | null;
  @ApiProperty({ type: Number, nullable: true }) ewMatchpoints: number | null;
  @ApiProperty({ type: Number, nullable: true }) nsPercentage: number | null;
  @ApiProperty({ type: Number, nullable: true }) ewPercentage: number | null;
  @ApiProperty({ type: Number, nullable: true }) nsImps: number | null;
  @ApiProperty({ type: Number, nullable: true }) ewImps: number | null;
  @ApiProperty({ type: String, nullable: true, description: 'Adjusted score as shown to players, with its Law' }) adjustment: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'Why the line does not fit the movement (Law 15), when accepted' }) movementIssue: string | null;
  @ApiProperty({ description: '1, then +1 for each correction' }) version: number;
}

/** The answer to one posted line. */
export class StoredLineBody {
  @ApiProperty({ type: TravellerLineBody }) line: TravellerLineBody;
  @ApiProperty({ description: 'False for an identical retry: nothing changed' }) created: boolean;
  @ApiProperty({ description: 'True when the post corrected a stored line' }) corrected: boolean;
}

/** The answer to `{ "lines": [...] }`: one entry per line, in order. */
export class StoredLinesBody {
  @ApiProperty({ type: [StoredLineBody] }) lines: StoredLineBody[];
}
