// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { tillOriginAllowed, useSettingsActions } from './store';
import { renderHook } from '@testing-library/react';

const KEY = 'loyalty-terminal.settings';

describe('the allowed tills, read as a message arrives', () => {
  it('a till a manager removed in another window is refused in this one at once', () => {
    const { result } = renderHook(() => useSettingsActions());
    result.current.tillOriginsSaved(['https://till.example']);
    expect(tillOriginAllowed('https://till.example')).toBe(true);
    // Another window of the terminal saves the list without it (its persist writes localStorage).
    const saved = JSON.parse(localStorage.getItem(KEY)!);
    localStorage.setItem(KEY, JSON.stringify({ ...saved, state: { ...saved.state, tillOrigins: [] } }));
    expect(tillOriginAllowed('https://till.example')).toBe(false);
  });

  it('with nothing readable in storage, this window’s own list is used', () => {
    const { result } = renderHook(() => useSettingsActions());
    result.current.tillOriginsSaved(['https://till.example']);
    localStorage.setItem(KEY, '{not json');
    expect(tillOriginAllowed('https://till.example')).toBe(true);
    expect(tillOriginAllowed('https://other.example')).toBe(false);
  });
});

describe('settings another window saved', () => {
  it('are this window’s at once: its next save of anything does not write the removed till back', () => {
    const { result } = renderHook(() => useSettingsActions());
    result.current.tillOriginsSaved(['https://till.example']);
    // Another window removes the till: localStorage changes and this window hears the storage event.
    const saved = JSON.parse(localStorage.getItem(KEY)!);
    const next = JSON.stringify({ ...saved, state: { ...saved.state, tillOrigins: [] } });
    localStorage.setItem(KEY, next);
    window.dispatchEvent(new StorageEvent('storage', { key: KEY, newValue: next }));
    result.current.localeChosen('de-DE'); // this window saves something else
    expect(JSON.parse(localStorage.getItem(KEY)!).state.tillOrigins).toEqual([]);
    expect(tillOriginAllowed('https://till.example')).toBe(false);
  });
});
