import { Args, Mutation, Query, Resolver } from '@nestjs/graphql';
import { CurrentPrincipal } from '../auth/actor.decorator.js';
import type { Principal } from '../auth/principal.js';
import { Requires } from '../auth/requires.decorator.js';
import { IdArg } from '../common/id.js';
import { ContentEncoding, ImportFileInput } from './dto/import-file.input.js';
import { hostsByLetter } from './dto/section-hosts.js';
import { ExportService } from './export.service.js';
import { ImportService } from './import.service.js';
import { EventLifecycle } from '../events/event-lifecycle.service.js';
import { ExportFormat, ExportedFileModel, ImportReportModel } from './models/import-report.model.js';
import { reportModel } from './report-model.js';

/** An import writes into the event named, or makes a new one in the caller's organisation. */
export const intoEvent = (eventId: unknown) => (eventId ? { kind: 'event' as const, id: eventId } : { kind: 'ownOrganization' as const, organizationId: undefined });

@Resolver()
export class FilesResolver {
  constructor(
    private readonly imports: ImportService,
    private readonly exports: ExportService,
    private readonly lifecycle: EventLifecycle,
  ) {}

  @Mutation(() => ImportReportModel, { description: 'Imports a PBN, USEBIO, BWS or travellers CSV file; every figure is recomputed and compared with the file’s' })
  @Requires('DIRECTOR', (a) => intoEvent(a.input?.eventId), 'Importing a file')
  async importEvent(@Args('input') input: ImportFileInput, @CurrentPrincipal() principal: Principal) {
    const file = Buffer.from(input.content, input.encoding === ContentEncoding.BASE64 ? 'base64' : 'utf8');
    const options = { dryRun: input.dryRun ?? false, override: input.override ?? false, fileName: input.fileName };
    const target = { eventId: input.eventId, organizationId: principal.organizationId, hosts: hostsByLetter(input.hosts) };
    return reportModel(await this.imports.import(input.format, file, target, principal.label, options));
  }

  @Query(() => ExportedFileModel, { description: 'An event as PBN, USEBIO or CSV, with Traveller’s figures, in one answer: an export with lines of an event larger than TRAVELLER_MAX_EXPORT_LINES (50,000 by default) is refused with BAD_USER_INPUT naming the REST route that streams it' })
  async exportEvent(@IdArg('eventId') eventId: string, @Args('format', { type: () => ExportFormat }) format: ExportFormat, @CurrentPrincipal() principal: Principal | null) {
    await this.lifecycle.check(eventId, principal);
    return this.exports.export(eventId, format, principal);
  }
}
