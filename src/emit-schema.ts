import 'reflect-metadata';
import { writeFileSync } from 'node:fs';
import { NestFactory } from '@nestjs/core';
import { GraphQLSchemaHost } from '@nestjs/graphql';
import { printSchema } from 'graphql';
import { AppModule } from './app.module.js';

/** `npm run schema:gql`: writes the GraphQL schema clients build on to schema.gql (committed). */
process.env.DATABASE_URL ??= 'postgresql://unused@127.0.0.1:1/unused'; // the schema needs no database
const app = await NestFactory.create(AppModule, { logger: false });
await app.init();
writeFileSync('schema.gql', printSchema(app.get(GraphQLSchemaHost).schema) + '\n');
await app.close();
console.log('Wrote schema.gql');
