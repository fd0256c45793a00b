import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dismissToast, leaveScreen, showToast, toastStore } from './toast-store';

const at = (pathname: string) => vi.stubGlobal('window', { location: { pathname } });
const texts = () => toastStore.getSnapshot().map((toast) => toast.text);

describe('toasts belong to the screen that raised them', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    for (const toast of toastStore.getSnapshot()) dismissToast(toast.id);
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('drops an error raised on another screen when the member moves on', () => {
    at('/login');
    showToast('Wrong password', 'danger');
    at('/user/home');
    leaveScreen('/user/home');
    expect(texts()).toEqual([]);
  });

  it('keeps an error of the screen the member is on, and success or info toasts that announce the move', () => {
    at('/user/profile');
    showToast('Password changed: log in again', 'success');
    showToast('Being processed', 'info');
    at('/user/home');
    showToast('Network error', 'danger');
    leaveScreen('/user/home');
    expect(texts()).toEqual(['Password changed: log in again', 'Being processed', 'Network error']);
    leaveScreen('/user/statement');
    expect(texts()).toEqual(['Password changed: log in again', 'Being processed']);
  });
});
