import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { ChangeBatch } from './change-batch.js';

describe('a live stream’s changes, sent at most once a second', () => {
  beforeEach(() => {
    jest.useFakeTimers({ now: 10_250 });
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  it('sends the changes of one second as one, at the clock’s next whole second, boards once each in order', () => {
    const sent: number[][] = [];
    const batch = new ChangeBatch((boards) => sent.push(boards));
    batch.add([7]);
    jest.advanceTimersByTime(300);
    batch.add([2, 7]);
    batch.add([5]);
    jest.advanceTimersByTime(449);
    expect(sent).toEqual([]);
    jest.advanceTimersByTime(1); // 11,000: a whole second
    expect(sent).toEqual([[2, 5, 7]]);
    batch.add([3]);
    jest.advanceTimersByTime(999);
    expect(sent).toEqual([[2, 5, 7]]);
    jest.advanceTimersByTime(1);
    expect(sent).toEqual([[2, 5, 7], [3]]);
  });

  it('names no board once any change was a whole rescoring, then starts afresh', () => {
    const sent: number[][] = [];
    const batch = new ChangeBatch((boards) => sent.push(boards));
    batch.add([4]);
    batch.add([]);
    jest.advanceTimersByTime(1_000);
    batch.add([9]);
    jest.advanceTimersByTime(1_000);
    expect(sent).toEqual([[], [9]]);
  });

  it('sends nothing while nothing changed, nor after it is closed', () => {
    const sent: number[][] = [];
    const batch = new ChangeBatch((boards) => sent.push(boards));
    jest.advanceTimersByTime(5_000);
    batch.add([1]);
    batch.close();
    jest.advanceTimersByTime(5_000);
    expect(sent).toEqual([]);
  });
});
