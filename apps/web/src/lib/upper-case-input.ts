import type { ChangeEvent } from 'react';

/**
 * Upper-cases an input as the member types (docs/screens.md, "Registration wizard": name inputs are
 * upper-cased), keeping the caret where it was so editing mid-word works.
 */
export function upperCaseInput(event: ChangeEvent<HTMLInputElement>): void {
  const input = event.target;
  const typed = input.value;
  const upper = typed.toUpperCase();
  if (upper === typed) return;
  const { selectionStart, selectionEnd } = input;
  input.value = upper;
  // Some characters grow when upper-cased (ß -> SS); the caret then simply goes to the end.
  if (selectionStart !== null && selectionEnd !== null && upper.length === typed.length) {
    input.setSelectionRange(selectionStart, selectionEnd);
  }
}

type Registration = { onChange: (event: ChangeEvent<HTMLInputElement>) => unknown };

/** Wraps a react-hook-form `register(...)` result so the field upper-cases before the form reads it. */
export function upperCased<R extends Registration>(registration: R): R {
  return {
    ...registration,
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      upperCaseInput(event);
      return registration.onChange(event);
    },
  };
}
