import { describe, expect, it } from '@jest/globals';
import { PageContext } from '../page-context.js';
import { doubleDummyTable, handDiagram, type DoubleDummyView } from './hand-diagram.js';

const DEAL = 'N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432';
const en = new PageContext('en', false, '/x', 'http://h');
const zh = new PageContext('zh-CN', false, '/x', 'http://h');

describe('hand diagram', () => {
  it('shows four hands with named suits, the dealer and the vulnerability (Law 2)', () => {
    const out = handDiagram(en, { number: 2, dealer: 'E', vulnerability: 'NS', deal: DEAL }).value;
    expect(out.match(/class="hand hand-/g)).toHaveLength(4);
    expect(out).toContain('aria-label="spades">♠</span> A K Q J');
    expect(out).toContain('aria-label="clubs">♣</span> J 10 9');
    expect(out).toContain('Dealer: <strong>East</strong>');
    expect(out).toContain('Vulnerable: <strong>NS</strong>');
    // North and South are vulnerable: their names are marked.
    expect(out).toContain('<h3 class="seat vul">North');
    expect(out).toContain('<h3 class="seat">East');
  });

  it('marks a void for screen readers', () => {
    const out = handDiagram(en, { number: 1, dealer: 'N', vulnerability: 'NONE', deal: 'N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432' }).value;
    expect(out).toContain('<span class="vh">void</span>');
  });

  it('says so when the deal is unknown, in the reader’s language', () => {
    expect(handDiagram(zh, { number: 1, dealer: 'N', vulnerability: 'BOTH', deal: null }).value).toContain('本副牌的牌例未知。');
    expect(handDiagram(zh, { number: 1, dealer: 'N', vulnerability: 'BOTH', deal: null }).value).toContain('双方有局');
  });
});

describe('double-dummy table and par', () => {
  const dd: DoubleDummyView = {
    tricks: (['N', 'S', 'E', 'W'] as const).flatMap((declarer) => (['C', 'D', 'H', 'S', 'NT'] as const).map((strain) => ({ strain, declarer, tricks: declarer === 'N' || declarer === 'S' ? 13 : 0 }))),
    par: { nsScore: 1520, contracts: ['7NT-N', '7NT-S'] },
  };

  it('shows each declarer’s tricks in each strain, and the par', () => {
    const out = doubleDummyTable(en, dd).value;
    expect(out.match(/<td>13<\/td>/g)).toHaveLength(10);
    expect(out.match(/<td>0<\/td>/g)).toHaveLength(10);
    expect(out).toContain('Par score (NS): +1,520');
  });

  it('is left out when the board has none', () => {
    expect(doubleDummyTable(en, null).value).toBe('');
    expect(doubleDummyTable(en, undefined).value).toBe('');
  });
});
