export * from './movement.js';
export * from './mitchell.js';
export * from './howell.js';
export * from './round-robin.js';
export * from './check.js';
export * from './validate-line.js';
export * from './generate.js';
