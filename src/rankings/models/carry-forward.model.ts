import { Field, ID, ObjectType } from '@nestjs/graphql';
import { Event } from '../../events/models/event.model.js';

@ObjectType({ description: 'The final after setCarryForward, and who carries nothing' })
export class CarryForwardReport {
  @Field(() => Event, { description: 'The final, its rankings now counting the carry-forward' }) event: Event;
  @Field(() => [ID], { description: 'Contestants of the final found in no qualifying row (or in several): they carry nothing; pair them by hand with `pairs`' }) unmatched: string[];
}
