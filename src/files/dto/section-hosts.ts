import { isId } from '../../common/id.js';
import { Field, ID, InputType } from '@nestjs/graphql';
import { IsUUID, Matches } from 'class-validator';
import { BadInputError } from '../../common/errors.js';
import { SectionLetter } from '../../common/validation.js';

const LETTER = /^[A-Z0-9]{1,4}$/;

@InputType({ description: 'Simultaneous events: the club that runs one of the file’s sections' })
export class SectionHostInput {
  @Field({ description: 'The section letter as the file writes it' }) @SectionLetter() @Matches(LETTER, { message: 'section must be a section letter' }) section: string;
  @Field(() => ID, { description: 'The host club (a member of the owning federation, or invited)' }) @IsUUID() organizationId: string;
}

/** Hosts by letter; a letter named twice is refused. */
export function hostsByLetter(hosts: SectionHostInput[] | undefined): Record<string, string> | undefined {
  if (!hosts?.length) return undefined;
  const byLetter: Record<string, string> = {};
  for (const [i, h] of hosts.entries()) {
    if (h.section in byLetter) throw new BadInputError(`Section ${h.section} is given two hosts`, [`hosts.${i}.section`]);
    byLetter[h.section] = h.organizationId;
  }
  return byLetter;
}

/** The REST form, `hosts=A:<club id>,B:<club id>`. */
export function parseHostsQuery(value: unknown): Record<string, string> | undefined {
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'string') throw new BadInputError('hosts is given once, as A:<club id>,B:<club id>', ['hosts']);
  return hostsByLetter(
    value.split(',').map((pair) => {
      const [letter, id] = pair.split(':').map((part) => part?.trim() ?? '');
      if (!LETTER.test(letter.toUpperCase()) || !isId(id)) throw new BadInputError(`hosts: "${pair}" is not a section letter and a club id (A:<club id>)`, ['hosts']);
      return { section: letter.toUpperCase(), organizationId: id };
    }),
  );
}
