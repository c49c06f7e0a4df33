import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { followLoginSkeleton } from './loginSkeleton';

/** index.html's copy of the login form, shown by the boot script. */
function showCopy() {
  document.documentElement.dataset.skeleton = 'login';
  document.body.innerHTML = `<div data-login-skeleton><form>
    <input name="username" /><input name="password" type="password" />
    <input type="checkbox" aria-label="No soy un robot" /></form></div>`;
  const input = (selector: string) => document.querySelector(selector) as HTMLInputElement;
  return {
    username: input('input[name="username"]'),
    password: input('input[name="password"]'),
    captcha: input('input[type="checkbox"]'),
  };
}

describe('followLoginSkeleton', () => {
  beforeEach(() => {
    delete document.documentElement.dataset.skeleton;
  });
  afterEach(() => {
    document.body.innerHTML = '';
    delete document.documentElement.dataset.skeleton;
  });

  it('follows nothing when the page does not show the copy', () => {
    showCopy();
    delete document.documentElement.dataset.skeleton;
    expect(followLoginSkeleton()).toBeNull();
  });

  it('reads what was typed, ticked and focused, also once the copy is gone', () => {
    const copy = showCopy();
    copy.username.focus();
    const read = followLoginSkeleton();
    expect(read?.()).toEqual({ username: '', password: '', captcha: false, focused: 'username' });
    copy.username.value = 'ana';
    copy.password.focus();
    copy.password.value = 'secreta1';
    copy.captcha.checked = true;
    document.body.innerHTML = '';
    expect(read?.()).toEqual({ username: 'ana', password: 'secreta1', captcha: true, focused: 'password' });
  });

  it('forgets the focus when the user leaves the form, not when the copy is removed', async () => {
    const copy = showCopy();
    const read = followLoginSkeleton();
    copy.password.focus();
    copy.password.blur();
    await Promise.resolve();
    expect(read?.().focused).toBeNull();
    copy.password.focus();
    // Chromium blurs the focused field while removing it.
    copy.password.blur();
    document.body.innerHTML = '';
    await Promise.resolve();
    expect(read?.().focused).toBe('password');
  });
});
