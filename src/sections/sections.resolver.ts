import { Args, Mutation, Parent, Query, ResolveField, Resolver } from '@nestjs/graphql';
import { IdArg } from '../common/id.js';
import { Session } from '../sessions/models/session.model.js';
import { SessionsService } from '../sessions/sessions.service.js';
import { CreateSectionInput, UpdateSectionInput } from './dto/section.inputs.js';
import { Section } from './models/section.model.js';
import { SectionsService } from './sections.service.js';

@Resolver(() => Section)
export class SectionsResolver {
  constructor(
    private readonly sectionsService: SectionsService,
    private readonly sessionsService: SessionsService,
  ) {}

  @Query(() => Section)
  section(@IdArg() id: string) {
    return this.sectionsService.get(id);
  }

  @Mutation(() => Section)
  createSection(@Args('input') input: CreateSectionInput) {
    return this.sectionsService.create(input);
  }

  @Mutation(() => Section)
  updateSection(@IdArg() id: string, @Args('input') input: UpdateSectionInput) {
    return this.sectionsService.update(id, input);
  }

  @ResolveField(() => Session)
  session(@Parent() section: Section) {
    return this.sessionsService.get(section.sessionId);
  }
}

@Resolver(() => Session)
export class SessionSectionsResolver {
  constructor(private readonly sectionsService: SectionsService) {}

  @ResolveField(() => [Section], { description: 'By letter' })
  sections(@Parent() session: Session) {
    return this.sectionsService.ofSession(session.id);
  }
}
