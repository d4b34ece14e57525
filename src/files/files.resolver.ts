import { Args, Mutation, Query, Resolver } from '@nestjs/graphql';
import { IdArg } from '../common/id.js';
import { ContentEncoding, ImportFileInput } from './dto/import-file.input.js';
import { ExportService } from './export.service.js';
import { ImportService } from './import.service.js';
import { ExportFormat, ExportedFileModel, ImportReportModel } from './models/import-report.model.js';
import { reportModel } from './report-model.js';

@Resolver()
export class FilesResolver {
  constructor(
    private readonly imports: ImportService,
    private readonly exports: ExportService,
  ) {}

  @Mutation(() => ImportReportModel, { description: 'Imports a PBN, USEBIO, BWS or travellers CSV file; every figure is recomputed and compared with the file’s' })
  async importEvent(@Args('input') input: ImportFileInput) {
    const file = Buffer.from(input.content, input.encoding === ContentEncoding.BASE64 ? 'base64' : 'utf8');
    return reportModel(await this.imports.import(input.format, file, { eventId: input.eventId }));
  }

  @Query(() => ExportedFileModel, { description: 'An event as PBN, USEBIO or CSV, with Traveller’s figures' })
  exportEvent(@IdArg('eventId') eventId: string, @Args('format', { type: () => ExportFormat }) format: ExportFormat) {
    return this.exports.export(eventId, format);
  }
}
