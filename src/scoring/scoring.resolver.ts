import { Args, Float, Int, Query, Resolver } from '@nestjs/graphql';
import { boardInfo } from '../bridge/board.js';
import { formatContract, formatResult, parseContract } from '../bridge/contract.js';
import { InvalidBoardError, InvalidContractError } from '../bridge/errors.js';
import { impsForDifference } from '../bridge/imps.js';
import { contractScore } from '../bridge/score.js';
import { blitz, victoryPoints } from '../bridge/victory-points.js';
import { Seat, Vulnerability } from '../common/enums.js';
import { BoardInfo, ContractScore, VictoryPoints } from './models/scoring.models.js';

/** The Laws as a calculator: pure core functions behind GraphQL, no database. */
@Resolver()
export class ScoringResolver {
  @Query(() => ContractScore, { description: 'Law 77: the score of a contract by a declarer taking some tricks' })
  contractScore(
    @Args('contract') contractText: string,
    @Args('declarer', { type: () => Seat }) declarer: Seat,
    @Args('tricks', { type: () => Int, description: 'Tricks taken by declarer, 0–13' }) tricks: number,
    @Args('vulnerability', { type: () => Vulnerability }) vulnerability: Vulnerability,
  ): ContractScore {
    const contract = parseContract(contractText);
    if (contract === 'PASS') throw new InvalidContractError('A passed-out board scores 0 for both sides; give a bid contract', 'contract');
    const score = contractScore(contract, declarer, tricks, vulnerability);
    return { contract: formatContract(contract), tricks, result: formatResult(contract, tricks), ...score };
  }

  @Query(() => BoardInfo, { description: 'Law 2: dealer and vulnerability of a board number' })
  boardInfo(@Args('number', { type: () => Int }) number: number): BoardInfo {
    if (!Number.isInteger(number) || number < 1) {
      throw new InvalidBoardError(`Board number must be a whole number of at least 1, got ${number}`, 'number');
    }
    return { number, ...boardInfo(number) };
  }

  @Query(() => Int, { description: 'Law 78B: signed IMPs for a point difference' })
  imps(@Args('difference', { type: () => Int }) difference: number): number {
    return impsForDifference(difference);
  }

  @Query(() => VictoryPoints, { description: 'WBF 2013 continuous 20-point scale; margin is the absolute IMP margin' })
  victoryPoints(
    @Args('margin', { type: () => Float }) margin: number,
    @Args('boards', { type: () => Int }) boards: number,
  ): VictoryPoints {
    return { ...victoryPoints(margin, boards), blitz: Math.round(blitz(boards) * 100) / 100 };
  }
}
