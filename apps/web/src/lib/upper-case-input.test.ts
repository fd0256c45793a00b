import type { ChangeEvent } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { upperCased, upperCaseInput } from './upper-case-input';

/** Just the parts of an <input> the helper touches (the web unit tests run without a DOM). */
function fakeInput(value: string, caret: number) {
  const input = {
    value,
    selectionStart: caret as number | null,
    selectionEnd: caret as number | null,
    setSelectionRange: vi.fn((start: number, end: number) => {
      input.selectionStart = start;
      input.selectionEnd = end;
    }),
  };
  return { input, event: { target: input } as unknown as ChangeEvent<HTMLInputElement> };
}

describe('upperCaseInput', () => {
  it('upper-cases what was typed and keeps the caret where it was', () => {
    const { input, event } = fakeInput('SOMcHAI', 4);
    upperCaseInput(event);
    expect(input.value).toBe('SOMCHAI');
    expect(input.setSelectionRange).toHaveBeenCalledWith(4, 4);
  });

  it('leaves Thai text and its caret alone', () => {
    const { input, event } = fakeInput('สมชาย', 2);
    upperCaseInput(event);
    expect(input.value).toBe('สมชาย');
    expect(input.setSelectionRange).not.toHaveBeenCalled();
  });
});

describe('upperCased', () => {
  it('upper-cases before the form library reads the value', () => {
    const seen: string[] = [];
    const registration = upperCased({ name: 'firstName', onChange: (e: ChangeEvent<HTMLInputElement>) => seen.push(e.target.value) });
    registration.onChange(fakeInput('somchai', 7).event);
    expect(seen).toEqual(['SOMCHAI']);
    expect(registration.name).toBe('firstName');
  });
});
