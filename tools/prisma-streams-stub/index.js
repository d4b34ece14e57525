// Loaded only by `prisma dev`, which Traveller does not use (docs/ARCHITECTURE.md, "Node version").
throw new Error('`prisma dev` is not available in Traveller: it needs Node >= 22 (run PostgreSQL instead).');
