import { Module } from '@nestjs/common';
import { OrganizationsResolver } from './organizations.resolver.js';
import { OrganizationsService } from './organizations.service.js';

@Module({ providers: [OrganizationsService, OrganizationsResolver], exports: [OrganizationsService] })
export class OrganizationsModule {}
