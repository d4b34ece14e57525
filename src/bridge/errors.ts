/**
 * Errors thrown by the pure core. The edge (GraphQL / REST) maps every DomainError to
 * BAD_USER_INPUT / HTTP 400, keeping `field` so a client can point at the offending input.
 */
export class DomainError extends Error {
  constructor(
    message: string,
    /** The input field the error is about (e.g. "contract", "tricks"), when there is one. */
    readonly field?: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** A contract or result string that cannot be a bridge contract or result ("8H", "5NTXXX", "-10" on 1C). */
export class InvalidContractError extends DomainError {}

/** A board number, deal or vulnerability that cannot exist (board 0, 53 cards …). */
export class InvalidBoardError extends DomainError {}

/** A scoring request that breaks the rules of the method (weights not summing to 1, unknown scale …). */
export class InvalidScoringError extends DomainError {}

/** A movement that cannot be built or is inconsistent (even Mitchell without skip/relay, bad rows …). */
export class InvalidMovementError extends DomainError {}
