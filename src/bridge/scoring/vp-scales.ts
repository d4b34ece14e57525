import { Fraction, frac } from '../fraction.js';
import { discreteVictoryPoints, discreteWbfVictoryPoints, victoryPoints, type VictoryPoints } from '../victory-points.js';
import type { ScoringRules } from './rules.js';

/**
 * The event's VP scale (DOMAIN §5): WBF 2013 continuous (20), its whole-VP form, the same curve
 * scaled to 25 or 30 VPs, or a table the organiser gives as data.
 */
export function scaleMaximum(rules: ScoringRules): number {
  switch (rules.vpScale) {
    case 'VP_25':
      return 25;
    case 'VP_30':
      return 30;
    case 'CUSTOM':
      return Math.max(...rules.customVpScale!.ranges.flatMap((r) => r.steps.map((s) => s.winner + 0)), 0);
    default:
      return 20;
  }
}

/** A team's VPs from its own IMP margin (negative when behind) over `boards` boards. */
export function sideVps(rules: ScoringRules, margin: Fraction, boards: number): Fraction {
  if (!boards) return Fraction.ZERO;
  const abs = Math.abs(margin.toNumber());
  const vp = scaleVps(rules, abs, boards);
  return Fraction.parse((margin.compare(Fraction.ZERO) >= 0 ? vp.winner : vp.loser).toFixed(2));
}

function scaleVps(rules: ScoringRules, margin: number, boards: number): VictoryPoints {
  switch (rules.vpScale) {
    case 'WBF_2013_DISCRETE':
      return discreteWbfVictoryPoints(margin, boards);
    case 'VP_25':
      return victoryPoints(margin, boards, rules.vpFractionalMargin, 25);
    case 'VP_30':
      return victoryPoints(margin, boards, rules.vpFractionalMargin, 30);
    case 'CUSTOM':
      return discreteVictoryPoints(rules.customVpScale!, margin, boards);
    default:
      return victoryPoints(margin, boards, rules.vpFractionalMargin);
  }
}

/** A bye's (or a forfeit's) fixed award: as set, else 60 % of the scale's maximum (12 of 20). */
export function fixedAward(rules: ScoringRules, vps: number | null): Fraction {
  return vps === null ? frac(scaleMaximum(rules) * 3, 5) : Fraction.parse(String(vps));
}
